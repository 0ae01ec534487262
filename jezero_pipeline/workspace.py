"""One context per config: the staging store, the redactor, the generation, the library, locks.

Stages, operations and the Dagster resource all take a Workspace instead of rebuilding each
piece from the whole config, so there is one place that knows how a config becomes them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from .config import Config, ConnectorConfig
from .models import Partition
from .sessions import Connector, make_connector
from .staging.location import open_store
from .staging.locks import PartitionLocking, file_lock
from .staging.store import Store
from .staging.tables import RAW_SESSIONS
from .summarizing.endpoint import check_base_url
from .summarizing.generation import generation_fingerprint

if TYPE_CHECKING:
    from .redaction import Redactor

FIRST_DAY_DOC = ("partitions", "first_day.json")  # the pinned first day, when the config sets none
LEGACY_FIRST_DAY = date(2025, 1, 1)  # the first day before it was taken from the sessions


class Workspace:
    """`lock_dsn`: the PostgreSQL of the Dagster instance, for locks that hold across machines.
    It is used only when staging is on object storage: a local staging folder keeps `flock`."""

    def __init__(self, cfg: Config, lock_dsn: str | None = None):
        self.cfg = cfg
        self._first_day: date | None = None
        self._partitions: dict[Partition, Partition] = {}  # see partition()
        self.store: Store = open_store(cfg.staging_location, cfg.staging_dir)
        if self.store.remote and lock_dsn:
            from .staging.pglocks import PgLocks  # lazy: psycopg2 loads only for a shared instance

            self.store.locks = PgLocks(lock_dsn, namespace=cfg.staging_location)

    @classmethod
    def open(cls, cfg: Config, lock_dsn: str | None = None) -> Workspace:
        return cls(cfg, lock_dsn)

    @cached_property
    def redactor(self) -> Redactor:
        from .redaction import Redactor  # lazy: compiling the detectors costs a run with nothing to do

        return Redactor.from_config(self.cfg)

    @cached_property
    def rules(self) -> str:
        """Fingerprint of the redaction rules: a redacted row made under other rules is redone."""
        from .redaction import rules_fingerprint  # lazy: as above

        return rules_fingerprint(self.cfg)

    @cached_property
    def generation(self) -> str:
        """Fingerprint of everything that shapes a summary (the summaries' code version)."""
        return generation_fingerprint(self.cfg.summarizer)

    @property
    def library_path(self) -> Path:
        return self.cfg.library_path

    @property
    def library_state_dir(self) -> Path:
        """The library builder's id state: in staging beside the partitions, or, when staging is
        on object storage, beside the library (published with it, fetched before a build)."""
        if self.store.remote:
            return self.library_path.with_name(self.library_path.name + ".state")
        return self.store.doc_path("library")

    @property
    def locks(self) -> PartitionLocking:
        return self.store.locks.partitions

    def run_lock(self):
        """As Jezero's `<db>.run.lock`: a second CLI run yields False and reports "skipped"."""
        return self.store.lock("run", wait=False)

    def library_lock(self, wait: bool = True):
        """Only one process ever writes the DuckDB library; a second builder waits its turn
        (on object storage: one builder among every machine sharing the store). Without `wait`
        it yields False at once when another writer holds the lock."""
        if self.store.remote:
            return self.store.lock("library", wait=wait)
        return file_lock(Path(f"{self.library_path}.build.lock"), wait=wait)

    def connector(self, name: str) -> Connector:
        return make_connector(self.cfg.connector(name), self.cfg.projects, self.cfg.base_dir)

    def config_problems(self) -> list[str]:
        """What the config gets wrong beyond its schema: each connector's options (unknown or
        missing ones), the model provider's address and key. Empty when it is all usable."""
        problems = []
        for i, c in enumerate(self.cfg.connectors):
            try:
                self.connector(c.name)
            except (ValueError, TypeError) as err:
                problems.append(f"connectors[{i}] ({c.name}): {err}")
        s = self.cfg.summarizer
        if s.provider != "extractive":
            try:
                check_base_url(s.effective_base_url or "https://api.openai.com/v1", s.allow_insecure_http)
            except ValueError as err:
                problems.append(str(err))
            if s.provider == "anthropic" and not self.api_key():
                problems.append(f"summarizer: provider 'anthropic' needs an API key in ${s.api_key_env}")
        from .embedding.providers import config_problems  # lazy: keeps `run` with nothing to do light

        problems += config_problems(self.cfg.embeddings)
        try:
            self.redactor  # noqa: B018 (compiles extra_patterns; a bad one names itself)
        except ValueError as err:
            problems.append(f"redaction.extra_patterns: {err}")
        return problems

    def config_warnings(self) -> list[str]:
        """What the config is likely to get wrong without being invalid: an enabled connector whose
        folders and files all do not exist reads nothing (a relative path follows the config file)."""
        warnings = []
        for i, c in enumerate(self.cfg.connectors):
            if not c.enabled:
                continue
            try:
                paths = self.connector(c.name).watch_paths()
            except (ValueError, TypeError, NotImplementedError):
                continue  # a config problem, reported as such, or a connector that reads no files
            if paths and not any(p.exists() for p in paths):
                where = ", ".join(str(p) for p in paths[:3])
                warnings.append(f"connectors[{i}] ({c.name}): nothing to read, {where} does not exist "
                                f"(relative paths follow the config file, in {self.cfg.base_dir})")  # fmt: skip
        return warnings

    def connectors(self, names: list[str] | None = None) -> list[ConnectorConfig]:
        """The named connectors (config order), else every enabled one."""
        if names:
            return [self.cfg.connector(n) for n in names]
        return self.cfg.enabled_connectors

    # days ----------------------------------------------------------------------------------

    @property
    def first_day(self) -> date | None:
        """The first day partition: `[partitions] first_day` when the config sets it, else the
        day the oldest session started, pinned in staging the first time sessions were seen
        (`pin_first_day`); None before that."""
        if self.cfg.partitions.first_day is not None:
            return self.cfg.partitions.first_day
        if self._first_day is None:
            doc = self.store.read_doc(*FIRST_DAY_DOC)
            if isinstance(doc, dict) and isinstance(doc.get("first_day"), str):
                self._first_day = date.fromisoformat(doc["first_day"])
        return self._first_day

    def dagster_first_day(self) -> date:
        """Where Dagster's day partitions start: the first day, or before any session was seen,
        the first day of earlier versions (a sensor's first survey then finds its keys inside)."""
        return self.first_day or LEGACY_FIRST_DAY

    def pin_first_day(self, days: Iterable[str]) -> date | None:
        """Choose the first day from the sessions' `days` (their own start days, unclamped) when
        neither the config nor an earlier run chose it; kept from then on, so a partition never
        moves. Staging filled by an earlier version (every unset config meant 2025-01-01) keeps
        the day it filed older sessions under."""
        if self.first_day is not None:
            return self.first_day
        oldest = min((date.fromisoformat(d) for d in days), default=None)
        if oldest is None:
            return None
        with self.store.lock("first-day"):
            self._first_day = None
            if self.first_day is None:  # no other process pinned it meanwhile
                if oldest < LEGACY_FIRST_DAY and self.store.partitions(RAW_SESSIONS):
                    oldest = LEGACY_FIRST_DAY
                self.store.write_doc(*FIRST_DAY_DOC, obj={"first_day": oldest.isoformat()})
                self._first_day = oldest
        return self.first_day

    def partition(self, connector: str, day: str) -> Partition:
        """The partition a session of `day` is filed under: its own day, clamped to the days
        Dagster knows (an older session goes to the first day, a future one to today).

        One object per partition: a run's survey keeps one per session to its end."""
        d = date.fromisoformat(day)
        first = self.first_day
        d = min(max(d, first) if first else d, today())
        part = Partition(connector, d.isoformat())
        return self._partitions.setdefault(part, part)

    def api_key(self) -> str | None:
        return os.environ.get(self.cfg.summarizer.api_key_env) or None


def today() -> date:
    """Today in UTC: the last day partition."""
    return datetime.now(UTC).date()


def day_of(when: datetime | None, fallback: float) -> str:
    """The UTC date of a session's start (`fallback`: a unit's mtime when its start is unknown)."""
    moment = when if when is not None else datetime.fromtimestamp(fallback, tz=UTC)
    return moment.astimezone(UTC).date().isoformat()


def days_between(first: date, last: date) -> list[str]:
    return [(first + timedelta(days=i)).isoformat() for i in range((last - first).days + 1)]
