"""The model provider in a child process, started as a CLI command starts its runs.

A CLI run executes in one interpreter, and before its first model call that interpreter spends
seconds of CPU on imports: Dagster and its storages, then the provider's SDK (`import
anthropic` took 1.3-2.4 s in the 2,000-session benchmark's runs). A thread cannot overlap
imports, a process can: the child imports the SDK and builds the client on the other core
while this process imports Dagster and creates the run, and the first calls go out that much
sooner. The child holds the provider (its client, its retries, its HTTP gate of
`max_concurrency`); this process keeps the run's budget. A call's first attempt was reserved
when the call was admitted; before each retry, and before a retry wait, the child asks the
thread here that made the call, which answers from the budget (its call's reservation is
that thread's own, see Budget.start).

One socket pair carries pickled messages both ways:
  here → child:  (cfg, api_key) once, then ("call", n, request) and ("answer", n, value)
  child → here:  ("attempt", n) and ("exhausted", n) before a retry, ("done", n, result or exception)
The child ends when this process closes its end or is gone (killed): its read then fails.
"""

from __future__ import annotations

import itertools
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Any

from ..config import SummarizerConfig
from .budget import Budget, BudgetExhausted
from .prompt import SummaryRequest
from .results import SummarizerError, SummaryResult
from .runner import CALLS_AHEAD


class ProviderHost:
    """The child process and its messages; `provider(budget)` is what a CallPool calls."""

    def __init__(self, cfg: SummarizerConfig, api_key: str | None):
        ours, theirs = socket.socketpair()
        self._proc = subprocess.Popen(
            [sys.executable, "-m", __name__, str(theirs.fileno())], pass_fds=[theirs.fileno()]
        )
        theirs.close()
        self._conn = Connection(ours.detach())
        self.name = cfg.provider
        self._send_lock = threading.Lock()
        self._waiting: dict[int, queue.Queue[tuple[Any, ...]]] = {}
        self._numbers = itertools.count()
        self._gone: str | None = None
        self._send((cfg, api_key))  # in the socket's buffer until the child reads it: no wait here
        self._reader = threading.Thread(target=self._read, name="provider-host", daemon=True)
        self._reader.start()

    def provider(self, budget: Budget | None) -> RemoteProvider:
        return RemoteProvider(self, budget)

    def close(self) -> None:
        """End the child (every call has ended: the pool was closed first). Killed first: its
        end closing is what wakes the reader here (closing a socket another thread reads does not)."""
        self._proc.kill()
        self._proc.wait()
        self._reader.join(timeout=5)
        self._conn.close()

    def _send(self, message: tuple[Any, ...]) -> None:
        with self._send_lock:
            self._conn.send(message)

    def _read(self) -> None:
        """Hand each message from the child to the thread waiting for its call."""
        try:
            while True:
                kind, n, *rest = self._conn.recv()
                self._waiting[n].put((kind, *rest))
        except (EOFError, OSError):  # the child ended
            code = self._proc.poll()
            self._gone = f"the model-call process ended (exit code {code})" if code else "the model-call process ended"
            for waiting in list(self._waiting.values()):
                waiting.put(("gone",))

    def call(self, req: SummaryRequest, budget: Budget | None) -> SummaryResult:
        """One summary through the child; its budget questions answered here, in this thread."""
        n = next(self._numbers)
        answers = self._waiting[n] = queue.Queue()
        try:
            if self._gone:
                raise SummarizerError(self._gone)
            self._send(("call", n, req))
            first_booked = False
            while True:
                kind, *rest = answers.get()
                if kind == "done":
                    if isinstance(rest[0], BaseException):
                        raise rest[0]
                    return rest[0]
                if kind == "gone":
                    raise SummarizerError(self._gone or "the model-call process ended")
                if kind == "attempt" and not first_booked:  # the first, sent unasked: booked before the retry
                    first_booked = True
                    if budget is not None:
                        budget.attempt()
                self._send(("answer", n, _answer(kind, budget)))
        except OSError:  # the child is gone: the reader is about to say so
            raise SummarizerError(self._gone or "the model-call process ended") from None
        finally:
            del self._waiting[n]


