"""File locks: one `run` at a time, one writer per partition, one library builder.

`flock` locks vanish with the process that held them, so a crashed run never leaves a
stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .config import Config


@contextmanager
def file_lock(path: Path, wait: bool = False) -> Iterator[bool]:
    """Hold an exclusive lock on `path`; without `wait`, yield False at once if it is taken."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


def run_lock(cfg: Config):
    """As Jezero's `<db>.run.lock`: a second run yields False and the caller reports "skipped"."""
    return file_lock(cfg.staging_dir / "locks" / "run.lock")


def library_lock(cfg: Config):
    """Only one process ever writes the DuckDB library; a second builder waits its turn."""
    return file_lock(Path(str(cfg.library_path) + ".build.lock"), wait=True)
