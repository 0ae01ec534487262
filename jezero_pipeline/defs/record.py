"""What commands did, recorded in Dagster: the engine runs, Dagster records.

`jezero-pipeline run` and `resummarize` run the engine in their own process and write what
they did to a record in staging (staging/records.py): each partition's materialisation, with
the same figures and code version a run's step records, the checks, the library's
materialisation and checks. The `commands_recorded` sensor, under the daemon (`dagster dev`
or `dagster-daemon run`), reports them into the instance as asset events, so the asset pages,
partition grids, lineage and staleness are those a daemon run would have left. The commands
are not in the Runs list (they made no Dagster run); their progress is on their terminal.
"""

from __future__ import annotations

import json
from typing import Any

import dagster as dg

from ..stages.outcomes import CheckOutcome, Materialization, from_record
from ..staging.records import delete_record, finished_records, read_record
from ..staging.store import Store
from .resources import JezeroResource

EVENTS_PER_TICK = 2_000  # a sensor tick stays well within the daemon's evaluation timeout


def metadata_value(value: Any) -> Any:
    """A recorded value as Dagster metadata: `{"md": ...}` and its kin typed, the rest as it is."""
    if isinstance(value, dict) and len(value) == 1:
        ((kind, inner),) = value.items()
        typed = {"md": dg.MetadataValue.md, "json": dg.MetadataValue.json, "path": dg.MetadataValue.path,
                 "url": dg.MetadataValue.url}.get(kind)  # fmt: skip
        if typed is not None:
            return typed(inner)
    return value


def as_dagster(outcome: Materialization | CheckOutcome) -> Any:
    """The Dagster event of an outcome (a step yields the result form, see `check_result`)."""
    meta = {k: metadata_value(v) for k, v in outcome.metadata.items()}
    if isinstance(outcome, Materialization):
        return dg.AssetMaterialization(asset_key=outcome.asset, partition=outcome.partition, metadata=meta,
                                       tags=outcome.tags or None)  # fmt: skip
    return dg.AssetCheckEvaluation(asset_key=dg.AssetKey(outcome.asset), check_name=outcome.name,
                                   passed=outcome.passed, metadata=meta, severity=_severity(outcome))  # fmt: skip


def check_result(outcome: CheckOutcome) -> dg.AssetCheckResult:
    meta = {k: metadata_value(v) for k, v in outcome.metadata.items()}
    return dg.AssetCheckResult(asset_key=outcome.asset, check_name=outcome.name, passed=outcome.passed,
                               metadata=meta, severity=_severity(outcome))  # fmt: skip


def _severity(outcome: CheckOutcome) -> dg.AssetCheckSeverity:
    return dg.AssetCheckSeverity.WARN if outcome.warn_only else dg.AssetCheckSeverity.ERROR


def record_into(instance: dg.DagsterInstance, store: Store) -> int:
    """Report every finished record into `instance` at once, then delete it; the events reported.
    (The sensor does the same across ticks; tests and one-off tools call this.)"""
    n = 0
    for name in finished_records(store):
        for entry in read_record(store, name):
            instance.report_runless_asset_event(as_dagster(from_record(entry)))
            n += 1
        delete_record(store, name)
    return n


@dg.sensor(
    minimum_interval_seconds=15,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Records in Dagster what `jezero-pipeline run` and `resummarize` did: each partition's "
    "materialisation, the checks and the library, from the records they leave in staging.",
)
def commands_recorded(context: dg.SensorEvaluationContext, jezero: JezeroResource):
    store = jezero.workspace.store
    cursor = json.loads(context.cursor or "{}")
    for name in cursor.get("done", []):  # reported by the last tick, whose events are stored now
        delete_record(store, name)
    partial = cursor.get("partial") or ["", 0]
    events: list[Any] = []
    done: list[str] = []
    next_partial = None
    for name in finished_records(store):
        if name in cursor.get("done", []):
            continue
        entries = read_record(store, name)
        start = partial[1] if partial[0] == name else 0
        taken = entries[start : start + EVENTS_PER_TICK - len(events)]
        events += [as_dagster(from_record(dict(e))) for e in taken]
        if start + len(taken) < len(entries):
            next_partial = [name, start + len(taken)]
            break
        done.append(name)
    new_cursor = json.dumps({"done": done, "partial": next_partial})
    if not events and not done:
        return dg.SkipReason("no command left a record to report")
    return dg.SensorResult(asset_events=events, cursor=new_cursor)
