"""Grouping changed partitions into runs: as few runs as hold nothing that did not change; and
the survey behind a plan is let go before the library build."""

import gc

from hypothesis import given, settings
from hypothesis import strategies as st
from opsfixtures import one_session_workspace
from runs import run_report

from jezero_pipeline.models import Partition
from jezero_pipeline.sessions.base import Unit
from jezero_pipeline.stages import index
from jezero_pipeline.stages.plan import day_runs, plan_ranges

ORDER = ["a", "b", "c"]


def test_today_for_every_connector_is_one_run():
    rects = plan_ranges([Partition(c, "2026-03-01") for c in ORDER], ORDER)
    assert [(r.connectors, r.first_day, r.last_day) for r in rects] == [(("a", "b", "c"), "2026-03-01", "2026-03-01")]


def test_an_old_edit_and_today_are_two_runs_not_one_range_over_months():
    rects = plan_ranges([Partition("a", "2025-11-03"), Partition("a", "2026-03-01")], ORDER,
                            {"a": {"2025-11-03", "2025-12-01", "2026-03-01"}})  # fmt: skip
    assert sorted((r.first_day, r.last_day) for r in rects) == [("2025-11-03", "2025-11-03"),
                                                                ("2026-03-01", "2026-03-01")]  # fmt: skip


def test_empty_days_are_bridged_but_days_holding_other_sessions_are_not():
    assert day_runs(["2026-03-01", "2026-03-04"], occupied={"2026-03-01", "2026-03-04"}) == [
        ("2026-03-01", "2026-03-04")
    ]
    assert day_runs(["2026-03-01", "2026-03-04"], occupied={"2026-03-02"}) == [
        ("2026-03-01", "2026-03-01"), ("2026-03-04", "2026-03-04")]  # fmt: skip
    assert len(day_runs(["2026-03-01", "2026-03-20"], occupied=set())) == 2  # a long gap is not bridged


def test_connectors_that_are_not_neighbours_in_config_order_are_not_joined_over_one_between():
    rects = plan_ranges([Partition("a", "2026-03-01"), Partition("c", "2026-03-01")], ORDER)
    assert sorted(r.connectors for r in rects) == [("a",), ("c",)]


days = st.dates(min_value=__import__("datetime").date(2026, 1, 1), max_value=__import__("datetime").date(2026, 2, 28))


@settings(max_examples=200, deadline=None)
@given(st.sets(st.tuples(st.sampled_from(ORDER), days), min_size=1, max_size=30),
       st.sets(st.tuples(st.sampled_from(ORDER), days), max_size=30))  # fmt: skip
def test_ranges_cover_every_change_and_nothing_else_that_holds_sessions(changed, others):
    parts = {Partition(c, d.isoformat()) for c, d in changed}
    occupied: dict[str, set[str]] = {}
    for p in parts | {Partition(c, d.isoformat()) for c, d in others}:
        occupied.setdefault(p.connector, set()).add(p.day)
    rects = plan_ranges(parts, ORDER, occupied)
    covered = [p for r in rects for p in r.partitions()]
    assert parts <= set(covered)
    assert len(covered) == len(set(covered)), "no partition is in two runs"
    for p in set(covered) - parts:
        assert p.day not in occupied.get(p.connector, set()), f"{p} holds sessions but did not change"


def test_a_run_lets_go_of_its_survey_before_the_library_build(tmp_path, monkeypatch):
    """The survey holds an object per session (10,000 of them at 10,000 sessions); the library
    build, the run's largest step, starts with none of them alive."""
    alive: list[int] = []
    refresh = index.refresh

    def counting(*args, **kwargs):
        gc.collect()
        alive.append(sum(isinstance(o, Unit) and str(tmp_path) in o.key for o in gc.get_objects()))  # this run's
        return refresh(*args, **kwargs)

    monkeypatch.setattr(index, "refresh", counting)
    report = run_report(one_session_workspace(tmp_path), None)
    assert report.library.refreshed and report.connectors[0].partitions >= 1
    assert alive == [0]
