"""The library follows a long run: refreshed in a child while model calls are still in flight."""

import json
import logging
import multiprocessing
import threading
import time
from datetime import timedelta

import dagster as dg
import pytest
from runs import run, workspace
from sessionfiles import T0, long_turns, write_claude_session, write_config

from jezero_pipeline.library.reader import Library
from jezero_pipeline.models import Partition
from jezero_pipeline.stages import build_apart, follow, index

SECRET = "sk-ant-api03-" + "Zq8Xw2Lk5Rt9Vb3Nm7Jh4Gf6Ds1Ap0Oi" * 2 + "AA"


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


def _library_items(ws):
    with Library(ws.library_path, ws.cfg.search, lean=True) as lib:
        return [(i["id"], i["external_id"], i["title"], i["summary"], i.get("original")) for i in lib.iter_items()]


def _days(tmp_path, days: int) -> None:
    for i in range(days):
        write_claude_session(tmp_path / "projects", f"cccc{i:04d}-0000-4000-8000-000000000000",
                             long_turns(f"topic{i}", n=4), start=T0 + timedelta(days=i))  # fmt: skip


def test_the_library_follows_a_run_and_the_step_after_reads_only_the_rest(tmp_path, fake_server, monkeypatch):
    """While calls are in flight the library is refreshed in a child from the days summarised so
    far, which also scans their items for the checks, and once more when the last day is
    summarised: the search_index step after the run then has nothing to read and starts no
    child, and the library is item for item (ids included) what a full rebuild gives."""
    monkeypatch.setattr(follow, "FOLLOW_SECONDS", 0.0)
    monkeypatch.setattr(follow, "FOLLOW_BYTES", 0)
    followed: list[dict] = []
    refresh_following = follow.index.refresh_following

    def recorded(ws, child=None):
        out = refresh_following(ws, child)
        if out is not None:
            followed.append({**out, "standby": child is not None and child.started})
        return out

    standbys = []
    monkeypatch.setattr(follow.index, "refresh_following", recorded)
    monkeypatch.setattr(follow, "standby", lambda: standbys.append(build_apart.standby()) or standbys[-1])
    fake_server.latency = 0.25
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1)
    days = 8
    _days(tmp_path, days)
    with dg.instance_for_test() as instance:
        first, _, ok = run(tmp_path, instance)
        assert ok, first
        event = instance.get_latest_materialization_event(dg.AssetKey("search_index"))
    step = {k: v.value for k, v in event.asset_materialization.metadata.items()}
    built = [f for f in followed if f["mode"] != "unchanged"]  # a day written during a refresh may be in it
    assert built and all(f["built_apart"] for f in built), "the library was refreshed during the run, in a child"
    assert built[0]["items"] < first["docs"], "the first refresh came before the last answer"
    assert not built[0]["standby"] and all(f["standby"] for f in built[1:]), "later ones in a child started ahead"
    assert all(s._proc.poll() is not None for s in standbys), "no standby outlives the run"
    assert followed[-1]["items"] == first["docs"], "the last refresh, as the run ended, had every day"
    assert (step["partitions_read"], step["mode"], step["built_apart"]) == (0, "unchanged", False)
    ws = workspace(tmp_path)
    assert json.loads((ws.store.root / "library" / "secret_scan.json").read_text())["items"], "scanned as it followed"
    followed_items = _library_items(ws)
    assert len(followed_items) == first["docs"] == fake_server.total_calls
    index.refresh(ws, rebuild=True)
    assert _library_items(ws) == followed_items


