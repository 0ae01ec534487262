"""The asset graph end to end, in a temporary Dagster instance, on the bundled samples."""

import shutil
import sys
from pathlib import Path

import dagster as dg
import duckdb
import pytest
from runs import run, workspace
from sessionfiles import write_samples_config

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.library.reader import Library
from jezero_pipeline.library.schema import ITEMS_WITH_ORIGINALS

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def workdir(tmp_path):
    shutil.copytree(REPO / "data" / "samples", tmp_path / "samples")
    write_samples_config(tmp_path / "jezero.toml", tmp_path / "samples", tmp_path / "lib")
    return tmp_path


def test_definitions_load_and_validate():
    defs = build_definitions(load_config(REPO / "jezero.toml"))
    repo = defs.get_repository_def()
    keys = {k.to_user_string() for k in repo.asset_graph.get_all_asset_keys()}
    assert keys == {"raw_sessions", "segments", "redacted_segments", "summaries", "search_index", "embeddings"}
    dims = defs.resolve_job_def("sessions_job").partitions_def.partitions_defs
    assert [d.name for d in dims] == ["connector", "day"]
    assert dims[0].partitions_def.get_partition_keys() == ["claude-code", "codex"]


def test_first_run_builds_a_searchable_library_second_run_does_nothing(workdir):
    with dg.instance_for_test() as instance:
        cc, lib, ok = run(workdir, instance)
        assert ok, cc
        assert cc["docs"] > 0 and cc["calls"] == cc["docs"] and cc["bytes_read"] > 0
        assert lib["refreshed"] and lib["items"] > cc["docs"]  # codex's items too
        path = workdir / "lib" / "library.duckdb"
        con = duckdb.connect(str(path), read_only=True)
        (n,) = con.execute("select count(*) from items").fetchone()
        blob = " ".join(str(r) for r in con.execute(ITEMS_WITH_ORIGINALS).fetchall())
        con.close()
        assert n == lib["items"]
        assert "[REDACTED:" in blob and "sk-proj-" not in blob, "a sample holds a planted fake key"

        # Each session is filed under the day it started: one partition per (connector, day).
        mats = instance.fetch_materializations(dg.AssetKey("summaries"), limit=100).records
        days = {r.asset_materialization.partition for r in mats}
        assert "claude-code|2026-03-04" in days and all("|" in d for d in days)
        runs_before = len(instance.get_run_records())

        # Second run, nothing changed: no run at all, no model call, no transcript byte read.
        again, lib2, ok = run(workdir, instance)
        assert ok and again["calls"] == 0 and again["bytes_read"] == 0 and again["partitions"] == 0
        assert not lib2["refreshed"], "an unchanged library is not rebuilt"
        assert len(instance.get_run_records()) == runs_before, "a tick with nothing changed writes no run"


def test_library_finds_sample_titles_and_exact_strings(workdir):
    with dg.instance_for_test() as instance:
        run(workdir, instance)
    lib = Library(workdir / "lib" / "library.duckdb")
    res = lib.search("ERR_PNPM_OUTDATED_LOCKFILE")
    assert res["count"] >= 1
    top = lib.get_item(res["results"][0]["id"], include_original=True)["item"]
    assert "ERR_PNPM_OUTDATED_LOCKFILE" in top["original"]


def refresh_after_each_partition(monkeypatch) -> None:
    """The run's library refreshes as often as partitions are summarised, however busy the run
    (the sample run is too short to judge; test_engine_refresher tests that rule)."""
    from jezero_pipeline.engine import refresher

    monkeypatch.setattr(refresher, "EVERY_SECONDS", 0.0)
    monkeypatch.setattr(refresher, "MIN_BYTES", 0)
    monkeypatch.setattr(refresher, "LOOK_SECONDS", 0.0)
    monkeypatch.setattr(refresher, "BUSY_SHARE", float("inf"))


def slow_provider():
    """The offline provider at 0.4 s a call: the run's refreshes happen while calls are in flight."""
    import time

    from jezero_pipeline.summarizing.extractive import ExtractiveProvider

    class Slow(ExtractiveProvider):
        def summarize(self, req):
            time.sleep(0.4)
            return super().summarize(req)

    return Slow()


