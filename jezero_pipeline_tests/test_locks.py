"""Locks: one writer per (connector, day), held for a whole run, named when it blocks another."""

import json
import subprocess
import sys
import textwrap

import pytest
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.cli import main
from jezero_pipeline.models import Partition
from jezero_pipeline.staging.locks import AlreadyRunning, PartitionLocks, partition_locks

A, B, C = Partition("cc", "2026-03-01"), Partition("cc", "2026-03-02"), Partition("cx", "2026-03-01")


def test_a_second_holder_fails_at_once_naming_the_first(tmp_path):
    locks = PartitionLocks(tmp_path)
    locks.hold("run one", [A, B])
    locks.hold("run one", [A])  # its own: kept
    with pytest.raises(AlreadyRunning, match="partition cc\\|2026-03-02 is already running: run one"):
        locks.hold("run two", [C, B])
    assert locks.held_by("run two") == [], "all or nothing: C was not kept"
    locks.release("run one")
    locks.hold("run two", [A, B, C])
    assert locks.held_by("run two") == [A, B, C]


def test_another_process_sees_the_holder_and_a_killed_holder_leaves_no_lock(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from jezero_pipeline.staging.locks import PartitionLocks
            from jezero_pipeline.models import Partition
            PartitionLocks({str(tmp_path)!r}).hold("run 42", [Partition("cc", "2026-03-01")])
            print("held", flush=True)
            time.sleep(60)
        """)],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(AlreadyRunning, match="already running: run 42"):
            PartitionLocks(tmp_path).hold("run 43", [A])
    finally:
        holder.kill()
        holder.wait()
    PartitionLocks(tmp_path).hold("run 43", [A])  # the kernel dropped the dead holder's lock


def test_one_registry_per_staging_folder_in_a_process(tmp_path):
    assert partition_locks(tmp_path) is partition_locks(tmp_path / ".")


def test_a_second_run_while_one_holds_the_run_lock_is_skipped(tmp_path, capsys):
    from runs import workspace

    write_config(tmp_path, provider="extractive", model="")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    with workspace(tmp_path).run_lock() as got:
        assert got
        assert main(["-c", str(tmp_path / "jezero.toml"), "run", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["skipped"]


def test_maintenance_fails_with_exit_3_naming_the_run_that_holds_a_partition(tmp_path, capsys):
    import dagster as dg
    from runs import run, workspace

    write_config(tmp_path, provider="extractive", model="")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    with dg.instance_for_test() as instance:
        run(tmp_path, instance)
    ws = workspace(tmp_path)
    with ws.locks.holding("run 77", [A]):
        for argv in (["redact-stored"], ["retag"], ["connector", "reset", "cc", "--yes"]):
            assert main(["-c", str(tmp_path / "jezero.toml"), *argv]) == 3
            assert "already running: run 77" in capsys.readouterr().err
