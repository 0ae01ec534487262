"""The one resource: the pipeline's config file, and what follows from it.

Assets get paths, the redactor and the summariser from here, never from globals, so a test
(or a team server) points the same assets at another config and staging folder.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path

import dagster as dg

from ..config import Config, load_config
from ..redaction import Redactor
from ..staging import Staging


class AlreadyRunning(RuntimeError):
    """Another run holds this partition's lock."""


class JezeroResource(dg.ConfigurableResource):
    """Points the assets at a `jezero.toml` (empty: `$JEZERO_CONFIG`, else ./jezero.toml)."""

    config_path: str = ""

    @cached_property
    def config(self) -> Config:
        return load_config(self.config_path or None)

    @property
    def staging(self) -> Staging:
        return Staging(self.config.staging_dir)

    @cached_property
    def redactor(self) -> Redactor:
        return Redactor.from_config(self.config)

    @contextmanager
    def partition_lock(self, partition: str) -> Iterator[None]:
        """One writer per partition: a second run of it fails fast with "already running"."""
        path = self.staging.root / "locks" / f"{partition}.lock"
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise AlreadyRunning(
                    f"partition {partition!r} is already running (lock {path} is held); skipped"
                ) from None
            yield
        finally:
            os.close(fd)

    @contextmanager
    def library_lock(self) -> Iterator[None]:
        """Only one process ever writes the DuckDB library."""
        lib: Path = self.config.library_path
        lib.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(str(lib) + ".build.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # wait: a build is quick, and the next one must see all
            yield
        finally:
            os.close(fd)
