"""The one resource: the pipeline's config file, and the Workspace that follows from it.

Assets get paths, the redactor, the generation and locks from here, never from globals, so a
test (or a team server) points the same assets at another config and staging folder.
"""

from __future__ import annotations

from functools import cached_property

import dagster as dg

from ..config import Config, load_config
from ..workspace import Workspace


class JezeroResource(dg.ConfigurableResource):
    """Points the assets at a `jezero.toml` (empty: `$JEZERO_CONFIG`, else ./jezero.toml)."""

    config_path: str = ""

    @cached_property
    def config(self) -> Config:
        return load_config(self.config_path or None)

    @cached_property
    def workspace(self) -> Workspace:
        return Workspace.open(self.config)
