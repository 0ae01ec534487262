"""The summarise stage: one model call per segment that has no usable summary, paid once.

A summary is usable when its content hash is the segment's. A plain run (CLI, schedule,
sensor) keeps a usable summary of any generation and pays only for new or changed segments;
a re-summarise (a backfill, `jezero-pipeline resummarize`) also pays for the segments whose
summary is of an older generation. Every answer is journalled (fsynced) the moment it
arrives, so a crash or a retried step never pays twice. Partitions are planned one at a time
and their requests go to the call loop the summariser is given (the engine's), so calls stay
in flight across partition boundaries; each request is scanned by the redactor right before it
is handed over (the blocking check). In batch mode the requests go to a BatchSender instead
(batch_submit.py): the partition is written with them waiting on their batch (an older summary
of the segment, if any, kept meanwhile) and stays open; no run sends a waiting segment again.
When the batch lands (batch_land.py) its answers are in the journal, and the next plan of the
partition writes them, under the generation they were asked with, and reports their cost.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..engine.calls import CallLoop, CallOutcome
from ..models import Partition
from ..progress import Progress
from ..staging import batches
from ..staging.tables import REDACTED_SEGMENTS, SUMMARIES, RedactedRow, SummaryRow
from ..summarizing.prompt import ANTHROPIC_MAX_TOKENS, SummaryRequest
from ..text import digest
from ..workspace import Workspace
from .batch_submit import BatchSender
from .report import PartitionReport

WITHHELD = "withheld: a secret detector still fires after redaction (see the no_secret_left check)"
STOPPED = "not sent: the run stopped at a segment a secret detector still fires on"
DEFERRED = "not summarised yet: the run's budget was spent"


@dataclass
class SummarizeReport(PartitionReport):
    FOOTER = ("docs", "open", "failed", "digest", "generations")

    docs: int = 0  # segments in the partition
    reused: int = 0  # kept an existing summary
    stored: int = 0  # summarised in this run
    failed: int = 0  # a call failed; retried next run
    pending_budget: int = 0  # deferred by the budget; done next run
    calls: int = 0  # model calls made for this partition
    input_chars: int = 0
    input_tokens: int = 0  # every input token, cached or not
    cached_input_tokens: int = 0  # read from the provider's prompt cache
    cache_write_tokens: int = 0  # written to it
    output_tokens: int = 0
    summarize_seconds: float = 0.0  # summed call time
    batch_requests: int = 0  # sent in a batch by this run
    waiting_batch: int = 0  # segments whose batch has not landed yet; the partition stays open
    batch_stored: int = 0  # answers of a landed batch written by this run (among `stored`)
    batch_cost_usd: float = 0.0  # what those answers cost, at the batch price
    calls_cost_usd: float = 0.0  # what this run's direct calls cost (prompt cache prices included)
    estimated_cost_usd: float | None = None  # when priced: calls_cost_usd + batch_cost_usd
    generations: dict[str, int] = field(default_factory=dict)  # generation -> summaries on it
    waiting_on: list[str] = field(default_factory=list)  # the batches it waits on
    landed_from: list[str] = field(default_factory=list)  # the batches whose answers it wrote
    failed_ids: list[str] = field(default_factory=list)
    withheld_ids: list[str] = field(default_factory=list)  # a detector still fired: never sent
    errors: list[str] = field(default_factory=list)  # redacted
    digest: str = ""

    @property
    def open(self) -> int:
        """Segments still to summarise: the partition is planned again until none are."""
        return self.failed + self.pending_budget + self.waiting_batch

    def old_generation(self, current: str) -> int:
        """Summaries of this partition on another generation than `current`."""
        return sum(n for g, n in self.generations.items() if g != current)


@dataclass
class _Job:
    """One partition's summaries while its calls are in flight."""

    part: Partition
    inputs: str
    rows: dict[str, SummaryRow]
    todo: list[str]  # segment ids to send, in order
    report: SummarizeReport
    texts: dict[str, Any] | None = None  # the segments to send, when not read from staging
    open: int = 0  # calls in flight
    submitted: bool = False
    waiting: dict[str, str] = field(default_factory=dict)  # segment id -> the batch it waits on
    stale: dict[str, dict[str, Any]] = field(default_factory=dict)  # segment id -> its older summary


