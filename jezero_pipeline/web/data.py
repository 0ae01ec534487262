"""What the pages read: the library's reader, and the few counts its methods do not give.

The one import of the library's reader for the whole package is here, so moving the reader
is a one-line change.

`LibraryFacts` answers what the page shows and `Library` has no method for (a session's
segments in order, items per week, items per project). It reads the library as the reader
does, through a snapshot of base and delta (library/snapshot.py) that it opens again when a
refresh swaps either file, and counts its live items: the base's less those the delta
replaces or removes, plus the delta's. So the page's counts are the CLI's and the MCP tools'.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict

from ..library.query import LibraryMissing, QueryError
from ..library.reader import Library
from ..library.snapshot import LatestSnapshot

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
    """Read-only counts and lists over the library's live items, following atomic swaps."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._files = LatestSnapshot(self.path)

    def close(self) -> None:
        with self._lock:
            self._files.close()

    def _rows(self, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._files.current().con.execute(sql, params).fetchall()

    def session(self, source: str, session_id: str) -> list[SessionSegment]:
        """The segments of one session, in the order they occur in it (`<session>#<ordinal>`)."""
        rows = self._rows(
            "SELECT id, external_id, occurred_at, title FROM live_items WHERE source = ? AND session_id = ? "
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
            f"SELECT date_trunc('week', occurred_at)::DATE AS week, count(DISTINCT {_COPY_KEY}) FROM live_items "
            f"WHERE {' AND '.join(clauses)} GROUP BY week ORDER BY week",
            params,
        )
        return [WeekCount(week=r[0].isoformat(), items=int(r[1])) for r in rows]

    def projects(self) -> list[ProjectCount]:
        """Each project (None: items with no project) with its item count and latest date, biggest first."""
        rows = self._rows(
            "SELECT project, count(*), max(occurred_at) FROM live_items GROUP BY project "
            "ORDER BY count(*) DESC, project NULLS LAST",
            [],
        )
        return [ProjectCount(project=r[0], items=int(r[1]), latest=_iso(r[2])) for r in rows]
