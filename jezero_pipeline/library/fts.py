"""DuckDB full-text search: the offline extension and the one tokenizer both sides use.

The `fts` extension is not in the duckdb wheel and `INSTALL fts` needs the network, so it is
loaded straight from the file shipped in the `duckdb-extension-fts` package (same version as
duckdb). Loading by path writes nothing to ~/.duckdb, so read-only readers can do it too.

Tokenizer, chosen so the exact strings people search for survive:
- `ignore` keeps letters of any script, digits and `_`: E1102, ERR_PNPM_OUTDATED_LOCKFILE,
  duckdb_extension_fts, test_segments_2, 429 and Cyrillic/CJK words stay whole tokens;
  `segmenting.py` becomes `segmenting` + `py` (a query for it is then a two-token phrase).
  DuckDB's default (`[^a-z]`) would drop every digit and underscore.
- `lower` + `strip_accents`: "Déjà" finds "deja".
- `stemmer='porter'`: "failing tests" finds "test failed"; identifiers go through the same
  stemmer on both sides, so they still match exactly (e.g. `lockfiles` -> `lockfil`).
- stopwords: a SHORT list of English function words (the table `stopwords`, below), not
  DuckDB's 571-word 'english' list, which drops words people do search for in code talk
  ("get", "new", "one", "value"...). The function words carry no meaning (idf ~0) and their
  posting lists would otherwise be read by every query that contains them (speed).
The library stores its own postings (built with plain SQL over the extension's `stem` and a
`tokenize` macro that is the extension's own tokenizer expression with these settings), because
`create_fts_index` over long originals was most of the build time and `match_bm25` scores every
row. The query side tokenizes with the same macro and `stem`, so it is identical by
construction; a test checks the postings equal what `create_fts_index` indexes.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import duckdb_extension_fts

FTS_SCHEMA = "fts_main_items"
IGNORE_PATTERN = r"[^\p{L}\p{N}_]+"
STEMMER = "porter"
STOPWORDS_TABLE = "stopwords"
STOPWORDS = [
    "a",
    "an",
    "and",
    "are",
    "as",
    "at",
    "be",
    "been",
    "but",
    "by",
    "for",
    "from",
    "had",
    "has",
    "have",
    "i",
    "in",
    "into",
    "is",
    "it",
    "its",
    "of",
    "on",
    "or",
    "so",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "to",
    "was",
    "we",
    "were",
    "what",
    "when",
    "which",
    "who",
    "will",
    "with",
    "you",
    "your",
]
TOKENIZER_SETTINGS = {
    "ignore": IGNORE_PATTERN,
    "stemmer": STEMMER,
    "stopwords": " ".join(STOPWORDS),
    "lower": 1,
    "strip_accents": 1,
}


def extension_path() -> Path:
    """The fts extension file inside the duckdb-extension-fts wheel, for this duckdb."""
    base = Path(duckdb_extension_fts.__file__).parent / "extensions"
    wanted = base / f"v{duckdb.__version__}" / "fts.duckdb_extension"
    if wanted.exists():
        return wanted
    found = sorted(base.glob("v*/fts.duckdb_extension"))
    raise RuntimeError(
        f"no fts extension for duckdb {duckdb.__version__} in {base} (found: "
        f"{[p.parent.name for p in found]}); pin duckdb-extension-fts to the duckdb version"
    )


def load_fts(con: duckdb.DuckDBPyConnection) -> None:
    """Load the fts extension into `con` offline (by file path)."""
    con.execute(f"LOAD '{extension_path()}'")


TOKENIZE_MACRO = "tokenize"


def create_tokenizer(con: duckdb.DuckDBPyConnection) -> None:
    """The stopword table and the `tokenize(s)` macro, stored in the library file.

    The expression is the one `create_fts_index` generates for our settings (lower,
    strip_accents, `ignore`); the stopwords are dropped after it and before `stem`.
    """
    con.execute(f"CREATE TABLE IF NOT EXISTS {STOPWORDS_TABLE} (sw VARCHAR PRIMARY KEY)")
    con.executemany(f"INSERT OR IGNORE INTO {STOPWORDS_TABLE} VALUES (?)", [[w] for w in STOPWORDS])
    con.execute(
        f"CREATE OR REPLACE MACRO {TOKENIZE_MACRO}(s) AS string_split_regex(regexp_replace("
        f"lower(strip_accents(CAST(s AS VARCHAR))), '{IGNORE_PATTERN}', ' ', 'g'), '\\s+')"
    )


def create_index(con: duckdb.DuckDBPyConnection, fields: list[str]) -> None:
    """The extension's own FTS index on `items` with our tokenizer (tests compare with it)."""
    con.execute(f"CREATE TABLE IF NOT EXISTS {STOPWORDS_TABLE} (sw VARCHAR PRIMARY KEY)")
    con.executemany(f"INSERT OR IGNORE INTO {STOPWORDS_TABLE} VALUES (?)", [[w] for w in STOPWORDS])
    cols = ", ".join(f"'{f}'" for f in fields)
    con.execute(
        f"PRAGMA create_fts_index('items', 'id', {cols}, stemmer='{STEMMER}', "
        f"stopwords='{STOPWORDS_TABLE}', ignore='{IGNORE_PATTERN}', strip_accents=1, lower=1, "
        "overwrite=1)"
    )
