"""One library as its readers see it: the base file and its delta, opened together.

A library is a base segment and maybe a delta beside it (schema.py): the delta's items and the
base's ids it replaces or removes (`tombstones`). A reader ATTACHes both read-only to a private
in-memory DuckDB, never `duckdb.connect(path)`: DuckDB caches one database per path and
process, so a second reader (or the writer's look at the current library) would share the
first one's, still reading the file a refresh replaced.

Opening checks that the two files belong together: the delta names the generation of its
base. A delta of an older base is stale (the base already holds its items) and is left out;
a delta of a newer base, or a base that changed while it was opened, means a refresh is
swapping files in: the open is tried again. So a snapshot is always one whole library.

Every snapshot has the temp views `live_items` and `live_originals`: the base's rows less
the tombstones, plus the delta's. `LatestSnapshot` keeps the newest snapshot of one path and opens
it again when a `stat` shows either file changed; the reader and the web page each hold one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np

from . import delta_path
from .fts import fts_connection
from .query import LibraryMissing, QueryError

OPEN_ATTEMPTS = 50  # a writer swaps files in milliseconds; a reader retries meanwhile
BASE, DELTA = "main", "delta"  # the schemas a snapshot's SQL names the base's and the delta's tables by
FileKey = tuple[int, int, int, int]  # device, inode, size, mtime: a different file, or a rewritten one


def file_key(path: Path) -> FileKey | None:
    """What `stat` says of the file at `path` (None when missing)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def files_key(path: Path) -> tuple[FileKey | None, FileKey | None]:
    """The keys of the base at `path` and of its delta: a snapshot of other keys is out of date."""
    return file_key(path), file_key(delta_path(path))


def missing(path: Path) -> LibraryMissing:
    return LibraryMissing(f"no library at {path}: build it first (jezero-pipeline run)")


@dataclass
class Snapshot:
    """One opened library: a connection whose default database is the base (`lib`), with the
    delta attached as `delta` when it belongs to that base."""

    con: duckdb.DuckDBPyConnection
    key: tuple[FileKey | None, FileKey | None]  # the files it was opened from (see files_key)
    meta: dict[str, str]  # the base's meta table
    has_delta: bool
    delta_items: int  # items in the delta (0 without one)

    def live_sql(self, table: str, where: str = "TRUE", columns: Sequence[str] = ("*",)) -> str:
        """The `columns` of the live rows of `table` (items, originals) WHERE `where`: the base's
        less the tombstones, then the delta's. `where` is applied in each file, so that an index
        on it is used."""
        cols = ", ".join(columns)
        if not self.has_delta:
            return f"SELECT {cols} FROM {BASE}.{table} WHERE {where}"
        return (
            f"SELECT {cols} FROM {BASE}.{table} WHERE ({where}) AND id NOT IN (SELECT id FROM {DELTA}.tombstones) "
            f"UNION ALL SELECT {cols} FROM {DELTA}.{table} WHERE {where}"
        )

    def items_by_id_sql(self, ids: Sequence[int], columns: Sequence[str] = ("*",)) -> str:
        """live_sql of these items: their ids as literals, so DuckDB reads them by index rather
        than scanning every item (a list parameter or a join is a scan)."""
        return self.live_sql("items", f"id IN ({', '.join(str(int(i)) for i in ids)})", columns)

    def dead_ids(self) -> np.ndarray:
        """The base ids the delta replaces or removes, in id order."""
        if not self.has_delta:
            return np.zeros(0, dtype=np.int64)
        got = self.con.execute(f"SELECT id FROM {DELTA}.tombstones ORDER BY id").fetchnumpy()["id"]
        return np.asarray(got, dtype=np.int64)

    def delta_ids(self) -> np.ndarray:
        """The ids of the items in the delta (those refreshes added or replaced since the base
        was written), in id order."""
        if not self.has_delta:
            return np.zeros(0, dtype=np.int64)
        return np.asarray(self.con.execute(f"SELECT id FROM {DELTA}.items ORDER BY id").fetchnumpy()["id"])

    def close(self) -> None:
        self.con.close()


def open_snapshot(path: Path, memory_limit: str | None = None) -> Snapshot:
    """The library at `path` as one snapshot, tried again while a refresh swaps its files.

    `memory_limit`: DuckDB's for this connection (its block cache), e.g. for a reader used once.
    """
    path = Path(path)
    for _ in range(OPEN_ATTEMPTS):
        snap = _try_open(path, memory_limit)
        if snap is not None:
            return snap
        time.sleep(0.01)
    raise QueryError(f"{path}: the library kept changing while it was opened; try again")


def _try_open(path: Path, memory_limit: str | None) -> Snapshot | None:
    """Base and delta as one library; None when a swap happened meanwhile."""
    before = file_key(path)
    if before is None:
        raise missing(path)
    dpath = delta_path(path)
    con = fts_connection()
    try:
        if memory_limit is not None:
            con.execute(f"SET memory_limit = '{memory_limit}'")
        try:
            con.execute(f"ATTACH '{_quoted(path)}' AS lib (READ_ONLY)")
        except duckdb.IOException:
            con.close()
            return None  # replaced between the stat and the attach
        con.execute("USE lib")  # `main.items` is the base's; the library's macros resolve in it
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        generation = int(meta.get("generation", 0))
        delta_key = file_key(dpath)
        has_delta, delta_items = False, 0
        if delta_key is not None:
            try:
                con.execute(f"ATTACH '{_quoted(dpath)}' AS {DELTA} (READ_ONLY)")
            except duckdb.Error:
                con.close()
                return None  # removed between the stat and the attach
            dmeta = dict(con.execute(f"SELECT key, value FROM {DELTA}.meta").fetchall())
            base_of_delta = int(dmeta.get("base_generation", -1))
            if base_of_delta > generation:
                con.close()
                return None  # a newer base is being swapped in
            if base_of_delta < generation:
                con.execute(f"DETACH {DELTA}")  # stale: the base already holds its items
            else:
                has_delta, delta_items = True, int(dmeta.get("items", 0))
        if file_key(path) != before:
            con.close()
            return None
        snap = Snapshot(con, (before, delta_key), meta, has_delta, delta_items)
        for view, table in (("live_items", "items"), ("live_originals", "originals")):
            con.execute(f"CREATE OR REPLACE TEMP VIEW {view} AS {snap.live_sql(table)}")
    except BaseException:
        con.close()
        raise
    return snap


class LatestSnapshot:
    """The newest snapshot of the library at one path, opened again when either file changed.

    Not for concurrent use: its owner serialises calls (a DuckDB connection is not shared
    between threads at once), and a snapshot it returned stays open until the next call that
    finds the files changed, or `close`.
    """

    def __init__(self, path: Path, memory_limit: str | None = None):
        self.path = Path(path)
        self.memory_limit = memory_limit
        self.snapshot: Snapshot | None = None

    def current(self) -> Snapshot:
        """The snapshot of the files at the path now (the held one when they did not change)."""
        key = files_key(self.path)
        if key[0] is None:
            self.close()
            raise missing(self.path)
        if self.snapshot is not None and key == self.snapshot.key:
            return self.snapshot
        self.close()
        self.snapshot = open_snapshot(self.path, self.memory_limit)
        return self.snapshot

    def close(self) -> None:
        if self.snapshot is not None:
            self.snapshot.close()
        self.snapshot = None


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")  # ATTACH takes no parameters