def test_the_library_a_run_refreshed_as_it_went_equals_a_rebuild_from_staging(workdir, monkeypatch):
    """A run refreshes the library while it summarises (here after each partition, while the
    calls of the next are in flight) and once more after: what it leaves is what a full rebuild
    from staging writes."""
    from jezero_pipeline.engine import refresher
    from jezero_pipeline.stages import index

    refresh_after_each_partition(monkeypatch)
    refreshes = []
    real = index.refresh
    monkeypatch.setattr(index, "refresh", lambda ws, **kw: refreshes.append(kw) or real(ws, **kw))
    with dg.instance_for_test() as instance:
        _, lib, ok = run(workdir, instance, provider=slow_provider())
    assert ok and lib["refreshed"]
    during = {"inspect": True, "wait": False, "memory_limit": refresher.MEMORY_LIMIT}
    assert during in refreshes, "the run refreshed the library while it summarised, within its memory limit"
    ws = workspace(workdir)

    def items():
        con = duckdb.connect(str(ws.library_path), read_only=True)
        rows = con.execute(
            "select id, source, external_id, title, summary, list(chunk order by n) from items join originals "
            "using (id) group by all order by id"
        ).fetchall()
        con.close()
        return rows

    def live_items():
        from jezero_pipeline.library.reader import Library

        with Library(ws.library_path) as lib:
            return sorted((i["id"], i["title"]) for i in lib.iter_items(include_original=False))

    after_run = live_items()
    rebuilt = real(ws, rebuild=True)
    assert rebuilt.report.mode == "full" and rebuilt.report.items == len(after_run) > 0
    assert live_items() == after_run and items()
    assert index.is_current(ws)
    assert real(ws).report.mode == "unchanged"


def test_a_refresh_during_the_run_that_runs_out_of_memory_goes_once_more_at_the_default(workdir, monkeypatch, caplog):
    """A merge of a large library may need more than the run's lower limit: the refresh that ran
    out goes once more at the build's default, and so do the run's later ones, instead of the
    run giving up on refreshing until its end."""
    from jezero_pipeline.engine import refresher
    from jezero_pipeline.stages import index

    refresh_after_each_partition(monkeypatch)
    monkeypatch.setattr(refresher, "MEMORY_LIMIT", "4MB")  # below what any build needs
    calls, real = [], index.refresh

    def refresh(ws, **kw):
        try:
            done = real(ws, **kw)
        except Exception as err:
            calls.append((kw, type(err).__name__))
            raise
        calls.append((kw, done.report.mode if done is not None else None))
        return done

    monkeypatch.setattr(index, "refresh", refresh)
    with caplog.at_level("INFO", logger=refresher.__name__), dg.instance_for_test() as instance:
        _, lib, ok = run(workdir, instance, provider=slow_provider())
    assert ok and lib["refreshed"]
    during = [(kw.get("memory_limit"), got) for kw, got in calls if kw.get("wait") is False]
    assert during[0] == ("4MB", "OutOfMemoryException")
    assert during[1][0] is None and during[1][1] in ("full", "delta", "merge")
    assert all(limit is None for limit, _ in during[1:]), during
    assert "ran out of memory at 4MB" in caplog.text and "failed" not in caplog.text


def test_a_run_shortens_the_thread_switch_interval_while_its_threads_work(workdir, monkeypatch):
    """Model calls take the GIL back after every socket read, at the switch interval, while the
    prepare thread computes: a run works at a short interval and puts the interpreter's back."""
    from jezero_pipeline.engine import pipeline as stages_run

    seen: list[float] = []
    real = stages_run.redact_partition

    def recording(*args, **kwargs):
        seen.append(sys.getswitchinterval())
        return real(*args, **kwargs)

    monkeypatch.setattr(stages_run, "redact_partition", recording)
    before = sys.getswitchinterval()
    with dg.instance_for_test() as instance:
        _, _, ok = run(workdir, instance)
    assert ok and seen and set(seen) == {stages_run.HANDOFF_SECONDS}
    assert sys.getswitchinterval() == before != stages_run.HANDOFF_SECONDS


