"""Continue: session documents with the sessions.json index, the 2024 and current item shapes, damage."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, scan, write_json

SESSION = {
    "sessionId": "c0ffee00-1111-4222-8333-444455556666",
    "title": "Cache headers",
    "workspaceDirectory": "file:///home/me/site",
    "chatModelTitle": "Claude 4 Sonnet",
    "history": [
        {"message": {"role": "system", "content": "SYSTEM PROMPT"}, "contextItems": []},
        {"message": {"role": "user", "content": [{"type": "text", "text": "Why is the CSS never cached?"},
                                                 {"type": "imageUrl", "imageUrl": {"url": "data:"}}]},
         "contextItems": [{"content": "WHOLE FILE", "name": "nginx.conf", "description": "", "id": {}}],
         "editorState": {"type": "doc"}},
        {"message": {"role": "thinking", "content": "HIDDEN"}, "contextItems": []},
        {"message": {"role": "assistant", "content": "The Cache-Control header is missing.", "toolCalls": [
            {"id": "t1", "type": "function", "function": {"name": "edit_existing_file", "arguments": "{\"filepath\":\"nginx.conf\"}"}}]},
         "contextItems": [], "promptLogs": [{"prompt": "WHOLE PROMPT", "completion": "x"}],
         "toolCallStates": [{"toolCallId": "t1", "status": "done", "toolCall": {"id": "t1", "type": "function",
            "function": {"name": "edit_existing_file", "arguments": "{\"filepath\":\"nginx.conf\"}"}}, "output": [{"content": "TOOL OUTPUT"}]}]},
        {"message": {"role": "tool", "content": "TOOL OUTPUT", "toolCallId": "t1"}, "contextItems": []},
        {"message": {"role": "assistant", "content": "Added `expires 30d` for static files."}, "contextItems": []},
    ],
}  # fmt: skip
INDEX = [{"sessionId": SESSION["sessionId"], "title": "Cache headers", "dateCreated": "1767261600000",
          "workspaceDirectory": "file:///home/me/site"}]  # fmt: skip


def test_a_session_with_its_index(tmp_path):
    path = write_json(tmp_path / f"{SESSION['sessionId']}.json", SESSION)
    write_json(tmp_path / "sessions.json", INDEX)
    r = scan("continue_dev", sessions_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.path) == (
        SESSION["sessionId"],
        "/home/me/site",
        "Cache headers",
        str(path),
    )
    assert s.meta == {"models": "Claude 4 Sonnet"} and s.original_ref == f"continue-session:{SESSION['sessionId']}"
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (1, "[2026-01-01 10:00] user: Why is the CSS never cached?"),
        (3, "[2026-01-01 10:00] assistant: The Cache-Control header is missing.\n"
            '[2026-01-01 10:00] assistant: tool call: edit_existing_file {"filepath":"nginx.conf"}'),
        (5, "[2026-01-01 10:00] assistant: Added `expires 30d` for static files."),
    ]  # fmt: skip
    joined = str([b.text for b in s.blocks])
    assert all(w not in joined for w in ("SYSTEM", "WHOLE", "HIDDEN", "TOOL OUTPUT"))
    again = scan("continue_dev", previous=r.states, sessions_dir=str(tmp_path))
    assert again.unchanged == [str(path)] and again.bytes_read == 0


def test_the_oldest_items_are_messages_themselves_and_no_index_means_the_mtime(tmp_path):
    write_json(tmp_path / "old.json", {"sessionId": "old", "title": "New Session", "workspaceDirectory": "/w",
                                       "history": [{"role": "user", "content": "hi there"},
                                                   {"role": "assistant", "content": "hello"}]})  # fmt: skip
    (s,) = scan("continue_dev", sessions_dir=str(tmp_path)).sessions
    assert (
        s.title_hint is None
        and s.cwd == "/w"
        and [b.text.split("] ")[1] for b in s.blocks] == ["user: hi there", "assistant: hello"]
    )


def test_a_file_that_is_no_session_is_a_warning(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({"hello": 1}))
    (tmp_path / "b.json").write_bytes(b"\xff\xfe")
    r = scan("continue_dev", sessions_dir=str(tmp_path))
    assert r.sessions == [] and len(r.warnings) == 2 and all(str(tmp_path) in w for w in r.warnings)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        path = write_json(Path(d) / "s.json", SESSION)
        index = write_json(Path(d) / "sessions.json", INDEX)
        for body, body_index in zip(
            damaged(path.read_bytes(), cut, garbage, at), damaged(index.read_bytes(), cut, garbage, at)
        ):
            path.write_bytes(body)
            index.write_bytes(body_index)
            assert len(scan("continue_dev", sessions_dir=d).sessions) <= 1
