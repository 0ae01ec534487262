"""Amp: a thread document (local file or `amp threads export`), tool-result plumbing, damage."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, scan, write_json

TID = "T-3f1e2d3c-4b5a-4697-8877-665544332211"
THREAD = {
    "v": 57, "id": TID, "title": "Flaky websocket test", "created": 1767348000000,
    "env": {"initial": {"trees": [{"uri": "file:///home/me/src/chat%20app", "displayName": "chat app"}],
                        "platform": {"os": "linux", "client": "cli"}}},
    "messages": [
        {"messageId": 1, "role": "user", "content": [{"type": "text", "text": "The ws test fails one run in five."}],
         "meta": {"sentAt": 1767348060000}},
        {"messageId": 2, "role": "assistant", "state": {"type": "complete", "stopReason": "tool_use"},
         "content": [{"type": "thinking", "thinking": "HIDDEN"}, {"type": "text", "text": "Running it in a loop."},
                     {"type": "tool_use", "id": "TU-1", "name": "Bash", "input": {"cmd": "for i in 1 2 3; do npm test; done"}},
                     {"type": "tool_use", "id": "TU-2", "name": "Read", "input": {"path": "ws.test.ts"}}],
         "usage": {"model": "claude-sonnet-4", "timestamp": "2026-01-02T10:02:00Z"}},
        {"messageId": 3, "role": "user", "content": [{"type": "tool_result", "toolUseID": "TU-1",
                                                      "run": {"status": "done", "result": {"output": "TOOL OUTPUT"}}}]},
        {"messageId": 4, "role": "assistant", "content": [{"type": "text", "text": "The server closes before the ack; awaiting it fixes the race."}],
         "usage": {"model": "claude-sonnet-4", "timestamp": "2026-01-02T10:05:00Z"}},
    ],
}  # fmt: skip


def test_a_thread(tmp_path):
    path = write_json(tmp_path / f"{TID}.json", THREAD)
    r = scan("ampcode", threads_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.path) == (
        TID,
        "/home/me/src/chat app",
        "Flaky websocket test",
        str(path),
    )
    assert s.meta == {"models": "claude-sonnet-4"} and s.original_ref == f"amp-thread:{TID}"
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (0, "[2026-01-02 10:01] user: The ws test fails one run in five."),
        (1, "[2026-01-02 10:02] assistant: Running it in a loop.\n"
            '[2026-01-02 10:02] assistant: tool call: Bash {"cmd":"for i in 1 2 3; do npm test; done"}\n'
            '[2026-01-02 10:02] assistant: tool call: Read {"path":"ws.test.ts"}'),
        (3, "[2026-01-02 10:05] assistant: The server closes before the ack; awaiting it fixes the race."),
    ]  # fmt: skip
    again = scan("ampcode", previous=r.states, threads_dir=str(tmp_path))
    assert again.unchanged == [str(path)] and again.bytes_read == 0


def test_an_older_thread_without_times_takes_the_creation_time(tmp_path):
    old = {"id": "T-old", "created": 1735725600000, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "Rename the flag"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Renamed."}]}]}  # fmt: skip
    write_json(tmp_path / "T-old.json", old)
    (s,) = scan("ampcode", threads_dir=str(tmp_path)).sessions
    assert s.cwd is None and [b.text for b in s.blocks] == [
        "[2025-01-01 10:00] user: Rename the flag",
        "[2025-01-01 10:00] assistant: Renamed.",
    ]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        path = write_json(Path(d) / f"{TID}.json", THREAD)
        for body in damaged(path.read_bytes(), cut, garbage, at):
            path.write_bytes(body)
            r = scan("ampcode", threads_dir=d)
            assert len(r.sessions) <= 1 and (r.sessions or r.warnings)
