"""Calls made one after another on a thread of their own, so the caller never waits for them.

The service records what a run did in Dagster as the run goes (a materialisation per stage and
partition): each record is a few milliseconds of bookkeeping, thousands of them on a first run,
and all of it can happen while the model calls are in flight. `InOrder` runs them in the order
given; `close` waits for the last one. A call that fails is logged and the next ones still run:
a record that could not be written never fails the work it describes.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class InOrder:
    def __init__(self, name: str):
        self.failures: list[str] = []
        self._todo: queue.Queue[tuple[Callable[..., Any], tuple[Any, ...]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run `fn(*args)` after every call given before it."""
        self._todo.put((fn, args))

    def close(self) -> list[str]:
        """Wait for every call given; the failures, one line each."""
        self._todo.put(None)
        self._thread.join()
        return self.failures

    def _work(self) -> None:
        while (item := self._todo.get()) is not None:
            fn, args = item
            try:
                fn(*args)
            except Exception as err:
                self.failures.append(f"{type(err).__name__}: {err}")
                log.warning("%s failed: %s: %s", getattr(fn, "__name__", fn), type(err).__name__, err)
