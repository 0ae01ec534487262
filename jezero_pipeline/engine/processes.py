"""Work on the other core: the one kind of helper process, a standard process pool.

Python work that holds the interpreter (redacting a big import's days) uses one core however
many threads run it; a second process is the only way to the second one. Helpers come from
`concurrent.futures.ProcessPoolExecutor` with the `forkserver` start method: each helper forks
from a server that has already imported what the work needs (`preload`), not from a process
holding threads, locks and open databases, and a helper ends with the pool. Callers hand a
top-level function and its arguments; results and exceptions come back through the pool.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

PRELOAD = ("jezero_pipeline.redaction", "jezero_pipeline.staging.store", "pyarrow.parquet")


def helper_pool(workers: int = 1, preload: tuple[str, ...] = PRELOAD) -> ProcessPoolExecutor:
    """A pool of `workers` helper processes forked from a server with `preload` imported."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)
