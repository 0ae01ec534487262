"""A run's partitions through collect, segment, redact and summarise, pipelined, in one process.

One thread takes the partitions through collect, segment and redact, day by day; another
plans each redacted partition's summaries and hands its requests to the call loop, so model
calls start after the first day is redacted and never pause at a partition boundary. The
caller iterates `events()`: a PartitionDone as each stage finishes each partition, then a
StageDone when a stage has finished every partition (in pipeline order). The service records
the first kind as they come; a Dagster step turns the second into its materialisations.
Memory is bounded by one partition per stage plus the calls in flight, not by the corpus.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..models import Partition
from ..operations.watchdog import watch
from ..progress import Progress
from ..stages.batch_submit import BatchSender, batch_route
from ..stages.collect import Collector, CollectReport, ConnectorSurvey, survey_connector
from ..stages.redact import redact_partition
from ..stages.segment import segment_partition
from ..stages.summarize import Summarizer, SummarizeReport
from ..staging.state import record_collect, record_open, record_outcome, record_pending
from ..staging.tables import RAW_SESSIONS, REDACTED_SEGMENTS, SEGMENTS, SUMMARIES
from ..workspace import Workspace
from .budget import Budget
from .calls import CallLoop
from .memory import share_heaps
from .refresher import LibraryRefresher

COLLECT, SEGMENT, REDACT, SUMMARIZE = (t.name for t in (RAW_SESSIONS, SEGMENTS, REDACTED_SEGMENTS, SUMMARIES))
STAGES = (COLLECT, SEGMENT, REDACT, SUMMARIZE)
HANDOFF_SECONDS = 0.0005  # the interpreter's thread switch interval while a run's threads work


@contextmanager
def quick_handoffs(seconds: float = HANDOFF_SECONDS) -> Iterator[None]:
    """Shorten the interpreter's switch interval (5 ms by default) for the block: the prepare
    thread is CPU-bound, and a model call takes the interpreter back after every socket read
    and write, each time waiting up to the interval."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@dataclass
class RunOptions:
    limit: int = 0  # at most this many new or changed sessions per connector (--limit)
    resummarize: bool = False  # also pay for segments whose summary is of an older generation
    force_ids: set[str] = field(default_factory=set)  # segment ids to summarise again regardless
    follow_library: bool = False  # refresh the library from summarised partitions while the run goes on
    batch: bool = False  # send summary requests in provider batches (answers land later, at a discount)


@dataclass
class PartitionDone:
    """A stage finished one partition."""

    stage: str
    part: Partition
    report: Any  # CollectReport, SegmentReport, RedactReport or SummarizeReport


@dataclass
class StageDone:
    """A stage finished every partition of the run."""

    stage: str
    reports: dict[Partition, Any]
    extra: dict[str, Any] = field(default_factory=dict)


