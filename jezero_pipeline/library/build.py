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
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from .fts import FTS_SCHEMA, TOKENIZER_SETTINGS, create_index, load_fts
from .schema import BASE_WEIGHTS, FIELDS, ITEMS_DDL, META_DDL, SCHEMA_VERSION

log = logging.getLogger(__name__)

ITEM_COLUMNS = [
    "source", "external_id", "session_id", "occurred_at", "title", "summary", "questions",
    "atoms", "project", "trust", "original", "original_ref", "content_hash",
]


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
    frame = pd.DataFrame({
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
    })
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
    create_index(con, list(FIELDS))
    _build_postings(con)
    con.execute(META_DDL)
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "tokenizer": json.dumps(TOKENIZER_SETTINGS),
        "fields": json.dumps(FIELDS),
        "built_at": datetime.now(timezone.utc).isoformat(),
        "max_id_ever": str(max_id_ever),
        "duckdb_version": duckdb.__version__,
    }
    con.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))


def _build_postings(con: duckdb.DuckDBPyConnection) -> None:
    """Per-term, per-item, per-field term frequencies from the FTS index's own tables."""
    s = FTS_SCHEMA
    # fieldid follows the order the fields were given to create_fts_index.
    tf_cols = ",\n".join(
        f"count(*) FILTER (WHERE t.fieldid = {i})::INTEGER AS tf_{name}"
        for i, name in enumerate(FIELDS.values())
    )
    len_cols = ",\n".join(
        f"count(t.termid) FILTER (WHERE t.fieldid = {i})::INTEGER AS len_{name}"
        for i, name in enumerate(FIELDS.values())
    )
    con.execute(f"""
        CREATE TABLE doclen AS
        SELECT docs.docid, docs.name::BIGINT AS id, {len_cols}
        FROM {s}.docs docs LEFT JOIN {s}.terms t USING (docid)
        GROUP BY docs.docid, docs.name ORDER BY id
    """)
    # Each posting carries its item's length (weighted with the fixed base weights, and the
    # original's apart since its weight is configurable), so a search joins nothing.
    dl_base = " + ".join(f"{BASE_WEIGHTS[n]!r} * l.len_{n}" for n in BASE_WEIGHTS)
    con.execute(f"""
        CREATE TABLE postings AS
        SELECT d.term, l.id, {tf_cols},
               ({dl_base})::FLOAT AS dl_base, l.len_original AS dl_original
        FROM {s}.terms t JOIN {s}.dict d USING (termid) JOIN doclen l USING (docid)
        GROUP BY d.term, l.id, l.len_original, {", ".join(f"l.len_{n}" for n in BASE_WEIGHTS)}
        ORDER BY d.term, l.id
    """)
    avg_cols = ", ".join(f"coalesce(avg(len_{n}), 0)::DOUBLE AS avg_{n}" for n in FIELDS.values())
    con.execute(f"CREATE TABLE field_stats AS SELECT count(*)::BIGINT AS num_docs, {avg_cols} FROM doclen")
    con.execute(f"CREATE TABLE term_df AS SELECT term, df::BIGINT AS df FROM {s}.dict ORDER BY term")


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
        "items": int(len(df)),
        "new_items": int(new_items),
        "removed_items": int(sum(1 for k in known if k not in kept)),
        "duplicates_dropped": int(duplicates),
        "max_id": int(high),
        "bytes": path.stat().st_size,
        "seconds": round(time.perf_counter() - started, 3),
        "path": str(path),
    }
