"""`run --dry-run` and `run --sample N` report what a run would do and leave no state behind."""

import json
from datetime import timedelta

from opsfixtures import one_session_workspace
from sessionfiles import T0, long_turns, write_claude_session, write_config

from jezero_pipeline.cli import main
from jezero_pipeline.operations import preview as preview_module
from jezero_pipeline.stages.collect import Collector


def test_dry_run_and_sample_leave_no_state(tmp_path, capsys):
    work = one_session_workspace(tmp_path)
    assert main(["-c", str(work / "jezero.toml"), "run", "--dry-run", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["connectors"][0]
    assert report["docs"] >= 2 and report["to_summarise"] == report["docs"] and report["input_chars"] > 0
    assert main(["-c", str(work / "jezero.toml"), "run", "--sample", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["connectors"][0]
    assert report["calls"] == report["docs"] and report["items"][0]["title"]
    assert not any((work / "staging").rglob("*.parquet")) and not any((work / "staging").rglob("*.journal.jsonl"))
    assert not (work / "library.duckdb").exists()


def test_a_preview_reads_one_partition_at_a_time_and_a_sample_takes_the_newest_sessions(tmp_path, capsys, monkeypatch):
    """A dry run segments each day before it reads the next (it holds one day's sessions, not the
    connector's whole history); a sample looks at every day and pays only for the newest."""
    write_config(tmp_path, provider="extractive", model="")
    for day, topic in enumerate(["ledger", "billing", "search", "upload"]):
        write_claude_session(tmp_path / "projects", f"aaaa1111-0000-4000-8000-00000000000{day}", long_turns(topic),
                             start=T0 + timedelta(days=day))  # fmt: skip
    events: list[tuple[str, str]] = []
    real_collect, real_segment = Collector.collect, preview_module.segment_partition

    def collect(self, part, write=True):
        events.append(("collect", part.key))
        return real_collect(self, part, write=write)

    def segment(ws, part, sessions, write=True):
        events.append(("segment", part.key))
        return real_segment(ws, part, sessions, write=write)

    monkeypatch.setattr(Collector, "collect", collect)
    monkeypatch.setattr(preview_module, "segment_partition", segment)
    config = str(tmp_path / "jezero.toml")

    assert main(["-c", config, "run", "--dry-run", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["connectors"][0]
    days = sorted(report["partitions"])
    assert report["sessions"] == 4 and len(days) == 4 and report["docs"] >= 4
    assert events == [(kind, key) for key in days for kind in ("collect", "segment")]

    events.clear()
    assert main(["-c", config, "run", "--sample", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["connectors"][0]
    assert report["sessions"] == 2 and report["calls"] == report["docs"] >= 2
    assert [key for kind, key in events if kind == "collect"] == days
    assert [key for kind, key in events if kind == "segment"] == days[-2:]