class Pipeline:
    """The partitions of one run through the selected stages. `budget` is the command's (every
    run of a command draws from one); `provider` is the configured one unless given (tests)."""

    def __init__(
        self,
        ws: Workspace,
        parts: Iterable[Partition],
        budget: Budget,
        *,
        stages: Iterable[str] = STAGES,
        options: RunOptions | None = None,
        provider: Any = None,
        progress: Progress | None = None,
        surveys: dict[str, ConnectorSurvey] | None = None,
    ):
        self.ws = ws
        self.parts = sorted(set(parts))
        self.stages = [s for s in STAGES if s in set(stages)]
        self.options = options or RunOptions()
        self.budget = budget
        self.provider = provider
        self.progress = progress or Progress()
        self.surveys = dict(surveys or {})
        self.warnings: list[str] = []  # said once per run, not failures (a server without a batch API)
        self._events: queue.Queue[PartitionDone | StageDone | BaseException | None] = queue.Queue()

    def events(self) -> Iterator[PartitionDone | StageDone]:
        """Run the stages; yield each partition as a stage finishes it, each stage as it finishes all."""
        share_heaps()  # the command line did at its start; a Dagster run worker does it here
        with quick_handoffs():
            yield from self._run()

    def _run(self) -> Iterator[PartitionDone | StageDone]:
        if SUMMARIZE in self.stages:  # until its summaries are written, a day is planned again
            for name, days in _days_by_connector(self.parts).items():
                record_open(self.ws.store, name, dict.fromkeys(days, True))
        to_summarize: queue.Queue[Partition | None] = queue.Queue()
        threads = [
            threading.Thread(target=self._guard, args=(self._prepare, to_summarize), name="prepare"),
            threading.Thread(target=self._guard, args=(self._summarize, to_summarize), name="summarize"),
        ]
        for t in threads:
            t.start()
        failure: BaseException | None = None
        running = len(threads)
        done: dict[str, StageDone] = {}
        order = iter(self.stages)  # stages are reported in pipeline order (Dagster requires it)
        due = next(order, None)
        while running:
            item = self._events.get()
            if item is None:
                running -= 1
            elif isinstance(item, BaseException):
                failure = failure or item
                to_summarize.put(None)  # let the summarise thread wind down
            elif failure is not None:
                continue
            elif isinstance(item, PartitionDone):
                yield item
            else:
                done[item.stage] = item
                while due is not None and due in done:
                    yield done.pop(due)
                    due = next(order, None)
        for t in threads:
            t.join()
        if failure is not None:
            self._record_failure(failure)
        watch(self.ws)  # alerts and the heartbeat follow every run, failed ones included
        if failure is not None:
            raise failure

    def run(self) -> dict[str, StageDone]:
        """Run to the end: every stage's reports by stage name."""
        return {e.stage: e for e in self.events() if isinstance(e, StageDone)}

    # the two threads ----------------------------------------------------------------------

    def _guard(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except BaseException as err:  # handed to the caller's thread, which raises it
            self._events.put(err)
        finally:
            self._events.put(None)

    def _done(self, stage: str, part: Partition, report: Any) -> None:
        self._events.put(PartitionDone(stage, part, report))

    def _prepare(self, to_summarize: queue.Queue[Partition | None]) -> None:
        """Collect, segment and redact each partition in turn (only the selected stages)."""
        reports: dict[str, dict[Partition, Any]] = defaultdict(dict)
        collectors: dict[str, Collector] = {}
        now = time.time()
        try:  # the summarise thread's end marker goes last: `summaries` never ends before `redacted_segments`
            try:
                for part in self.parts:
                    self._prepare_one(part, to_summarize, reports, collectors, now)
            finally:
                for collector in collectors.values():
                    collector.save()
            if COLLECT in self.stages:
                self._record_collect(reports[COLLECT])
            for stage, label in ((COLLECT, "collect"), (SEGMENT, "segment"), (REDACT, "redact")):
                if stage in self.stages:
                    self.progress.batch_done(label, f"{len(self.parts)} partition(s)")
                    self._events.put(StageDone(stage, reports[stage]))
        finally:
            to_summarize.put(None)

    def _prepare_one(
        self,
        part: Partition,
        to_summarize: queue.Queue[Partition | None],
        reports: dict[str, dict[Partition, Any]],
        collectors: dict[str, Collector],
        now: float,
    ) -> None:
        sessions = rows = None
        if COLLECT in self.stages:
            collector = collectors.get(part.connector)
            if collector is None:
                survey = self.surveys.get(part.connector) or survey_connector(self.ws, part.connector, now)
                collector = collectors[part.connector] = Collector(self.ws, survey, now, self.options.limit)
            sessions, rep = collector.collect(part)
            reports[COLLECT][part] = rep
            self.progress.add("collect", len(sessions or []), bytes_read=rep.bytes_read)
            self._done(COLLECT, part, rep)
        if SEGMENT in self.stages:
            rows, rep = segment_partition(self.ws, part, sessions)
            reports[SEGMENT][part] = rep
            self.progress.add("segment", len(rows or []))
            self._done(SEGMENT, part, rep)
        if REDACT in self.stages:
            red, rep = redact_partition(self.ws, part, rows)
            reports[REDACT][part] = rep
            self.progress.add("redact", len(red or []))
            self._done(REDACT, part, rep)
        if SUMMARIZE in self.stages:
            to_summarize.put(part)

    def _summarize(self, to_summarize: queue.Queue[Partition | None]) -> None:
        if SUMMARIZE not in self.stages:
            return
        refresher = LibraryRefresher(self.ws) if self.options.follow_library and not self.ws.store.remote else None
        try:
            summarizer = self._summarizer(refresher)
            try:
                while (part := to_summarize.get()) is not None:
                    job = summarizer.plan(part)
                    if job is not None:
                        summarizer.run(job)
            finally:
                reports = summarizer.close()
        finally:
            if refresher is not None:
                refresher.close()
        self.progress.batch_done("summarize", f"{len(self.parts)} partition(s)")
        self._record_outcomes(reports, summarizer.withheld)
        submitted = summarizer.batch.submitted if summarizer.batch is not None else []
        self._events.put(StageDone(SUMMARIZE, reports, {
            "withheld_ids": summarizer.withheld, "scanned_segments": summarizer.scanned,
            "attempts": self.budget.spent.attempts, "budget_spent": summarizer.budget_spent,
            "cost_usd": self.budget.spent.cost_usd, "batched": self.budget.spent.batched,
            "batch_committed_usd": self.budget.spent.committed_usd, "warnings": self.warnings,
            "batches": [{"batch": d.label, "requests": len(d.requests), "partitions": len(d.partitions()),
                         "state": d.state} for d in submitted]}))  # fmt: skip

    def _summarizer(self, refresher: LibraryRefresher | None) -> Summarizer:
        provider = self.provider
        if provider is None:
            from ..summarizing.providers import make_provider  # lazy: imports only the configured SDK

            provider = make_provider(self.ws.cfg.summarizer, self.ws.api_key(), budget=self.budget)
        batch = self._batch_sender() if self.options.batch else None

        def done(part: Partition, report: SummarizeReport) -> None:
            if refresher is not None and not report.current:
                refresher.summarised(part)
            self._done(SUMMARIZE, part, report)

        return Summarizer(
            self.ws,
            CallLoop(self.ws.cfg.summarizer.max_concurrency, self.budget),
            provider,
            resummarize=self.options.resummarize,
            force_ids=self.options.force_ids,
            progress=self.progress,
            on_done=done,
            batch=batch,
        )

    def _batch_sender(self) -> Callable[[Summarizer], BatchSender | None]:
        """What makes this run's batch sender, at its first request: None when the server has no
        batch API (said once; the requests are then direct calls). Batch calls use a client of
        their own: they are no model calls, the budget counts the requests they carry
        (BatchSender), not their HTTP attempts."""

        def make(summarizer: Summarizer) -> BatchSender | None:
            from ..summarizing.providers import endpoint_of, make_provider  # lazy: as above

            cfg = self.ws.cfg.summarizer
            client = make_provider(cfg, self.ws.api_key())
            endpoint = endpoint_of(cfg)
            use, warning = batch_route(self.ws, client, endpoint)  # type: ignore[arg-type]
            if warning:
                self.warnings.append(warning)
            if not use:
                return None
            return BatchSender(self.ws, client, self.budget, resummarize=self.options.resummarize,  # type: ignore[arg-type]
                               on_waiting=summarizer.batch_waiting, on_failed=summarizer.batch_failed,
                               endpoint=endpoint)  # fmt: skip

        return make

    # health records -------------------------------------------------------------------------

    def _record_collect(self, reports: dict[Partition, CollectReport]) -> None:
        by_connector: dict[str, list[CollectReport]] = defaultdict(list)
        for part, rep in reports.items():
            by_connector[part.connector].append(rep)
        for name, reps in by_connector.items():
            record_collect(self.ws.store, name, sum(r.new_or_changed for r in reps), sum(len(r.warnings) for r in reps))

    def _record_outcomes(self, reports: dict[Partition, SummarizeReport], withheld: list[str]) -> None:
        failed: dict[str, list[str]] = defaultdict(list)
        still_open: dict[str, dict[str, bool]] = defaultdict(dict)
        pending: dict[str, int] = defaultdict(int)
        for part, rep in reports.items():
            failed[part.connector].extend(rep.errors)
            still_open[part.connector][part.day] = bool(rep.failed + rep.pending_budget)  # not what waits on a batch
            pending[part.connector] += rep.pending_budget
        for name, days in still_open.items():
            record_open(self.ws.store, name, days)
        for name in {p.connector for p in self.parts}:
            errors = failed.get(name)
            if withheld:
                error = (f"stopped by the no_secret_left check: a detector still fires on {len(withheld)} "
                         f"redacted segment(s), e.g. {withheld[0]}; nothing more was sent (run redact-stored)")  # fmt: skip
            else:
                error = f"{len(errors)} segment(s) failed: {errors[0]}" if errors else None
            record_outcome(self.ws.store, name, error)
            record_pending(self.ws.store, name, pending[name])

    def _record_failure(self, err: BaseException) -> None:
        message = self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0]
        for name in {p.connector for p in self.parts}:
            record_outcome(self.ws.store, name, message)


def _days_by_connector(parts: Iterable[Partition]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for part in parts:
        out[part.connector].append(part.day)
    return out
