"""What every connector shares: the interface, units, file states and scan results.

A connector turns a store (an agent's files or database, a mailbox, a task board's API) into
`Session`s. Its store is a set of *units*, each holding one session: a transcript file, a
session folder, one session of a database, a mail thread, a board issue. `survey` lists them
with a `stat` (or a light listing; never reading a transcript), so the
pipeline knows what changed before opening anything; `scan` reads only the units it is given,
and never a file whose size and mtime match the previous run's state.
"""

from __future__ import annotations

import glob
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ..models import Session
from .projects import project_hint
from .stores import AgentStore

if TYPE_CHECKING:
    from ..config import ConnectorConfig, ProjectsConfig


@dataclass(slots=True)
class FileState:
    """What the last run knew about one source file."""

    path: str
    size: int
    mtime: float
    prefix_sha256: str = ""  # hash of the bytes consumed, to tell "grew" from "rewritten"
    consumed: int = 0  # bytes consumed (a trailing partial line is not)
    carry: str = ""  # JSON: parser state needed to resume after `consumed` (incremental reads)
    inode: int = 0  # a file replaced by another (a new inode) is read whole, never resumed

    def unchanged(self, st: os.stat_result) -> bool:
        return st.st_size == self.size and st.st_mtime == self.mtime


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of a connector's store, as `stat` (or a database's session row) sees it."""

    key: str  # the file, the session folder, or "<database>#<session id>"
    size: int
    mtime: float  # last change; a unit is settled once it is older than settle_minutes
    start: datetime | None = None  # the session's start, when known without reading the unit


@dataclass
class Survey:
    units: list[Unit] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class ScanResult:
    sessions: list[Session] = field(default_factory=list)
    states: dict[str, FileState] = field(default_factory=dict)  # path -> state after this scan
    unchanged: list[str] = field(default_factory=list)  # paths not read: reuse their sessions
    warnings: list[str] = field(default_factory=list)  # "<file>: <reason>", the run goes on
    deferred: int = 0  # sessions still active within settle_minutes
    too_short: int = 0  # sessions under min_chars
    bytes_read: int = 0
    files_seen: int = 0


@dataclass
class AgentOptions:
    """Options shared by agent connectors, with Jezero's defaults."""

    settle_minutes: float = 30
    min_chars: int = 400
    include_tool_calls: bool = True
    max_tool_args_chars: int = 200
    include_subagents: bool = False
    keep_read_only_commands: bool = False
    project_aliases: dict[str, str] = field(default_factory=dict)
    user_prompt_markers: list[str] = field(default_factory=list)
    user_prompt_drop_lines: list[str] = field(default_factory=list)

    @classmethod
    def pop_from(
        cls, options: dict[str, Any], allowed: frozenset[str] | None = None, defaults: dict[str, Any] | None = None
    ) -> AgentOptions:
        """Take the shared options out of `options` (only `allowed` ones, when given)."""
        names = cls.__dataclass_fields__.keys() if allowed is None else allowed
        known = {k: options.pop(k) for k in list(options) if k in names}
        return cls(**{**(defaults or {}), **known})


SHARED_OPTIONS = frozenset(AgentOptions.__dataclass_fields__)
_GLOB_CHARS = re.compile(r"[*?\[]")


