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
