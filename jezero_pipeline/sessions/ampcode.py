"""Amp threads: one JSON document per thread, `${XDG_DATA_HOME:-~/.local/share}/amp/threads/T-*.json`
(builds before 2026-03 wrote them; newer ones keep threads on the server, and `amp threads
export <id>` prints the same document, so a folder of exports is read the same way; the VS Code
extension's `globalStorage/sourcegraph.amp/threads3/` too). Rewritten whole: read whole.

A thread is `{id, title, created (ms), env.initial.trees[0].uri (the cwd), messages: [{role,
content: [blocks], meta.sentAt (ms, user), usage.timestamp (assistant)}]}`.
Kept: user and assistant `text` blocks, one line per `tool_use`. Dropped: user messages that
only carry `tool_result` blocks (plumbing, not the person), thinking, tool results, read-only
tools. A message with no time takes the one before it, the first the thread's `created`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from ..text import parse_time
from .base import ScanResult
from .docstore import DocumentConnector, add_message, as_dict, as_list, load_json, split_roots, text_value, uri_path
from .rendering import BlockCollector, emit_session
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"read", "glob", "grep", "codebase_search_agent", "read_web_page", "web_search",
                             "list_directory", "todo_read", "mermaid", "oracle", "librarian", "finder"})  # fmt: skip


class AmpConnector(DocumentConnector):
    type = "ampcode"
    store = AgentStore(
        option="threads_dir",
        default="${XDG_DATA_HOME:-~/.local/share}/amp/threads",
        paths=session_paths(rf"{SEGMENT}\.json"),
    )
    known_options = frozenset({"threads_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def units(self) -> list[tuple[str, list[Path]]]:
        folders, found = split_roots(self.store_roots(), "threads")
        found += [p for root in folders for p in root.glob("*.json") if p.is_file()]
        return [(str(p), [p]) for p in sorted(found)]

    def read_unit(self, key: str, paths: list[Path], mtime: float, result: ScanResult) -> None:
        loaded = load_json(paths[0], result)
        doc = as_dict(loaded)
        messages = doc.get("messages")
        if not isinstance(messages, list):
            if loaded is not None:
                result.warnings.append(f"{key}: not an Amp thread (no messages), file skipped")
            return
        ts = parse_time(doc.get("created")) or datetime.fromtimestamp(mtime, tz=UTC)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        models: list[str] = []
        for i, m in enumerate(messages):
            m = as_dict(m)
            usage = as_dict(m.get("usage"))
            ts = parse_time(as_dict(m.get("meta")).get("sentAt")) or parse_time(usage.get("timestamp")) or ts
            role = str(m.get("role") or "")
            content = m.get("content")
            if (
                role == "user"
                and isinstance(content, list)
                and content
                and all(as_dict(b).get("type") == "tool_result" for b in content)
            ):
                continue  # tool results riding in a user message: not typed by the person
            add_message(c, i, ts, role, content)
            model = text_value(usage.get("model"))
            if model and model not in models:
                models.append(model)
        env = as_dict(as_dict(doc.get("env")).get("initial"))
        trees = [as_dict(t) for t in as_list(env.get("trees"))]
        cwd = uri_path(trees[0].get("uri")) if trees else None
        sid = text_value(doc.get("id")) or paths[0].stem
        meta = {"models": ",".join(models)} if models else {}
        emit_session(self, result, c, session_id=sid, ref_prefix="amp-thread", cwd=cwd, path=key, mtime=mtime,
                     title=text_value(doc.get("title")), meta=meta)  # fmt: skip


CONNECTOR = AmpConnector