class Summarizer:
    """Plans partitions one by one and sends their segments through one call pool."""

    def __init__(
        self,
        ws: Workspace,
        calls: CallLoop | None = None,
        provider: Any = None,
        *,
        resummarize: bool = False,
        force_ids: set[str] | None = None,
        progress: Progress | None = None,
        write: bool = True,
        on_done: Callable[[Partition, SummarizeReport], None] | None = None,
        batch: Callable[[Summarizer], BatchSender | None] | None = None,
    ):
        self.ws = ws
        self.calls = calls  # None: this summariser only plans (a dry run, a cost preview)
        self.provider = provider
        self.resummarize = resummarize
        self.force_ids = force_ids or set()
        self.progress = progress or Progress()
        self.write = write
        self.on_done = on_done  # told each partition's report once its summaries are all in (and written)
        self.reports: dict[Partition, SummarizeReport] = {}
        self.rows: dict[Partition, list[SummaryRow]] = {}  # kept only when nothing is written (previews)
        self.withheld: list[str] = []  # ids a detector still fires on (the blocking check)
        self.scanned = 0  # segments scanned before sending
        self.stopped = False  # a detector fired on a segment about to be sent: nothing more is sent
        self.budget_spent = False
        self._lock = threading.Lock()
        self._started = time.perf_counter()
        self._batch_factory = batch  # called at the first request: requests go in batches unless it says None
        self.batch: BatchSender | None = None
        self._waiting: dict[Partition, dict[str, batches.BatchDoc]] | None = None

    # planning ------------------------------------------------------------------------------

    def plan(self, part: Partition, redacted: list[RedactedRow] | None = None) -> _Job | None:
        """What this partition needs, or None when it is current (nothing read, nothing written).

        `redacted`: rows not (yet) staged, e.g. a preview's; by default the staged ones are read.
        """
        ws, gen = self.ws, self.ws.generation
        inputs = ws.store.build_id(REDACTED_SEGMENTS, part)
        if self.write and not self.force_ids and redacted is None:
            done = ws.store.current(SUMMARIES, part, inputs)
            if done is not None and done.get("open") == "0" and next(ws.store.read_journal(part), None) is None:
                report = SummarizeReport.from_footer(done)
                if not self.resummarize or set(report.generations) <= {gen}:
                    report.reused = report.docs
                    self._report(part, report)
                    return None
        segs = redacted if redacted is not None else ws.store.read(REDACTED_SEGMENTS, part, columns=_PLAN_COLUMNS)
        previous = {r["segment_id"]: r for r in ws.store.read(SUMMARIES, part)}
        journal: dict[str, dict[str, Any]] = {}
        for row in ws.store.read_journal(part):
            if row.get("status") == "ok":
                journal[row["content_hash"]] = row
        report = SummarizeReport(docs=len(segs))
        job = _Job(part, inputs, {}, [], report, {r["id"]: r for r in redacted} if redacted is not None else None)
        waiting = self._waiting_in(part)
        for seg in segs:
            base = _base_row(seg, gen)
            prev = previous.get(seg["id"])
            hit = self._usable(seg, prev, journal.get(seg["content_hash"]))
            if hit is not None:
                job.rows[seg["id"]] = _answered(base, hit)
                if _landed_now(hit, prev):  # a batch's answer, written for the first time
                    self._count_landed(report, hit, job.rows[seg["id"]])
                else:
                    report.reused += 1
                continue
            if prev is not None and prev.get("status") == "ok" and prev.get("content_hash") == seg["content_hash"]:
                job.stale[seg["id"]] = _answered(base, prev)  # an older generation's: kept until replaced
            job.rows[seg["id"]] = {**base, "status": "pending", "error": DEFERRED, "title": None, "summary": None,
                                   "questions": None, "atoms": None, "project": seg["project_hint"],
                                   "input_tokens": 0, "output_tokens": 0, "summarized_at": None}  # fmt: skip
            if seg["content_hash"] in waiting:  # asked in a batch that has not landed: never asked again
                self._wait(job, seg["id"], waiting[seg["content_hash"]])
            else:
                job.todo.append(seg["id"])
        return job

    def _waiting_in(self, part: Partition) -> dict[str, batches.BatchDoc]:
        if self._waiting is None:
            self._waiting = batches.waiting(self.ws.store)
        return self._waiting.get(part, {})

    def _count_landed(self, report: SummarizeReport, hit: dict[str, Any], row: SummaryRow) -> None:
        cost = float(hit.get("cost_usd") or 0.0)
        row.update(input_tokens=int(hit.get("input_tokens") or 0), output_tokens=int(hit.get("output_tokens") or 0))
        report.batch_stored += 1
        report.batch_cost_usd += cost
        report.input_tokens += row["input_tokens"]
        report.output_tokens += row["output_tokens"]
        report.cached_input_tokens += int(hit.get("cache_read_tokens") or 0)
        report.cache_write_tokens += int(hit.get("cache_write_tokens") or 0)
        if hit["batch"] not in report.landed_from:
            report.landed_from.append(hit["batch"])

    def _usable(self, seg: dict[str, Any], prev: SummaryRow | None, journalled: dict[str, Any] | None) -> Any:
        if seg["id"] in self.force_ids:
            return None
        for hit in (journalled, prev):  # a journalled answer is newer than the partition file
            if hit is None or hit.get("status") != "ok" or hit.get("content_hash") != seg["content_hash"]:
                continue
            if self.resummarize and hit.get("generation") != self.ws.generation:
                continue
            return hit
        return None

    # sending -------------------------------------------------------------------------------

    def run(self, job: _Job) -> None:
        """Send the job's segments (blocking while the pool is full); finishes it when all are in."""
        if job.todo and not self.stopped and not self.budget_spent:
            assert self.calls is not None, "a summariser that only plans sends nothing"
            wanted = set(job.todo)
            texts = job.texts or {
                r["id"]: r for r in self.ws.store.read(REDACTED_SEGMENTS, job.part, columns=_SEND_COLUMNS)
                if r["id"] in wanted
            }  # fmt: skip
            self.progress.add("summarize", 0, total=len(job.todo))
            for seg_id in job.todo:
                if self.stopped:
                    job.rows[seg_id]["error"] = STOPPED
                    continue
                seg = texts[seg_id]
                self.scanned += 1
                if any(self.ws.redactor.spans(seg[f] or "") for f in ("text", "title_hint", "meta")):
                    self.withheld.append(seg_id)
                    job.report.withheld_ids.append(seg_id)
                    job.rows[seg_id].update(status="failed", error=WITHHELD)
                    self.stopped = True  # the blocking check fails: nothing more is sent this run
                    continue
                req = SummaryRequest(segment_id=seg_id, text=seg["text"], source=seg["source"],
                                     title_hint=titled(seg), meta=json.loads(seg["meta"] or "{}"))  # fmt: skip
                with self._lock:
                    job.open += 1
                if self._batch_factory is not None:  # decided once, at the first request of the run
                    self.batch, self._batch_factory = self._batch_factory(self), None
                if self.batch is not None:
                    row = job.rows[seg_id]
                    if self.batch.add(job, seg_id, row["content_hash"], row["project"],
                                      self.provider.summary_params(req), len(req.text)):  # fmt: skip
                        job.report.batch_requests += 1
                        continue
                    with self._lock:
                        job.open -= 1
                    self.budget_spent = True
                    break  # the budget is spent: the rest stay pending
                budget = self.calls.budget
                worst = budget.worst_case_usd(len(req.text), ANTHROPIC_MAX_TOKENS) if budget.max_cost_usd else 0.0
                if not self.calls.submit(seg_id, lambda req=req: self.provider.summarize(req),
                                         lambda o, job=job, n=len(req.text): self._answer(job, o, n), worst):  # fmt: skip
                    with self._lock:
                        job.open -= 1
                    self.budget_spent = True
                    break  # the budget is spent: the rest stay pending
        with self._lock:
            job.submitted = True
            done = job.open == 0
        if done:
            self._finish(job)

    def _answer(self, job: _Job, outcome: CallOutcome, chars: int) -> None:
        row = job.rows[outcome.key]
        now = datetime.now(UTC)
        if outcome.deferred:
            pass  # stays pending
        elif outcome.error is None:
            row.update(**answer_columns(outcome.value.summary, row["project"]), status="ok", error=None,
                       summarized_at=now, input_tokens=outcome.input_tokens, output_tokens=outcome.output_tokens)  # fmt: skip
        else:
            row.update(
                status="failed", error=self.ws.redactor.redact(outcome.error or "unknown error")[0], summarized_at=now
            )
        if not outcome.deferred:
            rep = job.report
            rep.calls += 1
            rep.input_chars += chars
            rep.input_tokens += outcome.input_tokens
            rep.cached_input_tokens += outcome.cache_read_tokens
            rep.cache_write_tokens += outcome.cache_write_tokens
            rep.output_tokens += outcome.output_tokens
            rep.summarize_seconds += outcome.seconds
            if self.write:
                self.ws.store.append_journal(job.part, [row])
            cost = self.ws.cfg.summarizer.cost_usd(outcome.input_tokens, outcome.output_tokens,
                                                   cache_read=outcome.cache_read_tokens,
                                                   cache_write=outcome.cache_write_tokens)  # fmt: skip
            rep.calls_cost_usd += cost
            self.progress.add("summarize", 1, cost_usd=cost)
        self._settled(job)

    def _settled(self, job: _Job) -> None:
        """One request of the job has its outcome; the job is finished after its last."""
        with self._lock:
            job.open -= 1
            finish = job.open == 0 and job.submitted
        if finish:
            self._finish(job)

    # batches -------------------------------------------------------------------------------

    def _wait(self, job: _Job, seg_id: str, doc: batches.BatchDoc) -> None:
        """The segment waits on a batch: its older summary (if any) stays meanwhile."""
        job.waiting[seg_id] = doc.label
        row = job.stale.get(seg_id) or {**job.rows[seg_id], "error": f"waiting on batch {doc.label}"}
        job.rows[seg_id] = row  # type: ignore[assignment]

    def batch_waiting(self, job: _Job, seg_id: str, doc: batches.BatchDoc) -> None:
        """BatchSender: the request is in a batch (submitted, or unconfirmed: it may exist)."""
        self._wait(job, seg_id, doc)
        self.progress.add("summarize", 1)
        self._settled(job)

    def batch_failed(self, job: _Job, seg_id: str, error: str) -> None:
        """BatchSender: the request was not submitted after all (retried next run)."""
        status = "pending" if error == STOPPED else "failed"
        job.rows[seg_id].update(status=status, error=self.ws.redactor.redact(error)[0])
        self._settled(job)

    def _finish(self, job: _Job) -> None:
        """All answers are in: write the partition's summaries and drop its journal."""
        rep, rows = job.report, list(job.rows.values())
        rep.waiting_batch = len(job.waiting)
        rep.waiting_on = sorted(set(job.waiting.values()))
        rep.stored = sum(1 for r in rows if r["status"] == "ok" and r["segment_id"] not in job.waiting) - rep.reused
        rep.failed = sum(1 for r in rows if r["status"] == "failed")
        rep.pending_budget = sum(1 for r in rows if r["status"] == "pending" and r["segment_id"] not in job.waiting)
        rep.failed_ids = sorted(r["segment_id"] for r in rows if r["status"] == "failed")
        rep.errors = [f"{r['segment_id']}: {r['error']}" for r in rows if r["status"] == "failed"][:20]
        rep.generations = dict(Counter(r["generation"] for r in rows if r["status"] == "ok"))
        if self.ws.cfg.summarizer.priced:
            rep.estimated_cost_usd = rep.calls_cost_usd + rep.batch_cost_usd
        rep.digest = digest(f"{r['segment_id']}:{r['content_hash']}:{r['generation']}" for r in rows
                            if r["status"] == "ok")  # fmt: skip
        if self.write:
            self.ws.store.write(SUMMARIES, job.part, rows, info={"inputs": job.inputs, **rep.footer()})
            self.ws.store.clear_journal(job.part)
        self.rows[job.part] = rows if not self.write else []
        self._report(job.part, rep)

    def _report(self, part: Partition, report: SummarizeReport) -> None:
        self.reports[part] = report
        if self.on_done is not None:
            self.on_done(part, report)

    def close(self) -> dict[Partition, SummarizeReport]:
        """Submit the last batch (nothing, when the blocking check stopped the run), wait for
        every call in flight; the reports of every planned partition."""
        if self.batch is not None:
            if self.stopped:
                self.batch.discard(STOPPED)
            else:
                self.batch.flush()
        if self.calls is not None:
            self.calls.close()
        return self.reports


