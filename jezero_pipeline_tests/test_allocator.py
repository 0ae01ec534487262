"""The package caps glibc's malloc arenas for the process that imports it (allocator.py)."""

import os
import subprocess
import sys
import textwrap

import pytest

# Six threads allocate at once; glibc's own malloc_info then lists one <heap> per arena.
_COUNT_ARENAS = textwrap.dedent("""
    import ctypes, os, sys, tempfile, threading
    if sys.argv[1] == "import":
        import jezero_pipeline
    start = threading.Barrier(6)
    def work():
        start.wait()
        keep = [bytes(4096) for _ in range(2000)]
        start.wait()
    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads: t.start()
    for t in threads: t.join()
    libc = ctypes.CDLL(None)
    libc.fopen.restype = ctypes.c_void_p
    fd, path = tempfile.mkstemp()
    fp = libc.fopen(path.encode(), b"w")
    libc.malloc_info(0, ctypes.c_void_p(fp))
    libc.fclose(ctypes.c_void_p(fp))
    print(open(path).read().count("<heap nr="))
    os.remove(path)
""")


def _arenas(mode: str, **env: str) -> int:
    environ = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"} | env
    out = subprocess.run([sys.executable, "-c", _COUNT_ARENAS, mode], capture_output=True, text=True, env=environ)
    assert out.returncode == 0, out.stderr
    return int(out.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux") or not os.confstr("CS_GNU_LIBC_VERSION"), reason="glibc only")
def test_importing_the_package_caps_malloc_arenas_at_two_unless_the_user_set_it():
    assert _arenas("plain") > 2  # without the cap, each allocating thread gets an arena of its own
    assert _arenas("import") <= 2
    assert _arenas("import", MALLOC_ARENA_MAX="5") > 2  # the user's setting wins
