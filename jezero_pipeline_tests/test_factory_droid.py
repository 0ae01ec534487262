"""Factory Droid: a session file with its settings sidecar, the stream-json dialect, growth, damage."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, jsonl_bytes, scan, write_jsonl
from round3 import grown as grown_scan

SID = "0b1c2d3e-aaaa-4bbb-8ccc-ddddeeeeffff"


def msg(role: str, content, minute: int) -> dict:
    return {"type": "message", "id": f"m{minute}", "timestamp": f"2026-04-01T08:{minute:02d}:00Z",
            "message": {"role": role, "content": content}}  # fmt: skip


RECORDS = [
    {"type": "session_start", "id": SID, "title": "Speed up the importer", "owner": "me", "cwd": "/home/me/work/importer"},
    msg("user", [{"type": "text", "text": "<system-reminder>REMINDER</system-reminder>The importer takes 4 minutes."}], 1),
    msg("assistant", [{"type": "thinking", "thinking": "HIDDEN"}, {"type": "text", "text": "Profiling it first."},
                      {"type": "tool_use", "id": "t1", "name": "Execute", "input": {"command": "python -m cProfile imp.py"}},
                      {"type": "tool_use", "id": "t2", "name": "Read", "input": {"file_path": "imp.py"}}], 2),
    msg("user", [{"type": "tool_result", "tool_use_id": "t1", "content": "TOOL OUTPUT"}], 3),
    {"type": "todo_state", "todos": ["x"]},
    msg("assistant", "Batching the inserts cut it to 20 seconds.", 4),
]  # fmt: skip


def write(root: Path, records=RECORDS) -> Path:
    path = write_jsonl(root / "-home-me-work-importer" / f"{SID}.jsonl", records)
    (path.parent / f"{SID}.settings.json").write_text(json.dumps({"model": "claude-opus-4", "tokenUsage": {}}))
    return path


def test_a_session_with_its_settings(tmp_path):
    path = write(tmp_path)
    r = scan("factory_droid", sessions_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.meta) == (SID, "/home/me/work/importer", "Speed up the importer",
                                                         {"models": "claude-opus-4"})  # fmt: skip
    assert s.original_ref == f"factory-droid-session:{SID}" and s.path == str(path)
    assert [b.text for b in s.blocks] == [
        "[2026-04-01 08:01] user: The importer takes 4 minutes.",
        "[2026-04-01 08:02] assistant: Profiling it first.\n"
        '[2026-04-01 08:02] assistant: tool call: Execute {"command":"python -m cProfile imp.py"}\n'
        '[2026-04-01 08:02] assistant: tool call: Read {"file_path":"imp.py"}',
        "[2026-04-01 08:04] assistant: Batching the inserts cut it to 20 seconds.",
    ]
    assert (
        scan("factory_droid", sessions_dir=str(tmp_path), skip_tools=["Read"])
        .sessions[0]
        .blocks[1]
        .text.count("tool call")
        == 1
    )


def test_the_stream_json_dialect_and_a_flat_file(tmp_path):
    lines = [
        {"type": "system", "subtype": "init", "cwd": "/srv/app", "session_id": "s-1", "model": "gpt-5"},
        {"type": "message", "role": "user", "text": "Add a health endpoint"},
        {"type": "message", "role": "assistant", "subtype": "delta", "text": "Adding "},
        {"type": "message", "role": "assistant", "subtype": "delta", "text": "/healthz."},
        {"type": "tool_call", "toolCallId": "c", "toolName": "Edit", "parameters": {"file_path": "app.py"}},
        {"type": "tool_result", "toolCallId": "c", "value": "TOOL OUTPUT"},
        {"type": "completion", "finalText": "Adding /healthz."},
    ]
    write_jsonl(tmp_path / "s-1.jsonl", lines)
    (s,) = scan("factory_droid", sessions_dir=str(tmp_path)).sessions
    assert (s.session_id, s.cwd, s.meta) == ("s-1", "/srv/app", {"models": "gpt-5"})
    assert [b.text.split("] ", 1)[1] for b in s.blocks] == [
        "user: Add a health endpoint",
        "assistant: Adding /healthz.",
        'assistant: tool call: Edit {"file_path":"app.py"}',
    ]


def test_a_grown_session_is_read_from_where_it_stopped(tmp_path):
    path = write(tmp_path)
    tail = jsonl_bytes([msg("user", "Now add a progress bar.", 9)])
    grown = grown_scan("factory_droid", path, tail, sessions_dir=str(tmp_path))
    (s,) = grown.sessions
    assert s.appended and s.title_hint == "Speed up the importer" and grown.bytes_read == len(tail)
    assert [b.text for b in s.blocks] == ["[2026-04-01 08:09] user: Now add a progress bar."]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        path = write(Path(d))
        for body in damaged(path.read_bytes(), cut, garbage, at):
            path.write_bytes(body)
            (path.parent / f"{SID}.settings.json").write_bytes(garbage)
            assert len(scan("factory_droid", sessions_dir=d).sessions) <= 1
