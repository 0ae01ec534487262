"""Cursor (the IDE): chats and composer sessions in its `state.vscdb` databases under the `User`
folder, `globalStorage/state.vscdb` and each `workspaceStorage/<id>/state.vscdb`, opened
read-only; a session is a unit `<database>#<composer id>` (`#chat:<tab id>` for the oldest chat).

- Composers (current and older builds): `cursorDiskKV` `composerData:<id>` (name, times in ms,
  `fullConversationHeadersOnly` giving the order, `modelConfig.modelName`, the workspace) and one
  row per message, `bubbleId:<id>:<bubble>` (`type` 1 user / 2 assistant, `text`, `createdAt`,
  `capabilityType`, `toolFormerData {name, params|rawArgs}`). Older builds keep the bubbles
  inline (`conversation[]`, `conversationMap{}`, `tabs[].bubbles[]`): they are read too. Only the
  fields rendered are read from each row (`json_extract`): a value can hold whole files.
- Pre-composer chat: `ItemTable` `workbench.panel.aichat.view.aichat.chatdata`, `{tabs: [{tabId,
  chatTitle, bubbles: [{type: user|ai, text}]}]}`.
Knowing what changed is a light listing (ids, counts, row ids and times); only the changed
sessions are read. Kept: user and assistant text, one line per tool call. Dropped: thinking
(capability 30), `/summarize` markers (22), empty bubbles, drafts (a composer with no message;
its `text` is the unsent input box), best-of-N sub-composers (unless include_subagents),
read-only tools; no other key is ever read (`ItemTable` also holds credentials).
The cwd: the composer's workspace, else a bubble's `workspaceProjectDir`, else the workspace
whose `composer.composerData` lists it (its `workspace.json` folder).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import ScanResult, unit_stat
from .docstore import as_dict, as_list, maybe_json, text_value, uri_path
from .rendering import BlockCollector, emit_session
from .sqlite_store import DatabaseConnector, StoredSession, open_sqlite_readonly, rows_in
from .stores import SEGMENT, AgentStore, session_paths
from .vscode import kv_get, kv_tables, user_dirs, workspace_folder

READ_ONLY_TOOLS = frozenset(
    {"read_file", "read_file_v2", "list_dir", "list_dir_v2", "glob_file_search", "grep_search", "codebase_search",
     "file_search", "web_search", "fetch_rules", "ripgrep_search", "read_lints", "todo_write"}
)  # fmt: skip
CHAT_KEY = "workbench.panel.aichat.view.aichat.chatdata"
_OK = "CASE WHEN json_valid(value) THEN json_extract(value, '{path}') END"
_COMPOSER_FIELDS = ("name", "createdAt", "lastUpdatedAt", "fullConversationHeadersOnly", "workspaceIdentifier",
                    "modelConfig", "isBestOfNSubcomposer", "conversation", "conversationMap", "tabs")  # fmt: skip
_BUBBLE_FIELDS = ("bubbleId", "type", "text", "rawText", "createdAt", "timestamp", "capabilityType",
                  "toolFormerData.name", "toolFormerData.rawArgs", "workspaceProjectDir", "isThought", "richText")  # fmt: skip
_PARAMS_CHARS = 4000
Data = tuple[dict[str, Any], list[dict[str, Any]]]  # composer fields, its bubbles in order


class CursorConnector(DatabaseConnector[Data]):
    type = "cursor"
    store = AgentStore(
        option="user_dir",
        paths=session_paths(
            r"globalStorage/state\.vscdb", rf"workspaceStorage/{SEGMENT}/(?:state\.vscdb|workspace\.json)"
        ),
        **user_dirs("Cursor"),
    )
    label = "Cursor"
    known_options = frozenset({"user_dir", "skip_tools"})

    def reads_exports(self) -> bool:
        return False

    def watch_paths(self) -> list[Path]:
        return [p for db in self.databases() for p in (db, Path(f"{db}-wal"))] or self.store_roots()

    def databases(self) -> list[Path]:
        found: list[Path] = []
        for root in self.store_roots():
            if root.is_file():
                found.append(root)
            elif (root / "globalStorage").is_dir() or (root / "workspaceStorage").is_dir():
                found += [root / "globalStorage" / "state.vscdb", *sorted(root.glob("workspaceStorage/*/state.vscdb"))]
            elif root.is_dir():
                found += sorted(root.rglob("state.vscdb"))
        return [db for db in found if db.is_file()]

    def list_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[Data]]:
        tables = kv_tables(conn)
        out: list[StoredSession[Data]] = []
        if "cursorDiskKV" in tables:
            bubbles = {
                str(r[0]): (int(r[1]), int(r[2] or 0))
                for r in conn.execute(
                    "SELECT substr(key, 10, instr(substr(key, 10), ':') - 1), count(*), max(rowid) FROM cursorDiskKV "
                    "WHERE key >= 'bubbleId:' AND key < 'bubbleId;' GROUP BY 1"
                )
            }
            inline = (
                "CASE WHEN json_valid(value) THEN coalesce(json_array_length(value, '$.conversation'), 0)"
                " + coalesce(json_type(value, '$.conversationMap') = 'object', 0)"
                " + coalesce(json_type(value, '$.tabs') = 'array', 0) END"
            )
            sql = (f"SELECT substr(key, 14), rowid, {_OK.format(path='$.createdAt')}, "
                   f"{_OK.format(path='$.lastUpdatedAt')}, {inline} FROM cursorDiskKV "
                   "WHERE key >= 'composerData:' AND key < 'composerData;'")  # fmt: skip
            for cid, rowid, created, updated, inline in conn.execute(sql):
                n, top = bubbles.get(str(cid), (0, 0))
                if n == 0 and not inline:
                    continue  # a draft: listed in the sidebar, never sent
                start = parse_time(created)
                out.append(
                    StoredSession(str(cid), start, parse_time(updated) or start, n * 1_000_003 + max(top, rowid))
                )
        if "ItemTable" in tables:
            for tab in _chat_tabs(conn):
                times = [
                    parse_time(b.get("timestamp") or b.get("createdAt")) for b in map(as_dict, as_list(tab["bubbles"]))
                ]
                known = [t for t in times if t] + [t for t in [parse_time(tab.get("lastSendTime"))] if t]
                start = min(known, default=None)
                size = len(str(tab.get("bubbles")))
                out.append(StoredSession(f"chat:{tab['tabId']}", start, max(known, default=None), size))
        return out

    def read_sessions(self, conn: sqlite3.Connection, ids: list[str]) -> tuple[dict[str, Data], int]:
        out: dict[str, Data] = {}
        nbytes = 0
        composers = [i for i in ids if not i.startswith("chat:")]
        if composers and "cursorDiskKV" in kv_tables(conn):
            cols = ", ".join(_OK.format(path=f"$.{f}") for f in _COMPOSER_FIELDS)
            sql = f"SELECT substr(key, 14), {cols} FROM cursorDiskKV WHERE key IN ({{ids}})"
            for row in rows_in(conn, sql, [f"composerData:{i}" for i in composers]):
                fields = {f: maybe_json(v) for f, v in zip(_COMPOSER_FIELDS, list(row)[1:], strict=True)}
                nbytes += sum(len(v) for v in row if isinstance(v, str))
                out[str(row[0])] = (fields, [])
            bcols = ", ".join(_OK.format(path=f"$.{f}") for f in _BUBBLE_FIELDS)
            params = f"substr({_OK.format(path='$.toolFormerData.params')}, 1, {_PARAMS_CHARS})"
            for cid, (fields, bubbles) in out.items():
                rows = conn.execute(
                    f"SELECT substr(key, {len(cid) + 11}), {bcols}, {params} FROM cursorDiskKV "
                    "WHERE key >= ? AND key < ? ORDER BY rowid",
                    (f"bubbleId:{cid}:", f"bubbleId:{cid};"),
                )
                for row in rows:
                    values = list(row)
                    nbytes += sum(len(v) for v in values if isinstance(v, str))
                    bubble = dict(zip(_BUBBLE_FIELDS, values[1:-1], strict=True))
                    bubble["bubbleId"] = bubble.get("bubbleId") or values[0]
                    bubble["params"] = values[-1]
                    bubbles.append(bubble)
                bubbles[:] = _ordered(fields, bubbles)
        chats = {i[5:] for i in ids if i.startswith("chat:")}
        if chats and "ItemTable" in kv_tables(conn):
            for tab in _chat_tabs(conn):
                if str(tab["tabId"]) in chats:
                    out[f"chat:{tab['tabId']}"] = ({"name": tab.get("chatTitle")}, [as_dict(b) for b in tab["bubbles"]])
        return out, nbytes

    def emit(self, session: StoredSession[Data], key: str, now: float, result: ScanResult) -> None:
        if session.data is None:
            return
        fields, bubbles = session.data
        if fields.get("isBestOfNSubcomposer") and not self.agent.include_subagents:
            return
        last = session.last.timestamp() if session.last else now
        if not self.settled(last, now):
            result.deferred += 1
            return
        db = Path(key.rsplit("#", 1)[0])
        ts = parse_time(fields.get("createdAt")) or datetime.fromtimestamp(last, tz=UTC)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        cwd = _workspace_of(fields)
        for n, b in enumerate(bubbles, start=1):
            ts = parse_time(b.get("createdAt")) or parse_time(b.get("timestamp")) or ts
            cwd = cwd or text_value(b.get("workspaceProjectDir"))
            _bubble(c, n, ts, b)
        cwd = cwd or _workspace_cwd(db, session.id)
        model = text_value(as_dict(fields.get("modelConfig")).get("modelName"))
        emit_session(self, result, c, session_id=session.id, ref_prefix="cursor-composer", cwd=cwd, path=key,
                     mtime=last, title=text_value(fields.get("name")), meta={"models": model} if model else {})  # fmt: skip


def _workspace_cwd(db: Path, composer: str) -> str | None:
    """The folder of the workspace this database belongs to, else of the workspace database
    whose composer list names the composer."""
    if db.parent.parent.name == "workspaceStorage":
        return workspace_folder(db.parent)
    for ws_db in sorted(db.parent.parent.glob("workspaceStorage/*/state.vscdb")):
        if composer in _listed_composers(ws_db):
            return workspace_folder(ws_db.parent)
    return None


def _listed_composers(db: Path) -> list[str]:
    stat = unit_stat([db, Path(f"{db}-wal")])
    cached = _WORKSPACES.get(str(db))
    if cached is not None and cached[0] == stat:
        return cached[1]
    try:
        conn = open_sqlite_readonly(db)
        try:
            doc = as_dict(kv_get(conn, "ItemTable", "composer.composerData"))
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return []
    ids = [str(c["composerId"]) for c in map(as_dict, as_list(doc.get("allComposers"))) if c.get("composerId")]
    _WORKSPACES[str(db)] = (stat, ids)
    return ids


def _chat_tabs(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    doc = as_dict(kv_get(conn, "ItemTable", CHAT_KEY))
    return [t for t in map(as_dict, as_list(doc.get("tabs"))) if t.get("tabId") and isinstance(t.get("bubbles"), list)]


def _ordered(fields: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bubbles in conversation order: the header list first (ids with no row skipped),
    then rows no header names, by time; inline bubbles of older builds when there are no rows."""
    if not rows:
        inline = as_list(fields.get("conversation")) or list(as_dict(fields.get("conversationMap")).values())
        inline = inline or [b for t in map(as_dict, as_list(fields.get("tabs"))) for b in as_list(t.get("bubbles"))]
        rows = [as_dict(b) for b in inline]
        rows = [{**b, "params": as_dict(b.get("toolFormerData")).get("params"),
                 "toolFormerData.name": as_dict(b.get("toolFormerData")).get("name")} for b in rows]  # fmt: skip
    by_id = {str(b.get("bubbleId")): b for b in rows if b.get("bubbleId")}
    order = [str(as_dict(h).get("bubbleId")) for h in as_list(fields.get("fullConversationHeadersOnly"))]
    ordered = [by_id.pop(i) for i in order if i in by_id]
    rest = [b for b in rows if str(b.get("bubbleId")) in by_id or not b.get("bubbleId")]
    rest.sort(key=lambda b: str(parse_time(b.get("createdAt") or b.get("timestamp")) or ""))
    return ordered + rest


