"""Write one segment file: items, their postings, positions, words and lengths, in set-wise SQL.

A segment is made of new items (the temp table `incoming`, tokenized by postings.py) and of
items copied with their postings from other segments (a delta rewritten, or a base and a delta
merged): copied items are not tokenized again, their postings are renumbered. So a refresh
costs the changed items plus a copy of the small delta, and a merge costs a copy, never a
re-read of every partition. Postings are written sorted by (term_id, doc), so DuckDB's
per-row-group min/max lets `WHERE term_id = ?` read only that term's row groups.

Memory is bounded by the build's shape, not by the number of items. The items go in by
pieces (consecutive ids, at most TOKENIZE_CHUNK items and about TOKENIZE_BYTES of text) and
every statement while they do works on one piece, with at most STATEMENTS_AT_ONCE of them at
a time (postings.Gate); then the index is written one statement at a time, each over at most
POSTINGS_PIECE postings. Everything else the build holds is in tables DuckDB spills to disk.
One exception is measured and open: a full build's postings statement (`_write_index`) needs
more as the library grows, whatever POSTINGS_PIECE is (a full build of 11,000 items ran out of
memory at 64 MB in 6 of 7 tries with pieces of 4M, 1M and 400k postings, and passed at 96 MB;
one of 2,200 items passes at 64 MB, and so do merges into 11,000).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager

import duckdb

from .items import ITEMS_DDL, ORIGINAL, SEARCH_TEXT, TABLE_COLUMNS, TABLE_FROM_STORED
from .postings import STATEMENTS_AT_ONCE, Gate, tokenize_piece
from .schema import FIELD_NAMES, FIELDS, ORIGINALS_DDL, chunks_sql

ITEM_COLS = ", ".join(TABLE_COLUMNS)
LEN_COLS = ", ".join(f"len_{n}" for n in FIELD_NAMES)
# A piece: at most TOKENIZE_CHUNK items, and about TOKENIZE_BYTES characters of text (a
# session's original can be 1,000 times a summary).
TOKENIZE_CHUNK = 2_500
TOKENIZE_BYTES = 3 << 20
POSTINGS_PIECE = 4_000_000  # postings sorted at a time when the index is written
# Pieces tokenized at once, each on a connection of its own, while this one writes the next
# pieces: DuckDB runs a statement over a small table (a piece is one row group) on one thread.
TOKENIZE_WORKERS = 2
WORK = "work"  # an in-memory database every connection of the build sees (temp tables do not)


def write_segment(con: duckdb.DuckDBPyConnection, copies: list[tuple[str, str]]) -> int:
    """Fill the (empty) main database of `con` from `incoming` and the `copies`.

    `incoming`: a temp table of new items (item columns, `id`, `part`, `text_len`), dropped
    here once its items are written. `copies`: (schema of an attached segment, name of a temp
    table of the ids to copy from it). Returns the number of items written.

    Items go in by pieces of consecutive ids, and each piece's new items are tokenized as soon
    as it is written (on another connection, while the next pieces are written): postings are
    per item, so pieces never meet.
    """
    con.execute(ITEMS_DDL)
    con.execute(ORIGINALS_DDL)
    con.execute(f"ATTACH ':memory:' AS {WORK}")
    con.execute(
        f"CREATE TABLE {WORK}.new_post (term VARCHAR, id BIGINT, f_base FLOAT, tf_original INTEGER, pos INTEGER[])"
    )
    con.execute(f"CREATE TABLE {WORK}.all_len (id BIGINT, {', '.join(f'len_{n} INTEGER' for n in FIELD_NAMES)})")
    con.execute(f"CREATE TABLE {WORK}.chunk_words (word VARCHAR, term VARCHAR)")
    _write_pieces(con, copies)
    con.execute("DROP TABLE incoming")
    con.execute("DROP TABLE incoming_original")
    con.execute(f"CREATE TEMP TABLE new_words AS SELECT DISTINCT word, term FROM {WORK}.chunk_words")
    con.execute(f"DROP TABLE {WORK}.chunk_words")
    # A search fetches its few results by id: without it each fetch reads the whole table.
    con.execute("CREATE UNIQUE INDEX items_id ON items (id)")
    con.execute(
        "CREATE TEMP TABLE docmap AS SELECT id, (row_number() OVER (ORDER BY id) - 1)::INTEGER AS doc FROM items"
    )
    _copy_postings(con, copies)
    _write_index(con, copies)
    con.execute(f"DETACH {WORK}")
    (n,) = con.execute("SELECT count(*) FROM items").fetchone()
    return int(n)


def _write_pieces(con: duckdb.DuckDBPyConnection, copies: list[tuple[str, str]]) -> None:
    """Write the items piece by piece. A piece's new items, with their originals whole, first
    go to a table of `WORK`, which gives the piece's original chunks and which a worker then
    tokenizes on its own connection while this one writes the next pieces. TOKENIZE_WORKERS
    pieces are tokenized at a time and one more waits, written ahead, so that a worker that
    finishes starts on the next piece at once; the gate (`Gate`) lets STATEMENTS_AT_ONCE of all
    these statements run at a time, whichever connection runs them."""
    pending: deque[Future[None]] = deque()
    gate = Gate(STATEMENTS_AT_ONCE)
    # One thread per statement: statements run side by side here, and DuckDB's own threads on
    # a statement over one small piece cost more than they gain.
    with one_thread(con), ThreadPoolExecutor(TOKENIZE_WORKERS, thread_name_prefix="tokenize") as pool:
        try:
            for k, (lo, hi, new) in enumerate(_pieces(con, copies)):
                piece = f"{WORK}.piece_{k}" if new else None
                if piece is not None:
                    gate.run(con, f"CREATE TABLE {piece} AS {_new_piece_sql(lo, hi)}")
                gate.run(con, f"INSERT INTO items SELECT * FROM ({_items_sql(copies, lo, hi)}) ORDER BY id")
                gate.run(
                    con, f"INSERT INTO originals SELECT * FROM ({_originals_sql(copies, lo, hi, piece)}) ORDER BY id, n"
                )
                if piece is None:
                    continue
                while len(pending) > TOKENIZE_WORKERS:
                    pending.popleft().result()
                pending.append(pool.submit(tokenize_piece, con.cursor(), piece, gate, WORK))
            while pending:
                pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


def _new_piece_sql(lo: int, hi: int) -> str:
    """The new items with ids in [lo, hi]: their id and indexed text (schema.FIELDS), the
    original joined whole from its chunks in `incoming_original`."""
    text = [SEARCH_TEXT[f] + f" AS {f}" if f in SEARCH_TEXT else f"i.{f}" for f in FIELDS if f != ORIGINAL]
    return f"""
        SELECT i.id, {", ".join(text)}, o.{ORIGINAL}
        FROM incoming i LEFT JOIN (
            SELECT seq, string_agg(chunk, '' ORDER BY n) AS {ORIGINAL} FROM incoming_original
            WHERE seq IN (SELECT seq FROM incoming WHERE id BETWEEN {lo} AND {hi}) GROUP BY seq
        ) o USING (seq)
        WHERE i.id BETWEEN {lo} AND {hi}
    """


def _items_sql(copies: list[tuple[str, str]], lo: int, hi: int) -> str:
    """The items with ids in [lo, hi], copied and new (the originals apart, see `_originals_sql`)."""
    sources = [
        f"SELECT {ITEM_COLS} FROM {alias}.items WHERE id BETWEEN {lo} AND {hi} AND id IN (SELECT id FROM {keep})"
        for alias, keep in copies
    ]
    sources.append(f"SELECT {TABLE_FROM_STORED} FROM incoming WHERE id BETWEEN {lo} AND {hi}")
    return " UNION ALL ".join(sources)


def _originals_sql(copies: list[tuple[str, str]], lo: int, hi: int, piece: str | None) -> str:
    """The original chunks of the items with ids in [lo, hi]: copied ones as they are, new ones
    cut from the originals whole in the table `piece`."""
    sources = [
        f"SELECT id, n, chunk FROM {alias}.originals WHERE id BETWEEN {lo} AND {hi} AND id IN (SELECT id FROM {keep})"
        for alias, keep in copies
    ]
    if piece is not None:
        sources.append(chunks_sql(ORIGINAL, "id", piece))
    return " UNION ALL ".join(sources)


def _pieces(con: duckdb.DuckDBPyConnection, copies: list[tuple[str, str]]) -> list[tuple[int, int, bool]]:
    """Consecutive id ranges (lo, hi, holds new items) of at most TOKENIZE_CHUNK items and about
    TOKENIZE_BYTES of text. A new item's size is its `text_len`; a copied one's is estimated
    from its token counts (reading every copied original to measure it would cost a scan)."""
    tokens = " + ".join(f"len_{n}" for n in FIELD_NAMES)
    sizes = ["SELECT id, text_len AS n, true AS new FROM incoming"]
    sizes += [
        f"SELECT id, ({tokens}) * 8 AS n, false FROM {alias}.doclen WHERE id IN (SELECT id FROM {keep})"
        for alias, keep in copies
    ]
    # Both quotients grow with id, so their sum numbers pieces in order and bounds both.
    return [
        (int(lo), int(hi), bool(new))
        for _, lo, hi, new in con.execute(f"""
            SELECT piece, min(id), max(id), bool_or(new) FROM (
                SELECT id, new, (row_number() OVER w - 1) // {TOKENIZE_CHUNK}
                                + (sum(n + 256) OVER w - 1) // {TOKENIZE_BYTES} AS piece
                FROM ({" UNION ALL ".join(sizes)}) WINDOW w AS (ORDER BY id ROWS UNBOUNDED PRECEDING))
            GROUP BY piece ORDER BY piece
        """).fetchall()
    ]


def _copy_postings(con: duckdb.DuckDBPyConnection, copies: list[tuple[str, str]]) -> None:
    """`all_post(term, id, f_base, tf_original, pos)` of WORK: new postings and copied ones, as they are."""
    if not copies:  # a full build: the new postings are all of them
        con.execute(f"ALTER TABLE {WORK}.new_post RENAME TO all_post")
        return
    parts = [f"SELECT term, id, f_base, tf_original, pos FROM {WORK}.new_post"]
    for alias, keep in copies:
        parts.append(
            f"""SELECT t.term, d.id, p.f_base, p.tf_original, p.pos
            FROM {alias}.postings p JOIN {alias}.terms t USING (term_id) JOIN {alias}.doclen d USING (doc)
            WHERE d.id IN (SELECT id FROM {keep})"""
        )
        con.execute(
            f"INSERT INTO {WORK}.all_len SELECT id, {LEN_COLS} FROM {alias}.doclen WHERE id IN (SELECT id FROM {keep})"
        )
    con.execute(f"CREATE TABLE {WORK}.all_post AS {' UNION ALL '.join(parts)}")
    con.execute(f"DROP TABLE {WORK}.new_post")


def _write_index(con: duckdb.DuckDBPyConnection, copies: list[tuple[str, str]]) -> None:
    """`terms`, `postings`, `doclen`, `words` and `rwords` of the main database."""
    con.execute(f"""
        CREATE TABLE terms AS
        SELECT term, (row_number() OVER (ORDER BY term) - 1)::INTEGER AS term_id, count(*)::INTEGER AS df
        FROM {WORK}.all_post GROUP BY term ORDER BY term
    """)
    # A point lookup per query word; without it each lookup scans every term.
    con.execute("CREATE UNIQUE INDEX terms_term ON terms (term)")
    # Sorted a range of terms at a time: one sort of every posting with its positions ran out
    # of memory at a 128 MB limit (47M postings of 6,000 originals of 60 KB).
    con.execute(
        "CREATE TABLE postings (term_id INTEGER, doc INTEGER, f_base FLOAT, tf_original INTEGER, pos INTEGER[])"
    )
    for lo, hi in con.execute(f"""
        SELECT min(term), max(term) FROM (SELECT term, (sum(df) OVER (ORDER BY term_id) - 1) // {POSTINGS_PIECE} AS k
                                          FROM terms)
        GROUP BY k ORDER BY k
    """).fetchall():
        con.execute(
            f"""INSERT INTO postings
               SELECT t.term_id, m.doc, a.f_base, a.tf_original, a.pos
               FROM {WORK}.all_post a JOIN terms t USING (term) JOIN docmap m USING (id)
               WHERE a.term BETWEEN ? AND ? ORDER BY t.term_id, m.doc""",
            [lo, hi],
        )
    con.execute(f"DROP TABLE {WORK}.all_post")
    # The rest on one thread: these statements are short, and each DuckDB thread builds its own
    # hash tables and sort runs for them, which at 10,000 sessions set the whole build's peak.
    with one_thread(con):
        con.execute(f"""
            CREATE TABLE doclen AS
            SELECT m.doc, i.id, epoch_us(i.occurred_at) AS occurred_us,
                   hash(coalesce(nullif(i.original_ref, ''), i.source), i.external_id) AS copy_key,
                   {", ".join(f"coalesce(l.len_{n}, 0)::INTEGER AS len_{n}" for n in FIELD_NAMES)}
            FROM items i JOIN docmap m USING (id) LEFT JOIN {WORK}.all_len l USING (id) ORDER BY m.doc
        """)
        words = ["SELECT word, term FROM new_words"]
        words += [f"SELECT word, term FROM {alias}.words" for alias, _ in copies]
        # Words of copied items whose term has no posting left are dropped with it.
        con.execute(f"""
            CREATE TABLE words AS
            SELECT DISTINCT w.word, w.term FROM ({" UNION ALL ".join(words)}) w SEMI JOIN terms t USING (term)
            ORDER BY w.word
        """)
        con.execute("CREATE TABLE rwords AS SELECT reverse(word) AS rword, term FROM words ORDER BY rword")
        for name in (f"{WORK}.all_len", "new_words", "docmap"):
            con.execute(f"DROP TABLE {name}")


@contextmanager
def one_thread(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Statements on `con` inside the block run on one DuckDB thread (each use says why)."""
    con.execute("SET threads = 1")
    yield
    con.execute("RESET threads")
