"""Factory Droid sessions: `~/.factory/sessions/<cwd-slug>/<id>.jsonl` (flat `sessions/<id>.jsonl`
is seen on Windows), with `<id>.settings.json` beside it (the model).

The JSONL only grows, so a grown file is read from where the last run stopped. Records:
`session_start {id, title, cwd}` (the header), `message {timestamp, message: {role, content}}`
with Anthropic-shaped content (text, tool_use; tool results come back in user messages).
The `droid exec --output-format stream-json` dialect is read too (`system` with the cwd,
`message {role, text}` whose `delta` pieces are joined, `tool_call {toolName, parameters}`,
`completion {finalText}` when nothing else was said).
Kept: user and assistant text, one line per tool call. Dropped: tool results, thinking,
`<system-reminder>` injections, `todo_state` and other records, read-only tools.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..models import Session
from ..text import parse_time
from .base import ScanResult
from .docstore import add_message, as_dict, maybe_json, own_call, parse_json_bytes, split_roots, text_value
from .jsonl import JsonlFileConnector, JsonLine
from .rendering import BlockCollector, make_session
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"read", "ls", "glob", "grep", "websearch", "fetchurl", "todowrite", "view"})


class FactoryDroidConnector(JsonlFileConnector):
    type = "factory_droid"
    store = AgentStore(
        option="sessions_dir",
        default="~/.factory/sessions",
        paths=session_paths(rf"(?:{SEGMENT}/)?{SEGMENT}\.jsonl", rf"(?:{SEGMENT}/)?{SEGMENT}\.settings\.json"),
    )
    known_options = frozenset({"sessions_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        folders, files = split_roots(self.store_roots(), "sessions")
        found = set(files)
        for root in folders:
            found.update(p for pattern in ("*.jsonl", "*/*.jsonl") for p in root.glob(pattern) if p.is_file())
        return [(p, {}) for p in sorted(found)]

    def parse_file(
        self, path: Path, lines: list[JsonLine], carry: dict[str, Any], context: dict[str, str], mtime: float
    ) -> Session | None:
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        last = parse_time(carry.get("last_ts")) or datetime.fromtimestamp(mtime, tz=UTC)
        pending: list[Any] = []  # stream-json: [first line, time, role, pieces] of the message being streamed
        for line in lines:
            r = line.record
            last = ts = parse_time(r.get("timestamp")) or last
            streamed = r.get("type") == "message" and "message" not in r and isinstance(r.get("text"), str)
            if pending and not (streamed and r.get("role") == pending[2] and r.get("subtype") == "delta"):
                add_message(c, pending[0], pending[1], pending[2], "".join(pending[3]))
                pending = []
            if streamed:
                if pending:
                    pending[3].append(r["text"])
                else:
                    pending = [line.number, ts, str(r.get("role") or ""), [r["text"]]]
                carry["said"] = True
                continue
            _record(c, carry, line.number, ts, r)
        if pending:
            add_message(c, pending[0], pending[1], pending[2], "".join(pending[3]))
        carry["last_ts"] = last.isoformat()
        if own_call(carry, c):
            return None
        settings = _settings(path)
        meta = {"models": str(settings["model"])} if text_value(settings.get("model")) else {}
        if carry.get("model") and not meta:
            meta["models"] = carry["model"]
        sid = str(carry.get("id") or path.stem)
        return make_session(self, c, session_id=sid, ref_prefix="factory-droid-session", cwd=carry.get("cwd"),
                          path=str(path), mtime=mtime, title=carry.get("title"), meta=meta)  # fmt: skip


def _record(c: BlockCollector, carry: dict[str, Any], n: int, ts: datetime, r: dict[str, Any]) -> None:
    kind = r.get("type")
    if kind == "session_start":
        for key in ("id", "title", "cwd"):
            if text_value(r.get(key)):
                carry[key] = r[key]
    elif kind == "system":  # stream-json header
        for key in ("cwd", "model"):
            if text_value(r.get(key)):
                carry.setdefault(key, r[key])
        if text_value(r.get("session_id")):
            carry.setdefault("id", r["session_id"])
    elif kind == "message" and isinstance(r.get("message"), dict):
        msg = r["message"]
        add_message(c, n, ts, str(msg.get("role") or ""), msg.get("content"))
        if text_value(msg.get("model")):
            carry["model"] = msg["model"]
    elif kind == "tool_call":
        c.tool_call(n, ts, str(r.get("toolName") or r.get("name") or ""), maybe_json(r.get("parameters")))
    elif kind == "completion" and not carry.get("said") and isinstance(r.get("finalText"), str):
        c.assistant(n, ts, r["finalText"])
    # tool_result, todo_state, error and other records: dropped


def _settings(path: Path) -> dict[str, Any]:
    side = path.with_name(path.name[: -len(".jsonl")] + ".settings.json")
    try:
        data = side.read_bytes()
    except OSError:
        return {}
    return as_dict(parse_json_bytes(data, str(side), ScanResult()))


CONNECTOR = FactoryDroidConnector
