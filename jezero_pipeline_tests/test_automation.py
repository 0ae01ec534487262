"""Unattended runs: schedules and sensors request exactly the changed, settled days."""

import time

import dagster as dg
import pytest
from runs import run, workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.automation import RANGE_END, RANGE_START, cron_for
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.defs.resources import JezeroResource
from jezero_pipeline.staging.records import CommandRecord


@pytest.fixture
def work(tmp_path):
    write_config(tmp_path, provider="extractive", model="")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    return tmp_path


def _sensor(defs, work, instance, cursor=None, name="transcripts_changed"):
    resources = {"jezero": JezeroResource(config_path=str(work / "jezero.toml"))}
    ctx = dg.build_sensor_context(instance=instance, cursor=cursor, definitions=defs, resources=resources)
    return defs.resolve_sensor_def(name).evaluate_tick(ctx)


def _defs(work):
    return build_definitions(load_config(work / "jezero.toml"), str(work / "jezero.toml"))


@pytest.mark.parametrize(
    "minutes, cron",
    [
        (15, "*/15 * * * *"),
        (1, "* * * * *"),
        (60, "0 */1 * * *"),
        (180, "0 */3 * * *"),
        (1440, "0 0 * * *"),
        (45, None),
        (90, None),
        (7, None),
    ],  # fmt: skip
)
def test_a_cron_only_where_it_fires_at_exact_intervals(minutes, cron):
    assert cron_for(minutes) == cron


def test_one_schedule_per_enabled_connector_and_a_sensor_where_cron_cannot(work):
    text = (work / "jezero.toml").read_text()
    text += (
        '\n[[connectors]]\nname = "off"\ntype = "codex"\nenabled = false\n[connectors.options]\nsessions_dir = "x"\n'
    )
    text += '\n[[connectors]]\nname = "slow"\ntype = "codex"\ninterval_minutes = 45\n[connectors.options]\nsessions_dir = "x"\n'
    (work / "jezero.toml").write_text(text)
    defs = _defs(work)
    assert [s.name for s in defs.schedules] == ["cc_every_15m"]
    sensor = defs.resolve_sensor_def("slow_every_45m")
    assert sensor.minimum_interval_seconds == 45 * 60
    with dg.instance_for_test() as instance:
        ctx = dg.build_schedule_context(
            instance=instance,
            repository_def=defs.get_repository_def(),
            resources={"jezero": JezeroResource(config_path=str(work / "jezero.toml"))},
        )
        req = defs.schedules[0].evaluate_tick(ctx).run_requests
    assert [r.partition_key for r in req] == ["cc|2026-03-01"]


def test_the_sensor_requests_only_changed_settled_days_and_each_change_once(work):
    defs = _defs(work)
    with dg.instance_for_test() as instance:
        first = _sensor(defs, work, instance)
        assert [r.partition_key for r in first.run_requests] == ["cc|2026-03-01"]
        again = _sensor(defs, work, instance, first.cursor)
        assert again.run_requests == [], "the same changes are not requested twice"

        run(work, instance)  # the day is read: nothing has changed any more
        after = _sensor(defs, work, instance, first.cursor)
        assert after.run_requests == []

        # two new days at once: one run over the range
        for i, d in enumerate((3, 4)):
            write_claude_session(
                work / "projects",
                f"bbbb000{i}-0000-4000-8000-00000000000{i}",
                long_turns("x"),
                start=__import__("datetime").datetime(2026, 3, d, 9, tzinfo=__import__("datetime").UTC),
            )
        ranged = _sensor(defs, work, instance)
        (req,) = ranged.run_requests
        assert (req.tags[RANGE_START], req.tags[RANGE_END]) == ("cc|2026-03-03", "cc|2026-03-04")

        # a file still being written (mtime now, settle 30 min) is not requested
        text = (work / "jezero.toml").read_text().replace("settle_minutes = 0", "settle_minutes = 30")
        (work / "jezero.toml").write_text(text)
        run(work, instance)
        write_claude_session(work / "projects", "cccc3333-0000-4000-8000-000000000003", long_turns("fresh"),
                             mtime=time.time())  # fmt: skip
        fresh = _sensor(_defs(work), work, instance)
        assert fresh.run_requests == []


