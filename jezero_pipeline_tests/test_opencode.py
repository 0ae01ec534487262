"""OpenCode: a v1 SQLite store (+ v2 beta tables) and export files built from the format notes."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

T0 = 1_780_000_000_000  # ms


def connector(**options):
    opts = {"settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(
        ConnectorConfig(name="oc", type="opencode", options=opts), ProjectsConfig(git=False), Path(".")
    )


def build_db(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT,
                              title TEXT, time_created INTEGER, time_updated INTEGER);
        CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER,
                              time_updated INTEGER, data TEXT);
        CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, time_created INTEGER,
                           time_updated INTEGER, data TEXT);
        CREATE TABLE event (id TEXT, data TEXT);
        CREATE TABLE session_v2 (id TEXT PRIMARY KEY, directory TEXT, time_updated INTEGER);
        CREATE TABLE session_message (id TEXT PRIMARY KEY, session_id TEXT, type TEXT, data TEXT, time_updated INTEGER);
    """)
    db.execute(
        "INSERT INTO session VALUES ('ses_1', 'p', NULL, '/home/me/projects/shop', 'Fix cart totals', ?, ?)",
        (T0, T0 + 60_000),
    )
    db.execute(
        "INSERT INTO session VALUES ('ses_child', 'p', 'ses_1', '/home/me/projects/shop', 'Child session - x', ?, ?)",
        (T0, T0 + 1000),
    )
    msgs = [
        ("msg_a", "ses_1", {"role": "user", "time": {"created": T0}}),
        ("msg_b", "ses_1", {"role": "assistant", "time": {"created": T0 + 5000}}),
        ("msg_c", "ses_child", {"role": "user", "time": {"created": T0}}),
    ]
    for mid, sid, data in msgs:
        db.execute(
            "INSERT INTO message VALUES (?, ?, ?, ?, ?)",
            (mid, sid, data["time"]["created"], data["time"]["created"], json.dumps(data)),
        )
    parts = [
        ("prt_1", "msg_a", {"type": "text", "text": "The cart total ignores discounts, fix it"}),
        ("prt_2", "msg_a", {"type": "text", "text": "<system-reminder>INJECTED</system-reminder>", "synthetic": True}),
        ("prt_3", "msg_b", {"type": "step-start"}),
        ("prt_4", "msg_b", {"type": "reasoning", "text": "HIDDEN REASONING"}),
        (
            "prt_5",
            "msg_b",
            {
                "type": "tool",
                "tool": "read",
                "state": {"status": "completed", "input": {"filePath": "cart.ts"}, "output": "TOOL OUTPUT"},
            },
        ),
        (
            "prt_6",
            "msg_b",
            {
                "type": "tool",
                "tool": "edit",
                "state": {"status": "completed", "input": {"filePath": "cart.ts"}, "output": "TOOL OUTPUT"},
            },
        ),
        ("prt_7", "msg_b", {"type": "tool", "tool": "todowrite", "state": {"input": {"todos": []}}}),
        ("prt_8", "msg_b", {"type": "text", "text": "Discounts now apply before tax."}),
        ("prt_9", "msg_b", {"type": "step-finish"}),
        ("prt_c", "msg_c", {"type": "text", "text": "child work"}),
    ]
    for pid, mid, data in parts:
        db.execute("INSERT INTO part VALUES (?, ?, 'x', 0, 0, ?)", (pid, mid, json.dumps(data)))
    db.execute("INSERT INTO event VALUES ('e', 'NEVER READ')")
    db.execute("INSERT INTO session_v2 VALUES ('ses_v2', '/home/me/projects/api', ?)", (T0 + 90_000,))
    db.execute(
        "INSERT INTO session_message VALUES ('m1', 'ses_v2', 'user', ?, ?)",
        (json.dumps({"text": "Add pagination to /orders", "files": []}), T0 + 80_000),
    )
    db.execute(
        "INSERT INTO session_message VALUES ('m2', 'ses_v2', 'assistant', ?, ?)",
        (
            json.dumps(
                {
                    "content": [
                        {"type": "reasoning", "text": "HIDDEN"},
                        {"type": "text", "text": "Added cursor pagination."},
                        {
                            "type": "tool",
                            "name": "bash",
                            "state": {
                                "status": "completed",
                                "input": {"command": "npm test"},
                                "content": [{"text": "TOOL OUTPUT"}],
                            },
                        },
                    ]
                }
            ),
            T0 + 90_000,
        ),
    )
    db.commit()
    db.close()


