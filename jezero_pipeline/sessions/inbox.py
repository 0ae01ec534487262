"""Sessions uploaded from other machines: `<dir>/<device>/<agent>/`, each read with its agent's reader.

`serve --inbox` writes uploads there (atomically, mirroring the agent's own store), so each
device's agent folder is exactly that agent's store and its connector reads it as it would
on the device: a grown transcript is read from where the last run stopped, a database
session by session. The units are those readers' units (their keys are paths inside the
inbox, so they never collide); sessions keep the agent's session ids and `original_ref`s, so
a session read both here and on the host collapses to one in search. Each session's meta
names its device.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from ..config import ConnectorConfig
from .base import Connector, FileState, ScanResult, Survey, Unit
from .registry import InboxAgent, connector_class, inbox_agent, inbox_agents

DEFAULT_DIR = "data/inbox"
_DEVICE = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


class InboxConnector(Connector):
    type = "inbox"
    known_options = frozenset({"dir", "devices", "agents", "agent_options"})

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        agents = [str(a) for a in self.options.get("agents", [])]
        tuned = [str(a) for a in dict(self.options.get("agent_options", {}))]
        unknown = [a for names in (agents, tuned) for a in sorted(set(names)) if inbox_agent(a) is None]
        if unknown:
            raise ValueError(
                f"connector {self.cfg.name!r} (inbox): unknown agent(s) {', '.join(map(repr, unknown))}; "
                f"known: {', '.join(a.agent for a in inbox_agents())}"
            )
        self.agents = set(agents)
        self.devices = {str(d) for d in self.options.get("devices", [])}
        for agent in tuned:  # a typo in them fails now, not at the run
            self._reader(self.base_dir / "agent-options-check", inbox_agent(agent))
        self._readers: list[tuple[Path, str, Connector]] | None = None

    def inbox_roots(self) -> list[Path]:
        return self.roots("dir", DEFAULT_DIR)

    def readers(self) -> list[tuple[Path, str, Connector]]:
        """(agent folder, device, its agent's connector) of every device's agent folder."""
        out = []
        for root in self.inbox_roots():
            for device in sorted(root.iterdir()) if root.is_dir() else []:
                if not device.is_dir() or not _DEVICE.fullmatch(device.name):
                    continue
                if self.devices and device.name not in self.devices:
                    continue
                for folder in sorted(device.iterdir()):
                    if not folder.is_dir() or (self.agents and folder.name not in self.agents):
                        continue
                    agent = inbox_agent(folder.name)
                    if agent is not None:
                        out.append((folder, device.name, self._reader(folder, agent)))
        return out

    def _reader(self, folder: Path, agent: InboxAgent) -> Connector:
        store = agent.store
        target = folder / store.database if store.database else folder
        options = {**self._shared(), **dict(self.options.get("agent_options", {}).get(agent.agent, {}))}
        options[store.option] = str(target)
        fields = {"name": self.cfg.name, "type": agent.type, "options": options, "project": self.cfg.project}
        if "trust" in self.cfg.model_fields_set:
            fields["trust"] = self.cfg.trust
        cfg = ConnectorConfig(**fields)
        return connector_class(agent.type)(cfg, self.projects, self.base_dir)

    def _shared(self) -> dict[str, Any]:
        """The shared agent options set on this connector, handed down to each reader."""
        return {k: v for k, v in self.cfg.options.items() if k in self.shared_options}

    def _all(self) -> list[tuple[Path, str, Connector]]:
        if self._readers is None:
            self._readers = self.readers()
        return self._readers

    def watch_paths(self) -> list[Path]:
        return [*self.inbox_roots(), *(p for _, _, c in self.readers() for p in c.watch_paths())]

    def survey(self) -> Survey:
        self._readers = None  # a device or an agent folder may have appeared since
        out = Survey()
        for _, _, reader in self._all():
            found = reader.survey()
            out.units += found.units
            out.warnings += found.warnings
        return out

    def start_of(self, unit: Unit) -> datetime | None:
        owner = self._owner(unit.key)
        return owner.start_of(unit) if owner is not None else None

    def _owner(self, key: str) -> Connector | None:
        for folder, _, reader in self._all():
            if key.startswith(f"{folder}/"):  # a file, a session folder, or "<folder>/<db>#<id>"
                return reader
        return None

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        self._readers = None
        for folder, device, reader in self._all():
            only = None if self.only is None else {k for k in self.only if k.startswith(f"{folder}/")}
            if only is not None and not only:
                continue
            found = reader.scan(previous, now, only=only)
            for s in found.sessions:
                s.meta = {**s.meta, "device": device}
            result.sessions += found.sessions
            result.states.update(found.states)
            result.unchanged += found.unchanged
            result.warnings += found.warnings
            result.deferred += found.deferred
            result.too_short += found.too_short
            result.bytes_read += found.bytes_read
            result.files_seen += found.files_seen


CONNECTOR = InboxConnector
