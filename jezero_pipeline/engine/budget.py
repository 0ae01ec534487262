"""One spending limit per command: HTTP attempts (retries included) and estimated dollars.

A segment is only started when the budget can pay for its first attempt (and, when a cost
limit is set, for its worst-case cost); each retry needs an attempt of its own, and a retry the
budget cannot pay for is not sent. What the budget refuses is deferred, not failed: the
segment stays pending and the next run summarises it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..config import SummarizerConfig


class BudgetExhausted(Exception):
    """The budget cannot pay for another attempt: the call is deferred to the next run, not failed."""


@dataclass
class Spent:
    attempts: int = 0  # HTTP requests sent (or offline summaries made)
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    batched: int = 0  # requests sent in batches (each also counts as one attempt)
    committed_usd: float = 0.0  # their worst-case cost: their answers, and real cost, come later


class Budget:
    """Thread-safe: every worker of the call loop draws from it."""

    def __init__(
        self, max_attempts: int | None = None, max_cost_usd: float | None = None, cfg: SummarizerConfig | None = None
    ):
        self.max_attempts = max_attempts
        self.max_cost_usd = max_cost_usd
        self.cfg = cfg or SummarizerConfig()
        self.spent = Spent()
        self._reserved_attempts = 0
        self._reserved_cost = 0.0
        self._lock = threading.Lock()
        self._local = threading.local()  # per worker: the reservation of the call it is making

    @classmethod
    def for_run(cls, cfg: SummarizerConfig, max_attempts: int | None = None) -> Budget:
        """The config's limits; `max_attempts` (from the CLI or run config) overrides the calls one."""
        calls = cfg.max_calls_per_run if max_attempts is None else max_attempts
        return cls(calls, cfg.max_cost_usd_per_run, cfg)

    def worst_case_usd(self, input_chars: int, max_output_tokens: int, batch: bool = False) -> float:
        """An upper bound on one call's cost: ~3 characters a token in (each of them a cache write
        when caching is on: never cheaper than a plain input token), the output cap out."""
        tokens = input_chars // 3 + 1
        written = tokens if self.cfg.prompt_caching else 0
        return self.cfg.cost_usd(tokens, max_output_tokens, cache_write=written, batch=batch)

    def admit(self, worst_case_usd: float = 0.0) -> float | None:
        """Reserve a call's first attempt and its worst-case cost; None when the budget refuses.

        The worker that makes the call passes the returned reservation to `start`.
        """
        with self._lock:
            if self.max_attempts is not None and self.spent.attempts + self._reserved_attempts >= self.max_attempts:
                return None
            if self.max_cost_usd is not None and (
                self.spent.cost_usd + self.spent.committed_usd + self._reserved_cost + worst_case_usd
                > self.max_cost_usd
            ):
                return None
            self._reserved_attempts += 1
            self._reserved_cost += worst_case_usd
        return worst_case_usd

    def start(self, reservation: float) -> None:
        """This thread is about to make the admitted call: its first attempt is paid for."""
        self._local.reservation = (True, reservation)

    def attempt(self) -> None:
        """One HTTP request is about to be sent: the reserved first one, or a paid-for retry."""
        first, cost = getattr(self._local, "reservation", (False, 0.0))
        with self._lock:
            if first:
                self._reserved_attempts -= 1
                self._local.reservation = (False, cost)
            elif self.max_attempts is not None and (self.spent.attempts + self._reserved_attempts >= self.max_attempts):
                raise BudgetExhausted(f"the run's budget of {self.max_attempts} attempts is spent")
            self.spent.attempts += 1

    def exhausted(self) -> bool:
        """No attempt is left for a retry (the retry wait is then skipped)."""
        with self._lock:
            return self.max_attempts is not None and self.spent.attempts + self._reserved_attempts >= self.max_attempts

    def finish(
        self, input_tokens: int = 0, output_tokens: int = 0, cache_read_tokens: int = 0, cache_write_tokens: int = 0
    ) -> None:
        """A call ended: book its tokens, release its cost reservation (and an unused attempt
        reservation: an offline summary counts as one attempt, an HTTP call counted its own)."""
        first, cost = getattr(self._local, "reservation", (False, 0.0))
        self._local.reservation = (False, 0.0)
        with self._lock:
            if first:  # no HTTP request was sent: the call itself was the attempt
                self._reserved_attempts -= 1
                self.spent.attempts += 1
            self._reserved_cost -= cost
            self.spent.input_tokens += input_tokens
            self.spent.output_tokens += output_tokens
            self.spent.cost_usd += self.cfg.cost_usd(
                input_tokens, output_tokens, cache_read=cache_read_tokens, cache_write=cache_write_tokens
            )

    def settle(self, reservation: float, worst_case_usd: float) -> None:
        """An admitted request went into a batch: it counts as an attempt, and its worst case
        stays spent (the real cost is known when the batch lands, after the command)."""
        with self._lock:
            self._reserved_attempts -= 1
            self._reserved_cost -= reservation
            self.spent.attempts += 1
            self.spent.batched += 1
            self.spent.committed_usd += worst_case_usd

    def release(self, reservation: float) -> None:
        """An admitted request was not sent after all."""
        with self._lock:
            self._reserved_attempts -= 1
            self._reserved_cost -= reservation
