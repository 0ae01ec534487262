"""The one resource: the pipeline's config file, and what follows from it.

Assets get paths, the redactor and the summariser from here, never from globals, so a test
(or a team server) points the same assets at another config and staging folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property

import dagster as dg

from ..config import Config, load_config
from ..locking import file_lock
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
        with file_lock(path) as got:
            if not got:
                raise AlreadyRunning(f"partition {partition!r} is already running (lock {path} is held); skipped")
            yield
