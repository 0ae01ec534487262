"""Model calls with bounded concurrency, fed lazily, each answer handed back as it arrives.

Concurrency is a thread pool: the SDK clients are synchronous and thread-safe, and the work is
waiting on the network. A model provider's client lets `max_concurrency` HTTP requests be in
flight (providers.GatedSend); the pool runs CALLS_AHEAD calls more, whose requests are built
(and answers parsed) while the others wait on the network. Submitting blocks while every
worker is busy, so a caller can stream segments from many partitions without holding them
all, and the pool never idles at a partition boundary.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..config import SummarizerConfig
from ..models import Summary
from .budget import Budget
from .extractive import summarize_extractive
from .prompt import ANTHROPIC_MAX_TOKENS, SummaryRequest
from .results import Deferred, SummarizerError, SummaryResult


@dataclass
class Outcome:
    segment_id: str
    summary: Summary | None
    error: str | None
    deferred: bool = False  # not sent: the run's budget was spent
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0


class ExtractiveProvider:
    """Adapter so the offline summariser looks like a model provider.

    It leaves `project` empty: the pipeline fills it from the segment's project hint, as it
    does for a model that answers null.
    """

    name = "extractive"

    def summarize(self, req: SummaryRequest) -> SummaryResult:
        return SummaryResult(summarize_extractive(req.text, req.title_hint, None), 0, 0)


def make_summarizer(cfg: SummarizerConfig, api_key: str | None, budget: Budget | None = None) -> Any:
    """The configured provider; the model SDKs are imported only when one is used."""
    if cfg.provider == "extractive":
        return ExtractiveProvider()
    from .providers import make_provider  # lazy: the SDK imports cost seconds

    return make_provider(cfg, api_key, budget=budget)


def load_provider_sdks(cfg: SummarizerConfig) -> None:
    """Import the configured provider's SDK now: it costs seconds of CPU (anthropic ~3 s, openai
    ~1.5 s), which a run would rather spend before its prepare thread competes for the interpreter."""
    if cfg.provider != "extractive":
        from .providers import provider_class  # lazy: as in make_summarizer

        provider_class(cfg.provider)


CALLS_AHEAD = 2  # calls started beyond `max_concurrency`: each waits for an HTTP slot, its request built


class CallPool:
    """`max_concurrency` + CALLS_AHEAD calls at once (the provider's client lets `max_concurrency`
    requests be in flight); `on_outcome` runs in the worker, serialised."""

    def __init__(self, provider: Any, max_concurrency: int, budget: Budget):
        self.provider = provider
        self.budget = budget
        workers = max(1, max_concurrency) + CALLS_AHEAD
        self._slots = threading.BoundedSemaphore(workers)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="summarize")
        self._record = threading.Lock()
        self.calls = 0
        self.errors: list[str] = []

    def submit(self, req: SummaryRequest, on_outcome: Callable[[Outcome], None]) -> bool:
        """Start a call (waiting for a free slot); False when the budget refuses it."""
        worst = self.budget.worst_case_usd(len(req.text), ANTHROPIC_MAX_TOKENS) if self.budget.max_cost_usd else 0.0
        self._slots.acquire()
        reservation = self.budget.admit(worst)
        if reservation is None:
            self._slots.release()
            return False
        self._pool.submit(self._run, req, reservation, on_outcome)
        return True

    def _run(self, req: SummaryRequest, reservation: float, on_outcome: Callable[[Outcome], None]) -> None:
        t0 = time.perf_counter()
        self.budget.start(reservation)
        try:
            result = self.provider.summarize(req)
            outcome = Outcome(req.segment_id, result.summary, None, False, result.input_tokens, result.output_tokens)
        except Deferred as err:
            outcome = Outcome(req.segment_id, None, str(err), deferred=True)
        except SummarizerError as err:
            outcome = Outcome(req.segment_id, None, str(err))
        except Exception as err:  # a bug or an odd SDK error fails this segment only
            outcome = Outcome(req.segment_id, None, f"{type(err).__name__}: {err}")
        outcome.seconds = time.perf_counter() - t0
        self.budget.finish(outcome.input_tokens, outcome.output_tokens)
        try:
            with self._record:
                if not outcome.deferred:
                    self.calls += 1
                    if outcome.error:
                        self.errors.append(f"{req.segment_id}: {outcome.error}")
                on_outcome(outcome)
        finally:
            self._slots.release()

    def close(self) -> None:
        """Wait for every call in flight."""
        self._pool.shutdown(wait=True)