def _answer(question: str, budget: Budget | None) -> bool | str:
    """ "attempt": True, or why the budget refuses it; "exhausted": whether a retry is paid for."""
    if budget is None:
        return question == "attempt"
    if question == "exhausted":
        return budget.exhausted()
    try:
        budget.attempt()
    except BudgetExhausted as err:
        return str(err)
    return True


class RemoteProvider:
    """A provider whose calls the child makes, drawing on this process's budget."""

    def __init__(self, host: ProviderHost, budget: Budget | None):
        self.name = host.name
        self.host = host
        self.budget = budget

    def summarize(self, req: SummaryRequest) -> SummaryResult:
        return self.host.call(req, self.budget)


@contextmanager
def provider_apart(cfg: SummarizerConfig, api_key: str | None, budget: Budget | None) -> Iterator[Any]:
    """A RemoteProvider for the runs of the block, or None for the offline summariser (which
    imports no SDK); the child ends with the block."""
    if cfg.provider == "extractive":
        yield None
        return
    host = ProviderHost(cfg, api_key)
    try:
        yield host.provider(budget)
    finally:
        host.close()


# the child ---------------------------------------------------------------------------------------


class _AskingBudget:
    """The budget as the child's provider sees it: each question goes to the caller's thread."""

    def __init__(self, send: Any):
        self._send = send
        self._answers: dict[int, queue.Queue[Any]] = {}
        self._call = threading.local()

    def calling(self, n: int) -> None:
        self._call.n, self._call.first = n, True
        self._answers[n] = queue.Queue()

    def done(self, n: int) -> None:
        self._answers.pop(n, None)

    def answer(self, n: int, value: Any) -> None:
        self._answers[n].put(value)

    def _ask(self, question: str) -> Any:
        n = self._call.n
        self._send((question, n))
        return self._answers[n].get()

    def attempt(self) -> None:
        """A call's first attempt goes out unasked: the caller's `admit` reserved it, and its
        `finish` books it when no retry did first. A question would hold up every request by a
        round trip to a process that is busy preparing the next segments."""
        if self._call.first:
            self._call.first = False
            return
        answer = self._ask("attempt")
        if answer is not True:
            raise BudgetExhausted(answer)

    def exhausted(self) -> bool:
        return bool(self._ask("exhausted"))


def _serve(fd: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a ^C is the caller's to handle; it ends this child
    conn = Connection(fd)
    send_lock = threading.Lock()

    def send(message: tuple[Any, ...]) -> None:  # an outcome is a SummaryResult or a SummarizerError: both pickle
        with send_lock:
            conn.send(message)

    cfg, api_key = conn.recv()
    budget = _AskingBudget(send)
    try:
        from .providers import make_provider  # lazy: the SDK import, the work this process is for

        provider: Any = make_provider(cfg, api_key, budget=budget)  # type: ignore[arg-type]
        setup_error: Exception | None = None
    except Exception as err:  # every call then fails with it, as the run's own provider would
        provider, setup_error = None, err

    def call(n: int, req: SummaryRequest) -> None:
        budget.calling(n)
        try:
            if setup_error is not None:
                raise setup_error
            outcome: Any = provider.summarize(req)
        except SummarizerError as err:
            outcome = err
        except Exception as err:  # as CallPool words an unexpected error
            outcome = SummarizerError(f"{type(err).__name__}: {err}")
        finally:
            budget.done(n)
        send(("done", n, outcome))

    pool = ThreadPoolExecutor(max(1, cfg.max_concurrency) + CALLS_AHEAD, thread_name_prefix="call")
    while True:
        try:
            kind, n, value = conn.recv()
        except (EOFError, OSError):  # the caller closed its end or is gone
            os._exit(0)
        if kind == "call":
            pool.submit(call, n, value)
        else:
            budget.answer(n, value)


if __name__ == "__main__":
    _serve(int(sys.argv[1]))
