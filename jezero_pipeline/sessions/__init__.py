"""Connectors: one module per agent format, each exposing `CONNECTOR`, a `Connector` subclass.

Modules are imported by type name on demand, so a broken or slow-to-import format never
affects the others.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from ..config import CONNECTOR_TYPES, ConnectorConfig, ProjectsConfig
from .base import Connector, FileState, ScanResult

__all__ = ["Connector", "FileState", "ScanResult", "connector_class", "make_connector"]


def connector_class(type_name: str) -> type[Connector]:
    if type_name not in CONNECTOR_TYPES:
        raise ValueError(f"unknown connector type {type_name!r}")
    module = importlib.import_module(f"{__name__}.{type_name}")
    return module.CONNECTOR


def make_connector(cfg: ConnectorConfig, projects: ProjectsConfig, base_dir: Path) -> Connector:
    return connector_class(cfg.type)(cfg, projects, base_dir)
