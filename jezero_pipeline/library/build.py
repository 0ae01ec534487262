"""Build the library: one DuckDB file, written aside and swapped in atomically.

Readers (search CLI, MCP server) keep reading the old file until `os.replace` puts the new
one in place; they never see half a build and a build never waits for them (DuckDB allows one
writer per file, so the writer never touches the file readers have open).
"""

from __future__ import annotations

import json
import logging
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from ..config import SearchConfig
from .fts import (
    STEMMER,
    STOPWORDS_TABLE,
    TOKENIZE_MACRO,
    TOKENIZER_SETTINGS,
    create_tokenizer,
    load_fts,
)
from .schema import (
    BASE_WEIGHTS,
    BM25_B,
    BM25_K1,
    FIELDS,
    ITEMS_DDL,
    META_DDL,
    SCHEMA_VERSION,
)

log = logging.getLogger(__name__)

ITEM_COLUMNS = [
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
    "original",
    "original_ref",
    "content_hash",
]


# `postings.impact` is precomputed for the default weight of the original.
IMPACT_ORIGINAL_WEIGHT = SearchConfig().original_weight


class LibraryBuildError(ValueError):
    """Input the library cannot be built from; the message names the row and field."""


def _as_list(value: Any) -> list:
    if value is None:
        return []
    if isinstance(value, float) and value != value:  # NaN from pandas
        return []
    return list(value)


def _atom_dict(atom: Any, where: str) -> dict[str, str]:
    if isinstance(atom, dict):
        kind, text = atom.get("kind"), atom.get("text")
    else:
        kind, text = getattr(atom, "kind", None), getattr(atom, "text", None)
    if not isinstance(kind, str) or not isinstance(text, str):
        raise LibraryBuildError(f"{where}: field 'atoms': each atom needs string 'kind' and 'text', got {atom!r}")
    return {"kind": kind, "text": text}


def _none_if_nan(v: Any) -> Any:
    return None if (v is None or (isinstance(v, float) and v != v)) else v


