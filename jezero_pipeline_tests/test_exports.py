"""ChatGPT and Claude.ai data exports: the kept branch of a conversation, code blocks, a zip,
shards, a newer export re-reading only what changed, damage."""

from __future__ import annotations

import json
import tempfile
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import connector, damaged, scan, texts, write_json

T = 1767261600.0  # 2026-01-01 10:00 UTC


def node(nid, parent, children, role=None, content=None, t=0, **meta):
    message = None if role is None else {
        "id": nid, "author": {"role": role, "name": meta.pop("name", None), "metadata": {}}, "create_time": T + t,
        "content": content, "status": "finished_successfully", "recipient": meta.pop("recipient", "all"), "metadata": meta}  # fmt: skip
    return nid, {"id": nid, "message": message, "parent": parent, "children": children}


GPT = {
    "title": "Regex for ISO dates", "create_time": T, "update_time": T + 300, "conversation_id": "gpt-1",
    "current_node": "a2", "default_model_slug": "gpt-4o",
    "mapping": dict([
        node("root", None, ["sys"]),
        node("sys", "root", ["ctx"], "system", {"content_type": "text", "parts": ["SYSTEM PROMPT"]}),
        node("ctx", "sys", ["u1"], "user", {"content_type": "user_editable_context", "user_profile": "CUSTOM"}),
        node("u1", "ctx", ["a1old", "a1"], "user", {"content_type": "text", "parts": ["Write a regex for ISO dates"]}, 60),
        node("a1old", "u1", [], "assistant", {"content_type": "text", "parts": ["ABANDONED ANSWER"]}, 70),
        node("a1", "u1", ["th"], "assistant", {"content_type": "text", "parts": ["Use this:\n```\n\\d{4}-\\d{2}-\\d{2}\n```"]}, 80,
             model_slug="gpt-4o"),
        node("th", "a1", ["code"], "assistant", {"content_type": "thoughts", "thoughts": [{"content": "HIDDEN"}]}, 90),
        node("code", "th", ["out"], "assistant", {"content_type": "code", "language": "python", "text": "import re\nre.fullmatch(p, s)"},
             100, recipient="python"),
        node("out", "code", ["hid"], "tool", {"content_type": "execution_output", "text": "TOOL OUTPUT"}, 110, name="python"),
        node("hid", "out", ["a2"], "user", {"content_type": "text", "parts": ["HIDDEN USER"]}, 115,
             is_visually_hidden_from_conversation=True),
        node("a2", "hid", [], "assistant", {"content_type": "multimodal_text", "parts": [
            "It matched all 12 samples.", {"content_type": "image_asset_pointer", "asset_pointer": "file-x"}]}, 120),
    ]),
}  # fmt: skip


def test_a_chatgpt_conversation_keeps_its_branch_and_its_code(tmp_path):
    path = write_json(tmp_path / "conversations.json", [GPT, {"not": "a conversation"}])
    r = scan("chatgpt", export_path=str(tmp_path))
    assert r.warnings == [f"{path}: 1 item(s) are not ChatGPT conversations, skipped"]
    (s,) = r.sessions
    assert (s.session_id, s.title_hint, s.trust, s.meta) == (
        "gpt-1",
        "Regex for ISO dates",
        "external",
        {"models": "gpt-4o"},
    )
    assert s.path == f"{path}#gpt-1" and s.original_ref == "chatgpt-conversation:gpt-1"
    assert [b.text for b in s.blocks] == [
        "[2026-01-01 10:01] user: Write a regex for ISO dates",
        "[2026-01-01 10:01] assistant: Use this:\n```\n\\d{4}-\\d{2}-\\d{2}\n```",
        "[2026-01-01 10:01] assistant: ```python\nimport re\nre.fullmatch(p, s)\n```",
        "[2026-01-01 10:02] assistant: It matched all 12 samples.",
    ]
    joined = str(texts(r))
    assert all(w not in joined for w in ("SYSTEM", "CUSTOM", "ABANDONED", "HIDDEN", "TOOL OUTPUT"))


