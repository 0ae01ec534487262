"""Cline-family task folders (Cline, Roo Code): `<extension globalStorage>/tasks/<taskId>/` holding
`ui_messages.json` (once `claude_messages.json`), `api_conversation_history.json`,
`task_metadata.json` and, for Roo, `history_item.json`. Every file is rewritten whole, so a
changed task folder is read whole.

The UI messages (`{ts, type: say|ask, say|ask, text, partial?}`) are what the person saw, with
a time each: they are read first. Kept: the task and later feedback as the user; assistant
text, completion results, follow-up questions and plan responses as the assistant; one line
per tool, command or MCP call. Dropped: partial messages, reasoning, command output, API
request bookkeeping, checkpoints, errors and every other kind. A task without UI messages is
read from its API history (Anthropic messages; Roo's v2 `{version: 2, messages}` too), the
first prompt's `<task>` unwrapped and `<environment_details>` and tool-result text dropped.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

from ..text import parse_time
from .base import ScanResult
from .docstore import DocumentConnector, add_message, as_dict, as_list, cached_json, load_json, maybe_json, text_value
from .rendering import BlockCollector, emit_session, text_of

UI_FILES = ("ui_messages.json", "claude_messages.json")
API_FILE = "api_conversation_history.json"
TASK_FILES = (*UI_FILES, API_FILE, "task_metadata.json", "history_item.json")
READ_ONLY_TOOLS = frozenset(
    {"readFile", "listFilesTopLevel", "listFilesRecursive", "listCodeDefinitionNames", "searchFiles",
     "codebaseSearch", "fetchInstructions", "webFetch", "read_file", "list_files", "search_files",
     "list_code_definition_names", "codebase_search"}
)  # fmt: skip
_TASK_TAG = re.compile(r"<task>\s*(.*?)\s*</task>", re.S)
_DROPPED_TAGS = re.compile(r"<(environment_details|feedback)>.*?</\1>", re.S)
_TOOL_RESULT_TEXT = re.compile(r"^\s*\[[^\]\n]+\] Result:", re.S)
_BULKY_ARGS = ("content", "diff", "newContent", "originalContent", "tool")
_UI_TOOLS = {"tool", "command", "use_mcp_server", "new_task", "browser_action_launch"}


class TaskFolderConnector(DocumentConnector):
    """Units are task folders found under the store option's folder (the extension's
    globalStorage, its `tasks/`, one task, or any folder holding task folders)."""

    ref_prefix: ClassVar[str] = ""

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def task_folders(self) -> list[Path]:
        found: set[Path] = set()
        for root in self.store_roots():
            if (root / "tasks").is_dir():
                found.update(p for p in (root / "tasks").iterdir() if p.is_dir())
            elif any((root / f).is_file() for f in (*UI_FILES, API_FILE)):
                found.add(root)
            elif root.is_dir():
                found.update(p.parent for f in (*UI_FILES, API_FILE) for p in root.rglob(f) if p.is_file())
        return sorted(found)

    def units(self) -> list[tuple[str, list[Path]]]:
        return [(str(folder), [folder / f for f in TASK_FILES]) for folder in self.task_folders()]

    def history_item(self, folder: Path) -> dict[str, Any]:
        """The task's HistoryItem (id, ts, task, cwd, parent), from wherever the agent keeps it."""
        raise NotImplementedError

    def read_unit(self, key: str, paths: list[Path], mtime: float, result: ScanResult) -> None:
        folder = Path(key)
        item = self.history_item(folder)
        if (item.get("parentTaskId") or item.get("parent_task_id")) and not self.agent.include_subagents:
            return
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        start = parse_time(item.get("ts")) or _task_time(folder.name) or datetime.fromtimestamp(mtime, tz=UTC)
        ui_path = next((folder / f for f in UI_FILES if (folder / f).is_file()), None)
        ui = as_list(load_json(ui_path, result)) if ui_path else []
        if not _ui_messages(c, ui, start):
            api_path = folder / API_FILE
            if not api_path.is_file():
                if ui_path is None:
                    result.warnings.append(f"{key}: no {UI_FILES[0]} or {API_FILE}, task skipped")
                return
            _api_messages(c, load_json(api_path, result), start)
        meta = {}
        model = _model(folder, result)
        if model:
            meta["models"] = model
        if item.get("parentTaskId"):
            meta["subagent_of"] = str(item["parentTaskId"])
        cwd = next((item[k] for k in ("cwdOnTaskInitialization", "workspace", "workspaceRootOnTaskInitialization", "cwd")
                    if text_value(item.get(k))), None)  # fmt: skip
        emit_session(self, result, c, session_id=folder.name, ref_prefix=self.ref_prefix, cwd=cwd, path=key,
                     mtime=mtime, meta=meta)  # fmt: skip


