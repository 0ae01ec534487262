"""Codex connector: real rollouts, keep/drop rules, shell/patch lines, incremental reads, bad files."""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sessionfiles import damaged
from shared import real_sessions

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.sessions.shell import (
    is_read_only_command,
    render_patch,
    render_shell,
    split_shell,
)

FIXTURES = real_sessions("codex")
BASIC = FIXTURES / "entire-basic__06-720ea4e99306__rollout.jsonl"
SAMPLE = FIXTURES / "claude-code-transcripts__sample_codex_session.jsonl"
BASIC_ID = "019fa69a-9f54-79c1-a7d6-7f26a254600f"
SAMPLE_ID = "019b64e5-57fa-7463-b644-fba7e456f905"
NOW = 2_000_000_000.0
TID = "019e0000-1111-7222-8333-444455556666"


def connector(sessions_dir, **options):
    opts = {"sessions_dir": str(sessions_dir), "settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(ConnectorConfig(name="cx", type="codex", options=opts), ProjectsConfig(), Path("."))


def texts(session):
    return {b.ordinal: b.text for b in session.blocks}


def link_fixtures(tmp_path: Path) -> Path:
    """The real rollouts, symlinked (not copied) into Codex's on-disk layout."""
    day = tmp_path / "sessions" / "2026" / "07" / "28"
    day.mkdir(parents=True)
    (day / f"rollout-2026-07-28T02-42-59-{BASIC_ID}.jsonl").symlink_to(BASIC)
    (day / f"rollout-2025-12-28T12-18-30-{SAMPLE_ID}.jsonl").symlink_to(SAMPLE)
    return tmp_path / "sessions"


def line(kind, payload, n=0):
    return {"timestamp": f"2026-05-02T09:{n:02d}:00.000Z", "type": kind, "payload": payload}


def meta(tid=TID, cwd="/home/u/projects/demo", **extra):
    return line("session_meta", {"id": tid, "cwd": cwd, "originator": "codex_exec", "source": "cli", **extra})


def msg(role, text, n=0):
    kind = "output_text" if role == "assistant" else "input_text"
    return line("response_item", {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}, n)


def call(name, args, n=0):
    return line(
        "response_item", {"type": "function_call", "name": name, "arguments": json.dumps(args), "call_id": f"c{n}"}, n
    )


def rollout(root: Path, records, tid=TID, tail: bytes = b"") -> Path:
    f = root / "2026" / "05" / "02" / f"rollout-2026-05-02T09-00-00-{tid}.jsonl"
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records) + tail)
    return f


# --- real fixtures -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    root = link_fixtures(tmp_path_factory.mktemp("codex"))
    result = connector(root).scan({}, NOW)
    return result, {s.session_id: s for s in result.sessions}


def test_real_rollouts_parse_with_ids_cwd_and_meta(real):
    result, sessions = real
    assert result.warnings == [] and set(sessions) == {BASIC_ID, SAMPLE_ID}
    basic = sessions[BASIC_ID]
    assert basic.cwd == "/home/dscv/Repo/basic" and basic.original_ref == f"codex-session:{BASIC_ID}"
    assert basic.meta == {"originator": "codex-tui", "models": "gpt-5.6-sol"}
    sample = sessions[SAMPLE_ID]
    assert sample.cwd == "/Users/macmini/Code/homelab-migration"
    assert sample.project_hint == "homelab-migration"
    assert sample.meta == {"originator": "codex_cli_rs", "models": "gpt-5.2-codex"}


def test_real_rollout_keeps_dialogue_and_changing_commands_only(real):
    t = texts(real[1][BASIC_ID])
    assert list(t) == [9, 13, 14, 18, 23, 24, 32, 38, 39, 50]
    assert t[9].startswith("[2026-07-28 02:44] user: run gh stack init\nRead docs/plan-brief.md")
    assert t[14] == "[2026-07-28 02:45] assistant: shell: git remote -v"
    assert t[18] == (
        "[2026-07-28 02:45] assistant: shell: gh --version ; gh extension list ; "
        "git config --get rerere.enabled ; git config --get remote.pushDefault"
    )
    assert t[24] == "[2026-07-28 02:45] assistant: shell: gh auth status"
    assert t[50].startswith("[2026-07-28 02:47] assistant: <proposed_plan>")
    joined = "\n".join(t.values())
    # developer text, AGENTS.md, environment context, reasoning, tool output: all dropped
    for dropped in (
        "# Plan Mode (Conversational)",
        "Filesystem sandboxing",
        "AGENTS.md instructions",
        "<environment_context>",
        "Chunk ID",
        "sed -n",
    ):
        assert dropped not in joined
    assert joined.count("run gh stack init") == 1  # the event_msg duplicate is not repeated


