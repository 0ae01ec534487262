"""Agents that keep sessions in one SQLite database (OpenCode, Hermes): opened read-only, never
written or created, and read session by session."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar
from urllib.parse import quote

from .base import Connector, FileState, ScanResult, Survey, Unit, unit_stat

S = TypeVar("S")


def open_sqlite_readonly(path: Path) -> sqlite3.Connection:
    """Open an agent's SQLite store read-only (never writes, never creates), rows as dicts.

    Raises sqlite3.DatabaseError for a corrupt or truncated file; the schema is checked
    right away so that error comes here, not halfway through a session.
    """
    conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=5)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn


def sqlite_tables(conn: Any) -> dict[str, set[str]]:
    """Table name -> column names, so readers can tolerate older and newer schemas."""
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {t: {r[1] for r in conn.execute(f"PRAGMA table_info('{t}')")} for t in tables}


@dataclass
class StoredSession(Generic[S]):
    """One session of a database store, as a unit `<database>#<id>` of its connector."""

    id: str
    start: datetime | None
    last: datetime | None  # last activity: the unit's mtime and its settle clock
    size: int  # grows with the session (messages and parts): the unit's size
    data: S  # what the connector needs to render it


class DatabaseConnector(Connector, Generic[S]):
    """A connector over one SQLite database of many sessions (OpenCode, Hermes).

    Each session is a unit keyed `<database>#<session id>`, so a session that changed is read
    and filed under its own day, and the others are left alone. While the database and its
    `-wal` keep their size and mtime, a survey reuses the last listing without opening it.
    """

    label: ClassVar[str] = "database"  # "OpenCode", "Hermes": for warnings

    def database(self) -> Path | None:
        """The database path, or None when the connector reads export files instead."""
        raise NotImplementedError

    def read_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[S]]:
        raise NotImplementedError

    def emit(self, session: StoredSession[S], key: str, now: float, result: ScanResult) -> None:
        """Render one session into `result` (kept, too short, skipped...)."""
        raise NotImplementedError

    def survey(self) -> Survey:
        db = self.database()
        if db is None:
            return super().survey()
        stat = unit_stat([db, Path(f"{db}-wal")])
        if stat is None:
            return Survey()
        cached = _LISTINGS.get(str(db))
        if cached is not None and cached[0] == stat:
            return Survey(list(cached[1]))
        out = Survey()
        try:
            sessions = self._read(db)
        except (sqlite3.DatabaseError, OSError) as err:
            out.warnings.append(f"{db}: not a readable {self.label} database ({err})")
            return out
        fallback = datetime.fromtimestamp(stat[1], tz=UTC)
        for s in sessions:
            last = s.last or fallback
            out.units.append(Unit(f"{db}#{s.id}", s.size, last.timestamp(), s.start or last))
        _LISTINGS[str(db)] = (stat, tuple(out.units))
        return out

    def scan_database(self, db: Path, previous: dict[str, FileState], now: float, result: ScanResult) -> None:
        """Read the wanted sessions that changed since `previous` and have settled."""
        stat = unit_stat([db, Path(f"{db}-wal")])
        if stat is None:
            return
        try:
            sessions = self._read(db)
        except sqlite3.DatabaseError as err:
            result.warnings.append(f"{db}: not a readable {self.label} database ({err})")
            return
        except OSError as err:
            result.warnings.append(f"{db}: {err.strerror or err}")
            return
        fallback = datetime.fromtimestamp(stat[1], tz=UTC)
        read_any = False
        for s in sessions:
            key = f"{db}#{s.id}"
            if not self.wanted(key):
                continue
            result.files_seen += 1
            last = (s.last or fallback).timestamp()
            prev = previous.get(key)
            if prev is not None and prev.size == s.size and prev.mtime == last:
                result.unchanged.append(key)
                result.states[key] = prev
                continue
            read_any = True
            deferred = result.deferred
            self.emit(s, key, now, result)  # counts a session still active as deferred
            if result.deferred == deferred:
                result.states[key] = FileState(key, s.size, last)
            elif prev is not None:  # keep serving the stored copy until it settles
                result.unchanged.append(key)
                result.states[key] = prev
        if read_any:
            result.bytes_read += stat[0]

    def _read(self, db: Path) -> list[StoredSession[S]]:
        conn = open_sqlite_readonly(db)
        try:
            return self.read_sessions(conn)
        finally:
            conn.close()


# database path -> ((size, mtime) of the database and its -wal, the units listed then)
_LISTINGS: dict[str, tuple[tuple[int, float], tuple[Unit, ...]]] = {}