def test_the_library_follows_summaries_and_resummarising_is_opt_in(work):
    graph = _defs(work).get_repository_def().asset_graph
    assert graph.get(dg.AssetKey("search_index")).automation_condition is not None
    assert graph.get(dg.AssetKey("summaries")).automation_condition is None
    (work / "jezero.toml").write_text(
        (work / "jezero.toml").read_text() + "\n[automation]\nresummarize_on_code_change = true\n"
    )
    defs = _defs(work)
    assert defs.get_repository_def().asset_graph.get(dg.AssetKey("summaries")).automation_condition is not None
    assert defs.resolve_sensor_def("resummarize_after_code_change").run_tags == {"jezero/resummarize": "yes"}


def test_the_library_is_requested_after_a_summaries_update(work):
    defs = _defs(work)
    with dg.instance_for_test() as instance:
        base = dg.evaluate_automation_conditions(defs=defs, instance=instance)
        assert base.total_requested == 0
        defs.resolve_job_def("sessions_job").execute_in_process(partition_key="cc|2026-03-01", instance=instance)
        result = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=base.cursor)
        assert result.get_num_requested(dg.AssetKey("search_index")) == 1
        defs.resolve_job_def("library_job").execute_in_process(instance=instance)
        again = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=result.cursor)
        assert again.total_requested == 0


def _catch_up(defs, work, instance, cursor):
    return _sensor(defs, work, instance, cursor, name="library_behind_staging")


def test_a_summaries_update_during_a_library_refresh_is_caught_up_by_the_sensor(work):
    """The race a daemon meets when a batch lands while the library refreshes: the refresh read
    staging before the new summaries, and both updates fall between two evaluations, so the
    automation condition counts the update as handled (dagster-io/dagster#24650). The
    `library_behind_staging` sensor compares staging itself and asks for one more refresh once
    staging has settled and no run or command is under way."""
    defs, library, day = _defs(work), dg.AssetKey("search_index"), "cc|2026-03-01"
    with dg.instance_for_test() as instance:
        base = dg.evaluate_automation_conditions(defs=defs, instance=instance)
        defs.resolve_job_def("sessions_job").execute_in_process(partition_key=day, instance=instance)
        first = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=base.cursor)
        assert first.get_num_requested(library) == 1
        defs.resolve_job_def("library_job").execute_in_process(instance=instance)  # reads staging now…
        write_claude_session(work / "projects", "aaaa1111-0000-4000-8000-000000000002", long_turns("ledger2"))
        defs.resolve_job_def("sessions_job").execute_in_process(partition_key=day, instance=instance)  # …then this
        missed = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=first.cursor)
        assert missed.get_num_requested(library) == 0  # the condition alone leaves the library behind

        seen = _catch_up(defs, work, instance, None)
        assert seen.run_requests == [] and "settles" in seen.skip_message
        started = instance.add_run(dg.DagsterRun(job_name="library_job", status=dg.DagsterRunStatus.STARTED))
        assert "under way" in _catch_up(defs, work, instance, seen.cursor).skip_message
        instance.delete_run(started.run_id)
        command = CommandRecord(workspace(work).store)  # a `run` under way
        command.add({"kind": "nothing"})
        command.save()
        assert "under way" in _catch_up(defs, work, instance, seen.cursor).skip_message
        command.close()
        due = _catch_up(defs, work, instance, seen.cursor)
        assert len(due.run_requests) == 1 and due.run_requests[0].run_key == seen.cursor
        defs.resolve_job_def("library_job").execute_in_process(instance=instance)
        done = _catch_up(defs, work, instance, due.cursor)
        assert done.run_requests == [] and "refreshed" in done.skip_message
