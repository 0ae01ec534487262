"""Goose: sessions.db (read-only, per session), the legacy JSONL files beside it, growth, damage."""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import damaged, jsonl_bytes, scan, texts

T0 = 1_767_261_600  # 2026-01-01 10:00 UTC


def content(*blocks) -> str:
    return json.dumps(list(blocks))


def build_db(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE schema_version (version INTEGER);
        CREATE TABLE sessions (id TEXT PRIMARY KEY, name TEXT, description TEXT, session_type TEXT, working_dir TEXT,
            created_at TIMESTAMP, updated_at TIMESTAMP, model_config_json TEXT, parent_session_id TEXT,
            accumulated_total_tokens INTEGER);
        CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, message_id TEXT, session_id TEXT, role TEXT,
            content_json TEXT, created_timestamp INTEGER, timestamp TIMESTAMP, tokens INTEGER, metadata_json TEXT);
    """)
    db.execute(
        "INSERT INTO sessions VALUES ('20260101_1', 'Fix the cron parser', '', 'user', '/home/me/cron',"
        " '2026-01-01 10:00:00', '2026-01-01 10:05:00', '{\"model_name\": \"gpt-5\"}', NULL, 10)"
    )
    db.execute("INSERT INTO sessions VALUES ('20260101_2', 'sub', '', 'sub_agent', '/home/me/cron',"
               " '2026-01-01 10:01:00', '2026-01-01 10:02:00', NULL, '20260101_1', 1)")  # fmt: skip
    rows = [
        ("20260101_1", "user", content({"type": "text", "text": "Cron ranges like 1-5 are parsed wrong."}), T0 + 10, None),
        ("20260101_1", "assistant", content(
            {"type": "thinking", "thinking": "HIDDEN", "signature": "s"}, {"type": "text", "text": "Checking the tokenizer."},
            {"type": "toolRequest", "id": "r1", "toolCall": {"status": "success", "value": {"name": "developer__shell",
                                                                                           "arguments": {"command": "pytest -x"}}}}),
         T0 + 20, None),
        ("20260101_1", "user", content({"type": "toolResponse", "id": "r1", "toolResult": {"status": "success", "value": [
            {"type": "text", "text": "TOOL OUTPUT"}]}}), T0 + 30, None),
        ("20260101_1", "user", content({"type": "text", "text": "AGENT ONLY"}), T0 + 31, json.dumps({"userVisible": False})),
        ("20260101_1", "assistant", content({"type": "text", "text": "The range split ignored the step; fixed."}), T0 + 90, None),
        ("20260101_2", "user", content({"type": "text", "text": "SUB AGENT"}), T0 + 60, None),
    ]  # fmt: skip
    for sid, role, body, created, meta in rows:
        db.execute("INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES (?,?,?,?,?)",
                   (sid, role, body, created, meta))  # fmt: skip
    db.commit()
    db.close()


def test_the_database(tmp_path):
    build_db(tmp_path / "sessions.db")
    r = scan("goose", sessions_dir=str(tmp_path))
    assert r.warnings == []
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint, s.meta) == ("20260101_1", "/home/me/cron", "Fix the cron parser",
                                                         {"models": "gpt-5"})  # fmt: skip
    assert s.path == f"{tmp_path / 'sessions.db'}#20260101_1" and s.original_ref == "goose-session:20260101_1"
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (1, "[2026-01-01 10:00] user: Cron ranges like 1-5 are parsed wrong."),
        (2, "[2026-01-01 10:00] assistant: Checking the tokenizer.\n"
            '[2026-01-01 10:00] assistant: tool call: developer__shell {"command":"pytest -x"}'),
        (5, "[2026-01-01 10:01] assistant: The range split ignored the step; fixed."),
    ]  # fmt: skip
    assert "SUB AGENT" in str(texts(scan("goose", sessions_dir=str(tmp_path), include_subagents=True)))
    again = scan("goose", previous=r.states, sessions_dir=str(tmp_path))
    assert again.sessions == [] and again.bytes_read == 0


def test_only_the_grown_session_is_read_again(tmp_path):
    db = tmp_path / "sessions.db"
    build_db(db)
    first = scan("goose", sessions_dir=str(tmp_path), include_subagents=True)
    con = sqlite3.connect(db)
    con.execute("INSERT INTO messages (session_id, role, content_json, created_timestamp) VALUES (?,?,?,?)",
                ("20260101_1", "user", content({"type": "text", "text": "Thanks"}), T0 + 200))  # fmt: skip
    con.commit()
    con.close()
    r = scan("goose", previous=first.states, sessions_dir=str(tmp_path), include_subagents=True)
    assert [s.session_id for s in r.sessions] == ["20260101_1"] and r.unchanged == [f"{db}#20260101_2"]


def test_legacy_jsonl_files_and_a_corrupt_database(tmp_path):
    (tmp_path / "sessions.db").write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    lines = [
        {"working_dir": "/home/me/old", "description": "Old chat", "message_count": 2},
        {"role": "user", "created": T0, "content": [{"type": "text", "text": "Summarise the logs"}]},
        {"role": "assistant", "created": T0 + 60, "content": [{"type": "text", "text": "Three errors, one cause."}]},
    ]
    (tmp_path / "old1.jsonl").write_bytes(jsonl_bytes(lines))
    r = scan("goose", sessions_dir=str(tmp_path))
    assert any(w.startswith(f"{tmp_path / 'sessions.db'}: not a readable Goose database") for w in r.warnings)
    (s,) = r.sessions
    assert (s.session_id, s.cwd, s.title_hint) == ("old1", "/home/me/old", "Old chat")
    assert [b.text for b in s.blocks] == [
        "[2026-01-01 10:00] user: Summarise the logs",
        "[2026-01-01 10:01] assistant: Three errors, one cause.",
    ]


def test_a_legacy_file_migrated_into_the_database_is_read_once(tmp_path):
    build_db(tmp_path / "sessions.db")
    (tmp_path / "20260101_1.jsonl").write_bytes(jsonl_bytes([{"working_dir": "/x"}, {"role": "user", "content": []}]))
    r = scan("goose", sessions_dir=str(tmp_path))
    assert [s.path for s in r.sessions] == [f"{tmp_path / 'sessions.db'}#20260101_1"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0), garbage=st.binary(max_size=80), at=st.integers(min_value=0))
def test_damage_gives_warnings_never_an_exception(cut, garbage, at):
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "sessions.db"
        build_db(db)
        clean = db.read_bytes()
        for body in damaged(clean, cut * 97, garbage, at * 97):
            db.write_bytes(body)
            (Path(d) / "legacy.jsonl").write_bytes(body[:300])
            r = scan("goose", sessions_dir=d, now=time.time() + 10**6)
            assert len(r.sessions) <= 2
