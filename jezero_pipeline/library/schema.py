"""What a library file holds.

The item's columns are declared in items.py. A library is one or two DuckDB files, each a
*segment* with the same tables:
- `items`: the item rows (items.ITEMS_DDL), in id order, with the partition they came from; no
  originals: a scan holds whole vectors of 2,048 rows, which of 60 KB originals are 120 MB.
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

SCHEMA_VERSION = 4

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

# Characters of an original per row of `originals`: a scan holds a vector of 2,048 rows, 16 MB.
ORIGINAL_CHUNK = 8_000
ORIGINALS_DDL = "CREATE TABLE originals (id BIGINT NOT NULL, n INTEGER NOT NULL, chunk VARCHAR NOT NULL)"


def chunks_sql(text: str, key: str, source: str, size: int = ORIGINAL_CHUNK) -> str:
    """SELECT (key, n, chunk) of `text` cut into `size` characters, from `source`."""
    return f"""
        SELECT {key}, n, substr({text}, n * {size} + 1, {size}) AS chunk FROM (
            SELECT {key}, {text}, unnest(range(greatest(ceil(length({text}) / {size}), 1)::BIGINT)) AS n
            FROM {source} WHERE {text} IS NOT NULL)
    """


def joined_sql(table: str, where: str) -> str:
    """SELECT (id, original) of the originals in `table` (a segment's `originals`) WHERE `where`."""
    return f"SELECT id, string_agg(chunk, '' ORDER BY n) AS original FROM {table} WHERE {where} GROUP BY id"


# Every item with its original whole: for a look at a library file from SQL.
ITEMS_WITH_ORIGINALS = f"SELECT i.*, o.original FROM items i LEFT JOIN ({joined_sql('originals', 'true')}) o USING (id)"

META_DDL = "CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)"
