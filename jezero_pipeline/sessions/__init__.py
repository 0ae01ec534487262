"""Connectors: one module per agent format, each declaring `CONNECTOR`, a `Connector` subclass
with its type name and its agent's store. `registry` finds a type's module by its name and
imports it on demand, so a broken or slow-to-import format never affects the others.
"""

from __future__ import annotations

from .base import Connector, FileState, ScanResult
from .registry import connector_class, make_connector

__all__ = ["Connector", "FileState", "ScanResult", "connector_class", "make_connector"]
