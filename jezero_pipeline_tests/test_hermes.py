"""Hermes Agent: a state.db built from the documented tables, and an export folder."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

T0 = 1_780_000_000.0  # seconds


def connector(**options):
    opts = {"settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(
        ConnectorConfig(name="hermes", type="hermes", options=opts), ProjectsConfig(git=False), Path(".")
    )


CALLS = json.dumps(
    [
        {
            "id": "c1",
            "type": "function",
            "function": {"name": "terminal", "arguments": json.dumps({"command": "pytest -q"})},
        }
    ]
)


def build_db(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, model TEXT, system_prompt TEXT,
                               parent_session_id TEXT, started_at REAL, ended_at REAL, title TEXT, cwd TEXT);
        CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL,
                               role TEXT NOT NULL, content TEXT, tool_call_id TEXT, tool_calls TEXT,
                               tool_name TEXT, timestamp REAL NOT NULL, token_count INTEGER,
                               finish_reason TEXT, reasoning TEXT);
    """)
    db.execute(
        "INSERT INTO sessions VALUES ('20260601_cli', 'cli', 'hermes-4', 'SYSTEM PROMPT', NULL, ?, ?, 'Flaky tests', '/home/me/projects/svc')",
        (T0, T0 + 120),
    )
    db.execute(
        "INSERT INTO sessions VALUES ('20260601_cron', 'cron', 'hermes-4', '', NULL, ?, ?, 'nightly', NULL)",
        (T0, T0 + 5),
    )
    rows = [
        ("20260601_cli", "system", "SYSTEM PROMPT", None, T0),
        (
            "20260601_cli",
            "user",
            "<memory-context>OLD MEMORY</memory-context>Why do the tests flake? [System note: NOTE]",
            None,
            T0 + 1,
        ),
        ("20260601_cli", "assistant", "Let me run them.", CALLS, T0 + 2),
        ("20260601_cli", "tool", "TOOL OUTPUT 3 failed", None, T0 + 3),
        ("20260601_cli", "assistant", "A shared temp dir races; made it per-test.", None, T0 + 100),
        ("20260601_cron", "user", "cron job prompt", None, T0 + 1),
    ]
    for sid, role, content, calls, ts in rows:
        db.execute(
            "INSERT INTO messages (session_id, role, content, tool_calls, timestamp, reasoning) VALUES (?, ?, ?, ?, ?, 'HIDDEN')",
            (sid, role, content, calls, ts),
        )
    db.commit()
    db.close()


def test_state_db(tmp_path):
    db = tmp_path / "state.db"
    build_db(db)
    r = connector(db_path=str(db)).scan({}, time.time() + 10**6)
    assert r.warnings == []
    (s,) = r.sessions  # the cron session is skipped
    assert s.session_id == "20260601_cli" and s.original_ref == "hermes-session:20260601_cli"
    assert s.cwd == "/home/me/projects/svc" and s.title_hint == "Flaky tests"
    assert s.meta == {"models": "hermes-4", "channel": "cli"}
    assert [(b.ordinal, b.text) for b in s.blocks] == [
        (2, "[2026-05-28 20:26] user: Why do the tests flake?"),
        (
            3,
            "[2026-05-28 20:26] assistant: Let me run them.\n"
            '[2026-05-28 20:26] assistant: tool call: terminal {"command":"pytest -q"}',
        ),
        (5, "[2026-05-28 20:28] assistant: A shared temp dir races; made it per-test."),
    ]
    again = connector(db_path=str(db)).scan(r.states, time.time() + 10**6)
    assert sorted(again.unchanged) == [f"{db}#20260601_cli", f"{db}#20260601_cron"]
    assert again.bytes_read == 0 and again.sessions == []
    r = connector(db_path=str(db), skip_session_sources=[]).scan({}, time.time() + 10**6)
    assert {s.session_id for s in r.sessions} == {"20260601_cli", "20260601_cron"}


