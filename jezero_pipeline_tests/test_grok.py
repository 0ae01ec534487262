"""Grok Build session folders: real (sanitised) fixtures, both summary shapes, bad folders."""

from __future__ import annotations

import json
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from agentfixtures import acp, acp_chunk, acp_tool, jsonl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared import real_sessions

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

REAL = real_sessions("grok")
MAIN_ID = "019f6851-7ec4-7ef0-97d3-03f3eee38755"
SUB_ID = "019f6851-7ec4-7ef0-97d3-03f3eee38756"


def connector(root: Path, **options):
    opts = {"sessions_dir": str(root), "settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(
        ConnectorConfig(name="grok-test", type="grok", options=opts), ProjectsConfig(git=False), Path(".")
    )


def scan(root: Path, previous=None, now=None, **options):
    return connector(root, **options).scan(previous or {}, now or time.time() + 10**6)


def write_session(root: Path, sid: str, summary: dict | str | bytes | None, lines: list[dict] | bytes):
    folder = root / "%2Fhome%2Fme%2Fprojects%2Fdemo" / sid
    folder.mkdir(parents=True, exist_ok=True)
    if summary is not None:
        data = (
            summary
            if isinstance(summary, bytes)
            else (summary if isinstance(summary, str) else json.dumps(summary)).encode()
        )
        (folder / "summary.json").write_bytes(data)
    body = lines if isinstance(lines, bytes) else b"".join(json.dumps(rec).encode() + b"\n" for rec in lines)
    (folder / "chat_history.jsonl").write_bytes(body)
    return folder


DIALOGUE = [
    {"type": "system", "content": "You are Grok."},
    {
        "type": "user",
        "content": "<system-reminder>be nice</system-reminder>",
        "synthetic_reason": "project_instructions",
    },
    {
        "type": "user",
        "content": [{"type": "text", "text": "<user_query>Fix the flaky test in parser.py</user_query>"}],
        "prompt_index": 0,
    },
    {"type": "reasoning", "summary": [{"type": "summary_text", "text": "SECRET THOUGHT"}]},
    {
        "type": "assistant",
        "content": "Running the tests.",
        "tool_calls": [{"id": "c1", "name": "run_terminal_cmd", "arguments": '{"command":"pytest -x"}'}],
    },
    {"type": "tool_result", "tool_call_id": "c1", "content": "TOOL OUTPUT 1 failed"},
    {"type": "assistant", "content": "Fixed the race in parser.py by sorting the keys.", "tool_calls": []},
]


def test_real_main_session():
    r = scan(REAL)
    assert r.warnings == []
    assert [s.session_id for s in r.sessions] == [MAIN_ID]  # the subagent is skipped by default
    s = r.sessions[0]
    assert s.cwd == "/tmp/as-agent-lab/grok/project"
    assert s.original_ref == f"grok-session:{MAIN_ID}"
    assert s.title_hint == "Read hello.py and summarize what it prints"
    assert s.trust == "own"
    assert [b.ordinal for b in s.blocks] == [3, 5, 8, 11]
    texts = [b.text for b in s.blocks]
    assert texts[0] == "[2026-07-31 10:13] user: Read hello.py and summarize what it prints without editing files."
    assert texts[1] == "[2026-07-31 10:13] assistant: I'll read the file first."
    assert texts[2] == '[2026-07-31 10:13] assistant: tool call: run_terminal_cmd {"command":"python3 hello.py"}'
    assert texts[3] == "[2026-07-31 10:13] user: Here is a screenshot for reference."
    joined = "\n".join(texts)
    for dropped in ("user_info", "hello from the grok fixture", "read_file", "Confirmed the output", "web_search"):
        assert dropped not in joined
    # block time = last activity, so the segment's occurred_at is the session's end
    assert s.blocks[-1].timestamp.isoformat().startswith("2026-07-31T10:15:02")


def test_real_subagent_and_read_only_tools_kept_on_request():
    r = scan(REAL, include_subagents=True, keep_read_only_commands=True)
    by_id = {s.session_id: s for s in r.sessions}
    assert set(by_id) == {MAIN_ID, SUB_ID}
    sub = by_id[SUB_ID]
    assert sub.cwd == "/tmp/as-agent-lab/grok/project"
    assert (
        sub.blocks[1].text.splitlines()[1]
        == '[2026-01-01 00:00] assistant: tool call: run_terminal_cmd {"command":"find . -name \'*.py\' | wc -l"}'
    )
    assert any("tool call: read_file" in b.text for b in by_id[MAIN_ID].blocks)


