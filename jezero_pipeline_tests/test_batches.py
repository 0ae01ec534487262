"""Batch mode through the real SDKs against the fake server's batch APIs: half the price, every
summary stored, a waiting segment never asked again, the blocking check before every batch."""

from __future__ import annotations

import json

import pytest
from batchfixtures import KINDS, batch_docs, batch_work, segment_ids, stored, without
from runs import workspace
from sessionfiles import long_turns

from jezero_pipeline import service
from jezero_pipeline.config import SummarizerConfig
from jezero_pipeline.operations.preview import cost_preview, preview
from jezero_pipeline.stages import batch_submit
from jezero_pipeline.staging.tables import SUMMARIES


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


def _figures(report):
    return report.connectors[0].figures


@pytest.mark.parametrize("kind", KINDS)
def test_a_batch_backfill_stores_every_summary_at_half_the_direct_cost(tmp_path, fake_server, kind):
    direct = batch_work(tmp_path / "direct", fake_server, kind)
    first = service.run(workspace(direct), ["cc"])
    assert first.ok and _figures(first)["calls"] == _figures(first)["docs"] == 9
    direct_cost = _figures(first)["estimated_cost_usd"]

    fake_server.reset()
    batched = batch_work(tmp_path / "batched", fake_server, kind)
    submit = service.run(workspace(batched), ["cc"], batch=True)
    assert submit.ok and _figures(submit)["calls"] == 0 and fake_server.total_calls == 0
    assert _figures(submit)["batch_requests"] == _figures(submit)["waiting_batch"] == 9
    assert fake_server.batches.creates == {"anthropic" if kind == "anthropic" else "openai": 1}
    assert stored(workspace(batched)) == {}, "nothing is stored before the batch lands"

    land = service.run(workspace(batched), ["cc"])  # the batch has ended: the next run writes it
    ws = workspace(batched)
    assert land.ok and _figures(land)["calls"] == 0 and _figures(land)["batch_stored"] == 9
    assert set(stored(ws)) == segment_ids(ws) and len(segment_ids(ws)) == 9
    assert land.library.items == 9
    batch_cost = _figures(land)["estimated_cost_usd"]
    assert batch_cost == pytest.approx(_figures(land)["batch_cost_usd"]) and batch_cost > 0
    assert batch_cost <= 0.5 * direct_cost + 2e-6  # reported figures are rounded to the micro-dollar
    (doc,) = batch_docs(batched)
    assert (
        doc.state == "landed"
        and doc.outcomes == {"succeeded": 9}
        and doc.cost_usd == pytest.approx(batch_cost, abs=2e-6)
    )
    assert fake_server.paid_twice == {} and len(fake_server.paid) == 9


def test_a_waiting_segment_is_never_asked_again_until_its_batch_lands(tmp_path, fake_server):
    fake_server.batches.seconds = None  # the batch runs until the test ends it
    work = batch_work(tmp_path, fake_server)
    service.run(workspace(work), ["cc"], batch=True)
    (doc,) = batch_docs(work)
    rows = workspace(work).store.read(SUMMARIES, doc.partitions()[0])
    assert {r["status"] for r in rows} == {"pending"} and all(doc.submission in r["error"] for r in rows)

    plain = service.run(workspace(work), ["cc"])  # a scheduled run meanwhile: nothing to do
    again = service.run(workspace(work), ["cc"], batch=True)
    parts = doc.partitions()
    redo = service.resummarize(workspace(work), parts, batch=False)  # even a re-summarise waits
    assert [_figures(r)["calls"] for r in (plain, again, redo)] == [0, 0, 0]
    assert fake_server.total_calls == 0 and sum(fake_server.batches.creates.values()) == 1
    assert _figures(redo)["waiting_batch"] == 9

    fake_server.batches.end()
    done = service.run(workspace(work), ["cc"])
    assert _figures(done)["batch_stored"] == 9 and set(stored(workspace(work))) == segment_ids(workspace(work))
    assert fake_server.paid_twice == {}


