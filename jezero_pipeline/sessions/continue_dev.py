"""Continue sessions: `~/.continue/sessions/<sessionId>.json` (`CONTINUE_GLOBAL_DIR` moves
`~/.continue`), one document per session rewritten whole on every save, with `sessions.json`
beside them as the index (title, `dateCreated`, `workspaceDirectory`).

A session is `{sessionId, title, workspaceDirectory, history: [ChatHistoryItem]}`; each item
holds a `message {role, content, toolCalls?}` (content a string or `{type: text}` parts) and,
in newer builds, `toolCallStates` (the calls, with their output). Items of the oldest builds
may be the message itself. There is no time per message: every block takes the session's
`dateCreated` (else the file's mtime), or a reasoning's `startAt` where one is given.
Kept: user and assistant text, one line per tool call. Dropped: system, thinking and tool
messages, `contextItems` (whole files), `promptLogs`, `editorState`, read-only tools.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import ScanResult
from .docstore import (
    DocumentConnector,
    as_dict,
    as_list,
    cached_json,
    load_json,
    maybe_json,
    split_roots,
    text_value,
    uri_path,
)
from .rendering import BlockCollector, emit_session, text_of
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"read_file", "ls", "grep_search", "file_glob_search", "view_diff", "read_currently_open_file",
                             "search_web", "fetch_url_content", "view_subdirectory", "view_repo_map"})  # fmt: skip
INDEX = "sessions.json"


class ContinueDevConnector(DocumentConnector):
    type = "continue_dev"
    store = AgentStore(
        option="sessions_dir",
        default="${CONTINUE_GLOBAL_DIR:-~/.continue}/sessions",
        paths=session_paths(rf"{SEGMENT}\.json"),
    )
    known_options = frozenset({"sessions_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def units(self) -> list[tuple[str, list[Path]]]:
        folders, found = split_roots(self.store_roots(), "sessions")
        for root in folders:
            found += [p for p in root.glob("*.json") if p.name != INDEX and p.is_file()]
        return [(str(p), [p]) for p in sorted(found)]

    def read_unit(self, key: str, paths: list[Path], mtime: float, result: ScanResult) -> None:
        doc = load_json(paths[0], result)
        if doc is None:
            return
        doc = as_dict(doc)
        sid = text_value(doc.get("sessionId")) or text_value(doc.get("session_id"))
        history = doc.get("history")
        if sid is None or not isinstance(history, list):
            result.warnings.append(f"{key}: not a Continue session (no sessionId and history), file skipped")
            return
        entry = _index(paths[0].parent).get(sid, {})
        start = parse_time(entry.get("dateCreated") or doc.get("dateCreated")) or datetime.fromtimestamp(mtime, tz=UTC)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        for i, item in enumerate(history):
            item = as_dict(item)
            message = as_dict(item.get("message")) or item
            ts = parse_time(as_dict(item.get("reasoning")).get("startAt")) or start
            role = message.get("role")
            if role == "user":
                c.user(i, ts, text_of(message.get("content")))
            elif role == "assistant":
                c.assistant(i, ts, text_of(message.get("content")))
                calls = [as_dict(s.get("toolCall")) for s in map(as_dict, as_list(item.get("toolCallStates")))]
                for call in calls or [as_dict(t) for t in as_list(message.get("toolCalls"))]:
                    fn = as_dict(call.get("function"))
                    c.tool_call(i, ts, str(fn.get("name") or ""), maybe_json(fn.get("arguments", "")))
        cwd = text_value(doc.get("workspaceDirectory")) or text_value(entry.get("workspaceDirectory"))
        title = text_value(doc.get("title")) or text_value(entry.get("title"))
        meta = {"models": doc["chatModelTitle"]} if text_value(doc.get("chatModelTitle")) else {}
        emit_session(self, result, c, session_id=sid, ref_prefix="continue-session", cwd=_path_of(cwd), path=key,
                     mtime=mtime, title=None if title == "New Session" else title, meta=meta)  # fmt: skip


def _path_of(workspace: str | None) -> str | None:
    return (uri_path(workspace) or workspace) if workspace else None


def _index(folder: Path) -> dict[str, dict[str, Any]]:
    """sessions.json: sessionId -> its entry ({} when missing or unreadable)."""
    return {str(e["sessionId"]): e for e in map(as_dict, as_list(cached_json(folder / INDEX))) if e.get("sessionId")}


CONNECTOR = ContinueDevConnector
