"""DuckDB full-text search: the offline extension and the one tokenizer both sides use.

The `fts` extension is not in the duckdb wheel and `INSTALL fts` needs the network, so it is
loaded straight from the file shipped in the `duckdb-extension-fts` package (same version as
duckdb). Loading by path writes nothing to ~/.duckdb, so read-only readers can do it too.
The connections that load it come from `fts_connection`, which spares DuckDB's check of the file's
signature (it hashes all 11 MB at every load: 26 ms, three times in an appended session's
run). The file sits in the same site-packages as duckdb's Python module and ours: whoever
could replace it could replace them. Those connections load nothing else by themselves
(autoloading is off), and a test holds the shipped file to the signature check.

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
- identifier parts: `word_parts` splits a token at `_`, camelCase and letter/digit changes
  (orders_customer_id_key -> orders, customer, id, key; CobaltScheduler48213 -> cobalt,
  scheduler, 48213); they are indexed beside the whole token, so a pasted fragment that cuts
  an identifier still finds its parts.
The library stores its own postings (built with plain SQL over the extension's `stem` and the
`tokens` macro, whose words are those of the extension's own expression with these settings),
because `create_fts_index` over long originals was most of the build time and `match_bm25`
scores every row. The query side uses the same macros and `stem` (or, for ASCII text, the
same rules in Python: `ascii_tokens`, `ascii_parts`); tests check the postings equal what
`create_fts_index` indexes and the Python rules equal the macros.
"""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import duckdb_extension_fts

from .schema import ITEMS_WITH_ORIGINALS

IGNORE_PATTERN = r"[^\p{L}\p{N}_]+"
KEEP_PATTERN = r"[\p{L}\p{N}_]+"
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


LOADING_BY_PATH = {
    "allow_unsigned_extensions": True,
    "autoload_known_extensions": False,
    "autoinstall_known_extensions": False,
}


def fts_connection(database: str = ":memory:") -> duckdb.DuckDBPyConnection:
    """A connection that loads the extension's file without hashing it again (see above)."""
    return duckdb.connect(database, config=LOADING_BY_PATH)


def load_fts(con: duckdb.DuckDBPyConnection) -> None:
    """Load the fts extension into `con` offline (by file path)."""
    con.execute(f"LOAD '{extension_path()}'")


TOKENS_MACRO = "tokens"
PARTS_MACRO = "word_parts"
MIN_PART_CHARS = 2


def macros_sql() -> list[str]:
    """The tokenizer as SQL macros, stored in every library file so readers use the same.

    `tokens(s)`: the case-kept tokens of `s`: the runs of letters, digits and `_` that the
    extension's expression leaves between its separators (`ignore`), found directly (3x faster
    than replacing and splitting), and lowered one by one afterwards (the same words) so that
    `word_parts` can still see camelCase. `word_parts(token)`: the lowered parts of an
    identifier (split at `_`, camelCase and letter/digit changes, parts of 2+ characters),
    or [] when the token does not split.
    """
    split = (
        "regexp_replace(regexp_replace(regexp_replace(regexp_replace(t, "
        "'(\\p{Ll})(\\p{Lu})', '\\1_\\2', 'g'), '(\\p{Lu})(\\p{Lu}\\p{Ll})', '\\1_\\2', 'g'), "
        "'(\\p{L})(\\p{N})', '\\1_\\2', 'g'), '(\\p{N})(\\p{L})', '\\1_\\2', 'g')"
    )
    return [
        # strip_accents stops at a NUL character: it becomes a space first
        f"CREATE OR REPLACE MACRO {TOKENS_MACRO}(s) AS regexp_extract_all(strip_accents(replace(CAST(s AS VARCHAR), "
        f"chr(0), ' ')), '{KEEP_PATTERN}')",
        f"CREATE OR REPLACE MACRO {PARTS_MACRO}(t) AS CASE WHEN len(string_split_regex({split}, '_+')) < 2 "
        f"THEN []::VARCHAR[] ELSE list_filter(string_split_regex(lower({split}), '_+'), "
        f"x -> length(x) >= {MIN_PART_CHARS}) END",
    ]


# The same tokenizer in Python for ASCII text, where it is exact by construction (strip_accents
# is the identity, lower is ASCII's, \p{L}/\p{N} are letters and digits): DuckDB compiles the
# Unicode classes of the SQL form anew for every statement (~10 ms a query), Python once.
_ASCII_TOKEN = re.compile(r"[A-Za-z0-9_]+")
_ASCII_SPLITS = [
    (re.compile(r"([a-z])([A-Z])"), r"\1_\2"),
    (re.compile(r"([A-Z])([A-Z][a-z])"), r"\1_\2"),
    (re.compile(r"([A-Za-z])([0-9])"), r"\1_\2"),
    (re.compile(r"([0-9])([A-Za-z])"), r"\1_\2"),
]
_UNDERSCORES = re.compile(r"_+")


def ascii_tokens(text: str) -> list[str]:
    """`tokens(text)` for ASCII text (case kept; the caller checks `text.isascii()`)."""
    return _ASCII_TOKEN.findall(text)


def ascii_parts(token: str) -> list[str]:
    """`word_parts(token)` for an ASCII token."""
    if token.isalpha() and (token.islower() or token.isupper()):
        return []  # no `_`, digit or case change: the common word does not split
    for pattern, repl in _ASCII_SPLITS:
        token = pattern.sub(repl, token)
    pieces = _UNDERSCORES.split(token)
    if len(pieces) < 2:
        return []
    return [p.lower() for p in pieces if len(p) >= MIN_PART_CHARS]


def _insert_stopwords(con: duckdb.DuckDBPyConnection) -> None:
    # One statement (executemany costs one per row; INSERT OR IGNORE of a list, a second).
    con.execute(
        f"INSERT INTO {STOPWORDS_TABLE} SELECT sw FROM (SELECT unnest(?::VARCHAR[]) AS sw) "
        f"WHERE sw NOT IN (SELECT sw FROM {STOPWORDS_TABLE})",
        [STOPWORDS],
    )


def create_tokenizer(con: duckdb.DuckDBPyConnection) -> None:
    """The stopword table and the tokenizer macros, stored in the library file."""
    con.execute(f"CREATE TABLE IF NOT EXISTS {STOPWORDS_TABLE} (sw VARCHAR PRIMARY KEY)")
    _insert_stopwords(con)
    for sql in macros_sql():
        con.execute(sql)


def create_index(con: duckdb.DuckDBPyConnection, fields: list[str]) -> None:
    """The extension's own FTS index (`fts_main_items_whole`) with our tokenizer on a table
    `items_whole` of the items with their originals whole (tests compare with it)."""
    con.execute(f"CREATE TABLE IF NOT EXISTS {STOPWORDS_TABLE} (sw VARCHAR PRIMARY KEY)")
    _insert_stopwords(con)
    con.execute(f"CREATE OR REPLACE TABLE items_whole AS {ITEMS_WITH_ORIGINALS}")
    cols = ", ".join(f"'{f}'" for f in fields)
    con.execute(
        f"PRAGMA create_fts_index('items_whole', 'id', {cols}, stemmer='{STEMMER}', "
        f"stopwords='{STOPWORDS_TABLE}', ignore='{IGNORE_PATTERN}', strip_accents=1, lower=1, "
        "overwrite=1)"
    )
