"""`run` and `resummarize` for every caller: take the lock, plan, run the engine, refresh the
library, and return a typed report.

The CLI formats the report and the tests read it; neither reads anything back out of Dagster.
What the command did is written to its record in staging as it happens (staging/records.py:
a materialisation per stage and partition, the checks, the library's), and Dagster records it
from there (defs/record.py), so the UI shows the same partitions, figures and lineage as for a
run the daemon launched. Nothing here imports Dagster.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from .engine.background import InOrder
from .engine.budget import Budget
from .engine.pipeline import COLLECT, REDACT, STAGES, SUMMARIZE, PartitionDone, Pipeline, RunOptions, StageDone
from .models import Partition
from .progress import Progress
from .stages import index, outcomes
from .stages.batch_land import has_open, land
from .stages.plan import plan_run
from .staging.records import CommandRecord
from .workspace import Workspace

SAVE_SECONDS = 2.0  # how often a command's record is saved while it runs

# The connector report's figures: (stage, field of that stage's partition report), summed.
FIGURES = {
    "sessions": (COLLECT, "sessions"),
    "new_or_changed": (COLLECT, "new_or_changed"),
    "deferred_sessions": (COLLECT, "deferred_sessions"),
    "bytes_read": (COLLECT, "bytes_read"),
    "skipped_files": (COLLECT, "skipped_files"),
    "redactions": (REDACT, "redactions"),
    "docs": (SUMMARIZE, "docs"),
    "reused": (SUMMARIZE, "reused"),
    "stored": (SUMMARIZE, "stored"),
    "failed": (SUMMARIZE, "failed"),
    "pending_budget": (SUMMARIZE, "pending_budget"),
    "calls": (SUMMARIZE, "calls"),
    "input_chars": (SUMMARIZE, "input_chars"),
    "input_tokens": (SUMMARIZE, "input_tokens"),
    "cached_input_tokens": (SUMMARIZE, "cached_input_tokens"),
    "output_tokens": (SUMMARIZE, "output_tokens"),
    "batch_requests": (SUMMARIZE, "batch_requests"),
    "waiting_batch": (SUMMARIZE, "waiting_batch"),
    "batch_stored": (SUMMARIZE, "batch_stored"),
    "batch_cost_usd": (SUMMARIZE, "batch_cost_usd"),
    "estimated_cost_usd": (SUMMARIZE, "estimated_cost_usd"),
}


@dataclass
class ConnectorReport:
    """What one command did for one connector, summed over its partitions."""

    connector: str
    partitions: int = 0
    figures: dict[str, float] = field(default_factory=lambda: {k: 0 for k in FIGURES})
    waiting_to_settle: int = 0  # changed units still being written, left for a later run
    errors: list[str] = field(default_factory=list)  # redacted, one line each
    batches: list[str] = field(default_factory=list)  # the batches its partitions wait on

    @property
    def ok(self) -> bool:
        return not self.errors and not self.figures["failed"]

    def as_dict(self) -> dict[str, Any]:
        return {"connector": self.connector, "partitions": self.partitions, "success": self.ok, **self.figures,
                "waiting_to_settle": self.waiting_to_settle, "errors": self.errors,
                **({"waiting_on_batches": self.batches} if self.batches else {})}  # fmt: skip


@dataclass
class LibraryReport:
    path: str
    refreshed: bool = False  # this command brought the library up to date (it was not already)
    mode: str = "unchanged"  # the last refresh's: unchanged, delta, merge or full
    items: int | None = None
    errors: list[str] = field(default_factory=list)
    embeddings: dict[str, Any] | None = None  # what the embed stage did (stages/embed.py), when it ran

    @property
    def ok(self) -> bool:
        return (
            not self.errors
            and not (self.embeddings or {}).get("errors")
            and not (self.embeddings or {}).get("withheld")
        )

    def as_dict(self) -> dict[str, Any]:
        return {"library": self.path, "success": self.ok, **{k: v for k, v in asdict(self).items() if k != "path"}}


@dataclass
class RunReport:
    connectors: list[ConnectorReport]
    library: LibraryReport
    locked: bool = False  # another command held the run lock: nothing was done
    warnings: list[str] = field(default_factory=list)  # not failures: records that could not be written
    landed: list[dict[str, Any]] = field(default_factory=list)  # batches that landed at the command's start

    @property
    def ok(self) -> bool:
        return not self.locked and self.library.ok and all(c.ok for c in self.connectors)


def run(
    ws: Workspace,
    names: list[str],
    *,
    since: str | None = None,
    until: str | None = None,
    limit: int = 0,
    max_calls: int | None = None,
    progress: Progress | None = None,
    provider: Any = None,
    batch: bool | None = None,
) -> RunReport:
    """The changed (connector, day) partitions of these connectors (within [since, until])
    through every stage, then the library. With nothing changed, no batch open and the library
    current, nothing else is loaded: no DuckDB, no SDK, no Dagster. `batch`: send the summary
    requests in provider batches (None: `[summarizer] batch = "always"` does)."""
    with ws.run_lock() as got:
        if not got:
            return RunReport([ConnectorReport(n) for n in names], LibraryReport(str(ws.library_path)), locked=True)
        report = _Run(ws, names, Budget.for_run(ws.cfg.summarizer, max_calls), progress, provider)
        report.land()  # first: a landed batch reopens its partitions, which this run then writes
        plan = plan_run(ws, names, time.time(), since, until)
        options = RunOptions(limit=limit, follow_library=True, batch=ws.cfg.summarizer.batch_applies(False, batch))
        report.stages(plan.changed, STAGES, options, plan.surveys)
        for c in report.report.connectors:
            c.waiting_to_settle = plan.waiting.get(c.connector, 0)
        report.report.warnings += plan.warnings
        del plan  # its surveys hold an object per session; the library build below needs none of them
        report.library_refresh()
        report.embed()
        return report.finish()


def resummarize(
    ws: Workspace,
    parts: Iterable[Partition],
    *,
    force_ids: Iterable[str] = (),
    max_calls: int | None = None,
    progress: Progress | None = None,
    provider: Any = None,
    batch: bool | None = None,
) -> RunReport:
    """Summarise these partitions again: with `force_ids`, exactly those segments; else every
    segment whose summary is of an older generation. Then the library. `batch`: in provider
    batches (None: as `[summarizer] batch` says: "backfill" or "always")."""
    parts = sorted(set(parts))
    names = sorted({p.connector for p in parts})
    with ws.run_lock() as got:
        if not got:
            return RunReport([ConnectorReport(n) for n in names], LibraryReport(str(ws.library_path)), locked=True)
        report = _Run(ws, names, Budget.for_run(ws.cfg.summarizer, max_calls), progress, provider)
        report.land()
        forced = set(force_ids)
        options = RunOptions(resummarize=not forced, force_ids=forced, follow_library=True,
                             batch=ws.cfg.summarizer.batch_applies(True, batch))  # fmt: skip
        report.stages(parts, (SUMMARIZE,), options)
        report.library_refresh()
        report.embed()
        return report.finish()


def command_owner() -> str:
    """How this command names itself as the holder of a lock (another run's error quotes it)."""
    return f"jezero-pipeline (pid {os.getpid()})"


class _Run:
    """One command's work and its report, as it goes."""

    def __init__(self, ws: Workspace, names: list[str], budget: Budget, progress: Progress | None, provider: Any):
        self.ws, self.budget, self.progress, self.provider = ws, budget, progress, provider
        self.report = RunReport([ConnectorReport(n) for n in names], LibraryReport(str(ws.library_path)))
        self._by_name = {c.connector: c for c in self.report.connectors}
        self._record = CommandRecord(ws.store)
        self._writer: InOrder | None = None  # writes the record off the command's threads
        self._saved_at = time.monotonic()
        self._ran = False

    def _write(self, make: Callable[[], list[outcomes.Materialization | outcomes.CheckOutcome]]) -> None:
        """Add what `make` describes to the record, on the writer's thread (started at the first)."""
        if self._writer is None:
            self._writer = InOrder("record")
        self._writer.call(self._add, make)

    def _add(self, make: Callable[[], list[outcomes.Materialization | outcomes.CheckOutcome]]) -> None:
        for outcome in make():
            self._record.add(outcomes.as_record(outcome))
        if time.monotonic() - self._saved_at >= SAVE_SECONDS:
            self._record.save()
            self._saved_at = time.monotonic()

    def stages(
        self, parts: Iterable[Partition], stages: Iterable[str], options: RunOptions, surveys: Any = None
    ) -> None:
        parts = sorted(set(parts))
        if not parts:
            return
        self._ran = True
        counted: dict[str, set[Partition]] = defaultdict(set)
        pipeline = Pipeline(self.ws, parts, self.budget, stages=stages, options=options, provider=self.provider,
                            progress=self.progress, surveys=surveys)  # fmt: skip
        try:
            # A daemon's run of the same partitions waits for none: it fails at once naming this command.
            with self.ws.locks.holding(command_owner(), parts):
                for event in pipeline.events():
                    if isinstance(event, PartitionDone):
                        self._count(event, counted)
                        self._write(lambda e=event: [outcomes.partition_materialization(self.ws, e.stage, e.part,
                                                                                         e.report)])  # fmt: skip
                    else:
                        self._stage_errors(event)
                        if event.stage == SUMMARIZE:
                            reports = list(event.reports.values())
                            self._write(lambda r=reports, x=event.extra: outcomes.summaries_checks(r, x))
        except Exception as err:  # the pipeline recorded it in the connectors' state; report it here
            message = self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0]
            for part in parts:
                errors = self._by_name[part.connector].errors
                if message not in errors:
                    errors.append(message)

    def land(self) -> None:
        """Land the batches that ended since the last command (none open: one folder listed)."""
        if not has_open(self.ws):
            return
        landing = land(self.ws, command_owner())
        self.report.warnings += landing.errors
        self.report.landed += [{"batch": d.label, "state": d.state, "cost_usd": round(d.cost_usd, 6),
                                "outcomes": d.outcomes, "partitions": len(d.partitions())}
                               for d in [*landing.landed, *landing.abandoned]]  # fmt: skip

    def _count(self, event: PartitionDone, counted: dict[str, set[Partition]]) -> None:
        c = self._by_name.get(event.part.connector)
        if c is None:
            return
        if event.part not in counted[c.connector]:
            counted[c.connector].add(event.part)
            c.partitions += 1
        values = event.report.as_metadata()
        for name, (stage, key) in FIGURES.items():
            if stage == event.stage and key in values:
                c.figures[name] += values[key]
        if event.stage == SUMMARIZE:
            c.errors += event.report.errors
            c.batches += [b for b in event.report.waiting_on if b not in c.batches]

    def _stage_errors(self, event: StageDone) -> None:
        self.report.warnings += [w for w in event.extra.get("warnings", []) if w not in self.report.warnings]
        withheld = event.extra.get("withheld_ids") or []
        if event.stage == SUMMARIZE and withheld:
            for c in self.report.connectors:
                c.errors.append(f"stopped by the no_secret_left check: a detector still fires on {len(withheld)} "
                                f"redacted segment(s), e.g. {withheld[0]}; nothing more was sent")  # fmt: skip

    def library_refresh(self) -> None:
        """Refresh the library when the run changed something or it is not current."""
        lib = self.report.library
        if not self._ran and index.is_current(self.ws):
            return
        try:
            done = index.refresh(self.ws, inspect=True)
        except Exception as err:
            lib.errors.append(self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0])
            return
        assert done is not None
        lib.refreshed, lib.mode, lib.items = True, done.report.mode, done.report.items
        self._write(lambda: [outcomes.library_materialization(self.ws, done),
                             *outcomes.library_checks(self.ws, done.inspection)])  # fmt: skip

    def embed(self) -> None:
        """With `[embeddings] in_run`, embed the library's new items when the library changed or
        its vectors are not current (a model change waits for `embed --reembed`). Its failures
        never touch the library."""
        if not self.ws.cfg.embeddings.embeds_in_run:
            return
        from .stages import embed  # lazy: a no-change run loads nothing of it

        if self.report.library.errors or embed.is_current(self.ws):
            return
        try:
            done = embed.embed_library(self.ws)
        except Exception as err:  # the vectors stay as they were; search stays lexical for the new items
            self.report.library.embeddings = {"errors": [self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0]]}
            return
        self.report.library.embeddings = done.as_metadata()
        self._write(lambda: [outcomes.embeddings_materialization(self.ws, done)])

    def finish(self) -> RunReport:
        if self._writer is not None:
            self._writer.call(self._record.close)
            self.report.warnings += [f"writing the record for Dagster: {f}" for f in self._writer.close()]
        return self.report
