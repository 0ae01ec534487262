"""Grok Build CLI sessions: `<sessions_dir>/<percent-encoded cwd>/<uuid>/` folders.

Each folder holds `summary.json` (id, cwd, times, title) and `chat_history.jsonl` (the
transcript, with no timestamps and no ids). The folder is the unit of change: it is read
again only when either file's size or mtime changed. Directory names are never parsed: the
id and cwd come from `summary.json` (`info.id`, `info.cwd`), so any folder depth works.

Times: chat lines carry none, so every line is rendered with the session's start time
(`info.start` / `created_at`), which never changes as the session grows, so the text of old
segments (and their content hash) stays the same; each Block's timestamp is the last
activity time (`info.end` / `last_active_at` / `updated_at`), so `occurred_at` is right.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import Connector, FileState, ScanResult, Unit
from .jsonl import read_jsonl
from .rendering import BlockCollector, emit_session, text_of

DEFAULT_SESSIONS_DIR = "~/.grok/sessions"
SUMMARY = "summary.json"
CHAT = "chat_history.jsonl"
# Tools that only look at things; dropped unless keep_read_only_commands (as Jezero does for
# OpenCode's read/grep/glob/list and Codex's read-only shell commands).
READ_ONLY_TOOLS = frozenset(
    {
        "read_file",
        "list_dir",
        "list_directory",
        "grep",
        "grep_search",
        "file_search",
        "codebase_search",
        "glob",
        "search",
        "web_search",
        "web_fetch",
        "view",
        "todo_read",
    }
)
_USER_QUERY = re.compile(r"</?user_query>")


class GrokConnector(Connector):
    type = "grok"

    def root(self) -> Path:
        if self.options.get("sessions_dir"):
            return self.path_option("sessions_dir")
        return Path(DEFAULT_SESSIONS_DIR).expanduser()

    def watch_paths(self) -> list[Path]:
        return [self.root()]

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(folder), [folder / SUMMARY, folder / CHAT]) for folder in _session_folders(self.root())]

    def start_of(self, unit: Unit) -> datetime | None:
        """The session's start from summary.json, a small file (the chat lines carry no time)."""
        info = _read_summary(Path(unit.key) / SUMMARY, ScanResult())
        return _times(info[0], unit.mtime)[0] if info else None

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for key, paths in self.unit_paths():
            stat = self.check_unit(result, previous, key, paths, now)
            if stat is None:
                continue
            size, mtime = stat
            folder = Path(key)
            try:
                state = self._read_folder(folder, result, size, mtime)
            except OSError as err:  # permission denied, vanished mid-read: try again next run
                result.warnings.append(f"{err.filename or folder}: {err.strerror or err}")
                continue
            result.states[key] = state

    def _read_folder(self, folder: Path, result: ScanResult, size: int, mtime: float) -> FileState:
        state = FileState(str(folder), size, mtime)
        info = _read_summary(folder / SUMMARY, result)
        if info is None:
            return state  # warned; read again once the folder changes
        summary, session_id, cwd = info
        if _is_subagent(summary) and not self.agent.include_subagents:
            return state
        chat = folder / CHAT
        if not chat.exists():
            result.warnings.append(f"{chat}: missing, session {session_id} skipped")
            return state
        read = read_jsonl(chat, settled=True)
        result.bytes_read += read.size
        result.warnings.extend(f"{chat}: {p}" for p in read.problems)
        state.prefix_sha256, state.consumed = read.prefix_sha256, read.consumed

        start, last = _times(summary, mtime)
        collector = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        for line in read.lines:
            _add_record(collector, line.number, line.record, start, last)
        meta = {}
        if summary.get("current_model_id"):
            meta["models"] = str(summary["current_model_id"])
        if summary.get("parent_session_id"):
            meta["subagent_of"] = str(summary["parent_session_id"])
        additional = _info(summary).get("additional")
        title = (
            summary.get("generated_title")
            or summary.get("session_summary")
            or _info(summary).get("title")
            or (additional.get("title") if isinstance(additional, dict) else None)
        )
        emit_session(
            self,
            result,
            collector,
            session_id=session_id,
            ref_prefix="grok-session",
            cwd=cwd,
            path=str(folder),
            mtime=mtime,
            title=str(title) if title else None,
            meta=meta,
        )
        return state


