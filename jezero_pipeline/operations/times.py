"""Timestamps as people read them in reports."""

from __future__ import annotations

from datetime import UTC, datetime


def iso(ts: float | None) -> str | None:
    """An epoch time as ISO-8601 UTC, or None."""
    return datetime.fromtimestamp(ts, tz=UTC).isoformat() if ts else None
