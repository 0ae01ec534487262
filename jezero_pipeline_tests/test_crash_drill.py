"""Crash drills with the repository's own dagster.yaml: kill commands mid-way, run again, pay once.

A command killed with SIGKILL leaves its paid answers in the journal and its partitions open;
the next command finds them and pays only for what was never answered. A command and a run the
daemon launched never write one partition at once: the second fails at its start, naming the
first.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import dagster as dg
import pytest
from runs import workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.models import Partition
from jezero_pipeline.staging.tables import SUMMARIES

REPO = Path(__file__).resolve().parents[1]
CLI = str(Path(sys.executable).with_name("jezero-pipeline"))
DAY = Partition("cc", "2026-03-01")


def _env(work: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DAGSTER_HOME=str(work / "dh"),
        JEZERO_SUMMARIZER_API_KEY="test-key-not-secret-0000",
        JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS="0.01",
    )
    return env


def _setup(tmp_path: Path, fake_server, sessions: int = 3) -> list[str]:
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1)
    for i in range(sessions):
        write_claude_session(tmp_path / "projects", f"dddd000{i}-0000-4000-8000-00000000000{i}",
                             long_turns(f"topic{i}", n=8))  # fmt: skip
    (tmp_path / "dh").mkdir()
    shutil.copy(REPO / "dagster.yaml", tmp_path / "dh" / "dagster.yaml")  # pool limit 2, relative paths
    return [CLI, "-c", str(tmp_path / "jezero.toml"), "run", "--json"]


def _instance(tmp_path: Path, monkeypatch) -> dg.DagsterInstance:
    """The drills' instance, opened as the CLI opens it (paths relative to DAGSTER_HOME)."""
    from jezero_pipeline.config import load_config
    from jezero_pipeline.defs.instance import instance_for

    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dh"))
    return instance_for(load_config(tmp_path / "jezero.toml"))


def _kill_after(cmd: list[str], env: dict[str, str], fake_server, calls: int) -> None:
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 120
    while fake_server.total_calls < calls and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


@pytest.mark.slow
def test_two_runs_killed_mid_summarising_then_a_run_that_finishes_and_pays_nothing_twice(
    tmp_path, fake_server, monkeypatch
):
    fake_server.latency = 0.25
    cmd = _setup(tmp_path, fake_server)
    env = _env(tmp_path)

    _kill_after(cmd, env, fake_server, 3)
    _kill_after(cmd, env, fake_server, fake_server.total_calls + 3)
    ws = workspace(tmp_path)
    journalled = [r for r in ws.store.read_journal(DAY) if r["status"] == "ok"]
    assert len(journalled) >= 4, "finished answers were journalled before each kill"
    assert not ws.store.exists(SUMMARIES, DAY), "the kills came before the partition file was written"
    done = {r["content_hash"] for r in journalled}
    killed_calls = fake_server.total_calls

    fake_server.reset()
    fake_server.latency = 0.0
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)["connectors"][0]
    assert report["calls"] == report["docs"] - len(journalled)
    assert killed_calls - len(journalled) <= 2, "at most the call in flight at each kill was lost"

    # No finished segment was asked again, and nothing is lost: every segment is in the library.
    rows = {r["segment_id"]: r for r in ws.store.read(SUMMARIES, DAY)}
    asked_again = {r["content_hash"] for r in rows.values() if r["input_tokens"]}
    assert not (asked_again & done)
    assert json.loads(out.stdout)["library"]["items"] == report["docs"] == len(rows)
    assert list(ws.store.read_journal(DAY)) == [], "the journal is folded into the partition file"
    with _instance(tmp_path, monkeypatch) as instance:
        from jezero_pipeline.defs.record import record_into

        record_into(instance, ws.store)  # what the daemon's sensor does: the killed commands' records too
        assert ws.store.list_docs("records") == []
        mats = instance.fetch_materializations(dg.AssetKey("summaries"), limit=10).records
        assert [m.partition_key for m in mats] == [DAY.key], "the command that finished recorded the partition once"
        meta = mats[0].asset_materialization.metadata
        assert meta["calls"].value == report["calls"] and meta["reused"].value == len(journalled)
        assert instance.get_run_records() == [], "a command records its results; it starts no Dagster run"


@pytest.mark.slow
def test_a_dagster_run_of_a_partition_a_command_is_writing_fails_at_once_naming_it(tmp_path, fake_server):
    """The daemon's run fails at its first step with "already running: jezero-pipeline (pid N)";
    the command finishes; nothing is lost (a later command pays for nothing new)."""
    fake_server.latency = 1.0  # the first run lasts well beyond the second one's start-up
    cmd = _setup(tmp_path, fake_server, sessions=2)
    env = _env(tmp_path)
    first = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while fake_server.total_calls < 1 and time.time() < deadline:
        time.sleep(0.05)
    job = [sys.executable, "-m", "dagster", "job", "execute", "-m", "jezero_pipeline.defs.definitions",
           "-j", "sessions_job", "--tags", json.dumps({"dagster/partition": "cc|2026-03-01",
                                                         "dagster/partition/connector": "cc",
                                                         "dagster/partition/day": "2026-03-01"})]  # fmt: skip
    second = subprocess.run(
        job,
        env={**env, "JEZERO_CONFIG": str(tmp_path / "jezero.toml")},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path / "dh",
    )  # fmt: skip (dagster.yaml's paths)
    assert first.poll() is None, "the first run is still running: it is not the one that failed"
    out, err = first.communicate(timeout=300)
    assert first.returncode == 0, err[-2000:]
    assert second.returncode != 0
    assert f"already running: jezero-pipeline (pid {first.pid})" in second.stdout + second.stderr

    fake_server.reset()
    fake_server.latency = 0.0
    again = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert (
        again.returncode == 0
        and json.loads(again.stdout)["connectors"][0]["calls"] == 0
        and fake_server.total_calls == 0
    )
