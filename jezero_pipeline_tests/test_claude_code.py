"""Claude Code connector: real fixtures, Jezero's keep/drop rules, incremental reads, bad files."""

from __future__ import annotations

import functools
import json
import os
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sessionfiles import damaged
from shared import real_sessions

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.sessions.base import Unit
from jezero_pipeline.sessions.jsonl import PEEK_BYTES, first_timestamp, parse_jsonl_bytes
from jezero_pipeline.text import parse_time

FIXTURES = real_sessions("claude-code")
NOW = 2_000_000_000.0  # far after every fixture's mtime: everything is settled
SID = "11111111-2222-4333-8444-555555555555"


def connector(projects_dir, **options):
    opts = {"projects_dir": str(projects_dir), "settle_minutes": 0, "min_chars": 0, **options}
    cfg = ConnectorConfig(name="cc", type="claude_code", options=opts)
    return make_connector(cfg, ProjectsConfig(), Path("."))


def by_id(result):
    return {s.session_id: s for s in result.sessions}


def texts(session):
    return {b.ordinal: b.text for b in session.blocks}


def rec(kind, ts, content, n=0, **extra):
    base = {
        "parentUuid": None,
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/u/projects/demo",
        "sessionId": SID,
        "version": "2.1.37",
        "type": kind,
        "uuid": f"u{n}",
        "timestamp": f"2026-05-01T10:{n:02d}:00.000Z",
        "entrypoint": "cli",
    }
    role = "assistant" if kind == "assistant" else "user"
    base["message"] = {"role": role, "content": content}
    base.update(extra)
    return base


def write(path: Path, records, tail: bytes = b"") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = b"".join(json.dumps(r).encode() + b"\n" for r in records) + tail
    path.write_bytes(data)
    return path


def user(text, n, **extra):
    return rec("user", None, text, n, **extra)


def say(text, n, **extra):
    return rec("assistant", None, [{"type": "text", "text": text}], n, **extra)


def tool_use(tid, name, inp, n):
    return rec("assistant", None, [{"type": "tool_use", "id": tid, "name": name, "input": inp}], n)


def tool_result(tid, content, n):
    return rec("user", None, [{"type": "tool_result", "tool_use_id": tid, "content": content}], n)


# --- real fixtures -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def real():
    result = connector(FIXTURES).scan({}, NOW)
    return result, by_id(result)


def test_every_fixture_parses_without_warnings(real):
    result, sessions = real
    assert result.warnings == []
    assert result.files_seen == len(list(FIXTURES.glob("*.jsonl")))
    assert set(sessions) == {p.stem for p in FIXTURES.glob("*.jsonl")}
    for s in sessions.values():
        assert s.original_ref == f"claude-code-session:{s.session_id}"
        assert s.blocks and all(b.text.startswith("[20") for b in s.blocks)


def test_fixture_init_slash_command_session(real):
    s = real[1]["claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a"]
    assert s.cwd == "/path/to/Demo"
    t = texts(s)
    # lines 6 (`find … | head -20`) and 16 (`ls -la`) are read-only Bash calls: dropped, as for every agent
    assert list(t) == [1, 3, 4, 7, 8, 9, 10, 17, 18, 22, 24, 25, 27, 29]
    assert t[1] == "[2025-09-03 00:47] user: (command) /init"  # line 2 (isMeta prompt) dropped
    assert t[7] == '[2025-09-03 00:47] assistant: tool call: Glob {"pattern":"package.json"}'
    assert not any("No files found" in x or "Todos have been modified" in x for x in t.values())


def test_read_only_bash_calls_are_kept_only_with_keep_read_only_commands():
    kept = by_id(connector(FIXTURES, keep_read_only_commands=True).scan({}, NOW))
    t = texts(kept["claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a"])
    assert t[16].startswith('[2025-09-03 00:47] assistant: tool call: Bash {"command":"ls -la"')
    assert t[6].startswith('[2025-09-03 00:47] assistant: tool call: Bash {"command":"find . -name')


def test_fixture_hello_world(real):
    s = real[1]["claude-reliability__hello-world-script"]
    assert s.cwd == "/tmp/tmp74wiyiny"
    t = texts(s)
    assert list(t) == [2, 3, 5, 7, 9]  # queue-operation, tool results and the isMeta Stop hook dropped
    assert t[2] == '[2026-01-21 06:20] user: Write a shell script called hello.sh that prints "Hello world" and run it.'
    assert t[5].startswith(
        '[2026-01-21 06:20] assistant: tool call: Bash {"command":"chmod +x /tmp/tmp74wiyiny/hello.sh'
    )
    assert not any("Stop hook feedback" in x for x in t.values())


