"""What goes into the library and what a library file holds.

`ITEM_SCHEMA` is the contract with the index stage: the Arrow schema of the batches each
partition's `read()` yields (one row per summarised segment or imported item).

A library is one or two DuckDB files, each a *segment* with the same tables:
- `items`: the item rows (`ITEMS_DDL`), in id order, with the partition they came from; no
  originals: a scan pins whole vectors of 2,048 rows, 120 MB of 60 KB originals.
- `originals(id, n, chunk)`: each item's original cut into ORIGINAL_CHUNK characters, in
  (id, n) order; an item whose original is null has no row, an empty one a row of ''.
- `doclen(doc, id, occurred_us, copy_key, len_<field>...)`: each item's dense number `doc`
  (in id order), what the re-rank needs, and its field lengths in tokens.
- `terms(term, term_id, df)`: every stemmed term, sorted by term (point lookups by index).
- `postings(term_id, doc, f_base, tf_original, pos)`: one row per (term, item), sorted by
  (term_id, doc); `f_base` is the term's frequency over the fields with their weights
  (ranking.FIELD_WEIGHTS), `tf_original` its frequency in the original (weight set at search),
  `pos` its token positions (`field << POS_FIELD_SHIFT | index`) for phrases in order.
- `words(word, term)` sorted by word and `rwords(rword, term)` sorted by the reversed word: the raw (unstemmed) words, for prefix and suffix expansion of cut query words.
- `parts(part, version, items)`: the partitions the library holds and the version applied.
- `tombstones(id)`: only in a delta; base items that the delta replaces or removes.
- `meta(key, value)`.
"""

from __future__ import annotations

import pyarrow as pa

SCHEMA_VERSION = 4

ATOM_TYPE = pa.struct([("kind", pa.string()), ("text", pa.string())])
ITEM_SCHEMA = pa.schema(
    [
        pa.field("source", pa.string(), nullable=False),
        pa.field("external_id", pa.string(), nullable=False),
        pa.field("session_id", pa.string()),
        pa.field("occurred_at", pa.timestamp("us", tz="UTC"), nullable=False),
        pa.field("title", pa.string()),
        pa.field("summary", pa.string()),
        pa.field("questions", pa.list_(pa.string())),
        pa.field("atoms", pa.list_(ATOM_TYPE)),
        pa.field("project", pa.string()),
        pa.field("trust", pa.string(), nullable=False),  # 'own' | 'external'
        pa.field("original", pa.string()),  # the redacted transcript text
        pa.field("original_ref", pa.string()),
        pa.field("content_hash", pa.string()),
    ]
)
ITEM_COLUMNS = ITEM_SCHEMA.names

# Indexed text: items column -> field name (weights, postings, lengths). `parts` is not a
# column: it holds the identifier parts of every field's split words (orders_customer_id ->
# orders, customer, id), so a fragment of an identifier finds it.
FIELDS: dict[str, str] = {
    "title": "title",
    "summary": "summary",
    "questions_text": "questions",
    "atoms_text": "atoms",
    "project": "project",
    "original": "original",
}
TEXT_FIELDS = list(FIELDS.values())
PARTS_FIELD = "parts"
FIELD_NAMES = [*TEXT_FIELDS, PARTS_FIELD]
POS_FIELD_SHIFT = 24  # a position is field_number << 24 | token index (1-based) in that field

ITEMS_DDL = """
CREATE TABLE items (
    id BIGINT NOT NULL,
    source VARCHAR NOT NULL,
    external_id VARCHAR NOT NULL,
    session_id VARCHAR,
    occurred_at TIMESTAMP NOT NULL,            -- UTC, naive
    title VARCHAR,
    summary VARCHAR,
    questions VARCHAR[],
    atoms STRUCT(kind VARCHAR, text VARCHAR)[],
    project VARCHAR,
    trust VARCHAR NOT NULL,
    original_ref VARCHAR,
    content_hash VARCHAR,
    part VARCHAR NOT NULL,                     -- the partition it came from
    questions_text VARCHAR,                    -- questions joined by newlines, for search
    atoms_text VARCHAR                         -- atom texts joined by newlines, for search
)
"""

ORIGINAL_CHUNK = 8_000  # characters: 2,048 pinned rows stay ~16 MB; smaller chunks cost more build memory (measured)
ORIGINALS_DDL = "CREATE TABLE originals (id BIGINT NOT NULL, n INTEGER NOT NULL, chunk VARCHAR NOT NULL)"


def chunks_sql(text: str, key: str, source: str) -> str:
    """SELECT (key, n, chunk) of `text` cut into ORIGINAL_CHUNK characters, from `source`."""
    return f"""
        SELECT {key}, n, substr({text}, n * {ORIGINAL_CHUNK} + 1, {ORIGINAL_CHUNK}) AS chunk FROM (
            SELECT {key}, {text}, unnest(range(greatest(ceil(length({text}) / {ORIGINAL_CHUNK}), 1)::BIGINT)) AS n
            FROM {source} WHERE {text} IS NOT NULL)
    """


def joined_sql(table: str, where: str) -> str:
    """SELECT (id, original) of the originals in `table` (a segment's `originals`) WHERE `where`."""
    return f"SELECT id, string_agg(chunk, '' ORDER BY n) AS original FROM {table} WHERE {where} GROUP BY id"


# Every item with its original whole: for a look at a library file from SQL.
ITEMS_WITH_ORIGINALS = f"SELECT i.*, o.original FROM items i LEFT JOIN ({joined_sql('originals', 'true')}) o USING (id)"

META_DDL = "CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)"

# Item columns returned to callers (never the *_text helper columns nor `part`).
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
