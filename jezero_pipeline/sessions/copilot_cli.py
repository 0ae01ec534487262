"""GitHub Copilot CLI sessions: `~/.copilot/session-state/<id>/events.jsonl` (current; beside it
`workspace.yaml` gives the title) and the earlier flat `session-state/<id>.jsonl`.

Each line is an event `{type, id, parentId, timestamp, data}`; the log only grows (a resumed
session appends another leg), so a grown file is read from where the last run stopped.
Kept: `user.message` content (the typed prompt, not `transformedContent`), `assistant.message`
content with one line per `toolRequests` entry (a `tool.execution_start` whose call no request
announced is kept too, so each call counts once). Dropped: the system prompt, reasoning, tool
results, skill-injected user messages (`source: skill-…`, `<skill-context`), sub-agent prompts
(`parentAgentTaskId`, unless include_subagents), session bookkeeping, read-only tools.
Session id: `session.start` `sessionId`, else the folder's (or file's) name; cwd: its
`context.cwd` (older builds: the `folder_trust` notice); model: `session.model_change`.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..models import Session
from ..text import parse_time
from .base import ScanResult
from .docstore import as_dict, as_list, maybe_json, own_call, split_roots, text_value
from .jsonl import JsonlFileConnector, JsonLine
from .rendering import BlockCollector, make_session
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"view", "read", "glob", "grep", "rg", "list_dir", "web_fetch", "report_intent"})
_TRUST = re.compile(r"Folder (.+?) has been added to trusted folders")
_YAML_LINE = re.compile(r"^([A-Za-z_][\w-]*):\s*(.*)$")
_SEEN_KEPT = 500  # tool call ids remembered across reads (a request and its execution are close)


class CopilotCliConnector(JsonlFileConnector):
    type = "copilot_cli"
    store = AgentStore(
        option="sessions_dir",
        default="${COPILOT_HOME:-~/.copilot}/session-state",
        paths=session_paths(rf"{SEGMENT}/events\.jsonl", rf"{SEGMENT}/workspace\.yaml", rf"{SEGMENT}\.jsonl"),
    )
    known_options = frozenset({"sessions_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        found: dict[str, tuple[Path, dict[str, str]]] = {}
        folders, files = split_roots(self.store_roots(), "session-state")
        for path in files:
            found[str(path)] = (path, {"folder": "1"} if path.name == "events.jsonl" else {})
        for root in folders:
            for path in sorted(root.glob("*.jsonl")):
                found.setdefault(path.stem, (path, {}))
            for path in sorted(root.glob("*/events.jsonl")):
                found[path.parent.name] = (path, {"folder": "1"})  # the current layout wins
        return sorted(found.values(), key=lambda pc: str(pc[0]))

    def parse_file(
        self, path: Path, lines: list[JsonLine], carry: dict[str, Any], context: dict[str, str], mtime: float
    ) -> Session | None:
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        last = parse_time(carry.get("last_ts")) or datetime.fromtimestamp(mtime, tz=UTC)
        seen: list[str] = list(carry.get("seen") or [])
        for line in lines:
            r = line.record
            data = as_dict(r.get("data"))
            last = ts = parse_time(r.get("timestamp")) or last
            _event(self, c, carry, seen, line.number, ts, str(r.get("type") or ""), data)
        carry["last_ts"] = last.isoformat()
        carry["seen"] = seen[-_SEEN_KEPT:]
        if own_call(carry, c):
            return None
        folder_id = path.parent.name if context.get("folder") else path.stem
        sid = str(carry.get("session_id") or folder_id)
        meta = {"models": carry["model"]} if carry.get("model") else {}
        workspace = _workspace(path.parent / "workspace.yaml") if context.get("folder") else {}
        cwd = carry.get("cwd") or workspace.get("cwd")
        title = workspace.get("name") or workspace.get("summary")
        return make_session(self, c, session_id=sid, ref_prefix="copilot-cli-session", cwd=cwd, path=str(path),
                          mtime=mtime, title=title, meta=meta)  # fmt: skip


def _event(
    conn: CopilotCliConnector,
    c: BlockCollector,
    carry: dict[str, Any],
    seen: list[str],
    n: int,
    ts: datetime,
    kind: str,
    data: dict[str, Any],
) -> None:
    if kind == "session.start":
        context = as_dict(data.get("context"))
        carry.setdefault("session_id", text_value(data.get("sessionId")))
        cwd = text_value(context.get("cwd")) or text_value(data.get("cwd"))
        if cwd:
            carry["cwd"] = cwd
    elif kind == "session.info" and not carry.get("cwd"):
        hit = _TRUST.search(str(data.get("message") or ""))
        if hit:
            carry["cwd"] = hit.group(1)
    elif kind == "session.model_change" and text_value(data.get("newModel")):
        carry["model"] = data["newModel"]
    elif kind == "user.message":
        text = data.get("content")
        text = text if isinstance(text, str) else _text(text) or _text(data.get("transformedContent"))
        source = str(data.get("source") or "")
        if source.startswith("skill-") or text.lstrip().startswith("<skill-context"):
            return
        if data.get("parentAgentTaskId") and not conn.agent.include_subagents:
            return
        c.user(n, ts, text)
    elif kind == "assistant.message":
        if data.get("parentToolCallId") and not conn.agent.include_subagents:
            return
        c.assistant(n, ts, _text(data.get("content")))
        for req in as_list(data.get("toolRequests")):
            req = as_dict(req)
            if req.get("toolCallId"):
                seen.append(str(req["toolCallId"]))
            c.tool_call(n, ts, str(req.get("name") or req.get("toolName") or ""), maybe_json(req.get("arguments")))
        if text_value(data.get("model")) and not carry.get("model"):
            carry["model"] = data["model"]
    elif kind == "tool.execution_start" and str(data.get("toolCallId") or "") not in seen:
        if data.get("toolCallId"):
            seen.append(str(data["toolCallId"]))
        c.tool_call(n, ts, str(data.get("toolName") or data.get("name") or ""), maybe_json(data.get("arguments")))
    # system.message, reasoning, tool results, turn markers, compaction, shutdown: dropped


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    parts = [p if isinstance(p, str) else str(as_dict(p).get("text") or "") for p in as_list(value)]
    return "\n".join(p for p in parts if p)


def _workspace(path: Path) -> dict[str, str]:
    """The flat `key: value` lines of workspace.yaml (quotes removed); {} when unreadable."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        m = _YAML_LINE.match(line)
        if m:
            value = m.group(2).strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            if value and value not in ("null", "~", "|", ">"):
                out[m.group(1)] = value
    return out


CONNECTOR = CopilotCliConnector