def test_fixture_local_command_caveat_exit_and_thinking(real):
    s = real[1]["entire__0b-6786ea0065__full"]
    assert s.cwd == "/Users/soph/Work/entire/devenv/cli"
    t = texts(s)
    assert list(t) == [4, 7, 10, 11, 15, 20, 21]  # 5 is blank text, 6 thinking, 19 the caveat
    assert t[20] == "[2026-02-11 19:47] user: (command) /exit"
    assert t[21] == "[2026-02-11 19:47] user: (output) Bye!"
    assert t[7].startswith("[2026-02-11 19:35] assistant: tool call: Read ")
    assert not any("Caveat" in x for x in t.values())


def test_fixture_summary_title_and_task_result_kept(real):
    s = real[1]["entire__e2-775d4606d9__full"]
    assert s.title_hint == "Agent Creates Cerulean Color File in Docs"
    assert s.cwd == "/Users/peytonmontei/Documents/entire/devenv/entireio/cli"
    t = texts(s)
    assert list(t) == [3, 5, 6, 7, 9]
    assert t[6].startswith('[2026-01-15 23:24] assistant: tool call: Task {"description":"Create color file in docs"')
    assert t[7].startswith("[2026-01-15 23:24] assistant: tool result: Task: I have created the file")


def test_fixture_last_line_without_newline_is_read_when_settled(real):
    s = real[1]["entire__c9-883595c929__full"]
    assert (FIXTURES / "entire__c9-883595c929__full.jsonl").read_bytes()[-1:] != b"\n"
    assert max(texts(s)) == 9 and s.project_hint == "cli"


# --- keep / drop rules -------------------------------------------------------------------


def test_keep_drop_rules(tmp_path: Path):
    root = tmp_path / "projects"
    write(
        root / "-home-u-projects-demo" / f"{SID}.jsonl",
        [
            {"type": "summary", "summary": "Old summary title", "leafUuid": "x"},
            user("Fix the bug <system-reminder>secret scaffolding</system-reminder>", 1),
            user("<memory-context>remembered</memory-context>", 2),
            user("Caveat: The messages below were generated by the user while running local commands.", 3),
            user("injected meta", 4, isMeta=True),
            rec(
                "assistant",
                None,
                [{"type": "thinking", "thinking": "hmm", "signature": "s"}, {"type": "text", "text": "Looking."}],
                5,
            ),
            tool_use("t1", "Bash", {"command": "x" * 500}, 6),
            tool_result("t1", "bash result text", 7),
            tool_use("t2", "Agent", {"prompt": "go"}, 8),
            tool_result("t2", [{"type": "text", "text": "A" * 2000 + "B" * 2000}], 9),
            user(
                "<command-name>/review</command-name><command-message>review</command-message>"
                "<command-args>PR 42</command-args>",
                10,
            ),
            user("<local-command-stdout>" + "o" * 900 + "</local-command-stdout>", 11),
            say("sidechain chatter", 12, isSidechain=True),
            {"type": "ai-title", "aiTitle": "AI title", "sessionId": SID},
        ],
    )
    s = by_id(connector(root).scan({}, NOW))[SID]
    t = texts(s)
    assert t[2] == "[2026-05-01 10:01] user: Fix the bug"
    assert 3 not in t and 4 not in t and 5 not in t and 14 not in t  # memory-context, caveat, isMeta, sidechain
    assert t[6] == "[2026-05-01 10:05] assistant: Looking."
    assert t[7] == '[2026-05-01 10:06] assistant: tool call: Bash {"command":"' + "x" * 188 + "…"
    assert 8 not in t  # Bash result dropped
    kept = t[10]
    assert kept.startswith("[2026-05-01 10:09] assistant: tool result: Agent: AAA")
    assert "[... 1040 characters omitted ...]" in kept and kept.endswith("B" * 1480)
    assert t[11] == "[2026-05-01 10:10] user: (command) /review PR 42"
    assert t[12] == "[2026-05-01 10:11] user: (output) " + "o" * 500 + "…"
    assert s.title_hint == "AI title"  # ai-title beats summary
    assert s.cwd == "/home/u/projects/demo" and s.project_hint == "demo"
    assert s.meta == {"entrypoint": "cli"}


