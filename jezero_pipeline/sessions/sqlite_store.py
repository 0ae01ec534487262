"""Agents that keep sessions in one SQLite database (OpenCode, Hermes, Antigravity's titles):
opened read-only, never written or created, and read session by session.

Knowing what changed is a light listing: the session table and, per session, a count and the
latest time of its message rows (ids and times only, no content). Only the sessions whose
count or time moved are then read, with `WHERE session_id IN (…)`: a user working in one
session costs the rows of that session, not the whole database.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar
from urllib.parse import quote

from .base import Connector, FileState, ScanResult, Survey, Unit, json_files, sqlite_files, unit_stat

S = TypeVar("S")
IN_CHUNK = 500  # ids per `IN (…)`: well under SQLite's bound-parameter limit


def open_sqlite_readonly(path: Path) -> sqlite3.Connection:
    """Open an agent's SQLite store read-only (never writes, never creates), rows as dicts.

    Raises sqlite3.DatabaseError for a corrupt or truncated file; the schema is checked
    right away so that error comes here, not halfway through a session.
    """
    uri = f"file:{quote(str(path))}?mode=ro"
    try:
        return _checked(sqlite3.connect(uri, uri=True, timeout=5))
    except sqlite3.OperationalError as err:
        if "unable to open" not in str(err) or not Path(f"{path}-wal").exists():
            raise
    # A reader of a WAL database needs its -shm file; where that cannot be made (a read-only
    # folder), the database is read as of its last checkpoint, without the log.
    return _checked(sqlite3.connect(uri + "&immutable=1", uri=True, timeout=5))


def _checked(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.row_factory = sqlite3.Row
    conn.text_factory = decode_text
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    except (UnicodeDecodeError, ValueError) as err:  # a garbled schema
        conn.close()
        raise sqlite3.DatabaseError(str(err)) from None
    return conn


def decode_text(raw: bytes) -> str:
    """TEXT values as str, invalid UTF-8 replaced: one damaged value never fails a read."""
    return raw.decode("utf-8", "replace")


def sqlite_tables(conn: Any) -> dict[str, set[str]]:
    """Table name -> column names, so readers can tolerate older and newer schemas."""
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {t: {r[1] for r in conn.execute(f"PRAGMA table_info('{t}')")} for t in tables}


def rows_in(conn: sqlite3.Connection, sql: str, ids: list[str]) -> Iterator[sqlite3.Row]:
    """Rows of `sql` (which holds one `{ids}` placeholder for an `IN (…)` list) for these ids."""
    for i in range(0, len(ids), IN_CHUNK):
        chunk = ids[i : i + IN_CHUNK]
        yield from conn.execute(sql.format(ids=",".join("?" * len(chunk))), chunk)


def row_bytes(row: sqlite3.Row) -> int:
    """The size of a row's text and blob values: what reading it cost."""
    return sum(len(v) for v in row if isinstance(v, (str, bytes)))


@dataclass
class StoredSession(Generic[S]):
    """One session of a database store, as a unit `<database>#<id>` of its connector."""

    id: str
    start: datetime | None
    last: datetime | None  # last activity: the unit's mtime and its settle clock
    size: int  # grows with the session (messages and parts): the unit's size
    data: S | None = None  # what the connector needs to render it (None in a listing)


