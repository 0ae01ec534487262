"""Cline and Roo Code task folders: UI messages, API history (legacy and Roo v2), metadata, damage."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, scan, texts, write_json

TASK = "1767261600000"
T = 1767261600000


def say(kind: str, text: str, sec: int, **extra) -> dict:
    return {"ts": T + sec * 1000, "type": "say", "say": kind, "text": text, **extra}


def ask(kind: str, text: str, sec: int, **extra) -> dict:
    return {"ts": T + sec * 1000, "type": "ask", "ask": kind, "text": text, **extra}


UI = [
    say("task", "Make the login form accessible", 0),
    say("api_req_started", json.dumps({"request": "WHOLE REQUEST", "tokensIn": 10}), 1),
    say("reasoning", "HIDDEN", 2),
    say("text", "I'll add labels and aria attributes.", 3),
    ask("tool", json.dumps({"tool": "editedExistingFile", "path": "src/Login.tsx", "diff": "BULKY DIFF"}), 4),
    say("tool", json.dumps({"tool": "readFile", "path": "src/Login.tsx", "content": "WHOLE FILE"}), 5),
    ask("command", "npm test -- login", 6),
    say("command_output", "TOOL OUTPUT", 7),
    say("text", "partial text", 8, partial=True),
    ask("followup", json.dumps({"question": "Should the error banner be announced too?", "options": ["yes", "no"]}), 9),
    say("user_feedback", "Yes, with aria-live.", 70),
    say("completion_result", "Labels, aria-describedby and a live region are in place.", 80),
    say("checkpoint_saved", "abc", 81),
]


def write_cline(root: Path, ui=UI) -> Path:
    folder = root / "tasks" / TASK
    write_json(folder / "ui_messages.json", ui)
    write_json(folder / "api_conversation_history.json", [{"role": "user", "content": "API COPY"}])
    write_json(folder / "task_metadata.json", {"files_in_context": [], "model_usage": [
        {"ts": T, "model_id": "claude-sonnet-4", "model_provider_id": "anthropic", "mode": "act"}]})  # fmt: skip
    write_json(root / "state" / "taskHistory.json", [{"id": TASK, "ts": T, "task": "Make the login form accessible",
                                                      "cwdOnTaskInitialization": "/home/me/web"}])  # fmt: skip
    return folder


def test_a_cline_task_from_its_ui_messages(tmp_path):
    folder = write_cline(tmp_path)
    r = scan("cline", storage_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.path, s.meta) == (TASK, "/home/me/web", str(folder), {"models": "claude-sonnet-4"})
    assert s.original_ref == f"cline-task:{TASK}"
    assert [b.text for b in s.blocks] == [
        "[2026-01-01 10:00] user: Make the login form accessible",
        "[2026-01-01 10:00] assistant: I'll add labels and aria attributes.",
        '[2026-01-01 10:00] assistant: tool call: editedExistingFile {"path":"src/Login.tsx"}',
        '[2026-01-01 10:00] assistant: tool call: execute_command {"command":"npm test -- login"}',
        "[2026-01-01 10:00] assistant: Should the error banner be announced too?",
        "[2026-01-01 10:01] user: Yes, with aria-live.",
        "[2026-01-01 10:01] assistant: Labels, aria-describedby and a live region are in place.",
    ]
    again = scan("cline", previous=r.states, storage_dir=str(tmp_path))
    assert again.unchanged == [str(folder)] and again.bytes_read == 0


def test_the_api_history_when_there_are_no_ui_messages_and_older_file_names(tmp_path):
    folder = tmp_path / "tasks" / TASK
    write_json(folder / "api_conversation_history.json", [
        {"role": "user", "content": [{"type": "text", "text": "<task>\nFix the date parser\n</task>"},
                                     {"type": "text", "text": "<environment_details>ENV</environment_details>"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Looking at parse_date."},
                                          {"type": "tool_use", "id": "t", "name": "read_file", "input": {"path": "d.py"}},
                                          {"type": "tool_use", "id": "u", "name": "replace_in_file", "input": {"path": "d.py"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "TOOL OUTPUT"},
                                     {"type": "text", "text": "[read_file for 'd.py'] Result: TOOL OUTPUT"}]},
        {"role": "assistant", "content": "Fixed the two-digit year."}])  # fmt: skip
    old = tmp_path / "tasks" / "1767261700000"
    write_json(old / "claude_messages.json", [say("task", "Old task name", 0), say("completion_result", "done", 1)])
    got = dict(texts(scan("cline", storage_dir=str(tmp_path))))
    assert got[TASK] == [
        "[2026-01-01 10:00] user: Fix the date parser",
        "[2026-01-01 10:00] assistant: Looking at parse_date.\n"
        '[2026-01-01 10:00] assistant: tool call: replace_in_file {"path":"d.py"}',
        "[2026-01-01 10:00] assistant: Fixed the two-digit year.",
    ]
    assert got["1767261700000"][0].endswith("user: Old task name")


def test_roo_v2_history_subtasks_and_history_item(tmp_path):
    parent, child = tmp_path / "tasks" / "task-a", tmp_path / "tasks" / "task-b"
    write_json(parent / "api_conversation_history.json", {"version": 2, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "<task>Split the monolith</task>"}], "ts": T},
        {"role": "assistant", "content": [{"type": "reasoning", "text": "HIDDEN"}, {"type": "text", "text": "Delegating."},
                                          {"type": "tool-call", "toolCallId": "c", "toolName": "new_task", "input": {"mode": "code"}}], "ts": T + 5000},
        {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "c", "output": "TOOL OUTPUT"}]}]})  # fmt: skip
    write_json(parent / "history_item.json", {"id": "task-a", "ts": T, "task": "Split", "workspace": "/home/me/mono"})
    write_json(child / "ui_messages.json", [say("text", "Extract the billing module", 0), say("text", "Extracted.", 9)])
    write_json(tmp_path / "tasks" / "_index.json", {"version": 1, "entries": [
        {"id": "task-b", "parentTaskId": "task-a", "workspace": "/home/me/mono"}]})  # fmt: skip
    r = scan("roo_code", storage_dir=str(tmp_path))
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.original_ref) == ("task-a", "/home/me/mono", "roo-code-task:task-a")
    assert [line.split("] ", 1)[1] for b in s.blocks for line in b.text.splitlines()] == [
        "user: Split the monolith",
        "assistant: Delegating.",
        'assistant: tool call: new_task {"mode":"code"}',
    ]
    r = scan("roo_code", storage_dir=str(tmp_path), include_subagents=True)
    sub = next(s for s in r.sessions if s.session_id == "task-b")
    assert sub.meta == {"subagent_of": "task-a"} and [b.text.split("] ", 1)[1] for b in sub.blocks] == [
        "user: Extract the billing module",
        "assistant: Extracted.",
    ]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        folder = write_cline(Path(d))
        files = [folder / "ui_messages.json", folder / "api_conversation_history.json", folder / "task_metadata.json",
                 Path(d) / "state" / "taskHistory.json"]  # fmt: skip
        clean = [f.read_bytes() for f in files]
        for i, f in enumerate(files):
            for body in damaged(clean[i], cut, garbage, at):
                f.write_bytes(body)
                assert len(scan("cline", storage_dir=d).sessions) <= 1
                assert len(scan("roo_code", storage_dir=d).sessions) <= 1
            f.write_bytes(clean[i])


def test_cline_cli_sessions(tmp_path):
    folder = tmp_path / "sessions" / "sess-1"
    write_json(folder / "sess-1.json", {"version": 1, "session_id": "sess-1", "started_at": "2026-01-01T10:00:00Z",
                                        "cwd": "/home/me/cli", "model": "claude-sonnet-4",
                                        "metadata": {"title": '<user_input mode="act">Bump deps</user_input>'}})  # fmt: skip
    write_json(folder / "sess-1.messages.json", {"version": 1, "agent": "lead", "messages": [
        {"id": "1", "role": "user", "ts": T + 1000, "content": [
            {"type": "text", "text": '<user_input mode="act">Bump the deps<mode_notice>NOTICE</mode_notice></user_input>'}]},
        {"id": "2", "role": "assistant", "ts": T + 5000, "content": [
            {"type": "thinking", "thinking": "HIDDEN"}, {"type": "text", "text": "Bumped 4 packages."},
            {"type": "tool_use", "id": "t", "name": "execute_command", "input": {"command": "npm update"}}]},
        {"id": "3", "role": "user", "ts": T + 9000, "content": [{"type": "tool_result", "tool_use_id": "t", "content": "TOOL OUTPUT"}]}]})  # fmt: skip
    r = scan("cline", cli_sessions_dir=str(tmp_path / "sessions"), storage_dir=str(tmp_path / "none"))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.meta) == (
        "sess-1",
        "/home/me/cli",
        "Bump deps",
        {"models": "claude-sonnet-4"},
    )
    assert s.original_ref == "cline-session:sess-1"
    assert [line.split("] ", 1)[1] for b in s.blocks for line in b.text.splitlines()] == [
        "user: Bump the deps",
        "assistant: Bumped 4 packages.",
        'assistant: tool call: execute_command {"command":"npm update"}',
    ]
    # a folder of CLI sessions named as the store is found too
    assert [x.session_id for x in scan("cline", storage_dir=str(tmp_path / "sessions")).sessions] == ["sess-1"]
