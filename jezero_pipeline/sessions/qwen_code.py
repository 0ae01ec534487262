"""Qwen Code sessions under `~/.qwen`: `projects/<cwd-slug>/chats/<sessionId>.jsonl` (current;
`chats/archive/` too) and the older Gemini-CLI-style `tmp/<projectHash>/chats/session-*.json`.

Current: one `ChatRecord` per line `{uuid, parentUuid, sessionId, timestamp, type, subtype?,
cwd, message: {role, parts}}`, append-only, so a grown file is read from where the last run
stopped. Kept: `user` text parts, `assistant` text parts with one line per `functionCall`.
Dropped: `thought` parts, `tool_result` records, `system` records (the last `custom_title` is
the title), sub-agent records (`isSidechain`, unless include_subagents), read-only tools.
Older: `{sessionId, startTime, messages: [{type: user|qwen|gemini, content, toolCalls?}]}`,
rewritten whole; block ordinals are message indexes. A session in `chats/` wins over its
archived copy.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..models import Session
from ..text import parse_time
from .base import ScanResult
from .docstore import JsonlAndWholeFiles, as_dict, as_list, load_json, maybe_json, own_call, split_roots, text_value
from .jsonl import JsonLine
from .rendering import BlockCollector, emit_session, make_session, text_of
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset(
    {"read_file", "read_many_files", "list_directory", "glob", "search_file_content", "grep_search", "web_fetch",
     "web_search", "todo_write"}
)  # fmt: skip


class QwenCodeConnector(JsonlAndWholeFiles):
    type = "qwen_code"
    store = AgentStore(
        option="data_dir",
        default="~/.qwen",
        paths=session_paths(
            rf"projects/{SEGMENT}/chats/(?:archive/)?{SEGMENT}\.jsonl", rf"tmp/{SEGMENT}/chats/session-{SEGMENT}\.json"
        ),
    )
    known_options = frozenset({"data_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        folders, files = split_roots(self.store_roots())
        found: dict[str, Path] = {str(p): p for p in files}
        for root in folders:
            if (root / "projects").is_dir() or (root / "tmp").is_dir():
                patterns = [
                    "projects/*/chats/archive/*.jsonl",
                    "projects/*/chats/*.jsonl",
                    "tmp/*/chats/session-*.json",
                ]
            else:  # a folder of chats, or of copies: take what looks like one
                patterns = ["**/archive/*.jsonl", "**/*.jsonl", "**/session-*.json"]
            for pattern in patterns:
                for p in sorted(root.glob(pattern)):
                    if p.is_file() and (pattern.endswith("archive/*.jsonl") or p.parent.name != "archive"):
                        found[f"{p.parent.parent}/{p.name}" if p.parent.name == "archive" else str(p)] = p
        return [(p, {}) for p in sorted(found.values())]

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), [p]) for p, _ in self.session_files(ScanResult())]

    def _collector(self) -> BlockCollector:
        return BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))

    def parse_file(
        self, path: Path, lines: list[JsonLine], carry: dict[str, Any], context: dict[str, str], mtime: float
    ) -> Session | None:
        c = self._collector()
        last = parse_time(carry.get("last_ts")) or datetime.fromtimestamp(mtime, tz=UTC)
        for line in lines:
            r = line.record
            last = ts = parse_time(r.get("timestamp")) or last
            for key, field in (("session_id", "sessionId"), ("cwd", "cwd")):
                if key not in carry and text_value(r.get(field)):
                    carry[key] = r[field]
            if r.get("isSidechain") and not self.agent.include_subagents:
                continue
            _record(c, carry, line.number, ts, r)
        carry["last_ts"] = last.isoformat()
        if own_call(carry, c):
            return None
        meta = {"models": carry["model"]} if carry.get("model") else {}
        return make_session(self, c, session_id=str(carry.get("session_id") or path.stem), ref_prefix="qwen-code-session",
                          cwd=carry.get("cwd"), path=str(path), mtime=mtime, title=carry.get("title"), meta=meta)  # fmt: skip

    def read_whole(self, path: Path, context: dict[str, str], mtime: float, result: ScanResult) -> None:
        key = str(path)
        doc = load_json(path, result)
        if not isinstance(doc, dict) or not text_value(doc.get("sessionId")):
            if doc is not None:
                result.warnings.append(f"{key}: not a Qwen Code chat (no sessionId), file skipped")
            return
        c = self._collector()
        ts = parse_time(doc.get("startTime")) or datetime.fromtimestamp(mtime, tz=UTC)
        for i, m in enumerate(as_list(doc.get("messages"))):
            m = as_dict(m)
            ts = parse_time(m.get("timestamp")) or ts
            content = [{"type": "text", "text": p.get("text", "")} if isinstance(p, dict) else p
                       for p in as_list(m.get("content"))] or m.get("content")  # fmt: skip
            if m.get("type") == "user":
                c.user(i, ts, text_of(content))
            elif m.get("type") in ("qwen", "gemini", "model", "assistant"):
                c.assistant(i, ts, text_of(content))
                for call in as_list(m.get("toolCalls")):
                    call = as_dict(call)
                    c.tool_call(i, ts, str(call.get("name") or ""), maybe_json(call.get("args", "")))
        emit_session(self, result, c, session_id=doc["sessionId"], ref_prefix="qwen-code-session", cwd=None,
                     path=key, mtime=mtime)  # fmt: skip


def _record(c: BlockCollector, carry: dict[str, Any], n: int, ts: datetime, r: dict[str, Any]) -> None:
    kind = r.get("type")
    message = as_dict(r.get("message"))
    parts = as_list(message.get("parts")) or as_list(message.get("content"))
    if kind == "user":
        if str(r.get("provenance") or "") in ("system", "tool_result", "assistant_output"):
            return
        said = [p["text"] for p in map(as_dict, parts) if isinstance(p.get("text"), str) and not p.get("thought")]
        c.user(n, ts, "\n".join(said) if said else text_of(message.get("content")))
    elif kind == "assistant":
        said = [p["text"] for p in map(as_dict, parts) if isinstance(p.get("text"), str) and not p.get("thought")]
        c.assistant(n, ts, "\n".join(said))
        for p in map(as_dict, parts):
            call = as_dict(p.get("functionCall"))
            if call:
                c.tool_call(n, ts, str(call.get("name") or ""), maybe_json(call.get("args", "")))
        if text_value(r.get("model")):
            carry["model"] = r["model"]
    elif kind == "system":
        payload = as_dict(r.get("systemPayload"))
        title = text_value(payload.get("customTitle")) or text_value(payload.get("title"))
        if r.get("subtype") == "custom_title" and title:
            carry["title"] = title
    # tool_result records: dropped


CONNECTOR = QwenCodeConnector
