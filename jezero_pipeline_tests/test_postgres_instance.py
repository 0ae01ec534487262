"""deploy/dagster-postgres.yaml against a real PostgreSQL server: two partitions at once.

Starts Debian's PostgreSQL on 127.0.0.1 (a throwaway cluster in a temp folder, password
auth), points DAGSTER_HOME at a copy of deploy/dagster-postgres.yaml with only environment
variables for the connection, and runs the two connector partitions in two processes at the
same time, as two run workers of a team server would. Both runs and their materialisation
metadata must then be readable from the instance, and the rows must be in PostgreSQL.
"""

from __future__ import annotations

import multiprocessing
import shutil
from pathlib import Path

import pytest
import yaml
from pgserver import PgServer
from sessionfiles import write_samples_config

REPO = Path(__file__).resolve().parents[1]
INSTANCE_YAML = REPO / "deploy" / "dagster-postgres.yaml"
PARTITIONS = ["claude-code|2026-03-04", "codex|2026-03-18"]  # a (connector, day) of each sample


def test_instance_yaml_reads_every_connection_setting_from_the_environment() -> None:
    db = yaml.safe_load(INSTANCE_YAML.read_text())["storage"]["postgres"]["postgres_db"]
    assert {k: v for k, v in db.items()} == {
        "hostname": {"env": "DAGSTER_PG_HOST"},
        "port": {"env": "DAGSTER_PG_PORT"},
        "username": {"env": "DAGSTER_PG_USER"},
        "password": {"env": "DAGSTER_PG_PASSWORD"},
        "db_name": {"env": "DAGSTER_PG_DB"},
        "scheme": "postgresql+psycopg2",
    }


# ------------------------------------------------------------------------- the run workers


def run_partition(config_path: str, partition: str, start_together, results) -> None:
    """One run worker (its own process): the instance comes from $DAGSTER_HOME/dagster.yaml."""
    import dagster as dg

    from jezero_pipeline.config import load_config
    from jezero_pipeline.defs.definitions import build_definitions

    instance = dg.DagsterInstance.get()
    job = build_definitions(load_config(config_path), config_path).resolve_job_def("sessions_job")
    start_together.wait(timeout=120)
    result = job.execute_in_process(
        partition_key=partition,
        instance=instance,
        raise_on_error=False,
        run_config={"loggers": {"console": {"config": {"log_level": "WARNING"}}}},
    )
    results.put(
        {
            "partition": partition,
            "run_id": result.run_id,
            "success": result.success,
            "run_storage": type(instance.run_storage).__name__,
        }
    )


def write_config(folder: Path) -> Path:
    """A config of its own per worker: staging and library in that worker's folder."""
    folder.mkdir()
    return write_samples_config(folder / "jezero.toml", REPO / "data" / "samples", folder)


@pytest.mark.slow
def test_two_partitions_at_once_are_recorded_in_postgres(
    postgres: PgServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dagster as dg
    import psycopg2
    from dagster_postgres import PostgresRunStorage

    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(INSTANCE_YAML, home / "dagster.yaml")
    assert postgres.password not in (home / "dagster.yaml").read_text()
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    for key, value in postgres.env().items():
        monkeypatch.setenv(key, value)

    # The tables and the `llm` pool's row are created once before any worker starts, as
    # `dagster instance migrate` and `dagster instance concurrency set llm 2` do in the README:
    # two processes creating either on an empty database at once can race (a unique-key error).
    setup = dg.DagsterInstance.from_config(str(home))
    setup.event_log_storage.set_concurrency_slots("llm", 2)
    setup.dispose()

    # spawn, not fork: each worker is a clean interpreter, as a run worker on another machine is
    ctx = multiprocessing.get_context("spawn")
    start_together = ctx.Barrier(len(PARTITIONS))
    results = ctx.Queue()
    workers = [
        ctx.Process(
            target=run_partition, args=(str(write_config(tmp_path / p.split("|")[0])), p, start_together, results)
        )
        for p in PARTITIONS
    ]
    for w in workers:
        w.start()
    try:
        for w in workers:
            w.join(timeout=240)
        assert all(w.exitcode == 0 for w in workers), [w.exitcode for w in workers]
        reported = {r["partition"]: r for r in (results.get(timeout=5) for _ in PARTITIONS)}
    finally:
        for w in workers:
            if w.is_alive():
                w.kill()
    assert all(r["success"] for r in reported.values()), reported
    assert {r["run_storage"] for r in reported.values()} == {"PostgresRunStorage"}

    instance = dg.DagsterInstance.from_config(str(home))
    try:
        assert isinstance(instance.run_storage, PostgresRunStorage)
        records = instance.get_run_records()
        assert len(records) == len(PARTITIONS)
        by_partition = {r.dagster_run.tags.get("dagster/partition"): r for r in records}
        assert set(by_partition) == set(PARTITIONS)
        for p, rec in by_partition.items():
            assert rec.dagster_run.status == dg.DagsterRunStatus.SUCCESS, (p, rec.dagster_run.status)
            assert rec.dagster_run.run_id == reported[p]["run_id"]
        # Both runs were in progress at the same moment: the storage took concurrent writers.
        assert max(r.start_time for r in records) < min(r.end_time for r in records), [
            (r.start_time, r.end_time) for r in records
        ]

        for p in PARTITIONS:
            mats = instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=dg.AssetKey("summaries"), asset_partitions=[p]), limit=5
            ).records
            assert len(mats) == 1, (p, mats)
            meta = {k: v.value for k, v in mats[0].asset_materialization.metadata.items()}
            assert mats[0].run_id == reported[p]["run_id"]
            assert meta["docs"] > 0 and meta["calls"] == meta["docs"] and meta["failed"] == 0, meta
            assert meta["provider"] == "extractive"
            raw = instance.fetch_materializations(
                dg.AssetRecordsFilter(asset_key=dg.AssetKey("raw_sessions"), asset_partitions=[p]), limit=5
            ).records
            assert raw and raw[0].asset_materialization.metadata["sessions"].value > 0
    finally:
        instance.dispose()

    # The history really lives in the server, where every machine of a team can read it.
    con = psycopg2.connect(
        host=postgres.host, port=postgres.port, user=postgres.user, password=postgres.password, dbname=postgres.db
    )
    try:
        with con.cursor() as cur:
            cur.execute("SELECT count(*) FROM runs WHERE status = 'SUCCESS'")
            assert cur.fetchone()[0] == len(PARTITIONS)
    finally:
        con.close()