class Connector:
    """Base of all connectors.

    Subclasses set `type` (their module's name) and, for an agent, `store`; they list their
    units in `unit_paths` (or override `survey` for a store of many sessions) and read them in
    `_scan`, which must skip every unit `wanted` refuses.
    """

    type: ClassVar[str] = ""
    required_options: ClassVar[tuple[str, ...]] = ()
    # The type's own options; any other key (a typo such as `sesions_dir`) is refused by name.
    known_options: ClassVar[frozenset[str]] = frozenset()
    # The shared options this type takes (agents: all of them) and its own defaults for them.
    shared_options: ClassVar[frozenset[str]] = SHARED_OPTIONS
    shared_defaults: ClassVar[dict[str, Any]] = {}
    default_trust: ClassVar[str] = "own"
    # Where the agent keeps its sessions (None: no agent store, as mail, a task board, the inbox).
    store: ClassVar[AgentStore | None] = None
    only: frozenset[str] | None = None  # during `scan`: the unit keys to read (None: all)

    def __init__(self, cfg: ConnectorConfig, projects: ProjectsConfig, base_dir: Path):
        self.cfg = cfg
        self.projects = projects
        self.base_dir = base_dir
        opts = dict(cfg.options)
        self.agent = AgentOptions.pop_from(opts, self.shared_options, self.shared_defaults)
        self.options = opts  # what is left: type-specific options
        unknown = sorted(set(opts) - self.known_options)
        if unknown:
            known = ", ".join(sorted(self.known_options | self.shared_options)) or "none"
            raise ValueError(
                f"connector {cfg.name!r} ({cfg.type}): unknown option(s) {', '.join(map(repr, unknown))}; known: {known}"
            )
        for name in self.required_options:
            if not self.options.get(name):
                raise ValueError(f"connector {cfg.name!r}: option {name!r} is required")

    @property
    def trust(self) -> str:
        """The config's `trust` when it was set, else the type's default (mail: external)."""
        return self.cfg.trust if "trust" in self.cfg.model_fields_set else self.default_trust

    # the interface ---------------------------------------------------------------------

    def watch_paths(self) -> list[Path]:
        """The folders and files this connector reads (defaults applied, globs expanded)."""
        raise NotImplementedError

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        """(key, the files whose stat is the unit's) of every unit; no file is read."""
        raise NotImplementedError

    def pin_listing(self) -> None:
        """From now on, let every `scan` of this instance reuse one listing of its files.

        A run reads many days of one connector, each a `scan` of a few units; listing the
        whole tree for each (a recursive glob) cost more than reading the units. A run's units
        were fixed by its survey, so a listing made after it serves the whole run. Connectors
        that do not list files ignore this."""

    def survey(self) -> Survey:
        """Every unit with its combined stat. Costs a `stat` per file; reads no transcript."""
        out = Survey()
        for key, paths in self.unit_paths():
            stat = unit_stat(paths)
            if stat is not None:
                out.units.append(Unit(key, stat[0], stat[1]))
        return out

    def start_of(self, unit: Unit) -> datetime | None:
        """The session's start time, to decide the unit's day once. Connectors override this
        with a cheap peek (the first record, a metadata file); this default reads the unit."""
        if unit.start is not None:
            return unit.start
        result = self.scan({}, float("inf"), only={unit.key})
        times = [b.timestamp for s in result.sessions for b in s.blocks]
        return min(times) if times else None

    def scan(self, previous: dict[str, FileState], now: float, only: set[str] | None = None) -> ScanResult:
        """Read the units in `only` (all when None) that changed since `previous` and settled."""
        self.only = frozenset(only) if only is not None else None
        try:
            result = ScanResult()
            self._scan(result, previous, now)
            return result
        finally:
            self.only = None

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        raise NotImplementedError

    def wanted(self, key: str) -> bool:
        return self.only is None or key in self.only

    # helpers for subclasses -------------------------------------------------------------

    def path_option(self, name: str) -> Path:
        return self.resolve_path(str(self.options[name]))

    def resolve_path(self, value: str) -> Path:
        """`~` expanded; a relative path is relative to the config file's folder."""
        p = Path(os.path.expanduser(value))
        return p if p.is_absolute() else (self.base_dir / p)

    def roots(self, option: str, default: str) -> list[Path]:
        """The folders (or files) an option names: its value or the default, a glob expanded
        to its matches (sorted). A plain path is returned even when it does not exist yet."""
        value = str(self.options.get(option) or default)
        path = self.resolve_path(value)
        if not _GLOB_CHARS.search(str(path)):
            return [path]
        return [Path(p) for p in sorted(glob.glob(str(path)))]

    def store_roots(self) -> list[Path]:
        """The folders (or files) of the agent's store: its option's value, else where the agent
        keeps it on this machine (`roots`: a glob expanded)."""
        assert self.store is not None, f"{self.type} declares no store"
        return self.roots(self.store.option, self.store.location())

    def settled(self, mtime: float, now: float) -> bool:
        return now - mtime >= self.agent.settle_minutes * 60

    def cut_args(self, args: str) -> str:
        limit = self.agent.max_tool_args_chars
        return args if len(args) <= limit else args[:limit] + "…"

    def check_unit(
        self,
        result: ScanResult,
        previous: dict[str, FileState],
        key: str,
        paths: list[Path],
        now: float,
        settle: bool = True,
    ) -> tuple[int, float] | None:
        """Decide whether a unit (a file, a folder's files, a DB and its -wal) must be read.

        Returns its combined (size, mtime) when it must be read. Returns None when it is
        unchanged (the previous state is carried over and the key listed as unchanged), still
        active within settle_minutes (counted as deferred; a previous state is carried so the
        stored copy keeps being served, else no state is recorded), or gone.
        `settle=False` is for stores holding many sessions (a SQLite DB), settled one by one.
        """
        if not self.wanted(key):
            return None
        stat = unit_stat(paths)
        if stat is None:
            return None
        return self.check_state(result, previous, key, *stat, now, settle)

    def check_state(
        self,
        result: ScanResult,
        previous: dict[str, FileState],
        key: str,
        size: int,
        mtime: float,
        now: float,
        settle: bool = True,
    ) -> tuple[int, float] | None:
        """`check_unit` for a unit whose size and mtime come from elsewhere (a mail thread's
        messages): the same decision, (size, mtime) when it must be read, else None."""
        result.files_seen += 1
        prev = previous.get(key)
        if prev is not None and prev.size == size and prev.mtime == mtime:
            result.unchanged.append(key)
            result.states[key] = prev
            return None
        if settle and not self.settled(mtime, now):
            result.deferred += 1
            if prev is not None:  # keep serving the stored copy, as JsonlFileConnector does
                result.unchanged.append(key)
                result.states[key] = prev
            return None
        return size, mtime

    def changed_json_files(
        self, root: Path, previous: dict[str, FileState], now: float, result: ScanResult
    ) -> Iterator[tuple[str, float, Any]]:
        """(key, mtime, document) of each changed, settled `*.json` export under root.

        An unreadable or non-JSON file becomes a warning naming it; the scan goes on.
        """
        for path in json_files(root):
            key = str(path)
            stat = self.check_unit(result, previous, key, [path], now)
            if stat is None:
                continue
            size, mtime = stat
            try:
                data = path.read_bytes()
            except OSError as err:
                result.warnings.append(f"{path}: {err.strerror or err}")
                continue
            result.states[key] = FileState(key, size, mtime)
            result.bytes_read += len(data)
            try:
                doc = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as err:
                result.warnings.append(f"{path}: not JSON ({err}), file skipped")
                continue
            yield key, mtime, doc

    def project_for(self, cwd: str | None) -> str | None:
        """Project hint for a session's cwd (sessions/projects.py), else the connector's `project`."""
        return project_hint(cwd, self.projects, self.agent.project_aliases, self.cfg.project)


def sqlite_files(db: Path) -> list[Path]:
    """A SQLite database and its write-ahead log: one unit of change."""
    return [db, Path(f"{db}-wal")]


def dialogue_chars(session: Session) -> int:
    return sum(len(b.text) for b in session.blocks)


def json_files(root: Path) -> list[Path]:
    """The `*.json` export files under a folder, sorted."""
    return sorted(p for p in root.rglob("*.json") if p.is_file()) if root.is_dir() else []


def unit_stat(paths: list[Path]) -> tuple[int, float] | None:
    """Combined (size, mtime) of a multi-file unit (a DB and its -wal, a session folder).

    Used as one FileState so the whole unit is skipped when none of its files changed;
    files that do not exist are left out. None when none exists.
    """
    size, mtime, found = 0, 0.0, False
    for p in paths:
        try:
            st = p.stat()
        except FileNotFoundError:
            continue
        size += st.st_size
        mtime = max(mtime, st.st_mtime)
        found = True
    return (size, mtime) if found else None