def _prepare(items: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """Validate and normalise the input rows; drop duplicate (source, external_id), last wins."""
    missing = [c for c in ITEM_COLUMNS if c not in items.columns]
    if missing:
        raise LibraryBuildError(f"items: missing column(s) {missing}; expected {ITEM_COLUMNS}")
    df = items[ITEM_COLUMNS].copy().reset_index(drop=True)
    for col in ("source", "external_id"):
        bad = df[col].isna() | (df[col].astype(str) == "")
        if bad.any():
            raise LibraryBuildError(f"items row {int(bad.idxmax())}: field {col!r} is empty")
    df["source"] = df["source"].astype(str)
    df["external_id"] = df["external_id"].astype(str)
    try:
        df["occurred_at"] = pd.to_datetime(df["occurred_at"], utc=True).dt.tz_convert(None)
    except (ValueError, TypeError) as err:
        raise LibraryBuildError(f"items: field 'occurred_at' is not a date: {err}") from None
    if df["occurred_at"].isna().any():
        raise LibraryBuildError(f"items row {int(df['occurred_at'].isna().idxmax())}: field 'occurred_at' is empty")
    df["trust"] = df["trust"].fillna("own")
    bad_trust = ~df["trust"].isin(["own", "external"])
    if bad_trust.any():
        i = int(bad_trust.idxmax())
        raise LibraryBuildError(f"items row {i}: field 'trust' must be 'own' or 'external', got {df['trust'][i]!r}")
    questions, atoms = [], []
    for i, (q, a) in enumerate(zip(df["questions"], df["atoms"])):
        questions.append([str(x) for x in _as_list(q)])
        atoms.append([_atom_dict(x, f"items row {i}") for x in _as_list(a)])
    df["questions"] = questions
    df["atoms"] = atoms
    for col in ("session_id", "title", "summary", "project", "original", "original_ref", "content_hash"):
        df[col] = [_none_if_nan(v) for v in df[col]]
    before = len(df)
    df = df.drop_duplicates(["source", "external_id"], keep="last").reset_index(drop=True)
    return df, before - len(df)


def _existing_ids(path: Path) -> tuple[dict[tuple[str, str], int], int]:
    """(source, external_id) -> id and the highest id ever given, from the current library."""
    if not path.exists():
        return {}, 0
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error as err:
        raise LibraryBuildError(
            f"{path}: cannot read the existing library to keep item ids stable ({err}); "
            "move it away to start a new library with new ids"
        ) from None
    try:
        rows = con.execute("SELECT source, external_id, id FROM items").fetchall()
        high = con.execute("SELECT max(id) FROM items").fetchone()[0] or 0
        try:
            got = con.execute("SELECT value FROM meta WHERE key = 'max_id_ever'").fetchone()
            if got:
                high = max(high, int(got[0]))
        except duckdb.Error:
            pass
    finally:
        con.close()
    return {(s, e): int(i) for s, e, i in rows}, int(high)


def _assign_ids(df: pd.DataFrame, known: dict[tuple[str, str], int], high: int) -> tuple[pd.Series, int, int]:
    """Keep known ids; give new items max+1.. in (occurred_at, source, external_id) order."""
    ids = [known.get((s, e)) for s, e in zip(df["source"], df["external_id"])]
    new_rows = [i for i, v in enumerate(ids) if v is None]
    new_rows.sort(key=lambda i: (df["occurred_at"][i], df["source"][i], df["external_id"][i]))
    for i in new_rows:
        high += 1
        ids[i] = high
    return pd.Series(ids, dtype="int64"), len(new_rows), high


def _fsync(path: Path) -> None:
    fd = os.open(str(path), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write(con: duckdb.DuckDBPyConnection, df: pd.DataFrame, max_id_ever: int) -> None:
    frame = pd.DataFrame(
        {
            "id": df["id"],
            "source": df["source"],
            "external_id": df["external_id"],
            "session_id": df["session_id"],
            "occurred_at": df["occurred_at"],
            "title": df["title"],
            "summary": df["summary"],
            "questions_json": [json.dumps(q, ensure_ascii=False) for q in df["questions"]],
            "atoms_json": [json.dumps(a, ensure_ascii=False) for a in df["atoms"]],
            "project": df["project"],
            "trust": df["trust"],
            "original": df["original"],
            "original_ref": df["original_ref"],
            "content_hash": df["content_hash"],
            "questions_text": ["\n".join(q) for q in df["questions"]],
            "atoms_text": ["\n".join(a["text"] for a in atoms) for atoms in df["atoms"]],
        }
    )
    con.execute(ITEMS_DDL)
    con.register("frame", frame)
    con.execute("""
        INSERT INTO items
        SELECT id, source, external_id, session_id, occurred_at, title, summary,
               from_json(questions_json, '["VARCHAR"]'),
               from_json(atoms_json, '[{"kind":"VARCHAR","text":"VARCHAR"}]'),
               project, trust, original, original_ref, content_hash, questions_text, atoms_text
        FROM frame ORDER BY id
    """)
    con.unregister("frame")
    create_tokenizer(con)
    _build_postings(con)
    con.execute(META_DDL)
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "tokenizer": json.dumps(TOKENIZER_SETTINGS),
        "fields": json.dumps(FIELDS),
        "built_at": datetime.now(UTC).isoformat(),
        "max_id_ever": str(max_id_ever),
        "impact_original_weight": repr(IMPACT_ORIGINAL_WEIGHT),
        "duckdb_version": duckdb.__version__,
    }
    con.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))


