"""The pooled SQLite event log writes batches of asset events together and stores what Dagster's own does."""

import os

import dagster as dg
import pytest

from jezero_pipeline.defs import storage

KEYS = [f"k{i:03d}" for i in range(60)]
ASSET_KINDS = {"ASSET_MATERIALIZATION_PLANNED", "ASSET_MATERIALIZATION", "ASSET_CHECK_EVALUATION_PLANNED",
               "ASSET_CHECK_EVALUATION"}  # fmt: skip


def _job() -> dg.JobDefinition:
    parts = dg.StaticPartitionsDefinition(KEYS)

    @dg.asset(partitions_def=parts, backfill_policy=dg.BackfillPolicy.single_run())
    def upstream(context: dg.AssetExecutionContext) -> None:
        for key in context.partition_keys:
            context.add_asset_metadata({"n": int(key[1:])}, partition_key=key)

    @dg.asset(partitions_def=parts, deps=[upstream], backfill_policy=dg.BackfillPolicy.single_run())
    def downstream(context: dg.AssetExecutionContext) -> None:
        pass

    @dg.asset_check(asset=downstream)
    def downstream_ok() -> dg.AssetCheckResult:
        return dg.AssetCheckResult(passed=True)

    return dg.Definitions(
        assets=[upstream, downstream], asset_checks=[downstream_ok]
    ).resolve_implicit_global_asset_job_def()


def _instance(home, event_log: str) -> dg.DagsterInstance:
    module, cls = event_log.rsplit(".", 1)
    (home / "dagster.yaml").write_text(
        "telemetry:\n  enabled: false\n"
        f"run_storage:\n  module: dagster._core.storage.runs\n  class: SqliteRunStorage\n  config:\n    base_dir: {home}\n"
        f"event_log_storage:\n  module: {module}\n  class: {cls}\n  config:\n    base_dir: {home / 'runs'}\n"
        f"schedule_storage:\n  module: dagster._core.storage.schedules\n  class: SqliteScheduleStorage\n"
        f"  config:\n    base_dir: {home / 'schedules'}\n"
    )
    return dg.DagsterInstance.from_config(str(home))


def _stored(instance: dg.DagsterInstance, run_id: str) -> dict:
    """What a UI or a sensor reads back: the run's events, each asset's partitions and records."""
    records = instance.all_logs(run_id)
    events = [r.dagster_event for r in records if r.is_dagster_event]
    out = {"events": [(e.event_type_value, e.partition) for e in events if e.event_type_value in ASSET_KINDS]}
    for name in ("upstream", "downstream"):
        key = dg.AssetKey(name)
        out[name] = sorted(instance.get_materialized_partitions(key))
        found = instance.fetch_materializations(dg.AssetRecordsFilter(asset_key=key), limit=1000).records
        out[f"{name}_meta"] = sorted(
            (r.partition_key, {k: v.value for k, v in r.asset_materialization.metadata.items()}) for r in found
        )
        planned = instance.get_latest_planned_materialization_info(key, partition="k059")
        out[f"{name}_planned_run"] = planned.run_id == run_id if planned else None
        (record,) = instance.get_asset_records([key])  # the asset's row: what the UI lists
        entry = record.asset_entry
        last = entry.last_materialization_record
        out[f"{name}_entry"] = (last.partition_key if last else None, entry.last_run_id == run_id,
                                entry.last_planned_materialization_run_id == run_id)  # fmt: skip
    (check,) = instance.event_log_storage.get_latest_asset_check_execution_by_key(
        [dg.AssetCheckKey(dg.AssetKey("downstream"), "downstream_ok")]
    ).values()
    out["check"] = check.status.value
    return out


def _run(instance: dg.DagsterInstance) -> str:
    result = _job().execute_in_process(
        instance=instance,
        tags={"dagster/asset_partition_range_start": KEYS[0], "dagster/asset_partition_range_end": KEYS[-1]},
    )
    assert result.success
    return result.run_id


def test_batched_asset_events_are_stored_as_dagster_stores_them_one_by_one(tmp_path, monkeypatch):
    """60 partitions of two assets: Dagster's SQLite storage, one event at a time, against ours
    with batches. Same events in the same order, same partitions, metadata and check; and ours
    took the batch path (two transactions per batch, not two per event)."""
    monkeypatch.setenv(storage.BATCH_SIZE_ENV, "0")
    (tmp_path / "plain").mkdir()
    with _instance(tmp_path / "plain", "dagster._core.storage.event_log.SqliteEventLogStorage") as plain:
        expected = _stored(plain, _run(plain))

    monkeypatch.delenv(storage.BATCH_SIZE_ENV)
    batches: list[int] = []
    write = storage.PooledSqliteEventLogStorage._store_asset_events
    monkeypatch.setattr(storage.PooledSqliteEventLogStorage, "_store_asset_events",
                        lambda self, events: (batches.append(len(events)), write(self, events)))  # fmt: skip
    (tmp_path / "pooled").mkdir()
    with _instance(tmp_path / "pooled", "jezero_pipeline.defs.storage.PooledSqliteEventLogStorage") as pooled:
        assert os.environ[storage.BATCH_SIZE_ENV] == str(storage.EVENT_BATCH_SIZE)  # set when the storage loads
        got = _stored(pooled, _run(pooled))

    assert got == expected
    assert len(expected["upstream"]) == len(KEYS) and expected["upstream_meta"][-1] == ("k059", {"n": 59})
    assert [kind for kind, _ in got["events"]].count("ASSET_MATERIALIZATION") == 2 * len(KEYS)
    assert max(batches) >= len(KEYS), "a stage's materialisations of every partition went in one batch"


@pytest.mark.parametrize("size", ["1", "7"])
def test_a_batch_size_set_by_the_user_wins_and_is_obeyed(tmp_path, monkeypatch, size):
    monkeypatch.setenv(storage.BATCH_SIZE_ENV, size)
    batches: list[int] = []
    write = storage.PooledSqliteEventLogStorage._store_asset_events
    monkeypatch.setattr(storage.PooledSqliteEventLogStorage, "_store_asset_events",
                        lambda self, events: (batches.append(len(events)), write(self, events)))  # fmt: skip
    with _instance(tmp_path, "jezero_pipeline.defs.storage.PooledSqliteEventLogStorage") as pooled:
        got = _stored(pooled, _run(pooled))
    assert len(got["upstream"]) == len(KEYS) == len(got["downstream"])
    assert max(batches, default=1) <= int(size)