def test_settle_and_corrupt_db(tmp_path):
    db = tmp_path / "state.db"
    build_db(db)
    r = connector(db_path=str(db), settle_minutes=30).scan({}, T0 + 200)
    assert r.deferred == 1 and list(r.states) == [f"{db}#20260601_cron"]  # skipped by source, not deferred
    bad = tmp_path / "bad.db"
    bad.write_bytes(db.read_bytes()[:512])
    r = connector(db_path=str(bad)).scan({}, time.time() + 10**6)
    assert r.sessions == [] and r.warnings[0].startswith(f"{bad}: not a readable Hermes database")
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    empty.write_bytes(b"")
    r = connector(db_path=str(empty)).scan({}, time.time() + 10**6)
    assert r.warnings and r.warnings[0].startswith(f"{empty}: ")


def test_export_dir(tmp_path):
    (tmp_path / "a.json").write_text(
        json.dumps(
            {
                "session": {"id": "exp1", "source": "telegram", "cwd": "/srv/bot", "started_at": T0},
                "messages": [
                    {"role": "user", "content": "Deploy the bot", "timestamp": T0},
                    {
                        "role": "assistant",
                        "content": "Deployed v2.",
                        "timestamp": T0 + 60,
                        "tool_calls": [{"function": {"name": "deploy", "arguments": '{"env":"prod"}'}}],
                    },
                ],
            }
        )
    )
    (tmp_path / "flat.json").write_text(
        json.dumps(
            {
                "session_id": "20260429_hermes_small",
                "platform": "cli",
                "session_start": "2026-04-29T20:00:00Z",
                "cwd": "/tmp/hermes-small",
                "messages": [
                    {"role": "user", "content": "Summarize this directory."},
                    {"role": "assistant", "content": "This directory contains a small Hermes fixture."},
                ],
            }
        )
    )
    (tmp_path / "bad.json").write_bytes(b"\xff")
    r = connector(export_dir=str(tmp_path)).scan({}, time.time() + 10**6)
    by_id = {s.session_id: s for s in r.sessions}
    assert set(by_id) == {"exp1", "20260429_hermes_small"}
    assert [b.ordinal for b in by_id["exp1"].blocks] == [0, 1]
    assert by_id["exp1"].blocks[1].text.endswith('tool call: deploy {"env":"prod"}')
    assert by_id["20260429_hermes_small"].blocks[0].text == "[2026-04-29 20:00] user: Summarize this directory."
    assert [w.split(": ")[0] for w in r.warnings] == [str(tmp_path / "bad.json")]


@pytest.mark.parametrize("options", [{}, {"db_path": "a.db", "export_dir": "x"}])
def test_exactly_one_source(options):
    with pytest.raises(ValueError, match="exactly one of"):
        connector(**options)


def test_only_the_sessions_whose_rows_changed_are_read(tmp_path):
    db = tmp_path / "state.db"
    build_db(db)
    con = sqlite3.connect(db)
    con.execute(
        "INSERT INTO sessions VALUES ('big', 'cli', 'm', ?, NULL, ?, ?, 'Big', '/w')", ("S" * 300_000, T0, T0 + 5)
    )
    con.execute("INSERT INTO messages (session_id, role, content, timestamp) VALUES ('big', 'user', ?, ?)",
                ("y" * 300_000, T0 + 1))  # fmt: skip
    con.commit()
    first = connector(db_path=str(db)).scan({}, time.time() + 10**6)
    assert first.bytes_read > 600_000
    con.execute("INSERT INTO messages (session_id, role, content, timestamp) VALUES ('20260601_cli', 'user', ?, ?)",
                ("And retry the flaky one twice.", T0 + 200))  # fmt: skip
    con.commit()
    con.close()
    c = connector(db_path=str(db))
    survey = {u.key: (u.size, u.mtime) for u in c.survey().units}
    changed = [k for k, v in survey.items() if (first.states[k].size, first.states[k].mtime) != v]
    assert changed == [f"{db}#20260601_cli"]
    r = c.scan(first.states, time.time() + 10**6, only=set(changed))
    (s,) = r.sessions
    assert s.blocks[-1].text.endswith("user: And retry the flaky one twice.")
    assert 0 < r.bytes_read < 5_000  # the big session's 600 kB were not read again
