"""The library file's tables: items, the search index (terms, postings, doclen), and meta.

- `terms(term, term_id, df)`: every stemmed term, sorted by term.
- `postings(term_id, doc, f_base, tf_original)`: one row per (term, item), sorted by
  (term_id, doc); `f_base` is the term's frequency summed over the fields with their fixed
  weights (BASE_WEIGHTS), `tf_original` its frequency in the original (weight set at search);
  `impact` is the whole BM25F score of the term in the item for the default original weight
  (meta `impact_original_weight`), so a default search only adds numbers up.
- `doclen(doc, id, len_<field>...)`: each item's dense number and field lengths, in id order.
- `field_stats`: item count and average field lengths (BM25's avgdl).
Scoring only the query's own terms from these is far faster than `match_bm25`, which scores
every row.
"""

from __future__ import annotations

SCHEMA_VERSION = 2

# Indexed text fields (column in `items`) -> the name used for weights and in postings.
FIELDS: dict[str, str] = {
    "title": "title",
    "summary": "summary",
    "questions_text": "questions",
    "atoms_text": "atoms",
    "project": "project",
    "original": "original",
}
FIELD_NAMES = list(FIELDS.values())
# Jezero's column weights; `original` comes from SearchConfig.original_weight.
BASE_WEIGHTS = {"title": 2.0, "summary": 1.0, "questions": 1.5, "atoms": 1.5, "project": 0.5}
BM25_K1 = 1.2
BM25_B = 0.75

ITEMS_DDL = """
CREATE TABLE items (
    id BIGINT PRIMARY KEY,
    source VARCHAR NOT NULL,
    external_id VARCHAR NOT NULL,
    session_id VARCHAR,
    occurred_at TIMESTAMP NOT NULL,            -- UTC, naive
    title VARCHAR,
    summary VARCHAR,
    questions VARCHAR[],
    atoms STRUCT(kind VARCHAR, text VARCHAR)[],
    project VARCHAR,
    trust VARCHAR NOT NULL CHECK (trust IN ('own', 'external')),
    original VARCHAR,                          -- the segment's redacted text
    original_ref VARCHAR,
    content_hash VARCHAR,
    questions_text VARCHAR,                    -- questions joined by newlines, for FTS
    atoms_text VARCHAR,                        -- atom texts joined by newlines, for FTS
    UNIQUE (source, external_id)
)
"""

META_DDL = "CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)"

# Item columns returned to callers (never the *_text helper columns).
PUBLIC_COLUMNS = [
    "id",
    "source",
    "external_id",
    "session_id",
    "occurred_at",
    "title",
    "summary",
    "questions",
    "atoms",
    "project",
    "trust",
    "original_ref",
    "content_hash",
]
