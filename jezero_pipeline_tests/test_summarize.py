"""Pay once: the summarise stage against the fake model server, in a temporary Dagster instance."""

import json

import dagster as dg
import duckdb
import pytest
from runs import run, workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.config import load_config
from jezero_pipeline.defs.definitions import build_definitions
from jezero_pipeline.models import Partition
from jezero_pipeline.staging.tables import SUMMARIES

SECRET = "sk-ant-api03-" + "Zq8Xw2Lk5Rt9Vb3Nm7Jh4Gf6Ds1Ap0Oi" * 2 + "AA"
DAY = Partition("cc", "2026-03-01")


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


def _code_version(workdir):
    defs = build_definitions(load_config(workdir / "jezero.toml"))
    return defs.get_repository_def().asset_graph.get(dg.AssetKey("summaries")).code_version


def test_first_run_pays_once_and_an_unchanged_run_pays_nothing(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        first, lib, ok = run(tmp_path, instance)
        assert ok, first
        n = first["docs"]
        assert n >= 4, "long sessions are split into several segments"
        assert first["calls"] == n == fake_server.total_calls
        assert first["input_tokens"] > 0 and first["output_tokens"] > 0
        assert lib["items"] == n

        # no planted secret reached the model, the library or any staging file downstream of redaction
        assert all(SECRET not in body for body in fake_server.request_bodies)
        assert any("[REDACTED:" in body for body in fake_server.request_bodies)
        assert SECRET.encode() not in (tmp_path / "library.duckdb").read_bytes()
        for asset in ("redacted_segments", "summaries"):
            assert SECRET.encode() not in (tmp_path / "staging" / asset / "cc" / "2026-03-01.parquet").read_bytes()

        second, lib, ok = run(tmp_path, instance)
        assert ok and second["calls"] == 0 and second["partitions"] == 0 and not lib["refreshed"]
        assert fake_server.total_calls == n


def test_a_model_change_pays_nothing_until_a_resummarize_of_that_day(tmp_path, fake_server):
    """A scheduled or plain run keeps summaries of an older generation; a re-summarise of a day
    pays for exactly that day's segments."""
    from jezero_pipeline.cli import main

    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    write_claude_session(
        tmp_path / "projects",
        "cccc3333-0000-4000-8000-000000000003",
        long_turns("other day"),
        start=__import__("datetime").datetime(2026, 3, 5, 9, tzinfo=__import__("datetime").UTC),
    )
    with dg.instance_for_test() as instance:
        first, _, ok = run(tmp_path, instance)
        assert ok
        n = first["docs"]
        first_day_docs = len(workspace(tmp_path).store.read(SUMMARIES, DAY))
        old_version = _code_version(tmp_path)
        write_config(tmp_path, base_url=fake_server.anthropic_base_url, model="another-model")
        assert _code_version(tmp_path) != old_version  # the UI shows the summaries unsynced

        # a new session on another day, then a plain run: only the new session is paid for
        write_claude_session(
            tmp_path / "projects",
            "dddd4444-0000-4000-8000-000000000004",
            long_turns("fresh"),
            start=__import__("datetime").datetime(2026, 3, 9, 9, tzinfo=__import__("datetime").UTC),
        )
        plain, _, ok = run(tmp_path, instance)
        new_docs = plain["docs"]
        assert ok and plain["calls"] == new_docs == fake_server.total_calls - n
        bodies = fake_server.request_bodies[n:]
        assert {json.loads(b)["model"] for b in bodies} == {"another-model"}
        rows = workspace(tmp_path).store.read(SUMMARIES, DAY)
        assert {r["generation"] for r in rows} == {old_version}, "old summaries kept, not paid again"

    # the re-summarise of one day, previewed, then paid: exactly that day's segments
    cfg = str(tmp_path / "jezero.toml")
    calls = fake_server.total_calls
    assert main(["-c", cfg, "resummarize", "--since", DAY.day, "--until", DAY.day, "--dry-run", "--json"]) == 0
    assert fake_server.total_calls == calls
    assert main(["-c", cfg, "resummarize", "--since", DAY.day, "--until", DAY.day, "--json"]) == 0
    assert fake_server.total_calls - calls == first_day_docs
    rows = workspace(tmp_path).store.read(SUMMARIES, DAY)
    assert {r["generation"] for r in rows} == {_code_version(tmp_path)}


def test_resummarize_dry_run_prints_calls_tokens_and_cost(tmp_path, fake_server, capsys):
    from jezero_pipeline.cli import main

    write_config(tmp_path, base_url=fake_server.anthropic_base_url,
                 extra="price_input_per_mtok = 1.0\nprice_output_per_mtok = 5.0")  # fmt: skip
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        first, _, _ = run(tmp_path, instance)
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, model="another-model",
                 extra="price_input_per_mtok = 1.0\nprice_output_per_mtok = 5.0")  # fmt: skip
    capsys.readouterr()
    assert main(["-c", str(tmp_path / "jezero.toml"), "resummarize", "--connector", "cc", "--dry-run", "--json"]) == 0
    preview = json.loads(capsys.readouterr().out)
    assert preview["calls"] == first["docs"] and preview["input_tokens"] > 0
    assert preview["estimated_cost_usd"] > 0


