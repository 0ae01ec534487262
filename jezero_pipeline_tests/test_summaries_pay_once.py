"""Pay once: the summaries asset against the fake model server, in a temporary Dagster instance."""

import json

import dagster as dg
import duckdb
import pytest
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.cli import run_connectors
from jezero_pipeline.config import load_config
from jezero_pipeline.defs.build import build_definitions
from jezero_pipeline.staging import Staging

SECRET = "sk-ant-api03-" + "Zq8Xw2Lk5Rt9Vb3Nm7Jh4Gf6Ds1Ap0Oi" * 2 + "AA"


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


def _sessions(workdir, fail_one=False):
    projects = workdir / "projects"
    write_claude_session(projects, "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    turns = long_turns("scheduler")
    turns[2] = ("user", f"export ANTHROPIC_API_KEY={SECRET} then retry the deploy {'FAIL-ME' if fail_one else ''}")
    write_claude_session(projects, "bbbb2222-0000-4000-8000-000000000002", turns)


def _run(workdir, instance):
    cfg = load_config(workdir / "jezero.toml")
    reports, ok = run_connectors(cfg, str(workdir / "jezero.toml"), ["cc"], instance=instance)
    return reports[0], reports[-1], ok


def test_first_second_and_model_change(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        first, lib, ok = _run(tmp_path, instance)
        assert ok, first
        n = first["docs"]
        assert n >= 4, "long sessions are split into several segments"
        assert first["calls"] == n == fake_server.total_calls
        assert first["input_tokens"] > 0 and first["output_tokens"] > 0
        assert lib["items"] == n

        # no planted secret reached the model, the library or any staging file downstream of redaction
        assert all(SECRET not in body for body in fake_server.request_bodies)
        assert any("[REDACTED:" in body for body in fake_server.request_bodies)
        blob = (tmp_path / "library.duckdb").read_bytes()
        assert SECRET.encode() not in blob
        for asset in ("redacted_segments", "summaries"):
            assert SECRET.encode() not in (tmp_path / "staging" / asset / "cc.parquet").read_bytes()

        second, _, ok = _run(tmp_path, instance)
        assert ok and second["calls"] == 0 and second["unchanged"] == n
        assert fake_server.total_calls == n

        # A model change: a new code version, and exactly this partition's segments again.
        old_version = _code_version(tmp_path)
        write_config(tmp_path, base_url=fake_server.anthropic_base_url, model="another-model")
        assert _code_version(tmp_path) != old_version
        third, lib, ok = _run(tmp_path, instance)
        assert ok and third["calls"] == n and lib["items"] == n
        assert fake_server.total_calls == 2 * n
        models = {json.loads(b)["model"] for b in fake_server.request_bodies[n:]}
        assert models == {"another-model"}


def _code_version(workdir):
    defs = build_definitions(load_config(workdir / "jezero.toml"))
    graph = defs.get_repository_def().asset_graph
    return graph.get(dg.AssetKey("summaries")).code_version


def test_unsynced_after_model_change(tmp_path, fake_server):
    """What the UI shows: the summaries' recorded code version differs from the current one."""
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        _run(tmp_path, instance)
        ev = instance.get_latest_materialization_event(dg.AssetKey("summaries"))
        recorded = ev.asset_materialization.tags["dagster/code_version"]
        assert recorded == _code_version(tmp_path)
        write_config(tmp_path, base_url=fake_server.anthropic_base_url, model="another-model")
        assert recorded != _code_version(tmp_path)


def test_failed_segment_is_recorded_and_retried_next_run(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path, fail_one=True)
    fake_server.fail_when_contains("FAIL-ME", "400")  # a non-retryable error
    with dg.instance_for_test() as instance:
        first, lib, ok = _run(tmp_path, instance)
        assert not ok and first["failed"] == 1
        assert lib["items"] == first["docs"] - 1, "the failed segment is not in the library"
        rows = Staging(tmp_path / "staging").read_rows("summaries", "cc")
        failed = [r for r in rows if r["status"] == "failed"]
        assert len(failed) == 1 and "400" in failed[0]["error"]
        calls = fake_server.total_calls

        fake_server.reset()  # the provider is healthy again
        second, lib, ok = _run(tmp_path, instance)
        assert ok and second["calls"] == 1 and second["stored"] == 1
        assert lib["items"] == first["docs"]
        assert calls == first["docs"]  # a 400 was not retried


def test_call_budget_leaves_the_rest_for_the_next_run(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, extra="max_calls_per_run = 2")
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        first, lib, _ = _run(tmp_path, instance)
        assert first["calls"] == 2 and first["pending_budget"] == first["docs"] - 2
        assert lib["items"] == 2
        second, lib, _ = _run(tmp_path, instance)
        assert second["calls"] == 2 and lib["items"] == 4


def test_retries_inside_the_step_do_not_pay_twice(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    fake_server.plan(["429:0", "503"])
    with dg.instance_for_test() as instance:
        first, _, ok = _run(tmp_path, instance)
        assert ok and first["failed"] == 0
        assert fake_server.total_calls == first["docs"] + 2


def test_openai_compatible_provider_end_to_end(tmp_path, fake_server):
    write_config(tmp_path, provider="openai_compatible", base_url=fake_server.openai_base_url)
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        first, lib, ok = _run(tmp_path, instance)
        assert ok and first["calls"] == first["docs"] == lib["items"]
    body = fake_server.request_json(0)
    assert body["response_format"]["type"] == "json_schema"
    con = duckdb.connect(str(tmp_path / "library.duckdb"), read_only=True)
    titles = [r[0] for r in con.execute("select title from items").fetchall()]
    con.close()
    assert all(titles)
