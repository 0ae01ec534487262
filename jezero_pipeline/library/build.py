"""Refresh the library from its partitions: a base segment, a delta beside it, merged when it grows.

The contract with the index stage is `refresh_library(path, state_dir, partitions)`: the
complete current set of partitions, each with a cheap version token and a `read()` that
streams its items as Arrow batches of `ITEM_SCHEMA`. Only partitions whose version changed
are read; the items of a changed partition replace every item it had; a partition that is
gone takes its items with it. The versions applied live in the library files themselves,
swapped in with the items they describe, so they can never disagree with them.

Files: `path` is the base segment, `path.delta` the delta (changed items and the base ids
they replace). A refresh rewrites only the delta (its kept items are copied, not tokenized
again); when the delta would hold more than `merge_share` of the base's items, base and
delta are merged into a new base. Every file is written aside, fsynced and renamed in, so a
reader sees the old library or the new one; it never waits for a build and a build never
waits for it (the caller holds the single-writer lock). Memory: batches stream into DuckDB,
which keeps to `memory_limit` and spills to `state_dir/tmp`; segment.py says what the
statements running at once hold. The input is incoming.py.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from . import delta_path
from .fts import TOKENIZER_SETTINGS, create_tokenizer, fts_connection, load_fts, macros_sql
from .incoming import LibraryBuildError, PartitionSource, items_table, load_incoming
from .ranking import FIELD_WEIGHTS
from .schema import META_DDL, SCHEMA_VERSION
from .segment import write_segment
from .state import assign_ids, attach_state, next_generation

# The build's interface: its callers import these from here.
__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "LibraryBuildError",
    "PartitionSource",
    "RefreshReport",
    "build_library",
    "delta_path",
    "items_table",
    "library_bytes",
    "refresh_library",
    "stale_partitions",
]

log = logging.getLogger(__name__)

# DuckDB memory of a build: what its statements hold at once (segment.py says what bounds it).
DEFAULT_MEMORY_LIMIT = "96MB"
# DuckDB memory while the changed partitions are read in (at most the build's): reading only
# appends to temp tables, which DuckDB spills as they grow, while the partitions' Arrow batches
# and Python rows sit beside them. At the build's limit, a first build of 11,000 items peaked
# while it read (DuckDB at its limit, the batches beside it), 60 MB over what it reads in at this.
READ_MEMORY_LIMIT = "32MB"
MERGE_SHARE = 0.1  # merge when the delta would hold more than this share of the base's items
MAX_REJECTED_MESSAGES = 50
# Changes to any of these make every existing library file stale: the next refresh is full.
FINGERPRINT = hashlib.sha256(
    json.dumps([SCHEMA_VERSION, TOKENIZER_SETTINGS, FIELD_WEIGHTS, macros_sql()], sort_keys=True).encode()
).hexdigest()[:16]


@dataclass
class RefreshReport:
    """What one refresh did. Counts are items unless named otherwise."""

    mode: str  # unchanged | delta | merge | full
    items: int  # items in the library after the refresh
    partitions_read: int
    partitions_removed: int
    items_read: int  # rows read from the changed partitions, rejected ones included
    new_ids: int  # (source, external_id) keys seen for the first time
    delta_items: int  # items in the delta after the refresh (0 after a merge or full build)
    duplicates_dropped: int  # rows whose (source, external_id) another row or partition holds
    rejected: int  # rows skipped for bad fields (messages in `rejected_messages`)
    seconds: float
    bytes: int  # size of the base plus the delta file
    path: str
    rejected_messages: list[str] = field(default_factory=list)

    def as_metadata(self) -> dict[str, Any]:
        """The report as flat values (the messages cut to 20), for logs and run metadata."""
        out = asdict(self)
        out["rejected_messages"] = self.rejected_messages[:20]
        return out


@dataclass
class _Current:
    generation: int
    fingerprint: str
    parts: dict[str, tuple[str, int]]  # part -> (version, items)
    has_delta: bool
    delta_items: int


def _read_current(path: Path) -> _Current | None:
    """The library on disk as the writer needs it; None when missing or unreadable."""
    if not path.exists():
        return None
    con = duckdb.connect(":memory:")  # not connect(path): a reader's cached database may be stale
    try:
        con.execute(f"ATTACH '{_sql_str(path)}' AS cur (READ_ONLY)")
        con.execute("USE cur")
    except duckdb.Error as err:
        con.close()
        log.warning("%s: unreadable (%s); building a new library", path, err)
        return None
    try:
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        gen = int(meta["generation"])
        parts = {p: (v, int(n)) for p, v, n in con.execute("SELECT part, version, items FROM parts").fetchall()}
        dpath = delta_path(path)
        has_delta, delta_items = False, 0
        if dpath.exists():
            con.execute(f"ATTACH '{_sql_str(dpath)}' AS d (READ_ONLY)")
            dmeta = dict(con.execute("SELECT key, value FROM d.meta").fetchall())
            if int(dmeta["base_generation"]) == gen:
                has_delta, delta_items = True, int(dmeta["items"])
                parts = {
                    p: (v, int(n)) for p, v, n in con.execute("SELECT part, version, items FROM d.parts").fetchall()
                }
    except (duckdb.Error, KeyError, ValueError) as err:
        log.warning("%s: not a library of this version (%s); building a new one", path, err)
        return None
    finally:
        con.close()
    return _Current(gen, meta.get("fingerprint", ""), parts, has_delta, delta_items)


def refresh_library(
    path: Path,
    state_dir: Path,
    partitions: Mapping[str, PartitionSource],
    *,
    rebuild: bool = False,
    memory_limit: str = DEFAULT_MEMORY_LIMIT,
    merge_share: float = MERGE_SHARE,
) -> RefreshReport:
    """Bring the library at `path` up to `partitions` (the complete current set); see the module."""
    started = time.perf_counter()
    path, state_dir = Path(path), Path(state_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    cur = None if rebuild else _read_current(path)
    full = cur is None or cur.fingerprint != FINGERPRINT
    applied = {} if full or cur is None else cur.parts
    changed = _changed(applied, {k: src.version for k, src in partitions.items()}, full)
    removed = sorted(set(applied) - set(partitions))
    if not full and not changed and not removed:
        return RefreshReport(
            mode="unchanged",
            items=sum(n for _, n in applied.values()),
            partitions_read=0,
            partitions_removed=0,
            items_read=0,
            new_ids=0,
            delta_items=cur.delta_items if cur is not None else 0,
            duplicates_dropped=0,
            rejected=0,
            seconds=round(time.perf_counter() - started, 3),
            bytes=library_bytes(path),
            path=str(path),
        )
    dpath = delta_path(path)
    target = path if full else dpath  # a merge retargets to `path` below
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    _remove(tmp)
    try:
        con = fts_connection(str(tmp))
        try:
            _configure(con, state_dir, _smaller(memory_limit, READ_MEMORY_LIMIT))
            if not full:
                con.execute(f"ATTACH '{_sql_str(path)}' AS base (READ_ONLY)")
                if cur is not None and cur.has_delta:
                    con.execute(f"ATTACH '{_sql_str(dpath)}' AS old (READ_ONLY)")
            read, rejected = load_incoming(con, changed, partitions)
            con.execute(f"SET memory_limit = '{memory_limit}'")
            dropped = _dedupe(con, changed, removed, cur if not full else None)
            new_ids = assign_ids(con)
            mode, copies, generation = _plan(con, full, changed, removed, cur, merge_share)
            if mode != "delta":
                target = path
            items = write_segment(con, copies)
            _write_parts(con, mode, partitions, changed, applied, removed)
            _write_meta(con, mode, generation, items)
            delta_items = 0 if mode != "delta" else items
            total = items if mode != "delta" else _live_total(con)
            con.execute("CHECKPOINT")
        finally:
            con.close()
        _fsync(tmp)
        os.replace(tmp, target)
        _fsync(path.parent)
        if target == path:
            _remove(dpath)  # stale now: its base generation is older than the new base's
            _fsync(path.parent)
    except BaseException:
        _remove(tmp)
        raise
    return RefreshReport(
        mode=mode,
        items=total,
        partitions_read=len(changed),
        partitions_removed=len(removed),
        items_read=read,
        new_ids=new_ids,
        delta_items=delta_items,
        duplicates_dropped=dropped,
        rejected=len(rejected),
        seconds=round(time.perf_counter() - started, 3),
        bytes=library_bytes(path),
        path=str(path),
        rejected_messages=rejected[:MAX_REJECTED_MESSAGES],
    )


def stale_partitions(path: Path, versions: Mapping[str, str], *, rebuild: bool = False) -> list[str]:
    """The partitions a refresh of the library at `path` to `versions` would read (those whose
    version changed, or all of them when the refresh will be a full build) or remove (those the
    library holds that `versions` no longer has). Empty: the refresh has nothing to do."""
    cur = None if rebuild else _read_current(Path(path))
    full = cur is None or cur.fingerprint != FINGERPRINT
    applied = {} if full or cur is None else cur.parts
    return sorted({*_changed(applied, versions, full), *(set(applied) - set(versions))})


def _changed(applied: Mapping[str, tuple[str, int]], versions: Mapping[str, str], full: bool) -> list[str]:
    return sorted(k for k, v in versions.items() if full or applied.get(k, ("",))[0] != v)


_BYTES = {"": 1, "b": 1, "kb": 10**3, "kib": 2**10, "mb": 10**6, "mib": 2**20, "gb": 10**9, "gib": 2**30}


def _smaller(limit: str, other: str) -> str:
    """The smaller of two DuckDB memory limits (`limit` when either is not a plain size)."""
    sizes = []
    for text in (limit, other):
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*", text.lower())
        if m is None or m[2] not in _BYTES:
            return limit
        sizes.append(float(m[1]) * _BYTES[m[2]])
    return other if sizes[1] < sizes[0] else limit


def _configure(con: duckdb.DuckDBPyConnection, state_dir: Path, memory_limit: str) -> None:
    spill = state_dir / "tmp"
    spill.mkdir(parents=True, exist_ok=True)
    con.execute(f"SET memory_limit = '{memory_limit}'")
    con.execute(f"SET temp_directory = '{_sql_str(spill)}'")
    con.execute("SET preserve_insertion_order = false")  # every table is written with ORDER BY
    con.execute("SET enable_progress_bar = false")
    # Memory the build freed goes back to the system at once, not when the process ends: a
    # run refreshes the library while it summarises, and keeps going after each refresh.
    con.execute("SET allocator_flush_threshold = '1MB'")
    con.execute("SET allocator_bulk_deallocation_flush_threshold = '1MB'")
    # Text columns are checkpointed with FSST alone. Left to choose, DuckDB analyses every method
    # over each column it writes (a dictionary of every distinct string among them), outside
    # memory_limit; FSST alone makes a file of about the same size. Other types choose freely.
    con.execute("SET force_compression = 'fsst'")
    load_fts(con)
    create_tokenizer(con)
    attach_state(con, state_dir)


def _dedupe(con: duckdb.DuckDBPyConnection, changed: list[str], removed: list[str], cur: _Current | None) -> int:
    """One row per (source, external_id): the last partition's last row; in a delta, an item
    still held by an unchanged partition stays there. Returns the rows dropped."""
    (before,) = con.execute("SELECT count(*) FROM incoming").fetchone()
    # The window runs over the keys alone and deletes the losers: a copy of every item's text
    # would double the build's memory.
    con.execute("""
        DELETE FROM incoming WHERE seq IN (SELECT seq FROM (
            SELECT seq, row_number() OVER (PARTITION BY source, external_id ORDER BY part DESC, seq DESC) AS n
            FROM incoming) WHERE n > 1)
    """)
    if cur is not None:
        _live_other_keys(con, changed + removed, cur.has_delta)
        con.execute(
            "DELETE FROM incoming WHERE (source, external_id) IN (SELECT (source, external_id) FROM live_other)"
        )
        con.execute("DROP TABLE live_other")
    (after,) = con.execute("SELECT count(*) FROM incoming").fetchone()
    return int(before - after)


def _live_other_keys(con: duckdb.DuckDBPyConnection, touched: list[str], has_delta: bool) -> None:
    """`live_other(source, external_id)`: live items of the partitions this refresh keeps."""
    con.execute("CREATE OR REPLACE TEMP TABLE touched (part VARCHAR)")
    if touched:
        con.execute("INSERT INTO touched SELECT unnest(?::VARCHAR[])", [touched])
    dead = "SELECT id FROM old.tombstones" if has_delta else "SELECT NULL::BIGINT WHERE false"
    sql = f"""SELECT source, external_id FROM base.items
              WHERE part NOT IN (SELECT part FROM touched) AND id NOT IN ({dead})"""
    if has_delta:
        sql += " UNION ALL SELECT source, external_id FROM old.items WHERE part NOT IN (SELECT part FROM touched)"
    con.execute(f"CREATE TEMP TABLE live_other AS {sql}")


def _plan(
    con: duckdb.DuckDBPyConnection,
    full: bool,
    changed: list[str],
    removed: list[str],
    cur: _Current | None,
    merge_share: float,
) -> tuple[str, list[tuple[str, str]], int]:
    """Full build, delta or merge; the segments to copy items from; the (base) generation."""
    if full or cur is None:
        return "full", [], next_generation(con)
    dead = ["SELECT id FROM base.items WHERE part IN (SELECT part FROM touched)"]
    if cur.has_delta:
        dead.append("SELECT id FROM old.tombstones")
    con.execute(f"CREATE TEMP TABLE tomb AS SELECT DISTINCT id FROM ({' UNION ALL '.join(dead)})")
    con.execute("CREATE TEMP TABLE keep_base AS SELECT id FROM base.items WHERE id NOT IN (SELECT id FROM tomb)")
    copies = []
    if cur.has_delta:
        con.execute(
            "CREATE TEMP TABLE keep_old AS SELECT id FROM old.items WHERE part NOT IN (SELECT part FROM touched)"
        )
        copies.append(("old", "keep_old"))
    (base_n,) = con.execute("SELECT count(*) FROM keep_base").fetchone()
    (delta_n,) = con.execute(
        f"SELECT (SELECT count(*) FROM incoming) + {'(SELECT count(*) FROM keep_old)' if cur.has_delta else '0'}"
    ).fetchone()
    if delta_n > merge_share * max(base_n, 1):
        return "merge", [("base", "keep_base"), *copies], next_generation(con)
    con.execute("CREATE TABLE tombstones AS SELECT id FROM tomb ORDER BY id")
    return "delta", copies, cur.generation


def _write_parts(
    con: duckdb.DuckDBPyConnection,
    mode: str,
    partitions: Mapping[str, PartitionSource],
    changed: list[str],
    applied: dict[str, tuple[str, int]],
    removed: list[str],
) -> None:
    """`parts`: every partition of the library after this refresh, its version and item count."""
    counts = dict(con.execute("SELECT part, count(*) FROM items GROUP BY part").fetchall())
    if mode == "delta":
        rows = {p: v for p, v in applied.items() if p not in removed}
        rows.update({p: (partitions[p].version, int(counts.get(p, 0))) for p in changed})
    else:
        rows = {p: (src.version, int(counts.get(p, 0))) for p, src in partitions.items()}
    con.execute("CREATE TABLE parts (part VARCHAR PRIMARY KEY, version VARCHAR NOT NULL, items BIGINT NOT NULL)")
    if rows:  # one statement: executemany costs a statement per row
        keys = sorted(rows)
        con.execute(
            "INSERT INTO parts SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::BIGINT[])",
            [keys, [rows[k][0] for k in keys], [rows[k][1] for k in keys]],
        )


def _live_total(con: duckdb.DuckDBPyConnection) -> int:
    (n,) = con.execute("SELECT sum(items) FROM parts").fetchone()
    return int(n or 0)


def _write_meta(con: duckdb.DuckDBPyConnection, mode: str, generation: int, items: int) -> None:
    con.execute(META_DDL)
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "fingerprint": FINGERPRINT,
        "segment": "delta" if mode == "delta" else "base",
        "generation" if mode != "delta" else "base_generation": str(generation),
        "tokenizer": json.dumps(TOKENIZER_SETTINGS),
        "field_weights": json.dumps(FIELD_WEIGHTS),
        "built_at": datetime.now(UTC).isoformat(),
        "items": str(items),
        "duckdb_version": duckdb.__version__,
    }
    con.execute("INSERT INTO meta SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[])", [list(meta), list(meta.values())])


def _fsync(path: Path) -> None:
    fd = os.open(str(path), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    path.unlink(missing_ok=True)
    Path(str(path) + ".wal").unlink(missing_ok=True)


def library_bytes(path: Path) -> int:
    """Bytes of the library at `path`: its base and its delta (0 for a missing file), from `stat` alone."""
    n = 0
    for p in (Path(path), delta_path(path)):
        try:
            n += p.stat().st_size
        except FileNotFoundError:
            pass
    return n


def _sql_str(path: Path) -> str:
    return str(path).replace("'", "''")


def build_library(items: Any, path: Path, state_dir: Path | None = None, part: str = "all") -> dict[str, Any]:
    """A full build from rows in hand (dicts with the item columns) as one partition.

    For tests and one-off tools; the pipeline calls `refresh_library` with its partitions.
    `state_dir` defaults to `<path>.state` beside the library. Returns the report's metadata.
    """
    table = items_table(items)
    state = Path(state_dir) if state_dir is not None else Path(path).with_name(Path(path).name + ".state")
    source = PartitionSource(version="rows", read=lambda: table.to_batches(max_chunksize=10_000))
    return refresh_library(path, state, {part: source}, rebuild=True).as_metadata()
