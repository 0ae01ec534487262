"""A piece's new items tokenized into postings, field lengths and words, in set-wise SQL.

Split each field with the `tokens` macro (`occ`: one row per token, with its field and
position), stem each distinct word once (far fewer words than tokens), split each distinct
identifier into its parts once, then fold every token joined with its word's terms (whole
words with their positions, parts without) into one posting per (term, item): the
field-weighted frequency (ranking.stored_f_base_sql), the original's apart, and the positions
in order (the order a `list()` gathers them in depends on the plan DuckDB picks).

Memory. The build's statements share one DuckDB memory limit, so its bound is the sum of what
the statements running at once hold. `Gate` lets STATEMENTS_AT_ONCE of them run at a time,
and each works on one piece (segment.py: at most TOKENIZE_CHUNK items and TOKENIZE_BYTES of
text). The fold is the statement that needs most: its `list()` of positions is an aggregate
state that DuckDB cannot spill, so it grows with the rows it folds. It therefore runs over
consecutive items of at most FOLD_ROWS (token, term) rows at a time: its memory is set by
that number, whatever the piece's words are like (a text of short words has many more tokens
per character than one of long words).
"""

from __future__ import annotations

import threading

import duckdb

from .fts import PARTS_MACRO, STEMMER, STOPWORDS_TABLE, TOKENS_MACRO
from .ranking import ORIGINAL_FNO, PARTS_FNO, stored_f_base_sql
from .schema import FIELDS, POS_FIELD_SHIFT

STATEMENTS_AT_ONCE = 2  # statements of the build's pieces running at a time (one thread each)
FOLD_ROWS = 200_000  # (token, term) rows folded into postings by one statement


class Gate:
    """At most `n` statements at a time, whichever connection of the build runs them."""

    def __init__(self, n: int):
        self._slots = threading.BoundedSemaphore(n)

    def run(self, con: duckdb.DuckDBPyConnection, sql: str) -> duckdb.DuckDBPyConnection:
        with self._slots:
            return con.execute(sql)

    def rows(self, con: duckdb.DuckDBPyConnection, sql: str) -> list[tuple]:
        with self._slots:
            return con.execute(sql).fetchall()


def tokenize_piece(con: duckdb.DuckDBPyConnection, piece: str, gate: Gate, out: str) -> None:
    """The items of the table `piece` (id and schema.FIELDS) into the tables `new_post`,
    `all_len` and `chunk_words` of the database `out`, on `con`, a connection of its own (its temp
    tables are its own), closed here with `piece` dropped. The lengths come from the tokens and
    their words' term counts, so the join of tokens and terms is never stored."""
    with con:  # closed at the end, whatever happens
        fields_sql = " UNION ALL ".join(
            f"SELECT id, {i} AS fno, {TOKENS_MACRO}({col}) AS toks FROM {piece} WHERE {col} IS NOT NULL"
            for i, col in enumerate(FIELDS)
        )
        gate.run(
            con,
            f"""CREATE TEMP TABLE occ AS
                SELECT id, fno::TINYINT AS fno, unnest(toks) AS cw, generate_subscripts(toks, 1)::INTEGER AS p
                FROM ({fields_sql})""",
        )
        gate.run(
            con,
            f"""CREATE TEMP TABLE cwords AS
                SELECT cw, lower(cw) AS w, {PARTS_MACRO}(cw) AS parts FROM (SELECT DISTINCT cw FROM occ)""",
        )
        gate.run(
            con,
            f"""CREATE TEMP TABLE stems AS
                SELECT w, stem(w, '{STEMMER}') AS term FROM (
                    SELECT DISTINCT w FROM (SELECT w FROM cwords UNION ALL SELECT unnest(parts) FROM cwords))
                WHERE w NOT IN (SELECT sw FROM {STOPWORDS_TABLE})""",
        )
        gate.run(
            con,
            """CREATE TEMP TABLE cterms AS
               SELECT c.cw, s.term, false AS part FROM cwords c JOIN stems s USING (w)
               UNION ALL
               SELECT c.cw, s.term, true FROM (SELECT cw, unnest(parts) AS w FROM cwords) c JOIN stems s USING (w)""",
        )
        # A field's length counts its tokens' whole-word terms; the parts field, their parts' terms.
        gate.run(
            con,
            """CREATE TEMP TABLE cterm_counts AS
               SELECT cw, (count(*) FILTER (WHERE NOT part))::INTEGER AS whole,
                      (count(*) FILTER (WHERE part))::INTEGER AS parts
               FROM cterms GROUP BY cw""",
        )
        lens = ", ".join(f"coalesce(sum(c.whole) FILTER (WHERE o.fno = {i}), 0)::INTEGER" for i in range(PARTS_FNO))
        gate.run(
            con,
            f"""CREATE TEMP TABLE piece_lengths AS
                SELECT o.id, {lens}, sum(c.parts)::INTEGER AS len_parts, sum(c.whole + c.parts) AS fold_rows
                FROM occ o JOIN cterm_counts c USING (cw) GROUP BY o.id""",
        )
        gate.run(con, f"INSERT INTO {out}.all_len SELECT * EXCLUDE (fold_rows) FROM piece_lengths")
        fno = f"CASE WHEN c.part THEN {PARTS_FNO} ELSE o.fno END"
        gate.run(con, f"CREATE TEMP TABLE piece_post AS SELECT * FROM {out}.new_post LIMIT 0")
        for lo, hi in _fold_ranges(con, gate):
            gate.run(
                con,
                f"""INSERT INTO piece_post
                    SELECT c.term, o.id, sum({stored_f_base_sql(fno, "1")})::FLOAT,
                           (count(*) FILTER (WHERE NOT c.part AND o.fno = {ORIGINAL_FNO}))::INTEGER,
                           list_sort(coalesce(list((o.fno::INTEGER << {POS_FIELD_SHIFT}) | o.p)
                                                  FILTER (WHERE NOT c.part), []))
                    FROM occ o JOIN cterms c USING (cw) WHERE o.id BETWEEN {lo} AND {hi} GROUP BY c.term, o.id""",
            )
        # One append per piece to the table the index is sorted from: many small appends from
        # the workers' connections make that sort need more memory.
        gate.run(con, f"INSERT INTO {out}.new_post SELECT * FROM piece_post")
        gate.run(con, f"INSERT INTO {out}.chunk_words SELECT w, term FROM stems")
        for name in ("piece_post", "piece_lengths", "cterm_counts", "cterms", "stems", "cwords", "occ", piece):
            con.execute(f"DROP TABLE {name}")


def _fold_ranges(con: duckdb.DuckDBPyConnection, gate: Gate) -> list[tuple[int, int]]:
    """Consecutive id ranges of the piece of at most FOLD_ROWS (token, term) rows each; an item
    with more is a range of its own."""
    ranges: list[tuple[int, int]] = []
    held = 0
    for item_id, rows in gate.rows(con, "SELECT id, fold_rows FROM piece_lengths ORDER BY id"):
        if ranges and held + rows <= FOLD_ROWS:
            ranges[-1] = (ranges[-1][0], int(item_id))
            held += rows
        else:
            ranges.append((int(item_id), int(item_id)))
            held = rows
    return ranges
