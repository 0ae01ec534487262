"""Batch failure drills: each segment is paid for once, through every failure.

Each drill names the handling it is about; run with JEZERO_DRILL_DISABLE=<name> (the handling
switched off, batchfixtures.without) it fails:

- find: the command killed right after creating its batch; the batch is found again, never
  submitted twice (off: the intent is abandoned and the segments go out in a second batch).
- once: a batch's results fetched twice (a lander died before recording them) are applied
  once (off: the partition counts and reports the batch's answers a second time).
- reopen: errored and expired requests go back to the normal path and are paid once (off: the
  landed partition is not planned again; they are never summarised).
- cancelled: a batch cancelled by hand lands what it answered; the rest is paid once directly
  (off: a cancelled OpenAI batch is never seen as ended; nothing of it is written).
- generation: a model change while a batch is open; its answers are stored under the
  generation they were asked with (off: they claim the new one).
- blocking (test_batches.py): a segment the blocking check refuses is never in a batch.

The fake server counts the answers it bills per model and document: every drill ends with
none paid twice.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import anthropic
import dagster as dg
import openai
import pytest
from batchfixtures import KINDS, batch_docs, batch_work, segment_ids, stored, without
from runs import workspace
from sessionfiles import long_turns

from jezero_pipeline import service
from jezero_pipeline.defs.record import record_into
from jezero_pipeline.stages import batch_land, summarize
from jezero_pipeline.staging import batches as docs
from jezero_pipeline.staging.tables import SUMMARIES
from jezero_pipeline.summarizing import openai_chat
from jezero_pipeline.summarizing.anthropic_messages import AnthropicProvider
from jezero_pipeline.summarizing.batches import Found
from jezero_pipeline.summarizing.openai_chat import OpenAICompatibleProvider

KEY = "test-key-not-secret-0000"


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", KEY)


def _all_stored(work) -> bool:
    ws = workspace(work)
    return set(stored(ws)) == segment_ids(ws) and len(segment_ids(ws)) > 0


def _summaries(work) -> dict[str, tuple]:
    return {
        i: (r["title"], r["summary"], r["generation"], r["summarized_at"]) for i, r in stored(workspace(work)).items()
    }


KILLED_AFTER_CREATE = textwrap.dedent("""
    import os, sys
    from jezero_pipeline.staging import batches as docs
    save = docs.save
    def crash_after_create(store, doc):
        if doc.state == "submitted":  # the batch exists; its id is about to be written: die now
            os._exit(9)
        save(store, doc)
    docs.save = crash_after_create
    from jezero_pipeline import service
    from jezero_pipeline.config import load_config
    from jezero_pipeline.workspace import Workspace
    service.run(Workspace.open(load_config(sys.argv[1])), ["cc"], batch=True)
