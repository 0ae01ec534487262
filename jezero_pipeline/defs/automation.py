"""Schedules and sensors: unattended runs that only start when there is work.

Each enabled connector is checked every `interval_minutes` (a cron schedule when the interval
divides the hour or the day, else a sensor with that minimum interval), and the
`transcripts_changed` sensor checks every connector each minute. All of them ask the same
question the CLI asks (which (connector, day) partitions have changed, settled units, by
`stat`) and request exactly those, grouped into as few runs as hold nothing unchanged. The
library follows its summaries (an automation condition, and a sensor that catches it up with
staging when a summaries update landed while it refreshed); re-summarising after a
code-version change stays a deliberate backfill unless `[automation]
resummarize_on_code_change` opts in.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from datetime import date
from typing import Any

import dagster as dg

from ..config import Config
from ..operations.watchdog import watch
from ..stages import index
from ..stages.plan import PartitionRange, plan_run
from ..staging.records import unfinished_records
from ..text import digest
from .resources import JezeroResource

RANGE_START, RANGE_END = "dagster/asset_partition_range_start", "dagster/asset_partition_range_end"
UNDER_WAY = [dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING,
             dg.DagsterRunStatus.STARTED]  # fmt: skip


def cron_for(minutes: int) -> str | None:
    """A cron expression firing exactly every `minutes`, or None when cron cannot (45 min...)."""
    if minutes < 60:
        if 60 % minutes:
            return None
        return f"*/{minutes} * * * *" if minutes > 1 else "* * * * *"
    if minutes % 60 or 1440 % minutes:
        return None
    hours = minutes // 60
    return f"0 */{hours} * * *" if hours < 24 else "0 0 * * *"


def run_requests(
    ranges: Iterable[PartitionRange], trigger: str, run_key: str | None = None, run_config: Any = None
) -> list[dg.RunRequest]:
    """One request per range: a partition key for one partition, a key range otherwise."""
    out = []
    for rect in ranges:
        tags = {"jezero/trigger": trigger}
        key = f"{run_key}:{rect.start_key}:{rect.end_key}" if run_key else None
        if rect.start_key == rect.end_key:
            out.append(dg.RunRequest(partition_key=rect.start_key, tags=tags, run_key=key, run_config=run_config))
        else:
            out.append(dg.RunRequest(tags={**tags, RANGE_START: rect.start_key, RANGE_END: rect.end_key},
                                     run_key=key, run_config=run_config))  # fmt: skip
    return out


def _changes(jezero: JezeroResource, names: list[str]) -> tuple[list[PartitionRange], str]:
    """What changed in these connectors, as runs, with a fingerprint of exactly those changes."""
    plan = plan_run(jezero.workspace, names, time.time())
    return plan.ranges, plan.fingerprint


def too_early(ranges: list[PartitionRange], first_day: date) -> tuple[list[PartitionRange], str | None]:
    """The ranges this code location's day partitions hold, and a line about the others:
    days before the first day it loaded (the first sessions ever seen, older than the default
    start, chose an earlier first day) wait for the code location to be loaded again."""
    start = first_day.isoformat()
    fits = [r for r in ranges if r.first_day >= start]
    if len(fits) == len(ranges):
        return ranges, None
    early = min(r.first_day for r in ranges)
    return fits, (f"sessions from {early} are before {start}, where this code location's day partitions "
                  "start: reload it (Deployment > Reload in the UI, or restart dagster dev) to run them")  # fmt: skip


def _changed_days_of(
    name: str, jezero: JezeroResource, first_day: date, context: dg.SensorEvaluationContext | None = None
) -> list[dg.RunRequest] | dg.SkipReason:
    ranges, fingerprint = _changes(jezero, [name])
    ranges, later = too_early(ranges, first_day)
    if later and context is not None:
        context.log.warning(later)
    if not ranges:
        return dg.SkipReason(later or f"connector {name!r}: no changed, settled files")
    return run_requests(ranges, "schedule", run_key=f"{name}:{fingerprint}")


def connector_checks(cfg: Config, job: dg.UnresolvedAssetJobDefinition, first_day: date) -> tuple[list, list]:
    """(schedules, sensors): one per enabled connector, firing every `interval_minutes` exactly."""
    schedules, sensors = [], []
    for c in cfg.enabled_connectors:
        name = f"{c.name.replace('-', '_')}_every_{c.interval_minutes}m"
        description = f"Every {c.interval_minutes} minutes: run connector {c.name!r}'s changed days."
        cron = cron_for(c.interval_minutes)
        if cron:

            @dg.schedule(name=name, cron_schedule=cron, job=job, description=description,
                         default_status=dg.DefaultScheduleStatus.STOPPED)  # fmt: skip
            def every_interval(context: dg.ScheduleEvaluationContext, jezero: JezeroResource, connector=c.name):
                return _changed_days_of(connector, jezero, first_day)

            schedules.append(every_interval)
        else:

            @dg.sensor(name=name, job=job, minimum_interval_seconds=c.interval_minutes * 60,
                       description=description, default_status=dg.DefaultSensorStatus.STOPPED)  # fmt: skip
            def every_interval_sensor(context: dg.SensorEvaluationContext, jezero: JezeroResource, connector=c.name):
                return _changed_days_of(connector, jezero, first_day, context)

            sensors.append(every_interval_sensor)
    return schedules, sensors


def change_sensor(job: dg.UnresolvedAssetJobDefinition, first_day: date) -> dg.SensorDefinition:
    @dg.sensor(
        job=job,
        minimum_interval_seconds=60,
        default_status=dg.DefaultSensorStatus.STOPPED,
        description="Requests the (connector, day) partitions whose files changed and have settled.",
    )
    def transcripts_changed(context: dg.SensorEvaluationContext, jezero: JezeroResource):
        names = [c.name for c in jezero.workspace.cfg.enabled_connectors]
        ranges, fingerprint = _changes(jezero, names)
        if not ranges:
            context.update_cursor(json.dumps({}))
            return dg.SkipReason("no connector has changed, settled files")
        if json.loads(context.cursor or "{}").get("changes") == fingerprint:
            return dg.SkipReason("these changes were already requested")
        ranges, later = too_early(ranges, first_day)
        if later:  # asked again each tick (the run keys keep the others once) until a reload
            context.log.warning(later)
            if not ranges:
                return dg.SkipReason(later)
        else:
            context.update_cursor(json.dumps({"changes": fingerprint}))
        return run_requests(ranges, "sensor", run_key=fingerprint)

    return transcripts_changed


def library_catch_up(targets: dg.AssetSelection) -> dg.SensorDefinition:
    """A sensor for what `library_condition` cannot see: a summaries update that lands while the
    library refreshes (between two evaluations) counts as handled by that refresh, though the
    refresh read staging before it (dagster-io/dagster#24650). This compares the staging the
    library was built from with the staging there is now, and once staging has stayed the same
    for a tick with no run or command under way (a command refreshes the library at its end),
    requests one refresh per staging state (its run key)."""

    @dg.sensor(
        target=targets,
        minimum_interval_seconds=30,
        default_status=dg.DefaultSensorStatus.RUNNING,
        description="Refreshes the library when it was not built from the staging there is now, staging has "
        "settled and no run or command is under way (a summaries update landed during a library refresh).",
    )
    def library_behind_staging(context: dg.SensorEvaluationContext, jezero: JezeroResource):
        ws = jezero.workspace
        found = index.versions(ws)
        state = digest(f"{k}={v}" for k, v in found.items())
        settled = context.cursor == state
        context.update_cursor(state)
        if not found or index.is_current(ws, found):
            return dg.SkipReason("the library was refreshed from the staging there is now")
        if not settled:
            return dg.SkipReason("staging changed since the last tick: looked at again once it settles")
        if unfinished_records(ws.store) or context.instance.get_run_records(
            filters=dg.RunsFilter(statuses=UNDER_WAY), limit=1
        ):
            return dg.SkipReason("a run or a command is under way: looked at again after it")
        return dg.RunRequest(run_key=state, tags={"jezero/trigger": "library_behind_staging"})

    return library_behind_staging


def library_condition() -> dg.AutomationCondition:
    """Refresh the library whenever any partition's summaries were updated."""
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


@dg.sensor(
    minimum_interval_seconds=300,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Every 5 minutes: `health`, with alerts to [watchdog] alert_webhook_env and the heartbeat.",
)
def watchdog(context: dg.SensorEvaluationContext, jezero: JezeroResource):
    result = watch(jezero.workspace)
    for failure in result["failures"]:
        context.log.warning(failure)
    sent = ", ".join(f"{m['connector']} {m['status']}" for m in result["sent"]) or "nothing new"
    return dg.SkipReason(f"{'healthy' if result['ok'] else 'unhealthy'}; alerts: {sent}")
