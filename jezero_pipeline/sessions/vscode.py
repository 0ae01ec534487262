"""What VS Code-family editors (VS Code, Insiders, VSCodium, Cursor, Windsurf) share: where their
`User` folder is on each platform, a workspace folder's project (`workspace.json`), and the
`state.vscdb` key-value databases, opened read-only.

`state.vscdb` (opened with `sqlite_store.open_sqlite_readonly`) holds two `(key TEXT, value
BLOB)` tables, `ItemTable` and `cursorDiskKV` (Cursor's); values are JSON text. Its `ItemTable` also keeps credentials (`cursorAuth/…`,
`secret://…`): keys are only ever read by name or by a prefix a caller names, never all.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from .docstore import as_dict, uri_path


def user_dirs(app: str) -> dict[str, str]:
    """An editor's `User` folder (`app` as its folder is named, a glob allowed) per platform,
    as `AgentStore` keyword arguments (`default` for Linux)."""
    return {
        "default": f"${{XDG_CONFIG_HOME:-~/.config}}/{app}/User",
        "macos": f"~/Library/Application Support/{app}/User",
        "windows": f"${{APPDATA:-~/AppData/Roaming}}/{app}/User",
    }


def in_user_dirs(app: str, rest: str) -> dict[str, str]:
    """`user_dirs` with a path inside the User folder appended."""
    return {k: f"{v}/{rest}" for k, v in user_dirs(app).items()}


def workspace_folder(workspace_dir: Path) -> str | None:
    """The folder a `workspaceStorage/<id>/` belongs to, from its `workspace.json`
    (`{"folder": "file:///…"}`, or `{"workspace": "…code-workspace"}`: that file's folder)."""
    try:
        doc = as_dict(json.loads((workspace_dir / "workspace.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    folder = uri_path(doc.get("folder"))
    if folder:
        return folder.rstrip("/") or folder
    workspace = uri_path(doc.get("workspace"))
    return str(Path(workspace).parent) if workspace else None


def kv_tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def kv_get(conn: sqlite3.Connection, table: str, key: str) -> Any | None:
    """The JSON value under `key` (None when missing, null or not JSON)."""
    if table not in kv_tables(conn):
        return None
    row = conn.execute(f"SELECT value FROM {table} WHERE key = ?", (key,)).fetchone()
    return kv_json(row[0]) if row else None


def kv_json(raw: Any) -> Any | None:
    """A value read from a key-value table, decoded (None when not JSON)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(raw, str):
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None
