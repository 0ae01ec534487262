"""Progress a person can watch: counts per stage, shown on a terminal or as plain lines.

Stages report what they did to a Progress; the CLI shows it with a live display, a Dagster
step or a pipe gets one plain line per stage and partition batch, tests get nothing.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from typing import TextIO


@dataclass
class StageCount:
    done: int = 0
    total: int | None = None
    started: float = field(default_factory=time.monotonic)
    info: dict[str, float] = field(default_factory=dict)

    def eta_seconds(self) -> float | None:
        if not self.total or not self.done or self.done >= self.total:
            return None
        return (time.monotonic() - self.started) / self.done * (self.total - self.done)


class Progress:
    """Silent by default; subclasses override `show`. Thread-safe: workers report concurrently."""

    def __init__(self) -> None:
        self.stages: dict[str, StageCount] = {}
        self._lock = threading.Lock()

    def add(self, stage: str, n: int = 1, total: int | None = None, **info: float) -> None:
        """`n` more done in `stage` (of `total` more to do); `info` values add up (cost, tokens)."""
        with self._lock:
            s = self.stages.setdefault(stage, StageCount())
            s.done += n
            if total:
                s.total = (s.total or 0) + total
            for k, v in info.items():
                s.info[k] = s.info.get(k, 0) + v
        self.show(stage)

    def batch_done(self, stage: str, what: str) -> None:
        """A stage finished a batch of partitions (plain output prints one line here)."""

    def show(self, stage: str) -> None:
        pass

    def close(self) -> None:
        pass


class LineProgress(Progress):
    """Plain lines (logs, pipes, Dagster compute logs): one when a stage finishes a batch of
    partitions, and one every `every` seconds while a long stage (summarising) runs."""

    def __init__(self, out: TextIO | None = None, every: float = 30.0):
        super().__init__()
        self.out = out or sys.stderr
        self.every = every
        self._last: dict[str, float] = {}

    def show(self, stage: str) -> None:
        now = time.monotonic()
        if now - self._last.setdefault(stage, now) >= self.every:
            self._last[stage] = now
            self._line(stage, "in progress")

    def batch_done(self, stage: str, what: str) -> None:
        self._line(stage, what)

    def _line(self, stage: str, what: str) -> None:
        s = self.stages.get(stage, StageCount())
        extra = " ".join(f"{k}={_plain(v)}" for k, v in sorted(s.info.items()) if v)
        total = f" of {s.total}" if s.total else ""
        eta = s.eta_seconds()
        eta_text = f" eta {eta:.0f}s" if eta is not None else ""
        done = f"{s.done}{total} {UNITS.get(stage, 'done')}"
        print(f"{stage}: {what}: {', '.join(x for x in (done, extra) if x)}{eta_text}", file=self.out, flush=True)


UNITS = {  # what a stage's count counts, in a plain line
    "collect": "session(s) read",
    "segment": "segment(s) made",
    "redact": "segment(s) redacted",
    "summarize": "summarised",
}


def _plain(value: float) -> str:
    """A figure with no exponent: whole numbers as they are, fractions (dollars) to the cent's tenth."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.3f}"
