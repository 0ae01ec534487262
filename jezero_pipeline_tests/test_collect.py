"""The collect stage: days decided once, only changed units read, stored sessions never lost."""

import json
import os
import time
from datetime import UTC, datetime

import dagster as dg
import pytest
from runs import run, summarizer, workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.models import Partition
from jezero_pipeline.sessions.claude_code import ClaudeCodeConnector
from jezero_pipeline.stages.collect import Collector, survey_connector
from jezero_pipeline.stages.plan import plan_run
from jezero_pipeline.stages.redact import redact_partition
from jezero_pipeline.stages.segment import segment_partition
from jezero_pipeline.staging.tables import RAW_SESSIONS

DAY = Partition("cc", "2026-03-01")


@pytest.fixture
def work(tmp_path):
    write_config(tmp_path, provider="extractive", model="")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    return tmp_path


def _collect(work, part=DAY):
    ws = workspace(work)
    collector = Collector(ws, survey_connector(ws, "cc", time.time()), time.time())
    sessions, report = collector.collect(part)
    collector.save()
    return sessions, report


def _append(path, text, uuid, when="2026-03-01T10:00:00Z"):
    line = json.loads(path.read_text().splitlines()[-1])
    line.update(uuid=uuid, timestamp=when, message={"role": "user", "content": text})
    with open(path, "a") as f:
        f.write(json.dumps(line) + "\n")


def test_a_grown_file_is_appended_to_its_stored_session(work):
    """A transcript that only grew: the stored blocks stay, the new ones are added, ids are stable."""
    path = next((work / "projects").rglob("*.jsonl"))
    first, _ = _collect(work)
    n = len(first[0].blocks)
    _append(path, "One more question about the ledger totals.", "new-1")
    grown, rep = _collect(work)
    assert rep.new_or_changed == 1 and 0 < rep.bytes_read < path.stat().st_size  # only the new bytes
    assert [s.session_id for s in grown] == [s.session_id for s in first]
    assert len(grown[0].blocks) == n + 1 and grown[0].blocks[:n] == first[0].blocks
    assert "ledger totals" in grown[0].blocks[-1].text

    # if the stored sessions vanish, a grown file is read whole next time, never stored in half
    workspace(work).store.path(RAW_SESSIONS, DAY).unlink()
    _append(path, "And one more.", "new-2")
    partial, rep = _collect(work)
    assert partial == [] and "stored session is missing" in rep.warnings[0]
    whole, _ = _collect(work)
    assert len(whole[0].blocks) == n + 2


def test_a_run_over_many_days_walks_the_connector_s_tree_once(work, monkeypatch):
    """Each day's scan reads a few units; listing the whole tree for each cost more than reading them."""
    for i in range(4):
        write_claude_session(work / "projects", f"dddd{i:04d}-0000-4000-8000-00000000000{i}", long_turns(f"topic{i}"),
                             start=datetime(2026, 3, 2 + i, 9, tzinfo=UTC))  # fmt: skip
    ws = workspace(work)
    survey = survey_connector(ws, "cc", time.time())
    days = sorted(survey.changed())
    assert len(days) == 5
    walks = []
    listing = ClaudeCodeConnector.session_files
    monkeypatch.setattr(ClaudeCodeConnector, "session_files", lambda self, r: walks.append(1) or listing(self, r))
    collector = Collector(ws, survey, time.time())
    sessions = {part.day: collector.collect(part)[0] for part in days}
    assert len(walks) == 1
    assert [len(found) for found in sessions.values()] == [1] * 5, "each day reads its own session"
    assert len({found[0].session_id for found in sessions.values()}) == 5


