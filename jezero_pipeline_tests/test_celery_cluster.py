"""Past one machine: a PostgreSQL instance, Redis, an S3 store and two Celery workers, on loopback.

Each worker runs in its own empty folder with its own config (staging on S3, its own library
copy): nothing is shared but the services and the agents' session files, which stand for the
files every worker can read (a mounted inbox). A backfill of eight (connector, day) partitions
runs as partition runs whose steps the workers take from the broker; the library is then built
on a worker, published to the store and searched from a third folder.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pgserver import PgServer
from services import RedisServer
from sessionfiles import T0, long_turns, write_claude_session, write_config

from jezero_pipeline.models import Partition

REPO = Path(__file__).resolve().parents[1]
INSTANCE_YAML = REPO / "deploy" / "dagster-postgres.yaml"
DAYS = 8
DAY_KEYS = [f"cc|{(T0 + timedelta(days=d)).date().isoformat()}" for d in range(DAYS)]


def test_the_celery_code_location_runs_every_asset_job_on_celery_with_the_broker_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jezero_pipeline.defs import celery

    monkeypatch.setenv("JEZERO_CONFIG", str(REPO / "jezero.toml"))
    monkeypatch.delenv(celery.BROKER_ENV, raising=False)
    defs = celery.defs()
    for name in ("sessions_job", "summaries_job", "library_job"):
        assert defs.resolve_job_def(name).executor_def.name == "celery", name
    with pytest.raises(RuntimeError, match=celery.BROKER_ENV):
        celery.worker_app()  # a worker without a broker says which variable to set
    monkeypatch.setenv(celery.BROKER_ENV, "redis://127.0.0.1:1/0")
    app = celery.worker_app()
    assert app.conf.broker_url == "redis://127.0.0.1:1/0" and app.conf.task_acks_late
    assert app.conf.worker_prefetch_multiplier == 1


def instance_home(folder: Path) -> Path:
    """deploy/dagster-postgres.yaml, with compute logs off: a worker writes nothing beside itself."""
    folder.mkdir()
    text = INSTANCE_YAML.read_text() + (
        "compute_logs:\n  module: dagster._core.storage.noop_compute_log_manager\n  class: NoOpComputeLogManager\n"
    )
    (folder / "dagster.yaml").write_text(text)
    return folder


def node_config(folder: Path, sources: Path, bucket: str, fake_url: str) -> Path:
    """One machine's config: the shared S3 staging, its own library copy, the fake model."""
    folder.mkdir()
    path = write_config(folder, base_url=fake_url, concurrency=2)
    text = path.read_text().replace('staging_dir = "staging"', f'staging_dir = "s3://{bucket}/team"')
    text = text.replace('projects_dir = "projects"', f'projects_dir = "{sources}"')
    text += '\n[partitions]\nfirst_day = "2026-02-01"\n'
    path.write_text(text)
    return path


RANGE_START, RANGE_END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"


def coordinate(ranges: list[tuple[str, str]], env: dict[str, str], results: Any) -> None:
    """A run worker (its own process): runs each partition range with the Celery executor, in
    turn, tagged as the backfill daemon tags a range of a multi-run backfill."""
    os.environ.update(env)
    import dagster as dg
    from dagster._core.definitions.reconstruct import ReconstructableRepository

    repo = ReconstructableRepository.for_module("jezero_pipeline.defs.celery", "defs")
    instance = dg.DagsterInstance.get()
    for first, last in ranges:
        job = repo.get_reconstructable_job("sessions_job")
        started = time.monotonic()
        tags = {RANGE_START: first, RANGE_END: last, "dagster/backfill": "e2e"}
        with dg.execute_job(job, instance=instance, tags=tags, raise_on_error=False) as result:
            results.put({"range": (first, last), "run_id": result.run_id, "success": result.success,
                         "seconds": time.monotonic() - started})  # fmt: skip


def run_in_process(job_name: str, env: dict[str, str], **kw: Any) -> tuple[str, bool]:
    """One run of `job_name` from this process (its run worker), steps on the Celery workers."""
    import dagster as dg
    from dagster._core.definitions.reconstruct import ReconstructableRepository

    saved = dict(os.environ)
    os.environ.update(env)
    try:
        job = ReconstructableRepository.for_module("jezero_pipeline.defs.celery", "defs").get_reconstructable_job(
            job_name
        )
        with dg.DagsterInstance.get() as instance:
            with dg.execute_job(job, instance=instance, raise_on_error=False, **kw) as result:
                return result.run_id, result.success
    finally:
        os.environ.clear()
        os.environ.update(saved)


