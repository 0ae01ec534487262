"""`run --dry-run` and `run --sample N` report what a run would do and leave no state behind."""

import json

from opsfixtures import one_session_workspace

from jezero_pipeline.cli import main


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