def test_documented_info_shape_and_keep_drop(tmp_path):
    summary = {
        "info": {
            "id": "s-doc",
            "cwd": "/home/me/projects/demo",
            "start": "2026-03-01T09:00:00Z",
            "end": "2026-03-01T09:30:00Z",
            "tokens": 1234,
            "messageCount": 7,
            "additional": {"title": "Flaky parser test"},
        }
    }
    write_session(tmp_path, "s-doc", summary, DIALOGUE)
    r = scan(tmp_path)
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == "s-doc" and s.cwd == "/home/me/projects/demo"
    assert s.title_hint == "Flaky parser test"
    assert s.blocks[0].text == "[2026-03-01 09:00] user: Fix the flaky test in parser.py"
    assert s.blocks[1].text.endswith('tool call: run_terminal_cmd {"command":"pytest -x"}')
    joined = "\n".join(b.text for b in s.blocks)
    assert "SECRET THOUGHT" not in joined and "TOOL OUTPUT" not in joined and "be nice" not in joined
    assert all(b.timestamp.isoformat() == "2026-03-01T09:30:00+00:00" for b in s.blocks)


def test_unchanged_folder_is_not_read_and_growth_keeps_ids(tmp_path):
    folder = write_session(
        tmp_path,
        "s1",
        {"info": {"id": "s1", "cwd": "/w"}, "created_at": "2026-03-01T09:00:00Z", "updated_at": "2026-03-01T09:10:00Z"},
        DIALOGUE,
    )
    first = scan(tmp_path)
    key = str(folder)
    assert key in first.states and first.bytes_read > 0
    again = scan(tmp_path, previous=first.states)
    assert again.unchanged == [key] and again.sessions == [] and again.bytes_read == 0
    assert again.states[key] == first.states[key]
    line = json.dumps({"type": "user", "content": "And add a regression test.", "prompt_index": 1}) + "\n"
    with (folder / "chat_history.jsonl").open("a") as fh:
        fh.write(line)
    grown = scan(tmp_path, previous=first.states)
    (s,) = grown.sessions
    assert s.session_id == "s1" and s.appended  # only the new record, continuing the stored session
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (len(DIALOGUE) + 1, "[2026-03-01 09:00] user: And add a regression test.")
    ]
    # the new bytes of the transcript, and summary.json (small, rewritten with every turn)
    assert grown.bytes_read == len(line) + (folder / "summary.json").stat().st_size


def test_settle_minutes_defers_without_state(tmp_path):
    write_session(tmp_path, "s1", {"info": {"id": "s1", "cwd": "/w"}}, DIALOGUE)
    r = connector(tmp_path, settle_minutes=30).scan({}, time.time())
    assert r.deferred == 1 and r.sessions == [] and r.states == {}


def test_half_written_summary_is_left_for_next_run(tmp_path):
    write_session(tmp_path, "s1", b'{"info": {"id": "s1", "cw', DIALOGUE)
    r = connector(tmp_path, settle_minutes=30).scan({}, time.time())
    assert r.states == {} and r.warnings == [] and r.bytes_read == 0


@pytest.mark.parametrize(
    "summary, reason",
    [
        (None, "missing"),
        (b"", "empty"),
        (b"{not json", "not JSON"),
        (b"\xff\xfe{}", "invalid UTF-8"),
        ({"info": {"cwd": "/w"}}, "lacks info.id"),
        ({"info": {"id": "x"}}, "lacks info.cwd"),
        ([1, 2], "not a JSON object"),
    ],
)
def test_bad_summary_is_skipped_with_a_warning(tmp_path, summary, reason):
    bad = write_session(tmp_path, "bad", summary, DIALOGUE)
    good = tmp_path / "other" / "good"
    good.mkdir(parents=True)
    (good / "summary.json").write_text(json.dumps({"info": {"id": "good", "cwd": "/w"}}))
    (good / "chat_history.jsonl").write_text("".join(json.dumps(rec) + "\n" for rec in DIALOGUE))
    r = scan(tmp_path)
    assert [s.session_id for s in r.sessions] == ["good"]
    (warning,) = r.warnings
    assert warning.startswith(str(bad / "summary.json") + ": ") and reason in warning
    assert str(bad) in r.states  # settled: not re-read until it changes


