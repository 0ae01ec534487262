"""Cursor agent transcripts (nested, flat, legacy text, sub-agents) and the CLI's store.db."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import connector, damaged, jsonl_bytes, scan, texts, write_jsonl
from round3 import grown as grown_scan

from jezero_pipeline.sessions import protowire as pw

CID = "11112222-3333-4444-8555-666677778888"


def user(text: str, stamp: str | None = None) -> dict:
    head = f"<timestamp>{stamp}</timestamp>\n" if stamp else ""
    return {"role": "user", "message": {"content": [{"type": "text", "text": (
        f"<user_info>OS: linux, shell: zsh</user_info>\n{head}<user_query>\n{text}\n</user_query>")}]}}  # fmt: skip


def said(text: str, *calls) -> dict:
    parts = [{"type": "text", "text": text}] + [{"type": "tool_use", "name": n, "input": i} for n, i in calls]
    return {"role": "assistant", "message": {"content": parts}}


LINES = [
    user("Make the retry decorator async-aware", "Monday, Mar 2, 2026, 9:05 AM (UTC+2)"),
    said("[REDACTED]"),
    said(
        "I'll branch on inspect.iscoroutinefunction.",
        ("StrReplace", {"path": "retry.py", "old_string": "a"}),
        ("Read", {"path": "retry.py"}),
    ),  # fmt: skip
    {"type": "turn_ended"},
    user("Run the tests"),
    said("", ("Shell", {"command": "pytest -q"})),
]


def transcripts(root: Path) -> Path:
    return root / "projects" / "home-me-code-retry" / "agent-transcripts"


def test_a_nested_transcript(tmp_path):
    path = write_jsonl(transcripts(tmp_path) / CID / f"{CID}.jsonl", LINES)
    r = scan("cursor_agent", cursor_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.path, s.original_ref) == (CID, str(path), f"cursor-composer:{CID}")
    assert [b.text for b in s.blocks] == [
        "[2026-03-02 07:05] user: Make the retry decorator async-aware",
        "[2026-03-02 07:05] assistant: I'll branch on inspect.iscoroutinefunction.\n"
        '[2026-03-02 07:05] assistant: tool call: StrReplace {"path":"retry.py","old_string":"a"}',
        "[2026-03-02 07:05] user: Run the tests",
        '[2026-03-02 07:05] assistant: tool call: Shell {"command":"pytest -q"}',
    ]
    assert "OS: linux" not in str(texts(r))


def test_a_grown_transcript_is_read_from_where_it_stopped(tmp_path):
    path = write_jsonl(transcripts(tmp_path) / CID / f"{CID}.jsonl", LINES)
    tail = jsonl_bytes([said("All 14 tests pass.")])
    grown = grown_scan("cursor_agent", path, tail, cursor_dir=str(tmp_path))
    (s,) = grown.sessions
    assert s.appended and grown.bytes_read == len(tail)
    assert [b.text for b in s.blocks] == ["[2026-03-02 07:05] assistant: All 14 tests pass."]


def test_flat_legacy_and_sub_agent_transcripts(tmp_path):
    folder = transcripts(tmp_path)
    write_jsonl(folder / "flat-1.jsonl", [user("Explain the cache key"), said("It hashes the path and mtime.")])
    (folder / "flat-1.txt").write_text("user:\nSHADOWED\n")
    (folder / "old-2.txt").write_text(
        "user:\n<user_query>\nWhy is the build slow?\n</user_query>\n\nassistant:\n[Thinking] HIDDEN\n  more HIDDEN\n"
        "Webpack rebuilds the vendor chunk.\n[Tool call] Shell\n  command=npm run build\n[Tool result] Shell\n  TOOL OUTPUT\n"
        "Splitting it fixes that.\n"
    )
    write_jsonl(folder / CID / "subagents" / "sub-9.jsonl", [user("SUB TASK"), said("sub done")])
    got = dict(texts(scan("cursor_agent", cursor_dir=str(tmp_path))))
    assert got["flat-1"] == ["[" + got["flat-1"][0][1:17] + "] user: Explain the cache key",
                             "[" + got["flat-1"][0][1:17] + "] assistant: It hashes the path and mtime."]  # fmt: skip
    assert [t.split("] ", 1)[1] for t in got["old-2"]] == [
        "user: Why is the build slow?", "assistant: Webpack rebuilds the vendor chunk.", "assistant: tool call: Shell",
        "assistant: Splitting it fixes that."]  # fmt: skip
    assert "SUB TASK" not in str(got) and "HIDDEN" not in str(got) and "TOOL OUTPUT" not in str(got)
    subs = dict(texts(scan("cursor_agent", cursor_dir=str(tmp_path), include_subagents=True)))
    assert f"{CID}/sub-9" in subs


def write_store(root: Path, cwd: str, chat: str = "chat-1") -> Path:
    folder = root / "chats" / hashlib.md5(cwd.encode()).hexdigest() / chat
    folder.mkdir(parents=True)
    messages = [
        {"role": "system", "content": "SYSTEM PROMPT"},
        {"role": "user", "content": [{"type": "text", "text": "<user_info>X</user_info><user_query>Add a --dry-run flag</user_query>"}]},
        {"role": "assistant", "content": [{"type": "reasoning", "text": "HIDDEN"}, {"type": "text", "text": "Added it to the CLI."},
                                          {"type": "tool-call", "toolCallId": "c", "toolName": "Write", "args": {"path": "cli.py"}}]},
        {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "c", "result": "TOOL OUTPUT"}]},
    ]  # fmt: skip
    blobs = {hashlib.sha256(json.dumps(m).encode()).hexdigest(): json.dumps(m).encode() for m in messages}
    root_blob = pw.encode([pw.bytes_field(1, bytes.fromhex(i)) for i in blobs] + [pw.bytes_field(2, b"ws")])
    root_id = hashlib.sha256(root_blob).hexdigest()
    db = sqlite3.connect(folder / "store.db")
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    db.execute("CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB)")
    meta = {"agentId": chat, "latestRootBlobId": root_id, "name": "Dry run flag", "mode": "agent",
            "createdAt": 1772442000000, "lastUsedModel": "gpt-5"}  # fmt: skip
    db.execute("INSERT INTO meta VALUES ('0', ?)", (json.dumps(meta).encode().hex(),))
    db.executemany("INSERT INTO blobs VALUES (?, ?)", [(root_id, root_blob), *reversed(blobs.items())])
    db.commit()
    db.close()
    (folder / "meta.json").write_text(json.dumps({"cwd": cwd}))
    return folder / "store.db"


def test_the_cli_store_when_there_is_no_transcript(tmp_path):
    db = write_store(tmp_path, "/home/me/tool")
    c = connector("cursor_agent", cursor_dir=str(tmp_path))
    assert [u.key for u in c.survey().units] == [str(db)]
    r = scan("cursor_agent", cursor_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.meta) == (
        "chat-1",
        "/home/me/tool",
        "Dry run flag",
        {"models": "gpt-5"},
    )
    assert [b.text for b in s.blocks] == [
        "[2026-03-02 09:00] user: Add a --dry-run flag",
        "[2026-03-02 09:00] assistant: Added it to the CLI.\n"
        '[2026-03-02 09:00] assistant: tool call: Write {"path":"cli.py"}',
    ]
    write_jsonl(transcripts(tmp_path) / "chat-1" / "chat-1.jsonl", LINES)
    (s,) = scan("cursor_agent", cursor_dir=str(tmp_path)).sessions  # the transcript wins; the store gives the cwd
    assert s.path.endswith("chat-1.jsonl") and s.cwd == "/home/me/tool"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        path = write_jsonl(transcripts(Path(d)) / CID / f"{CID}.jsonl", LINES)
        legacy = transcripts(Path(d)) / "old.txt"
        db = write_store(Path(d), "/w")
        clean_db = db.read_bytes()
        for body, body_db in zip(damaged(path.read_bytes(), cut, garbage, at), damaged(clean_db, cut, garbage, at)):
            path.write_bytes(body)
            legacy.write_bytes(body)
            db.write_bytes(body_db)
            assert len(scan("cursor_agent", cursor_dir=d).sessions) <= 3
