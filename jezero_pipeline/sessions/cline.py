"""Cline (VS Code extension `saoudrizwan.claude-dev`): its task folders under the editor's
globalStorage, `tasks/<taskId>/` (`vscode_tasks.py` reads them), in VS Code and in every
editor it runs in (the default's `*` matches Code, Code - Insiders, VSCodium, Cursor,
Windsurf). The task id is the start time in ms; `state/taskHistory.json` gives each task's
working folder (`cwdOnTaskInitialization`) and its parent task (a sub-task: skipped unless
include_subagents); `task_metadata.json` its models.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .stores import SEGMENT, AgentStore, session_paths
from .vscode import in_user_dirs
from .vscode_tasks import TaskFolderConnector, index_entries

EXTENSION = "saoudrizwan.claude-dev"


class ClineConnector(TaskFolderConnector):
    type = "cline"
    store = AgentStore(
        option="storage_dir",
        paths=session_paths(rf"tasks/{SEGMENT}/{SEGMENT}\.json", r"state/taskHistory\.json"),
        **in_user_dirs("*", f"globalStorage/{EXTENSION}"),
    )
    known_options = frozenset({"storage_dir", "skip_tools"})
    ref_prefix = "cline-task"

    def history_item(self, folder: Path) -> dict[str, Any]:
        root = folder.parent.parent
        for index in (root / "state" / "taskHistory.json", root / "taskHistory.json"):
            entry = index_entries(index).get(folder.name)
            if entry:
                return entry
        return {}


CONNECTOR = ClineConnector
