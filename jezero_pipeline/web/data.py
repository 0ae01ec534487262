"""What the pages read: the library's reader, and the few counts its methods do not give.

The one import of the library's reader for the whole package is here, so moving the reader
is a one-line change.

`LibraryFacts` answers what the page shows and `Library` has no method for (a session's
segments in order, items per week, items per project). It reads through its own in-memory
DuckDB that ATTACHes the file read-only: a second plain `duckdb.connect` of the same path in
this process would share (and keep alive) the `Library`'s cached DuckDB instance, and the
`Library` would then keep reading the old file after a rebuild. Like the `Library`, it
re-attaches when the file at the path is a different file, so it follows atomic rebuilds.
"""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict

import duckdb

from ..library.query import LibraryMissing, QueryError
from ..library.reader import Library

__all__ = ["Library", "LibraryFacts", "LibraryMissing", "QueryError"]

# Copies of one segment read from two sources count once, as `Library.timeline` shows them.
_COPY_KEY = "coalesce(nullif(original_ref, ''), source) || chr(0) || external_id"


class SessionSegment(TypedDict):
    id: int
    external_id: str
    occurred_at: str
    title: str | None


class WeekCount(TypedDict):
    week: str  # the Monday starting the week, YYYY-MM-DD
    items: int


class ProjectCount(TypedDict):
    project: str | None
    items: int
    latest: str


def _iso(dt: datetime) -> str:
    return dt.replace(tzinfo=UTC).isoformat()


class LibraryFacts:
    """Read-only counts and lists over the library file, following atomic rebuilds."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._key: tuple[int, int, int, int] | None = None

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
            self._con, self._key = None, None

    def _rows(self, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                st = os.stat(self.path)
            except FileNotFoundError:
                raise LibraryMissing(f"no library at {self.path}: build it first (jezero-pipeline run)") from None
            key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
            if self._con is None:
                self._con = duckdb.connect()
            if key != self._key:
                if self._key is not None:
                    self._con.execute("DETACH lib")
                    self._key = None
                quoted = str(self.path).replace("'", "''")  # ATTACH takes no parameters
                self._con.execute(f"ATTACH '{quoted}' AS lib (READ_ONLY)")
                self._key = key
            return self._con.execute(sql, params).fetchall()

    def session(self, source: str, session_id: str) -> list[SessionSegment]:
        """The segments of one session, in the order they occur in it (`<session>#<ordinal>`)."""
        rows = self._rows(
            "SELECT id, external_id, occurred_at, title FROM lib.items WHERE source = ? AND session_id = ? "
            "ORDER BY TRY_CAST(regexp_extract(external_id, '#(\\d+)$', 1) AS BIGINT) NULLS LAST, occurred_at, id",
            [source, session_id],
        )
        return [SessionSegment(id=r[0], external_id=r[1], occurred_at=_iso(r[2]), title=r[3]) for r in rows]

    def weeks(self, project: str | None = None, source: str | None = None) -> list[WeekCount]:
        """Items per week (weeks start on Monday, UTC), oldest first; weeks with none are left out."""
        clauses, params = ["TRUE"], []
        if project is not None:
            clauses.append("project = ?")
            params.append(project)
        if source is not None:
            clauses.append("source = ?")
            params.append(source)
        rows = self._rows(
            f"SELECT date_trunc('week', occurred_at)::DATE AS week, count(DISTINCT {_COPY_KEY}) FROM lib.items "
            f"WHERE {' AND '.join(clauses)} GROUP BY week ORDER BY week",
            params,
        )
        return [WeekCount(week=r[0].isoformat(), items=int(r[1])) for r in rows]

    def projects(self) -> list[ProjectCount]:
        """Each project (None: items with no project) with its item count and latest date, biggest first."""
        rows = self._rows(
            "SELECT project, count(*), max(occurred_at) FROM lib.items GROUP BY project "
            "ORDER BY count(*) DESC, project NULLS LAST",
            [],
        )
        return [ProjectCount(project=r[0], items=int(r[1]), latest=_iso(r[2])) for r in rows]
