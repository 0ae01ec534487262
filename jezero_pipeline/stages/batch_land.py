"""Landing batches: what became of each open batch, and its answers into the journals.

`land` goes through the open batch documents (staging/batches.py) once:

- prepared (the create's outcome is unknown: its answer was lost, or the command died right
  after it): the provider is asked for the batch by its submission id (`batch_find`); found,
  it is submitted; not found after UNCONFIRMED_GRACE_SECONDS, and no batch that could be it
  still running, it never existed: abandoned;
- submitted: its state is read; once it has ended, every answer is read and each partition's
  answers are appended to that partition's journal, under the partition's lock (a run holding
  it is left alone, and the partition is landed by a later call), recorded in the document
  partition by partition; when all are in, the batch has landed.

Answers keep the generation their batch was asked with, whatever the config says now. A
request that errored, expired or was cancelled has no answer and was not billed: its segment
goes back to the normal path with the next run, which summarises it directly or in a new batch.
Landing twice journals nothing twice that a plan would count twice (the journal is keyed by
content hash, an answer's time is its batch's). Plain Python: the Dagster sensor
(defs/batches.py), `run`, `resummarize` and `batches` all call it.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..models import Partition
from ..staging import batches as docs
from ..staging.locks import AlreadyRunning
from ..staging.state import record_open
from ..summarizing.batches import BatchAnswer, BatchProvider
from ..workspace import Workspace
from .summarize import answer_columns


@dataclass
class Landing:
    """What one `land` did."""

    landed: list[docs.BatchDoc] = field(default_factory=list)  # ended: every answer journalled
    abandoned: list[docs.BatchDoc] = field(default_factory=list)  # never created: segments back
    waiting: list[docs.BatchDoc] = field(default_factory=list)  # still open
    locked: list[str] = field(default_factory=list)  # partitions a run holds: landed later
    errors: list[str] = field(default_factory=list)  # redacted

    @property
    def partitions(self) -> list[Partition]:
        """The partitions to write again: every partition of a landed or abandoned batch."""
        return sorted({p for d in [*self.landed, *self.abandoned] for p in d.partitions()})


def has_open(ws: Workspace) -> bool:
    """Any batch still to land (a listing of one folder: no SDK is loaded otherwise)."""
    return bool(docs.open_docs(ws.store))


def land(ws: Workspace, owner: str, providers: Any = None, now: float | None = None) -> Landing:
    """Recover, poll and land every open batch once. `providers(doc)` gives the provider client
    a batch was submitted through (by default, built from the config for the doc's provider)."""
    out = Landing()
    with ws.store.lock("batches", wait=False) as got:
        if got:  # else another process is landing them right now
            _land_all(ws, owner, providers or ProviderCache(ws), out, now)
    return out


def _land_all(ws: Workspace, owner: str, providers: Any, out: Landing, now: float | None) -> None:
    for doc in docs.open_docs(ws.store):
        try:
            _land_one(ws, doc, providers(doc), owner, out, time.time() if now is None else now)
        except Exception as err:  # the provider is unreachable, say: the batch stays open, tried again later
            out.errors.append(ws.redactor.redact(f"batch {doc.label}: {type(err).__name__}: {err}")[0])
            out.waiting.append(doc)
    for doc in out.landed + out.abandoned:  # their partitions have work for the next run
        by_connector: dict[str, dict[str, bool]] = defaultdict(dict)
        for part in doc.partitions():
            by_connector[part.connector][part.day] = True
        for name, days in by_connector.items():
            record_open(ws.store, name, days)
    docs.prune(ws.store)


class ProviderCache:
    """One batch client per (provider, endpoint, model) of the open batches: the config's
    provider settings with the batch's own provider, address and model (the key's variable is
    the config's)."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self._made: dict[tuple[str, str, str], BatchProvider] = {}

    def __call__(self, doc: docs.BatchDoc) -> BatchProvider:
        from ..summarizing.providers import make_provider  # lazy: only an open batch loads an SDK

        key = (doc.provider, doc.endpoint, doc.model)
        if key not in self._made:
            cfg = self.ws.cfg.summarizer.model_copy(update={"provider": doc.provider, "base_url": doc.endpoint,
                                                            "model": doc.model})  # fmt: skip
            self._made[key] = make_provider(cfg, self.ws.api_key())  # type: ignore[assignment]
        return self._made[key]


def _land_one(ws: Workspace, doc: docs.BatchDoc, provider: BatchProvider, owner: str, out: Landing,
              now: float) -> None:  # fmt: skip
    if doc.state == "prepared":
        found = provider.batch_find(doc.submission, doc.prepared_at, len(doc.requests))
        if found.provider_id is not None:
            doc.provider_id, doc.state, doc.error = found.provider_id, "submitted", None
        elif not found.unsure and now - doc.prepared_at > docs.UNCONFIRMED_GRACE_SECONDS:
            doc.state, doc.error = "abandoned", f"never created ({doc.error or 'no batch found'})"
            docs.save(ws.store, doc)
            out.abandoned.append(doc)
            return
        else:
            out.waiting.append(doc)
            return
        docs.save(ws.store, doc)
    if doc.state == "submitted":
        assert doc.provider_id is not None
        state = provider.batch_state(doc.provider_id)
        doc.status, doc.counts = state.status, state.counts
        if state.ended:
            doc.state, doc.ended_at = "ended", now  # its answers' time, the same however often it lands
        docs.save(ws.store, doc)
        if not state.ended:
            out.waiting.append(doc)
            return
    _journal(ws, doc, provider, owner, out)


def _journal(ws: Workspace, doc: docs.BatchDoc, provider: BatchProvider, owner: str, out: Landing) -> None:
    """Every answer into its partition's journal (those not landed yet); the batch's outcome."""
    assert doc.provider_id is not None
    cfg = ws.cfg.summarizer
    when = datetime.fromtimestamp(doc.ended_at or time.time(), UTC).isoformat()
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    outcomes: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for answer in provider.batch_answers(doc.provider_id):
        req = doc.requests.get(answer.custom_id)
        if req is None:
            continue  # not one of ours
        outcomes[answer.outcome] += 1
        for k, v in answer.tokens._asdict().items():
            totals[k] += v
        if answer.outcome == "succeeded":
            rows[req.part].append(_row(doc, req, answer, when, cfg.cost_usd))
    for part in doc.partitions():
        if part.key in doc.landed:
            continue
        try:
            with ws.locks.holding(f"{owner}: landing batch {doc.submission}", [part]):
                if rows.get(part.key):
                    ws.store.append_journal(part, rows[part.key])
        except AlreadyRunning:
            out.locked.append(part.key)
            continue
        doc.landed.append(part.key)
        docs.save(ws.store, doc)
    if len(doc.landed) < len(doc.partitions()):
        out.waiting.append(doc)
        return
    outcomes["unanswered"] = len(doc.requests) - sum(outcomes.values())  # a cancelled or failed batch's
    doc.outcomes = {k: n for k, n in outcomes.items() if n}
    doc.input_tokens, doc.output_tokens = totals["input_tokens"], totals["output_tokens"]
    doc.cache_read_tokens, doc.cache_write_tokens = totals["cache_read_tokens"], totals["cache_write_tokens"]
    doc.cost_usd = cfg.cost_usd(doc.input_tokens, doc.output_tokens, cache_read=doc.cache_read_tokens,
                                cache_write=doc.cache_write_tokens, batch=True)  # fmt: skip
    doc.state = "landed"
    docs.save(ws.store, doc)
    out.landed.append(doc)


def _row(doc: docs.BatchDoc, req: docs.Request, answer: BatchAnswer, when: str, cost: Any) -> dict[str, Any]:
    """A journal row as a direct answer's, plus the batch it came from and what it cost."""
    assert answer.result is not None
    t = answer.tokens
    return {
        "segment_id": req.segment_id, "content_hash": req.content_hash, "generation": doc.generation,
        "status": "ok", "error": None, **answer_columns(answer.result.summary, req.project),
        "input_tokens": t.input_tokens, "output_tokens": t.output_tokens, "summarized_at": when,
        "batch": doc.label, "cache_read_tokens": t.cache_read_tokens, "cache_write_tokens": t.cache_write_tokens,
        "cost_usd": cost(t.input_tokens, t.output_tokens, cache_read=t.cache_read_tokens,
                         cache_write=t.cache_write_tokens, batch=True),
    }  # fmt: skip
