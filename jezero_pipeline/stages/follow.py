"""The library follows a long run: refreshed in a child process while the model calls go on.

A first run or a backfill spends most of its time waiting for the model, with a core idle, and
the library used to be built only after the last answer: on 2,000 sessions at 200 ms the run
then went on for 16.5 s after the last answer, 6.6 s with the follower. While a run
summarises, the follower refreshes the library from the partitions summarised so far (the same
refresh as the search_index asset's, in a child, under the same lock), at most one at a time
and one every FOLLOW_SECONDS, and only once a run has written FOLLOW_BYTES of partitions; once
more as the run ends (`close(catch_up=True)`), which the run does not wait for: the
search_index step after it waits for the library lock, then finds nothing to read and its
checks take the follower's inspection. Each refresh's child is started when
the one before ends, so the last, which the library job waits for, does not wait for an
interpreter. A reader sees the library grow during the run, each refresh swapped in whole.

The follower never fails a run: a refresh that fails here fails again, and is reported, in the
search_index step; one that finds the lock held (an import, say) is skipped.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref

from ..models import Partition
from ..staging.tables import REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace
from . import index
from .build_apart import Apart, standby

log = logging.getLogger(__name__)

FOLLOW_SECONDS = 10.0  # between the starts of two refreshes: a child's start costs about a second
FOLLOW_BYTES = index.APART_BYTES  # below this a run's library refresh is small anyway: not followed


_CATCHING_UP: weakref.WeakSet[threading.Thread] = weakref.WeakSet()  # followers closed with catch_up


def wait_for_catch_up() -> None:
    """Wait until every follower of this process whose run has ended has done its last refresh
    (the search_index step calls it before its own)."""
    for thread in list(_CATCHING_UP):
        thread.join()


class LibraryFollower:
    """Refreshes the library in the background while partitions are summarised, until `close`."""

    def __init__(self, ws: Workspace, every_seconds: float | None = None, min_bytes: int | None = None):
        self.ws = ws
        self.every_seconds = FOLLOW_SECONDS if every_seconds is None else every_seconds
        self.min_bytes = FOLLOW_BYTES if min_bytes is None else min_bytes
        self.refreshes = 0  # refreshes done while following
        self._written = 0  # staged bytes of the partitions summarised so far
        self._new = False  # a partition was summarised since the last refresh began
        self._closing = False
        self._catch_up = False  # close(catch_up=True): one last refresh, at once
        self._standby: Apart | None = None  # the next refresh's child, started after the last one
        self._wake = threading.Condition()
        # Not a daemon: a process ending (a step's, under the multiprocess executor) waits for
        # the last refresh, which would otherwise go on in its child without the lock.
        self._thread = threading.Thread(target=self._follow, name="library-follow")
        self._thread.start()

    def summarised(self, part: Partition) -> None:
        """A partition's summaries were written (called by the summarise stage)."""
        size = self.ws.store.size(SUMMARIES, part) + self.ws.store.size(REDACTED_SEGMENTS, part)
        with self._wake:
            self._written += size
            self._new = True
            self._wake.notify()

    def close(self, catch_up: bool = False) -> None:
        """Start no refresh after the one under way, except, with `catch_up` (the run summarised
        every partition), one at once for the partitions summarised since that one began.

        Without `catch_up` this waits for the follower to end. With it, it returns at once: the
        last refresh holds the library lock, so the search_index step after the run waits for
        it there and then finds the library current, and meanwhile Dagster records the run's
        partitions and starts the library job (about a second on 2,000 sessions). That step
        (`wait_for_catch_up`) and the process's exit (the thread is no daemon) wait for it."""
        with self._wake:
            self._closing = True
            self._catch_up = catch_up
            self._wake.notify()
        if catch_up:
            _CATCHING_UP.add(self._thread)
        else:
            self._thread.join()

    def _due(self) -> bool:
        return self._closing or self._worth_it()

    def _worth_it(self) -> bool:
        return self._new and self._written >= self.min_bytes

    def _follow(self) -> None:
        try:
            self._refresh_until_closed()
        finally:
            if self._standby is not None and not self._standby.started:
                self._standby.stop()

    def _refresh_until_closed(self) -> None:
        last = float("-inf")
        while True:
            with self._wake:
                self._wake.wait_for(self._due)
                pause = last + self.every_seconds - time.monotonic()
                if pause > 0 and not self._closing:
                    self._wake.wait_for(lambda: self._closing, timeout=pause)
                if self._closing and not (self._catch_up and self._worth_it()):
                    return
                self._new = False
            last = time.monotonic()
            try:
                if index.refresh_following(self.ws, self._standby) is not None:
                    self.refreshes += 1
            except Exception as err:  # the search_index step meets it again and reports it
                log.warning("library refresh during the run failed; left to the search_index step: %s",
                            self.ws.redactor.redact(f"{type(err).__name__}: {err}")[0])  # fmt: skip
                return
            self._next_standby()

    def _next_standby(self) -> None:
        """The child for the next refresh, started now: the last refresh, which the run's end
        waits for, then starts 0.6 s sooner (on 2,000 sessions its child took 1.7 s). A standby
        holds only the imports, about 110 MB; none is started when no refresh is to follow."""
        with self._wake:
            wanted = not self._closing or (self._catch_up and self._worth_it())
        if self._standby is not None and not self._standby.started:
            if wanted:
                return  # unused (the refresh had nothing to build): kept for the next one
            self._standby.stop()
        self._standby = standby() if wanted else None
