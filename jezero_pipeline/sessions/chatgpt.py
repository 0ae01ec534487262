"""ChatGPT data exports: `conversations.json` (or `conversations-NNN.json` shards) in the export
folder or its zip (`export_path`, required); `exports.py` lists and caches them.

A conversation is `{conversation_id|id, title, create_time, update_time (Unix s), current_node,
mapping: {node id: {message, parent, children}}}`. Only the branch the person kept is read:
from `current_node` up through `parent` to the root (other children are regenerations and
edits); without a `current_node`, from the latest message. Kept: user and assistant text
(`text`, the strings of `multimodal_text`), code the assistant wrote kept as a fenced block
(`code` content, also when sent to a tool such as python). Dropped: system and tool messages
(tool output, browsing), hidden messages (`is_visually_hidden_from_conversation`), custom
instructions (`user_editable_context`), thoughts and reasoning recaps, images.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ..text import parse_time
from .base import ScanResult
from .docstore import as_dict, as_list, text_value
from .exports import Conversation, ExportConnector
from .rendering import BlockCollector, emit_session
from .stores import SEGMENT, AgentStore, session_paths

_SAID = ("text", "multimodal_text")


class ChatgptConnector(ExportConnector):
    type = "chatgpt"
    service = "ChatGPT"
    id_fields, items_field, time_fields = ("conversation_id", "id"), "mapping", ("create_time", "update_time")
    store = AgentStore(
        option="export_path",
        default="~/Downloads/chatgpt-export",
        paths=session_paths(r"conversations(?:-\d+)?\.json", rf"{SEGMENT}\.zip"),
    )

    def render(self, conv: Conversation, c: BlockCollector, key: str, mtime: float, result: ScanResult) -> None:
        doc = conv.doc
        ts = conv.start or conv.last or datetime.fromtimestamp(mtime, tz=UTC)
        models: list[str] = []
        for n, message in enumerate(branch(as_dict(doc.get("mapping")), doc.get("current_node"))):
            ts = parse_time(message.get("create_time")) or ts
            role = str(as_dict(message.get("author")).get("role") or "")
            meta = as_dict(message.get("metadata"))
            if meta.get("is_visually_hidden_from_conversation") or role not in ("user", "assistant"):
                continue
            text = _text(as_dict(message.get("content")))
            if role == "user":
                c.user(n, ts, text)
            else:
                c.assistant(n, ts, text)
                model = text_value(meta.get("model_slug"))
                if model and model not in models:
                    models.append(model)
        models = models or [m for m in [text_value(doc.get("default_model_slug"))] if m]
        emit_session(self, result, c, session_id=conv.id, ref_prefix="chatgpt-conversation", cwd=None, path=key,
                     mtime=mtime, title=text_value(doc.get("title")),
                     meta={"models": ",".join(models)} if models else {})  # fmt: skip


def branch(mapping: dict[str, Any], leaf: Any) -> list[dict[str, Any]]:
    """The messages from the root to `leaf` (else the latest message), oldest first."""
    nodes = {str(k): as_dict(v) for k, v in mapping.items()}
    if not isinstance(leaf, str) or leaf not in nodes:
        timed = [(parse_time(as_dict(n.get("message")).get("create_time")), k) for k, n in nodes.items()]
        timed = [(t.timestamp(), k) for t, k in timed if t]
        leaf = max(timed)[1] if timed else next((k for k, n in nodes.items() if not n.get("children")), None)
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    while isinstance(leaf, str) and leaf in nodes and leaf not in seen:
        seen.add(leaf)
        message = nodes[leaf].get("message")
        if isinstance(message, dict):
            path.append(message)
        leaf = nodes[leaf].get("parent")
    return path[::-1]


def _text(content: dict[str, Any]) -> str:
    kind = content.get("content_type")
    if kind in _SAID:
        return "\n".join(
            p if isinstance(p, str) else str(as_dict(p).get("text") or "") for p in as_list(content.get("parts"))
        )
    if kind == "code" and isinstance(content.get("text"), str):
        language = content.get("language") if isinstance(content.get("language"), str) else ""
        return f"```{'' if language == 'unknown' else language}\n{content['text']}\n```"
    if kind is None and isinstance(content.get("parts"), list):
        return "\n".join(p for p in content["parts"] if isinstance(p, str))
    return ""  # execution_output, thoughts, reasoning_recap, tether_*, system_error, user_editable_context


CONNECTOR = ChatgptConnector
