"""Cap glibc's malloc arenas at two for the process, before its threads allocate.

glibc gives each new thread an arena of its own, up to eight per core. A run has a prepare
thread, a summarise thread and six call workers; a text built in one thread and freed in
another leaves holes in several arenas, and the run's resident memory creeps up with the
sessions it reads. Measured on a 10,000-session first run, peak RSS of the run's process:
315-321 MB (three runs) with the default, 303 MB with two arenas; the interpreter's lock
serialises most allocation anyway. A user's own MALLOC_ARENA_MAX wins; elsewhere than glibc
this does nothing.
"""

from __future__ import annotations

import ctypes
import os
import sys

ARENAS = 2
_M_ARENA_MAX = -8  # mallopt's parameter number (malloc.h)


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Ask glibc for at most `arenas` arenas; True when it agreed."""
    if not sys.platform.startswith("linux") or "MALLOC_ARENA_MAX" in os.environ:
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the C library the interpreter runs on
    except (OSError, AttributeError):  # musl and others: no mallopt
        return False
    return bool(mallopt(_M_ARENA_MAX, arenas))
