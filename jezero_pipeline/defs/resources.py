"""The one resource: the pipeline's config file, and the Workspace that follows from it.

Assets get paths, the redactor, the generation and locks from here, never from globals, so a
test (or a team server) points the same assets at another config and staging folder. When
the instance keeps its storage in PostgreSQL, the workspace takes its locks there too (used
only with staging on object storage, where `flock` cannot reach the other machines).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import dagster as dg
from pydantic import PrivateAttr

from ..config import Config, load_config
from ..workspace import Workspace


class JezeroResource(dg.ConfigurableResource):
    """Points the assets at a `jezero.toml` (empty: `$JEZERO_CONFIG`, else ./jezero.toml)."""

    config_path: str = ""
    _lock_dsn: str | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        self._lock_dsn = postgres_url(context.instance)

    @cached_property
    def config(self) -> Config:
        return load_config(self.config_path or None)

    @cached_property
    def workspace(self) -> Workspace:
        return Workspace.open(self.config, self._lock_dsn)


def postgres_url(instance: Any) -> str | None:
    """The instance's PostgreSQL (a SQLAlchemy URL with its password: never log it), else None."""
    url = getattr(getattr(instance, "run_storage", None), "postgres_url", None)
    return url if isinstance(url, str) else None