def test_v1_and_v2_tables(tmp_path):
    db = tmp_path / "opencode.db"
    build_db(db)
    r = connector(db_path=str(db)).scan({}, time.time() + 10**6)
    assert r.warnings == []
    by_id = {s.session_id: s for s in r.sessions}
    assert set(by_id) == {"ses_1", "ses_v2"}  # the child (sub-agent) session is skipped
    s = by_id["ses_1"]
    assert s.cwd == "/home/me/projects/shop" and s.title_hint == "Fix cart totals"
    assert s.original_ref == "opencode-session:ses_1" and s.path == f"{db}#ses_1"  # one unit per session
    assert [b.ordinal for b in s.blocks] == [1, 2]  # message rowids
    assert s.blocks[0].text == "[2026-05-28 20:26] user: The cart total ignores discounts, fix it"
    assert s.blocks[1].text.splitlines() == [
        '[2026-05-28 20:26] assistant: tool call: edit {"filePath":"cart.ts"}',
        "[2026-05-28 20:26] assistant: Discounts now apply before tax.",
    ]
    v2 = by_id["ses_v2"]
    assert v2.cwd == "/home/me/projects/api"
    assert [b.text.split("] ", 1)[1] for b in v2.blocks] == [
        "user: Add pagination to /orders",
        'assistant: Added cursor pagination.\n[2026-05-28 20:28] assistant: tool call: bash {"command":"npm test"}',
    ]
    joined = "\n".join(b.text for x in r.sessions for b in x.blocks)
    for dropped in ("INJECTED", "HIDDEN", "TOOL OUTPUT", "todowrite", "tool call: read", "NEVER READ"):
        assert dropped not in joined
    # unchanged sessions: not read again (each session is its own unit)
    again = connector(db_path=str(db)).scan(r.states, time.time() + 10**6)
    assert sorted(again.unchanged) == [f"{db}#ses_1", f"{db}#ses_child", f"{db}#ses_v2"]
    assert again.bytes_read == 0 and again.sessions == []
    # sub-agents and read-only tools on request
    r = connector(db_path=str(db), include_subagents=True, keep_read_only_commands=True).scan({}, time.time() + 10**6)
    assert {s.session_id for s in r.sessions} == {"ses_1", "ses_child", "ses_v2"}
    assert any("tool call: read " in b.text for s in r.sessions for b in s.blocks)


def test_settle_defers_active_session_without_state(tmp_path):
    db = tmp_path / "opencode.db"
    build_db(db)
    now = (T0 + 60_000) / 1000 + 60  # a minute after ses_1's last update
    r = connector(db_path=str(db), settle_minutes=30).scan({}, now)
    assert r.deferred == 2 and r.sessions == []
    assert list(r.states) == [f"{db}#ses_child"]  # read and skipped (a sub-agent); the active ones keep no state


def test_corrupt_truncated_and_missing_db(tmp_path):
    db = tmp_path / "opencode.db"
    build_db(db)
    data = db.read_bytes()
    bad = tmp_path / "trunc.db"
    bad.write_bytes(data[:100])
    r = connector(db_path=str(bad)).scan({}, time.time() + 10**6)
    assert (
        r.sessions == []
        and len(r.warnings) == 1
        and r.warnings[0].startswith(f"{bad}: not a readable OpenCode database")
    )
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    r = connector(db_path=str(junk)).scan({}, time.time() + 10**6)
    assert r.warnings and r.warnings[0].startswith(f"{junk}: ")
    r = connector(db_path=str(tmp_path / "none.db")).scan({}, time.time() + 10**6)
    assert r.sessions == [] and r.warnings == [] and r.files_seen == 0


def test_db_is_opened_read_only(tmp_path):
    db = tmp_path / "opencode.db"
    build_db(db)
    before = db.read_bytes()
    connector(db_path=str(db)).scan({}, time.time() + 10**6)
    assert db.read_bytes() == before
    assert not (tmp_path / "opencode.db-journal").exists()


