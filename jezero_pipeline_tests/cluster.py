"""A Celery cluster on loopback, for test_celery_cluster.py and bench/cluster_throughput.py.

PostgreSQL, Redis and an S3 store are given; this starts Celery workers (each in its own empty
folder with its own config, staging on S3) and the Dagster daemon (the coordinator's folder),
and launches backfills as the UI does: a `launchPartitionBackfill` GraphQL request (through
`dagster-graphql`, which runs it against the workspace without a webserver), which the daemon's
backfill loop turns into runs of `[partitions] per_backfill_run` partitions, queued, launched
and their steps sent to the workers. The instance is the chart's (`deploy/helm/.../dagster.yaml`).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

from sessionfiles import T0, long_turns, write_claude_session, write_config

REPO = Path(__file__).resolve().parents[1]
CHART = REPO / "deploy" / "helm" / "jezero-pipeline"
INSTANCE_YAML = CHART / "files" / "dagster.yaml"
MODULE = "jezero_pipeline.defs.celery"
PARTITIONED = ("raw_sessions", "segments", "redacted_segments", "summaries")
TASK_LINE = re.compile(r"jezero task \S+ run (\S+): ([\d.]+) s in pid (\d+) \(task (\d+) of this process\)")
LAUNCH = """mutation Launch($params: LaunchBackfillParams!) {
  launchPartitionBackfill(backfillParams: $params) {
    __typename
    ... on LaunchBackfillSuccess { backfillId }
    ... on PythonError { message }
  }
}"""


def day_key(d: int) -> str:
    return f"cc|{(T0 + timedelta(days=d)).date().isoformat()}"


def write_day(sources: Path, d: int, sessions: int = 2, turns: int = 6, secret: str = "") -> None:
    """`sessions` Claude Code sessions starting on day `d`, about turns/2 segments each."""
    for s in range(sessions):
        turns_ = long_turns(f"day{d}topic{s}", n=turns)
        if secret and s == 0:
            turns_[0] = ("user", f"{turns_[0][1]} the key is {secret} for this run")
        write_claude_session(sources, f"eeee{d:04d}-{s:04d}-4000-8000-000000000000", turns_,
                             start=T0 + timedelta(days=d, hours=s))  # fmt: skip


def summaries_meta(instance: Any, partition: str) -> list[dict[str, Any]]:
    import dagster as dg

    recs = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("summaries"), asset_partitions=[partition]), limit=10
    ).records
    return [{k: v.value for k, v in r.asset_materialization.metadata.items()} | {"run_id": r.run_id} for r in recs]


class Cluster:
    """The services' environment, a config per machine, workers and the daemon as processes."""

    def __init__(self, root: Path, pg: Any, s3: Any, redis_url: str, model_url: str, **config: Any):
        self.root, self.s3, self.model_url, self.config = root, s3, model_url, config
        self.bucket = f"jezero-{uuid.uuid4().hex[:12]}"
        s3.make_bucket(self.bucket)
        self.sources = root / "sources"
        self.home = root / "dagster_home"
        self.home.mkdir()
        (self.home / "dagster.yaml").write_text(INSTANCE_YAML.read_text())
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DAGSTER_PG", "AWS_", "JEZERO_"))},
            **pg.env(),
            **s3.env(),
            "DAGSTER_HOME": str(self.home),
            "JEZERO_CELERY_BROKER": redis_url,
            "JEZERO_COMPUTE_LOGS_BUCKET": self.bucket,
            "JEZERO_SUMMARIZER_API_KEY": "fake-key",
            "PYTHONPATH": str(Path(__file__).resolve().parent),
        }
        self.env["JEZERO_CONFIG"] = str(self.node("coordinator"))
        self.procs: dict[str, subprocess.Popen] = {}
        # This process reads the instance too (the runs, their metadata): the same environment.
        own = {**pg.env(), **s3.env(), "JEZERO_COMPUTE_LOGS_BUCKET": self.bucket}
        self._saved = {k: os.environ.get(k) for k in own}
        os.environ.update(own)

    def node(self, name: str) -> Path:
        """One machine's folder and config: the shared S3 staging, its own library copy."""
        folder = self.root / name
        folder.mkdir(exist_ok=True)
        c = self.config
        path = write_config(folder, base_url=self.model_url, concurrency=c.get("concurrency", 4))
        text = path.read_text().replace('staging_dir = "staging"', f'staging_dir = "s3://{self.bucket}/team"')
        text = text.replace('projects_dir = "projects"', f'projects_dir = "{self.sources}"')
        text = text.replace("timeout_seconds = 5", "timeout_seconds = 30")
        text += (f'\n[partitions]\nfirst_day = "2026-02-01"\nper_backfill_run = {c.get("per_run", 4)}\n'
                 f'[cluster]\nlongest_step_minutes = {c.get("longest_step_minutes", 30)}\n')  # fmt: skip
        path.write_text(text)
        return path

    def instance(self) -> Any:
        import dagster as dg

        return dg.DagsterInstance.from_config(str(self.home))

    def store(self) -> Any:
        """The shared staging, as this process sees it."""
        from jezero_pipeline.staging.location import open_store

        return open_store(f"s3://{self.bucket}/team", self.root / "side")

    def set_llm_slots(self, n: int) -> None:
        with self.instance() as instance:
            instance.event_log_storage.set_concurrency_slots("llm", n)

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        folder = self.root / name
        log = open(folder / "process.log", "w")  # noqa: SIM115 (closed with the process)
        self.procs[name] = subprocess.Popen(
            argv, cwd=folder, env={**self.env, **(env or {})}, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a kill takes the pool process too
        )  # fmt: skip
        return self.procs[name]

    def start_worker(self, name: str) -> subprocess.Popen:
        config = self.node(name)
        return self.start(
            name,
            [sys.executable, "-m", "celery", "-A", MODULE, "worker", "-Q", "dagster", "-c", "1",
             "--prefetch-multiplier=1", "-n", f"{name}@%h", "--without-gossip", "--without-mingle",
             "--loglevel=INFO"],
            {"JEZERO_CONFIG": str(config)},
        )  # fmt: skip

    def start_daemon(self) -> subprocess.Popen:
        return self.start("coordinator", [str(Path(sys.executable).with_name("dagster-daemon")), "run", "-m", MODULE])

    def wait_ready(self, name: str, pattern: str, timeout: float = 180) -> float:
        """Seconds until `pattern` appears in the process's log (it fails if the process ends)."""
        started = time.monotonic()
        log = self.root / name / "process.log"
        while pattern not in log.read_text(errors="replace"):
            if self.procs[name].poll() is not None or time.monotonic() - started > timeout:
                raise RuntimeError(f"{name} did not get ready:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)
        return time.monotonic() - started

    def kill(self, name: str) -> None:
        """SIGKILL the process and its children at once, as when its machine vanishes."""
        os.killpg(self.procs[name].pid, signal.SIGKILL)
        self.procs[name].wait(timeout=20)

    def launch_backfill(self, partitions: list[str], assets: tuple[str, ...] = PARTITIONED) -> str:
        """As the UI's "Materialize" of these partitions: a backfill the daemon carries out."""
        params = {"assetSelection": [{"path": [a]} for a in assets], "partitionNames": partitions}
        out = self.root / "coordinator" / "launch.json"
        proc = subprocess.run(
            [str(Path(sys.executable).with_name("dagster-graphql")), "-m", MODULE, "-t", LAUNCH,
             "-v", json.dumps({"params": params}), "-o", str(out)],
            cwd=self.root / "coordinator", env=self.env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        answer = json.loads(out.read_text()) if out.exists() else {}
        launched = (answer.get("data") or {}).get("launchPartitionBackfill") or {}
        if "backfillId" not in launched:
            raise RuntimeError(f"backfill not launched: {answer or proc.stderr[-2000:]}")
        return launched["backfillId"]

    def backfill_runs(self, backfill_id: str) -> list[Any]:
        import dagster as dg

        with self.instance() as instance:
            return list(instance.get_run_records(dg.RunsFilter(tags={"dagster/backfill": backfill_id})))

    def wait_for_runs(self, backfill_id: str, count: int, timeout: float) -> list[Any]:
        """The backfill's first `count` runs, once every one of them has ended."""
        deadline = time.monotonic() + timeout
        while True:
            records = self.backfill_runs(backfill_id)
            if len(records) >= count and all(r.dagster_run.is_finished for r in records):
                return records
            if time.monotonic() > deadline:
                states = [(r.dagster_run.run_id[:8], r.dagster_run.status.value) for r in records]
                raise AssertionError(f"backfill {backfill_id}: {states} after {timeout} s\n{self.logs_tail()}")
            time.sleep(1)

    def task_times(self, name: str) -> list[dict[str, Any]]:
        """Each task the worker finished: its run, seconds in the worker, pid, rank in its process."""
        text = (self.root / name / "process.log").read_text(errors="replace")
        return [{"run_id": m[1], "seconds": float(m[2]), "pid": int(m[3]), "rank": int(m[4])}
                for m in TASK_LINE.finditer(text)]  # fmt: skip

    def logs_tail(self, chars: int = 2500) -> str:
        parts = []
        for name in self.procs:
            text = (self.root / name / "process.log").read_text(errors="replace")
            parts.append(f"--- {name} ---\n{text[-chars:]}")
        return "\n".join(parts)

    def close(self) -> None:
        for key, value in self._saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        for proc in self.procs.values():
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
