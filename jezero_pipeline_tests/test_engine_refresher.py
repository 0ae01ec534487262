"""The library is refreshed during a run only while the run waits (engine/refresher.py).

The refresher is driven directly: its refresh is recorded instead of built, and this thread
either keeps the process busy (as a run whose calls return at once does) or sleeps (as a run
waiting for the model does)."""

import time
from types import SimpleNamespace

import pytest

from jezero_pipeline.engine import refresher
from jezero_pipeline.models import Partition


def started(monkeypatch: pytest.MonkeyPatch) -> tuple[refresher.LibraryRefresher, list[float]]:
    """A refresher due after every partition, judging busy-ness over 0.3 s; the times it refreshed."""
    monkeypatch.setattr(refresher, "LOOK_SECONDS", 0.3)
    done: list[float] = []
    monkeypatch.setattr(refresher.LibraryRefresher, "_refresh", lambda self: done.append(time.monotonic()))
    ws = SimpleNamespace(store=SimpleNamespace(size=lambda table, part: 1))
    return refresher.LibraryRefresher(ws, every_seconds=0.0, min_bytes=0), done  # type: ignore[arg-type]


def busy(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        sum(range(1000))


def test_a_run_that_keeps_its_process_busy_leaves_the_library_to_the_refresh_after_it(monkeypatch):
    follow, done = started(monkeypatch)
    try:
        follow.summarised(Partition("claude-code", "2026-01-01"))
        busy(1.5)
        assert done == [] and follow.skipped >= 2, "due all along, never refreshed while the process was busy"
        time.sleep(1.0)
        assert len(done) == 1, "once the run waits, the refresh that was due goes"
    finally:
        follow.close()


def test_a_run_that_waits_is_refreshed_as_partitions_are_summarised(monkeypatch):
    follow, done = started(monkeypatch)
    try:
        for day in ("2026-01-01", "2026-01-02"):
            follow.summarised(Partition("claude-code", day))
            time.sleep(0.8)
        assert len(done) == 2 and follow.skipped == 0
    finally:
        follow.close()