def test_real_sample_keeps_only_the_typed_prompt(real):
    t = texts(real[1][SAMPLE_ID])
    assert list(t) == [4]
    assert t[4].startswith("[2025-12-28 12:21] user: can you analyse the MD files in this directory")


def test_read_only_commands_kept_on_request(tmp_path: Path):
    root = link_fixtures(tmp_path)
    s = {x.session_id: x for x in connector(root, keep_read_only_commands=True).scan({}, NOW).sessions}[BASIC_ID]
    assert texts(s)[28].startswith("[2026-07-28 02:45] assistant: shell: sed -n '520,900p' docs/plan-brief.md ; ")
    none = {x.session_id: x for x in connector(root, include_tool_calls=False).scan({}, NOW).sessions}[BASIC_ID]
    assert not any("shell:" in x for x in texts(none).values())


# --- keep / drop rules -------------------------------------------------------------------


def test_injected_blocks_developer_and_events_dropped(tmp_path: Path):
    root = tmp_path / "sessions"
    injected = [
        "<environment_context>x</environment_context>",
        "<recommended_plugins>p</recommended_plugins>",
        "<user_instructions>u</user_instructions>",
        "<skills_instructions>s</skills_instructions>",
        "<permissions instructions>p</permissions instructions>",
        "<turn_aborted>t</turn_aborted>",
        "# AGENTS.md instructions for /x\n<INSTRUCTIONS>do</INSTRUCTIONS>",
    ]
    records = (
        [meta()]
        + [msg("user", text, i + 1) for i, text in enumerate(injected)]
        + [
            msg("developer", "dev rules", 8),
            msg("system", "sys", 9),
            msg("user", "Please fix the flaky test", 10),
            line("event_msg", {"type": "user_message", "message": "Please fix the flaky test"}, 11),
            line(
                "response_item",
                {"type": "reasoning", "id": "r", "summary": [{"type": "summary_text", "text": "think"}]},
                12,
            ),
            line("event_msg", {"type": "agent_message", "message": "On it."}, 13),
            msg("assistant", "On it.", 14),
            line("response_item", {"type": "function_call_output", "call_id": "c", "output": "tool output"}, 15),
            line("event_msg", {"type": "token_count", "info": {}}, 16),
            line("turn_context", {"cwd": "/home/u/projects/demo", "model": "gpt-5.2-codex"}, 17),
        ]
    )
    rollout(root, records)
    (s,) = connector(root).scan({}, NOW).sessions
    t = texts(s)
    assert list(t) == [11, 15]
    assert t[11] == "[2026-05-02 09:10] user: Please fix the flaky test"
    assert t[15] == "[2026-05-02 09:14] assistant: On it."
    assert s.meta["models"] == "gpt-5.2-codex" and s.project_hint == "demo"


def test_tool_call_lines(tmp_path: Path):
    root = tmp_path / "sessions"
    patch = "*** Begin Patch\n*** Update File: src/a.py\n@@\n-x\n+y\n*** Add File: src/b.py\n+new\n*** End Patch\n"
    rollout(
        root,
        [
            meta(),
            call("exec_command", {"cmd": "rg -n foo src && pytest -k test_segments -x", "workdir": "/x"}, 1),
            call("shell", {"command": ["bash", "-lc", "cat README.md | head -5"]}, 2),
            line(
                "response_item", {"type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": "p"}, 3
            ),
            call("write_stdin", {"session_id": 3, "chars": ""}, 4),
            call("wait", {"seconds": 5}, 5),
            call("update_plan", {"plan": [{"step": "fix", "status": "in_progress"}]}, 6),
            call(
                "exec_command",
                {"cmd": "apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\nEOF"},
                7,
            ),
            call("exec_command", {"cmd": "cat > notes.md <<'EOF'\nhello\nEOF"}, 8),
        ],
    )
    (s,) = connector(root).scan({}, NOW).sessions
    t = {n: x.split("assistant: ", 1)[1] for n, x in texts(s).items()}
    assert t == {
        2: "shell: pytest -k test_segments -x",
        4: "patch: update src/a.py ; add src/b.py",
        7: 'tool call: update_plan {"plan":[{"step":"fix","status":"in_progress"}]}',
        8: "patch: delete old.txt",
        9: "shell: cat > notes.md <<'EOF'",
    }
    kept = {
        n: x
        for n, x in texts(
            connector(root, keep_read_only_commands=True, skip_tools=[]).scan({}, NOW).sessions[0]
        ).items()
    }
    assert kept[3].endswith("shell: cat README.md | head -5")
    assert kept[5].endswith('tool call: write_stdin {"session_id":3,"chars":""}')
    assert kept[6].endswith('tool call: wait {"seconds":5}')