def test_a_segment_the_blocking_check_refuses_is_never_in_a_submitted_batch(tmp_path, fake_server, monkeypatch):
    from jezero_pipeline.redaction import Redactor

    key = "AKIAZ7Q2XW4RT9PLMN3K"
    leaky = long_turns("deploy")
    leaky[4] = ("user", f"use {key} for the upload please, it is the build user")
    work = batch_work(tmp_path, fake_server, sessions=3, turns={2: leaky})
    monkeypatch.setattr(Redactor, "redact", lambda self, text: (text, 0))  # a broken redactor
    monkeypatch.setattr(batch_submit, "MAX_REQUESTS", 2)  # batches are submitted as the run goes
    without(monkeypatch, "blocking", lambda mp: mp.setattr(Redactor, "spans", lambda self, text: []))
    report = service.run(workspace(work), ["cc"], batch=True)
    assert not report.ok and any("no_secret_left" in e for e in report.connectors[0].errors)
    bodies = [json.dumps(r) for b in fake_server.batches.batches.values() for _, r in b.requests]
    assert bodies, "batches were submitted before the run reached the secret"
    assert all(key not in body for body in bodies)
    assert fake_server.total_calls == 0
    submitted = {r.segment_id for d in batch_docs(work) for r in d.requests.values()}
    assert not any(i.startswith("bbbb0002") and i.endswith("#5") for i in submitted)


def test_a_server_without_a_batch_api_gets_direct_calls_said_once(tmp_path, fake_server):
    fake_server.batches.openai_api = False  # chat completions only, as a local server
    work = batch_work(tmp_path, fake_server, "openai_compatible", sessions=1)
    first = service.run(workspace(work), ["cc"], batch=True)
    assert first.ok and _figures(first)["calls"] == 3 and _figures(first)["batch_requests"] == 0
    (warning,) = [w for w in first.warnings if "no batch API" in w]
    assert fake_server.openai_base_url in warning

    batch_work(tmp_path, fake_server, "openai_compatible", sessions=2)  # a new session: more to send
    second = service.run(workspace(work), ["cc"], batch=True)
    assert _figures(second)["calls"] == 3 and not [w for w in second.warnings if "no batch API" in w]
    assert set(stored(workspace(work))) == segment_ids(workspace(work))


def test_the_dry_runs_show_the_cost_direct_and_in_batch(tmp_path, fake_server):
    work = batch_work(tmp_path, fake_server, extra='batch = "backfill"\n')
    ws = workspace(work)
    (ahead,) = [preview(ws, "cc", dry_run=True)]
    assert ahead["calls"] == 9 and ahead["send"] == "direct"
    assert ahead["estimated_cost_usd_batch"] == pytest.approx(ahead["estimated_cost_usd_direct"] / 2, abs=1e-4)
    service.run(ws, ["cc"])
    config = work / "jezero.toml"  # a new model: a re-summarise would pay for all 9 again
    config.write_text(config.read_text().replace('model = "fake-model"', 'model = "another-model"'))
    ws = workspace(work)
    parts = ws.store.partitions(SUMMARIES)
    redo = cost_preview(ws, parts, batch=ws.cfg.summarizer.batch_applies(True))
    assert redo["calls"] == 9 and redo["send"] == "batch"
    assert redo["estimated_cost_usd"] == redo["estimated_cost_usd_batch"] > 0
    assert redo["estimated_cost_usd_batch"] == pytest.approx(redo["estimated_cost_usd_direct"] / 2, abs=1e-4)


def test_the_price_table_knows_batch_and_cache_prices():
    anthropic = SummarizerConfig(provider="anthropic", model="m", price_input_per_mtok=3, price_output_per_mtok=15)
    assert anthropic.cost_usd(1_000_000, 0) == pytest.approx(3.0)
    assert anthropic.cost_usd(1_000_000, 0, cache_read=1_000_000) == pytest.approx(0.3)  # 0.1× input
    assert anthropic.cost_usd(1_000_000, 0, cache_write=1_000_000) == pytest.approx(3.75)  # 1.25× input
    assert anthropic.cost_usd(1_000_000, 1_000_000, batch=True) == pytest.approx(9.0)  # half of 18
    openai = SummarizerConfig(provider="openai_compatible", model="m", price_input_per_mtok=2, price_output_per_mtok=8)
    assert openai.cost_usd(1_000_000, 0, cache_read=1_000_000) == pytest.approx(1.0)  # 0.5×: never more saved
    own = openai.model_copy(update={"price_cache_read_per_mtok": 0.2, "batch_discount": 0.4})
    assert own.cost_usd(2_000_000, 0, cache_read=1_000_000, batch=True) == pytest.approx((2 + 0.2) * 0.6)
    assert not SummarizerConfig().batch_applies(True, explicit=True), "the offline summariser has no batches"
    assert anthropic.model_copy(update={"batch": "backfill"}).batch_applies(True)
    assert not anthropic.model_copy(update={"batch": "backfill"}).batch_applies(False)


