"""The collect stage: survey a connector, decide new units' days, read what changed per day.

`survey_connector` costs a `stat` per unit (plus a short peek at a unit never seen before, to
decide its day once) and says which (connector, day) partitions changed and have settled:
the CLI, the sensor and the schedules ask it before starting anything. `collect_partition`
then reads only that day's changed units and merges them into the stored sessions. A stored
session is only ever replaced by a newer copy of itself: a unit that went bad, vanished or
shrank keeps its last good copy, so nothing is lost and nothing is paid again.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field

from ..models import Block, Partition, Session
from ..sessions import Connector, FileState
from ..sessions.base import Unit
from ..staging.inventory import Inventory, editing
from ..staging.tables import RAW_SESSIONS, SESSION_FILES, SessionRow
from ..text import digest
from ..workspace import Workspace, day_of
from .report import PartitionReport


@dataclass(slots=True)
class UnitStatus:
    """A unit and what the survey found. A run holds one per session for its whole length, so
    these carry no `__dict__` (and `Workspace.partition` gives a day's units one Partition)."""

    unit: Unit
    part: Partition
    changed: bool  # size or mtime differ from the last read (or it was never read)
    settled: bool  # untouched for settle_minutes: safe to read


@dataclass
class ConnectorSurvey:
    connector: str
    units: list[UnitStatus] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def changed(self) -> dict[Partition, int]:
        """Partitions with changed, settled units, and how many units changed in each."""
        out: dict[Partition, int] = defaultdict(int)
        for u in self.units:
            if u.changed and u.settled:
                out[u.part] += 1
        return dict(out)

    def pending(self) -> int:
        """Changed units still being written (within settle_minutes): read by a later run."""
        return sum(1 for u in self.units if u.changed and not u.settled)

    def of(self, part: Partition) -> list[UnitStatus]:
        return [u for u in self.units if u.part == part]


def survey_connector(ws: Workspace, name: str, now: float) -> ConnectorSurvey:
    """Stat every unit of a connector and say what changed; reads no transcript.

    A unit seen for the first time gets its day here, from a short peek at its start, and
    keeps it for good (recorded in the connector's inventory).
    """
    connector = ws.connector(name)
    found = connector.survey()
    inv = Inventory.load(ws.store, name)
    new = [u for u in found.units if u.key not in inv.units]
    if new:
        with editing(ws.store, name) as inv:
            for u in new:
                if u.key not in inv.units:
                    inv.assign(u.key, day_of(connector.start_of(u), u.mtime))
    out = ConnectorSurvey(name, warnings=list(found.warnings))
    for u in found.units:
        rec = inv.units[u.key]
        changed = not rec.unchanged(u.size, u.mtime)
        out.units.append(UnitStatus(u, ws.partition(name, rec.day), changed, connector.settled(u.mtime, now)))
    return out


@dataclass
class CollectReport(PartitionReport):
    FOOTER = ("sessions", "digest")

    sessions: int = 0  # stored in the partition after this run
    new_or_changed: int = 0  # sessions read in this run
    reused: int = 0  # stored sessions kept as they were
    deferred_sessions: int = 0  # still active within settle_minutes, read by a later run
    too_short: int = 0  # sessions under min_chars
    left_for_next_run: int = 0  # over --limit
    files_seen: int = 0
    files_unchanged: int = 0
    bytes_read: int = 0  # transcript bytes read
    warnings: list[str] = field(default_factory=list)  # "<file>: <reason>"
    digest: str = ""

    def as_metadata(self) -> dict[str, int | float | bool]:
        return {**super().as_metadata(), "skipped_files": len(self.warnings)}


def session_row(s: Session) -> SessionRow:
    return {
        "source": s.source,
        "session_id": s.session_id,
        "path": s.path,
        "mtime": s.mtime,
        "cwd": s.cwd,
        "title_hint": s.title_hint,
        "project_hint": s.project_hint,
        "trust": s.trust,
        "original_ref": s.original_ref,
        "meta": json.dumps(s.meta, sort_keys=True),
        "blocks": [{"ordinal": b.ordinal, "timestamp": b.timestamp, "text": b.text} for b in s.blocks],
    }


def session_from_row(row: SessionRow) -> Session:
    return Session(
        source=row["source"],
        session_id=row["session_id"],
        blocks=[Block(b["ordinal"], b["timestamp"], b["text"]) for b in row["blocks"]],
        cwd=row["cwd"],
        title_hint=row["title_hint"],
        project_hint=row["project_hint"],
        trust=row["trust"],
        original_ref=row["original_ref"],
        meta=json.loads(row["meta"] or "{}"),
        path=row["path"],
        mtime=row["mtime"],
    )


class Collector:
    """Collects the partitions of one connector in a run, sharing one survey and inventory."""

    def __init__(self, ws: Workspace, survey: ConnectorSurvey, now: float, limit: int = 0):
        self.ws = ws
        self.survey = survey
        self.now = now
        self.remaining = limit or None  # --limit: new or changed sessions left for this run
        self.connector: Connector = ws.connector(survey.connector)
        self.connector.pin_listing()  # many days, one listing (this instance lives for the run)
        # unit -> (size, mtime) after this run's read: what the inventory records, kept until
        # `save` for every unit the run reads (the whole FileState carries parser state too)
        self.reads: dict[str, tuple[int, float]] = {}

    def collect(self, part: Partition, write: bool = True) -> tuple[list[Session] | None, CollectReport]:
        """Read the partition's changed units and merge them into its stored sessions.

        When none changed, the partition file is neither read nor rewritten and the sessions
        come back as None (the report still has the counts and the digest).
        """
        store = self.ws.store
        statuses = self.survey.of(part)
        previous = {r["path"]: FileState(**r) for r in store.read(SESSION_FILES, part)}
        wanted = {u.unit.key for u in statuses if u.changed}
        if write and not wanted and store.exists(RAW_SESSIONS, part):
            report = CollectReport.from_footer(store.footer(RAW_SESSIONS, part))
            report.reused, report.files_seen = report.sessions, len(statuses)
            report.files_unchanged = len(statuses)
            return None, report
        scan = self.connector.scan(previous, self.now, only=wanted)
        report = CollectReport(
            deferred_sessions=scan.deferred,
            too_short=scan.too_short,
            files_seen=scan.files_seen,
            files_unchanged=len(scan.unchanged),
            bytes_read=scan.bytes_read,
            warnings=list(scan.warnings),
        )
        fresh, states = list(scan.sessions), dict(scan.states)
        if self.remaining is not None and len(fresh) > self.remaining:
            # Oldest first, as Jezero; the rest keep no state, so the next run reads them.
            fresh.sort(key=lambda s: (s.mtime, s.session_id))
            held, fresh = fresh[self.remaining :], fresh[: self.remaining]
            for s in held:
                states.pop(s.path, None)
            report.left_for_next_run = len(held)
        if self.remaining is not None:
            self.remaining -= len(fresh)

        by_id = {r["session_id"]: session_from_row(r) for r in store.read(RAW_SESSIONS, part)}
        report.reused = len(by_id)
        for s in fresh:
            old = by_id.get(s.session_id)
            if s.appended:
                if old is None:  # only its new blocks were read, but the stored copy is gone
                    states.pop(s.path, None)
                    report.warnings.append(f"{s.path}: grew, but its stored session is missing; read again next run")
                    continue
                # a block under a stored ordinal is that block grown (a message still streaming
                # when it was last read, a message rewritten further down): it replaces it
                fresh_blocks = {b.ordinal: b for b in s.blocks}
                old.blocks = [fresh_blocks.pop(b.ordinal, b) for b in old.blocks] + list(fresh_blocks.values())
                old.mtime, old.path = s.mtime, s.path
                old.title_hint = s.title_hint or old.title_hint
            elif old is not None and len(s.blocks) < len(old.blocks):
                report.warnings.append(
                    f"{s.path}: now holds {len(s.blocks)} of the {len(old.blocks)} blocks stored for session "
                    f"{s.session_id}; the stored copy is kept"
                )
                continue
            else:
                by_id[s.session_id] = s
            report.new_or_changed += 1
        sessions = sorted(by_id.values(), key=lambda s: s.session_id)
        report.sessions = len(sessions)
        report.reused = report.sessions - report.new_or_changed
        report.digest = digest(
            f"{s.session_id}:{len(s.blocks)}:{s.blocks[-1].ordinal if s.blocks else 0}" for s in sessions
        )
        if write:
            store.write(RAW_SESSIONS, part, [session_row(s) for s in sessions], info=report.footer())
            store.write(SESSION_FILES, part, [_state_row(st) for st in states.values()])
            self.reads.update((key, (st.size, st.mtime)) for key, st in states.items())
        return sessions, report

    def save(self) -> None:
        """Record this run's reads in the inventory: those units are unchanged from now on."""
        if not self.reads:
            return
        with editing(self.ws.store, self.survey.connector) as inv:
            for key, (size, mtime) in self.reads.items():
                inv.mark_read(key, size, mtime)
        self.reads.clear()


def _state_row(st: FileState) -> dict:
    return {
        "path": st.path,
        "size": st.size,
        "mtime": st.mtime,
        "prefix_sha256": st.prefix_sha256,
        "consumed": st.consumed,
        "carry": st.carry,
        "inode": st.inode,
    }
