"""Gemini CLI chats: the real JSON documents, the JSONL variant, bad files, fuzzing."""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared import real_sessions

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

REAL = real_sessions("gemini-cli")


def scan(root: Path, previous=None, projects=None, **options):
    opts = {"sessions_dir": str(root), "settle_minutes": 0, "min_chars": 0, **options}
    c = make_connector(
        ConnectorConfig(name="gem", type="gemini_cli", options=opts), projects or ProjectsConfig(git=False), Path(".")
    )
    return c.scan(previous or {}, time.time() + 10**6)


def test_real_documents():
    r = scan(REAL, glob="*.json")
    assert r.warnings == [] and r.files_seen == 2 and len(r.states) == 2
    (s,) = r.sessions  # the ec-… chat holds only a warning: no session, no error
    assert s.session_id == "faff42ab-6ea5-4f78-b8c4-f7dd6272af08"
    assert s.original_ref == "gemini-cli-session:faff42ab-6ea5-4f78-b8c4-f7dd6272af08"
    assert s.cwd is None and s.meta == {"models": "gemini-2.5-flash"}
    assert [b.ordinal for b in s.blocks] == [0, 1, 2, 4, 5]
    assert [b.text for b in s.blocks] == [
        "[2026-01-10 02:08] user: add new text to test-gemini.txt",
        "[2026-01-10 02:08] assistant: Please provide the text you would like to add to `test-gemini.txt`.",
        '[2026-01-10 02:09] user: ",how are you"',
        '[2026-01-10 02:09] assistant: tool call: write_file {"file_path":"test-gemini.txt","content":"hello from gemini,how are you"}',
        '[2026-01-10 02:09] assistant: I have added the text ",how are you" to `test-gemini.txt`.',
    ]
    joined = "\n".join(b.text for b in s.blocks)
    assert "Gathering User Input" not in joined and "Successfully overwrote" not in joined


def test_read_only_tools_kept_on_request_and_project_hash(tmp_path):
    proj = "/home/me/projects/gemdemo"
    digest = hashlib.sha256(proj.encode()).hexdigest()
    doc = json.loads((REAL / "entire__12-cbfeaa512b__session.json").read_text())
    doc["projectHash"] = digest
    chats = tmp_path / digest / "chats"
    chats.mkdir(parents=True)
    (chats / "session-2026-01-10T02-08-faff42ab.json").write_text(json.dumps(doc))
    r = scan(tmp_path, projects=ProjectsConfig(git=False, paths={"gemdemo": proj}), keep_read_only_commands=True)
    (s,) = r.sessions
    assert s.cwd == proj and s.project_hint == "gemdemo"
    assert '[2026-01-10 02:09] assistant: tool call: read_file {"file_path":"test-gemini.txt"}' in s.blocks[3].text


JSONL = [
    {
        "sessionId": "gem-jsonl",
        "projectHash": "0b7d",
        "startTime": "2026-04-29T21:39:22.319Z",
        "lastUpdated": "2026-04-29T21:39:22.319Z",
        "kind": "main",
    },
    {
        "id": "u1",
        "timestamp": "2026-04-29T21:39:33.155Z",
        "type": "user",
        "content": [{"text": "Say hello and list files."}],
    },
    {"$set": {"lastUpdated": "2026-04-29T21:39:33.156Z"}},
    {
        "id": "a1",
        "timestamp": "2026-04-29T21:39:35.125Z",
        "type": "gemini",
        "content": "",
        "thoughts": [{"subject": "HIDDEN", "description": "HIDDEN"}],
        "model": "gemini-3-flash-preview",
        "toolCalls": [
            {
                "id": "t1",
                "name": "run_shell_command",
                "args": {"command": "make test"},
                "result": [{"functionResponse": {"response": {"output": "TOOL OUTPUT"}}}],
            }
        ],
    },
    {"id": "i1", "timestamp": "2026-04-29T21:39:40Z", "type": "info", "content": "INFO NOISE"},
    {
        "id": "a2",
        "timestamp": "2026-04-29T21:39:45.996Z",
        "type": "gemini",
        "content": "Hello! The tests pass.",
        "model": "gemini-3-flash-preview",
    },
]


def write_jsonl(root: Path, records, raw: bytes | None = None) -> Path:
    chats = root / "0b7d" / "chats"
    chats.mkdir(parents=True, exist_ok=True)
    path = chats / "session-2026-04-29T21-39-gemjsonl.jsonl"
    path.write_bytes(raw if raw is not None else b"".join(json.dumps(r).encode() + b"\n" for r in records))
    return path


