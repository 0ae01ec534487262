"""Kiro CLI: the real v2 flat-store session, a v3 session built from the format notes, fuzzing."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared import real_sessions

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

REAL = real_sessions("kiro")
REAL_ID = "0a5376f2-7e2f-4981-bcbc-67195586604a"


def scan(root: Path, previous=None, now=None, **options):
    opts = {"sessions_dir": str(root), "settle_minutes": 0, "min_chars": 0, **options}
    c = make_connector(ConnectorConfig(name="kiro", type="kiro", options=opts), ProjectsConfig(git=False), Path("."))
    return c.scan(previous or {}, now or time.time() + 10**6)


def test_real_v2_subagent_session():
    assert scan(REAL).sessions == []  # a sub-agent session: skipped by default
    r = scan(REAL, include_subagents=True)
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == REAL_ID and s.original_ref == f"kiro-session:{REAL_ID}"
    assert s.cwd == "/Users/tranquangdang21/Projects/jcode/.worktrees/feat-380-compaction-resistant-notepad"
    assert s.title_hint.startswith("Research ONLY the repo at local path /tmp/feature-research/opencode")
    assert s.meta == {"subagent_of": "98cb06e6-28da-4ba8-8ebe-be6bf16841c1"}
    assert [b.ordinal for b in s.blocks] == [1, 2]
    assert s.blocks[0].text.startswith("[2026-06-07 14:14] user: Research ONLY the repo at local path")
    lines = s.blocks[1].text.splitlines()
    assert lines[0].startswith("[2026-06-07 14:14] assistant: I'll research the opencode repo")
    assert lines[1].startswith(
        '[2026-06-07 14:14] assistant: tool call: shell {"command":"git -C /tmp/feature-research/opencode rev-parse'
    )
    assert len(lines) == 2  # the `read` tool is read-only; results and thinking are dropped
    joined = "\n".join(b.text for b in s.blocks)
    assert "explore the repository structure" not in joined and "REMOTE URL---\\norigin" not in joined
    r = scan(REAL, include_subagents=True, keep_read_only_commands=True)
    assert "tool call: read {" in r.sessions[0].blocks[1].text


V3 = [
    {"timestamp": "2026-05-02T10:00:00Z", "payload": {"type": "session_metadata", "model": "x"}},
    {"timestamp": "2026-05-02T10:00:01Z", "payload": {"type": "turn_start"}},
    {"timestamp": "2026-05-02T10:00:02Z", "payload": {"type": "user", "content": "Add retries to the upload client"}},
    {
        "timestamp": "2026-05-02T10:00:05Z",
        "payload": {"type": "assistant", "operationType": "Say", "content": "Adding exponential backoff."},
    },
    {
        "timestamp": "2026-05-02T10:00:06Z",
        "payload": {
            "type": "tool_call",
            "toolName": "fs_write",
            "toolCallId": "t1",
            "args": {"path": "upload.py", "text": "retry"},
        },
    },
    {
        "timestamp": "2026-05-02T10:00:07Z",
        "payload": {"type": "tool_result", "toolCallId": "t1", "content": "TOOL OUTPUT", "success": True},
    },
    {
        "timestamp": "2026-05-02T10:00:08Z",
        "payload": {"type": "tool_call", "toolName": "fs_read", "toolCallId": "t2", "args": {"path": "x"}},
    },
    {
        "timestamp": "2026-05-02T10:01:00Z",
        "payload": {"type": "assistant", "operationType": "Say", "content": "Done: three retries with jitter."},
    },
    {"timestamp": "2026-05-02T10:01:01Z", "payload": {"type": "usage_summary", "tokens": 10}},
]


def write_v3(root: Path, raw: bytes | None = None) -> Path:
    folder = root / "b7" / "sess_1111-2222"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "session.json").write_text(
        json.dumps(
            {
                "schemaVersion": "1.0.0",
                "dataModelVersion": 1,
                "id": "1111-2222",
                "workspacePaths": ["/home/me/code/uploader"],
            }
        )
    )
    (folder / "messages.jsonl").write_bytes(
        raw if raw is not None else b"".join(json.dumps(r).encode() + b"\n" for r in V3)
    )
    return folder


def test_v3_session(tmp_path):
    folder = write_v3(tmp_path)
    r = scan(tmp_path)
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == "1111-2222" and s.cwd == "/home/me/code/uploader"
    assert s.original_ref == "kiro-session:1111-2222" and s.path == str(folder)
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (3, "[2026-05-02 10:00] user: Add retries to the upload client"),
        (4, "[2026-05-02 10:00] assistant: Adding exponential backoff."),
        (5, '[2026-05-02 10:00] assistant: tool call: fs_write {"path":"upload.py","text":"retry"}'),
        (8, "[2026-05-02 10:01] assistant: Done: three retries with jitter."),
    ]
    again = scan(tmp_path, previous=r.states)
    assert again.unchanged == [str(folder)] and again.bytes_read == 0


def test_v2_bad_lines_unknown_envelope_and_missing_metadata(tmp_path):
    store = tmp_path / "cli"
    store.mkdir()
    good = {
        "version": "v1",
        "kind": "Prompt",
        "data": {
            "message_id": "m",
            "content": [{"kind": "text", "data": "Rename the config key"}],
            "meta": {"timestamp": 1780841667},
        },
    }
    odd = {"version": "v2", "kind": "Prompt", "data": {"content": [{"kind": "text", "data": "FUTURE"}]}}
    (store / "abc.jsonl").write_bytes(json.dumps(good).encode() + b"\n\xff\n" + json.dumps(odd).encode() + b"\n")
    (store / "def.jsonl").write_text(json.dumps(good) + "\n")
    (store / "def.json").write_text("{broken")
    r = scan(tmp_path)
    assert sorted(s.session_id for s in r.sessions) == ["abc", "def"]
    assert f"{store / 'abc.jsonl'}: line 2: invalid UTF-8 at byte 0" in r.warnings
    assert f"{store / 'abc.jsonl'}: line 3: unknown envelope version 'v2', skipped" in r.warnings
    assert any(w.startswith(f"{store / 'def.json'}: not readable JSON") for w in r.warnings)
    abc = next(s for s in r.sessions if s.session_id == "abc")
    assert abc.blocks[0].text == "[2026-06-07 14:14] user: Rename the config key"


def test_settle_and_permission(tmp_path, monkeypatch):
    folder = write_v3(tmp_path)
    r = scan(tmp_path, settle_minutes=30, now=time.time())
    assert r.deferred == 1 and r.states == {}

    def denied(self, *a, **k):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)
    r = scan(tmp_path)
    assert r.sessions == [] and r.states == {}
    assert r.warnings == [f"{folder / 'session.json'}: Permission denied"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut=st.integers(min_value=0, max_value=5_000),
    garbage=st.binary(max_size=60),
    at=st.integers(min_value=0, max_value=len(V3)),
)
def test_fuzz_v3_truncation_and_garbage(cut, garbage, at):
    clean = b"".join(json.dumps(r).encode() + b"\n" for r in V3)
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        write_v3(root)
        full = [(b.ordinal, b.text) for b in scan(root).sessions[0].blocks]
        cut = cut % (len(clean) + 1)
        write_v3(root, clean[:cut])
        kept = [(b.ordinal, b.text) for s in scan(root).sessions for b in s.blocks]
        whole = clean[:cut].count(b"\n")
        assert [x for x in full if x[0] <= whole] == [x for x in kept if x[0] <= whole]
        lines = clean.splitlines(keepends=True)
        write_v3(root, b"".join(lines[:at]) + garbage.replace(b"\n", b"") + b"\n" + b"".join(lines[at:]))
        kept = [(b.ordinal, b.text) for s in scan(root).sessions for b in s.blocks]
        assert [x for x in full if x[0] <= at] == [x for x in kept if x[0] <= at]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut=st.integers(min_value=0, max_value=100_000),
    garbage=st.binary(max_size=60),
    at=st.integers(min_value=0, max_value=3),
)
def test_fuzz_real_v2_truncation_and_garbage(cut, garbage, at):
    src = REAL / "casr-kiro-v2"
    clean = (src / f"{REAL_ID}.jsonl").read_bytes()
    meta = (src / f"{REAL_ID}.json").read_bytes()
    with tempfile.TemporaryDirectory() as d:
        store = Path(d) / "cli"
        store.mkdir()
        (store / f"{REAL_ID}.json").write_bytes(meta)

        def run(body: bytes):
            (store / f"{REAL_ID}.jsonl").write_bytes(body)
            return [(b.ordinal, b.text) for s in scan(Path(d), include_subagents=True).sessions for b in s.blocks]

        full = run(clean)
        cut = cut % (len(clean) + 1)
        whole = clean[:cut].count(b"\n")
        assert [x for x in full if x[0] <= whole] == [x for x in run(clean[:cut]) if x[0] <= whole]
        lines = clean.splitlines(keepends=True)
        damaged = b"".join(lines[:at]) + garbage.replace(b"\n", b"") + b"\n" + b"".join(lines[at:])
        assert [x for x in full if x[0] <= at] == [x for x in run(damaged) if x[0] <= at]


def test_a_grown_v3_session_reads_only_its_new_bytes(tmp_path):
    folder = write_v3(tmp_path)
    first = scan(tmp_path)
    tail = json.dumps(
        {"timestamp": "2026-05-02T10:05:00Z", "payload": {"type": "user", "content": "Also log each retry."}}
    )
    with (folder / "messages.jsonl").open("a") as f:
        f.write(tail + "\n")
    grown = scan(tmp_path, previous=first.states)
    (s,) = grown.sessions
    assert s.appended and [(b.ordinal, b.text) for b in s.blocks] == [
        (len(V3) + 1, "[2026-05-02 10:05] user: Also log each retry.")
    ]
    assert grown.bytes_read == len(tail) + 1 + (folder / "session.json").stat().st_size  # + the small metadata


def test_a_grown_v2_session_keeps_the_latest_time_it_had_seen(tmp_path):
    store = tmp_path / "cli"
    store.mkdir()
    prompt = {
        "version": "v1",
        "kind": "Prompt",
        "data": {"content": [{"kind": "text", "data": "Rename the config key"}], "meta": {"timestamp": 1780841667}},
    }
    answer = {"version": "v1", "kind": "AssistantMessage", "data": {"content": [{"kind": "text", "data": "Renamed."}]}}
    (store / "abc.jsonl").write_text(json.dumps(prompt) + "\n")
    (store / "abc.json").write_text(
        json.dumps({"session_id": "abc", "cwd": "/w", "created_at": "2026-01-01T00:00:00Z"})
    )
    first = scan(tmp_path)
    with (store / "abc.jsonl").open("a") as f:
        f.write(json.dumps(answer) + "\n")
    (s,) = scan(tmp_path, previous=first.states).sessions
    assert s.appended and [b.text for b in s.blocks] == ["[2026-06-07 14:14] assistant: Renamed."]  # the prompt's time