def test_a_survey_holds_one_partition_per_day_and_no_dict_per_unit(work):
    """A run keeps its survey (one entry per session) to its end: units of a day share one
    Partition, also after the first plan pins the first day and files every unit again."""
    for i in range(3):
        write_claude_session(work / "projects", f"eeee{i:04d}-0000-4000-8000-00000000000{i}", long_turns(f"same{i}"),
                             start=datetime(2026, 3, 1, 10 + i, tzinfo=UTC))  # fmt: skip
    ws = workspace(work)
    assert ws.first_day is None
    plan = plan_run(ws, ["cc"], time.time())
    units = plan.surveys["cc"].units
    assert len(units) == 4 and {u.part for u in units} == {DAY}
    assert len({id(u.part) for u in units}) == 1, "one Partition object for the day, not one per unit"
    again = survey_connector(workspace(work), "cc", time.time()).units
    assert len({id(u.part) for u in again}) == 1
    assert not any(hasattr(o, "__dict__") for u in again for o in (u, u.unit))


def test_a_session_growing_past_midnight_stays_in_its_first_day(work):
    path = next((work / "projects").rglob("*.jsonl"))
    _collect(work)
    _append(path, "Still here after midnight, ledger again.", "late-1", when="2026-03-02T00:30:00Z")
    ws = workspace(work)
    survey = survey_connector(ws, "cc", time.time())
    assert survey.changed() == {DAY: 1}, "the grown file is filed under the day it started"
    sessions, _ = _collect(work)
    assert "after midnight" in sessions[0].blocks[-1].text
    assert not ws.store.exists(RAW_SESSIONS, Partition("cc", "2026-03-02"))


def test_an_old_file_edited_months_later_rematerialises_only_its_own_day(work):
    old = write_claude_session(work / "projects", "bbbb2222-0000-4000-8000-000000000002", long_turns("archive"),
                               start=datetime(2025, 11, 3, 9, tzinfo=UTC))  # fmt: skip
    with dg.instance_for_test() as instance:
        run(work, instance)
        _append(old, "Revisiting the archive months later.", "late", when="2026-06-01T09:00:00Z")
        stamp = time.time() - 3600
        os.utime(old, (stamp, stamp))
        cc, _, ok = run(work, instance)
        assert ok and cc["partitions"] == 1 and cc["new_or_changed"] == 1
        latest = instance.fetch_materializations(dg.AssetKey("raw_sessions"), limit=1).records[0]
        assert latest.asset_materialization.partition == "cc|2025-11-03"
        assert cc["calls"] >= 1 and cc["reused"] >= 1, "only the changed segment is summarised"


def test_a_session_older_than_the_first_day_is_filed_under_it_not_dropped(work):
    (work / "jezero.toml").write_text((work / "jezero.toml").read_text() + '\n[partitions]\nfirst_day = "2025-01-01"\n')
    write_claude_session(work / "projects", "cccc3333-0000-4000-8000-000000000003", long_turns("ancient"),
                         start=datetime(2019, 5, 1, 9, tzinfo=UTC))  # fmt: skip
    ws = workspace(work)
    survey = survey_connector(ws, "cc", time.time())
    assert Partition("cc", "2025-01-01") in survey.changed()


def test_the_first_day_is_the_oldest_sessions_and_stays_where_it_was_chosen(work):
    """No first_day in the config: the first plan pins the oldest session's day (the grid starts
    where the data starts); a session older still, found later, is filed under it."""
    write_claude_session(work / "projects", "bbbb2222-0000-4000-8000-000000000002", long_turns("older"),
                         start=datetime(2026, 2, 20, 9, tzinfo=UTC))  # fmt: skip
    ws = workspace(work)
    assert ws.first_day is None and ws.dagster_first_day().isoformat() == "2025-01-01"
    plan = plan_run(ws, ["cc"], time.time())
    assert sorted(p.day for p in plan.changed) == ["2026-02-20", "2026-03-01"]
    assert workspace(work).first_day.isoformat() == "2026-02-20"  # pinned in staging, for every process
    write_claude_session(work / "projects", "cccc3333-0000-4000-8000-000000000003", long_turns("ancient"),
                         start=datetime(2019, 5, 1, 9, tzinfo=UTC))  # fmt: skip
    again = plan_run(workspace(work), ["cc"], time.time())
    assert Partition("cc", "2026-02-20") in again.changed and min(p.day for p in again.changed) == "2026-02-20"
    ws = workspace(work)
    assert ws.dagster_first_day().isoformat() == "2026-02-20"