def test_jsonl_variant(tmp_path):
    write_jsonl(tmp_path, JSONL)
    r = scan(tmp_path)
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == "gem-jsonl" and s.meta == {"models": "gemini-3-flash-preview"}
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (2, "[2026-04-29 21:39] user: Say hello and list files."),
        (4, '[2026-04-29 21:39] assistant: tool call: run_shell_command {"command":"make test"}'),
        (6, "[2026-04-29 21:39] assistant: Hello! The tests pass."),
    ]
    # a message written again (same id) keeps its first line number and its latest content
    again = JSONL + [{**JSONL[5], "content": "Hello! The tests pass, all 12."}]
    write_jsonl(tmp_path, again)
    (s,) = scan(tmp_path).sessions
    assert s.blocks[-1].ordinal == 6 and s.blocks[-1].text.endswith("all 12.")


def test_unchanged_and_bad_files(tmp_path):
    path = write_jsonl(tmp_path, JSONL)
    first = scan(tmp_path)
    again = scan(tmp_path, previous=first.states)
    assert again.unchanged == [str(path)] and again.bytes_read == 0 and again.sessions == []
    chats = path.parent
    (chats / "session-a.json").write_text("")
    (chats / "session-b.json").write_text("{nope")
    (chats / "session-c.json").write_bytes(b'{"sessionId": "\xff"}')
    (chats / "session-d.json").write_text('{"messages": []}')
    (chats / "session-e.jsonl").write_text(json.dumps(JSONL[1]) + "\n")
    r = scan(tmp_path)
    assert [s.session_id for s in r.sessions] == ["gem-jsonl"]
    reasons = {Path(w.split(": ", 1)[0]).name: w.split(": ", 1)[1] for w in r.warnings}
    assert reasons["session-a.json"].startswith("empty")
    assert reasons["session-b.json"].startswith("not JSON")
    assert reasons["session-c.json"].startswith("invalid UTF-8")
    assert reasons["session-d.json"].startswith("not a Gemini chat")
    assert reasons["session-e.jsonl"].startswith("no header line")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut=st.integers(min_value=0, max_value=5_000),
    garbage=st.binary(max_size=60),
    at=st.integers(min_value=1, max_value=len(JSONL)),
)
def test_fuzz_truncation_and_garbage(cut, garbage, at):
    clean = b"".join(json.dumps(r).encode() + b"\n" for r in JSONL)
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        write_jsonl(root, JSONL)
        full = [(b.ordinal, b.text) for b in scan(root).sessions[0].blocks]
        cut = cut % (len(clean) + 1)
        write_jsonl(root, None, clean[:cut])
        kept = [(b.ordinal, b.text) for s in scan(root).sessions for b in s.blocks]
        whole = clean[:cut].count(b"\n")
        assert [x for x in full if x[0] <= whole] == [x for x in kept if x[0] <= whole]
        lines = clean.splitlines(keepends=True)
        damaged = b"".join(lines[:at]) + garbage.replace(b"\n", b"") + b"\n" + b"".join(lines[at:])
        write_jsonl(root, None, damaged)
        kept = [(b.ordinal, b.text) for s in scan(root).sessions for b in s.blocks]
        assert [x for x in full if x[0] <= at] == [x for x in kept if x[0] <= at]


def test_a_grown_jsonl_chat_reads_only_its_new_bytes_and_a_rewritten_message_replaces_its_block(tmp_path):
    path = write_jsonl(tmp_path, JSONL)
    first = scan(tmp_path)
    tail = (
        json.dumps({"$set": {"lastUpdated": "2026-04-29T21:41:00Z"}})
        + "\n"
        + json.dumps({**JSONL[5], "content": "Hello! The tests pass, all 12."})  # a2 written again
        + "\n"
        + json.dumps({"id": "u2", "timestamp": "2026-04-29T21:41:00Z", "type": "user", "content": "Thanks!"})
        + "\n"
    )
    with path.open("a") as f:
        f.write(tail)
    grown = scan(tmp_path, previous=first.states)
    assert grown.bytes_read == len(tail.encode())  # only the new bytes
    (s,) = grown.sessions
    assert s.appended and s.session_id == "gem-jsonl"
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (6, "[2026-04-29 21:39] assistant: Hello! The tests pass, all 12."),  # under its first line: it replaces
        (9, "[2026-04-29 21:41] user: Thanks!"),
    ]
    assert scan(tmp_path, previous=grown.states).bytes_read == 0


def test_a_jsonl_chat_rewritten_to_empty_gives_a_warning_and_no_session(tmp_path):
    path = write_jsonl(tmp_path, JSONL)
    first = scan(tmp_path)
    path.write_bytes(b"")
    r = scan(tmp_path, previous=first.states)
    assert r.sessions == [] and r.warnings == [f"{path}: empty, no session read (a stored copy is kept)"]
