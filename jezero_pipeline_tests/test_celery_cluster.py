"""Past one machine: a PostgreSQL instance, Redis, an S3 store, two Celery workers and the daemon.

Each worker runs in its own empty folder with its own config (staging on S3, its own library
copy): nothing is shared but the services and the agents' session files, which stand for the
files every worker can read (a mounted inbox). A backfill is launched as the UI launches one and
carried out by the daemon: runs of two (connector, day) partitions whose steps the workers take
from the broker, then the library, built on a worker, published to the store and searched from a
third folder. Mid-backfill one worker is SIGKILLed with its pool process, as when its machine
vanishes: its step goes to the other worker within minutes and no answer paid for is asked again.
The instance is the Helm chart's; compute logs go to the bucket, without the session's secret.
"""

from __future__ import annotations

import hashlib
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from cluster import PARTITIONED, Cluster, day_key, summaries_meta, write_day
from pgserver import PgServer
from services import RedisServer

from jezero_pipeline.engine.calls import CALLS_AHEAD
from jezero_pipeline.models import Partition

REPO = Path(__file__).resolve().parents[1]
DAYS = 6
SECRET = "ghp_" + "Zq8Xw2Lk5Rt9Vb3Nm7Jh4Gf6Ds1Ap0Oi9Kc"  # a GitHub token in a session's dialogue
RANGE_START, RANGE_END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"


def test_the_celery_code_location_runs_every_asset_job_on_celery_with_the_broker_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from jezero_pipeline.defs import celery

    config = tmp_path / "jezero.toml"
    config.write_text((REPO / "jezero.toml").read_text() + "\n[cluster]\nlongest_step_minutes = 12\n")
    monkeypatch.setenv("JEZERO_CONFIG", str(config))
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
    # a step whose process dies goes back to the queue; a vanished worker's step, after twice the
    # longest step (not Celery's hour, nor Redis's default sweep of 100 s)
    assert app.conf.task_reject_on_worker_lost
    options = app.conf.broker_transport_options
    assert options["visibility_timeout"] == 2 * 12 * 60
    assert options["unacked_restore_interval"] * options["unacked_restore_throttle"] <= 10


def test_a_backfill_run_takes_per_backfill_run_partitions(tmp_path: Path) -> None:
    from jezero_pipeline.config import load_config
    from jezero_pipeline.defs.assets import build_assets

    config = tmp_path / "jezero.toml"
    config.write_text((REPO / "jezero.toml").read_text() + "\n[partitions]\nper_backfill_run = 4\n")
    first_day = date(2025, 1, 1)
    sessions, _, _ = build_assets(load_config(config), first_day)
    assert sessions.backfill_policy.max_partitions_per_run == 4
    sessions, _, _ = build_assets(load_config(REPO / "jezero.toml"), first_day)
    assert sessions.backfill_policy.max_partitions_per_run == 31  # one machine: few, long runs


def worker_events(instance: Any, run_id: str) -> list[tuple[str, float]]:
    """(Celery worker name, time) of each delivery of the run's step to a worker, in order."""
    out = []
    for rec in instance.all_logs(run_id):
        ev = rec.dagster_event
        if ev is not None and ev.event_type_value == "ENGINE_EVENT":
            meta = ev.event_specific_data.metadata
            if "Celery worker" in meta:
                out.append((meta["Celery worker"].value.split("@")[0], rec.timestamp))
    return out


def partitions_of(run: Any) -> list[str]:
    keys = [day_key(d) for d in range(DAYS)]
    first, last = run.tags.get(RANGE_START), run.tags.get(RANGE_END)
    if first is None:
        return [run.tags["dagster/partition"]]
    return keys[keys.index(first) : keys.index(last) + 1]


def answered(store: Any, run: Any) -> list[dict[str, Any]]:
    """The paid answers journalled for the run's partitions (kept until their summaries are).
    Read without the partition's lock, while the step may be clearing a journal it has stored:
    an object listed and gone before it is read makes this poll see nothing, and the next one
    read again."""
    try:
        return [
            r for p in partitions_of(run) for r in store.read_journal(Partition.parse(p)) if r.get("status") == "ok"
        ]
    except FileNotFoundError:
        return []


def step_running_on(cluster: Cluster, store: Any, worker: str, timeout: float) -> Any:
    """A started run whose step `worker` is running, once it has journalled a paid answer."""
    import dagster as dg

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with cluster.instance() as instance:
            for run in instance.get_runs(dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED])):
                if [w for w, _ in worker_events(instance, run.run_id)] == [worker] and answered(store, run):
                    return run
        time.sleep(0.2)
    raise AssertionError(f"no step of {worker} started summarising in {timeout} s\n{cluster.logs_tail()}")