def test_options_change_what_is_kept(tmp_path: Path):
    root = tmp_path / "projects"
    write(
        root / "p" / f"{SID}.jsonl",
        [
            tool_use("t1", "Bash", {"command": "make"}, 1),
            tool_result("t1", "built", 2),
            say("side", 3, isSidechain=True),
        ],
    )
    s = by_id(
        connector(root, include_tool_calls=False, keep_results_of=["Bash"], include_subagents=True).scan({}, NOW)
    )[SID]
    t = texts(s)
    assert 1 not in t  # no tool call line
    assert t[2].endswith("assistant: tool result: Bash: built")
    assert t[3].endswith("assistant: side")


def test_subagent_files_and_skips(tmp_path: Path):
    root = tmp_path / "projects"
    write(root / "p" / f"{SID}.jsonl", [user("parent", 1)])
    write(root / "p" / SID / "subagents" / "agent-abc.jsonl", [say("sub work", 1, isSidechain=True)])
    write(root / "skipme" / "other.jsonl", [user("hidden", 1)])
    assert set(by_id(connector(root).scan({}, NOW))) == {SID, "other"}
    res = by_id(connector(root, include_subagents=True, skip_project_dirs=["skip*"]).scan({}, NOW))
    assert set(res) == {SID, f"{SID}/agent-abc"}
    sub = res[f"{SID}/agent-abc"]
    assert sub.meta["subagent_of"] == SID and sub.original_ref == f"claude-code-session:{SID}/agent-abc"
    assert by_id(connector(root, skip_entrypoints=["cli"]).scan({}, NOW)) == {}


def test_newest_copy_wins_and_config_dir_from_glob(tmp_path: Path):
    old = write(
        tmp_path / "agents" / "claude-home" / ".claude" / "projects" / "p" / f"{SID}.jsonl", [user("old copy", 1)]
    )
    new = write(
        tmp_path / "agents" / "claude-work" / ".claude" / "projects" / "p" / f"{SID}.jsonl",
        [user("new copy", 1), say("more", 2)],
    )
    os.utime(old, (1000, 1000))
    os.utime(new, (2000, 2000))
    result = connector(tmp_path / "agents" / "claude-*" / ".claude" / "projects").scan({}, NOW)
    (s,) = result.sessions
    assert "new copy" in s.blocks[0].text and s.meta["config_dir"] == "claude-work"


def test_min_chars_and_settle(tmp_path: Path):
    root = tmp_path / "projects"
    f = write(root / "p" / f"{SID}.jsonl", [user("short", 1)])
    result = connector(root, min_chars=400).scan({}, NOW)
    assert result.sessions == [] and result.too_short == 1 and str(f) in result.states
    # a too-short file is not re-read until it changes
    again = connector(root, min_chars=400).scan(result.states, NOW)
    assert again.bytes_read == 0 and again.unchanged == [str(f)]
    recent = connector(root, settle_minutes=30).scan({}, time.time())
    assert recent.deferred == 1 and recent.sessions == [] and recent.states == {}


# --- incremental reading -----------------------------------------------------------------


def test_unchanged_file_is_not_read(tmp_path: Path):
    root = tmp_path / "projects"
    write(root / "p" / f"{SID}.jsonl", [user("hello there", 1)])
    c = connector(root)
    first = c.scan({}, NOW)
    assert first.bytes_read > 0 and len(first.sessions) == 1
    second = c.scan(first.states, NOW)
    assert second.bytes_read == 0 and second.sessions == [] and second.unchanged == list(first.states)
    assert second.states == first.states


def test_grown_file_appends_only_new_blocks_with_carried_tool_ids(tmp_path: Path):
    root = tmp_path / "projects"
    records = [user("start the sub-agent", 1), tool_use("t9", "Task", {"prompt": "dig"}, 2)]
    f = write(root / "p" / f"{SID}.jsonl", records)
    c = connector(root)
    first = c.scan({}, NOW)
    assert [b.ordinal for b in first.sessions[0].blocks] == [1, 2]
    write(f, records + [tool_result("t9", "sub-agent report", 3), say("done", 4)])
    second = c.scan(first.states, NOW)
    (s,) = second.sessions
    assert s.appended and s.session_id == SID and s.cwd == "/home/u/projects/demo"
    assert [b.ordinal for b in s.blocks] == [3, 4]
    assert s.blocks[0].text.endswith("tool result: Task: sub-agent report")  # t9 -> Task carried over


