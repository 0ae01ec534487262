"""Maintenance as Dagster jobs: the CLI's commands, launchable from the UI."""

import dagster as dg
from opsfixtures import one_session_workspace
from runs import run, workspace

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.staging.tables import SESSION_FILES


def test_maintenance_and_preview_jobs_run_in_dagster(tmp_path):
    work = one_session_workspace(tmp_path)
    defs = build_definitions(load_config(work / "jezero.toml"), str(work / "jezero.toml"))
    with dg.instance_for_test() as instance:
        run(work, instance)
        for job, conf in [
            ("preview_job", {"dry_run": True}),
            ("redact_stored_job", {}),
            ("retag_job", {"dry_run": True}),
            ("connector_list_job", None),
            ("connector_reset_job", {"connector": "cc"}),
        ]:
            op = job.replace("_job", "_op")
            run_config = {"ops": {op: {"config": conf}}} if conf is not None else {}
            res = defs.resolve_job_def(job).execute_in_process(instance=instance, run_config=run_config)
            assert res.success, job
    assert workspace(work).store.partitions(SESSION_FILES) == [], "the reset job forgot what was read"
