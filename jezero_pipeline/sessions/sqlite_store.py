"""Opening an agent's SQLite store (OpenCode, Hermes) read-only, never writing or creating it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def open_sqlite_readonly(path: Path) -> sqlite3.Connection:
    """Open an agent's SQLite store read-only (never writes, never creates), rows as dicts.

    Raises sqlite3.DatabaseError for a corrupt or truncated file; the schema is checked
    right away so that error comes here, not halfway through a session.
    """
    from urllib.parse import quote

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
