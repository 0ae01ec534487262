"""The call loop: paid calls to a provider, a bounded number at once, each outcome handed back.

Model calls wait on the network, and the SDK clients are synchronous and thread-safe, so the
loop is a thread pool. The provider's HTTP client admits `max_concurrency` requests at a time
(providers.GatedSend: the one concurrency gate); the loop runs CALLS_AHEAD calls more, whose
requests are built, or answers parsed, while the others wait on the network, so the gate is
never idle while the SDK prepares the next request. `submit` blocks while every worker is busy:
a caller streams work from many partitions without holding it all, and the loop never idles
at a partition boundary. Every call is admitted by the command's budget first.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from .budget import Budget, BudgetExhausted

CALLS_AHEAD = 2
USAGE = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")  # a call's tokens, by kind


class CallFailed(Exception):
    """A call failed for the reason its message states (the provider's words, already short)."""


@dataclass
class CallOutcome:
    """How one call ended: a value, an error, or deferred (the budget refused it)."""

    key: str
    value: Any = None
    error: str | None = None
    deferred: bool = False
    input_tokens: int = 0  # every input token, cached or not
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    seconds: float = 0.0


class CallLoop:
    """`concurrency` + CALLS_AHEAD calls at once; `on_outcome` runs in the worker, one at a time."""

    def __init__(self, concurrency: int, budget: Budget):
        self.budget = budget
        workers = max(1, concurrency) + CALLS_AHEAD
        self._slots = threading.BoundedSemaphore(workers)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="call")
        self._record = threading.Lock()
        self.calls = 0

    def submit(
        self, key: str, call: Callable[[], Any], on_outcome: Callable[[CallOutcome], None], worst_usd: float = 0.0
    ) -> bool:
        """Start `call()` when a worker is free; False (nothing started) when the budget refuses it.

        `call` returns a value with optional token counts (USAGE); it raises CallFailed
        for a failure it can word, BudgetExhausted when a retry cannot be paid for.
        """
        self._slots.acquire()
        reservation = self.budget.admit(worst_usd)
        if reservation is None:
            self._slots.release()
            return False
        self._pool.submit(self._run, key, call, reservation, on_outcome)
        return True

    def _run(self, key: str, call: Callable[[], Any], reservation: float, on_outcome: Callable[[CallOutcome], None]):
        t0 = time.perf_counter()
        self.budget.start(reservation)
        try:
            value = call()
            outcome = CallOutcome(key, value, **{k: getattr(value, k, 0) for k in USAGE})
        except BudgetExhausted as err:
            outcome = CallOutcome(key, error=str(err), deferred=True)
        except CallFailed as err:
            outcome = CallOutcome(key, error=str(err))
        except Exception as err:  # a bug or an odd SDK error fails this call only
            outcome = CallOutcome(key, error=f"{type(err).__name__}: {err}")
        outcome.seconds = time.perf_counter() - t0
        self.budget.finish(**{k: getattr(outcome, k) for k in USAGE})
        try:
            with self._record:
                if not outcome.deferred:
                    self.calls += 1
                on_outcome(outcome)
        finally:
            self._slots.release()

    def close(self) -> None:
        """Wait for every call in flight."""
        self._pool.shutdown(wait=True)