def test_subagents_skip_cwd_and_prompt_cleaning(tmp_path: Path):
    root = tmp_path / "sessions"
    parent = "019e0000-aaaa-7bbb-8ccc-dddddddddddd"
    spawn = {"subagent": {"thread_spawn": {"parent_thread_id": parent, "depth": 1}}}
    rollout(root, [meta(source=spawn), msg("user", "sub-agent task", 1)])
    assert connector(root).scan({}, NOW).sessions == []
    (s,) = connector(root, include_subagents=True).scan({}, NOW).sessions
    assert s.meta["subagent_of"] == parent
    rollout(root, [meta(thread_source="subagent"), msg("user", "also a sub-agent", 1)])
    assert connector(root).scan({}, NOW).sessions == []
    rollout(root, [meta(cwd="/tmp/scratch/x"), msg("user", "scratch work", 1)])
    assert connector(root, skip_cwd_globs=["/tmp/scratch*"]).scan({}, NOW).sessions == []
    rollout(root, [meta(), msg("user", "boilerplate\n## Task\nDo the thing\nSigned: bot", 1)])
    (s,) = connector(root, user_prompt_markers=["## Task"], user_prompt_drop_lines=["^Signed:"]).scan({}, NOW).sessions
    assert s.blocks[0].text == "[2026-05-02 09:01] user: ## Task\nDo the thing"


def test_title_from_session_index_and_id_fallback(tmp_path: Path):
    root = tmp_path / "codex" / "sessions"
    rollout(root, [msg("user", "no session_meta here", 1)])  # id from the file name
    (tmp_path / "codex" / "session_index.jsonl").write_text(
        json.dumps({"id": TID, "thread_name": "Old name"})
        + "\n"
        + json.dumps({"id": TID, "thread_name": "New name"})
        + "\n"
    )
    (s,) = connector(root).scan({}, NOW).sessions
    assert s.session_id == TID and s.title_hint == "New name" and s.cwd is None


