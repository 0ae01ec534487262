"""The watchdog: a new problem is posted once, its recovery once, the heartbeat after each check."""

import time

import dagster as dg
from opsfixtures import one_session_workspace
from receiver import Receiver
from runs import run, workspace

from jezero_pipeline.operations.watchdog import watch
from jezero_pipeline.staging.state import record_collect, record_outcome


def _with_watchdog(work):
    text = (work / "jezero.toml").read_text()
    text += (
        '\n[watchdog]\nalert_webhook_env = "TEST_WEBHOOK"\nheartbeat_url_env = "TEST_HEARTBEAT"\nrealert_hours = 1\n'
    )
    (work / "jezero.toml").write_text(text)


def test_a_problem_is_posted_once_then_its_recovery_and_the_heartbeat_follows_each_check(tmp_path, monkeypatch):
    work = one_session_workspace(tmp_path)
    _with_watchdog(work)
    with Receiver() as hook, Receiver() as beat:
        monkeypatch.setenv("TEST_WEBHOOK", f"{hook.url}/hook?token=hook-secret-123")
        monkeypatch.setenv("TEST_HEARTBEAT", f"{beat.url}/api/push/beat-secret-456")
        ws = workspace(work)
        now = time.time()
        record_collect(ws.store, "cc", 1, 0, now=now)
        record_outcome(ws.store, "cc", "HTTP 500", now=now)
        assert not watch(ws, now)["ok"]
        assert [(m["status"], m["connector"]) for m in hook.posts()] == [("problem", "cc")]
        assert hook.posts()[0]["problems"] == ["last run failed: HTTP 500"]
        watch(ws, now + 60)  # still the same problem: not announced again
        assert len(hook.posts()) == 1
        watch(ws, now + 3700)  # realert_hours later: announced again
        assert len(hook.posts()) == 2
        record_outcome(ws.store, "cc", None, now=now + 3800)
        assert watch(ws, now + 3800)["ok"]
        assert hook.posts()[-1]["status"] == "recovered"
        assert [p.split("?")[1] for p in beat.gets()] == ["status=down&msg=unhealthy"] * 3 + ["status=up&msg=ok"]
        assert all(p.startswith("/api/push/beat-secret-456") for p in beat.gets())


def test_a_run_pings_the_heartbeat_and_a_failed_delivery_is_one_line_without_the_url(tmp_path, monkeypatch, capsys):
    from jezero_pipeline.cli import main

    work = one_session_workspace(tmp_path)
    _with_watchdog(work)
    with Receiver() as beat:
        monkeypatch.setenv("TEST_HEARTBEAT", f"{beat.url}/push/token-xyz")
        monkeypatch.setenv("TEST_WEBHOOK", "http://127.0.0.1:9/hook?token=never-printed-789")  # nothing listens
        with dg.instance_for_test() as instance:
            _, _, ok = run(work, instance)
        assert ok and beat.gets()[-1].endswith("status=up&msg=ok")
        assert main(["-c", str(work / "jezero.toml"), "health"]) == 0
    err = capsys.readouterr().err
    assert "never-printed-789" not in err
