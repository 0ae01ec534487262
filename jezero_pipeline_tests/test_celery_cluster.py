"""Past one machine: a PostgreSQL instance, Redis, an S3 store and two Celery workers, on loopback.

Each worker runs in its own empty folder with its own config (staging on S3, its own library
copy): nothing is shared but the services and the agents' session files, which stand for the
files every worker can read (a mounted inbox). A backfill of eight (connector, day) partitions
runs as partition runs whose steps the workers take from the broker; the library is then built
on a worker, published to the store and searched from a third folder.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
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

REPO = Path(__file__).resolve().parents[1]
INSTANCE_YAML = REPO / "deploy" / "dagster-postgres.yaml"
DAYS = 8
DAY_KEYS = [f"cc|{(T0 + timedelta(days=d)).date().isoformat()}" for d in range(DAYS)]


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


def coordinate(partitions: list[str], env: dict[str, str], results: Any) -> None:
    """A run worker (its own process): runs each partition with the Celery executor, in turn."""
    os.environ.update(env)
    import dagster as dg
    from dagster._core.definitions.reconstruct import ReconstructableRepository

    repo = ReconstructableRepository.for_module("jezero_pipeline.defs.celery", "defs")
    instance = dg.DagsterInstance.get()
    for p in partitions:
        job = repo.get_reconstructable_job("sessions_job")
        started = time.monotonic()
        with dg.execute_job(job, instance=instance, tags={"dagster/partition": p}, raise_on_error=False) as result:
            results.put({"partition": p, "run_id": result.run_id, "success": result.success,
                         "seconds": time.monotonic() - started})  # fmt: skip


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
                        f"{r['partition']} {ev.event_type_value}: {rec.message[:300]} {ev.event_specific_data!s:.1500}"
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


@pytest.mark.slow
def test_two_celery_workers_share_a_backfill_pay_each_segment_once_and_publish_one_library(
    postgres: PgServer, s3_server: Any, fake_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dagster as dg

    for key, value in {**postgres.env(), **s3_server.env()}.items():
        monkeypatch.setenv(key, value)
    bucket = f"jezero-{uuid.uuid4().hex[:12]}"
    s3_server.make_bucket(bucket)
    redis = RedisServer(tmp_path)
    sources = tmp_path / "sources"
    for d in range(DAYS):
        for s in range(2):
            write_claude_session(sources, f"eeee{d:04d}-{s:04d}-4000-8000-000000000000",
                                 long_turns(f"day{d}topic{s}", n=6), start=T0 + timedelta(days=d, hours=s))  # fmt: skip
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

    workers = [start_worker(n, tmp_path / n, env) for n in ("w1", "w2")]
    try:
        ctx = multiprocessing.get_context("spawn")
        results = ctx.Queue()
        started = time.monotonic()
        coordinators = [ctx.Process(target=coordinate, args=(DAY_KEYS[i::4], env, results)) for i in range(4)]
        for c in coordinators:
            c.start()
        for c in coordinators:
            c.join(timeout=400)
        wall = time.monotonic() - started
        reported = [results.get(timeout=5) for _ in DAY_KEYS]
        assert all(w.poll() is None for w in workers), "a worker died"
    finally:
        for w in workers:
            w.terminate()
        for w in workers:
            try:
                w.wait(timeout=20)
            except subprocess.TimeoutExpired:
                w.kill()
        redis.close()
    assert all(r["success"] for r in reported), failures(home, reported)
    print(f"\nbackfill of {len(DAY_KEYS)} partitions on two workers: {wall:.1f}s")

    instance = dg.DagsterInstance.from_config(str(home))
    try:
        pids: dict[str, set[int]] = {}
        for p in DAY_KEYS:
            mats = instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=dg.AssetKey("summaries"), asset_partitions=[p]), limit=5
            ).records
            assert len(mats) == 1, (p, mats)
            meta = {k: v.value for k, v in mats[0].asset_materialization.metadata.items()}
            assert meta["docs"] > 0 and meta["failed"] == 0, meta
            pids.setdefault(meta["worker_host"], set()).add(meta["worker_pid"])
    finally:
        instance.dispose()
    assert sum(len(v) for v in pids.values()) >= 2, f"every step ran in one worker process: {pids}"

    # every document was sent to the model once
    sent = [hashlib.sha256(b.encode()).hexdigest() for b in fake_server.request_bodies]
    assert len(sent) == len(set(sent)), "a segment was paid for twice"
    assert json.loads(json.dumps(len(sent))) > 0
