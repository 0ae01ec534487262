"""Partition and library locks in PostgreSQL (advisory locks), against a throwaway server.

Two lock tables stand for two machines (each has its own connections, as two workers do);
a holder killed with SIGKILL frees its locks with its connection, as `flock` does.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest
from pgserver import PgServer

from jezero_pipeline.config import parse_config
from jezero_pipeline.models import Partition
from jezero_pipeline.staging.locks import AlreadyRunning, PartitionLocks
from jezero_pipeline.staging.pglocks import PgLocks, PgPartitionLocks, libpq_dsn, lock_key
from jezero_pipeline.workspace import Workspace

D1, D2 = Partition("codex", "2026-03-01"), Partition("codex", "2026-03-02")
NS = "s3://bucket/team"


def url(pg: PgServer) -> str:
    """As Dagster's PostgresRunStorage gives it: a SQLAlchemy URL."""
    return f"postgresql+psycopg2://{pg.user}:{pg.password}@{pg.host}:{pg.port}/{pg.db}"


def test_a_sqlalchemy_url_becomes_a_libpq_one_and_keys_depend_on_the_store() -> None:
    assert libpq_dsn("postgresql+psycopg2://u:p@h:5/db") == "postgresql://u:p@h:5/db"
    assert lock_key(NS, "run") != lock_key("s3://bucket/other", "run")
    assert -(2**63) <= lock_key(NS, "run") < 2**63


@pytest.mark.slow
def test_a_partition_held_on_one_machine_is_refused_on_another_naming_the_holder(postgres: PgServer) -> None:
    a, b = PgPartitionLocks(url(postgres), NS), PgPartitionLocks(url(postgres), NS)
    a.hold("run aaaa", [D1])
    a.hold("run aaaa", [D1])  # again by its holder: kept
    with pytest.raises(AlreadyRunning, match=r"codex\|2026-03-01 is already running: run aaaa"):
        b.hold("run bbbb", [D2, D1])
    # all or nothing: b kept neither, so a can still take D2
    assert b.held_by("run bbbb") == []
    a.hold("run aaaa", [D2])
    assert a.held_by("run aaaa") == [D1, D2]
    a.release("run aaaa")
    with b.holding("run bbbb", [D1, D2]):
        assert b.held_by("run bbbb") == [D1, D2]
        with pytest.raises(AlreadyRunning, match="run bbbb"):
            a.hold("run cccc", [D1])
    a.hold("run cccc", [D1, D2])  # released at the end of the block
    a.release("run cccc")
    # another store (namespace) on the same server does not collide
    other = PgPartitionLocks(url(postgres), "s3://bucket/other")
    with b.holding("run bbbb", [D1]), other.holding("run dddd", [D1]):
        pass


@pytest.mark.slow
def test_a_runs_step_handed_out_twice_waits_for_its_first_delivery_instead_of_failing(postgres: PgServer) -> None:
    """A broker that hands a step out again while it runs (its visibility timeout passed): the
    second delivery, same owner on another machine, waits for the first to end; another run
    is still refused at once."""
    import threading

    first, second = PgPartitionLocks(url(postgres), NS), PgPartitionLocks(url(postgres), NS)
    first.hold("run aaaa", [D1, D2])
    with pytest.raises(AlreadyRunning, match="already running: run aaaa"):
        second.hold("run bbbb", [D1])
    took: list[float] = []
    waiter = threading.Thread(target=lambda: (second.hold("run aaaa", [D2, D1]), took.append(time.monotonic())))
    waiter.start()
    time.sleep(1.0)
    assert not took and second.held_by("run aaaa") == [], "the second delivery waits"
    released = time.monotonic()
    first.release("run aaaa")
    waiter.join(timeout=20)
    assert took and took[0] >= released and second.held_by("run aaaa") == [D1, D2]
    second.release("run aaaa")


@pytest.mark.slow
def test_named_locks_exclude_across_connections_and_a_try_says_false(postgres: PgServer) -> None:
    one, two = PgLocks(url(postgres), NS), PgLocks(url(postgres), NS)
    with one.named("library") as got:
        assert got
        with two.named("library", wait=False) as second:
            assert second is False
        with two.named("run", wait=False) as other:
            assert other is True
    with two.named("library", wait=False) as after:
        assert after is True


@pytest.mark.slow
def test_a_holder_killed_with_sigkill_leaves_no_stale_lock(postgres: PgServer) -> None:
    script = textwrap.dedent(
        f"""
        import sys, time
        from jezero_pipeline.models import Partition
        from jezero_pipeline.staging.pglocks import PgPartitionLocks
        locks = PgPartitionLocks({url(postgres)!r}, {NS!r})  # kept: its connection holds the lock
        locks.hold("run killed", [Partition("codex", "2026-03-01")])
        print("held", flush=True)
        time.sleep(600)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        locks = PgPartitionLocks(url(postgres), NS)
        with pytest.raises(AlreadyRunning, match="run killed"):
            locks.hold("run next", [D1])
        proc.kill()
        proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        while True:  # the server notices the closed connection at once, but give it a moment
            try:
                locks.hold("run next", [D1])
                break
            except AlreadyRunning:
                assert time.monotonic() < deadline, "the killed holder's lock was never freed"
                time.sleep(0.1)
        locks.release("run next")
    finally:
        proc.kill()


def test_local_staging_keeps_flock_even_with_a_postgres_instance(tmp_path) -> None:
    cfg = parse_config({"storage": {"staging_dir": str(tmp_path / "staging")}}, tmp_path)
    ws = Workspace.open(cfg, lock_dsn="postgresql+psycopg2://u:p@127.0.0.1:1/db")
    assert isinstance(ws.locks, PartitionLocks)


@pytest.mark.slow
def test_s3_staging_with_a_postgres_instance_locks_in_postgres(postgres: PgServer, tmp_path) -> None:
    cfg = parse_config({"storage": {"staging_dir": NS}}, tmp_path)
    ws = Workspace.open(cfg, lock_dsn=url(postgres))
    other = Workspace.open(parse_config({"storage": {"staging_dir": NS}}, tmp_path / "elsewhere"))
    assert isinstance(ws.locks, PgPartitionLocks)
    assert not isinstance(other.locks, PgPartitionLocks), "without an instance's PostgreSQL: this machine only"
    with ws.library_lock():
        with PgLocks(url(postgres), NS).named("library", wait=False) as got:
            assert got is False, "the library lock is held in PostgreSQL"
    with ws.run_lock() as first, Workspace.open(cfg, lock_dsn=url(postgres)).run_lock() as second:
        assert first is True and second is False
