"""`retag`: hints are applied again for free; the model is asked only with --ask-model."""

import json

import dagster as dg
import pytest
from runs import run, workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.library.reader import Library
from jezero_pipeline.models import Partition
from jezero_pipeline.operations.retag import retag
from jezero_pipeline.staging.tables import SUMMARIES


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


def test_retag_reapplies_hints_and_asks_the_model_only_when_asked(tmp_path, fake_server):
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    turns = long_turns("ledger")
    turns[0] = ("user", "The quillback service keeps timing out on deploy, can you look?")
    write_claude_session(tmp_path / "projects", "ffff6666-0000-4000-8000-000000000006", turns, cwd="/tmp/scratch")
    with dg.instance_for_test() as instance:
        run(tmp_path, instance)
    calls = fake_server.total_calls
    ws = workspace(tmp_path)

    plain = retag(ws, "cc")  # no hint for /tmp/scratch, and no model call
    assert plain["retagged"] == 0 and plain["model_calls"] == 0 and fake_server.total_calls == calls

    n = len(ws.store.read(SUMMARIES, Partition("cc", "2026-03-01")))
    fake_server.plan([{"answer": {"project": "quillback"}}] + [{"answer": {"project": "not-in-text"}}] * (n - 1))
    report = retag(ws, "cc", ask_model=True)
    assert report["model_calls"] == n
    assert report["retagged"] == 1 and report["changes"][0]["to"] == "quillback"  # only the named one
    assert json.loads(fake_server.request_bodies[calls])["tool_choice"]["name"] == "record_project"
    assert Library(ws.library_path).search("quillback", project="quillback")["count"] == 1
