"""Antigravity, Paperclip, mail and an inbox read into the library through Dagster; the sensor sees
each one's changes; a session uploaded from a device and read on the host is one hit in search."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta

import dagster as dg
import duckdb
import pytest
from agentfixtures import add_steps, agent_step, mail, user_step, write_conversation, write_maildir, write_titles
from fake_paperclip import KEY, FakePaperclip
from runs import run
from sessionfiles import long_turns, write_claude_session

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.defs.resources import JezeroResource
from jezero_pipeline.library.reader import Library

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
SESSION = "aaaa1111-0000-4000-8000-000000000001"

CONFIG = """
[storage]
path = "library.duckdb"
staging_dir = "staging"
[summarizer]
provider = "extractive"
[[connectors]]
name = "agy"
type = "antigravity"
[connectors.options]
data_dir = "antigravity"
settle_minutes = 0
min_chars = 10
[[connectors]]
name = "board"
type = "paperclip"
[connectors.options]
api_url = "{api}"
company_ids = ["cmp-1"]
retry_backoff_seconds = 0.01
min_chars = 10
[[connectors]]
name = "mail"
type = "mail"
[connectors.options]
path = "Mail"
min_chars = 10
[[connectors]]
name = "uploads"
type = "inbox"
[connectors.options]
dir = "inbox"
settle_minutes = 0
min_chars = 10
[[connectors]]
name = "cc"
type = "claude_code"
[connectors.options]
projects_dir = "projects"
settle_minutes = 0
min_chars = 10
"""


@pytest.fixture
def board(monkeypatch):
    monkeypatch.setenv("PAPERCLIP_API_KEY", KEY)
    with FakePaperclip() as fake:
        fake.add_issue(1, title="Quarterly reconciliation drifts by a cent",
                       description="The reconciliation job rounds each line before summing; totals drift.")  # fmt: skip
        fake.comments["iss-1"] = [{"body": "Switched to summing exact decimals, then rounding once.",
                                   "authorAgentId": "agt-1", "createdAt": "2026-06-01T09:30:00Z"}]  # fmt: skip
        yield fake


@pytest.fixture
def work(tmp_path, board):
    (tmp_path / "jezero.toml").write_text(CONFIG.format(api=board.url))
    write_conversation(
        tmp_path / "antigravity",
        "conv-1",
        [
            user_step("Why does the thumbnailer leak file handles?", T0),
            agent_step(
                "Each resize opened the source twice; now a context manager closes it.", T0 + timedelta(minutes=1)
            ),
        ],
        workspace="file:///home/dev/projects/thumbs",
    )
    write_titles(tmp_path / "antigravity", {"conv-1": "Thumbnailer file handle leak"})
    write_maildir(
        tmp_path / "Mail",
        [
            mail(
                "Ops <ops@example.org>",
                "Backup window moves to 02:00",
                "From Monday the nightly backup starts at 02:00 UTC; the maintenance page goes up at 01:55.",
                T0,
                "b1@example.org",
            ),  # fmt: skip
        ],
    )
    # one session on this host and the same one uploaded from a laptop (identical file)
    host = write_claude_session(tmp_path / "projects", SESSION, long_turns("sharded ledger migration"))
    uploaded = tmp_path / "inbox" / "laptop" / "claude-code" / host.relative_to(tmp_path / "projects")
    uploaded.parent.mkdir(parents=True)
    shutil.copy2(host, uploaded)
    return tmp_path


def _sensor(work, instance, cursor=None):
    defs = build_definitions(load_config(work / "jezero.toml"), str(work / "jezero.toml"))
    resources = {"jezero": JezeroResource(config_path=str(work / "jezero.toml"))}
    ctx = dg.build_sensor_context(instance=instance, cursor=cursor, definitions=defs, resources=resources)
    return defs.resolve_sensor_def("transcripts_changed").evaluate_tick(ctx)


def _requested(result) -> set[str]:
    keys = set()
    for r in result.run_requests:
        start, end = r.tags.get("dagster/asset_partition_range_start"), r.tags.get("dagster/asset_partition_range_end")
        keys |= {start, end} if start else {r.partition_key}
    return {k.split("|")[0] for k in keys if k}


def test_the_new_connectors_read_into_the_library_and_their_changes_are_seen(work, board):
    with dg.instance_for_test() as instance:
        first = _sensor(work, instance)
        assert _requested(first) == {"agy", "board", "mail", "uploads", "cc"}
        report, lib, ok = run(work, instance)
        assert ok, report
        library = Library(work / "library.duckdb", load_config(work / "jezero.toml").search)
        for query, source in [("thumbnailer handles", "agy"), ("reconciliation decimals", "board"),
                              ("backup window", "mail")]:  # fmt: skip
            hits = library.search(query)["results"]
            assert hits and hits[0]["source"] == source, (query, hits[:1])
        mail_item = library.search("backup window")["results"][0]
        assert mail_item["trust"] == "external"

        # the same session from the host and from the laptop: two items, one hit
        con = duckdb.connect(str(work / "library.duckdb"), read_only=True)
        copies, segments = con.execute(
            "SELECT count(*), count(DISTINCT external_id) FROM items WHERE original_ref = ?",
            [f"claude-code-session:{SESSION}"],
        ).fetchone()
        sources = {r[0] for r in con.execute("SELECT DISTINCT source FROM items").fetchall()}
        con.close()
        assert sources == {"agy", "board", "mail", "uploads", "cc"}
        assert copies == 2 * segments  # every segment stored twice: from "cc" and from "uploads"
        hits = library.search("sharded ledger migration", limit=50)["results"]
        refs = [h for h in hits if h["session_id"] == SESSION]
        assert refs and len({h["external_id"] for h in refs}) == len(refs)  # ...and shown once
        library.close()

        # nothing changed: the sensor asks for nothing
        assert _requested(_sensor(work, instance)) == set()

        # each new type changes: the sensor sees exactly those
        add_steps(
            work / "antigravity" / "conversations" / "conv-1.db",
            [user_step("And the GIF path?", T0 + timedelta(hours=1))],
        )
        board.issues[0]["updatedAt"] = "2026-06-03T10:00:00Z"
        write_maildir(work / "Mail", [mail("Me <me@example.org>", "Re: Backup window moves to 02:00",
                                           "Noted, I moved the deploy to 03:00.", T0 + timedelta(hours=2),
                                           "b2@example.org", reply_to=["b1@example.org"])])  # fmt: skip
        grown = next((work / "inbox" / "laptop").rglob("*.jsonl"))
        with grown.open("a") as f:
            f.write(grown.read_text().splitlines()[-1] + "\n")
        assert _requested(_sensor(work, instance)) == {"agy", "board", "mail", "uploads"}
        report, lib, ok = run(work, instance)
        assert ok
        assert _requested(_sensor(work, instance)) == set()
