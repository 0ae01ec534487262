"""Look before paying: `run --dry-run`, `run --sample N` and `resummarize --dry-run`.

They read the previous runs' staging (to know what is unchanged or already summarised) but
write nothing: no staging file, no journal, no library, no Dagster materialisation.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterable, Iterator
from typing import Any

from ..engine.budget import Budget
from ..engine.calls import CallLoop
from ..models import Partition, Session
from ..stages.collect import Collector, survey_connector
from ..stages.redact import redact_partition
from ..stages.segment import segment_partition
from ..stages.summarize import Summarizer
from ..staging.tables import REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace

CHARS_PER_TOKEN = 4  # input tokens are estimated from characters at this rate
DEFAULT_OUTPUT_TOKENS = 400  # per call, when no stored summary tells the real average


def preview(
    ws: Workspace, connector: str, dry_run: bool = True, sample: int = 0, batch: bool = False
) -> dict[str, Any]:
    """What a run of this connector would do now (dry run: with its cost sent directly and in
    batches; `batch`, the way the run would send them), or the newest N sessions summarised
    without storing anything (sample).

    Partitions are read one at a time, as a run reads them: a dry run holds one partition's
    sessions, a sample the N newest so far, whatever the size of the connector's history."""
    now = time.time()
    survey = survey_connector(ws, connector, now)
    collector = Collector(ws, survey, now)
    parts = sorted(survey.changed())
    summarizer = Summarizer(ws, write=False) if dry_run else _sampler(ws)
    report: dict[str, Any] = {
        "connector": connector, "mode": "dry-run" if dry_run else f"sample {sample}",
        "partitions": [p.key for p in parts], "sessions": 0, "docs": 0, "unchanged": 0,
        "to_summarise": 0, "input_chars": 0, "redactions": 0, "deferred_sessions": 0, "bytes_read": 0,
        "warnings": [],
    }  # fmt: skip

    def collected() -> Iterator[tuple[Partition, list[Session]]]:
        for part in parts:
            found, done = collector.collect(part, write=False)
            report["deferred_sessions"] += done.deferred_sessions
            report["bytes_read"] += done.bytes_read
            report["warnings"] += [ws.redactor.redact(w)[0] for w in done.warnings]
            if found:
                yield part, found

    groups: Iterable[tuple[Partition, list[Session]]] = collected()
    if sample:
        newest = heapq.nlargest(sample, ((part, s) for part, found in groups for s in found),
                                key=lambda ps: ps[1].blocks[-1].timestamp if ps[1].blocks else 0)  # fmt: skip
        groups = [(part, [s for p, s in newest if p == part]) for part in sorted({p for p, _ in newest})]
    out_tokens = answers = 0
    for part, found in groups:
        report["sessions"] += len(found)
        stored = _answered_output(ws, part)
        out_tokens, answers = out_tokens + stored[0], answers + stored[1]
        rows, _ = segment_partition(ws, part, found, write=False)
        red, rrep = redact_partition(ws, part, rows, write=False)
        job = summarizer.plan(part, red)
        report["docs"] += len(red or [])
        report["redactions"] += rrep.redactions
        if job is None:
            continue
        report["unchanged"] += job.report.reused
        report["to_summarise"] += len(job.todo)
        report["input_chars"] += sum(len(job.texts[i]["text"]) for i in job.todo) if job.texts else 0
        if not dry_run:
            summarizer.run(job)
    if dry_run:
        return {**report, **estimate(ws, report["to_summarise"], report["input_chars"], out_tokens, answers, batch)}
    reports = summarizer.close()
    items = [r for rows in summarizer.rows.values() for r in rows]
    report.update(
        calls=sum(r.calls for r in reports.values()), failed=sum(r.failed for r in reports.values()),
        input_tokens=sum(r.input_tokens for r in reports.values()),
        output_tokens=sum(r.output_tokens for r in reports.values()),
        items=[{k: r[k] for k in ("segment_id", "status", "title", "summary", "error")} for r in items],
    )  # fmt: skip
    return report


def _sampler(ws: Workspace) -> Summarizer:
    """A summariser that makes its calls (the command's budget, the configured provider) and stores nothing."""
    from ..summarizing.providers import make_provider  # lazy: only a sample calls the model

    budget = Budget.for_run(ws.cfg.summarizer)
    provider = make_provider(ws.cfg.summarizer, ws.api_key(), budget=budget)
    return Summarizer(ws, CallLoop(ws.cfg.summarizer.max_concurrency, budget), provider, write=False)


def cost_preview(
    ws: Workspace, parts: list[Partition], resummarize: bool = True, batch: bool = False
) -> dict[str, Any]:
    """Calls, input tokens and estimated cost a (re-)summarise of these partitions would spend,
    directly and in batches; `batch`: the way this command would send them."""
    summarizer = Summarizer(ws, resummarize=resummarize, write=False)
    calls = chars = 0
    out_tokens, answers = 0, 0
    for part in parts:
        if not ws.store.exists(REDACTED_SEGMENTS, part):
            continue
        stored = _answered_output(ws, part)
        out_tokens, answers = out_tokens + stored[0], answers + stored[1]
        job = summarizer.plan(part, ws.store.read(REDACTED_SEGMENTS, part))
        if job is not None:
            calls += len(job.todo)
            chars += sum(len(job.texts[i]["text"]) for i in job.todo) if job.texts else 0
    return {"partitions": len(parts), **estimate(ws, calls, chars, out_tokens, answers, batch),
            "generation": ws.generation}  # fmt: skip


def _answered_output(ws: Workspace, part: Partition) -> tuple[int, int]:
    """(output tokens, answers) of the partition's stored summaries: the real average answer."""
    rows = (
        ws.store.read(SUMMARIES, part, columns=["status", "output_tokens"]) if ws.store.exists(SUMMARIES, part) else []
    )
    tokens = [r["output_tokens"] for r in rows if r["status"] == "ok" and r["output_tokens"]]
    return sum(tokens), len(tokens)


def estimate(
    ws: Workspace, calls: int, chars: int, out_tokens: int, answers: int, batch: bool = False
) -> dict[str, Any]:
    """The figures of a preview: input tokens from characters, output tokens at the stored
    answers' average (DEFAULT_OUTPUT_TOKENS without any), the cost sent directly and in batches
    at the price table (no prompt-cache saving is assumed: it depends on the model's minimum)."""
    per_call = round(out_tokens / answers) if answers else DEFAULT_OUTPUT_TOKENS
    tokens_in, tokens_out = chars // CHARS_PER_TOKEN, calls * per_call
    s = ws.cfg.summarizer
    direct = round(s.cost_usd(tokens_in, tokens_out), 4) if s.priced else None
    batched = round(s.cost_usd(tokens_in, tokens_out, batch=True), 4) if s.priced else None
    return {
        "calls": calls, "input_chars": chars, "input_tokens": tokens_in, "output_tokens": tokens_out,
        "estimated_cost_usd": batched if batch else direct, "estimated_cost_usd_direct": direct,
        "estimated_cost_usd_batch": batched, "send": "batch" if batch else "direct",
    }  # fmt: skip