def test_export_dir(tmp_path):
    doc = {
        "info": {
            "id": "ses_exp",
            "directory": "/home/me/projects/blog",
            "title": "Add RSS feed",
            "time": {"created": T0, "updated": T0 + 10_000},
        },
        "messages": [
            {
                "info": {"id": "m1", "role": "user", "time": {"created": T0}},
                "parts": [{"type": "text", "text": "Generate an RSS feed for posts"}],
            },
            {
                "info": {"id": "m2", "role": "assistant", "time": {"created": T0 + 9000}},
                "parts": [
                    {"type": "tool", "tool": "write", "state": {"input": {"filePath": "rss.xml"}, "output": "ok"}},
                    {"type": "text", "text": "Feed written to rss.xml."},
                ],
            },
        ],
    }
    (tmp_path / "ses_exp.json").write_text(json.dumps(doc))
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / "other.json").write_text("[]")
    r = connector(export_dir=str(tmp_path)).scan({}, time.time() + 10**6)
    (s,) = r.sessions
    assert s.session_id == "ses_exp" and s.cwd == "/home/me/projects/blog" and s.title_hint == "Add RSS feed"
    assert [b.ordinal for b in s.blocks] == [0, 1]
    assert 'tool call: write {"filePath":"rss.xml"}' in s.blocks[1].text
    assert sorted(Path(w.split(": ")[0]).name for w in r.warnings) == ["broken.json", "other.json"]


def test_both_sources_is_a_config_error(tmp_path):
    with pytest.raises(ValueError, match="db_path or export_dir"):
        connector(db_path="a.db", export_dir="x")


def test_only_the_sessions_whose_rows_changed_are_read(tmp_path):
    db = tmp_path / "opencode.db"
    build_db(db)
    con = sqlite3.connect(db)
    big = json.dumps({"type": "text", "text": "x" * 400_000})  # a long session the user is not working in
    con.execute("INSERT INTO session VALUES ('ses_big', 'p', NULL, '/w', 'Big', ?, ?)", (T0, T0 + 5000))
    con.execute("INSERT INTO message VALUES ('msg_big', 'ses_big', ?, ?, ?)",
                (T0, T0, json.dumps({"role": "user", "time": {"created": T0}})))  # fmt: skip
    con.execute("INSERT INTO part VALUES ('prt_big', 'msg_big', 'ses_big', 0, 0, ?)", (big,))
    con.commit()
    first = connector(db_path=str(db)).scan({}, time.time() + 10**6)
    assert first.bytes_read > 400_000
    # the user goes on in ses_1: one more message and part
    con.execute("INSERT INTO message VALUES ('msg_d', 'ses_1', ?, ?, ?)",
                (T0 + 70_000, T0 + 70_000, json.dumps({"role": "user", "time": {"created": T0 + 70_000}})))  # fmt: skip
    con.execute("INSERT INTO part VALUES ('prt_d', 'msg_d', 'ses_1', 0, ?, ?)",
                (T0 + 70_000, json.dumps({"type": "text", "text": "Also round the totals."})))  # fmt: skip
    con.execute("UPDATE session SET time_updated = ? WHERE id = 'ses_1'", (T0 + 70_000,))
    con.commit()
    con.close()
    c = connector(db_path=str(db))
    survey = {u.key: (u.size, u.mtime) for u in c.survey().units}
    changed = [k for k, v in survey.items() if (first.states[k].size, first.states[k].mtime) != v]
    assert changed == [f"{db}#ses_1"]  # the listing alone (ids, counts, times) tells which session moved
    r = c.scan(first.states, time.time() + 10**6, only=set(changed))
    (s,) = r.sessions
    assert s.session_id == "ses_1" and s.blocks[-1].text.endswith("user: Also round the totals.")
    assert 0 < r.bytes_read < 5_000  # ses_1's rows only; ses_big's 400 kB were not read again


def test_a_db_path_glob_that_matches_nothing_lists_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stray.json").write_text(json.dumps({"info": {"id": "not-a-db-session"}}))
    c = make_connector(ConnectorConfig(name="oc", type="opencode", options={"db_path": "nowhere/*/opencode.db"}),
                       ProjectsConfig(git=False), tmp_path)  # fmt: skip
    assert c.survey().units == [] and c.watch_paths() == []