def test_bad_lines_and_permission_error(tmp_path, monkeypatch):
    body = (
        json.dumps(DIALOGUE[2]).encode()
        + b"\n"
        + b"\xff\xfe garbage\n"
        + b"{broken\n"
        + json.dumps(DIALOGUE[6]).encode()
        + b"\n"
    )
    folder = write_session(tmp_path, "s1", {"info": {"id": "s1", "cwd": "/w"}}, body)
    r = scan(tmp_path)
    chat = folder / "chat_history.jsonl"
    assert r.warnings == [
        f"{chat}: line 2: invalid UTF-8 at byte 0",
        f"{chat}: line 3: not JSON (Expecting property name enclosed in double quotes at column 2)",
    ]
    assert [b.ordinal for b in r.sessions[0].blocks] == [1, 4]

    real_read = Path.read_bytes

    def denied(self):
        if self.name == "summary.json":
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    r = scan(tmp_path)
    assert r.sessions == [] and r.states == {}
    assert r.warnings == [f"{folder / 'summary.json'}: Permission denied"]


def test_min_chars_prompt_cleaning_and_own_summariser_calls(tmp_path):
    write_session(tmp_path, "s1", {"info": {"id": "s1", "cwd": "/w"}}, DIALOGUE)
    assert scan(tmp_path, min_chars=10_000).too_short == 1
    r = scan(tmp_path, user_prompt_markers=["flaky"], user_prompt_drop_lines=["^NOISE"])
    assert r.sessions[0].blocks[0].text.endswith("user: flaky test in parser.py")
    own = [
        {
            "type": "user",
            "prompt_index": 0,
            "content": "Existing title: x\nContext: source=grok\n<document>\n[2026-01-01 00:00] user: hi\n</document>",
        },
        {"type": "assistant", "content": '{"title": "x"}'},
    ]
    write_session(tmp_path, "s1", {"info": {"id": "s1", "cwd": "/w"}}, own)
    r = scan(tmp_path)
    assert r.sessions == [] and r.too_short == 0


def _records_before(data: bytes, cut: int) -> int:
    """How many complete lines end before byte `cut`."""
    return data[:cut].count(b"\n")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut=st.integers(min_value=0, max_value=10_000),
    garbage=st.binary(max_size=60),
    at=st.integers(min_value=0, max_value=len(DIALOGUE)),
)
def test_fuzz_truncation_and_garbage_never_lose_earlier_records(cut, garbage, at):
    clean = b"".join(json.dumps(rec).encode() + b"\n" for rec in DIALOGUE)
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        write_session(root, "s1", {"info": {"id": "s1", "cwd": "/w"}}, clean)
        full = [(b.ordinal, b.text) for b in scan(root).sessions[0].blocks]
        # random truncation
        cut = cut % (len(clean) + 1)
        write_session(root, "s1", {"info": {"id": "s1", "cwd": "/w"}}, clean[:cut])
        r = scan(root)
        kept = [(b.ordinal, b.text) for s in r.sessions for b in s.blocks]
        whole = _records_before(clean, cut)
        assert [x for x in full if x[0] <= whole] == [x for x in kept if x[0] <= whole]
        # a random garbage line inserted after `at` good lines
        lines = clean.splitlines(keepends=True)
        damaged = b"".join(lines[:at]) + garbage.replace(b"\n", b"") + b"\n" + b"".join(lines[at:])
        write_session(root, "s1", {"info": {"id": "s1", "cwd": "/w"}}, damaged)
        r = scan(root)
        kept = [(b.ordinal, b.text) for s in r.sessions for b in s.blocks]
        assert [x for x in full if x[0] <= at] == [x for x in kept if x[0] <= at]


# --- the ACP stream (updates.jsonl), as Grok 0.2.118 writes it ------------------------------------

