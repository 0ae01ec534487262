"""Summarise many segments: reuse what was paid for, call the model for the rest.

A segment is sent to the model only when no summary exists for its (content hash,
generation). Every answer is journalled the moment it arrives, so a crash or a retry of
the step never pays twice. Concurrency is a thread pool of `max_concurrency` workers: the
SDK clients are synchronous and thread-safe, and the work is waiting on the network.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..config import SummarizerConfig
from ..models import Summary
from .extractive import summarize_extractive
from .prompt import SummaryRequest
from .results import SummarizerError, SummaryResult


@dataclass
class Outcome:
    segment_id: str
    summary: Summary | None
    error: str | None
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0


@dataclass
class BatchReport:
    calls: int = 0
    failed: int = 0
    skipped_budget: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    input_chars: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)


class ExtractiveProvider:
    """Adapter so the offline summariser looks like a model provider.

    It leaves `project` empty: the pipeline fills it from the segment's project hint, as it
    does for a model that answers null.
    """

    name = "extractive"

    def summarize(self, req: SummaryRequest) -> SummaryResult:
        return SummaryResult(summarize_extractive(req.text, req.title_hint, None), 0, 0)


def make_summarizer(cfg: SummarizerConfig, api_key: str | None) -> Any:
    if cfg.provider == "extractive":
        return ExtractiveProvider()
    from .providers import make_provider

    return make_provider(cfg, api_key)


def summarize_batch(
    provider: Any,
    requests: Iterable[SummaryRequest],
    max_concurrency: int,
    on_outcome: Callable[[Outcome], None],
    max_calls: int | None = None,
) -> BatchReport:
    """Run requests through the provider; `on_outcome` is called (serialised) per answer."""
    report = BatchReport()
    lock = threading.Lock()
    todo = list(requests)
    if max_calls is not None and len(todo) > max_calls:
        report.skipped_budget = len(todo) - max_calls
        todo = todo[:max_calls]
    started = time.perf_counter()

    def one(req: SummaryRequest) -> Outcome:
        t0 = time.perf_counter()
        try:
            result = provider.summarize(req)
            return Outcome(
                req.segment_id,
                result.summary,
                None,
                result.input_tokens,
                result.output_tokens,
                time.perf_counter() - t0,
            )
        except SummarizerError as err:
            return Outcome(req.segment_id, None, str(err), seconds=time.perf_counter() - t0)
        except Exception as err:  # a bug or an odd SDK error fails this segment only
            return Outcome(req.segment_id, None, f"{type(err).__name__}: {err}", seconds=time.perf_counter() - t0)

    def record(outcome: Outcome, chars: int) -> None:
        with lock:
            report.calls += 1
            report.input_chars += chars
            report.input_tokens += outcome.input_tokens
            report.output_tokens += outcome.output_tokens
            if outcome.error:
                report.failed += 1
                report.errors.append(f"{outcome.segment_id}: {outcome.error}")
            on_outcome(outcome)

    if max_concurrency <= 1 or len(todo) <= 1:
        for req in todo:
            record(one(req), len(req.text))
    else:
        with ThreadPoolExecutor(max_workers=max_concurrency, thread_name_prefix="summarize") as pool:
            futures = {pool.submit(one, req): len(req.text) for req in todo}
            for fut in as_completed(futures):
                record(fut.result(), futures[fut])
    report.seconds = time.perf_counter() - started
    return report
