"""A backfill on one Celery worker and on two, through the Dagster daemon, on loopback.

    .venv/bin/python -m bench.cluster_throughput [--days 16] [--latency 1.0] [--concurrency 4]

Each case starts its own PostgreSQL (the instance), Redis (the broker) and bucket (staging and
compute logs, on one moto S3 server), the fake model at `--latency` seconds per call, N Celery
workers (`-c 1`, `[summarizer] max_concurrency` calls in flight each) and the daemon, then
launches a backfill of `--days` (connector, day) partitions as the UI does; the daemon splits it
into runs of `--per-run` partitions (`[partitions] per_backfill_run`). The `llm` pool has one
slot per worker. Printed per case:

- throughput: partitions and model calls per second over the runs' window (first run's start
  to last run's end); the time from the daemon's creating the first run, and from the backfill's
  request (the backfill daemon looks for new backfills every 30 s), to the last run's end;
- each worker's first task: its seconds in the worker, and its fixed cost, those seconds less
  the model time its calls need at best (ceil(calls / concurrency) x latency);
- the later tasks' fixed costs; and whether any segment was paid twice.

Needs Debian's postgresql and redis-server (.ci/run installs both).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1] / "jezero_pipeline_tests"
sys.path.insert(0, str(TESTS))

from cluster import Cluster, day_key, summaries_meta, write_day  # noqa: E402
from fake_model_server import FakeModelServer  # noqa: E402
from pgserver import pg_server  # noqa: E402
from services import RedisServer, S3Server  # noqa: E402


def calls_by_run(cluster: Cluster, keys: list[str]) -> dict[str, int]:
    """Model calls each run paid for, from its summaries' materialisation metadata."""
    out: dict[str, int] = {}
    with cluster.instance() as instance:
        for meta in (m for key in keys for m in summaries_meta(instance, key)):
            out[meta["run_id"]] = out.get(meta["run_id"], 0) + int(meta["calls"])
    return out


def run_case(workers: int, args: argparse.Namespace, s3: S3Server, model: FakeModelServer, root: Path) -> dict:
    keys = [day_key(d) for d in range(args.days)]
    model.reset()
    with pg_server() as pg:
        redis = RedisServer(root)
        cluster = Cluster(root, pg, s3, redis.url, model.anthropic_base_url, concurrency=args.concurrency,
                          per_run=args.per_run, longest_step_minutes=args.longest_step_minutes)  # fmt: skip
        try:
            for d in range(args.days):
                write_day(cluster.sources, d, sessions=args.sessions, turns=args.turns)
            cluster.set_llm_slots(workers)
            names = [f"w{i + 1}" for i in range(workers)]
            for name in names:
                cluster.start_worker(name)
            cluster.start_daemon()
            ready = {name: cluster.wait_ready(name, " ready.") for name in names}
            cluster.wait_ready("coordinator", "Instance is configured")
            requested = time.time()
            backfill = cluster.launch_backfill(keys)
            records = cluster.wait_for_runs(backfill, math.ceil(args.days / args.per_run), timeout=1800)
            failed = [r.dagster_run.run_id for r in records if r.dagster_run.status.value != "SUCCESS"]
            if failed:
                raise RuntimeError(f"runs failed: {failed}\n{cluster.logs_tail()}")
            first = min(r.start_time for r in records)
            created = min(r.create_timestamp.timestamp() for r in records)
            last = max(r.end_time for r in records)
            calls = calls_by_run(cluster, keys)
            tasks = {name: cluster.task_times(name) for name in names}
        finally:
            cluster.close()
            redis.close()
    sent = [hashlib.sha256(b.encode()).hexdigest() for b in model.request_bodies]

    def fixed(task: dict[str, Any]) -> float:
        return task["seconds"] - math.ceil(calls.get(task["run_id"], 0) / args.concurrency) * args.latency

    total_calls = sum(calls.values())
    return {
        "workers": workers,
        "runs": len(records),
        "window": last - first,
        "end_to_end": last - requested,
        "from_created": last - created,
        "calls": total_calls,
        "paid_twice": len(sent) - len(set(sent)),
        "asked": model.total_calls,
        "ready": ready,
        "first_tasks": {n: (t[0]["seconds"], fixed(t[0])) for n, t in tasks.items() if t},
        "later_fixed": [round(fixed(t), 1) for ts in tasks.values() for t in ts[1:]],
        "tasks_per_worker": {n: len(t) for n, t in tasks.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=16, help="partitions in the backfill (one connector)")
    parser.add_argument("--per-run", type=int, default=4, help="[partitions] per_backfill_run")
    parser.add_argument("--sessions", type=int, default=8, help="sessions per day (32 segments a day with 8 turns)")
    parser.add_argument("--turns", type=int, default=8, help="turns per session (two per segment)")
    parser.add_argument("--latency", type=float, default=1.0, help="the fake model's seconds per call")
    parser.add_argument("--concurrency", type=int, default=4, help="model calls in flight per worker")
    parser.add_argument("--longest-step-minutes", type=float, default=10.0)
    parser.add_argument("--workers", default="1,2", help="the cases, in order")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="jezero-cluster-bench-") as tmp:
        s3 = S3Server()
        try:
            with FakeModelServer(latency=args.latency) as model:
                for n in (int(x) for x in args.workers.split(",")):
                    case = Path(tmp) / f"workers-{n}"
                    case.mkdir()
                    results.append(run_case(n, args, s3, model, case))
                    print_case(results[-1], args)
        finally:
            s3.close()
    if len(results) >= 2:
        one, two = results[0], results[1]
        print(f"\n{two['workers']} workers vs {one['workers']}: throughput x{one['window'] / two['window']:.2f} "
              f"over the runs' window, x{one['from_created'] / two['from_created']:.2f} from the first run's "
              f"creation, x{one['end_to_end'] / two['end_to_end']:.2f} from the request (the backfill "
              f"daemon looks every 30 s)")  # fmt: skip
    return 0


def print_case(r: dict[str, Any], args: argparse.Namespace) -> None:
    print(f"\n{r['workers']} worker(s): {args.days} partitions in {r['runs']} runs, {r['calls']} model calls "
          f"(latency {args.latency} s, {args.concurrency} in flight per worker); paid twice: {r['paid_twice']}")  # fmt: skip
    print(f"  runs' window {r['window']:.1f} s: {args.days / r['window']:.2f} partitions/s, "
          f"{r['calls'] / r['window']:.2f} calls/s; first run created to end {r['from_created']:.1f} s; "
          f"request to end {r['end_to_end']:.1f} s")  # fmt: skip
    for name, (seconds, fixed) in r["first_tasks"].items():
        print(f"  {name}: ready {r['ready'][name]:.1f} s after start; first task {seconds:.1f} s in the worker, "
              f"fixed cost {fixed:.1f} s; tasks {r['tasks_per_worker'][name]}")  # fmt: skip
    print(f"  later tasks' fixed costs (s): {r['later_fixed']}")


if __name__ == "__main__":
    sys.exit(main())
