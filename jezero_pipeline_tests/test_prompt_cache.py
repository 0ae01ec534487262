"""Prompt caching on direct calls: the fixed prefix marked (Anthropic) or first (OpenAI), cached
tokens read from the usage and priced as such; and what our prefix is worth at today's minimums."""

from __future__ import annotations

import json

import pytest
from batchfixtures import KINDS, batch_work
from fake_cache import CHARS_PER_TOKEN
from runs import workspace
from test_providers import REQ, provider

from jezero_pipeline import service
from jezero_pipeline.summarizing import prompt
from jezero_pipeline.summarizing.schema import SUMMARY_SCHEMA

STAND_IN_MINIMUM = 256  # a model whose minimum our prefix clears (today's are 1,024 and more, below)


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


@pytest.mark.parametrize("kind", KINDS)
def test_every_call_after_the_first_reads_the_cached_prefix(fake_server, kind):
    fake_server.cache.min_tokens = STAND_IN_MINIMUM
    p = provider(fake_server, kind)
    results = [p.summarize(REQ) for _ in range(3)]
    first, *later = results
    assert first.cache_read_tokens == 0
    assert all(r.cache_read_tokens > 0 for r in later)
    assert all(r.input_tokens == first.input_tokens for r in later), "input counts every token, cached or not"
    if kind == "anthropic":  # the marked prefix is written once, then read
        assert first.cache_write_tokens == later[0].cache_read_tokens > 0
        assert [r.cache_write_tokens for r in later] == [0, 0]
    else:  # OpenAI caches on its own, in blocks of 128 tokens, and charges nothing to write
        assert all(r.cache_read_tokens % 128 == 0 and r.cache_write_tokens == 0 for r in results)


def test_without_prompt_caching_nothing_is_cached(fake_server):
    fake_server.cache.min_tokens = STAND_IN_MINIMUM
    p = provider(fake_server, "anthropic", prompt_caching=False)
    assert {(r.cache_read_tokens, r.cache_write_tokens) for r in (p.summarize(REQ), p.summarize(REQ))} == {(0, 0)}


@pytest.mark.parametrize("kind", KINDS)
def test_our_fixed_prefix_is_below_todays_minimums_and_costs_nothing_extra(fake_server, kind):
    """The fixed part (tool or schema, system prompt) is about 1,700 characters: some 450 tokens
    (with Anthropic's tool-use preamble, about 800). Anthropic caches from 1,024 tokens (Sonnet 4.x)
    or 4,096 (Haiku 4.5, Opus 4.5/4.6); OpenAI from 1,024. Below the minimum the marker is accepted
    and nothing is cached or charged for writing."""
    fixed = len(prompt.SYSTEM_PROMPT) + len(json.dumps(SUMMARY_SCHEMA)) + len(prompt.TOOL_DESCRIPTION)
    assert fixed // CHARS_PER_TOKEN < 1024
    p = provider(fake_server, kind)  # the fake's minimum is 1,024, as the providers'
    results = [p.summarize(REQ) for _ in range(3)]
    assert {(r.cache_read_tokens, r.cache_write_tokens) for r in results} == {(0, 0)}


def _run(work, fake_server):
    fake_server.cache.reset()
    report = service.run(workspace(work), ["cc"])
    assert report.ok
    return report.connectors[0].figures


def test_a_run_with_caching_reports_cached_tokens_and_costs_less(tmp_path, fake_server):
    fake_server.cache.min_tokens = STAND_IN_MINIMUM
    cached = _run(batch_work(tmp_path / "on", fake_server, concurrency=1), fake_server)
    plain = _run(
        batch_work(tmp_path / "off", fake_server, concurrency=1, extra="prompt_caching = false\n"), fake_server
    )
    assert cached["calls"] == plain["calls"] == 9
    prefix = cached["cached_input_tokens"] // (cached["calls"] - 1)
    assert prefix > 0 and cached["cached_input_tokens"] == prefix * (cached["calls"] - 1), "every call after the first"
    assert plain["cached_input_tokens"] == 0
    assert cached["estimated_cost_usd"] < plain["estimated_cost_usd"]


def test_the_budget_counts_cached_tokens_at_their_price():
    from jezero_pipeline.config import SummarizerConfig
    from jezero_pipeline.engine.budget import Budget

    cfg = SummarizerConfig(provider="anthropic", model="m", price_input_per_mtok=3, price_output_per_mtok=15)
    budget = Budget(cfg=cfg)
    budget.start(budget.admit(0.0))
    budget.finish(input_tokens=1_000_000, output_tokens=0, cache_read_tokens=800_000, cache_write_tokens=0)
    assert budget.spent.cost_usd == pytest.approx(0.2 * 3 + 0.8 * 0.3)  # not 3.0: 80% was read from the cache
