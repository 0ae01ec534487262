"""VS Code Copilot Chat: the editor's chat sessions under its `User` folder (`Code*`: VS Code and
Insiders; point `user_dir` at another editor's), in each of their three generations:

- 1.109+ (2026): `workspaceStorage/<ws>/chatSessions/<id>.jsonl`, a log of object mutations
  replayed in order (`kind` 0 a snapshot, 1 set at path `k`, 2 truncate the array at `k` to `i`
  and append `v`, 3 delete at `k`); a `.jsonl` wins over a `.json` of the same id;
- March 2025 to 1.108: `chatSessions/<id>.json`, one document per session, rewritten whole
  (also `globalStorage/emptyWindowChatSessions/` and `transferredChatSessions/`);
- before: the workspace `state.vscdb` `ItemTable` key `interactive.sessions`, a list of sessions
  (read-only; a database is one unit).
A session is `{sessionId, creationDate, customTitle?, responderUsername, requests: [{message:
{text}, response: [parts], timestamp, agent: {extensionId}, modelId}]}`. Every file is read whole.
Kept: each request's text, the response's markdown (bare strings, `markdownContent`,
`markdownVuln`, inline references as their file name) and one line per tool invocation (a
terminal call with its command). Dropped: thinking, edits, code-block URIs, undo stops,
confirmations, sessions of another chat provider (an agent from an extension that is not
GitHub Copilot's), read-only tools. The cwd is the workspace's folder (`workspace.json`), else an
empty window's `workingDirectory`.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import ScanResult, sqlite_files
from .docstore import DocumentConnector, as_dict, as_list, load_json, split_roots, text_value, uri_path
from .jsonl import parse_jsonl_bytes
from .rendering import BlockCollector, emit_session
from .sqlite_store import open_sqlite_readonly
from .stores import SEGMENT, AgentStore, session_paths
from .vscode import kv_get, user_dirs, workspace_folder

READ_ONLY_TOOLS = frozenset(
    {"copilot_readFile", "copilot_listDirectory", "copilot_findFiles", "copilot_findTextInFiles", "copilot_searchCodebase",
     "copilot_getErrors", "copilot_fetchWebPage", "copilot_githubRepo", "copilot_getChangedFiles", "copilot_readProjectStructure",
     "copilot_getTerminalOutput", "manage_todo_list", "read_file", "list_dir", "file_search", "grep_search", "semantic_search"}
)  # fmt: skip
LEGACY_KEY = "interactive.sessions"
_SKIPPED_PARTS = frozenset({"thinking", "prepareToolInvocation", "undoStop", "codeblockUri", "textEditGroup",
                            "confirmation", "progressTaskSerialized", "elicitation", "warning"})  # fmt: skip


class CopilotVscodeConnector(DocumentConnector):
    type = "copilot_vscode"
    store = AgentStore(
        option="user_dir",
        paths=session_paths(
            rf"workspaceStorage/{SEGMENT}/chatSessions/{SEGMENT}\.jsonl?",
            rf"workspaceStorage/{SEGMENT}/(?:workspace\.json|state\.vscdb)",
            rf"globalStorage/(?:emptyWindow|transferred)ChatSessions/{SEGMENT}\.jsonl?",
        ),
        **user_dirs("Code*"),
    )
    known_options = frozenset({"user_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def units(self) -> list[tuple[str, list[Path]]]:
        files: dict[str, Path] = {}
        dbs: list[Path] = []
        folders, single = split_roots(self.store_roots())
        files.update((str(p.with_suffix("")), p) for p in single if p.suffix in (".json", ".jsonl"))
        for root in folders:
            nested = (root / "workspaceStorage").is_dir() or (root / "globalStorage").is_dir()
            patterns = (["workspaceStorage/*/chatSessions/*.json*", "globalStorage/*ChatSessions/*.json*"] if nested
                        else ["**/chatSessions/*.json*", "*.json", "*.jsonl"])  # fmt: skip
            for pattern in patterns:
                for p in sorted(root.glob(pattern)):
                    if p.suffix in (".json", ".jsonl") and p.is_file():
                        stem = str(p.with_suffix(""))
                        if stem not in files or p.suffix == ".jsonl":
                            files[stem] = p
            dbs += sorted(root.glob("workspaceStorage/*/state.vscdb"))
        units = [(str(p), [p]) for p in sorted(files.values())]
        return units + [(f"{db}#{LEGACY_KEY}", sqlite_files(db)) for db in dbs]

    def read_unit(self, key: str, paths: list[Path], mtime: float, result: ScanResult) -> None:
        path = paths[0]
        if path.name == "state.vscdb":
            for doc in self._legacy(path, result):
                self._emit(doc, path.parent, f"{path}#{LEGACY_KEY}", mtime, result)
            return
        if path.suffix == ".jsonl":
            data = path.read_bytes()
            result.bytes_read += len(data)
            read = parse_jsonl_bytes(data, settled=True)
            result.warnings.extend(f"{key}: {p}" for p in read.problems)
            doc = replay([line.record for line in read.lines])
        else:
            doc = load_json(path, result)
        if not isinstance(doc, dict) or not isinstance(doc.get("requests"), list):
            if doc is not None:
                result.warnings.append(f"{key}: not a chat session (no requests), file skipped")
            return
        workspace = path.parent.parent if path.parent.name == "chatSessions" else None
        self._emit(doc, workspace, key, mtime, result, path.stem)

    def _legacy(self, db: Path, result: ScanResult) -> list[dict[str, Any]]:
        try:
            conn = open_sqlite_readonly(db)
            try:
                value = kv_get(conn, "ItemTable", LEGACY_KEY)
            finally:
                conn.close()
        except sqlite3.DatabaseError as err:
            result.warnings.append(f"{db}: not a readable VS Code database ({err})")
            return []
        return [s for s in map(as_dict, as_list(value)) if isinstance(s.get("requests"), list)]

    def _emit(self, doc: dict[str, Any], workspace: Path | None, key: str, mtime: float, result: ScanResult,
              stem: str = "") -> None:  # fmt: skip
        requests = [as_dict(r) for r in doc["requests"]]
        if not _is_copilot(doc, requests):
            return
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        ts = parse_time(doc.get("creationDate")) or datetime.fromtimestamp(mtime, tz=UTC)
        models: list[str] = []
        for i, r in enumerate(requests):
            ts = parse_time(r.get("timestamp")) or ts
            message = r.get("message")
            c.user(2 * i, ts, str(as_dict(message).get("text") or "") if not isinstance(message, str) else message)
            _response(c, 2 * i + 1, ts, r.get("response"))
            model = text_value(r.get("modelId")) or text_value(
                as_dict(as_dict(r.get("result")).get("metadata")).get("resolvedModel")
            )
            if model and model not in models:
                models.append(model)
        sid = text_value(doc.get("sessionId")) or stem or key
        emit_session(self, result, c, session_id=sid, ref_prefix="copilot-chat-session",
                     cwd=(workspace_folder(workspace) if workspace else None) or uri_path(doc.get("workingDirectory")),
                     path=key, mtime=mtime,
                     title=text_value(doc.get("customTitle")), meta={"models": ",".join(models)} if models else {})  # fmt: skip


def _is_copilot(doc: dict[str, Any], requests: list[dict[str, Any]]) -> bool:
    """False only on evidence of another chat provider: agents of other extensions only."""
    agents = [str(as_dict(as_dict(r.get("agent")).get("extensionId")).get("value") or "") for r in requests]
    agents = [a.lower() for a in agents if a]
    if not agents or any(a.startswith("github.copilot") for a in agents):
        return True
    return "copilot" in str(doc.get("responderUsername") or "").lower()


def _response(c: BlockCollector, n: int, ts: datetime, parts: Any) -> None:
    text: list[str] = []
    for part in as_list(parts) if not isinstance(parts, dict) else as_list(parts.get("value")):
        if isinstance(part, str):
            text.append(part)
            continue
        part = as_dict(part)
        kind = part.get("kind")
        if kind in _SKIPPED_PARTS:
            continue
        if kind in (None, "markdownContent"):
            value = part.get("value", part.get("content"))
            text.append(str(as_dict(value).get("value") or "") if isinstance(value, dict) else str(value or ""))
        elif kind == "markdownVuln":
            text.append(str(as_dict(part.get("content")).get("value") or ""))
        elif kind == "inlineReference":
            ref = as_dict(part.get("inlineReference"))
            name = ref.get("fsPath") or ref.get("path") or ref.get("external") or as_dict(ref.get("uri")).get("path")
            if isinstance(name, str) and name:
                text.append(f"`{Path(name).name}`")
        elif kind in ("toolInvocationSerialized", "toolInvocation"):
            c.assistant(n, ts, "".join(text))
            text = []
            c.tool_call(n, ts, str(part.get("toolId") or part.get("toolName") or "tool"), _tool_args(part))
    c.assistant(n, ts, "".join(text))


def _tool_args(part: dict[str, Any]) -> Any:
    data = as_dict(part.get("toolSpecificData"))
    command = as_dict(data.get("commandLine")).get("original") or data.get("command")
    if isinstance(command, str) and command:
        return {"command": command}
    message = part.get("invocationMessage") or part.get("pastTenseMessage")
    return str(as_dict(message).get("value") or "") if isinstance(message, dict) else str(message or "")


def replay(records: list[dict[str, Any]]) -> Any:
    """The document a chat session's mutation log describes (None when it holds no snapshot)."""
    doc: Any = None
    for r in records:
        kind, path = r.get("kind"), as_list(r.get("k"))
        if kind == 0:
            doc = r.get("v")
        elif doc is None or not path:
            continue
        elif kind == 1:
            _set(doc, path, r.get("v"))
        elif kind == 2:
            target = _get(doc, path)
            if not isinstance(target, list):
                target = []
                _set(doc, path, target)
            if isinstance(r.get("i"), int) and r["i"] >= 0:
                del target[r["i"] :]
            target.extend(as_list(r.get("v")))
        elif kind == 3:
            parent, last = _get(doc, path[:-1]), _index(path[-1])
            if isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif isinstance(parent, list) and isinstance(last, int) and -len(parent) <= last < len(parent):
                del parent[last]
    return doc


def _get(doc: Any, path: list[Any]) -> Any:
    for step in path:
        if isinstance(doc, dict) and isinstance(step, (str, int)):
            doc = doc.get(step)
        elif isinstance(doc, list) and isinstance(_index(step), int) and -len(doc) <= _index(step) < len(doc):
            doc = doc[_index(step)]
        else:
            return None
    return doc


def _index(step: Any) -> Any:
    """A path step; an array index may be written as a string of digits."""
    return int(step) if isinstance(step, str) and step.isdigit() else step


def _set(doc: Any, path: list[Any], value: Any) -> None:
    parent = _get(doc, path[:-1])
    last = _index(path[-1]) if isinstance(parent, list) else path[-1]
    if isinstance(parent, dict) and isinstance(last, (str, int)):
        parent[last] = value
    elif isinstance(parent, list) and isinstance(last, int):
        if 0 <= last < len(parent):
            parent[last] = value
        elif last == len(parent):
            parent.append(value)


CONNECTOR = CopilotVscodeConnector
