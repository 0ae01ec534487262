"""A library refresh or inspection in a child process: `python -m jezero_pipeline.stages.build_apart IN OUT`.

A big build (a first run, a rebuild, a backfill) needs DuckDB, its tokenizing tables and Arrow
batches for a while, and the checks' pass over a big library decodes every original; in the
run's own process that memory would add to Dagster's and stay resident after. A child returns
all of it when it exits. A fresh interpreter started with `-m`,
not multiprocessing: spawn re-imports the caller's main script, which deadlocks on the library
lock when that script calls refresh unguarded, and fork copies a process that has threads.

IN holds the pickled (task, config, rebuild); the child writes the pickled ("ok", result) or
("error", exception) to OUT. The caller holds the library lock for the child.

The child asks DuckDB's allocator (its own jemalloc, configured by DUCKDB_JE_MALLOC_CONF) to
return freed pages at once: a build frees and allocates a lot of memory outside its
`memory_limit`, and jemalloc's default keeps the freed pages for seconds. Measured on the
10,000-session build: peak RSS ~376 MB instead of 430-470 MB, for ~30% more build time.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..config import Config
from ..workspace import Workspace

# A user's own setting wins.
ALLOCATOR_CONF = {"DUCKDB_JE_MALLOC_CONF": "dirty_decay_ms:0,muzzy_decay_ms:0"}


def child_env() -> dict[str, str]:
    """The environment of a build child: this one's, with ALLOCATOR_CONF unless set."""
    return {**ALLOCATOR_CONF, **os.environ}


class BuildProcessDied(RuntimeError):
    """The child ended without an answer (killed, out of memory)."""


def run_apart(cfg: Config, rebuild: bool) -> Any:
    """`index.refresh_here` of `Workspace(cfg)` in a child process; its result, or its exception raised here."""
    return _call_apart("refresh", cfg, rebuild)


def inspect_apart(cfg: Config) -> Any:
    """`inspect.inspect_here` of `Workspace(cfg)` in a child process (the caller holds no lock)."""
    return _call_apart("inspect", cfg, False)


def _call_apart(task: str, cfg: Config, rebuild: bool) -> Any:
    with tempfile.TemporaryDirectory(prefix="jezero-build-") as tmp:
        given, answer = Path(tmp) / "in.pickle", Path(tmp) / "out.pickle"
        given.write_bytes(pickle.dumps((task, cfg, rebuild)))
        proc = subprocess.run([sys.executable, "-m", __name__, str(given), str(answer)], check=False, env=child_env())
        if not answer.exists():
            raise BuildProcessDied(f"the library {task} process ended without an answer (exit code {proc.returncode})")
        status, value = pickle.loads(answer.read_bytes())
    if status == "error":
        raise value
    return value


def _main(given: str, answer: str) -> int:
    from . import index, inspect  # lazy: both start this module; importing them back at load time is a cycle

    task, cfg, rebuild = pickle.loads(Path(given).read_bytes())
    try:
        ws = Workspace(cfg)
        out: tuple[str, Any] = (
            "ok",
            index.refresh_here(ws, rebuild) if task == "refresh" else inspect.inspect_here(ws),
        )
    except Exception as err:  # every failure is the caller's to raise
        out = ("error", err)
    try:
        data = pickle.dumps(out)
    except Exception:  # an exception that does not pickle: its type and message
        data = pickle.dumps(("error", RuntimeError(f"{type(out[1]).__name__}: {out[1]}")))
    Path(answer).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(_main(*sys.argv[1:3]))