def test_a_dollar_budget_counts_a_batch_at_its_worst_case_and_defers_the_rest(tmp_path, fake_server):
    # Worst case at the batch price: ~3 characters a token in at the cache-write price, 2,048 out.
    work = batch_work(tmp_path, fake_server, extra="max_cost_usd_per_run = 0.04\n")
    report = service.run(workspace(work), ["cc"], batch=True)
    figures = _figures(report)
    assert 0 < figures["batch_requests"] < 9 and figures["pending_budget"] == 9 - figures["batch_requests"]
    for _ in range(10):  # each run lands the last batch and sends what the budget allows
        if all(d.state == "landed" for d in batch_docs(work)) and len(stored(workspace(work))) == 9:
            break
        service.run(workspace(work), ["cc"], batch=True)
    assert set(stored(workspace(work))) == segment_ids(workspace(work)) and fake_server.paid_twice == {}


def test_the_batches_command_lists_and_cancels(tmp_path, fake_server, capsys):
    from jezero_pipeline.cli import main

    fake_server.batches.seconds = None
    work = batch_work(tmp_path, fake_server, sessions=1)
    config = str(work / "jezero.toml")
    assert main(["-c", config, "run", "--batch", "--json"]) == 0
    capsys.readouterr()
    assert main(["-c", config, "batches", "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)["batches"]
    assert listed["state"] == "submitted" and listed["requests"] == 3 and listed["status"] == "in_progress"
    assert main(["-c", config, "batches", "--cancel", listed["submission"], "--json"]) == 0
    capsys.readouterr()
    assert main(["-c", config, "batches", "--json"]) == 0
    (after,) = json.loads(capsys.readouterr().out)["batches"]
    assert after["state"] == "landed" and after["outcomes"] == {"canceled": 3}


def test_the_commands_say_in_words_what_waits_on_a_batch_and_what_landed(tmp_path, fake_server, capsys):
    from jezero_pipeline.cli import main

    fake_server.batches.seconds = None
    work = batch_work(tmp_path, fake_server, sessions=1)
    config = str(work / "jezero.toml")
    assert main(["-c", config, "run", "--dry-run", "--batch"]) == 0
    ahead = capsys.readouterr().out
    assert "direct, $" in ahead and "in a batch (the run would send them in a batch)" in ahead
    assert main(["-c", config, "run", "--batch"]) == 0
    (doc,) = batch_docs(work)
    submitted = capsys.readouterr().out
    assert "3 sent in a batch, 3 waiting on one, 0 landed from one" in submitted
    assert f"waiting on batch(es) {doc.label}" in submitted
    fake_server.batches.end()
    assert main(["-c", config, "run"]) == 0
    landed = capsys.readouterr().out.splitlines()
    assert landed[0].startswith(f"batch    {doc.label} landed: 1 day(s), 3 succeeded, $")
    assert "0 sent in a batch, 0 waiting on one, 3 landed from one" in landed[1]


@pytest.mark.slow
def test_the_cost_benchmark_shows_what_it_claims_on_a_small_corpus(tmp_path, capsys, monkeypatch):
    """bench/batch_cost.py checks its own claims (every segment stored and paid once, a batch at
    most half the direct cost, cached tokens on every call after the first and a lower cost); at
    2,000 sessions its figures are in the README."""
    from bench import batch_cost, jezero_side

    monkeypatch.setenv(jezero_side.API_KEY_ENV, "")  # the benchmark sets it: restored after the test
    assert batch_cost.main(["--sessions", "30", "--workdir", str(tmp_path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["not_shown"] == [] and figures["ratios"]["batch / direct"] <= 0.5 + 1e-3
