"""Roo Code (VS Code extension `rooveterinaryinc.roo-cline`): its task folders under the
editor's globalStorage, `tasks/<taskId>/` (`vscode_tasks.py` reads them; the API history in
both its legacy array and its v2 `{version: 2, messages}` envelope), in every editor it runs
in. Each task's `history_item.json` (else the `tasks/_index.json` cache) gives its working
folder (`workspace`) and its parent task (a sub-task: skipped unless include_subagents).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .docstore import as_dict, cached_json
from .stores import SEGMENT, AgentStore, session_paths
from .vscode import in_user_dirs
from .vscode_tasks import TaskFolderConnector, index_entries

EXTENSION = "rooveterinaryinc.roo-cline"


class RooCodeConnector(TaskFolderConnector):
    type = "roo_code"
    store = AgentStore(
        option="storage_dir",
        paths=session_paths(rf"tasks/{SEGMENT}/{SEGMENT}\.json", r"tasks/_index\.json"),
        **in_user_dirs("*", f"globalStorage/{EXTENSION}"),
    )
    known_options = frozenset({"storage_dir", "skip_tools"})
    ref_prefix = "roo-code-task"

    def history_item(self, folder: Path) -> dict[str, Any]:
        return as_dict(cached_json(folder / "history_item.json")) or index_entries(folder.parent / "_index.json").get(
            folder.name, {}
        )


CONNECTOR = RooCodeConnector
