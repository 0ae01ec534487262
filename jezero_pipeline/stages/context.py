"""What the runs one command starts in this process share: one budget, one progress display.

The CLI executes its runs in its own process, one run per group of partitions; they must draw
from one budget (`max_calls_per_run` is per command, not per Dagster run) and report to one
display. A run the daemon launches has its own process and uses the defaults.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..progress import LineProgress, Progress
from ..summarizing.budget import Budget


@dataclass
class RunContext:
    budget: Budget | None = None  # None: each run gets the config's budget
    progress: Progress | None = None  # None: plain lines on stderr
    provider: Any = None  # a provider object (the CLI's in a child process, a test's); None: the config's


_current = RunContext()


def current() -> RunContext:
    return _current


@contextmanager
def sharing(context: RunContext) -> Iterator[RunContext]:
    """Runs started inside the block share `context`."""
    global _current
    before, _current = _current, context
    try:
        yield context
    finally:
        _current = before


def progress() -> Progress:
    return _current.progress or LineProgress()