def _build_postings(con: duckdb.DuckDBPyConnection) -> None:
    """`terms`, `postings` and `doclen`, in a few set-wise SQL passes over `items`.

    Tokenize every field with the `tokenize` macro, count each word per (item, field), stem
    each distinct word once (there are far fewer words than tokens), then fold the fields into
    one posting per (term, item): the base-weighted tf sum and the original's tf apart (its
    weight is a search setting). Items get a dense number `doc` (in id order) so a search can
    add scores into plain arrays; postings are written sorted by (term_id, doc), so DuckDB's
    per-row-group min/max lets `WHERE term_id = ?` read only that term's row groups.
    """
    names = list(FIELDS.values())
    fields_sql = " UNION ALL ".join(
        f"SELECT id, {i} AS fno, {col} AS txt FROM items WHERE {col} IS NOT NULL" for i, col in enumerate(FIELDS)
    )
    con.execute(f"""
        CREATE TEMP TABLE words AS
        SELECT w, id, fno, count(*)::INTEGER AS tf
        FROM (SELECT id, fno, unnest({TOKENIZE_MACRO}(txt)) AS w FROM ({fields_sql}))
        WHERE w <> '' GROUP BY ALL
    """)
    con.execute(f"""
        CREATE TEMP TABLE stems AS
        SELECT w, stem(w, '{STEMMER}') AS term FROM (SELECT DISTINCT w FROM words)
        WHERE w NOT IN (SELECT sw FROM {STOPWORDS_TABLE})
    """)
    con.execute("""
        CREATE TEMP TABLE field_tf AS
        SELECT s.term, w.id, w.fno, sum(w.tf)::INTEGER AS tf
        FROM words w JOIN stems s USING (w) GROUP BY ALL
    """)
    con.execute("DROP TABLE words")
    len_cols = ", ".join(
        f"coalesce(sum(f.tf) FILTER (WHERE f.fno = {i}), 0)::INTEGER AS len_{n}" for i, n in enumerate(names)
    )
    con.execute(f"""
        CREATE TABLE doclen AS
        SELECT (row_number() OVER (ORDER BY i.id) - 1)::INTEGER AS doc, i.id, {len_cols}
        FROM items i LEFT JOIN field_tf f ON f.id = i.id GROUP BY i.id ORDER BY i.id
    """)
    con.execute("""
        CREATE TABLE terms AS
        SELECT term, (row_number() OVER (ORDER BY term) - 1)::INTEGER AS term_id,
               count(DISTINCT id)::INTEGER AS df
        FROM field_tf GROUP BY term ORDER BY term
    """)
    # A point lookup per query word; without it each lookup scans every term.
    con.execute("CREATE UNIQUE INDEX terms_term ON terms (term)")
    weight_of = " ".join(f"WHEN {i} THEN {BASE_WEIGHTS[n]!r}" for i, n in enumerate(names) if n in BASE_WEIGHTS)
    orig = names.index("original")
    w = {**BASE_WEIGHTS, "original": IMPACT_ORIGINAL_WEIGHT}
    dl = " + ".join(f"{w[n]!r} * d.len_{n}" for n in names)
    avgdl = f"(SELECT {' + '.join(f'{w[n]!r} * avg(len_{n})' for n in names)} FROM doclen)"
    n_docs = "(SELECT count(*) FROM doclen)"
    con.execute(f"""
        CREATE TABLE postings AS
        SELECT term_id, doc, f_base, tf_original,
               (ln(({n_docs} - df + 0.5) / (df + 0.5) + 1) * {BM25_K1 + 1!r} * f
                / (f + {BM25_K1!r} * (1 - {BM25_B!r} + {BM25_B!r} * dl / coalesce(nullif({avgdl}, 0), 1))))::FLOAT
               AS impact
        FROM (
            SELECT t.term_id, any_value(t.df) AS df, d.doc, any_value({dl}) AS dl,
                   sum(f.tf * CASE f.fno {weight_of} ELSE 0 END)::FLOAT AS f_base,
                   coalesce(sum(f.tf) FILTER (WHERE f.fno = {orig}), 0)::INTEGER AS tf_original,
                   sum(f.tf * CASE f.fno {weight_of} WHEN {orig} THEN {IMPACT_ORIGINAL_WEIGHT!r} ELSE 0 END)::DOUBLE AS f
            FROM field_tf f JOIN terms t USING (term) JOIN doclen d USING (id)
            GROUP BY t.term_id, d.doc
        ) ORDER BY term_id, doc
    """)
    con.execute("DROP TABLE field_tf")
    con.execute("DROP TABLE stems")
    avg_cols = ", ".join(f"coalesce(avg(len_{n}), 0)::DOUBLE AS avg_{n}" for n in names)
    con.execute(f"CREATE TABLE field_stats AS SELECT count(*)::BIGINT AS num_docs, {avg_cols} FROM doclen")


def build_library(items: pd.DataFrame, path: Path) -> dict:
    """Build the library from one row per summarised segment and swap it in over `path`.

    Ids stay stable: an item keeps the id it had in the library at `path`; new items get the
    next ids in (occurred_at, source, external_id) order; an id is never given twice.
    """
    started = time.perf_counter()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    df, duplicates = _prepare(items)
    known, high = _existing_ids(path)
    df["id"], new_items, high = _assign_ids(df, known, high)
    tmp = path.with_suffix(path.suffix + f".tmp-{os.getpid()}")
    for leftover in (tmp, Path(str(tmp) + ".wal")):
        leftover.unlink(missing_ok=True)
    try:
        con = duckdb.connect(str(tmp))
        try:
            load_fts(con)
            _write(con, df, high)
            con.execute("CHECKPOINT")
        finally:
            con.close()
        _fsync(tmp)
        os.replace(tmp, path)
        _fsync(path.parent)
    except BaseException:
        tmp.unlink(missing_ok=True)
        Path(str(tmp) + ".wal").unlink(missing_ok=True)
        raise
    kept = {(s, e) for s, e in zip(df["source"], df["external_id"])}
    return {
        "items": len(df),
        "new_items": int(new_items),
        "removed_items": int(sum(1 for k in known if k not in kept)),
        "duplicates_dropped": int(duplicates),
        "max_id": int(high),
        "bytes": path.stat().st_size,
        "seconds": round(time.perf_counter() - started, 3),
        "path": str(path),
    }
