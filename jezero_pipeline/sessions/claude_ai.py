"""Claude.ai data exports: `conversations.json` in the export folder or its zip (`export_path`,
required); `exports.py` lists and caches them.

A conversation is `{uuid, name, created_at, updated_at, chat_messages: [{uuid, sender: human|
assistant, text, content: [blocks], created_at, attachments, files, parent_message_uuid?}]}`.
When the messages carry `parent_message_uuid` and the conversation a
`current_leaf_message_uuid`, only the branch the person kept is read (leaf to root; edits
and retries leave others); otherwise the array order. Kept: `text` blocks (the flattened
`text` when there are none), code blocks within them, one line per `tool_use`, each pasted or
uploaded document's name and its extracted text (cut to `max_attachment_chars`). Dropped:
thinking, tool results, voice notes and token-budget blocks.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ..text import middle_cut, parse_time
from .base import ScanResult
from .docstore import as_dict, as_list, text_value
from .exports import Conversation, ExportConnector
from .rendering import BlockCollector, emit_session
from .stores import SEGMENT, AgentStore, session_paths

ROOT = "00000000-0000-4000-8000-000000000000"


class ClaudeAiConnector(ExportConnector):
    type = "claude_ai"
    service = "Claude.ai"
    id_fields, items_field, time_fields = ("uuid", "id"), "chat_messages", ("created_at", "updated_at")
    store = AgentStore(
        option="export_path",
        default="~/Downloads/claude-ai-export",
        paths=session_paths(r"conversations(?:-\d+)?\.json", rf"{SEGMENT}\.zip"),
    )
    known_options = frozenset({"export_path", "max_attachment_chars"})

    def render(self, conv: Conversation, c: BlockCollector, key: str, mtime: float, result: ScanResult) -> None:
        doc = conv.doc
        ts = conv.start or conv.last or datetime.fromtimestamp(mtime, tz=UTC)
        limit = int(self.options.get("max_attachment_chars", 2000))
        for n, m in enumerate(kept_branch(doc)):
            ts = parse_time(m.get("created_at")) or ts
            text, calls = _said(m)
            if m.get("sender") == "human":
                docs = [as_dict(a) for a in as_list(m.get("attachments"))] + [
                    as_dict(f) for f in as_list(m.get("files"))
                ]
                for a in docs:
                    name = text_value(a.get("file_name")) or "file"
                    body = text_value(a.get("extracted_content"))
                    text += f"\n(attachment: {name})" + (f"\n{middle_cut(body, limit)}" if body else "")
                c.user(n, ts, text)
            elif m.get("sender") == "assistant":
                c.assistant(n, ts, text)
                for name, args in calls:
                    c.tool_call(n, ts, name, args)
        emit_session(self, result, c, session_id=conv.id, ref_prefix="claude-ai-conversation", cwd=None, path=key,
                     mtime=mtime, title=text_value(doc.get("name")))  # fmt: skip


def kept_branch(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The messages of the branch the person kept, oldest first (the array when untold)."""
    messages = [as_dict(m) for m in as_list(doc.get("chat_messages"))]
    leaf = doc.get("current_leaf_message_uuid")
    by_id = {str(m["uuid"]): m for m in messages if m.get("uuid")}
    if not isinstance(leaf, str) or leaf not in by_id or not any("parent_message_uuid" in m for m in messages):
        return messages
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    while isinstance(leaf, str) and leaf in by_id and leaf not in seen and leaf != ROOT:
        seen.add(leaf)
        path.append(by_id[leaf])
        leaf = by_id[leaf].get("parent_message_uuid")
    return path[::-1]


def _said(m: dict[str, Any]) -> tuple[str, list[tuple[str, Any]]]:
    texts, calls = [], []
    for block in map(as_dict, as_list(m.get("content"))):
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str):
            texts.append(block["text"])
        elif kind == "tool_use":
            calls.append((str(block.get("name") or ""), block.get("input", "")))
    if not texts and not calls and isinstance(m.get("text"), str):
        texts.append(m["text"])
    return "\n".join(t for t in texts if t.strip()), calls


CONNECTOR = ClaudeAiConnector
