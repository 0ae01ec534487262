"""Schedules and the change sensor: unattended runs that only do work when there is some.

One schedule per connector honours its `interval_minutes`; the sensor requests only the
partitions whose files changed since the last read and have settled. The library follows
its summaries through an automation condition; re-summarising after a code-version change
stays a deliberate backfill unless `[automation] resummarize_on_code_change` opts in.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import dagster as dg

from ..config import Config, ConnectorConfig
from ..staging import Staging

ROOT_OPTIONS = ("projects_dir", "sessions_dir", "db_path", "export_dir")


def cron_for(minutes: int) -> str:
    """The nearest cron expression that runs every `minutes` minutes."""
    if minutes < 60:
        return f"*/{minutes} * * * *" if minutes > 1 else "* * * * *"
    hours = max(1, round(minutes / 60))
    return f"0 */{hours} * * *" if hours < 24 else "0 0 * * *"


def connector_schedules(cfg: Config, job: dg.UnresolvedAssetJobDefinition) -> list[dg.ScheduleDefinition]:
    schedules = []
    for c in cfg.connectors:

        def request(context: dg.ScheduleEvaluationContext, name: str = c.name) -> dg.RunRequest:
            return dg.RunRequest(partition_key=name, tags={"jezero/trigger": "schedule"})

        schedules.append(
            dg.ScheduleDefinition(
                name=f"{c.name.replace('-', '_')}_every_{c.interval_minutes}m",
                cron_schedule=cron_for(c.interval_minutes),
                job=job,
                execution_fn=request,
                default_status=dg.DefaultScheduleStatus.STOPPED,
                description=f"Run connector {c.name!r} every {c.interval_minutes} minutes.",
            )
        )
    return schedules


def _files(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    if not root.is_dir():
        return []
    return [p for p in root.rglob("*") if p.is_file()]


def changed_settled_files(cfg: Config, c: ConnectorConfig, staging: Staging, now: float) -> list[str]:
    """Files under the connector's folder that differ from the last read and have settled.

    Only `stat` is called: the sensor never reads a transcript.
    """
    known = {r["path"]: (r["size"], r["mtime"]) for r in staging.read_rows("raw_sessions", c.name, ".files.parquet")}
    settle = float(c.options.get("settle_minutes", 30)) * 60
    out = []
    for opt in ROOT_OPTIONS:
        if opt not in c.options:
            continue
        for p in _files(cfg.resolve(c.options[opt])):
            try:
                st = p.stat()
            except OSError:
                continue
            if known.get(str(p)) != (st.st_size, st.st_mtime) and now - st.st_mtime >= settle:
                out.append(f"{p}:{st.st_size}:{st.st_mtime}")
    return sorted(out)


def change_sensor(cfg: Config, job: dg.UnresolvedAssetJobDefinition) -> dg.SensorDefinition:
    @dg.sensor(
        job=job,
        minimum_interval_seconds=60,
        default_status=dg.DefaultSensorStatus.STOPPED,
        description="Requests a connector's partition when its files changed and have settled.",
    )
    def transcripts_changed(context: dg.SensorEvaluationContext):
        staging = Staging(cfg.staging_dir)
        cursor = json.loads(context.cursor or "{}")
        now = time.time()
        requests = []
        for c in cfg.enabled_connectors:
            changed = changed_settled_files(cfg, c, staging, now)
            if not changed:
                cursor.pop(c.name, None)
                continue
            fingerprint = hashlib.sha256("\n".join(changed).encode()).hexdigest()[:16]
            if cursor.get(c.name) == fingerprint:
                continue  # already requested for exactly these changes
            cursor[c.name] = fingerprint
            requests.append(
                dg.RunRequest(
                    partition_key=c.name,
                    run_key=f"{c.name}:{fingerprint}",
                    tags={"jezero/trigger": "sensor", "jezero/changed_files": str(len(changed))},
                )
            )
        context.update_cursor(json.dumps(cursor, sort_keys=True))
        if not requests:
            return dg.SkipReason("no connector has changed, settled files")
        return requests

    return transcripts_changed


def library_condition() -> dg.AutomationCondition:
    """Rebuild the library whenever any partition's summaries were updated."""
    return (
        dg.AutomationCondition.any_deps_updated().since_last_handled()
        & ~dg.AutomationCondition.any_deps_in_progress()
        & ~dg.AutomationCondition.in_progress()
    ).with_label("after any summaries update")


def resummarize_condition(cfg: Config) -> dg.AutomationCondition | None:
    """Only when the config opts in: a code-version change re-requests every partition once."""
    if not cfg.automation.resummarize_on_code_change:
        return None
    return (
        dg.AutomationCondition.code_version_changed().since_last_handled() & ~dg.AutomationCondition.in_progress()
    ).with_label("code version changed (opted in)")