def test_rewritten_file_is_read_whole(tmp_path: Path):
    root = tmp_path / "projects"
    f = write(root / "p" / f"{SID}.jsonl", [user("first version", 1)])
    c = connector(root)
    first = c.scan({}, NOW)
    write(f, [user("rewritten version", 1), say("and more", 2)])
    (s,) = c.scan(first.states, NOW).sessions
    assert not s.appended and [b.ordinal for b in s.blocks] == [1, 2]
    assert "rewritten version" in s.blocks[0].text


def test_half_written_last_line_is_left_for_the_next_run(tmp_path: Path):
    root = tmp_path / "projects"
    complete = json.dumps(say("the answer", 2)).encode()
    f = write(root / "p" / f"{SID}.jsonl", [user("question", 1)], tail=complete[:25])
    c = connector(root)
    first = c.scan({}, NOW)
    assert [b.ordinal for b in first.sessions[0].blocks] == [1]
    assert any("line 2" in w and "left for the next run" in w for w in first.warnings)
    assert first.states[str(f)].consumed == f.stat().st_size - 25
    f.write_bytes(f.read_bytes() + complete[25:] + b"\n")
    (s,) = c.scan(first.states, NOW).sessions
    assert s.appended and [b.ordinal for b in s.blocks] == [2] and s.blocks[0].text.endswith("the answer")


def test_valid_unterminated_last_line_read_only_once_settled(tmp_path: Path):
    root = tmp_path / "projects"
    f = write(root / "p" / f"{SID}.jsonl", [user("question", 1)], tail=json.dumps(say("tail", 2)).encode())
    busy = connector(root, settle_minutes=30).scan({}, time.time())
    assert busy.deferred == 1 and busy.sessions == []
    os.utime(f, (1000, 1000))
    (s,) = connector(root, settle_minutes=30).scan({}, time.time()).sessions
    assert [b.ordinal for b in s.blocks] == [1, 2]


def test_deferred_file_keeps_serving_its_stored_copy(tmp_path: Path):
    root = tmp_path / "projects"
    f = write(root / "p" / f"{SID}.jsonl", [user("question", 1)])
    os.utime(f, (1000, 1000))
    first = connector(root, settle_minutes=30).scan({}, time.time())
    write(f, [user("question", 1), say("live", 2)])  # mtime now: still active
    second = connector(root, settle_minutes=30).scan(first.states, time.time())
    assert second.deferred == 1 and second.unchanged == [str(f)] and second.states == first.states


# --- bad files ---------------------------------------------------------------------------


def test_bad_lines_keep_the_rest(tmp_path: Path):
    root = tmp_path / "projects"
    f = root / "p" / f"{SID}.jsonl"
    f.parent.mkdir(parents=True)
    f.write_bytes(
        json.dumps(user("before", 1)).encode()
        + b"\nnot json at all\n\xff\xfe\n[1]\n"
        + json.dumps(say("after", 5)).encode()
        + b"\n"
    )
    result = connector(root).scan({}, NOW)
    (s,) = result.sessions
    assert [b.ordinal for b in s.blocks] == [1, 5]
    assert any(w.startswith(f"{f}: line 2: not JSON") for w in result.warnings)
    assert any(w.startswith(f"{f}: line 3: invalid UTF-8") for w in result.warnings)
    assert any(w.startswith(f"{f}: line 4: not a JSON object") for w in result.warnings)


def test_empty_file_warns_and_is_not_reread(tmp_path: Path):
    root = tmp_path / "projects"
    f = root / "p" / "empty.jsonl"
    f.parent.mkdir(parents=True)
    f.write_bytes(b"")
    result = connector(root).scan({}, NOW)
    assert result.sessions == [] and result.warnings == [f"{f}: empty file"]
    assert connector(root).scan(result.states, NOW).unchanged == [str(f)]