@pytest.mark.slow
def test_two_celery_workers_share_a_daemon_backfill_and_a_killed_workers_step_reruns_on_the_other(
    postgres: PgServer, s3_server: Any, fake_server: Any, tmp_path: Path
) -> None:
    import dagster as dg

    from jezero_pipeline.cli.common import open_library
    from jezero_pipeline.config import load_config
    from jezero_pipeline.staging import published

    redis = RedisServer(tmp_path)
    fake_server.latency = 0.5  # a step summarises for seconds: long enough to be caught mid-step
    cluster = Cluster(tmp_path, postgres, s3_server, redis.url, fake_server.anthropic_base_url,
                      concurrency=2, per_run=2, longest_step_minutes=0.25)  # fmt: skip
    keys = [day_key(d) for d in range(DAYS)]
    for d in range(DAYS):
        write_day(cluster.sources, d, sessions=2, turns=8, secret=SECRET if d == 0 else "")
    try:
        cluster.set_llm_slots(2)
        for name in ("w1", "w2", "coordinator"):
            cluster.start_worker(name) if name != "coordinator" else cluster.start_daemon()
        for name in ("w1", "w2"):
            cluster.wait_ready(name, " ready.")
        cluster.wait_ready("coordinator", "Instance is configured")

        # 1. the backfill, as the UI launches one: every partition, then the library
        backfill = cluster.launch_backfill(keys, assets=(*PARTITIONED, "search_index"))
        store = cluster.store()
        run = step_running_on(cluster, store, "w1", timeout=240)

        # 2. w1's machine vanishes mid-step: its step goes back to the broker, w2 takes it
        cluster.kill("w1")
        killed_at = time.time()
        journalled = answered(store, run)
        records = cluster.wait_for_runs(backfill, DAYS // 2 + 1, timeout=400)
        assert [r.dagster_run.status for r in records] == [dg.DagsterRunStatus.SUCCESS] * len(records), (
            cluster.logs_tail()
        )
        with cluster.instance() as instance:
            deliveries = worker_events(instance, run.run_id)
            metas = {p: summaries_meta(instance, p) for p in keys}
            library_runs = [r for r in records if not r.dagster_run.tags.get(RANGE_START)
                            and not r.dagster_run.tags.get("dagster/partition")]  # fmt: skip
            everyone = {w for r in records for w, _ in worker_events(instance, r.dagster_run.run_id)}
        assert [w for w, _ in deliveries] == ["w1", "w2"], deliveries
        recovered = deliveries[1][1] - killed_at
        print(f"\nthe killed step ran again on w2 {recovered:.1f} s after the kill")
        assert recovered < 180, "a vanished worker's step is redelivered within minutes"
        assert everyone == {"w1", "w2"}, "both workers took steps of the backfill"
        assert len(library_runs) == 1, "the library was built once, by the backfill"

        # 3. nothing paid twice: every answer journalled before the kill was reused; only the
        # calls unanswered or not yet journalled at the kill were asked again: at most the
        # concurrency (2) in flight, plus the call loop's CALLS_AHEAD answers being stored
        # (a step outliving the visibility timeout is handed out twice: the second delivery waits
        # for the first, then materialises again paying nothing, so sums over materialisations)
        assert all(m and all(x["failed"] == 0 and x["docs"] > 0 for x in m) for m in metas.values()), metas
        mine = partitions_of(run)
        docs = {p: metas[p][0]["docs"] for p in keys}
        rerun_calls = sum(x["calls"] for p in mine for x in metas[p] if x["run_id"] == run.run_id)
        assert rerun_calls == sum(docs[p] for p in mine) - len(journalled)
        days = [f"[day{keys.index(p)}topic" for p in mine]
        asked = sum(1 for body in fake_server.request_bodies if any(d in body for d in days))
        lost = asked - sum(docs[p] for p in mine)
        assert 0 <= lost <= 2 + CALLS_AHEAD, "at most the calls in flight at the kill were lost"
        sent = [hashlib.sha256(b.encode()).hexdigest() for b in fake_server.request_bodies]
        assert len(sent) - len(set(sent)) == lost, "no segment answered and journalled was paid again"
        assert sum(docs.values()) == len(set(sent))

        # 4. the library: built on a worker, published, searchable from a third folder
        assert published.published_version(store) is not None
        reader = tmp_path / "reader"
        cfg = load_config(cluster.node("reader"))
        assert not cfg.library_path.exists()
        with open_library(cfg) as library:
            assert library.search("day3topic1"), "the published library is searchable from another folder"
        assert sorted(p.name for p in reader.iterdir()) == ["jezero.toml", "library.duckdb", "library.duckdb.published"]

        # 5. compute logs: each step's output is in the bucket, and the session's secret is not
        logs = {k: store.fs.cat(k) for k in store.fs.find(f"{cluster.bucket}/compute-logs")}
        assert logs and any(b"summarize:" in text for text in logs.values()), sorted(logs)
        assert not [k for k, text in logs.items() if SECRET.encode() in text]
    finally:
        cluster.close()
        redis.close()
