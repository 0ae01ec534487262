"""What a no-change survey costs each connector with many sessions: it should be a `stat` per file.

Builds N sessions (10,000 by default) per agent connector in a temporary folder, in each
store's own layout (one file or folder per session; one database, index or export holding
them all where the agent keeps one), surveys each once to warm its listing caches (as the
sensor's first tick does), then times the surveys of a connector built anew when nothing
changed (the best of `--repeats`). Prints, per connector: the files in its store, the units
the survey found, the seconds it took, and those seconds per 10,000 files or units (whichever is more).

    .venv/bin/python bench/survey_scale.py                     # 10,000 sessions per connector
    .venv/bin/python bench/survey_scale.py --sessions 1000 --only cursor,aider
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

T0 = 1772355600  # 2026-03-01 09:00 UTC
RUNS_PER_AIDER_FILE = 10


def jl(path: Path, records: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def js(path: Path, doc: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))


def uid(i: int) -> str:
    return f"{i:08d}-0000-4000-8000-000000000000"


def claude_code(root: Path, n: int) -> dict:
    for i in range(n):
        jl(root / f"-w-{i % 50}" / f"{uid(i)}.jsonl", [{"type": "user", "timestamp": "2026-03-01T09:00:00Z",
                                                       "message": {"role": "user", "content": "hi"}}])  # fmt: skip
    return {"projects_dir": str(root)}


def codex(root: Path, n: int) -> dict:
    for i in range(n):
        jl(root / "2026" / "03" / f"{1 + i % 28:02d}" / f"rollout-2026-03-01T09-00-00-{uid(i)}.jsonl",
           [{"timestamp": "2026-03-01T09:00:00Z", "type": "session_meta", "payload": {"id": uid(i)}}])  # fmt: skip
    return {"sessions_dir": str(root)}


def gemini_cli(root: Path, n: int) -> dict:
    for i in range(n):
        jl(
            root / f"h{i % 50}" / "chats" / f"session-{i}.jsonl",
            [{"sessionId": f"g{i}", "startTime": "2026-03-01T09:00:00Z"}],
        )
    return {"sessions_dir": str(root)}


def kiro(root: Path, n: int) -> dict:
    for i in range(n):
        jl(root / "cli" / f"k{i}.jsonl", [{"version": "v1", "kind": "Prompt", "data": {}}])
        js(root / "cli" / f"k{i}.json", {"session_id": f"k{i}", "created_at": "2026-03-01T09:00:00Z"})
    return {"sessions_dir": str(root)}


def grok(root: Path, n: int) -> dict:
    for i in range(n):
        js(
            root / "%2Fw" / f"g{i}" / "summary.json",
            {"info": {"id": f"g{i}", "cwd": "/w"}, "created_at": "2026-03-01T09:00:00Z"},
        )
        jl(root / "%2Fw" / f"g{i}" / "updates.jsonl", [{"timestamp": T0, "params": {"update": {}}}])
    return {"sessions_dir": str(root)}


def opencode(root: Path, n: int) -> dict:
    db = root / "opencode.db"
    root.mkdir(parents=True)
    con = sqlite3.connect(db)
    con.executescript("CREATE TABLE session (id TEXT PRIMARY KEY, directory TEXT, title TEXT, parent_id TEXT,"
                      " time_created INTEGER, time_updated INTEGER);"
                      "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, time_updated INTEGER,"
                      " data TEXT); CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, data TEXT);")  # fmt: skip
    con.executemany(
        "INSERT INTO session VALUES (?, '/w', 't', NULL, ?, ?)", [(f"ses_{i}", T0 * 1000, T0 * 1000) for i in range(n)]
    )
    con.executemany(
        "INSERT INTO message VALUES (?, ?, ?, ?, '{}')", [(f"m{i}", f"ses_{i}", T0 * 1000, T0 * 1000) for i in range(n)]
    )
    con.commit()
    con.close()
    return {"db_path": str(db)}


def hermes(root: Path, n: int) -> dict:
    db = root / "state.db"
    root.mkdir(parents=True)
    con = sqlite3.connect(db)
    con.executescript("CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL);"
                      "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content TEXT, timestamp REAL);")  # fmt: skip
    con.executemany("INSERT INTO sessions VALUES (?, 'cli', ?, ?)", [(f"h{i}", T0, T0 + 60) for i in range(n)])
    con.executemany("INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, 'user', 'hi', ?)",
                    [(f"h{i}", T0) for i in range(n)])  # fmt: skip
    con.commit()
    con.close()
    return {"db_path": str(db)}


def antigravity(root: Path, n: int) -> dict:
    (root / "conversations").mkdir(parents=True)
    for i in range(n):
        con = sqlite3.connect(root / "conversations" / f"conv{i}.db")
        con.execute("CREATE TABLE steps (idx INTEGER PRIMARY KEY, step BLOB NOT NULL)")
        con.commit()
        con.close()
    return {"data_dir": str(root)}


def copilot_cli(root: Path, n: int) -> dict:
    for i in range(n):
        jl(root / uid(i) / "events.jsonl", [{"type": "session.start", "timestamp": "2026-03-01T09:00:00Z", "data": {}}])
        (root / uid(i) / "workspace.yaml").write_text(f"id: {uid(i)}\ncwd: /w\n")
    return {"sessions_dir": str(root)}


def factory_droid(root: Path, n: int) -> dict:
    for i in range(n):
        jl(root / f"-w-{i % 50}" / f"{uid(i)}.jsonl", [{"type": "session_start", "id": uid(i), "cwd": "/w"}])
        js(root / f"-w-{i % 50}" / f"{uid(i)}.settings.json", {"model": "m"})
    return {"sessions_dir": str(root)}


def qwen_code(root: Path, n: int) -> dict:
    for i in range(n):
        jl(
            root / "projects" / f"-w-{i % 50}" / "chats" / f"{uid(i)}.jsonl",
            [{"sessionId": uid(i), "timestamp": "2026-03-01T09:00:00Z"}],
        )
    return {"data_dir": str(root)}


def cursor_agent(root: Path, n: int) -> dict:
    for i in range(n):
        jl(
            root / "projects" / f"w-{i % 50}" / "agent-transcripts" / uid(i) / f"{uid(i)}.jsonl",
            [{"role": "user", "message": {}}],
        )
    return {"cursor_dir": str(root)}


def ampcode(root: Path, n: int) -> dict:
    for i in range(n):
        js(root / f"T-{uid(i)}.json", {"id": f"T-{uid(i)}", "created": T0 * 1000, "messages": []})
    return {"threads_dir": str(root)}


def continue_dev(root: Path, n: int) -> dict:
    for i in range(n):
        js(root / f"{uid(i)}.json", {"sessionId": uid(i), "history": []})
    js(root / "sessions.json", [{"sessionId": uid(i), "dateCreated": str(T0 * 1000)} for i in range(n)])
    return {"sessions_dir": str(root)}


def _tasks(root: Path, n: int) -> None:
    for i in range(n):
        js(
            root / "tasks" / str(T0 * 1000 + i) / "ui_messages.json",
            [{"ts": T0 * 1000, "type": "say", "say": "task", "text": "hi"}],
        )
        js(root / "tasks" / str(T0 * 1000 + i) / "api_conversation_history.json", [])


def cline(root: Path, n: int) -> dict:
    _tasks(root, n)
    return {"storage_dir": str(root)}


def roo_code(root: Path, n: int) -> dict:
    _tasks(root, n)
    return {"storage_dir": str(root)}


def aider(root: Path, n: int) -> dict:
    runs = "".join(
        f"\n# aider chat started at 2026-03-{1 + r:02d} 09:00:00\n\n#### hi\n\nhello\n"
        for r in range(RUNS_PER_AIDER_FILE)
    )
    for i in range(max(n // RUNS_PER_AIDER_FILE, 1)):
        path = root / f"group{i % 20}" / f"repo{i}" / ".aider.chat.history.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(runs)
    return {"projects_dir": str(root)}


def cursor(root: Path, n: int) -> dict:
    db = root / "globalStorage" / "state.vscdb"
    db.parent.mkdir(parents=True)
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    con.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    rows = []
    for i in range(n):
        rows.append(
            (
                f"composerData:{uid(i)}",
                json.dumps({"composerId": uid(i), "createdAt": T0 * 1000, "lastUpdatedAt": T0 * 1000}),
            )
        )
        rows.append((f"bubbleId:{uid(i)}:b1", json.dumps({"type": 1, "text": "hi"})))
    con.executemany("INSERT INTO cursorDiskKV VALUES (?, ?)", rows)
    con.commit()
    con.close()
    return {"user_dir": str(root)}


def copilot_vscode(root: Path, n: int) -> dict:
    for i in range(n):
        js(
            root / "workspaceStorage" / f"ws{i % 50}" / "chatSessions" / f"{uid(i)}.json",
            {"sessionId": uid(i), "requests": []},
        )
    return {"user_dir": str(root)}


def goose(root: Path, n: int) -> dict:
    root.mkdir(parents=True)
    con = sqlite3.connect(root / "sessions.db")
    con.executescript("CREATE TABLE sessions (id TEXT PRIMARY KEY, working_dir TEXT, created_at TEXT, updated_at TEXT);"
                      "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content_json TEXT,"
                      " created_timestamp INTEGER);")  # fmt: skip
    con.executemany(
        "INSERT INTO sessions VALUES (?, '/w', '2026-03-01 09:00:00', '2026-03-01 09:01:00')",
        [(f"g{i}",) for i in range(n)],
    )
    con.executemany("INSERT INTO messages (session_id, role, content_json, created_timestamp) VALUES (?, 'user', '[]', ?)",
                    [(f"g{i}", T0) for i in range(n)])  # fmt: skip
    con.commit()
    con.close()
    return {"sessions_dir": str(root)}


def chatgpt(root: Path, n: int) -> dict:
    js(root / "conversations.json", [{"conversation_id": uid(i), "create_time": T0, "mapping": {}} for i in range(n)])
    return {"export_path": str(root)}


def claude_ai(root: Path, n: int) -> dict:
    js(
        root / "conversations.json",
        [{"uuid": uid(i), "created_at": "2026-03-01T09:00:00Z", "chat_messages": []} for i in range(n)],
    )
    return {"export_path": str(root)}


STORES: dict[str, Callable[[Path, int], dict]] = {
    f.__name__: f
    for f in (
        claude_code,
        codex,
        gemini_cli,
        kiro,
        grok,
        opencode,
        hermes,
        antigravity,
        copilot_cli,
        factory_droid,
        qwen_code,
        cursor_agent,
        ampcode,
        continue_dev,
        cline,
        roo_code,
        aider,
        cursor,
        copilot_vscode,
        goose,
        chatgpt,
        claude_ai,
    )  # fmt: skip
}


def files_in(root: Path) -> int:
    return sum(len(files) for _, _, files in os.walk(root))


def measure(type_: str, options: dict, repeats: int) -> tuple[int, float]:
    def survey() -> int:
        cfg = ConnectorConfig(name=type_, type=type_, options={"settle_minutes": 0, **options})
        found = make_connector(cfg, ProjectsConfig(git=False), Path(".")).survey()
        assert not found.warnings, found.warnings[:3]
        return len(found.units)

    units = survey()  # the first tick: listings of databases, exports and aider files made and kept
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        again = survey()
        best = min(best, time.perf_counter() - start)
        assert again == units
    return units, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sessions", type=int, default=10_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated connector types")
    args = ap.parse_args()
    chosen = [t for t in STORES if not args.only or t in args.only.split(",")]
    print(f"no-change survey, {args.sessions:,} sessions per connector, best of {args.repeats}")
    print(
        "| connector | files | units | survey (s) | s per 10,000 files or units (the more) |\n|---|---:|---:|---:|---:|"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for type_ in chosen:
            root = Path(tmp) / type_
            options = STORES[type_](root, args.sessions)
            files = files_in(root)
            units, seconds = measure(type_, options, args.repeats)
            per = seconds * 10_000 / max(files, units, 1)
            print(f"| {type_} | {files:,} | {units:,} | {seconds:.3f} | {per:.3f} |", flush=True)


if __name__ == "__main__":
    main()