def test_unreadable_file_warns_and_the_run_goes_on(tmp_path: Path, monkeypatch):
    root = tmp_path / "projects"
    bad = write(root / "p" / "bad.jsonl", [user("locked away", 1)])
    write(root / "p" / f"{SID}.jsonl", [user("readable", 1)])
    real_open = Path.open

    def guarded(self, *a, **k):
        if self == bad:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *a, **k)

    monkeypatch.setattr(Path, "open", guarded)
    result = connector(root).scan({}, NOW)
    assert [s.session_id for s in result.sessions] == [SID]
    assert result.warnings == [f"{bad}: cannot read (Permission denied)"]
    assert str(bad) not in result.states  # retried next run


def test_missing_projects_dir_warns(tmp_path: Path):
    result = connector(tmp_path / "nope").scan({}, NOW)
    assert result.sessions == [] and "projects_dir not found" in result.warnings[0]


def test_required_and_unknown_options():
    with pytest.raises(ValueError, match="projects_dir"):
        make_connector(ConnectorConfig(name="cc", type="claude_code"), ProjectsConfig(), Path("."))
    with pytest.raises(ValueError, match="unknown option"):
        connector("/x", projects_dri="/y")


# --- property: damage never loses what came before ----------------------------------------

GARBAGE = st.one_of(
    st.sampled_from([b"not json", b'{"type": "user", "message": ', b"\xff\xfe\xfa", b"[1, 2]", b"null", b"}{"]),
    st.binary(max_size=40).filter(lambda b: b"\n" not in b),
)


@functools.cache
def _source() -> tuple[bytes, dict[int, str]]:
    """A real transcript and its blocks, read when a test first needs them (skipped without ../shared)."""
    source = (FIXTURES / "entire__0b-6786ea0065__full.jsonl").read_bytes()
    return source, _blocks_of(source)


def _blocks_of(data: bytes) -> dict[int, str]:
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "p" / f"{SID}.jsonl"
        f.parent.mkdir()
        f.write_bytes(data)
        result = connector(Path(d)).scan({}, NOW)
        return {b.ordinal: b.text for s in result.sessions for b in s.blocks}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut_share=st.floats(0, 1), inserts=st.lists(st.tuples(st.floats(0, 1), GARBAGE), max_size=3)
)  # shares of the transcript's length and lines: the strategy needs no file at collection
def test_truncation_and_garbage_never_raise_nor_lose_earlier_records(cut_share, inserts):
    source, clean = _source()
    data, damage = damaged(source, cut_share, inserts)
    got = _blocks_of(data)
    expected = {n: t for n, t in clean.items() if n < damage}
    assert {n: t for n, t in got.items() if n < damage} == expected


# --- the day peek: the first timestamp, found without parsing the whole head ------------------


def _first_timestamp_parsing_everything(head: bytes):
    """The plain reading: every complete line parsed, then the first record with a timestamp."""
    for line in parse_jsonl_bytes(head[: head.rfind(b"\n") + 1], settled=False).lines:
        found = parse_time(line.record.get("timestamp"))
        if found is not None:
            return found
    return None


HEAD_LINES = st.one_of(
    GARBAGE,
    st.sampled_from([
        b'{"type": "file-history-snapshot", "snapshot": {"timestamp": "2026-05-02T01:00:00Z"}}',
        b'{"timestamp": "not a time"}', b'{"timestamp": null}', b'{"timestamp": 17}', b"", b"   ",
        b'{"timestamp": "2026-05-01T10:00:00.000Z", "type": "user"}',
        b'{"type": "user", "timestamp": "2026-04-30T23:59:59+02:00"}',
    ]),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(HEAD_LINES, max_size=6), tail=GARBAGE)
def test_first_timestamp_is_what_parsing_every_line_finds(lines, tail):
    head = b"\n".join(lines) + (b"\n" if lines else b"") + tail  # the tail: a line the head cut
    assert first_timestamp(head) == _first_timestamp_parsing_everything(head)


def test_the_day_peek_reads_past_a_long_first_record(tmp_path: Path):
    big = {"type": "file-history-snapshot", "snapshot": {"files": "x" * (PEEK_BYTES * 2)}}
    f = write(tmp_path / "p" / f"{SID}.jsonl", [big, user("hello", 7)])
    c = connector(tmp_path)
    unit = Unit(str(f), f.stat().st_size, f.stat().st_mtime)
    assert c.start_of(unit) == parse_time("2026-05-01T10:07:00.000Z")
    f.write_bytes(f.read_bytes()[: PEEK_BYTES + 10])  # the first record cut: no timestamp anywhere
    assert c.start_of(Unit(str(f), f.stat().st_size, f.stat().st_mtime)) is None