_PLAN_COLUMNS = ["id", "source", "session_id", "occurred_at", "content_hash", "trust", "original_ref", "project_hint"]
_SEND_COLUMNS = ["id", "source", "text", "title_hint", "meta", "part", "parts"]
_SUMMARY_FIELDS = ("title", "summary", "questions", "atoms", "project")


def _base_row(seg: dict[str, Any], generation: str) -> dict[str, Any]:
    return {"segment_id": seg["id"], "source": seg["source"], "session_id": seg["session_id"],
            "occurred_at": seg["occurred_at"], "content_hash": seg["content_hash"], "generation": generation,
            "trust": seg["trust"], "original_ref": seg["original_ref"]}  # fmt: skip


def _answered(base: dict[str, Any], hit: dict[str, Any]) -> Any:
    """A summary row from a usable answer (the partition's file or the journal), as reused."""
    return {**base, **{k: hit[k] for k in _SUMMARY_FIELDS}, "generation": hit["generation"], "status": "ok",
            "error": None, "input_tokens": 0, "output_tokens": 0, "summarized_at": _when(hit["summarized_at"])}  # fmt: skip


def _landed_now(hit: dict[str, Any], prev: SummaryRow | None) -> bool:
    """A batch's journalled answer the partition file does not hold yet (landing it again after a
    crash journals the same answer, with the same time: written once, counted once)."""
    if not hit.get("batch"):
        return False
    return prev is None or (prev.get("generation"), _when(prev.get("summarized_at"))) != (
        hit["generation"], _when(hit["summarized_at"]))  # fmt: skip


def answer_columns(summary: Any, project: str | None) -> dict[str, Any]:
    """A model's summary as the columns of its row (`project`: the segment's hint, kept when the
    model names none)."""
    return {"title": summary.title, "summary": summary.summary,
            "questions": json.dumps(summary.questions, ensure_ascii=False),
            "atoms": json.dumps([{"kind": a.kind, "text": a.text} for a in summary.atoms], ensure_ascii=False),
            "project": summary.project or project}  # fmt: skip


def _when(value: Any) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else value


def titled(seg: dict[str, Any]) -> str | None:
    """The title hint with " (part n/N)" when the session was split (what the model is told)."""
    hint = seg["title_hint"]
    if hint and seg["parts"] > 1:
        return f"{hint} (part {seg['part']}/{seg['parts']})"
    return hint