class DatabaseConnector(Connector, Generic[S]):
    """A connector over SQLite databases of many sessions (OpenCode, Hermes).

    Each session is a unit keyed `<database>#<session id>`, so a session that changed is read
    and filed under its own day, and the others are left alone. While a database and its
    `-wal` keep their size and mtime, its listing is reused without opening it.
    """

    label: ClassVar[str] = "database"  # "OpenCode", "Hermes": for warnings

    def default_database(self) -> str:
        """Where the agent keeps its database when `db_path` is not set ("": nowhere by default)."""
        return ""

    def reads_exports(self) -> bool:
        """True when the connector reads export files (`export_dir`) instead of a database."""
        return bool(self.options.get("export_dir"))

    def databases(self) -> list[Path]:
        """The database files (a glob expanded; [] when it matches none, or exports are read)."""
        return [] if self.reads_exports() else self.roots("db_path", self.default_database())

    def watch_paths(self) -> list[Path]:
        if self.reads_exports():
            return self.roots("export_dir", "")
        return [p for db in self.databases() for p in sqlite_files(db)]

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), [p]) for root in self.roots("export_dir", "") for p in json_files(root)]

    def list_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[S]]:
        """Every session with its start, last activity and size, from ids and times only."""
        raise NotImplementedError

    def read_sessions(self, conn: sqlite3.Connection, ids: list[str]) -> tuple[dict[str, S], int]:
        """(id -> what `emit` needs, bytes of the rows read) of these sessions only."""
        raise NotImplementedError

    def emit(self, session: StoredSession[S], key: str, now: float, result: ScanResult) -> None:
        """Render one session into `result` (kept, too short, skipped...)."""
        raise NotImplementedError

    def survey(self) -> Survey:
        if self.reads_exports():
            return super().survey()
        out = Survey()
        for db in self.databases():
            listed = self._listing(db, out.warnings)
            if listed is not None:
                out.units.extend(listed)
        return out

    def _listing(self, db: Path, warnings: list[str]) -> tuple[Unit, ...] | None:
        """The units of one database, from the cache while it and its -wal are unchanged."""
        stat = unit_stat(sqlite_files(db))
        if stat is None:
            return None
        cached = _LISTINGS.get(str(db))
        if cached is not None and cached[0] == stat:
            return cached[1]
        try:
            conn = open_sqlite_readonly(db)
            try:
                sessions = self.list_sessions(conn)
            finally:
                conn.close()
        except (sqlite3.DatabaseError, OSError) as err:
            warnings.append(f"{db}: not a readable {self.label} database ({err})")
            return None
        fallback = datetime.fromtimestamp(stat[1], tz=UTC)
        units = tuple(
            Unit(f"{db}#{s.id}", s.size, (s.last or fallback).timestamp(), s.start or s.last or fallback)
            for s in sessions
        )
        _LISTINGS[str(db)] = (stat, units)
        return units

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for db in self.databases():
            self.scan_database(db, previous, now, result)

    def scan_database(self, db: Path, previous: dict[str, FileState], now: float, result: ScanResult) -> None:
        """Read the wanted sessions that changed since `previous` and have settled."""
        if unit_stat(sqlite_files(db)) is None:
            return
        listed = self._listing(db, result.warnings)
        if listed is None:
            return
        todo: dict[str, Unit] = {}
        for unit in listed:
            if not self.wanted(unit.key):
                continue
            result.files_seen += 1
            prev = previous.get(unit.key)
            if prev is not None and prev.size == unit.size and prev.mtime == unit.mtime:
                result.unchanged.append(unit.key)
                result.states[unit.key] = prev
                continue
            todo[unit.key.rsplit("#", 1)[1]] = unit
        if not todo:
            return
        try:
            conn = open_sqlite_readonly(db)
            try:
                data, nbytes = self.read_sessions(conn, list(todo))
            finally:
                conn.close()
        except sqlite3.DatabaseError as err:
            result.warnings.append(f"{db}: not a readable {self.label} database ({err})")
            return
        except OSError as err:
            result.warnings.append(f"{db}: {err.strerror or err}")
            return
        result.bytes_read += nbytes
        for sid, unit in todo.items():
            if sid not in data:
                continue  # deleted between the listing and the read: the stored copy stays
            prev = previous.get(unit.key)
            session = StoredSession(sid, unit.start, datetime.fromtimestamp(unit.mtime, tz=UTC), unit.size, data[sid])
            deferred = result.deferred
            self.emit(session, unit.key, now, result)  # counts a session still active as deferred
            if result.deferred == deferred:
                result.states[unit.key] = FileState(unit.key, unit.size, unit.mtime)
            elif prev is not None:  # keep serving the stored copy until it settles
                result.unchanged.append(unit.key)
                result.states[unit.key] = prev


# database path -> ((size, mtime) of the database and its -wal, the units listed then)
_LISTINGS: dict[str, tuple[tuple[int, float], tuple[Unit, ...]]] = {}
