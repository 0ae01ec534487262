"""Cline: the VS Code extension's task folders and the Cline CLI's sessions.

- Extension (`saoudrizwan.claude-dev`): `<editor User>/globalStorage/saoudrizwan.claude-dev/
  tasks/<taskId>/` (`vscode_tasks.py` reads them) in every editor it runs in (the default's `*`
  matches Code, Code - Insiders, VSCodium, Cursor, Windsurf). The task id is the start time in
  ms; `state/taskHistory.json` gives each task's working folder (`cwdOnTaskInitialization`) and
  its parent task (a sub-task: skipped unless include_subagents); `task_metadata.json` its models.
- CLI (3.x): `cli_sessions_dir` (`${CLINE_DIR:-~/.cline}/data/sessions`), one folder per session
  holding `<id>.json` (cwd or workspace_root, started_at, metadata.title, model) and
  `<id>.messages.json` (`{agent, messages: [{role, content: [blocks], ts}]}` or the bare list),
  both rewritten whole. The `<user_input>` envelope and `<mode_notice>` blocks are removed.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import ScanResult
from .docstore import add_message, as_dict, as_list, load_json, text_value
from .rendering import BlockCollector, emit_session
from .stores import SEGMENT, AgentStore, session_paths
from .vscode import in_user_dirs
from .vscode_tasks import READ_ONLY_TOOLS, TaskFolderConnector, index_entries

EXTENSION = "saoudrizwan.claude-dev"
CLI_SESSIONS = "${CLINE_DIR:-~/.cline}/data/sessions"
_USER_INPUT = re.compile(r"^\s*<user_input\b[^>]*>(.*?)</user_input>\s*$", re.S)
_MODE_NOTICE = re.compile(r"<mode_notice\b[^>]*>.*?</mode_notice>", re.S)


class ClineConnector(TaskFolderConnector):
    type = "cline"
    store = AgentStore(
        option="storage_dir",
        paths=session_paths(rf"tasks/{SEGMENT}/{SEGMENT}\.json", r"state/taskHistory\.json"),
        **in_user_dirs("*", f"globalStorage/{EXTENSION}"),
    )
    known_options = frozenset({"storage_dir", "cli_sessions_dir", "skip_tools"})
    ref_prefix = "cline-task"

    def cli_roots(self) -> list[Path]:
        return self.roots("cli_sessions_dir", CLI_SESSIONS) if "storage_dir" not in self.options or (
            "cli_sessions_dir" in self.options) else []  # fmt: skip

    def watch_paths(self) -> list[Path]:
        return [*self.store_roots(), *self.cli_roots()]

    def task_folders(self) -> list[Path]:
        found = set(super().task_folders())
        for root in [*self.store_roots(), *self.cli_roots()]:
            if root.is_dir():
                found.update(
                    p.parent for p in root.glob("*/*.messages.json") if p.name == f"{p.parent.name}.messages.json"
                )
                if (root / f"{root.name}.messages.json").is_file():
                    found.add(root)
        return sorted(found)

    def units(self) -> list[tuple[str, list[Path]]]:
        out = []
        for key, paths in super().units():
            folder = Path(key)
            cli = [folder / f"{folder.name}.json", folder / f"{folder.name}.messages.json"]
            out.append((key, cli if cli[1].is_file() else paths))
        return out

    def history_item(self, folder: Path) -> dict[str, Any]:
        root = folder.parent.parent
        for index in (root / "state" / "taskHistory.json", root / "taskHistory.json"):
            entry = index_entries(index).get(folder.name)
            if entry:
                return entry
        return {}

    def read_unit(self, key: str, paths: list[Path], mtime: float, result: ScanResult) -> None:
        if not paths[-1].name.endswith(".messages.json"):
            super().read_unit(key, paths, mtime, result)
            return
        folder = Path(key)
        meta = as_dict(load_json(paths[0], result)) if paths[0].is_file() else {}
        doc = load_json(paths[1], result)
        if doc is None:
            return
        if isinstance(doc, dict) and str(doc.get("agent") or "lead") != "lead" and not self.agent.include_subagents:
            return
        messages = as_list(as_dict(doc).get("messages")) if isinstance(doc, dict) else as_list(doc)
        ts = parse_time(meta.get("started_at") or meta.get("created_at")) or datetime.fromtimestamp(mtime, tz=UTC)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        for n, m in enumerate(map(as_dict, messages)):
            ts = parse_time(m.get("ts") or m.get("timestamp")) or ts
            role, content = str(m.get("role") or ""), m.get("content")
            if role == "user":
                content = _prompt(content)
            add_message(c, n, ts, role, content)
        title = text_value(as_dict(meta.get("metadata")).get("title"))
        cwd = text_value(meta.get("cwd")) or text_value(meta.get("workspace_root"))
        model = text_value(meta.get("model"))
        emit_session(self, result, c, session_id=text_value(meta.get("session_id")) or folder.name, ref_prefix="cline-session",
                     cwd=cwd, path=key, mtime=mtime, title=_clean(title) if title else None,
                     meta={"models": model} if model else {})  # fmt: skip


def _clean(text: str) -> str:
    m = _USER_INPUT.match(text)
    return _MODE_NOTICE.sub("", m.group(1) if m else text).strip()


def _prompt(content: Any) -> Any:
    if isinstance(content, str):
        return _clean(content)
    return [{**p, "text": _clean(p["text"])} if isinstance(p, dict) and isinstance(p.get("text"), str) else p
            for p in as_list(content)]  # fmt: skip


CONNECTOR = ClineConnector
