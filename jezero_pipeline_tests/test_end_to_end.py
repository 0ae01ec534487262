"""The asset graph end to end, in a temporary Dagster instance, on the bundled samples."""

import shutil
from pathlib import Path

import dagster as dg
import duckdb
import pytest
from sessionfiles import write_samples_config

from jezero_pipeline.cli import run_connectors
from jezero_pipeline.config import load_config
from jezero_pipeline.defs.build import build_definitions
from jezero_pipeline.library.reader import Library

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def workdir(tmp_path):
    shutil.copytree(REPO / "data" / "samples", tmp_path / "samples")
    write_samples_config(tmp_path / "jezero.toml", tmp_path / "samples", tmp_path / "lib")
    return tmp_path


def _run(path: Path, instance):
    cfg = load_config(path / "jezero.toml")
    return run_connectors(cfg, str(path / "jezero.toml"), [c.name for c in cfg.connectors], instance=instance)


def test_definitions_load_and_validate():
    defs = build_definitions(load_config(REPO / "jezero.toml"))
    repo = defs.get_repository_def()
    keys = {k.to_user_string() for k in repo.asset_graph.get_all_asset_keys()}
    assert keys == {"raw_sessions", "segments", "redacted_segments", "summaries", "search_index"}
    assert defs.resolve_job_def("connector_job").partitions_def.get_partition_keys() == ["claude-code", "codex"]


def test_first_run_builds_a_searchable_library_second_run_does_nothing(workdir):
    with dg.instance_for_test() as instance:
        reports, ok = _run(workdir, instance)
        assert ok, reports
        by = {r.get("connector"): r for r in reports}
        assert by["claude-code"]["docs"] > 0 and by["codex"]["docs"] > 0
        assert by["claude-code"]["calls"] == by["claude-code"]["docs"]
        assert by["claude-code"]["bytes_read"] > 0
        assert reports[-1]["items"] == by["claude-code"]["stored"] + by["codex"]["stored"]
        assert any(r["redactions"] > 0 for r in reports[:-1]), "a sample holds a planted fake key"

        lib = workdir / "lib" / "library.duckdb"
        con = duckdb.connect(str(lib), read_only=True)
        (n,) = con.execute("select count(*) from items").fetchone()
        blob = " ".join(str(r) for r in con.execute("select * from items").fetchall())
        con.close()
        assert n == reports[-1]["items"]
        assert "[REDACTED:" in blob and "sk-proj-" not in blob

        # Second run, nothing changed: no summariser work and no transcript bytes read.
        again, ok = _run(workdir, instance)
        assert ok
        for r in again[:-1]:
            assert r["calls"] == 0 and r["bytes_read"] == 0 and r["unchanged"] == r["docs"]
        assert reports[-1]["rebuilt"] and not again[-1]["rebuilt"], "an unchanged library is not rebuilt"
        latest = instance.fetch_materializations(dg.AssetKey("summaries"), limit=1).records[0]
        assert latest.asset_materialization.metadata["unchanged_partition"].value is True
        assert again[-1]["items"] == reports[-1]["items"]

        # Both runs and their materialisations are in the instance (what the UI shows).
        mats = instance.fetch_materializations(dg.AssetKey("summaries"), limit=10).records
        assert len(mats) == 4  # 2 partitions x 2 runs
        assert len(instance.fetch_materializations(dg.AssetKey("search_index"), limit=10).records) == 1


def test_library_finds_sample_titles_and_exact_strings(workdir):
    with dg.instance_for_test() as instance:
        _run(workdir, instance)
    lib = Library(workdir / "lib" / "library.duckdb")
    res = lib.search("ERR_PNPM_OUTDATED_LOCKFILE")
    assert res["count"] >= 1
    top = lib.get_item(res["results"][0]["id"], include_original=True)["item"]
    assert "ERR_PNPM_OUTDATED_LOCKFILE" in top["original"]


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
    rc, ev = run_json("eval", str(cases))
    assert rc == 0 and ev["hit@1"] == 0.5 and ev["hit@k"] == 0.5
    assert main(["-c", cfg, "eval", str(cases), "--fail-under", "0.9"]) == 1
    capsys.readouterr()
    assert main(["-c", cfg, "search", "   "]) == 2  # an empty query is a clear usage error
    assert "empty" in capsys.readouterr().err.lower()


def test_bad_files_are_skipped_with_a_warning_and_nothing_else_is_lost(workdir):
    projects = workdir / "samples" / "claude-code" / "projects" / "-home-dev-broken"
    projects.mkdir(parents=True)
    (projects / "11111111-2222-4333-8444-555555555555.jsonl").write_bytes(b"")
    (projects / "66666666-2222-4333-8444-555555555555.jsonl").write_bytes(b"{not json\n\xff\xfe\n")
    with dg.instance_for_test() as instance:
        reports, ok = _run(workdir, instance)
        assert ok
        cc = reports[0]
        assert cc["skipped_files"] >= 2 and cc["sessions"] == 3  # the three good samples
        events = instance.fetch_materializations(dg.AssetKey("raw_sessions"), limit=5).records
        reasons = [
            e.asset_materialization.metadata["skipped_reasons"].value
            for e in events
            if e.asset_materialization.partition == "claude-code"
        ][0]
    assert "11111111-2222-4333-8444-555555555555.jsonl: empty file" in reasons
    assert "66666666-2222-4333-8444-555555555555.jsonl: line 1: not JSON" in reasons
