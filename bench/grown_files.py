"""What reading a grown session costs each connector: bytes added vs `bytes_read` of the next scan.

Builds one realistic session per format in a temporary folder, scans it, appends one turn
(a user message and an answer), scans again from the first scan's state, and prints the
growth, what the second scan read, and the files the format reads again whole (the small
metadata file beside a transcript). For OpenCode and Hermes it adds one message to one of two
sessions and prints the rows read against the database's size.

    .venv/bin/python bench/grown_files.py
"""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector
from jezero_pipeline_tests.agentfixtures import acp_chunk, jsonl

TURNS = 200  # turns in the session before it grows
WORDS = "We look at the scheduler's retry budget, the ledger writer and the flaky shard test again. "


def text(i: int) -> str:
    return f"[turn {i}] " + WORDS * 4


def connector(type_: str, **options):
    opts = {"settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(ConnectorConfig(name="b", type=type_, options=opts), ProjectsConfig(git=False), Path("."))


def grow_and_scan(type_: str, options: dict, grow: Callable[[], int], meta: Path | None = None) -> tuple[int, int, int]:
    """(bytes added, bytes_read of the second scan, bytes of the metadata file read again)."""
    first = connector(type_, **options).scan({}, time.time() + 10**6)
    assert first.sessions, type_
    added = grow()
    second = connector(type_, **options).scan(first.states, time.time() + 10**6)
    assert second.sessions and second.sessions[0].appended, type_
    return added, second.bytes_read, meta.stat().st_size if meta else 0


def append(path: Path, data: str) -> int:
    with path.open("a") as f:
        f.write(data)
    return len(data.encode())


def grok_stream(root: Path) -> tuple[int, int, int]:
    folder = root / "%2Fw" / "g1"
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text(
        json.dumps({"info": {"id": "g1", "cwd": "/w"}, "created_at": "2026-07-25T00:00:00Z"})
    )
    t = 1_785_000_000
    records = []
    for i in range(TURNS):
        records += [acp_chunk("user_message_chunk", text(i), t + i, prompt=i)]
        records += [acp_chunk("agent_message_chunk", w + " ", t + i) for w in text(i).split()[:40]]
    (folder / "updates.jsonl").write_text(jsonl(records))
    more = [acp_chunk("user_message_chunk", text(TURNS), t + TURNS, prompt=TURNS)]
    more += [acp_chunk("agent_message_chunk", w + " ", t + TURNS) for w in text(TURNS).split()[:40]]
    return grow_and_scan("grok", {"sessions_dir": str(root)}, lambda: append(folder / "updates.jsonl", jsonl(more)),
                         folder / "summary.json")  # fmt: skip


def grok_chat(root: Path) -> tuple[int, int, int]:
    folder = root / "%2Fw" / "g2"
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text(
        json.dumps({"info": {"id": "g2", "cwd": "/w"}, "created_at": "2026-07-25T00:00:00Z"})
    )
    chat = [r for i in range(TURNS) for r in ({"type": "user", "content": text(i), "prompt_index": i},
                                              {"type": "assistant", "content": text(i)})]  # fmt: skip
    (folder / "chat_history.jsonl").write_text(jsonl(chat))
    more = [
        {"type": "user", "content": text(TURNS), "prompt_index": TURNS},
        {"type": "assistant", "content": text(TURNS)},
    ]
    return grow_and_scan("grok", {"sessions_dir": str(root)}, lambda: append(folder / "chat_history.jsonl", jsonl(more)),
                         folder / "summary.json")  # fmt: skip


def gemini(root: Path) -> tuple[int, int, int]:
    path = root / "h" / "chats" / "session-2026-04-29T21-39-gem.jsonl"
    path.parent.mkdir(parents=True)
    head = [{"sessionId": "gem", "startTime": "2026-04-29T21:39:00Z", "kind": "main"}]
    msgs = [{"id": f"m{i}", "timestamp": "2026-04-29T21:40:00Z", "type": "user" if i % 2 == 0 else "gemini",
             "content": text(i)} for i in range(2 * TURNS)]  # fmt: skip
    path.write_text(jsonl(head + msgs))
    more = [{"id": f"m{i}", "timestamp": "2026-04-29T22:00:00Z", "type": "user" if i % 2 == 0 else "gemini",
             "content": text(i)} for i in range(2 * TURNS, 2 * TURNS + 2)]  # fmt: skip
    return grow_and_scan("gemini_cli", {"sessions_dir": str(root)}, lambda: append(path, jsonl(more)))


def kiro_v2(root: Path) -> tuple[int, int, int]:
    store = root / "cli"
    store.mkdir(parents=True)
    meta = store / "k1.json"
    meta.write_text(json.dumps({"session_id": "k1", "cwd": "/w", "created_at": "2026-06-07T14:14:27Z"}))

    def pair(i: int) -> list[dict]:
        return [{"version": "v1", "kind": "Prompt", "data": {"content": [{"kind": "text", "data": text(i)}]}},
                {"version": "v1", "kind": "AssistantMessage", "data": {"content": [{"kind": "text", "data": text(i)}]}}]  # fmt: skip

    (store / "k1.jsonl").write_text(jsonl([r for i in range(TURNS) for r in pair(i)]))
    return grow_and_scan(
        "kiro", {"sessions_dir": str(root)}, lambda: append(store / "k1.jsonl", jsonl(pair(TURNS))), meta
    )


def kiro_v3(root: Path) -> tuple[int, int, int]:
    folder = root / "b" / "sess_k3"
    folder.mkdir(parents=True)
    meta = folder / "session.json"
    meta.write_text(json.dumps({"id": "k3", "createdAt": "2026-05-02T10:00:00Z"}))

    def pair(i: int) -> list[dict]:
        return [{"timestamp": "2026-05-02T10:00:00Z", "payload": {"type": "user", "content": text(i)}},
                {"timestamp": "2026-05-02T10:00:01Z", "payload": {"type": "assistant", "content": text(i)}}]  # fmt: skip

    (folder / "messages.jsonl").write_text(jsonl([r for i in range(TURNS) for r in pair(i)]))
    return grow_and_scan(
        "kiro", {"sessions_dir": str(root)}, lambda: append(folder / "messages.jsonl", jsonl(pair(TURNS))), meta
    )


def claude(root: Path) -> tuple[int, int, int]:
    path = root / "-w" / "aaaa1111-0000-4000-8000-000000000001.jsonl"
    path.parent.mkdir(parents=True)

    def pair(i: int) -> list[dict]:
        return [{"type": role, "timestamp": "2026-03-01T09:00:00Z", "sessionId": "s", "cwd": "/w",
                 "message": {"role": role, "content": text(i)}} for role in ("user", "assistant")]  # fmt: skip

    path.write_text(jsonl([r for i in range(TURNS) for r in pair(i)]))
    return grow_and_scan("claude_code", {"projects_dir": str(root)}, lambda: append(path, jsonl(pair(TURNS))))


def hermes(root: Path) -> tuple[int, int, int]:
    db = root / "state.db"
    con = sqlite3.connect(db)
    con.executescript("CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL);"
                      "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content TEXT, timestamp REAL);")  # fmt: skip
    for sid in ("busy", "idle"):
        con.execute("INSERT INTO sessions VALUES (?, 'cli', 1772355600)", (sid,))
        for i in range(TURNS):
            con.execute("INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, ?, ?, ?)",
                        (sid, "user" if i % 2 == 0 else "assistant", text(i), 1772355600 + i))  # fmt: skip
    con.commit()
    first = connector("hermes", db_path=str(db)).scan({}, time.time() + 10**6)
    con.execute("INSERT INTO messages (session_id, role, content, timestamp) VALUES ('busy', 'user', ?, ?)",
                (text(TURNS), 1772355600 + TURNS))  # fmt: skip
    con.commit()
    con.close()
    second = connector("hermes", db_path=str(db)).scan(first.states, time.time() + 10**6)
    return db.stat().st_size, second.bytes_read, 0


def main() -> None:
    cases = [
        ("Grok, updates.jsonl (ACP stream)", grok_stream),
        ("Grok, chat_history.jsonl", grok_chat),
        ("Gemini CLI, session-*.jsonl", gemini),
        ("Kiro v2, cli/<uuid>.jsonl", kiro_v2),
        ("Kiro v3, messages.jsonl", kiro_v3),
        ("Claude Code (for reference)", claude),
    ]
    print(f"A session of {TURNS} turns grows by one turn; the next scan reads:\n")
    print("| format | file before | bytes added | bytes_read | of which metadata read again |")
    print("|---|---:|---:|---:|---:|")
    for label, fn in cases:
        with tempfile.TemporaryDirectory() as d:
            added, read, meta = fn(Path(d))
            files = [p for p in Path(d).rglob("*.jsonl")]
            before = sum(p.stat().st_size for p in files) - added
            print(f"| {label} | {before:,} | {added:,} | {read:,} | {meta:,} |")
    with tempfile.TemporaryDirectory() as d:
        size, read, _ = hermes(Path(d))
        print(
            f"\nHermes state.db of {size:,} bytes, two sessions of {TURNS} messages, one message added to one: "
            f"bytes_read {read:,} (that session's rows)."
        )


if __name__ == "__main__":
    main()