T = 1_785_000_000  # unix seconds: 2026-07-25 17:20 UTC
STREAM = [
    acp_chunk("user_message_chunk", "<user_query>Fix the flaky ", T, prompt=0),
    acp_chunk("user_message_chunk", "parser test please</user_query>", T + 1, prompt=0),
    acp_chunk("agent_thought_chunk", "SECRET THOUGHT", T + 2),
    acp_chunk("agent_message_chunk", "Running ", T + 3),
    acp_chunk("agent_message_chunk", "the tests.", T + 4),
    acp_tool(T + 5, "c1", "run_terminal_cmd", "execute", {"command": "pytest -x"}),
    acp(T + 6, {"sessionUpdate": "tool_call_update", "toolCallId": "c1", "status": "completed",
                "content": [{"type": "content", "content": {"type": "text", "text": "TOOL OUTPUT 1 failed"}}]}),
    acp_tool(T + 7, "c2", "read_file", "read", {"target_file": "parser.py"}),
    acp_tool(T + 8, "c3", "run_terminal_cmd", "execute", {"command": "git status && ls"}),
    acp_chunk("agent_message_chunk", "Fixed the race by sorting the keys.", T + 9),
    acp(T + 10, {"sessionUpdate": "turn_completed", "stop_reason": "end_turn"}, method="_x.ai/session/update"),
    acp_chunk("user_message_chunk", "Now add a regression test.", T + 60, prompt=1),
    acp(T + 70, {"sessionUpdate": "turn_completed", "agent_result": "Added test_sorted_keys to the suite."},
        method="_x.ai/session/update"),
]  # fmt: skip
SUMMARY = {"info": {"id": "g1", "cwd": "/home/me/projects/demo"}, "created_at": "2026-07-25T17:19:00Z",
           "updated_at": "2026-07-25T17:21:10Z", "generated_title": "Flaky parser test"}  # fmt: skip


def write_stream(root: Path, sid: str, summary: dict, records: list[dict], chat: list[dict] | None = None) -> Path:
    folder = root / "%2Fhome%2Fme%2Fprojects%2Fdemo" / sid
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "summary.json").write_text(json.dumps(summary))
    (folder / "updates.jsonl").write_text(jsonl(records))
    if chat is not None:
        (folder / "chat_history.jsonl").write_text(jsonl(chat))
    return folder


def test_a_stream_only_folder_is_read_from_the_stream_with_its_own_times(tmp_path):
    write_stream(tmp_path, "g1", SUMMARY, STREAM)
    r = scan(tmp_path)
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == "g1" and s.title_hint == "Flaky parser test" and s.cwd == "/home/me/projects/demo"
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (1, "[2026-07-25 17:20] user: Fix the flaky parser test please"),
        (4, "[2026-07-25 17:20] assistant: Running the tests."),
        (6, '[2026-07-25 17:20] assistant: tool call: run_terminal_cmd {"command":"pytest -x"}'),
        (10, "[2026-07-25 17:20] assistant: Fixed the race by sorting the keys."),
        (12, "[2026-07-25 17:21] user: Now add a regression test."),
        (13, "[2026-07-25 17:21] assistant: Added test_sorted_keys to the suite."),
    ]
    assert s.blocks[1].timestamp.timestamp() == T + 3 and s.blocks[4].timestamp.timestamp() == T + 60
    joined = "\n".join(b.text for b in s.blocks)
    for dropped in ("SECRET THOUGHT", "TOOL OUTPUT", "read_file", "git status"):
        assert dropped not in joined


def test_read_only_stream_calls_are_kept_on_request(tmp_path):
    write_stream(tmp_path, "g1", SUMMARY, STREAM)
    (s,) = scan(tmp_path, keep_read_only_commands=True).sessions
    texts = {b.ordinal: b.text for b in s.blocks}
    assert texts[8].endswith('tool call: read_file {"target_file":"parser.py"}')
    assert texts[9].endswith('tool call: run_terminal_cmd {"command":"git status && ls"}')


