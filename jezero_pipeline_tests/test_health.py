"""`health`: silence and failures are flagged, and a healthy connector is not."""

import time

from opsfixtures import one_session_workspace
from runs import workspace

from jezero_pipeline.cli import main
from jezero_pipeline.operations.health import health
from jezero_pipeline.staging.state import record_collect, record_outcome


def test_health_flags_silence_and_failure(tmp_path):
    work = one_session_workspace(tmp_path)
    ws = workspace(work)
    ok, rows = health(ws)
    assert not ok and rows[0]["problems"] == ["never ran"]
    now = time.time()
    record_collect(ws.store, "cc", new_sessions=1, warnings=0, now=now - 48 * 3600)
    record_outcome(ws.store, "cc", None, now=now - 48 * 3600)
    ok, rows = health(ws, now=now)
    assert not ok and "no new session for 48.0 h" in rows[0]["problems"][0]
    record_collect(ws.store, "cc", new_sessions=1, warnings=0, now=now)
    assert health(ws, now=now)[0]
    record_outcome(ws.store, "cc", "HTTP 500", now=now)
    ok, rows = health(ws, now=now)
    assert not ok and rows[0]["problems"] == ["last run failed: HTTP 500"]
    assert main(["-c", str(work / "jezero.toml"), "health"]) == 1


def test_a_budget_deferral_older_than_a_day_is_a_problem(tmp_path):
    from jezero_pipeline.staging.state import record_pending

    work = one_session_workspace(tmp_path)
    ws = workspace(work)
    now = time.time()
    record_collect(ws.store, "cc", new_sessions=1, warnings=0, now=now)
    record_outcome(ws.store, "cc", None, now=now)
    record_pending(ws.store, "cc", 3, now=now - 30 * 3600)
    ok, rows = health(ws, now=now)
    assert not ok and "deferred by the budget for 30.0 h" in rows[0]["problems"][0]
    record_pending(ws.store, "cc", 0)
    assert health(ws, now=now)[0]


def test_a_run_stopped_by_the_blocking_check_or_failing_in_a_stage_turns_health_red(tmp_path, monkeypatch):
    import dagster as dg
    from runs import run

    from jezero_pipeline.engine import pipeline as stages_run

    work = one_session_workspace(tmp_path)

    def broken(ws, part, rows=None, write=True):
        raise RuntimeError("redaction blew up on password=Sup3rSecretValue99")

    monkeypatch.setattr(stages_run, "redact_partition", broken)
    with dg.instance_for_test() as instance:
        cc, _, ok = run(work, instance)
    assert not ok and "redaction blew up" in cc["errors"][0] and "Sup3rSecretValue99" not in cc["errors"][0]
    ok, rows = health(workspace(work))
    assert not ok and "redaction blew up" in rows[0]["problems"][0]
    assert "Sup3rSecretValue99" not in rows[0]["problems"][0]
