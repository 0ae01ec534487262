"""Round-3 connectors at their default locations (a made-up home): the `transcripts_changed` sensor
sees each store, a run reads them into the library, and a change to one is seen alone."""

from __future__ import annotations

import json
import sqlite3

import dagster as dg
import pytest
from round3 import write_json, write_jsonl
from runs import run
from vscdb import add_kv, write_kv

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.defs.resources import JezeroResource
from jezero_pipeline.library.reader import Library

OPTIONS = "[connectors.options]\nsettle_minutes = 0\nmin_chars = 10\n"
CONFIG = (
    '[storage]\npath = "library.duckdb"\nstaging_dir = "staging"\n[summarizer]\nprovider = "extractive"\n'
    + "".join(
        f'[[connectors]]\nname = "{n}"\ntype = "{n}"\n{OPTIONS}' for n in ("cursor", "copilot_cli", "aider", "goose")
    )
    + '[[connectors]]\nname = "chatgpt"\ntype = "chatgpt"\n[connectors.options]\nexport_path = "export"\nmin_chars = 10\n'
)
T = 1780000000  # 2026-05-28


@pytest.fixture
def work(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "COPILOT_HOME"):
        monkeypatch.delenv(name, raising=False)
    work = tmp_path / "work"
    work.mkdir()
    (work / "jezero.toml").write_text(CONFIG)
    write_kv(home / ".config" / "Cursor" / "User" / "globalStorage" / "state.vscdb", {}, {
        "composerData:c1": {"composerId": "c1", "name": "Tile cache", "createdAt": T * 1000, "lastUpdatedAt": T * 1000},
        "bubbleId:c1:b1": {"type": 1, "text": "Why does the tile cache thrash under zoom?", "createdAt": "2026-05-28T20:26:40Z"},
        "bubbleId:c1:b2": {"type": 2, "text": "The quadkey omits the zoom level, so tiles collide.", "createdAt": "2026-05-28T20:27:00Z"},
    })  # fmt: skip
    write_jsonl(home / ".copilot" / "session-state" / "s1" / "events.jsonl", [
        {"type": "session.start", "timestamp": "2026-05-28T20:00:00Z", "data": {"sessionId": "s1", "context": {"cwd": "/w"}}},
        {"type": "user.message", "timestamp": "2026-05-28T20:01:00Z", "data": {"content": "Rotate the webhook signing secret"}},
        {"type": "assistant.message", "timestamp": "2026-05-28T20:02:00Z", "data": {"content": "Rotated; old one valid 24h."}},
    ])  # fmt: skip
    history = home / "code" / "geo" / ".aider.chat.history.md"
    history.parent.mkdir(parents=True)
    history.write_text(
        "\n# aider chat started at 2026-05-28 20:00:00\n\n#### Add a haversine helper\n\nAdded `haversine()`.\n"
    )
    goose = home / ".local" / "share" / "goose" / "sessions" / "sessions.db"
    goose.parent.mkdir(parents=True)
    con = sqlite3.connect(goose)
    con.executescript("CREATE TABLE sessions (id TEXT PRIMARY KEY, working_dir TEXT, created_at TEXT);"
                      "CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT, content_json TEXT,"
                      " created_timestamp INTEGER);")  # fmt: skip
    con.execute("INSERT INTO sessions VALUES ('g1', '/w', '2026-05-28 20:00:00')")
    con.executemany("INSERT INTO messages (session_id, role, content_json, created_timestamp) VALUES ('g1', ?, ?, ?)", [
        ("user", json.dumps([{"type": "text", "text": "Vacuum the analytics database nightly"}]), T),
        ("assistant", json.dumps([{"type": "text", "text": "Added a 03:00 vacuum job."}]), T + 60)])  # fmt: skip
    con.commit()
    con.close()
    write_json(work / "export" / "conversations.json", [{"conversation_id": "x1", "title": "Sourdough", "create_time": T,
        "current_node": "b", "mapping": {
            "a": {"message": {"author": {"role": "user"}, "create_time": T, "content": {"content_type": "text", "parts": ["Sourdough starter ratios?"]}}, "parent": None, "children": ["b"]},
            "b": {"message": {"author": {"role": "assistant"}, "create_time": T + 5, "content": {"content_type": "text", "parts": ["1:1:1 flour, water, starter."]}}, "parent": "a", "children": []}}}])  # fmt: skip
    return work, home


def _sensor(work, instance):
    defs = build_definitions(load_config(work / "jezero.toml"), str(work / "jezero.toml"))
    resources = {"jezero": JezeroResource(config_path=str(work / "jezero.toml"))}
    ctx = dg.build_sensor_context(instance=instance, definitions=defs, resources=resources)
    result = defs.resolve_sensor_def("transcripts_changed").evaluate_tick(ctx)
    order = [c.name for c in load_config(work / "jezero.toml").connectors]  # a request spans consecutive ones
    found: set[str] = set()
    for r in result.run_requests:
        start = r.tags.get("dagster/asset_partition_range_start") or r.partition_key
        end = r.tags.get("dagster/asset_partition_range_end") or r.partition_key
        first, last = order.index(start.split("|")[0]), order.index(end.split("|")[0])
        found.update(order[first : last + 1])
    return found


def test_default_locations_are_seen_read_and_their_changes_noticed(work):
    work, home = work
    everyone = {"cursor", "copilot_cli", "aider", "goose", "chatgpt"}
    with dg.instance_for_test() as instance:
        assert _sensor(work, instance) == everyone
        report, lib, ok = run(work, instance)
        assert ok, report
        library = Library(work / "library.duckdb", load_config(work / "jezero.toml").search)
        for query, source in [("tile cache quadkey", "cursor"), ("webhook signing secret", "copilot_cli"),
                              ("haversine helper", "aider"), ("vacuum analytics", "goose"), ("sourdough starter", "chatgpt")]:  # fmt: skip
            hits = library.search(query)["results"]
            assert hits and hits[0]["source"] == source, (query, hits[:1])
        library.close()
        assert _sensor(work, instance) == set()
        add_kv(home / ".config" / "Cursor" / "User" / "globalStorage" / "state.vscdb", "cursorDiskKV",
               {"bubbleId:c1:b3": {"type": 1, "text": "And at zoom 0?"}})  # fmt: skip
        with (home / "code" / "geo" / ".aider.chat.history.md").open("a") as f:
            f.write("\n#### Also vincenty\n")
        assert _sensor(work, instance) == {"cursor", "aider"}