def test_staging_filled_before_the_first_day_was_chosen_keeps_the_old_default(work):
    """Staging an earlier version filled (the first day was 2025-01-01 then) keeps filing older
    sessions under 2025-01-01: no stored partition moves."""
    write_claude_session(work / "projects", "cccc3333-0000-4000-8000-000000000003", long_turns("ancient"),
                         start=datetime(2019, 5, 1, 9, tzinfo=UTC))  # fmt: skip
    ws = workspace(work)
    ws.store.write(RAW_SESSIONS, Partition("cc", "2025-01-01"), [])
    plan_run(ws, ["cc"], time.time())
    assert workspace(work).first_day.isoformat() == "2025-01-01"


def test_a_bad_or_shrunken_source_never_drops_the_stored_session(work):
    """A transcript rewritten to nothing, then cut short, then restored: the last good copy
    stays, a warning names the file, and nothing is paid again when it recovers."""
    path = next((work / "projects").rglob("*.jsonl"))
    good = path.read_text()
    first, _ = _collect(work)
    blocks = len(first[0].blocks)

    path.write_text("")
    os.utime(path, (time.time() - 120, time.time() - 120))
    kept, rep = _collect(work)
    assert len(kept[0].blocks) == blocks and any(str(path) in w for w in rep.warnings)

    path.write_text("\n".join(good.splitlines()[:2]) + "\n")  # cut short
    os.utime(path, (time.time() - 60, time.time() - 60))
    kept, rep = _collect(work)
    assert len(kept[0].blocks) == blocks
    assert any("the stored copy is kept" in w and str(path) in w for w in rep.warnings)

    path.write_text(good)  # restored: same content, same segments, same hashes
    sessions, _ = _collect(work)
    assert len(sessions[0].blocks) == blocks
    ws = workspace(work)
    rows, _ = segment_partition(ws, DAY)
    stage = summarizer(ws)
    redact_partition(ws, DAY)
    job = stage.plan(DAY)
    if job is not None:
        stage.run(job)
    stage.close()
    ws2 = workspace(work)
    redact_partition(ws2, DAY)
    again = summarizer(ws2)
    assert again.plan(DAY) is None or again.plan(DAY).todo == [], "nothing is paid again"


def test_unchanged_partitions_are_skipped_and_a_change_redoes_only_what_it_touches(work):
    """A stage whose input file and settings are those it was built from does no work at all."""

    def stages():
        ws = workspace(work)
        c = _collect(work)[1]
        s = segment_partition(ws, DAY)[1]
        r = redact_partition(ws, DAY)[1]
        stage = summarizer(ws)
        job = stage.plan(DAY)
        if job is not None:
            stage.run(job)
        m = stage.close()[DAY]
        return c, s, r, m

    first = stages()
    assert [x.current for x in first] == [False] * 4
    again = stages()
    assert [x.current for x in again] == [True] * 4
    assert [x.digest for x in again] == [x.digest for x in first]
    assert again[3].calls == 0 and again[1].segments == first[1].segments

    text = (work / "jezero.toml").read_text()
    (work / "jezero.toml").write_text(text.replace("max_input_chars = 2000", "max_input_chars = 1500"))
    resegmented = stages()
    assert [x.current for x in resegmented] == [True, False, False, False]
    assert resegmented[1].segments > first[1].segments and resegmented[3].calls > 0

    text = (work / "jezero.toml").read_text()
    (work / "jezero.toml").write_text(
        text.replace("[[connectors]]", '[redaction]\nextra_patterns = ["zzqq\\\\d+"]\n[[connectors]]')
    )
    reredacted = stages()
    assert [x.current for x in reredacted] == [True, True, False, False]
    assert reredacted[3].calls == 0, "same redacted text, same content hashes: nothing is paid again"