def failures(home: Path, reported: list[dict[str, Any]]) -> str:
    """What the failed runs say (their step failures and engine errors), for the assertion."""
    import dagster as dg

    instance = dg.DagsterInstance.from_config(str(home))
    out = []
    try:
        for r in reported:
            if r["success"]:
                continue
            for rec in instance.all_logs(r["run_id"]):
                ev = rec.dagster_event
                if ev is not None and ev.event_type_value in ("STEP_FAILURE", "RUN_FAILURE", "ENGINE_EVENT"):
                    out.append(
                        f"{r['run_id']} {ev.event_type_value}: {rec.message[:300]} {ev.event_specific_data!s:.1500}"
                    )
    finally:
        instance.dispose()
    return "\n".join(out[:12])


def start_worker(name: str, folder: Path, env: dict[str, str]) -> subprocess.Popen:
    log = open(folder / "worker.log", "w")  # noqa: SIM115 (closed with the process)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "jezero_pipeline.defs.celery",
            "worker",
            "-Q",
            "dagster",
            "-c",
            "1",
            "--prefetch-multiplier=1",
            "-n",
            f"{name}@%h",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
        ],  # fmt: skip
        cwd=folder,
        env={**env, "JEZERO_CONFIG": str(folder / "jezero.toml")},
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def worker_child(worker: subprocess.Popen) -> int | None:
    """The pool process a Celery worker (concurrency 1) runs its step in (its child, from /proc)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == worker.pid:
            return int(stat.parent.name)
    return None


def summaries_meta(instance: Any, partition: str) -> list[dict[str, Any]]:
    import dagster as dg

    recs = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("summaries"), asset_partitions=[partition]), limit=10
    ).records
    return [{k: v.value for k, v in r.asset_materialization.metadata.items()} | {"run_id": r.run_id} for r in recs]


def write_day(sources: Path, d: int, sessions: int = 2, turns: int = 6) -> None:
    for s in range(sessions):
        write_claude_session(sources, f"eeee{d:04d}-{s:04d}-4000-8000-000000000000",
                             long_turns(f"day{d}topic{s}", n=turns), start=T0 + timedelta(days=d, hours=s))  # fmt: skip


def day_key(d: int) -> str:
    return f"cc|{(T0 + timedelta(days=d)).date().isoformat()}"


@pytest.mark.slow
def test_two_celery_workers_share_a_backfill_pay_each_segment_once_publish_one_library_and_survive_a_kill(
    postgres: PgServer, s3_server: Any, fake_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dagster as dg

    from jezero_pipeline.cli.common import open_library
    from jezero_pipeline.config import load_config
    from jezero_pipeline.staging import published
    from jezero_pipeline.staging.location import open_store

    for key, value in {**postgres.env(), **s3_server.env()}.items():
        monkeypatch.setenv(key, value)
    bucket = f"jezero-{uuid.uuid4().hex[:12]}"
    s3_server.make_bucket(bucket)
    redis = RedisServer(tmp_path)
    sources = tmp_path / "sources"
    for d in range(DAYS):
        write_day(sources, d)
    home = instance_home(tmp_path / "dagster_home")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DAGSTER_PG", "AWS_", "JEZERO_"))},
        **postgres.env(),
        **s3_server.env(),
        "DAGSTER_HOME": str(home),
        "JEZERO_CELERY_BROKER": redis.url,
        "JEZERO_SUMMARIZER_API_KEY": "fake-key",
        "JEZERO_CONFIG": str(node_config(tmp_path / "coordinator", sources, bucket, fake_server.anthropic_base_url)),
        "PYTHONPATH": str(Path(__file__).resolve().parent),
    }
    fake_server.latency = 0.05
    for name in ("w1", "w2"):
        node_config(tmp_path / name, sources, bucket, fake_server.anthropic_base_url)
    setup = dg.DagsterInstance.from_config(str(home))
    try:
        setup.event_log_storage.set_concurrency_slots("llm", 2)
    finally:
        setup.dispose()
    store = open_store(f"s3://{bucket}/team", tmp_path / "side")

    workers = [start_worker(n, tmp_path / n, env) for n in ("w1", "w2")]
    try:
        # 1. the backfill: two ranges of four days, launched at once (the llm pool lets two run)
        ctx = multiprocessing.get_context("spawn")
        results = ctx.Queue()
        ranges = [(DAY_KEYS[i], DAY_KEYS[i + 3]) for i in range(0, DAYS, 4)]
        started = time.monotonic()
        coordinators = [ctx.Process(target=coordinate, args=([r], env, results)) for r in ranges]
        for c in coordinators:
            c.start()
        for c in coordinators:
            c.join(timeout=400)
        wall = time.monotonic() - started
        reported = [results.get(timeout=5) for _ in ranges]
        assert all(r["success"] for r in reported), failures(home, reported)
        print(
            f"\nbackfill of {DAYS} partitions on two workers: {wall:.1f}s", [round(r["seconds"], 1) for r in reported]
        )
        with dg.DagsterInstance.from_config(str(home)) as instance:
            metas = {p: summaries_meta(instance, p) for p in DAY_KEYS}
        assert all(len(m) == 1 and m[0]["docs"] > 0 and m[0]["failed"] == 0 for m in metas.values()), metas
        pids = {m[0]["worker_pid"] for m in metas.values()}
        assert pids == {worker_child(w) for w in workers}, f"steps ran in {pids}, not in both workers"
        paid = sum(m[0]["calls"] for m in metas.values())
        assert paid == sum(m[0]["docs"] for m in metas.values()) == fake_server.total_calls
        sent = [hashlib.sha256(b.encode()).hexdigest() for b in fake_server.request_bodies]
        assert len(sent) == len(set(sent)), "a segment was paid for twice"

        # 2. the library: built on a worker, published once, searchable from a third folder
        run_id, ok = run_in_process("library_job", env)
        assert ok, failures(home, [{"run_id": run_id, "success": False}])
        version = published.published_version(store)
        assert version is not None
        assert sorted(p.rsplit("/", 1)[-1] for p in store.fs.ls(store.key("library"), detail=False)) == sorted([
            "built_from.json", "published.json", version], key=str)  # fmt: skip
        reader = tmp_path / "reader"
        cfg = load_config(node_config(reader, sources, bucket, fake_server.anthropic_base_url))
        assert not cfg.library_path.exists()
        with open_library(cfg) as library:
            assert library.search("day3topic1"), "the published library is searchable from another folder"
        assert sorted(p.name for p in reader.iterdir()) == ["jezero.toml", "library.duckdb", "library.duckdb.published"]

        # 3. a worker killed with SIGKILL mid-summarising: the run fails, its retry finishes on
        # the other worker, and no answer that was paid for is asked again
        fake_server.reset()
        fake_server.latency = 0.3
        write_day(sources, DAYS, sessions=3, turns=10)
        write_day(sources, DAYS + 1, sessions=3, turns=10)
        late = (day_key(DAYS), day_key(DAYS + 1))
        proc = ctx.Process(target=coordinate, args=([late], env, results))
        proc.start()
        deadline = time.monotonic() + 120
        while fake_server.total_calls < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert fake_server.total_calls >= 4, "the step never started summarising"
        victim = workers[["w1", "w2"].index(celery_worker_of_running_step(home))]
        os.kill(worker_child(victim), signal.SIGKILL)
        proc.join(timeout=120)
        killed = results.get(timeout=5)
        assert not killed["success"], "the run whose step died failed"
        os.kill(victim.pid, signal.SIGKILL)  # the whole worker is gone: the retry must go elsewhere
        victim.wait(timeout=10)
        journalled = [r for p in late for r in store.read_journal(Partition.parse(p)) if r.get("status") == "ok"]
        asked_before = fake_server.total_calls
        assert journalled, "answers paid before the kill were journalled"

        with dg.DagsterInstance.from_config(str(home)) as instance:
            retry = dg.ReexecutionOptions.from_failure(killed["run_id"], instance)
        tags = {RANGE_START: late[0], RANGE_END: late[1]}  # a re-execution keeps the range only when told
        run_id, ok = run_in_process("sessions_job", env, reexecution_options=retry, tags=tags)
        assert ok, failures(home, [{"run_id": run_id, "success": False}])
        survivor = next(w for w in workers if w is not victim)
        with dg.DagsterInstance.from_config(str(home)) as instance:
            after = {p: [m for m in summaries_meta(instance, p) if m["run_id"] == run_id] for p in late}
        assert all(len(m) == 1 and m[0]["worker_pid"] == worker_child(survivor) for m in after.values()), after
        docs = sum(m[0]["docs"] for m in after.values())
        retried = sum(m[0]["calls"] for m in after.values())
        assert retried == docs - len(journalled), "every journalled answer was reused, not bought again"
        assert asked_before - len(journalled) <= 2, "at most the calls in flight at the kill were lost"
    finally:
        for w in workers:
            if w.poll() is None:
                w.terminate()
        for w in workers:
            try:
                w.wait(timeout=20)
            except subprocess.TimeoutExpired:
                w.kill()
        redis.close()


def celery_worker_of_running_step(home: Path) -> str:
    """The Celery worker ("w1" or "w2") running the one started run's step, from its events."""
    import dagster as dg

    with dg.DagsterInstance.from_config(str(home)) as instance:
        (run,) = instance.get_runs(dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED]))
        for rec in instance.all_logs(run.run_id):
            ev = rec.dagster_event
            if (
                ev is not None
                and ev.event_type_value == "ENGINE_EVENT"
                and "Celery worker" in ev.event_specific_data.metadata
            ):
                return ev.event_specific_data.metadata["Celery worker"].value.split("@")[0]
    raise AssertionError("no step of the started run reached a Celery worker")
