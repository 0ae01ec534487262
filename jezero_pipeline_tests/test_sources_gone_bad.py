"""A Grok folder whose summary.json goes bad, a Gemini chat rewritten to empty, a Kiro transcript cut
short: the stored session stays, a warning names the file, and nothing is paid again when it recovers."""

from __future__ import annotations

import json
import os
import time

import dagster as dg
import pytest
from runs import run, workspace

from jezero_pipeline.models import Partition
from jezero_pipeline.stages.collect import Collector, survey_connector

CONFIG = """
[storage]
path = "library.duckdb"
staging_dir = "staging"
[summarizer]
provider = "anthropic"
model = "fake-model"
base_url = "{base_url}"
max_input_chars = 2000
timeout_seconds = 5
[[connectors]]
name = "grok"
type = "grok"
[connectors.options]
sessions_dir = "grok"
settle_minutes = 0
min_chars = 10
[[connectors]]
name = "gemini"
type = "gemini_cli"
[connectors.options]
sessions_dir = "gemini"
settle_minutes = 0
min_chars = 10
[[connectors]]
name = "kiro"
type = "kiro"
[connectors.options]
sessions_dir = "kiro"
settle_minutes = 0
min_chars = 10
"""
WORDS = "We trace the {t} through the scheduler, its retries and the ledger writer, step {i}. " * 8


def _turns(topic: str, n: int = 8) -> list[str]:
    return [WORDS.format(t=topic, i=i) for i in range(n)]


def write_sources(root):
    grok = root / "grok" / "%2Fw" / "g1"
    grok.mkdir(parents=True)
    (grok / "summary.json").write_text(
        json.dumps({"info": {"id": "g1", "cwd": "/w"}, "created_at": "2026-03-01T09:00:00Z"})
    )
    chat = [{"type": "user" if i % 2 == 0 else "assistant", "content": t, **({"prompt_index": i} if i % 2 == 0 else {})}
            for i, t in enumerate(_turns("grok retry budget"))]  # fmt: skip
    (grok / "chat_history.jsonl").write_text("".join(json.dumps(r) + "\n" for r in chat))
    gem = root / "gemini" / "h" / "chats" / "session-2026-03-01T09-00-gem1.jsonl"
    gem.parent.mkdir(parents=True)
    lines = [{"sessionId": "gem1", "startTime": "2026-03-01T09:00:00Z", "kind": "main"}]
    lines += [{"id": f"m{i}", "timestamp": f"2026-03-01T09:{i:02d}:00Z", "type": "user" if i % 2 == 0 else "gemini",
               "content": t} for i, t in enumerate(_turns("gemini quota alarm"))]  # fmt: skip
    gem.write_text("".join(json.dumps(r) + "\n" for r in lines))
    kiro = root / "kiro" / "b" / "sess_k1"
    kiro.mkdir(parents=True)
    (kiro / "session.json").write_text(json.dumps({"id": "k1", "createdAt": "2026-03-01T09:00:00Z"}))
    msgs = [{"timestamp": f"2026-03-01T09:{i:02d}:00Z",
             "payload": {"type": "user" if i % 2 == 0 else "assistant", "content": t}}
            for i, t in enumerate(_turns("kiro lock contention"))]  # fmt: skip
    (kiro / "messages.jsonl").write_text("".join(json.dumps(r) + "\n" for r in msgs))
    return grok / "summary.json", gem, kiro / "messages.jsonl"


def _age(*paths):
    for p in paths:
        os.utime(p, (time.time() - 120, time.time() - 120))


def _collect(work, name):
    ws = workspace(work)
    survey = survey_connector(ws, name, time.time())
    collector = Collector(ws, survey, time.time())
    sessions, report = collector.collect(Partition(name, "2026-03-01"))
    collector.save()
    return sessions, report


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")


def test_each_bad_source_keeps_its_stored_session_with_a_warning_naming_the_file(tmp_path):
    (tmp_path / "jezero.toml").write_text(CONFIG.format(base_url="http://127.0.0.1:9"))
    summary, gem, kiro = write_sources(tmp_path)
    good = {p: p.read_bytes() for p in (summary, gem, kiro)}
    stored = {name: _collect(tmp_path, name)[0][0].blocks for name in ("grok", "gemini", "kiro")}

    summary.write_text("{broken")
    gem.write_bytes(b"")
    kiro.write_bytes(b"".join(good[kiro].splitlines(keepends=True)[:3]))
    _age(summary, gem, kiro)
    for name, path in (("grok", summary), ("gemini", gem), ("kiro", kiro)):
        sessions, report = _collect(tmp_path, name)
        assert len(sessions) == 1 and sessions[0].blocks == stored[name], name  # the last good copy stays
        named = (str(path), f"{path.parent}:")  # the file, or its session folder (a Kiro v3 unit)
        assert any(w.startswith(named) for w in report.warnings), (name, report.warnings)

    for p, data in good.items():
        p.write_bytes(data)
    _age(summary, gem, kiro)
    for name in ("grok", "gemini", "kiro"):
        sessions, _ = _collect(tmp_path, name)
        assert sessions[0].blocks == stored[name], name  # recovered: the very same blocks


def test_nothing_is_paid_again_when_a_bad_source_recovers(tmp_path, fake_server):
    (tmp_path / "jezero.toml").write_text(CONFIG.format(base_url=fake_server.anthropic_base_url))
    summary, gem, kiro = write_sources(tmp_path)
    good = {p: p.read_bytes() for p in (summary, gem, kiro)}
    with dg.instance_for_test() as instance:
        _, lib, ok = run(tmp_path, instance)
        assert ok and lib["items"] >= 3
        paid, items = fake_server.total_calls, lib["items"]
        summary.write_text("{broken")
        gem.write_bytes(b"")
        kiro.write_bytes(b"".join(good[kiro].splitlines(keepends=True)[:3]))
        _age(summary, gem, kiro)
        run(tmp_path, instance)
        for p, data in good.items():
            p.write_bytes(data)
        _age(summary, gem, kiro)
        _, lib, ok = run(tmp_path, instance)
        assert ok and fake_server.total_calls == paid  # no segment paid for twice
        from jezero_pipeline.library.reader import Library

        library = Library(tmp_path / "library.duckdb", workspace(tmp_path).cfg.search)
        assert library.stats()["items"] == items  # every item still there
        library.close()