def test_model_change_changes_the_summaries_code_version(workdir):
    cfg_a = load_config(workdir / "jezero.toml")
    write_samples_config(workdir / "jezero.toml", workdir / "samples", workdir / "lib", 'model = "other-model"')
    cfg_b = load_config(workdir / "jezero.toml")

    def versions(cfg):
        graph = build_definitions(cfg).get_repository_def().asset_graph
        return {k.to_user_string(): graph.get(k).code_version for k in graph.get_all_asset_keys()}

    a, b = versions(cfg_a), versions(cfg_b)
    assert a["summaries"] != b["summaries"]
    assert {k: v for k, v in a.items() if k != "summaries"} == {k: v for k, v in b.items() if k != "summaries"}


def test_cli_query_commands_on_the_sample_library(workdir, capsys, monkeypatch):
    import json

    from jezero_pipeline.cli import main

    monkeypatch.setenv("DAGSTER_HOME", str(workdir / "dh"))
    (workdir / "dh").mkdir()
    (workdir / "dh" / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    monkeypatch.chdir(workdir / "samples")  # any working folder: nothing depends on it
    cfg = str(workdir / "jezero.toml")
    assert main(["-c", cfg, "run", "--json"]) == 0
    capsys.readouterr()

    def run_json(*argv):
        rc = main(["-c", cfg, *argv, "--json"])
        return rc, json.loads(capsys.readouterr().out)

    rc, res = run_json("search", "ERR_PNPM_OUTDATED_LOCKFILE")
    assert rc == 0 and res["count"] >= 1
    hit = res["results"][0]
    rc, shown = run_json("show", str(hit["id"]), "--original")
    assert shown["found"] and "ERR_PNPM_OUTDATED_LOCKFILE" in shown["item"]["original"]
    rc, tl = run_json("timeline", "--limit", "3")
    assert rc == 0 and 1 <= tl["count"] <= 3
    rc, src = run_json("sources")
    assert {s["source"] for s in src["sources"]} == {"claude-code", "codex"}
    rc, _ = run_json("show", "987654")
    assert rc == 1

    cases = workdir / "cases.toml"
    cases.write_text(
        '[defaults]\nk = 3\n\n[[case]]\nid = "pnpm"\nquestion = "why did CI fail on the lockfile?"\n'
        f'query = "ERR_PNPM_OUTDATED_LOCKFILE"\nexpect = ["{hit["source"]}:{hit["external_id"]}"]\n'
        '\n[[case]]\nid = "nothing"\nquestion = "q"\nquery = "zzzqqq nonexistentword"\nexpect = [1]\n'
    )
    rc, ev = run_json("eval", str(cases), "--mode", "lexical")  # by meaning, the nearest items answer anything
    assert rc == 0 and ev["hit@1"] == 0.5 and ev["hit@k"] == 0.5
    assert main(["-c", cfg, "eval", str(cases), "--mode", "lexical", "--fail-under", "0.9"]) == 1
    capsys.readouterr()
    assert main(["-c", cfg, "search", "   "]) == 2  # an empty query is a clear usage error
    assert "empty" in capsys.readouterr().err.lower()


def test_bad_files_are_skipped_with_a_warning_and_nothing_else_is_lost(workdir):
    projects = workdir / "samples" / "claude-code" / "projects" / "-home-dev-broken"
    projects.mkdir(parents=True)
    (projects / "11111111-2222-4333-8444-555555555555.jsonl").write_bytes(b"")
    (projects / "66666666-2222-4333-8444-555555555555.jsonl").write_bytes(b"{not json\n\xff\xfe\n")
    with dg.instance_for_test() as instance:
        cc, _, ok = run(workdir, instance)
        assert ok
        assert cc["skipped_files"] >= 2 and cc["sessions"] == 3  # the three good samples
        events = instance.fetch_materializations(dg.AssetKey("raw_sessions"), limit=50).records
        reasons = "\n".join(
            e.asset_materialization.metadata["skipped_reasons"].value
            for e in events
            if "skipped_reasons" in e.asset_materialization.metadata
        )
    assert "11111111-2222-4333-8444-555555555555.jsonl: empty file" in reasons
    assert "66666666-2222-4333-8444-555555555555.jsonl: line 1: not JSON" in reasons