def test_the_run_ends_and_the_library_job_starts_while_the_last_refresh_is_under_way(
    tmp_path, fake_server, monkeypatch
):
    """The follower's last refresh (made slow here) is not waited for by the run: the library
    job starts while it is under way, and its search_index step waits for it, then finds the
    library current. Nothing of the run is lost: every summary is in the library."""
    monkeypatch.setattr(follow, "FOLLOW_SECONDS", 0.0)
    monkeypatch.setattr(follow, "FOLLOW_BYTES", 0)
    run_ended = threading.Event()
    last: dict[str, float] = {}
    refresh_held = follow.index._refresh_held

    def slow_after_the_run(ws, rebuild, following=False, **kw):
        started = time.time()
        if following and run_ended.is_set():
            time.sleep(1.5)
        out = refresh_held(ws, rebuild, following=following, **kw)
        if following:
            last.update(started=started, ended=time.time(), items=out["items"])
        return out

    close = follow.LibraryFollower.close

    def closing(self, catch_up=False):
        run_ended.set()
        close(self, catch_up)

    monkeypatch.setattr(follow.index, "_refresh_held", slow_after_the_run)
    monkeypatch.setattr(follow.LibraryFollower, "close", closing)
    fake_server.latency = 0.1
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1)
    _days(tmp_path, 4)
    with dg.instance_for_test() as instance:
        first, _, ok = run(tmp_path, instance)
        assert ok, first
        library_runs = [r for r in instance.get_run_records() if r.dagster_run.job_name == "library_job"]
        event = instance.get_latest_materialization_event(dg.AssetKey("search_index"))
    assert len(library_runs) == 1
    assert library_runs[0].start_time < last["ended"], "the library job started during the last refresh"
    assert last["items"] == first["docs"] == fake_server.total_calls, "the last refresh had every day"
    step = {k: v.value for k, v in event.asset_materialization.metadata.items()}
    assert (step["partitions_read"], step["mode"], step["items"]) == (0, "unchanged", first["docs"])


def _close_with_catch_up_and_end(root):
    """In a child process, which ends as a multiprocessing child (a Dagster step's) does."""

    def slow(ws, child=None):
        time.sleep(0.5)
        (root / "refreshed").write_text("yes")
        return {"mode": "delta"}

    follow.index.refresh_following = slow
    follower = follow.LibraryFollower(workspace(root), every_seconds=0.0, min_bytes=0)
    follower.summarised(Partition("cc", "2026-03-01"))
    follower.close(catch_up=True)  # returns at once, a refresh under way or due


def test_a_process_that_ends_waits_for_the_last_refresh(tmp_path):
    """A step's process under the multiprocess executor ends with os._exit right after the step:
    the follower's last refresh, which the step does not wait for, still ends first (its build
    must not go on without the library lock)."""
    write_config(tmp_path, base_url="http://127.0.0.1:9")
    child = multiprocessing.get_context("fork").Process(target=_close_with_catch_up_and_end, args=(tmp_path,))
    child.start()
    child.join(timeout=60)
    assert child.exitcode == 0
    assert (tmp_path / "refreshed").exists(), "the process ended before the last refresh"


def test_a_small_run_is_not_followed(tmp_path, fake_server, monkeypatch):
    """Under FOLLOW_BYTES of summarised partitions the follower starts no child: the step after
    the run builds the small library in its own process, as before."""
    calls: list[object] = []
    monkeypatch.setattr(follow.index, "refresh_following", lambda ws, child=None: calls.append(ws))
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _days(tmp_path, 2)
    with dg.instance_for_test() as instance:
        first, _, ok = run(tmp_path, instance)
    assert ok and first["docs"] == fake_server.total_calls > 0
    assert calls == []


def test_the_follower_skips_while_another_writer_holds_the_library(tmp_path):
    write_config(tmp_path, base_url="http://127.0.0.1:9")
    ws = workspace(tmp_path)
    with ws.library_lock():
        assert index.refresh_following(ws) is None
    assert not ws.library_path.exists()


def test_a_failed_refresh_never_fails_the_run_and_stops_the_following(tmp_path, monkeypatch, caplog):
    """The follower logs the (redacted) error and stops; the search_index step meets the cause
    again and reports it there."""
    write_config(tmp_path, base_url="http://127.0.0.1:9")
    ws = workspace(tmp_path)
    attempts: list[int] = []

    def broken(_ws, _child=None):
        attempts.append(1)
        raise RuntimeError(f"disk full at {SECRET}")

    monkeypatch.setattr(follow.index, "refresh_following", broken)
    follower = follow.LibraryFollower(ws, every_seconds=0.0, min_bytes=0)
    with caplog.at_level(logging.WARNING, logger=follow.__name__):
        follower.summarised(Partition("cc", "2026-03-01"))
        follower._thread.join(timeout=10)
        follower.summarised(Partition("cc", "2026-03-02"))  # nothing more is tried
        follower.close()
    assert attempts == [1] and follower.refreshes == 0
    assert "disk full" in caplog.text and SECRET[13:40] not in caplog.text
