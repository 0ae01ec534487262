"""The connector types, found by name: a type is a module of this package that declares
`CONNECTOR`, a Connector subclass whose `type` is the module's name. A new agent is one file.

A type's module is imported only when that type is looked up, and every module only when all
types are listed (an error message naming the known ones), so a command pays for the types its
config names and for no other, and a module that fails to import breaks only its own type (and
such a listing).

An agent whose connector declares a `store` can send its sessions to an inbox, under its type's
name with `-` for `_` (`claude-code`, as Jezero's upload URLs name it): an upload's or an
inbox folder's agent is so found by importing one module.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .stores import AgentStore

if TYPE_CHECKING:
    from pathlib import Path

    from ..config import ConnectorConfig, ProjectsConfig
    from .base import Connector


class UnknownConnectorType(ValueError):
    """A type no module of the package declares; the message lists the known ones."""


@dataclass(frozen=True)
class InboxAgent:
    """An agent whose sessions an inbox takes: its name there, its connector type, its store."""

    agent: str  # in the URL: /inbox/v1/<agent>/<relpath>, and the inbox folder's name
    type: str
    store: AgentStore


def check_name(name: str) -> None:
    """Refuse a name that no module of the package has, listing the known types. Nothing is
    imported for a known name, so a config is checked for free; `connector_class` then refuses
    a module that declares no connector (a shared one such as `base`) with the same message."""
    if name not in _module_names():
        raise _unknown(name)


def _module_names() -> frozenset[str]:
    """The package's modules: a listing, cached per package path (nothing is imported)."""
    return _listing(tuple(sys.modules[__package__].__path__))


@functools.cache
def _listing(path: tuple[str, ...]) -> frozenset[str]:
    return frozenset(m.name for m in pkgutil.iter_modules(path) if not m.ispkg)


def _unknown(name: str) -> UnknownConnectorType:
    return UnknownConnectorType(f"unknown connector type {name!r}; known: {', '.join(connector_types())}")


def _declared(name: str) -> type[Connector] | None:
    """The connector the module `name` declares, or None (no such module, or a shared one such as `base`)."""
    if name not in _module_names():
        return None
    declared = getattr(importlib.import_module(f"{__package__}.{name}"), "CONNECTOR", None)
    return declared if getattr(declared, "type", None) == name else None


def connector_types() -> list[str]:
    """Every type, sorted. Imports every module of the package: for listings, not lookups."""
    return [name for name in sorted(_module_names()) if _declared(name)]


def connector_class(type_name: str) -> type[Connector]:
    declared = _declared(type_name)
    if declared is None:
        raise _unknown(type_name)
    return declared


def make_connector(cfg: ConnectorConfig, projects: ProjectsConfig, base_dir: Path) -> Connector:
    return connector_class(cfg.type)(cfg, projects, base_dir)


def agent_name(type_name: str) -> str:
    return type_name.replace("_", "-")


def agent_of_type(type_name: str) -> InboxAgent | None:
    """The inbox agent of a connector type, or None when the type has no agent store."""
    declared = _declared(type_name)
    if declared is None or declared.store is None:
        return None
    return InboxAgent(agent_name(type_name), type_name, declared.store)


def inbox_agent(agent: str) -> InboxAgent | None:
    """The agent an upload or an inbox folder names, or None for no agent."""
    type_name = agent.replace("-", "_")
    return agent_of_type(type_name) if agent_name(type_name) == agent else None


def inbox_agents() -> list[InboxAgent]:
    """Every inbox agent, sorted by name. Imports every module: for listings, not lookups."""
    return sorted(filter(None, map(agent_of_type, connector_types())), key=lambda a: a.agent)
