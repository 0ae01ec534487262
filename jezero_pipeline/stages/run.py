"""A run over many partitions: collect, segment, redact and summarise, pipelined.

One thread takes the partitions through collect, segment and redact, day by day; another
plans each redacted partition's summaries and feeds its segments to the call pool, so model
calls start after the first day is redacted and never pause at a partition boundary. Each
stage is reported the moment it has finished every partition, so the caller (the Dagster
asset) can record it while the model calls of the later stages are still in flight, and the
library follows the summarised partitions in a child process (follow.py). Memory is bounded
by one partition per stage plus the calls in flight, not by the corpus.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..models import Partition
from ..operations.watchdog import watch
from ..progress import Progress
from ..staging.state import record_collect, record_open, record_outcome, record_pending
from ..summarizing.budget import Budget
from ..summarizing.runner import load_provider_sdks
from ..workspace import Workspace
from . import context
from .collect import Collector, CollectReport, ConnectorSurvey, survey_connector
from .follow import LibraryFollower
from .redact import RedactReport, redact_partition
from .segment import SegmentReport, segment_partition
from .summarize import Summarizer, SummarizeReport

COLLECT, SEGMENT, REDACT, SUMMARIZE = "raw_sessions", "segments", "redacted_segments", "summaries"
STAGES = (COLLECT, SEGMENT, REDACT, SUMMARIZE)
HANDOFF_SECONDS = 0.0005  # the interpreter's thread switch interval while a run's threads work


@contextmanager
def quick_handoffs(seconds: float = HANDOFF_SECONDS) -> Iterator[None]:
    """Shorten the interpreter's switch interval (5 ms by default) for the block.

    The prepare thread is CPU-bound, and a model call takes the GIL back after every socket
    read and write, each time waiting up to the interval. Measured on 2,000 sessions at 200 ms
    and concurrency 4 (20 calls/s at best): 16.4 calls/s while the prepare thread ran, 17.5-18
    with 0.5 ms.
    """
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
    max_calls: int | None = None  # overrides [summarizer] max_calls_per_run for this run
    provider: Any = None  # a provider object (tests); default: the config's


@dataclass
class StageDone:
    """A stage finished every partition of the run."""

    stage: str
    reports: dict[Partition, Any]  # CollectReport, SegmentReport, RedactReport or SummarizeReport
    extra: dict[str, Any] = field(default_factory=dict)


class PartitionRun:
    def __init__(
        self,
        ws: Workspace,
        parts: Iterable[Partition],
        stages: Iterable[str] = STAGES,
        options: RunOptions | None = None,
        progress: Progress | None = None,
        surveys: dict[str, ConnectorSurvey] | None = None,
        watch: bool = True,
    ):
        self.ws = ws
        self.parts = sorted(set(parts))
        self.stages = [s for s in STAGES if s in set(stages)]
        self.options = options or RunOptions()
        shared = context.current()
        self.progress = progress or shared.progress or Progress()
        self.surveys = dict(surveys or {})
        self.watch = watch
        self.budget = shared.budget or Budget.for_run(ws.cfg.summarizer, self.options.max_calls)
        self.provider = self.options.provider or shared.provider
        self._events: queue.Queue[StageDone | BaseException | None] = queue.Queue()

    def events(self) -> Iterator[StageDone]:
        """Run the stages; yield each one as soon as it has finished every partition."""
        with quick_handoffs():
            yield from self._events_of_run()

    def _events_of_run(self) -> Iterator[StageDone]:
        if SUMMARIZE in self.stages:  # until its summaries are written, a day is planned again
            by_connector: dict[str, dict[str, bool]] = defaultdict(dict)
            for part in self.parts:
                by_connector[part.connector][part.day] = True
            for name, days in by_connector.items():
                record_open(self.ws.store, name, days)
        if SUMMARIZE in self.stages and self.provider is None:
            load_provider_sdks(self.ws.cfg.summarizer)  # the first calls go out seconds sooner
        to_summarize: queue.Queue[Partition | None] = queue.Queue()
        producer = threading.Thread(target=self._guard, args=(self._prepare, to_summarize), name="prepare")
        consumer = threading.Thread(target=self._guard, args=(self._summarize, to_summarize), name="summarize")
        producer.start()
        consumer.start()
        failure: BaseException | None = None
        running = 2
        done: dict[str, StageDone] = {}
        order = iter(self.stages)  # stages are reported in pipeline order (Dagster requires it)
        due = next(order, None)
        while running:
            item = self._events.get()
            if item is None:
                running -= 1
            elif isinstance(item, BaseException):
                failure = failure or item
                to_summarize.put(None)  # let the consumer wind down
            elif failure is None:
                done[item.stage] = item
                while due is not None and due in done:
                    yield done.pop(due)
                    due = next(order, None)
        producer.join()
        consumer.join()
        if failure is not None:
            self._record_failure(failure)
        if self.watch:
            watch(self.ws)  # alerts and the heartbeat follow every run, failed ones included
        if failure is not None:
            raise failure

    def run(self) -> dict[str, StageDone]:
        """Run to the end (no streaming): every stage's reports by stage name."""
        return {done.stage: done for done in self.events()}

    # the two threads ----------------------------------------------------------------------

    def _guard(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except BaseException as err:  # handed to the caller's thread, which raises it
            self._events.put(err)
        finally:
            self._events.put(None)

    def _prepare(self, to_summarize: queue.Queue[Partition | None]) -> None:
        """Collect, segment and redact each partition in turn (only the selected stages)."""
        reports: dict[str, dict[Partition, Any]] = defaultdict(dict)
        collectors: dict[str, Collector] = {}
        now = time.time()
        try:  # the consumer's end marker goes last, so `summaries` is never done before `redacted_segments`
            self._prepare_parts(to_summarize, reports, collectors, now)
            if COLLECT in self.stages:
                self._record_collect(reports[COLLECT])
            for stage, label in ((COLLECT, "collect"), (SEGMENT, "segment"), (REDACT, "redact")):
                if stage in self.stages:
                    self.progress.batch_done(label, f"{len(self.parts)} partition(s)")
                    self._events.put(StageDone(stage, reports[stage]))
        finally:
            to_summarize.put(None)

    def _prepare_parts(
        self,
        to_summarize: queue.Queue[Partition | None],
        reports: dict[str, dict[Partition, Any]],
        collectors: dict[str, Collector],
        now: float,
    ) -> None:
        try:
            for part in self.parts:
                sessions = rows = None
                if COLLECT in self.stages:
                    collector = collectors.get(part.connector)
                    if collector is None:
                        survey = self.surveys.get(part.connector) or survey_connector(self.ws, part.connector, now)
                        collector = collectors[part.connector] = Collector(self.ws, survey, now, self.options.limit)
                    sessions, reports[COLLECT][part] = collector.collect(part)
                    self.progress.add("collect", len(sessions or []), bytes_read=reports[COLLECT][part].bytes_read)
                if SEGMENT in self.stages:
                    rows, reports[SEGMENT][part] = segment_partition(self.ws, part, sessions)
                    self.progress.add("segment", len(rows or []))
                if REDACT in self.stages:
                    red, reports[REDACT][part] = redact_partition(self.ws, part, rows)
                    self.progress.add("redact", len(red or []))
                if SUMMARIZE in self.stages:
                    to_summarize.put(part)
        finally:
            for collector in collectors.values():
                collector.save()

    def _summarize(self, to_summarize: queue.Queue[Partition | None]) -> None:
        if SUMMARIZE not in self.stages:
            return
        follower = LibraryFollower(self.ws) if not self.ws.store.remote else None
        summarizer = Summarizer(
            self.ws,
            resummarize=self.options.resummarize,
            force_ids=self.options.force_ids,
            budget=self.budget,
            provider=self.provider,
            progress=self.progress,
            on_written=follower.summarised if follower is not None else None,
        )
        finished = False
        try:
            try:
                while (part := to_summarize.get()) is not None:
                    job = summarizer.plan(part)
                    if job is not None:
                        summarizer.run(job)
            finally:
                reports = summarizer.close()
            self.progress.batch_done("summarize", f"{len(self.parts)} partition(s)")
            self._record_outcomes(reports, summarizer.withheld)
            self._events.put(StageDone(SUMMARIZE, reports, {
                "withheld_ids": summarizer.withheld, "scanned_segments": summarizer.scanned,
                "attempts": self.budget.spent.attempts, "budget_spent": summarizer.budget_spent,
                "cost_usd": self.budget.spent.cost_usd}))  # fmt: skip
            finished = True
        finally:
            # After the stage is reported: the caller records its partitions (0.6-0.9 s of
            # Dagster events on 360 partitions) and the run ends while the follower's last
            # refresh brings the library up to date; the search_index step waits for it.
            if follower is not None:
                follower.close(catch_up=finished)

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
            still_open[part.connector][part.day] = bool(rep.failed or rep.pending)
            pending[part.connector] += rep.pending
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


__all__ = ["STAGES", "PartitionRun", "RedactReport", "RunOptions", "SegmentReport", "StageDone"]