def test_zst_rollout_reads_like_the_plain_one_and_a_corrupt_one_warns(tmp_path: Path):
    import zstandard

    plain_root, zst_root = tmp_path / "plain", tmp_path / "zst"
    name = f"rollout-2026-05-02T09-00-00-{BASIC_ID}.jsonl"
    for root in (plain_root, zst_root):
        (root / "2026" / "05" / "02").mkdir(parents=True)
    (plain_root / "2026" / "05" / "02" / name).write_bytes(BASIC.read_bytes())
    (zst_root / "2026" / "05" / "02" / (name + ".zst")).write_bytes(
        zstandard.ZstdCompressor().compress(BASIC.read_bytes())
    )
    (plain,) = connector(plain_root).scan({}, NOW).sessions
    (packed,) = connector(zst_root).scan({}, NOW).sessions
    assert packed.session_id == plain.session_id == BASIC_ID
    assert packed.blocks == plain.blocks

    day = zst_root / "2026" / "05" / "02"
    corrupt = day / f"rollout-2026-05-02T09-00-00-{TID}.jsonl.zst"
    corrupt.write_bytes(b"\x28\xb5\x2f\xfd" + b"\xff" * 16)
    packed_bytes = zstandard.ZstdCompressor().compress(BASIC.read_bytes())
    cut = day / "rollout-2026-05-02T10-00-00-019e0000-1111-7222-8333-000000000009.jsonl.zst"
    cut.write_bytes(packed_bytes[: len(packed_bytes) // 2])
    result = connector(zst_root).scan({}, NOW)
    assert [s.session_id for s in result.sessions] == [BASIC_ID]
    assert sorted(result.warnings) == sorted(
        [
            f"{corrupt}: cannot read (not a readable zstd file (zstd decompressor error: Unsupported frame parameter))",
            f"{cut}: cannot read (truncated zstd file)",
        ]
    )


# --- incremental reading and bad input ----------------------------------------------------


def test_unchanged_grown_and_rewritten(tmp_path: Path):
    root = tmp_path / "sessions"
    records = [meta(), msg("user", "first question", 1)]
    f = rollout(root, records)
    c = connector(root)
    first = c.scan({}, NOW)
    assert first.sessions[0].session_id == TID
    unchanged = c.scan(first.states, NOW)
    assert unchanged.bytes_read == 0 and unchanged.unchanged == [str(f)]
    rollout(root, records + [msg("assistant", "an answer", 2)])
    (grown,) = c.scan(first.states, NOW).sessions
    assert grown.appended and grown.session_id == TID and [b.ordinal for b in grown.blocks] == [3]
    assert grown.cwd == "/home/u/projects/demo" and grown.meta["originator"] == "codex_exec"
    rollout(root, [meta(), msg("user", "a different first question", 1), msg("assistant", "x", 2)])
    (whole,) = c.scan(first.states, NOW).sessions
    assert not whole.appended and [b.ordinal for b in whole.blocks] == [2, 3]


def test_bad_lines_and_truncated_tail(tmp_path: Path):
    root = tmp_path / "sessions"
    f = rollout(
        root,
        [meta(), msg("user", "before", 1)],
        tail=b"garbage line\n" + json.dumps(msg("assistant", "after", 3)).encode() + b'\n{"timestamp": "2026',
    )
    result = connector(root).scan({}, NOW)
    (s,) = result.sessions
    assert [b.ordinal for b in s.blocks] == [2, 4]
    assert any(w.startswith(f"{f}: line 3: not JSON") for w in result.warnings)
    assert any(w.startswith(f"{f}: line 5: not JSON") and "left for the next run" in w for w in result.warnings)


def test_empty_rollout(tmp_path: Path):
    root = tmp_path / "sessions"
    f = rollout(root, [])
    result = connector(root).scan({}, NOW)
    assert result.sessions == [] and result.warnings == [f"{f}: empty file"]


# --- shell splitting ---------------------------------------------------------------------


def test_split_shell_respects_quotes_subshells_and_heredocs():
    assert split_shell("a && b || c; d & e\nf") == ["a", "b", "c", "d", "e", "f"]
    assert split_shell("echo 'a && b' \"c; d\" $(x; y) && z") == ["echo 'a && b' \"c; d\" $(x; y)", "z"]
    assert split_shell("cat <<EOF > f\nline; with && ops\nEOF\nls") == ["cat <<EOF > f", "ls"]
    assert split_shell("cmd 2>&1 | tee log") == ["cmd 2>&1 | tee log"]


@pytest.mark.parametrize(
    "cmd,read_only",
    [
        ("sed -n '1,20p' f", True),
        ("sed -i s/a/b/ f", False),
        ("sed s/a/b/ f", False),
        ("rg -n foo | sort | head", True),
        ("cat f | python -", False),
        ("cat f > g", False),
        ("grep x f 2>/dev/null", True),
        ("find . -name x", True),
        ("find . -delete", False),
        ("git status --short", True),
        ("git -C repo log -5", True),
        ("git commit -m x", False),
        ("git push", False),
        ("cd src", True),
        ("LC_ALL=C ls -la", True),
        ("pytest -x", False),
        ("echo 'unterminated", False),
    ],
)
def test_read_only_classification(cmd, read_only):
    assert is_read_only_command(cmd) is read_only


def test_render_shell_and_patch():
    assert render_shell("ls && make build && git status", False) == "shell: make build"
    assert render_shell("ls; pwd", False) is None
    assert render_shell("ls; pwd", True) == "shell: ls ; pwd"
    assert render_shell("make " + "x" * 300, False, lambda s: s[:10] + "…") == "shell: make xxxxx…"
    assert render_patch("*** Begin Patch\n*** Update File: a.py\n*** End Patch") == "patch: update a.py"
    assert render_patch("no files") is None


# --- property: damage never loses what came before ----------------------------------------

GARBAGE = st.one_of(
    st.sampled_from([b"not json", b'{"type": "response_item", "payload": ', b"\xff\xfe", b"[]", b"42"]),
    st.binary(max_size=40).filter(lambda b: b"\n" not in b),
)


def _blocks_of(data: bytes) -> dict[int, str]:
    with tempfile.TemporaryDirectory() as d:
        rollout(Path(d), [], tail=data)
        result = connector(Path(d)).scan({}, NOW)
        return {b.ordinal: b.text for s in result.sessions for b in s.blocks}


@functools.cache
def _source() -> tuple[bytes, dict[int, str]]:
    """A real rollout and its blocks, read when a test first needs them (skipped without ../shared)."""
    source = BASIC.read_bytes()
    return source, _blocks_of(source)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut_share=st.floats(0, 1), inserts=st.lists(st.tuples(st.floats(0, 1), GARBAGE), max_size=3)
)  # shares of the rollout's length and lines: the strategy needs no file at collection
def test_truncation_and_garbage_never_raise_nor_lose_earlier_records(cut_share, inserts):
    source, clean = _source()
    data, damage = damaged(source, cut_share, inserts, first=1)  # the session_meta line stays first
    got = _blocks_of(data)
    assert {n: t for n, t in got.items() if n < damage} == {n: t for n, t in clean.items() if n < damage}
