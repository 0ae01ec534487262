"""How many C heaps a run's threads share.

glibc gives each new thread that allocates a heap of its own (an "arena"), up to eight per
core, and what a thread frees stays in its own arena for that arena's next allocation. A run's
threads come and go (a read-ahead and the tokenizers for every library refresh, the call
workers, the prepare thread), each leaving freed memory behind in an arena the next thread
may not use, so without a cap the process grows with the length of the run rather than with
what it holds. Two arenas (MALLOC_ARENA_MAX=2, a common setting for threaded services) keep
the threads in two shared heaps; the interpreter's lock already serialises most of their
allocations, so sharing costs no speed we could measure.

The cap holds for arenas made after it is set, so the command line sets it first thing, and
the engine again before a run's threads start (what a Dagster run worker goes through).
Elsewhere than glibc this does nothing; a MALLOC_ARENA_MAX set by the user wins.
"""

from __future__ import annotations

import ctypes
import functools
import os
from typing import Any

ARENAS = 2
M_ARENA_MAX = -8  # mallopt's parameter number for the arena cap (glibc's malloc.h)


@functools.cache
def _libc() -> Any:
    """glibc, or None (musl's `mallopt` accepts the call and sets nothing)."""
    try:
        version = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (AttributeError, ValueError, OSError):  # not a POSIX system, or not glibc
        version = ""
    if not version.startswith("glibc"):
        return None
    try:
        return ctypes.CDLL("libc.so.6")  # glibc's name on every Linux it runs on
    except OSError:
        return None


def share_heaps(arenas: int = ARENAS) -> bool:
    """Cap the arenas threads started from now on are given (threads already started keep
    theirs); False where nothing was set."""
    libc = _libc()
    if libc is None or os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return bool(libc.mallopt(M_ARENA_MAX, arenas))
