"""Stores whose units are whole documents, rewritten in place (a JSON thread, a task folder, a
chat file): each changed, settled unit is read whole and rendered again.

Also the small helpers the round-3 agents share: reading a JSON file with a warning instead of
an exception, JSON held in a string, file URIs, and a Session from collected blocks.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from .base import Connector, FileState, ScanResult
from .jsonl import JsonlFileConnector
from .rendering import BlockCollector, is_own_summarizer_call


def load_json(path: Path, result: ScanResult) -> Any | None:
    """The document in a JSON file, or None with a warning naming the file and the reason.

    A byte-order mark is allowed (Windows editors write one). Raises OSError (the caller
    decides whether the unit is retried)."""
    data = path.read_bytes()
    result.bytes_read += len(data)
    return parse_json_bytes(data, str(path), result)


def parse_json_bytes(data: bytes, name: str, result: ScanResult) -> Any | None:
    if not data.strip():
        result.warnings.append(f"{name}: empty, file skipped")
        return None
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as err:
        result.warnings.append(f"{name}: invalid UTF-8 at byte {err.start}, file skipped")
    except json.JSONDecodeError as err:
        result.warnings.append(f"{name}: not JSON ({err.msg} at line {err.lineno}), file skipped")
    except RecursionError:
        result.warnings.append(f"{name}: JSON nested too deeply, file skipped")
    return None


def maybe_json(value: Any) -> Any:
    """A JSON object or array held in a string (tool arguments often are), else the value."""
    if isinstance(value, str) and value[:1] in ("{", "["):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            return value
    return value


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def text_value(value: Any) -> str | None:
    """A non-blank string, else None."""
    return value if isinstance(value, str) and value.strip() else None


def uri_path(uri: Any) -> str | None:
    """The local path of a `file://` URI (a plain path is returned as it is), else None."""
    if not isinstance(uri, str) or not uri:
        return None
    if not uri.startswith("file:"):
        return uri if uri.startswith(("/", "~")) or (len(uri) > 2 and uri[1] == ":") else None
    parsed = urlparse(uri)
    path = unquote(parsed.path)
    if len(path) > 3 and path[0] == "/" and path[2] == ":":  # file:///c:/Users/… on Windows
        path = path[1:]
    return path or None


def own_call(carry: dict[str, Any], collector: BlockCollector) -> bool:
    """True when this session is one of our own summariser calls, judged once on its first
    user message (and remembered in `carry`, so a grown transcript is judged the same)."""
    if "own_call" not in carry and collector.first_user_raw is not None:
        carry["own_call"] = is_own_summarizer_call(collector.first_user_raw)
    return bool(carry.get("own_call"))


class DocumentConnector(Connector):
    """A store of units read whole: `units` lists them (key, files) by name only, `read_unit`
    renders one into the result (its warnings too). A unit that cannot be read (a permission
    error) records no state, so the next run tries again; the stored copy stays meanwhile."""

    def units(self) -> list[tuple[str, list[Path]]]:
        raise NotImplementedError

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return self.units()

    def read_unit(self, key: str, paths: list[Path], mtime: float, result: ScanResult) -> None:
        raise NotImplementedError

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for key, paths in self.units():
            stat = self.check_unit(result, previous, key, paths, now)
            if stat is None:
                continue
            try:
                self.read_unit(key, paths, stat[1], result)
            except OSError as err:
                result.warnings.append(f"{err.filename or key}: {err.strerror or err}")
                continue
            result.states[key] = FileState(key, *stat)


def add_message(c: BlockCollector, n: int, ts: Any, role: str, content: Any) -> None:
    """An Anthropic-style message (the shape several agents keep): a string, or parts where
    `text` is said, `tool_use` (or `tool-call`) is one tool-call line, and tool results,
    thinking, images and documents are dropped. Roles other than user and assistant are too."""
    if role not in ("user", "assistant"):
        return
    if isinstance(content, str):
        (c.user if role == "user" else c.assistant)(n, ts, content)
        return
    said = []
    calls = []
    for part in as_list(content):
        if isinstance(part, str):
            said.append(part)
            continue
        part = as_dict(part)
        kind = part.get("type")
        if kind in ("text", "input_text", "output_text") and isinstance(part.get("text"), str):
            said.append(part["text"])
        elif kind in ("tool_use", "tool-call", "tool_call", "toolCall") and role == "assistant":
            name = part.get("name") or part.get("toolName")
            args = part.get("input", part.get("args", part.get("arguments", "")))
            calls.append((str(name or ""), maybe_json(args)))
    text = "\n".join(s for s in said if s.strip())
    if role == "user":
        c.user(n, ts, text)
    else:
        c.assistant(n, ts, text)
        for name, args in calls:
            c.tool_call(n, ts, name, args)


def cached_json(path: Path) -> Any | None:
    """A small side file (an index, a task list) read again only when its size or mtime
    changed; None when missing or unreadable (it only adds titles and folders)."""
    try:
        st = path.stat()
    except OSError:
        return None
    cached = _CACHED.get(str(path))
    if cached is not None and cached[0] == (st.st_size, st.st_mtime):
        return cached[1]
    try:
        doc = load_json(path, ScanResult())
    except OSError:
        return None
    _CACHED[str(path)] = ((st.st_size, st.st_mtime), doc)
    return doc


_CACHED: dict[str, tuple[tuple[int, float], Any]] = {}


def split_roots(roots: list[Path], inner: str | None = None) -> tuple[list[Path], list[Path]]:
    """(folders, files) a store option names: a file is taken as one session file, and a folder
    holding the store's usual subfolder (`inner`, e.g. `sessions` in the agent's home) stands
    for that subfolder, so an option may name the agent's home, its store or one session."""
    folders, files = [], []
    for root in roots:
        if root.is_file():
            files.append(root)
        elif root.is_dir():
            folders.append(root / inner if inner and (root / inner).is_dir() else root)
    return folders, files


class JsonlAndWholeFiles(JsonlFileConnector):
    """A store of append-only JSONL sessions (read incrementally) that also holds files read
    whole: an older format, a legacy text transcript, a database."""

    def whole_files(self, path: Path) -> list[Path]:
        """The files whose stat is the unit's (a database: with its -wal)."""
        return [path]

    def read_whole(self, path: Path, context: dict[str, str], mtime: float, result: ScanResult) -> None:
        raise NotImplementedError

    def scan_file(
        self, path: Path, context: dict[str, str], previous: dict[str, FileState], now: float, result: ScanResult
    ) -> None:
        if path.suffix == ".jsonl":
            super().scan_file(path, context, previous, now, result)
            return
        key = str(path)
        stat = self.check_unit(result, previous, key, self.whole_files(path), now)
        if stat is None:
            return
        try:
            self.read_whole(path, context, stat[1], result)
        except OSError as err:  # no state recorded: read again next run
            result.warnings.append(f"{key}: cannot read ({err.strerror or err})")
            return
        except sqlite3.DatabaseError as err:
            result.warnings.append(f"{key}: not a readable database ({err})")
        result.states[key] = FileState(key, *stat)