def _task_time(name: str) -> datetime | None:
    return parse_time(int(name)) if name.isdigit() and len(name) >= 12 else None


def _ui_messages(c: BlockCollector, messages: list[Any], start: datetime) -> bool:
    """Render UI messages; False when there were none to read (then the API history is)."""
    ts, told, last_call = start, False, None
    usable = False
    for i, m in enumerate(messages):
        m = as_dict(m)
        if not m or m.get("partial"):
            continue
        usable = True
        ts = parse_time(m.get("ts")) or ts
        kind = str(m.get("say") if m.get("type") == "say" else m.get("ask") or "")
        text = m.get("text") if isinstance(m.get("text"), str) else ""
        if kind in ("task", "text", "user_feedback") and (kind != "text" or not told):
            c.user(i, ts, text)
            told = True
        elif kind in ("text", "completion_result"):
            c.assistant(i, ts, text)
        elif kind in ("followup", "plan_mode_respond"):
            doc = as_dict(maybe_json(text))
            c.assistant(i, ts, str(doc.get("question") or doc.get("response") or ("" if doc else text)))
        elif kind in _UI_TOOLS or (kind == "command" and text):
            call = _ui_call(kind, text)
            if call != last_call:  # an approval asked, then done: one call
                c.tool_call(i, ts, *call)
            last_call = call
            continue
        last_call = None
    return usable


def _ui_call(kind: str, text: str) -> tuple[str, Any]:
    if kind == "command":
        return "execute_command", {"command": text}
    doc = as_dict(maybe_json(text))
    if kind == "tool":
        return str(doc.get("tool") or "tool"), {k: v for k, v in doc.items() if k not in _BULKY_ARGS}
    if kind == "use_mcp_server":
        return f"mcp:{doc.get('serverName', '')}/{doc.get('toolName', '')}", maybe_json(doc.get("arguments", ""))
    return kind, doc or text


def _api_messages(c: BlockCollector, doc: Any, start: datetime) -> None:
    messages = as_list(as_dict(doc).get("messages")) if isinstance(doc, dict) else as_list(doc)
    ts = start
    for i, m in enumerate(messages):
        m = as_dict(m)
        ts = parse_time(m.get("ts")) or ts
        role = str(m.get("role") or "")
        content = m.get("content")
        if role == "user":
            content = _user_text(content)
        add_message(c, i, ts, role, content)


def _user_text(content: Any) -> str:
    parts = [content] if isinstance(content, str) else [
        p if isinstance(p, str) else text_of([p]) for p in as_list(content)]  # fmt: skip
    out = []
    for text in parts:
        if not text or _TOOL_RESULT_TEXT.match(text):
            continue
        task = _TASK_TAG.search(text)
        text = task.group(1) if task else text
        text = _DROPPED_TAGS.sub("", text).strip()
        if text:
            out.append(text)
    return "\n".join(out)


def _model(folder: Path, result: ScanResult) -> str | None:
    path = folder / "task_metadata.json"
    if not path.is_file():
        return None
    usage = [as_dict(u) for u in as_list(as_dict(load_json(path, result)).get("model_usage"))]
    models = list(dict.fromkeys(str(u["model_id"]) for u in usage if text_value(u.get("model_id"))))
    return ",".join(models) or None


def index_entries(path: Path) -> dict[str, dict[str, Any]]:
    """Task id -> HistoryItem of a task list (`taskHistory.json`: a list; Roo's `_index.json`:
    `{entries: […]}`); {} when missing or unreadable."""
    doc = cached_json(path)
    items = as_list(as_dict(doc).get("entries")) if isinstance(doc, dict) else as_list(doc)
    return {str(e["id"]): e for e in map(as_dict, items) if e.get("id")}
