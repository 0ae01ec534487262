"""Gemini CLI chats: `~/.gemini/tmp/<projectHash>/chats/session-*.json` (and `.jsonl`).

Up to 0.3x a chat is one pretty-printed JSON document, rewritten in place: block ordinals are
message indexes. From 0.40 it is JSONL: a header line `{sessionId, projectHash, startTime,
lastUpdated, kind}`, then message lines, and `{"$set": …}` patch lines; ordinals are line
numbers (a message id written twice keeps its first line and its latest content). A JSONL chat
that only grew is read from where the last run stopped; a message rewritten further down is
re-emitted under its first line, so the stored block is replaced by its latest content.

There is no cwd in the file, only `projectHash` (SHA-256 of the project root): when a
configured `[projects] paths` entry hashes to it, that path becomes the cwd.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import Connector, FileState, ScanResult, Unit
from .jsonl import HEAD_BYTES, UnitCarry, read_streams
from .rendering import BlockCollector, emit_session, text_of
from .stores import SEGMENT, AgentStore, session_paths

DEFAULT_GLOB = "*/chats/session-*.json*"
READ_ONLY_TOOLS = frozenset(
    {
        "read_file",
        "read_many_files",
        "list_directory",
        "glob",
        "search_file_content",
        "grep",
        "google_web_search",
        "web_fetch",
        "web_search",
    }
)


class GeminiCliConnector(Connector):
    type = "gemini_cli"
    store = AgentStore(
        option="sessions_dir",
        default="~/.gemini/tmp",
        paths=session_paths(rf"{SEGMENT}/chats/session-{SEGMENT}\.jsonl?"),
    )
    known_options = frozenset({"sessions_dir", "glob", "skip_tools"})

    def session_roots(self) -> list[Path]:
        return self.store_roots()

    def watch_paths(self) -> list[Path]:
        return self.session_roots()

    def chat_files(self) -> list[Path]:
        pattern = str(self.options.get("glob") or DEFAULT_GLOB)
        found = {
            p
            for root in self.session_roots()
            if root.is_dir()
            for p in root.glob(pattern)
            if p.is_file() and p.suffix in (".json", ".jsonl")
        }
        return sorted(found)

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), [p]) for p in self.chat_files()]

    def start_of(self, unit: Unit) -> datetime | None:
        """`startTime` from the header line of a .jsonl chat (a .json chat is read whole)."""
        path = Path(unit.key)
        if path.suffix == ".jsonl":
            try:
                with path.open("rb") as f:
                    first = f.readline(HEAD_BYTES)
                header = json.loads(first)
            except (OSError, ValueError):
                header = None
            if isinstance(header, dict) and parse_time(header.get("startTime")):
                return parse_time(header.get("startTime"))
        return super().start_of(unit)

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for path in self.chat_files():
            key = str(path)
            stat = self.check_unit(result, previous, key, [path], now)
            if stat is None:
                continue
            size, mtime = stat
            state = FileState(key, size, mtime)
            try:
                if path.suffix == ".jsonl":
                    self._read_jsonl(path, result, state, previous.get(key))
                else:
                    chat = _read_document(path, result)
                    if chat is not None:
                        self._emit(chat, path, mtime, result)
            except OSError as err:
                result.warnings.append(f"{path}: {err.strerror or err}")
                continue
            result.states[key] = state

    def _read_jsonl(self, path: Path, result: ScanResult, state: FileState, prev: FileState | None) -> None:
        """A JSONL chat, only its new lines when it grew since a read that kept its session."""
        carry = UnitCarry.load(prev)
        reads, resumed = read_streams({"chat": path}, carry, result)
        read = reads["chat"]
        result.warnings.extend(f"{path}: {p}" for p in read.read.problems)
        state.prefix_sha256, state.consumed = read.cursor.sha, read.cursor.consumed
        known = carry.state if (carry is not None and resumed) else {}
        header: dict[str, Any] = dict(known.get("header") or {})
        first_line: dict[str, int] = dict(known.get("ids") or {})  # message id -> the line it first appeared on
        messages: dict[str, tuple[int, dict[str, Any]]] = {}
        anonymous: list[tuple[int, dict[str, Any]]] = []
        for line in read.read.lines:
            rec = line.record
            if "sessionId" in rec and "type" not in rec:
                header.update(rec)
            elif "$set" in rec:
                if isinstance(rec["$set"], dict):
                    header.update(rec["$set"])
            elif "type" in rec:
                mid = rec.get("id")
                if isinstance(mid, str):
                    first_line.setdefault(mid, line.number)
                    messages[mid] = (first_line[mid], rec)
                else:
                    anonymous.append((line.number, rec))
        cursors = {"chat": read.cursor}
        parser_state = {"header": header, "ids": first_line}
        if not isinstance(header.get("sessionId"), str) or not header["sessionId"]:
            if read.read.lines:
                result.warnings.append(f"{path}: no header line with sessionId, file skipped")
            elif not read.read.problems and not resumed:
                result.warnings.append(f"{path}: empty, no session read (a stored copy is kept)")
            state.carry = UnitCarry(cursors, parser_state, False).dump()
            return
        ordered = sorted([*messages.values(), *anonymous], key=lambda m: m[0])
        kept = self._emit(_Chat(header, ordered), path, state.mtime, result, appended=resumed)
        state.carry = UnitCarry(cursors, parser_state, kept).dump()

    def _emit(self, chat: _Chat, path: Path, mtime: float, result: ScanResult, appended: bool = False) -> bool:
        head = chat.header
        fallback = (
            parse_time(head.get("lastUpdated"))
            or parse_time(head.get("startTime"))
            or datetime.fromtimestamp(mtime, tz=UTC)
        )
        collector = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        models: list[str] = []
        for ordinal, msg in chat.messages:
            ts = parse_time(msg.get("timestamp")) or fallback
            kind = msg.get("type")
            if kind == "user":
                collector.user(ordinal, ts, text_of(_content(msg.get("content"))))
            elif kind == "gemini":
                collector.assistant(ordinal, ts, text_of(_content(msg.get("content"))))
                for call in msg.get("toolCalls") or []:
                    if isinstance(call, dict):
                        collector.tool_call(
                            ordinal,
                            parse_time(call.get("timestamp")) or ts,
                            str(call.get("name") or ""),
                            call.get("args", ""),
                        )
                model = msg.get("model")
                if isinstance(model, str) and model and model not in models:
                    models.append(model)
            # info / warning / error messages, thoughts and tool results are dropped
        if not collector.blocks and not appended:
            return False  # e.g. a chat holding only a warning: nothing said, nothing to keep
        meta = {"models": ",".join(models)} if models else {}
        return emit_session(
            self,
            result,
            collector,
            session_id=str(head["sessionId"]),
            ref_prefix="gemini-cli-session",
            cwd=self._cwd_for(head.get("projectHash")),
            path=str(path),
            mtime=mtime,
            meta=meta,
            appended=appended,
        )

    def _cwd_for(self, project_hash: Any) -> str | None:
        """The configured project path whose SHA-256 is Gemini's projectHash, if any."""
        if not isinstance(project_hash, str):
            return None
        for value in self.projects.paths.values():
            candidates = {str(value), os.path.expanduser(str(value))}
            for c in candidates:
                for variant in (c, c.rstrip("/")):
                    if hashlib.sha256(variant.encode()).hexdigest() == project_hash:
                        return variant
        return None


class _Chat:
    def __init__(self, header: dict[str, Any], messages: list[tuple[int, dict[str, Any]]]):
        self.header = header
        self.messages = messages


def _content(content: Any) -> Any:
    """User content may be `[{text}]` without a type; make it `text_of`-readable."""
    if isinstance(content, list):
        return [{"type": "text", "text": p.get("text", "")} if isinstance(p, dict) else p for p in content]
    return content


def _read_document(path: Path, result: ScanResult) -> _Chat | None:
    data = path.read_bytes()
    result.bytes_read += len(data)
    if not data.strip():
        result.warnings.append(f"{path}: empty, file skipped")
        return None
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        result.warnings.append(f"{path}: invalid UTF-8 at byte {err.start}, file skipped")
        return None
    except json.JSONDecodeError as err:
        result.warnings.append(f"{path}: not JSON ({err.msg} at line {err.lineno}), file skipped")
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("sessionId"), str):
        result.warnings.append(f"{path}: not a Gemini chat (no sessionId), file skipped")
        return None
    raw = doc.get("messages")
    messages = [(i, m) for i, m in enumerate(raw if isinstance(raw, list) else []) if isinstance(m, dict)]
    return _Chat(doc, messages)


CONNECTOR = GeminiCliConnector