def _session_folders(root: Path) -> list[Path]:
    """Every folder holding a summary.json or a chat_history.jsonl, sorted."""
    if not root.is_dir():
        return []
    folders = {p.parent for name in (SUMMARY, CHAT) for p in root.rglob(name) if p.is_file()}
    return sorted(folders)


def _info(summary: dict[str, Any]) -> dict[str, Any]:
    info = summary.get("info")
    return info if isinstance(info, dict) else {}


def _read_summary(path: Path, result: ScanResult) -> tuple[dict[str, Any], str, str] | None:
    """summary.json as (document, id, cwd), or None with a warning naming the file."""
    if not path.exists():
        result.warnings.append(f"{path}: missing, folder skipped")
        return None
    data = path.read_bytes()
    result.bytes_read += len(data)
    if not data.strip():
        result.warnings.append(f"{path}: empty, folder skipped")
        return None
    try:
        summary = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        result.warnings.append(f"{path}: invalid UTF-8 at byte {err.start}, folder skipped")
        return None
    except json.JSONDecodeError as err:
        result.warnings.append(f"{path}: not JSON ({err.msg}), folder skipped")
        return None
    if not isinstance(summary, dict):
        result.warnings.append(f"{path}: not a JSON object, folder skipped")
        return None
    info = _info(summary)
    for field in ("id", "cwd"):
        if not isinstance(info.get(field), str) or not info[field].strip():
            result.warnings.append(f"{path}: lacks info.{field}, folder skipped")
            return None
    return summary, info["id"].strip(), info["cwd"]


def _is_subagent(summary: dict[str, Any]) -> bool:
    additional = _info(summary).get("additional")
    extra = additional if isinstance(additional, dict) else {}
    kind = summary.get("session_kind") or extra.get("session_kind")
    return kind == "subagent" or bool(summary.get("parent_session_id") or extra.get("parent_session_id"))


def _times(summary: dict[str, Any], mtime: float) -> tuple[datetime, datetime]:
    """(start, last activity), from the documented info.* or the real Grok Build fields."""
    info = _info(summary)
    fallback = datetime.fromtimestamp(mtime, tz=UTC)
    last = next(
        (
            t
            for t in (
                parse_time(info.get("end")),
                parse_time(summary.get("last_active_at")),
                parse_time(summary.get("updated_at")),
            )
            if t
        ),
        fallback,
    )
    start = next((t for t in (parse_time(info.get("start")), parse_time(summary.get("created_at"))) if t), last)
    return start, last


def _add_record(c: BlockCollector, ordinal: int, rec: dict[str, Any], start: datetime, last: datetime) -> None:
    kind = rec.get("type")
    if kind == "user":
        # Injected scaffolding (<user_info>, <system-reminder>, project instructions) carries
        # a synthetic_reason or no prompt_index; only typed prompts are kept.
        if rec.get("synthetic_reason") or "prompt_index" not in rec:
            return
        c.user(ordinal, start, _USER_QUERY.sub("", text_of(rec.get("content"))), at=last)
    elif kind == "assistant":
        c.assistant(ordinal, start, text_of(rec.get("content")), at=last)
        for call in rec.get("tool_calls") or []:
            if isinstance(call, dict):
                c.tool_call(ordinal, start, str(call.get("name") or ""), _arguments(call.get("arguments")), at=last)
    # system, reasoning, tool_result, backend_tool_call: dropped


def _arguments(raw: Any) -> Any:
    """Arguments arrive as a JSON string; decode it so the line is compact JSON."""
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            return raw
    return raw if raw is not None else ""


CONNECTOR = GrokConnector