def test_with_both_files_the_chat_history_wins_for_text_and_the_stream_gives_the_times(tmp_path):
    sample = REAL / "sanitized__agent-sessions"
    chat = [json.loads(line) for line in (sample / "chat_history.jsonl").read_text().splitlines()]
    summary = json.loads((sample / "summary.json").read_text())
    t0 = datetime(2026, 7, 31, 10, 13, 30, tzinfo=UTC).timestamp()
    stream = [
        acp_chunk("user_message_chunk", "Read hello.py (as streamed)", t0, prompt=0),
        acp_chunk("agent_message_chunk", "I'll read", t0 + 42),
        acp_chunk("user_message_chunk", "Here is a screenshot", t0 + 95, prompt=1),
    ]
    write_stream(tmp_path, MAIN_ID, summary, stream, chat=chat)
    (s,) = scan(tmp_path).sessions
    assert [b.ordinal for b in s.blocks] == [3, 5, 8, 11]  # the chat's lines, as without the stream
    assert [b.text for b in s.blocks] == [
        "[2026-07-31 10:13] user: Read hello.py and summarize what it prints without editing files.",
        "[2026-07-31 10:14] assistant: I'll read the file first.",
        '[2026-07-31 10:14] assistant: tool call: run_terminal_cmd {"command":"python3 hello.py"}',
        "[2026-07-31 10:15] user: Here is a screenshot for reference.",
    ]
    assert s.blocks[1].timestamp.timestamp() == t0 + 42


def test_a_grown_stream_reads_only_its_new_bytes_and_a_message_still_streaming_comes_back_whole(tmp_path):
    folder = write_stream(tmp_path, "g1", SUMMARY, STREAM[:4])  # stopped inside "Running "
    first = scan(tmp_path)
    (s,) = first.sessions
    assert s.blocks[-1].text == "[2026-07-25 17:20] assistant: Running"
    tail = jsonl(STREAM[4:6])
    with (folder / "updates.jsonl").open("a") as f:
        f.write(tail)
    grown = scan(tmp_path, previous=first.states)
    (g,) = grown.sessions
    assert g.appended and [(b.ordinal, b.text) for b in g.blocks] == [
        (4, "[2026-07-25 17:20] assistant: Running the tests."),  # the same block, whole: it replaces the stored one
        (6, '[2026-07-25 17:20] assistant: tool call: run_terminal_cmd {"command":"pytest -x"}'),
    ]
    assert grown.bytes_read == len(tail.encode()) + (folder / "summary.json").stat().st_size
    unchanged = scan(tmp_path, previous=grown.states)
    assert unchanged.sessions == [] and unchanged.bytes_read == 0


def test_a_rewind_in_the_new_bytes_reads_the_folder_whole(tmp_path):
    folder = write_stream(tmp_path, "g1", SUMMARY, STREAM[:11])
    first = scan(tmp_path)
    rewind = [acp(T + 30, {"sessionUpdate": "rewind_marker", "target_prompt_index": 0}, method="_x.ai/session/update"),
              acp_chunk("user_message_chunk", "Actually, only explain the flake.", T + 31, prompt=0)]  # fmt: skip
    with (folder / "updates.jsonl").open("a") as f:
        f.write(jsonl(rewind))
    r = scan(tmp_path, previous=first.states)
    (s,) = r.sessions
    assert not s.appended and [b.text for b in s.blocks] == [
        "[2026-07-25 17:20] user: Actually, only explain the flake."
    ]
    # the new bytes (where the rewind was seen), then the whole stream again, and summary.json
    whole, summary = (folder / "updates.jsonl").stat().st_size, (folder / "summary.json").stat().st_size
    assert r.bytes_read == len(jsonl(rewind).encode()) + whole + summary


def test_an_empty_transcript_is_a_warning_and_gives_no_session(tmp_path):
    folder = write_stream(tmp_path, "g1", SUMMARY, [])
    r = scan(tmp_path)
    assert r.sessions == [] and r.warnings == [
        f"{folder / 'updates.jsonl'}: empty, session g1 not read (a stored copy is kept)"
    ]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=st.integers(min_value=1, max_value=len(STREAM)), garbage=st.binary(max_size=60), truncate=st.booleans())
def test_fuzz_a_damaged_stream_never_raises_and_keeps_every_message_before_the_damage(line, garbage, truncate):
    clean = jsonl(STREAM).encode().splitlines(keepends=True)
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        folder = write_stream(root, "g1", SUMMARY, STREAM)
        full = scan(root).sessions[0].blocks
        damaged = clean[: line - 1] + ([] if truncate else [garbage.replace(b"\n", b"") + b"\n", *clean[line - 1 :]])
        (folder / "updates.jsonl").write_bytes(b"".join(damaged))
        kept = {b.ordinal: b.text for s in scan(root).sessions for b in s.blocks}
        for block, following in zip(full, full[1:]):
            if following.ordinal <= line:  # the whole message lies before the damaged line
                assert kept.get(block.ordinal) == block.text
