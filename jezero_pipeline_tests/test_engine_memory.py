"""The engine caps the C heaps (glibc arenas) its threads are given: counted in a fresh process."""

import os
import subprocess
import sys
import textwrap

import pytest

from jezero_pipeline.engine import memory

pytestmark = pytest.mark.skipif(memory._libc() is None, reason="glibc only: other C libraries have no arena cap")

# Six threads allocate at once from C (ctypes releases the interpreter's lock), then glibc
# prints one "Arena N:" block per arena to stderr.
THREADS_ALLOCATE = textwrap.dedent(
    """
    import ctypes, sys, threading
    from jezero_pipeline.engine.memory import share_heaps
    print(share_heaps() if sys.argv[1] == "capped" else None)
    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    together = threading.Barrier(6)
    def allocate():
        together.wait()
        for _ in range(200):
            libc.malloc(4096)
    threads = [threading.Thread(target=allocate) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sys.stdout.flush()
    libc.malloc_stats()
    """
)


def _arenas(mode: str, **env: str) -> tuple[str, int]:
    clean = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    done = subprocess.run(
        [sys.executable, "-c", THREADS_ALLOCATE, mode], env={**clean, **env}, capture_output=True, text=True, check=True
    )
    return done.stdout.strip(), done.stderr.count("Arena ")


def test_threads_share_the_capped_arenas_and_get_one_each_without_the_cap():
    said, capped = _arenas("capped")
    assert said == "True"
    assert 1 <= capped <= memory.ARENAS
    _, free = _arenas("free")
    assert free > memory.ARENAS, "without the cap glibc gives the threads arenas of their own"


def test_a_malloc_arena_max_set_by_the_user_wins():
    said, arenas = _arenas("capped", MALLOC_ARENA_MAX="4")
    assert said == "False"
    assert memory.ARENAS < arenas <= 4
