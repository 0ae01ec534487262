"""The model provider in a child process (summarizing.host): a CLI run's calls are made there, the
SDK is imported there and not in the run's process, the run's budget still decides every HTTP
attempt, and the child never outlives the process that started it."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.config import SummarizerConfig
from jezero_pipeline.summarizing.budget import Budget
from jezero_pipeline.summarizing.host import ProviderHost
from jezero_pipeline.summarizing.prompt import SummaryRequest
from jezero_pipeline.summarizing.runner import CallPool, Outcome

REPO = Path(__file__).resolve().parents[1]
KEY = "test-key-not-secret-0000"


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", KEY)


def _cfg(fake_server, **kw) -> SummarizerConfig:
    return SummarizerConfig(provider="anthropic", model="claude-haiku-4-5", base_url=fake_server.anthropic_base_url,
                            allow_insecure_http=True, max_concurrency=2, **kw)  # fmt: skip


def _request(n: int) -> SummaryRequest:
    return SummaryRequest(f"seg-{n}", f"user: fix the ledger rounding bug number {n}\nassistant: done", "cc")


def _call(provider, budget: Budget, req: SummaryRequest) -> Outcome:
    """One call as a run makes it: through the run's CallPool, which admits, starts and finishes it."""
    outcomes = []
    pool = CallPool(provider, 2, budget)
    assert pool.submit(req, outcomes.append)
    pool.close()
    return outcomes[0]


def test_calls_through_the_child_answer_as_the_provider_does_and_count_every_attempt(fake_server):
    host = ProviderHost(_cfg(fake_server), KEY)
    try:
        budget = Budget(max_attempts=10)
        fake_server.plan(["503"])  # the first call needs a retry
        outcomes = [_call(host.provider(budget), budget, _request(n)) for n in range(3)]
        assert [o.error for o in outcomes] == [None] * 3
        assert all(o.summary.title and o.input_tokens > 0 for o in outcomes)
        assert fake_server.total_calls == 4 == budget.spent.attempts, "the retry is an attempt of this budget"
        assert budget.spent.input_tokens == sum(o.input_tokens for o in outcomes)
    finally:
        host.close()


def test_a_retry_the_budget_cannot_pay_for_is_not_sent_and_the_call_is_deferred(fake_server):
    host = ProviderHost(_cfg(fake_server), KEY)
    try:
        budget = Budget(max_attempts=1)
        fake_server.plan(["503"])
        outcome = _call(host.provider(budget), budget, _request(1))
        assert outcome.deferred and outcome.summary is None, outcome
        assert fake_server.total_calls == 1 and budget.spent.attempts == 1
    finally:
        host.close()


def test_a_provider_the_child_cannot_build_fails_each_call_with_its_reason(fake_server):
    host = ProviderHost(_cfg(fake_server), None)  # anthropic without a key
    try:
        outcome = _call(host.provider(None), Budget(), _request(1))
        assert not outcome.deferred and "needs an API key" in (outcome.error or "")
        assert fake_server.total_calls == 0
    finally:
        host.close()


RUN_IN_A_PROCESS = """
import json, sys
import dagster as dg
from jezero_pipeline.cli.operate import run_changed
from jezero_pipeline.config import load_config
from jezero_pipeline.workspace import Workspace
ws = Workspace.open(load_config(sys.argv[1]))
with dg.instance_for_test() as instance:
    reports, ok = run_changed(ws, sys.argv[1], ["cc"], instance=instance)
print(json.dumps({"ok": ok, "calls": reports[0]["calls"], "sdk_here": "anthropic" in sys.modules}))
"""


def test_a_cli_run_makes_its_calls_in_the_child_and_never_imports_the_sdk_itself(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    done = subprocess.run([sys.executable, "-c", RUN_IN_A_PROCESS, str(tmp_path / "jezero.toml")],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ok"] and report["calls"] >= 2 and report["calls"] == fake_server.total_calls
    assert report["sdk_here"] is False, "the run's own process imported the SDK"


STARTS_A_HOST = """
import sys, time
from jezero_pipeline.config import SummarizerConfig
from jezero_pipeline.summarizing.host import ProviderHost
host = ProviderHost(SummarizerConfig(provider="anthropic", model="m", base_url=sys.argv[1],
                                     allow_insecure_http=True), "k")
print(host._proc.pid, flush=True)
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in state  # a zombie has ended; only its exit status is left


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_the_child_ends_when_the_process_that_started_it_is_killed(fake_server):
    parent = subprocess.Popen([sys.executable, "-c", STARTS_A_HOST, fake_server.anthropic_base_url],
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    child = int(parent.stdout.readline())
    assert _alive(child)
    os.kill(parent.pid, 9)  # the parent alone: no process group, no handler runs
    parent.wait()
    deadline = time.time() + 10
    while _alive(child) and time.time() < deadline:
        time.sleep(0.05)
    assert not _alive(child), "the model-call process outlived its parent"
