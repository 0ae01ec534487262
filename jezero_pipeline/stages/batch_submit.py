"""Sending a run's summary requests as provider batches instead of one call each.

The summarise stage hands over each request once the blocking secret check has passed it; the
sender admits it against the command's budget (at the batch price, its worst case: the answer
is not known before the command ends), collects requests across partitions and submits them in
batches of at most MAX_REQUESTS requests and MAX_BYTES. For each batch, in order:

1. the intent is written to staging (staging/batches.py: submission id, custom id -> segment,
   generation), fsynced, before anything is sent;
2. the batch is created (never retried by the SDK);
3. the document records the provider's batch id.

A crash between 2 and 3 leaves the intent "prepared": the batch is found again by its
submission id (landing, batch_land.py), never submitted twice; meanwhile its segments wait.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.budget import Budget
from ..staging import batches as docs
from ..summarizing.batches import MAX_BYTES, MAX_REQUESTS, BatchProvider, BatchRefused, custom_id
from ..summarizing.prompt import ANTHROPIC_MAX_TOKENS
from ..workspace import Workspace


@dataclass
class _Item:
    job: Any  # the summarise stage's job of the segment's partition
    segment_id: str
    content_hash: str
    project: str | None
    params: dict[str, Any]
    reservation: float
    worst_usd: float


class BatchSender:
    """`on_waiting(job, segment_id, doc)` once a request is in a submitted (or unconfirmed) batch;
    `on_failed(job, segment_id, error)` when the provider refused the batch (retried next run)."""

    def __init__(
        self,
        ws: Workspace,
        provider: BatchProvider,
        budget: Budget,
        *,
        resummarize: bool,
        on_waiting: Callable[[Any, str, docs.BatchDoc], None],
        on_failed: Callable[[Any, str, str], None],
        endpoint: str,
    ):
        self.ws, self.provider, self.budget, self.resummarize = ws, provider, budget, resummarize
        self.on_waiting, self.on_failed, self.endpoint = on_waiting, on_failed, endpoint
        self.submitted: list[docs.BatchDoc] = []
        self._items: list[_Item] = []
        self._bytes = 0

    def add(self, job: Any, segment_id: str, content_hash: str, project: str | None, params: dict[str, Any],
            chars: int) -> bool:  # fmt: skip
        """Take one request (submitting the batch so far when it is full); False, taking nothing,
        when the budget cannot pay for it."""
        worst = self.budget.worst_case_usd(chars, ANTHROPIC_MAX_TOKENS, batch=True)
        reservation = self.budget.admit(worst if self.budget.max_cost_usd is not None else 0.0)
        if reservation is None:
            return False
        size = len(json.dumps(params, ensure_ascii=False).encode())
        if self._items and (len(self._items) >= MAX_REQUESTS or self._bytes + size > MAX_BYTES):
            self.flush()
        self._items.append(_Item(job, segment_id, content_hash, project, params, reservation, worst))
        self._bytes += size
        return True

    def discard(self, reason: str) -> None:
        """Send nothing of what was collected (the blocking check stopped the run)."""
        items, self._items, self._bytes = self._items, [], 0
        for item in items:
            self.budget.release(item.reservation)
            self.on_failed(item.job, item.segment_id, reason)

    def flush(self) -> None:
        """Submit what was collected as one batch."""
        items, self._items, self._bytes = self._items, [], 0
        if not items:
            return
        gen = self.ws.generation
        keys = [f"{i.job.part.key}:{i.segment_id}:{i.content_hash}" for i in items]
        submission = docs.submission_id(gen, keys)
        retry = 0
        while docs.load(self.ws.store, submission) is not None:  # the same requests came back: a new intent
            retry += 1
            submission = docs.submission_id(gen, [*keys, f"retry {retry}"])
        cfg = self.ws.cfg.summarizer
        requests = {custom_id(submission, n): docs.Request(i.job.part.key, i.segment_id, i.content_hash, i.project)
                    for n, i in enumerate(items)}  # fmt: skip
        doc = docs.BatchDoc(submission, cfg.provider, cfg.model or "", self.endpoint, gen, self.resummarize, requests)
        docs.save(self.ws.store, doc)  # 1. the intent, durable before the batch exists
        lines = [(cid, i.params) for cid, i in zip(requests, items, strict=True)]
        try:
            doc.provider_id = self.provider.batch_submit(submission, lines)  # 2. never retried
            doc.state = "submitted"
        except BatchRefused as err:
            doc.state, doc.error = "abandoned", self.ws.redactor.redact(str(err))[0]
        except Exception as err:  # unknown outcome: it may exist; landing finds it or abandons it
            doc.error = self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0]
        docs.save(self.ws.store, doc)  # 3. the batch's id (or why there is none)
        for item in items:
            if doc.state == "abandoned":
                self.budget.release(item.reservation)
                self.on_failed(item.job, item.segment_id, f"batch not submitted: {doc.error}")
            else:
                self.budget.settle(item.reservation, item.worst_usd)
                self.on_waiting(item.job, item.segment_id, doc)
        if doc.state != "abandoned":
            self.submitted.append(doc)


def batch_route(ws: Workspace, provider: BatchProvider, endpoint: str) -> tuple[bool, str | None]:
    """Whether this run's requests go in batches, and what to say when they cannot: a server
    found to have no batch API (an OpenAI-style local server) gets direct calls, said once (the
    finding is kept in staging). A probe that fails otherwise still tries batches: a failed
    submission is retried next run, never silently paid at the direct price."""
    name = ws.cfg.summarizer.provider
    if docs.unsupported(ws.store, name, endpoint):
        return False, None
    try:
        supported = provider.batch_probe()
    except Exception:
        return True, None
    if supported:
        return True, None
    reason = f"{endpoint} has no batch API: summaries are sent as direct calls, at the direct price"
    docs.mark_unsupported(ws.store, name, endpoint, reason)
    return False, reason