def test_the_summaries_code_version_records_the_generation_they_are_on(tmp_path, fake_server):
    """What the UI shows: a plain run after a model change keeps old summaries, so the
    materialisation stays on the old code version (unsynced) until a re-summarise."""
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        run(tmp_path, instance)
        ev = instance.get_latest_materialization_event(dg.AssetKey("summaries"))
        recorded = ev.asset_materialization.tags["dagster/code_version"]
        assert recorded == _code_version(tmp_path)
        assert ev.asset_materialization.metadata["old_generation_summaries"].value == 0


def test_failed_segment_is_recorded_and_retried_next_run(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path, fail_one=True)
    fake_server.fail_when_contains("FAIL-ME", "400")  # a non-retryable error
    with dg.instance_for_test() as instance:
        first, lib, ok = run(tmp_path, instance)
        assert not ok and first["failed"] == 1
        assert lib["items"] == first["docs"] - 1, "the failed segment is not in the library"
        rows = workspace(tmp_path).store.read(SUMMARIES, DAY)
        failed = [r for r in rows if r["status"] == "failed"]
        assert len(failed) == 1 and "400" in failed[0]["error"]
        assert fake_server.total_calls == first["docs"]  # a 400 was not retried

        fake_server.reset()  # the provider is healthy again; the partition is open, so it is planned
        write_claude_session(tmp_path / "projects", "eeee5555-0000-4000-8000-000000000005", long_turns("nudge"))
        second, lib, ok = run(tmp_path, instance)
        assert ok and second["calls"] == fake_server.total_calls
        assert lib["items"] == first["docs"] + second["stored"] - 1


def test_a_budget_of_n_attempts_spans_partitions_and_defers_the_rest(tmp_path, fake_server):
    """One budget per run, across every partition, counting HTTP attempts (retries too)."""
    from datetime import UTC, datetime

    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1, extra="max_calls_per_run = 3")
    for i, d in enumerate((1, 2, 3)):
        write_claude_session(tmp_path / "projects", f"aaaa000{i}-0000-4000-8000-00000000000{i}",
                             long_turns(f"topic{i}"), start=datetime(2026, 3, d, 9, tzinfo=UTC))  # fmt: skip
    fake_server.plan(["503"])  # the first call needs a retry: two attempts
    with dg.instance_for_test() as instance:
        first, lib, _ = run(tmp_path, instance)
        assert fake_server.total_calls == 3, "N attempts, no more"
        assert first["calls"] == 2 and first["stored"] == 2
        assert first["pending_budget"] == first["docs"] - 2 and first["partitions"] == 3
        assert lib["items"] == 2
        second, lib, _ = run(tmp_path, instance)  # the deferred ones are done next run
        assert second["calls"] == 3 and lib["items"] == 5


def test_retries_inside_the_step_do_not_pay_twice(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    _sessions(tmp_path)
    fake_server.plan(["429:0", "503"])
    with dg.instance_for_test() as instance:
        first, _, ok = run(tmp_path, instance)
        assert ok and first["failed"] == 0
        assert fake_server.total_calls == first["docs"] + 2


def test_openai_compatible_provider_end_to_end(tmp_path, fake_server):
    write_config(tmp_path, provider="openai_compatible", base_url=fake_server.openai_base_url)
    _sessions(tmp_path)
    with dg.instance_for_test() as instance:
        first, lib, ok = run(tmp_path, instance)
        assert ok and first["calls"] == first["docs"] == lib["items"]
    body = fake_server.request_json(0)
    assert body["response_format"]["type"] == "json_schema"
    con = duckdb.connect(str(tmp_path / "library.duckdb"), read_only=True)
    titles = [r[0] for r in con.execute("select title from items").fetchall()]
    con.close()
    assert all(titles)
