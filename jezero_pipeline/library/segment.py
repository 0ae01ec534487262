"""Write one segment file: items, their postings, positions, words and lengths, in set-wise SQL.

A segment is made of new items (the temp table `incoming`, tokenized here) and of items
copied with their postings from other segments (a delta rewritten, or a base and a delta
merged): copied items are not tokenized again, their postings are renumbered. So a refresh
costs the changed items plus a copy of the small delta, and a merge costs a copy, never a
re-read of every partition.

Tokenizing (new items): split each field with the `tokens` macro, count each word per (item,
field) with its positions, stem each distinct word once (far fewer words than tokens), split
each distinct identifier into its parts once, then fold the fields into one posting per
(term, item): the field-weighted frequency (ranking.stored_f_base_sql), the original's apart,
and the positions. Postings are written sorted by (term_id, doc), so DuckDB's per-row-group
min/max lets `WHERE term_id = ?` read only that term's row groups.
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor

import duckdb

from .fts import PARTS_MACRO, STEMMER, STOPWORDS_TABLE, TOKENS_MACRO
from .items import ITEMS_DDL, TABLE_COLUMNS, TABLE_FROM_STORED
from .ranking import ORIGINAL_FNO, PARTS_FNO, stored_f_base_sql
from .schema import FIELD_NAMES, FIELDS, ORIGINALS_DDL, POS_FIELD_SHIFT, joined_sql

ITEM_COLS = ", ".join(TABLE_COLUMNS)
LEN_COLS = ", ".join(f"len_{n}" for n in FIELD_NAMES)
# Items written and tokenized at a time: at most TOKENIZE_CHUNK, and about TOKENIZE_BYTES
# characters of text, which bounds a build's memory (TOKENIZE_WORKERS pieces are tokenized at
# once, one more waits). Measured on 100,000 imported items, two runs each, two workers: pieces
# of 3 MB peaked at 386-398 MB in 37-40 s, pieces of 6 MB at 406-426 MB in 40 s.
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

    Items go in by id range (pieces of at most TOKENIZE_CHUNK items and about TOKENIZE_BYTES
    of text, a session's original can be 1,000 times a summary), and each piece's new items
    are tokenized as soon as it is written (on another connection, while the next pieces are
    written), so a build's memory is set by the piece and TOKENIZE_WORKERS, never by the
    number of items (postings are per item: pieces never meet).
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
    """Write the items piece by piece; each piece's new items, with their originals whole, go to
    a table of `WORK` that a worker tokenizes on its own connection while this one writes the
    next pieces. TOKENIZE_WORKERS pieces are tokenized at a time and one more waits, written
    ahead, so a worker that finishes starts on the next piece at once (without it, each worker
    sat idle while this connection wrote a piece: pieces of a 100,000-item build kept 1.66-1.68
    cores busy, with it 1.84-1.86, at the same peak RSS, two runs each)."""
    pending: deque[Future[None]] = deque()
    # One thread per statement: statements run side by side here, and DuckDB's own threads on
    # a statement over one small piece cost more than they gain (a 100,000-item build: 72 s of
    # CPU in 40 s with them, 49 s of CPU in 36 s without).
    con.execute("SET threads = 1")
    with ThreadPoolExecutor(TOKENIZE_WORKERS, thread_name_prefix="tokenize") as pool:
        try:
            for k, (lo, hi, new) in enumerate(_pieces(con, copies)):
                con.execute(f"INSERT INTO items SELECT * FROM ({_items_sql(copies, lo, hi)}) ORDER BY id")
                con.execute(f"INSERT INTO originals SELECT * FROM ({_originals_sql(copies, lo, hi)}) ORDER BY id, n")
                if not new:
                    continue
                while len(pending) > TOKENIZE_WORKERS:
                    pending.popleft().result()
                con.execute(f"""
                    CREATE TABLE {WORK}.piece_{k} AS
                    SELECT i.*, o.original
                    FROM items i LEFT JOIN ({joined_sql("originals", f"id BETWEEN {lo} AND {hi}")}) o USING (id)
                    WHERE i.id BETWEEN {lo} AND {hi} AND i.id IN (SELECT id FROM incoming WHERE id BETWEEN {lo} AND {hi})
                """)
                pending.append(pool.submit(_tokenize_piece, con.cursor(), f"{WORK}.piece_{k}"))
            while pending:
                pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
    con.execute("RESET threads")


def _items_sql(copies: list[tuple[str, str]], lo: int, hi: int) -> str:
    """The items with ids in [lo, hi], copied and new (the originals apart, see `_originals_sql`)."""
    sources = [
        f"SELECT {ITEM_COLS} FROM {alias}.items WHERE id BETWEEN {lo} AND {hi} AND id IN (SELECT id FROM {keep})"
        for alias, keep in copies
    ]
    sources.append(f"SELECT {TABLE_FROM_STORED} FROM incoming WHERE id BETWEEN {lo} AND {hi}")
    return " UNION ALL ".join(sources)


def _originals_sql(copies: list[tuple[str, str]], lo: int, hi: int) -> str:
    """The original chunks of the items with ids in [lo, hi], copied as they are."""
    sources = [
        f"SELECT id, n, chunk FROM {alias}.originals WHERE id BETWEEN {lo} AND {hi} AND id IN (SELECT id FROM {keep})"
        for alias, keep in copies
    ]
    sources.append(f"""
        SELECT i.id, o.n, o.chunk
        FROM incoming_original o JOIN (SELECT seq, id FROM incoming WHERE id BETWEEN {lo} AND {hi}) i USING (seq)
    """)
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


def _tokenize_piece(con: duckdb.DuckDBPyConnection, piece: str) -> None:
    """The new items of the table `piece` into `new_post`, `all_len` and `chunk_words` of WORK,
    on `con`, a connection of its own (its temp tables are its own), closed here with the table
    dropped. `occ` holds one row per token; each distinct word is stemmed and split into parts
    once; one aggregation folds every occurrence joined with its word's terms (whole words
    with their positions, parts without) into one posting per (term, item), and the lengths
    come from the tokens and their words' term counts: the join of tokens and terms is never
    stored (stored, it was a table as long as all the postings' input; 10-15% of a piece)."""
    with con:  # closed at the end, whatever happens
        fields_sql = " UNION ALL ".join(
            f"SELECT id, {i} AS fno, {TOKENS_MACRO}({col}) AS toks FROM {piece} WHERE {col} IS NOT NULL"
            for i, col in enumerate(FIELDS)
        )
        con.execute(f"""
            CREATE TEMP TABLE occ AS
            SELECT id, fno::TINYINT AS fno, unnest(toks) AS cw, generate_subscripts(toks, 1)::INTEGER AS p
            FROM ({fields_sql})
        """)
        con.execute(f"""
            CREATE TEMP TABLE cwords AS
            SELECT cw, lower(cw) AS w, {PARTS_MACRO}(cw) AS parts FROM (SELECT DISTINCT cw FROM occ)
        """)
        con.execute(f"""
            CREATE TEMP TABLE stems AS
            SELECT w, stem(w, '{STEMMER}') AS term FROM (
                SELECT DISTINCT w FROM (SELECT w FROM cwords UNION ALL SELECT unnest(parts) FROM cwords))
            WHERE w NOT IN (SELECT sw FROM {STOPWORDS_TABLE})
        """)
        con.execute("""
            CREATE TEMP TABLE cterms AS
            SELECT c.cw, s.term, false AS part FROM cwords c JOIN stems s USING (w)
            UNION ALL
            SELECT c.cw, s.term, true FROM (SELECT cw, unnest(parts) AS w FROM cwords) c JOIN stems s USING (w)
        """)
        # A field's length counts its tokens' whole-word terms; the parts field, their parts' terms.
        con.execute("""
            CREATE TEMP TABLE cterm_counts AS
            SELECT cw, (count(*) FILTER (WHERE NOT part))::INTEGER AS whole,
                   (count(*) FILTER (WHERE part))::INTEGER AS parts
            FROM cterms GROUP BY cw
        """)
        lens = ", ".join(f"coalesce(sum(c.whole) FILTER (WHERE o.fno = {i}), 0)::INTEGER" for i in range(PARTS_FNO))
        con.execute(f"""
            INSERT INTO {WORK}.all_len
            SELECT o.id, {lens}, sum(c.parts)::INTEGER FROM occ o JOIN cterm_counts c USING (cw) GROUP BY o.id
        """)
        fno = f"CASE WHEN c.part THEN {PARTS_FNO} ELSE o.fno END"
        con.execute(f"""
            INSERT INTO {WORK}.new_post
            SELECT c.term, o.id, sum({stored_f_base_sql(fno, "1")})::FLOAT,
                   (count(*) FILTER (WHERE NOT c.part AND o.fno = {ORIGINAL_FNO}))::INTEGER,
                   coalesce(list((o.fno::INTEGER << {POS_FIELD_SHIFT}) | o.p) FILTER (WHERE NOT c.part), [])
            FROM occ o JOIN cterms c USING (cw) GROUP BY c.term, o.id
        """)
        con.execute(f"INSERT INTO {WORK}.chunk_words SELECT w, term FROM stems")
        for name in ("cterm_counts", "cterms", "stems", "cwords", "occ", piece):
            con.execute(f"DROP TABLE {name}")


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
