"""Gemini CLI chats: `~/.gemini/tmp/<projectHash>/chats/session-*.json` (and `.jsonl`).

Up to 0.3x a chat is one pretty-printed JSON document, rewritten in place: block ordinals are
message indexes. From 0.40 it is JSONL: a header line `{sessionId, projectHash, startTime,
lastUpdated, kind}`, then message lines, and `{"$set": …}` patch lines; ordinals are line
numbers (a message id written twice keeps its first line and its latest content).

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
from .jsonl import HEAD_BYTES, read_jsonl
from .rendering import BlockCollector, emit_session, text_of

DEFAULT_SESSIONS_DIR = "~/.gemini/tmp"
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

    def root(self) -> Path:
        if self.options.get("sessions_dir"):
            return self.path_option("sessions_dir")
        return Path(DEFAULT_SESSIONS_DIR).expanduser()

    def watch_paths(self) -> list[Path]:
        return [self.root()]

    def chat_files(self) -> list[Path]:
        root, pattern = self.root(), str(self.options.get("glob") or DEFAULT_GLOB)
        if not root.is_dir():
            return []
        return sorted(p for p in root.glob(pattern) if p.is_file() and p.suffix in (".json", ".jsonl"))

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
                    chat = self._read_jsonl(path, result, state)
                else:
                    chat = _read_document(path, result)
            except OSError as err:
                result.warnings.append(f"{path}: {err.strerror or err}")
                continue
            result.states[key] = state
            if chat is not None:
                self._emit(chat, path, mtime, result)

    def _read_jsonl(self, path: Path, result: ScanResult, state: FileState) -> _Chat | None:
        read = read_jsonl(path, settled=True)
        result.bytes_read += read.size
        result.warnings.extend(f"{path}: {p}" for p in read.problems)
        state.prefix_sha256, state.consumed = read.prefix_sha256, read.consumed
        header: dict[str, Any] = {}
        messages: dict[str, tuple[int, dict[str, Any]]] = {}
        anonymous: list[tuple[int, dict[str, Any]]] = []
        for line in read.lines:
            rec = line.record
            if "sessionId" in rec and "type" not in rec:
                header.update(rec)
            elif "$set" in rec:
                if isinstance(rec["$set"], dict):
                    header.update(rec["$set"])
            elif "type" in rec:
                mid = rec.get("id")
                if isinstance(mid, str) and mid in messages:
                    messages[mid] = (messages[mid][0], rec)
                elif isinstance(mid, str):
                    messages[mid] = (line.number, rec)
                else:
                    anonymous.append((line.number, rec))
        if not isinstance(header.get("sessionId"), str) or not header["sessionId"]:
            if read.lines:
                result.warnings.append(f"{path}: no header line with sessionId, file skipped")
            return None
        ordered = sorted([*messages.values(), *anonymous], key=lambda m: m[0])
        return _Chat(header, ordered)

    def _emit(self, chat: _Chat, path: Path, mtime: float, result: ScanResult) -> None:
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
        if not collector.blocks:
            return  # e.g. a chat holding only a warning: nothing said, nothing to keep
        meta = {"models": ",".join(models)} if models else {}
        emit_session(
            self,
            result,
            collector,
            session_id=str(head["sessionId"]),
            ref_prefix="gemini-cli-session",
            cwd=self._cwd_for(head.get("projectHash")),
            path=str(path),
            mtime=mtime,
            meta=meta,
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