""")


@pytest.mark.parametrize("kind", KINDS)
def test_killed_right_after_submitting_the_batch_is_found_again_not_submitted_twice(
    tmp_path, fake_server, monkeypatch, kind
):
    fake_server.batches.seconds = None
    work = batch_work(tmp_path, fake_server, kind)
    done = subprocess.run([sys.executable, "-c", KILLED_AFTER_CREATE, str(work / "jezero.toml")],
                          env=dict(os.environ), capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 9, done.stderr[-2000:]
    (doc,) = batch_docs(work)
    assert doc.state == "prepared" and doc.provider_id is None, "the intent was written, the batch id never was"
    assert sum(fake_server.batches.creates.values()) == 1

    monkeypatch.setattr(docs, "UNCONFIRMED_GRACE_SECONDS", 0)  # long after the crash
    for provider in (AnthropicProvider, OpenAICompatibleProvider):
        without(monkeypatch, "find", lambda mp, p=provider: mp.setattr(p, "batch_find", lambda *a: Found(None)))
    while_running = service.run(workspace(work), ["cc"], batch=True)
    assert sum(fake_server.batches.creates.values()) == 1, "the same requests were submitted in a second batch"
    assert while_running.connectors[0].figures["calls"] == 0
    (doc,) = batch_docs(work)
    # OpenAI finds it by its metadata at once; an Anthropic batch carries none and is only
    # recognised by its results, once it has ended: until then it may be ours, so it waits.
    assert doc.state == ("prepared" if kind == "anthropic" else "submitted")

    fake_server.batches.end()
    service.run(workspace(work), ["cc"], batch=True)
    assert sum(fake_server.batches.creates.values()) == 1, "the batch was submitted once"
    assert [d.state for d in batch_docs(work)] == ["landed"]
    assert _all_stored(work) and fake_server.total_calls == 0
    assert fake_server.paid_twice == {} and len(fake_server.paid) == 9


def test_results_fetched_twice_are_applied_once(tmp_path, fake_server, monkeypatch):
    work = batch_work(tmp_path, fake_server)
    service.run(workspace(work), ["cc"], batch=True)
    first = service.run(workspace(work), ["cc"])  # lands the batch and writes its answers
    assert first.connectors[0].figures["batch_stored"] == 9 and _all_stored(work)
    rows = _summaries(work)

    (doc,) = batch_docs(work)  # a lander that died after journalling, before recording it
    doc.state, doc.landed, doc.outcomes, doc.cost_usd = "ended", [], {}, 0.0
    docs.save(workspace(work).store, doc)
    without(
        monkeypatch, "once", lambda mp: mp.setattr(summarize, "_landed_now", lambda hit, prev: bool(hit.get("batch")))
    )
    again = service.run(workspace(work), ["cc"])  # fetches the results again, journals them again
    figures = again.connectors[0].figures
    assert again.landed and again.landed[0]["state"] == "landed"
    assert figures["batch_stored"] == 0 and figures["batch_cost_usd"] == 0 and figures["reused"] == 9
    assert _summaries(work) == rows and again.library.items in (None, 9)
    assert fake_server.paid_twice == {} and fake_server.total_calls == 0


def test_errored_and_expired_requests_go_back_to_the_normal_path_and_are_paid_once(tmp_path, fake_server, monkeypatch):
    fail, expire = long_turns("alpha"), long_turns("beta")
    fail[0] = ("user", f"FAIL-ME {fail[0][1]}")
    expire[2] = ("user", f"EXPIRE-ME {expire[2][1]}")
    fake_server.batches.seconds = None
    work = batch_work(tmp_path, fake_server, turns={0: fail, 1: expire})
    service.run(workspace(work), ["cc"], batch=True)
    fake_server.fail_when_contains("FAIL-ME", "500")
    fake_server.batches.expire_when = ["EXPIRE-ME"]
    fake_server.batches.end()  # one request errors, one expires, seven are answered
    fake_server.clear_rules()

    without(monkeypatch, "reopen", lambda mp: mp.setattr(batch_land, "record_open", lambda *a, **k: None))
    after = service.run(workspace(work), ["cc"])  # lands the batch; the two go out directly
    (doc,) = batch_docs(work)
    assert doc.outcomes == {"succeeded": 7, "errored": 1, "expired": 1}
    figures = after.connectors[0].figures
    assert figures["batch_stored"] == 7 and figures["calls"] == 2
    assert _all_stored(work)
    assert fake_server.paid_twice == {} and len(fake_server.paid) == 9


@pytest.mark.parametrize("kind", KINDS)
def test_a_batch_cancelled_by_hand_lands_what_it_answered_and_the_rest_is_paid_once(
    tmp_path, fake_server, monkeypatch, kind
):
    fake_server.batches.seconds = None
    fake_server.batches.cancel_keeps = 3  # answered before the cancel took effect
    work = batch_work(tmp_path, fake_server, kind)
    service.run(workspace(work), ["cc"], batch=True)
    (doc,) = batch_docs(work)
    if kind == "anthropic":  # by hand: the provider's own client, outside the pipeline
        anthropic.Anthropic(api_key=KEY, base_url=fake_server.anthropic_base_url).messages.batches.cancel(
            doc.provider_id
        )
    else:
        openai.OpenAI(api_key=KEY, base_url=fake_server.openai_base_url).batches.cancel(doc.provider_id)

    without(monkeypatch, "cancelled", lambda mp: mp.setattr(openai_chat, "ENDED", ("completed", "failed", "expired")))
    after = service.run(workspace(work), ["cc"])
    (doc,) = batch_docs(work)
    assert doc.state == "landed"
    assert doc.outcomes.get("succeeded") == 3 and sum(doc.outcomes.values()) == 9
    assert after.connectors[0].figures["batch_stored"] == 3 and after.connectors[0].figures["calls"] == 6
    assert _all_stored(work)
    assert fake_server.paid_twice == {} and len(fake_server.paid) == 9


def test_a_model_change_while_a_batch_is_open_keeps_the_generation_it_was_asked_with(
    tmp_path, fake_server, monkeypatch
):
    fake_server.batches.seconds = None
    work = batch_work(tmp_path, fake_server)
    asked_with = workspace(work).generation
    service.run(workspace(work), ["cc"], batch=True)
    config = work / "jezero.toml"
    config.write_text(config.read_text().replace('model = "fake-model"', 'model = "fake-model-2"'))
    now = workspace(work).generation
    assert now != asked_with

    def stamp_current(mp):
        row = batch_land._row
        mp.setattr(batch_land, "_row", lambda *a: {**row(*a), "generation": now})

    without(monkeypatch, "generation", stamp_current)
    fake_server.batches.end()
    with dg.instance_for_test() as instance:
        after = service.run(workspace(work), ["cc"])  # a plain run keeps any generation: pays nothing
        record_into(instance, workspace(work).store)
        mat = instance.fetch_materializations(dg.AssetKey("summaries"), limit=1).records[0]
        code_version = mat.asset_materialization.tags["dagster/code_version"]
    assert after.connectors[0].figures["calls"] == 0 and _all_stored(work)
    assert {r["generation"] for r in stored(workspace(work)).values()} == {asked_with}
    assert code_version == asked_with, "the partition shows unsynced until it is re-summarised"
    assert fake_server.paid_twice == {}

    redo = service.resummarize(workspace(work), workspace(work).store.partitions(SUMMARIES), batch=False)
    assert redo.connectors[0].figures["calls"] == 9  # the new model's answers: deliberate, once each
    assert {r["generation"] for r in stored(workspace(work)).values()} == {now}
    assert fake_server.paid_twice == {}
