"""Builders of `state.vscdb` key-value databases (Cursor, VS Code), written from the format notes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


def write_kv(path: Path, items: dict[str, Any], disk: dict[str, Any] | None = None) -> Path:
    """A state.vscdb with `ItemTable` = items and, when given, `cursorDiskKV` = disk (JSON values;
    a str is stored as it is)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    if disk is not None:
        db.execute("CREATE TABLE IF NOT EXISTS cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    put(db, "ItemTable", items)
    if disk is not None:
        put(db, "cursorDiskKV", disk)
    db.commit()
    db.close()
    return path


def put(db: sqlite3.Connection, table: str, items: dict[str, Any]) -> None:
    db.executemany(f"INSERT INTO {table} VALUES (?, ?)",
                   [(k, v if isinstance(v, str) else json.dumps(v)) for k, v in items.items()])  # fmt: skip


def add_kv(path: Path, table: str, items: dict[str, Any]) -> None:
    db = sqlite3.connect(path)
    put(db, table, items)
    db.commit()
    db.close()
