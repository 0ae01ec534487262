"""Which process runs a run, and reaping runs whose process died.

A run killed with SIGKILL (or lost with its machine) stays STARTED in the instance and keeps
the `llm` pool slots its steps claimed; with the repository's pool limit, two such runs block
every later summarising step for good. Every run records its worker's host and pid as tags at
its first step; the CLI (before it starts) and the `reap_dead_runs` sensor (every minute, under
the daemon) mark this machine's runs whose worker is gone as failed and free their slots.
"""

from __future__ import annotations

import os
import socket
from typing import Any

import dagster as dg

LAUNCHER, HOST, PID = "jezero/launcher", "jezero/host", "jezero/pid"


def mark_run_worker(context: Any) -> dict[str, Any]:
    """Record which process runs this run (host and pid), so a reaper can tell when it died;
    the step's own host and pid, for its metadata. A step on a Celery worker leaves the run's
    tags alone: the run lives in the run worker, and the reaper must not judge it by a step."""
    here = {"worker_host": socket.gethostname(), "worker_pid": os.getpid()}
    if context.job_def.executor_def.name == "celery":
        return here
    tags = context.run.tags
    if tags.get(HOST) != socket.gethostname() or tags.get(PID) != str(os.getpid()):
        context.instance.add_run_tags(context.run.run_id, {HOST: socket.gethostname(), PID: str(os.getpid())})
    return here


def reap_dead_runs(instance: dg.DagsterInstance) -> list[str]:
    """Mark this machine's runs whose process is gone as failed and free their pool slots."""
    reaped = []
    records = instance.get_run_records(
        dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.STARTING,
                                dg.DagsterRunStatus.CANCELING], tags={HOST: socket.gethostname()})
    )  # fmt: skip
    for record in records:
        run = record.dagster_run
        try:
            pid = int(run.tags.get(PID, "0"))
        except ValueError:
            continue
        if not pid or _alive(pid):  # no worker recorded yet, or still running
            continue
        instance.report_run_failed(run, f"run {run.run_id}: its process ({pid}) is gone; marked failed")
        instance.event_log_storage.free_concurrency_slots_for_run(run.run_id)
        reaped.append(run.run_id)
    return reaped


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dg.sensor(
    minimum_interval_seconds=60,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Marks failed the runs of this machine whose process is gone, and frees their pool slots.",
)
def reap_dead_runs_sensor(context: dg.SensorEvaluationContext):
    reaped = reap_dead_runs(context.instance)
    return dg.SkipReason(f"marked {len(reaped)} dead run(s) failed: {reaped}" if reaped else "no dead run")
