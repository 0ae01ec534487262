"""bench/proctree.py: the processes outside a measurement that share its libraries' pages."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bench import proctree

SITE = Path(sysconfig.get_paths()["platlib"])


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")
def test_a_process_holding_a_library_of_the_venv_is_named_until_it_ends():
    # DuckDB's extension module is a file under site-packages that the child maps.
    child = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys; print('up', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "up"
        found = proctree.sharers([SITE])
        assert child.pid in found and "import duckdb" in found[child.pid]
        assert not proctree.sharers([SITE / "no-such-folder"]).get(child.pid)
    finally:
        child.communicate("")
    assert child.pid not in proctree.sharers([SITE])


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")
def test_the_measuring_process_and_its_parents_are_not_counted():
    import duckdb  # noqa: F401  # this process maps the venv's libraries too

    ancestors = proctree._ancestors()
    assert {os.getpid(), os.getppid()} <= ancestors
    assert not set(proctree.sharers([SITE])) & ancestors
