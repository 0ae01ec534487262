"""`jezero-pipeline backfill`: the runs a UI backfill makes (31 days of a connector each), not one per partition."""

from __future__ import annotations

import json
from datetime import date

import dagster as dg
import pytest
from opsfixtures import one_session_workspace

from jezero_pipeline.cli.main import main
from jezero_pipeline.stages.plan import backfill_ranges
from jezero_pipeline.workspace import today


def test_a_backfill_is_planned_as_31_days_of_one_connector_per_run():
    first, last = date(2025, 1, 1), date(2026, 12, 4)  # the demo: 703 days, two connectors
    runs = backfill_ranges(["claude-code", "codex"], first, last, 31)
    assert len(runs) == 46, "1,406 partitions in 46 runs, not 1,406"
    covered = [p for r in runs for p in r.partitions()]
    assert len(covered) == len(set(covered)) == 2 * 703
    for r in runs:
        assert len(r.connectors) == 1 and (date.fromisoformat(r.last_day) - date.fromisoformat(r.first_day)).days < 31


def test_the_backfill_command_makes_ranged_runs_recorded_in_the_instance(tmp_path, monkeypatch, capsys):
    work = one_session_workspace(tmp_path)  # one session on 2026-03-01
    home = tmp_path / "dagster_home"
    home.mkdir()
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    config = str(work / "jezero.toml")
    assert main(["-c", config, "backfill", "--dry-run", "--json"]) == 0
    planned = json.loads(capsys.readouterr().out)["runs"]
    days = (today() - date(2026, 3, 1)).days + 1  # the first day is the session's own (UTC days)
    assert len(planned) == -(-days // 31) and planned[0]["first_day"] == "2026-03-01"

    assert main(["-c", config, "backfill", "--since", "2026-02-20", "--until", "2026-04-05"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 run(s) for 36 partition(s) (cc, 2026-03-01 to 2026-04-05)"  # clamped to the first day
    assert [line.split()[2:] for line in out[1:]] == [
        ["cc", "2026-03-01..2026-03-31", "ok"], ["cc", "2026-04-01..2026-04-05", "ok"], ["library", "ok"]]  # fmt: skip
    with dg.DagsterInstance.from_config(str(home)) as instance:
        runs = instance.get_runs()
        assert sorted(r.job_name for r in runs) == ["library_job", "sessions_job", "sessions_job"]
        ranges = sorted((r.tags["dagster/asset_partition_range_start"], r.tags["dagster/asset_partition_range_end"])
                        for r in runs if r.job_name == "sessions_job")  # fmt: skip
        assert ranges == [("cc|2026-03-01", "cc|2026-03-31"), ("cc|2026-04-01", "cc|2026-04-05")]
        mats = instance.fetch_materializations(dg.AssetKey("summaries"), limit=100).records
        assert len({m.partition_key for m in mats}) == 36  # every partition of the range, one run each month


@pytest.mark.parametrize(("since", "until", "message"), [
    ("2026-13-01", None, "--since '2026-13-01' is not a date"),
    ("2026-04-01", "2026-03-01", "no day between 2026-04-01"),
])  # fmt: skip
def test_a_backfill_of_no_day_or_a_bad_date_is_one_line(tmp_path, capsys, since, until, message):
    work = one_session_workspace(tmp_path)
    argv = ["-c", str(work / "jezero.toml"), "backfill", "--since", since, *(["--until", until] if until else [])]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {message}") and len(err.splitlines()) == 1
    assert not (tmp_path / "data" / "dagster").exists(), "nothing launched, no instance made"
