"""GitHub Copilot CLI: the events.jsonl session folder, the earlier flat file, growth, damage."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, jsonl_bytes, scan, texts, write_jsonl
from round3 import grown as grown_scan

SID = "5f0c1e9a-1111-4222-8333-944455556666"


def ev(kind: str, data: dict, minute: int = 0, n: int = 0) -> dict:
    return {"type": kind, "id": f"e{n}-{minute}", "parentId": None,
            "timestamp": f"2026-02-03T10:{minute:02d}:00.000Z", "data": data}  # fmt: skip


EVENTS = [
    ev(
        "session.start",
        {
            "sessionId": SID,
            "version": 1,
            "producer": "copilot-agent",
            "copilotVersion": "1.0.67",
            "startTime": "2026-02-03T10:00:00Z",
            "context": {"cwd": "/home/me/src/billing"},
        },
    ),  # fmt: skip
    ev("system.message", {"role": "system", "content": "SYSTEM PROMPT"}),
    ev("session.model_change", {"newModel": "claude-sonnet-4.5"}),
    ev(
        "user.message",
        {
            "content": "Why does the invoice total drift?",
            "transformedContent": "<datetime>X</datetime> Why does the invoice total drift?",
            "interactionId": "i1",
        },
        1,
    ),  # fmt: skip
    ev("assistant.turn_start", {"turnId": "0"}, 1),
    ev(
        "assistant.message",
        {
            "messageId": "m1",
            "content": "Rounding happens per line; checking.",
            "reasoningText": "HIDDEN",
            "toolRequests": [
                {"toolCallId": "t1", "name": "bash", "arguments": {"command": "pytest -q tests/test_invoice.py"}},
                {"toolCallId": "t2", "name": "view", "arguments": {"path": "invoice.py"}},
            ],
        },
        2,
    ),  # fmt: skip
    ev("tool.execution_start", {"toolCallId": "t1", "toolName": "bash", "arguments": {"command": "pytest -q"}}, 2),
    ev("tool.execution_complete", {"toolCallId": "t1", "success": True, "result": {"content": "TOOL OUTPUT"}}, 2),
    ev("tool.execution_start", {"toolCallId": "t9", "toolName": "edit", "arguments": '{"path":"invoice.py"}'}, 3),
    ev("user.message", {"content": "<skill-context>SKILL</skill-context>", "source": "skill-pdf"}, 3),
    ev("assistant.message", {"messageId": "m2", "content": "Fixed: round once at the end.", "toolRequests": []}, 4),
    ev("session.shutdown", {"modelMetrics": {}}, 5),
]


def test_a_session_folder(tmp_path):
    folder = tmp_path / SID
    write_jsonl(folder / "events.jsonl", EVENTS)
    (folder / "workspace.yaml").write_text(f'id: {SID}\ncwd: /home/me/src/billing\nname: "Invoice drift"\n')
    r = scan("copilot_cli", sessions_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == SID and s.original_ref == f"copilot-cli-session:{SID}"
    assert s.cwd == "/home/me/src/billing" and s.title_hint == "Invoice drift"
    assert s.meta == {"models": "claude-sonnet-4.5"}
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (4, "[2026-02-03 10:01] user: Why does the invoice total drift?"),
        (6, "[2026-02-03 10:02] assistant: Rounding happens per line; checking.\n"
            '[2026-02-03 10:02] assistant: tool call: bash {"command":"pytest -q tests/test_invoice.py"}'),
        (9, '[2026-02-03 10:03] assistant: tool call: edit {"path":"invoice.py"}'),
        (11, "[2026-02-03 10:04] assistant: Fixed: round once at the end."),
    ]  # fmt: skip
    joined = "\n".join(b.text for b in s.blocks)
    assert "SYSTEM PROMPT" not in joined and "HIDDEN" not in joined and "TOOL OUTPUT" not in joined
    assert "SKILL" not in joined and "<datetime>" not in joined
    again = scan("copilot_cli", previous=r.states, sessions_dir=str(tmp_path))
    assert again.unchanged == [str(folder / "events.jsonl")] and again.bytes_read == 0


def test_the_flat_layout_takes_its_cwd_from_the_trust_notice(tmp_path):
    old = [
        ev("session.start", {"sessionId": "old-1", "version": 1, "copilotVersion": "0.0.369"}),
        ev("session.info", {"infoType": "folder_trust", "message": "Folder /home/me/app has been added to trusted folders."}),
        ev("user.message", {"content": "List the flaky tests"}, 1),
        ev("assistant.message", {"messageId": "m", "content": "There are two.", "toolRequests": [
            {"toolCallId": "x", "name": "bash", "arguments": "{\"command\": \"make test\"}"}]}, 2),
    ]  # fmt: skip
    write_jsonl(tmp_path / "old-1.jsonl", old)
    (s,) = scan("copilot_cli", sessions_dir=str(tmp_path)).sessions
    assert s.session_id == "old-1" and s.cwd == "/home/me/app"
    assert s.blocks[-1].text.endswith('tool call: bash {"command":"make test"}')


def test_sub_agent_prompts_are_dropped_unless_asked_for(tmp_path):
    events = [*EVENTS[:4], ev("user.message", {"content": "SUBTASK PROMPT", "parentAgentTaskId": "a1"}, 2)]
    write_jsonl(tmp_path / SID / "events.jsonl", events)
    assert "SUBTASK" not in str(texts(scan("copilot_cli", sessions_dir=str(tmp_path))))
    assert "SUBTASK" in str(texts(scan("copilot_cli", sessions_dir=str(tmp_path), include_subagents=True)))


def test_a_grown_log_is_read_from_where_it_stopped(tmp_path):
    path = write_jsonl(tmp_path / SID / "events.jsonl", EVENTS)
    tail = jsonl_bytes([ev("user.message", {"content": "Also add a regression test."}, 7)])
    grown = grown_scan("copilot_cli", path, tail, sessions_dir=str(tmp_path))
    (s,) = grown.sessions
    assert s.appended and s.session_id == SID and grown.bytes_read == len(tail)
    assert [b.text for b in s.blocks] == ["[2026-02-03 10:07] user: Also add a regression test."]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    clean = jsonl_bytes(EVENTS)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / SID / "events.jsonl"
        path.parent.mkdir()
        for body in damaged(clean, cut, garbage, at):
            path.write_bytes(body)
            r = scan("copilot_cli", sessions_dir=d)
            assert len(r.sessions) <= 1
