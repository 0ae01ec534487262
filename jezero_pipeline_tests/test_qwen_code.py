"""Qwen Code: the JSONL record tree, the older Gemini-style JSON chat, archive, growth, damage."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, jsonl_bytes, scan, texts, write_json, write_jsonl
from round3 import grown as grown_scan

SID = "9d8c7b6a-0000-4111-8222-333344445555"


def rec(kind: str, minute: int, message=None, **extra) -> dict:
    r = {"uuid": f"u{minute}{kind}", "parentUuid": None, "sessionId": SID, "timestamp": f"2026-05-05T12:{minute:02d}:00Z",
         "type": kind, "cwd": "/home/me/code/qwen-demo", "version": "0.4.1", **extra}  # fmt: skip
    if message is not None:
        r["message"] = message
    return r


RECORDS = [
    rec("system", 0, subtype="ui_telemetry", systemPayload={"x": 1}),
    rec("user", 1, {"role": "user", "parts": [{"text": "Port the CSV export to streaming."}]}, provenance="real_user"),
    rec("assistant", 2, {"role": "model", "parts": [{"text": "HIDDEN", "thought": True}, {"text": "Using a generator."},
        {"functionCall": {"id": "c1", "name": "edit", "args": {"file_path": "export.py"}}},
        {"functionCall": {"id": "c2", "name": "read_file", "args": {"absolute_path": "x"}}}]}, model="qwen3-coder"),  # fmt: skip
    rec("tool_result", 3, {"role": "user", "parts": [{"functionResponse": {"id": "c1", "response": {"output": "TOOL OUTPUT"}}}]}),
    rec("assistant", 4, {"role": "model", "parts": [{"text": "SIDE"}]}, isSidechain=True, agentId="a"),
    rec("system", 5, subtype="custom_title", systemPayload={"customTitle": "Streaming CSV"}),
    rec("assistant", 6, {"role": "model", "parts": [{"text": "Done; memory stays flat."}]}),
]  # fmt: skip


def test_a_jsonl_chat(tmp_path):
    path = write_jsonl(tmp_path / "projects" / "-home-me-code-qwen-demo" / "chats" / f"{SID}.jsonl", RECORDS)
    r = scan("qwen_code", data_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.meta) == (SID, "/home/me/code/qwen-demo", "Streaming CSV",
                                                         {"models": "qwen3-coder"})  # fmt: skip
    assert s.original_ref == f"qwen-code-session:{SID}" and s.path == str(path)
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (2, "[2026-05-05 12:01] user: Port the CSV export to streaming."),
        (3, "[2026-05-05 12:02] assistant: Using a generator.\n"
            '[2026-05-05 12:02] assistant: tool call: edit {"file_path":"export.py"}'),
        (7, "[2026-05-05 12:06] assistant: Done; memory stays flat."),
    ]  # fmt: skip
    assert "SIDE" in str(texts(scan("qwen_code", data_dir=str(tmp_path), include_subagents=True)))


def test_the_older_json_chat_and_an_archived_copy(tmp_path):
    write_json(tmp_path / "tmp" / "abc123" / "chats" / "session-2025-08-01T10-00-old1.json", {
        "sessionId": "old1", "projectHash": "abc123", "startTime": "2025-08-01T10:00:00Z",
        "messages": [{"id": "1", "timestamp": "2025-08-01T10:00:05Z", "type": "user", "content": "Explain the retry loop"},
                     {"id": "2", "timestamp": "2025-08-01T10:00:09Z", "type": "qwen", "content": "It backs off twice.",
                      "toolCalls": [{"name": "run_shell_command", "args": {"command": "make test"}}]}]})  # fmt: skip
    chats = tmp_path / "projects" / "p" / "chats"
    write_jsonl(chats / "archive" / f"{SID}.jsonl", RECORDS[:2])
    write_jsonl(chats / f"{SID}.jsonl", RECORDS)
    write_jsonl(chats / "archive" / "only-archived.jsonl", RECORDS[:2])
    r = scan("qwen_code", data_dir=str(tmp_path))
    assert sorted(s.path for s in r.sessions) == sorted(
        [str(chats / f"{SID}.jsonl"), str(chats / "archive" / "only-archived.jsonl"),
         str(tmp_path / "tmp" / "abc123" / "chats" / "session-2025-08-01T10-00-old1.json")])  # fmt: skip
    old = next(s for s in r.sessions if s.session_id == "old1")
    assert [b.text for b in old.blocks] == [
        "[2025-08-01 10:00] user: Explain the retry loop",
        "[2025-08-01 10:00] assistant: It backs off twice.\n"
        '[2025-08-01 10:00] assistant: tool call: run_shell_command {"command":"make test"}',
    ]


def test_a_grown_chat_is_read_from_where_it_stopped(tmp_path):
    path = write_jsonl(tmp_path / "projects" / "p" / "chats" / f"{SID}.jsonl", RECORDS)
    tail = jsonl_bytes([rec("user", 9, {"role": "user", "parts": [{"text": "And gzip it."}]})])
    grown = grown_scan("qwen_code", path, tail, data_dir=str(tmp_path))
    (s,) = grown.sessions
    assert s.appended and s.title_hint == "Streaming CSV" and grown.bytes_read == len(tail)
    assert [b.text for b in s.blocks] == ["[2026-05-05 12:09] user: And gzip it."]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        path = write_jsonl(Path(d) / "projects" / "p" / "chats" / f"{SID}.jsonl", RECORDS)
        old = write_json(Path(d) / "tmp" / "h" / "chats" / "session-x.json", {"sessionId": "x", "messages": [
            {"type": "user", "content": "hello"}]})  # fmt: skip
        clean_old = old.read_bytes()
        for body, body_old in zip(damaged(path.read_bytes(), cut, garbage, at), damaged(clean_old, cut, garbage, at)):
            path.write_bytes(body)
            old.write_bytes(body_old)
            assert len(scan("qwen_code", data_dir=d).sessions) <= 2
