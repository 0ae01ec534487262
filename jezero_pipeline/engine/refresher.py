"""The library refreshed while a run summarises, on a thread of the run's own process.

A first run or a backfill spends most of its time waiting for the model. Building the whole
library only after the last answer would add that build (and the secret scan of every new
item) to the run's end; refreshing it from the partitions summarised so far, while the calls
are in flight, leaves the end only the last few partitions, and lets searches find a long
backfill's first days while it goes on. The build's own work runs in DuckDB, outside the
interpreter's lock, so it uses the core the waiting leaves idle.

At most one refresh at a time, one every EVERY_SECONDS, and only once MIN_BYTES of partitions
were summarised (below that a refresh at the end is quick anyway). And only while the run
waits: a run whose process used more than BUSY_SHARE of a core since the last refresh (or the
last look) is not waiting for the model (its calls return at once, or its summariser runs
here), so there is no idle core for a refresh to use. Each refresh of such a run would rewrite
a growing library beside the calls, slowing them and adding a build's memory to theirs, for a
library the refresh after the run writes once anyway (10,000 generated sessions at latency 0
refreshed ten times during the run, each a merge of the whole library; without them it took a
median 166 s against 183 and peaked at a median 356 MB against 364, 8 or more draws each).

These refreshes hold the build to MEMORY_LIMIT, below the build's default: they add to what the
calls hold, and a slower build costs nothing while the calls wait for the model (the refresh
after the run, which the run waits for, keeps the default). A build that writes the whole
library (a merge) needs more as the library grows: a merge of 11,000 items keeps to
MEMORY_LIMIT, one of 20,000 may not. So a refresh that runs out of memory there goes once more
at the default, and so do the run's later refreshes (its library only grows). A refresh that
finds the library lock held (an import, say) is skipped; one that fails otherwise is logged and
left to the refresh after the run, which meets the same problem and reports it.
"""

from __future__ import annotations

import logging
import threading
import time

from ..models import Partition
from ..stages import index
from ..staging.tables import REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace

log = logging.getLogger(__name__)

EVERY_SECONDS = 10.0
MIN_BYTES = 8 << 20
MEMORY_LIMIT = "64MB"  # DuckDB's, for a refresh during the run (until one runs out)
BUSY_SHARE = 0.5  # of one core: a run whose process used more has no waiting for a refresh to fill
LOOK_SECONDS = 1.0  # the shortest stretch whose CPU time says whether the run waits


class LibraryRefresher:
    """Refreshes the library in the background while partitions are summarised, until `close`."""

    def __init__(self, ws: Workspace, every_seconds: float | None = None, min_bytes: int | None = None):
        self.ws = ws
        self.every_seconds = EVERY_SECONDS if every_seconds is None else every_seconds
        self.min_bytes = MIN_BYTES if min_bytes is None else min_bytes
        self.refreshes = 0  # refreshes that changed the library
        self.skipped = 0  # times a refresh was due but the run was busy
        self.memory_limit: str | None = MEMORY_LIMIT  # None: the build's default
        self._written = 0  # staged bytes of the partitions summarised so far
        self._new = False  # a partition was summarised since the last refresh began
        self._closing = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._follow, name="library-refresh", daemon=True)
        self._thread.start()

    def summarised(self, part: Partition) -> None:
        """A partition's summaries were written (called by the summarise stage's workers)."""
        size = self.ws.store.size(SUMMARIES, part) + self.ws.store.size(REDACTED_SEGMENTS, part)
        with self._wake:
            self._written += size
            self._new = True
            self._wake.notify()

    def close(self) -> None:
        """Start no more refreshes; wait for the one under way."""
        with self._wake:
            self._closing = True
            self._wake.notify()
        self._thread.join()

    def _due(self) -> bool:
        return self._closing or (self._new and self._written >= self.min_bytes)

    def _follow(self) -> None:
        last = float("-inf")
        looked = _clock()  # the start of the stretch judged busy or not
        while True:
            with self._wake:
                self._wake.wait_for(self._due)
                pause = max(last + self.every_seconds, looked[0] + LOOK_SECONDS) - time.monotonic()
                if pause > 0 and not self._closing:
                    self._wake.wait_for(lambda: self._closing, timeout=pause)
                if self._closing:
                    return
                busy, looked = _busy(looked), _clock()
                if busy:
                    self.skipped += 1
                    last = time.monotonic()
                    continue
                self._new = False
            last = time.monotonic()
            try:
                done = self._refresh()
            except Exception as err:  # the refresh after the run meets it again and reports it
                log.warning("library refresh during the run failed; left to the refresh after it: %s",
                            self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0])  # fmt: skip
                return
            looked = _clock()  # the refresh's own work is not the run's
            if done is not None and done.report.mode != "unchanged":
                self.refreshes += 1

    def _refresh(self) -> index.LibraryRefresh | None:
        try:
            return index.refresh(self.ws, inspect=True, wait=False, memory_limit=self.memory_limit)
        except Exception as err:
            import duckdb  # lazy: a run with nothing to refresh never loads DuckDB; here the build loaded it

            if self.memory_limit is None or not isinstance(err, duckdb.OutOfMemoryException):
                raise
            log.info("a library refresh during the run ran out of memory at %s; it and the later ones "
                     "go at the build's default", self.memory_limit)  # fmt: skip
            self.memory_limit = None
            return self._refresh()


def _clock() -> tuple[float, float]:
    """(wall time, this process's CPU time): where a stretch `_busy` judges starts."""
    return time.monotonic(), time.process_time()


def _busy(since: tuple[float, float]) -> bool:
    """Whether this process used more than BUSY_SHARE of a core since `since` (a `_clock()`)."""
    wall, cpu = _clock()
    return wall > since[0] and (cpu - since[1]) / (wall - since[0]) > BUSY_SHARE