def _bubble(c: BlockCollector, n: int, ts: datetime, b: dict[str, Any]) -> None:
    kind = b.get("type")
    capability = b.get("capabilityType")
    if capability in (22, 30) or b.get("isThought"):
        return
    text = b.get("text") if isinstance(b.get("text"), str) and b.get("text") else b.get("rawText")
    text = text if isinstance(text, str) and text else _lexical_text(maybe_json(b.get("richText")))
    if kind in (1, "1", "user"):
        c.user(n, ts, text)
        return
    c.assistant(n, ts, text)
    name = text_value(b.get("toolFormerData.name"))
    if name:
        c.tool_call(n, ts, name, maybe_json(b.get("params") or b.get("toolFormerData.rawArgs") or ""))


def _lexical_text(node: Any, depth: int = 0) -> str:
    """The text of a Lexical editor document (`richText`), paragraphs on their own lines."""
    if depth > 50 or not isinstance(node, dict):
        return ""
    if isinstance(node.get("text"), str):
        return node["text"]
    children = as_list(node.get("children")) or as_list(as_dict(node.get("root")).get("children"))
    sep = "\n" if node.get("type") in ("root", None) else ""
    return sep.join(_lexical_text(c, depth + 1) for c in children)


def _workspace_of(fields: dict[str, Any]) -> str | None:
    ws = as_dict(fields.get("workspaceIdentifier"))
    uri = ws.get("uri")
    return text_value(as_dict(uri).get("fsPath")) or text_value(as_dict(uri).get("path")) or uri_path(uri)


# workspace database -> (its stat, the composer ids it lists)
_WORKSPACES: dict[str, tuple[tuple[int, float] | None, list[str]]] = {}


CONNECTOR = CursorConnector
