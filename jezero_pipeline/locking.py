"""The run lock: one `run` at a time per staging folder, as Jezero's `<db>.run.lock`."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager

from .config import Config


@contextmanager
def run_lock(cfg: Config) -> Iterator[bool]:
    """Yields False at once when another run holds the lock (the caller reports "skipped")."""
    path = cfg.staging_dir / "locks" / "run.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)