def test_a_zip_of_shards_and_a_newer_export(tmp_path):
    other = {**GPT, "conversation_id": "gpt-2", "title": "Other", "update_time": T + 10}
    z = tmp_path / "export.zip"
    with zipfile.ZipFile(z, "w") as f:
        f.writestr("conversations-000.json", json.dumps([GPT]))
        f.writestr("conversations-001.json", json.dumps([other]))
        f.writestr("chat.html", "<html>")
    c = connector("chatgpt", export_path=str(z))
    units = c.survey().units
    assert sorted(u.key for u in units) == [f"{z}#gpt-1", f"{z}#gpt-2"] and units[0].start is not None
    first = c.scan({}, T + 10**9)
    assert sorted(s.session_id for s in first.sessions) == ["gpt-1", "gpt-2"]
    grown = {**GPT, "update_time": T + 900, "mapping": {**GPT["mapping"], **dict(
        [node("u3", "a2", [], "user", {"content_type": "text", "parts": ["Thanks!"]}, 800)])}, "current_node": "u3"}  # fmt: skip
    with zipfile.ZipFile(z, "w") as f:
        f.writestr("conversations.json", json.dumps([grown, other]))
    again = connector("chatgpt", export_path=str(z)).scan(first.states, T + 10**9)
    assert [s.session_id for s in again.sessions] == ["gpt-1"] and again.unchanged == [f"{z}#gpt-2"]
    assert again.sessions[0].blocks[-1].text.endswith("user: Thanks!")


CLAUDE = {
    "uuid": "cl-1", "name": "Parse a CSV", "created_at": "2026-01-01T10:00:00Z", "updated_at": "2026-01-01T10:09:00Z",
    "current_leaf_message_uuid": "m4",
    "chat_messages": [
        {"uuid": "m1", "sender": "human", "text": "", "created_at": "2026-01-01T10:01:00Z", "parent_message_uuid":
         "00000000-0000-4000-8000-000000000000", "content": [{"type": "text", "text": "Parse this CSV in Python"}],
         "attachments": [{"file_name": "data.csv", "file_size": 40, "extracted_content": "a,b\n1,2"}], "files": []},
        {"uuid": "m2", "sender": "assistant", "text": "ABANDONED", "created_at": "2026-01-01T10:02:00Z", "parent_message_uuid": "m1",
         "content": [{"type": "text", "text": "ABANDONED"}]},
        {"uuid": "m3", "sender": "assistant", "created_at": "2026-01-01T10:03:00Z", "parent_message_uuid": "m1", "content": [
            {"type": "thinking", "thinking": "HIDDEN"}, {"type": "text", "text": "```python\nimport csv\n```"},
            {"type": "tool_use", "name": "repl", "input": {"code": "1+1"}},
            {"type": "tool_result", "content": [{"type": "text", "text": "TOOL OUTPUT"}]}]},
        {"uuid": "m4", "sender": "human", "text": "Thanks", "created_at": "2026-01-01T10:09:00Z", "parent_message_uuid": "m3",
         "content": []},
    ],
}  # fmt: skip


def test_a_claude_conversation_keeps_its_branch_and_attachments(tmp_path):
    write_json(tmp_path / "conversations.json", [CLAUDE])
    r = scan("claude_ai", export_path=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.title_hint, s.trust, s.original_ref) == ("cl-1", "Parse a CSV", "external",
                                                                     "claude-ai-conversation:cl-1")  # fmt: skip
    assert [b.text for b in s.blocks] == [
        "[2026-01-01 10:01] user: Parse this CSV in Python\n(attachment: data.csv)\na,b\n1,2",
        "[2026-01-01 10:03] assistant: ```python\nimport csv\n```\n"
        '[2026-01-01 10:03] assistant: tool call: repl {"code":"1+1"}',
        "[2026-01-01 10:09] user: Thanks",
    ]
    flat = {**CLAUDE, "uuid": "cl-2", "current_leaf_message_uuid": None,
            "chat_messages": [{k: v for k, v in m.items() if k != "parent_message_uuid"} for m in CLAUDE["chat_messages"]]}  # fmt: skip
    write_json(tmp_path / "conversations.json", [flat, GPT])
    (s,) = scan("claude_ai", export_path=str(tmp_path)).sessions
    assert "ABANDONED" in str([b.text for b in s.blocks])  # no branch data: the array order, as it is


def test_the_export_path_is_required(tmp_path):
    import pytest

    with pytest.raises(ValueError, match="export_path"):
        connector("chatgpt")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0),
       doc=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                        lambda k: st.lists(k, max_size=4) | st.dictionaries(st.text(max_size=8), k, max_size=4), max_leaves=20))  # fmt: skip
def test_damage_gives_warnings_never_an_exception(cut, garbage, at, doc):
    with tempfile.TemporaryDirectory() as d:
        path = write_json(Path(d) / "conversations.json", [GPT, CLAUDE])
        for body in [*damaged(path.read_bytes(), cut, garbage, at), json.dumps([doc, {**GPT, "mapping": doc},
                                                                                 {**CLAUDE, "chat_messages": [doc]}]).encode()]:  # fmt: skip
            path.write_bytes(body)
            assert len(scan("chatgpt", export_path=d).sessions) <= 2
            assert len(scan("claude_ai", export_path=d).sessions) <= 2
