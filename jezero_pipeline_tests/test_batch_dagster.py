"""Dagster drives batch mode: a backfill's run submits and ends, the summary_batches sensor lands
the batch and requests runs of its partitions, and the library follows; nobody waits.

The first test evaluates the sensor and the automation conditions in this process, tick by tick;
the second leaves everything to a real `dagster-daemon` (no command runs the pipeline)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import dagster as dg
import duckdb
import pytest
from batchfixtures import batch_docs, batch_work, segment_ids, stored
from runs import workspace
from services import repo_instance

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.batches import run_key
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.defs.resources import JezeroResource
from jezero_pipeline.staging import batches as docs

REPO = Path(__file__).resolve().parents[1]
DAY = "cc|2026-03-01"


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


def _summaries_metadata(instance) -> dict:
    record = instance.fetch_materializations(dg.AssetKey("summaries"), limit=1).records[0]
    return {k: v.value for k, v in record.asset_materialization.metadata.items()}


def test_a_backfill_submits_and_ends_the_sensor_lands_it_and_the_library_follows(tmp_path, fake_server):
    fake_server.batches.seconds = None
    work = batch_work(tmp_path, fake_server, extra='batch = "backfill"\n')
    defs = build_definitions(load_config(work / "jezero.toml"), str(work / "jezero.toml"))
    resources = {"jezero": JezeroResource(config_path=str(work / "jezero.toml"))}
    sensor = defs.resolve_sensor_def("summary_batches")

    def tick(instance, cursor=None):
        return sensor.evaluate_tick(dg.build_sensor_context(instance=instance, cursor=cursor, definitions=defs,
                                                            resources=resources))  # fmt: skip

    with dg.instance_for_test() as instance:
        library = dg.evaluate_automation_conditions(defs=defs, instance=instance)
        submit = defs.resolve_job_def("sessions_job").execute_in_process(
            partition_key=DAY, instance=instance, tags={"dagster/backfill": "bf"}
        )
        assert submit.success and fake_server.total_calls == 0
        (doc,) = batch_docs(work)
        waiting = _summaries_metadata(instance)
        assert waiting["waiting_on_batch"] == doc.label and waiting["waiting_batch"] == 9
        assert waiting["batch_requests"] == 9 and waiting["calls"] == 0

        open_tick = tick(instance)  # the batch is still running
        assert open_tick.run_requests == [] and "still open" in open_tick.skip_message

        fake_server.batches.end()
        landed = tick(instance, open_tick.cursor)
        (request,) = landed.run_requests
        assert request.partition_key == DAY and request.run_key == f"{run_key(doc)}:{DAY}:{DAY}"
        assert request.run_config["ops"]["sessions"]["config"]["resummarize"] == "yes"  # as the backfill did
        run = defs.resolve_job_def("summaries_job").execute_in_process(
            partition_key=request.partition_key, run_config=request.run_config, instance=instance, tags=request.tags
        )
        assert run.success
        applied = _summaries_metadata(instance)
        assert applied["landed_from_batch"] == doc.label and applied["batch_stored"] == 9
        assert applied["calls"] == 0 and applied["batch_cost_usd"] > 0
        assert applied["estimated_cost_usd"] == pytest.approx(applied["batch_cost_usd"])
        assert "waiting_on_batch" not in applied

        after = tick(instance, landed.cursor)
        assert after.run_requests == [] and [d.requested for d in batch_docs(work)] == [True]
        library = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=library.cursor)
        assert library.get_num_requested(dg.AssetKey("search_index")) == 1
        defs.resolve_job_def("library_job").execute_in_process(instance=instance)
    ws = workspace(work)
    assert set(stored(ws)) == segment_ids(ws)
    con = duckdb.connect(str(work / "library.duckdb"), read_only=True)
    assert con.execute("select count(*) from items").fetchone()[0] == 9
    assert fake_server.total_calls == 0 and fake_server.paid_twice == {}


def test_the_same_requests_batched_again_later_get_runs_of_their_own(tmp_path, fake_server):
    """A week on, a landed batch's document is pruned; the same segments sent again in a batch
    (a forced re-summarise) get the same submission id. Their landing's runs must not carry a run
    key the instance has seen: the daemon skips such a request and the partition would wait on."""
    work = batch_work(tmp_path, fake_server, extra='batch = "backfill"\n')
    config = str(work / "jezero.toml")
    defs = build_definitions(load_config(config), config)
    resources = {"jezero": JezeroResource(config_path=config)}
    sensor = defs.resolve_sensor_def("summary_batches")
    summaries_job = defs.resolve_job_def("summaries_job")
    with dg.instance_for_test() as instance:

        def land_and_run() -> str:
            context = dg.build_sensor_context(instance=instance, definitions=defs, resources=resources)
            (request,) = sensor.evaluate_tick(context).run_requests
            seen = instance.get_run_ids(dg.RunsFilter(tags={"dagster/run_key": request.run_key}))
            assert not seen, "the daemon would skip this request"
            run = summaries_job.execute_in_process(partition_key=request.partition_key, run_config=request.run_config,
                                                   instance=instance,
                                                   tags={**request.tags, "dagster/run_key": request.run_key})  # fmt: skip
            assert run.success and _summaries_metadata(instance)["batch_stored"] == 9
            return request.run_key

        defs.resolve_job_def("sessions_job").execute_in_process(
            partition_key=DAY, instance=instance, tags={"dagster/backfill": "bf"}
        )
        (first,) = batch_docs(work)
        land_and_run()
        ws = workspace(work)
        assert docs.prune(ws.store, now=time.time() + 8 * 86400) == 1
        again = {"ops": {"sessions": {"config": {"force_ids": sorted(segment_ids(ws)), "batch": "yes"}}}}
        summaries_job.execute_in_process(partition_key=DAY, run_config=again, instance=instance)
        (second,) = batch_docs(work)
        assert second.submission == first.submission
        land_and_run()
    assert fake_server.total_calls == 0 and sum(fake_server.batches.creates.values()) == 2


@pytest.mark.slow
def test_the_daemon_alone_completes_a_batch_backfill(tmp_path, fake_server, monkeypatch):
    """`dagster job backfill`, then only the daemon: the backfill's run submits the batch and
    ends; once the fake batch ends, a sensor tick lands it, a run writes the partition and the
    library follows. No command is waiting on anything."""
    fake_server.batches.seconds = 20  # the batch ends 20 s after it is created
    work = batch_work(tmp_path, fake_server, extra='batch = "backfill"\nbatch_poll_seconds = 5\n')
    home = repo_instance(tmp_path / "dh")
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    env = {**os.environ, "JEZERO_CONFIG": str(work / "jezero.toml")}
    bin_dir = Path(sys.executable).parent
    backfill = subprocess.run(
        [str(bin_dir / "dagster"), "job", "backfill", "-w", "workspace.yaml", "-j", "sessions_job",
         "--partitions", DAY, "--noprompt"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert backfill.returncode == 0, backfill.stdout[-2000:] + backfill.stderr[-2000:]
    log = (tmp_path / "daemon.log").open("w")
    daemon = subprocess.Popen([str(bin_dir / "dagster-daemon"), "run", "-w", "workspace.yaml"], cwd=REPO, env=env,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    library = work / "library.duckdb"
    seen_waiting = False
    try:
        deadline = time.time() + 420  # four runs, each a process of its own, on a shared 2-core machine
        while time.time() < deadline:
            docs = batch_docs(work)
            seen_waiting = seen_waiting or any(d.state == "submitted" for d in docs)
            if docs and docs[0].state == "landed" and library.exists() and _items(library) == 9:
                break
            time.sleep(2)
        else:
            with dg.DagsterInstance.get() as instance:
                runs = [(r.dagster_run.job_name, r.dagster_run.status.value) for r in instance.get_run_records()]
            pytest.fail(f"the daemon did not finish: batches {[(d.state, d.requested) for d in batch_docs(work)]}, "
                        f"runs {runs}, library items {_items(library) if library.exists() else None}, daemon log: "
                        f"{(tmp_path / 'daemon.log').read_text()[-3000:]}")  # fmt: skip
    finally:
        os.killpg(daemon.pid, signal.SIGTERM)
        daemon.wait(timeout=60)
        log.close()
    assert seen_waiting, "the backfill's run ended with its batch open"
    assert fake_server.total_calls == 0 and sum(fake_server.batches.creates.values()) == 1
    assert fake_server.paid_twice == {} and len(fake_server.paid) == 9
    with dg.DagsterInstance.get() as instance:
        jobs = {r.dagster_run.job_name for r in instance.get_run_records()}
        assert {"sessions_job", "summaries_job"} <= jobs, jobs  # the backfill's run, the sensor's run
        metas = [
            {k: v.value for k, v in r.asset_materialization.metadata.items()}
            for r in instance.fetch_materializations(dg.AssetKey("summaries"), limit=10).records
        ]
    assert any(m.get("waiting_on_batch") for m in metas) and any(m.get("landed_from_batch") for m in metas)


def _items(library: Path) -> int:
    try:
        con = duckdb.connect(str(library), read_only=True)
    except duckdb.Error:
        return 0  # being swapped in
    try:
        return con.execute("select count(*) from items").fetchone()[0]
    finally:
        con.close()


def test_after_a_model_change_the_sensors_run_stores_the_answers_and_pays_for_nothing(tmp_path, fake_server):
    """A re-summarise batch lands after the model changed: its runs keep its answers (under the
    generation asked with, unsynced) instead of re-summarising them at the new model's price."""
    work = batch_work(tmp_path, fake_server, extra='batch = "backfill"\n')
    config = work / "jezero.toml"
    defs = build_definitions(load_config(config), str(config))
    with dg.instance_for_test() as instance:
        defs.resolve_job_def("sessions_job").execute_in_process(
            partition_key=DAY, instance=instance, tags={"dagster/backfill": "bf"}
        )
        asked_with = workspace(work).generation
        config.write_text(config.read_text().replace('model = "fake-model"', 'model = "fake-model-2"'))
        defs = build_definitions(load_config(config), str(config))
        resources = {"jezero": JezeroResource(config_path=str(config))}
        context = dg.build_sensor_context(instance=instance, definitions=defs, resources=resources)
        (request,) = defs.resolve_sensor_def("summary_batches").evaluate_tick(context).run_requests
        assert request.run_config["ops"]["sessions"]["config"]["resummarize"] == "no"
        run = defs.resolve_job_def("summaries_job").execute_in_process(
            partition_key=DAY, run_config=request.run_config, instance=instance, tags=request.tags
        )
        assert run.success and _summaries_metadata(instance)["calls"] == 0
    assert {r["generation"] for r in stored(workspace(work)).values()} == {asked_with}
    assert fake_server.total_calls == 0 and fake_server.paid_twice == {}
