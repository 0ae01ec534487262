"""Work in a child process: `python -m jezero_pipeline.stages.build_apart OUT PARENT_PID [MODULE...]`.

A big build (a first run, a rebuild, a backfill) needs DuckDB, its tokenizing tables and Arrow
batches for a while, and the checks' pass over a big library decodes every original; in the
run's own process that memory would add to Dagster's and stay resident after. A child returns
all of it when it exits. A big import also stores half of its days in a child, on the second
core. A fresh interpreter started with `-m`, not multiprocessing: spawn re-imports the
caller's main script, which deadlocks on the library lock when that script calls refresh
unguarded, and fork copies a process that has threads.

The child imports the MODULEs, then reads the pickled (function, arguments), the function by
name, from its stdin, and writes the pickled ("ok", result) or ("error", exception) to OUT. A
child can so be started ahead of its work (`standby`): its interpreter and imports, about
0.6 s, are then paid while nothing waits for them. The caller holds the locks for the child,
so the child ends as soon as the caller is gone.

The child asks DuckDB's allocator (its own jemalloc, configured by DUCKDB_JE_MALLOC_CONF) to
return freed pages within 100 ms: a build frees and allocates a lot of memory outside its
`memory_limit`, and jemalloc's default keeps freed pages for 10 s. Returning them at once
costs a system call per free. Measured on a 100,000-item build, one run each: at once 55 s
and 436 MB peak RSS, within 100 ms 42 s and 444 MB, the default 44 s and 468 MB.
"""

from __future__ import annotations

import importlib.abc
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..config import Config
from ..quick_exit import exit_now
from ..workspace import Workspace

PARENT_POLL_SECONDS = 0.5  # how soon a child notices that its parent is gone

# A user's own setting wins.
ALLOCATOR_CONF = {"DUCKDB_JE_MALLOC_CONF": "dirty_decay_ms:100,muzzy_decay_ms:0"}


def child_env() -> dict[str, str]:
    """The environment of a build child: this one's, with ALLOCATOR_CONF unless set."""
    return {**ALLOCATOR_CONF, **os.environ}


class BuildProcessDied(RuntimeError):
    """The child ended without an answer (killed, out of memory)."""


def run_apart(cfg: Config, rebuild: bool, inspect: bool = False, child: Apart | None = None) -> Any:
    """`index.refresh_here` of `Workspace(cfg)` in a child process (`child`, a standby, when
    given); its result, or its exception raised here. `inspect`: the child then inspects what it
    built and keeps the inspection for the checks (the search_index asset's refresh; the
    follower's, whose secret scan is then not left to the checks after the run)."""
    return (child or Apart()).start(_refresh, cfg, rebuild, inspect).result()


def inspect_apart(cfg: Config) -> Any:
    """`inspect.inspect_here` of `Workspace(cfg)` in a child process (the caller holds no lock)."""
    return start_apart(_inspect, cfg).result()


# What a refresh imports; the redaction detectors (the secret scan's, ~65 ms of regex compiling)
# too, or the last refresh after a run, which the library job waits for, pays for them.
REFRESH_MODULES = ("jezero_pipeline.stages.index", "jezero_pipeline.stages.inspect", "jezero_pipeline.library.build",
                   "jezero_pipeline.library.reader", "jezero_pipeline.redaction")  # fmt: skip


def standby() -> Apart:
    """A child started ahead of a refresh (`run_apart(child=...)`), what a refresh imports
    already imported; `stop` it when it is not used."""
    return Apart(REFRESH_MODULES)


class Apart:
    """A child process; `start` gives it a function to run, `result()` waits for its answer."""

    def __init__(self, preload: tuple[str, ...] = ()) -> None:
        self._name = "child"
        self._tmp = tempfile.TemporaryDirectory(prefix="jezero-apart-")
        self._answer = Path(self._tmp.name) / "out.pickle"
        self._proc = subprocess.Popen(
            [sys.executable, "-m", __name__, str(self._answer), str(os.getpid()), *preload],
            env=child_env(),
            stdin=subprocess.PIPE,
        )
        self.started = False

    def start(self, func: Callable[..., Any], *args: Any) -> Apart:
        """Hand the child `func(*args)`: a top-level function of this package, pickled by name
        with its arguments, so the child imports only what the function needs."""
        assert self._proc.stdin is not None and not self.started
        self._name, self.started = func.__name__.strip("_"), True
        try:
            self._proc.stdin.write(pickle.dumps((func, args)))
            self._proc.stdin.close()
        except BrokenPipeError:  # the child is gone already: result() says so
            pass
        return self

    def result(self) -> Any:
        """The function's return value, or its exception raised here."""
        try:
            code = self._proc.wait()
            if not self._answer.exists():
                raise BuildProcessDied(f"the {self._name} process ended without an answer (exit code {code})")
            status, value = pickle.loads(self._answer.read_bytes())
        finally:
            self._tmp.cleanup()
        if status == "error":
            raise value
        return value

    def stop(self) -> None:
        """Kill the child and forget it (the caller failed, or has no work for it)."""
        self._proc.kill()
        self._proc.wait()
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._tmp.cleanup()


def start_apart(func: Callable[..., Any], *args: Any) -> Apart:
    """Start `func(*args)` in a new child process (see `Apart.start`)."""
    return Apart().start(func, *args)


def _refresh(cfg: Config, rebuild: bool, inspect: bool = False) -> Any:
    from . import index  # lazy: index starts this module; importing it back at load time is a cycle

    ws = Workspace(cfg)
    out = index.refresh_here(ws, rebuild)
    if inspect:
        from .inspect import inspect_here  # lazy: as index

        inspect_here(ws, keep=True)  # the checks after it take this one (kept_inspection)
    return out


def _inspect(cfg: Config) -> Any:
    from . import inspect  # lazy: as index

    return inspect.inspect_here(Workspace(cfg))


class _WithoutPandas(importlib.abc.MetaPathFinder):
    """Refuses pandas, which no child uses. Where it is installed, pyarrow imports it on the
    first conversion of a Python value (`pa.scalar`, `pa.array` of a list, a compute function
    given a str): 45-50 MB of RSS in every child and 0.3 s. Refused, pyarrow goes without."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.partition(".")[0] == "pandas":
            raise ImportError(f"{name}: not imported in a child process (build_apart)")
        return None


def _exit_with(parent: int) -> None:
    """End this process once the one that started it is gone (SIGKILLed, say). The parent held
    the locks for this work; they went with it, and a build going on without them could race
    the next writer of the library or of staging."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(3)


def _main(answer: str, parent: str, *preload: str) -> int:
    sys.meta_path.insert(0, _WithoutPandas())
    threading.Thread(target=_exit_with, args=(int(parent),), name="exit-with-parent", daemon=True).start()
    for module in preload:
        importlib.import_module(module)
    task = sys.stdin.buffer.read()
    if not task:  # a standby never given work: its parent closed the pipe
        return 0
    func, args = pickle.loads(task)
    try:
        out: tuple[str, Any] = ("ok", func(*args))
    except Exception as err:  # every failure is the caller's to raise
        out = ("error", err)
    try:
        data = pickle.dumps(out)
    except Exception:  # an exception that does not pickle: its type and message
        data = pickle.dumps(("error", RuntimeError(f"{type(out[1]).__name__}: {out[1]}")))
    Path(answer).write_bytes(data)
    return 0


if __name__ == "__main__":
    exit_now(_main(*sys.argv[1:]))  # its caller waits for the exit: no teardown (see quick_exit)
