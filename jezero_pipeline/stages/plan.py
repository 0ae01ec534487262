"""What a run has to do, decided before anything starts: the changed partitions, and for the
daemon, the same grouped into Dagster runs.

`plan_run` surveys the connectors (a `stat` per unit) and lists the changed, settled
partitions; a command runs exactly those. A Dagster run covers one range of partitions: a
run of consecutive connectors (in config order) times a run of consecutive days, so the
sensors and schedules group the changed partitions into as few ranges as hold nothing
unchanged: usually one run (today, for every connector that changed), two when an old day was
edited too. Days with nothing stored at all may be bridged (up to a week), so a first run over
weekends and holidays is still one run per connector.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from datetime import date, timedelta
from typing import NamedTuple

from ..models import Partition
from ..staging.state import open_days
from ..workspace import Workspace
from .collect import ConnectorSurvey, survey_connector

MAX_BRIDGED_DAYS = 7


class PartitionRange(NamedTuple):
    connectors: tuple[str, ...]  # consecutive in config order
    first_day: str
    last_day: str

    @property
    def start_key(self) -> str:
        return Partition(self.connectors[0], self.first_day).key

    @property
    def end_key(self) -> str:
        return Partition(self.connectors[-1], self.last_day).key

    def partitions(self) -> list[Partition]:
        first, last = date.fromisoformat(self.first_day), date.fromisoformat(self.last_day)
        days = [(first + timedelta(days=i)).isoformat() for i in range((last - first).days + 1)]
        return [Partition(c, d) for c in self.connectors for d in days]


def day_runs(days: Iterable[str], occupied: set[str]) -> list[tuple[str, str]]:
    """Consecutive (first, last) day ranges covering `days`; a gap is bridged only when it is
    short and none of its days holds anything (`occupied` lists the days that do)."""
    ordered = sorted(set(days))
    runs: list[tuple[str, str]] = []
    for day in ordered:
        if runs:
            first, last = runs[-1]
            gap = (date.fromisoformat(day) - date.fromisoformat(last)).days - 1
            between = {(date.fromisoformat(last) + timedelta(days=i + 1)).isoformat() for i in range(max(gap, 0))}
            if gap <= MAX_BRIDGED_DAYS and not (between & occupied):
                runs[-1] = (first, day)
                continue
        runs.append((day, day))
    return runs


def plan_ranges(
    changed: Iterable[Partition], order: list[str], occupied: dict[str, set[str]] | None = None
) -> list[PartitionRange]:
    """Group changed partitions into ranges; `occupied` maps connector -> days holding units."""
    by_connector: dict[str, set[str]] = defaultdict(set)
    for part in changed:
        by_connector[part.connector].add(part.day)
    ranges = {c: day_runs(days, (occupied or {}).get(c, set())) for c, days in by_connector.items()}
    out: list[PartitionRange] = []
    for day_range in sorted({r for rs in ranges.values() for r in rs}):
        group: list[str] = []
        for name in order:  # consecutive connectors sharing this exact day range share a run
            if day_range in ranges.get(name, []):
                group.append(name)
                continue
            if group:
                out.append(PartitionRange(tuple(group), *day_range))
                group = []
        if group:
            out.append(PartitionRange(tuple(group), *day_range))
    return out


class RunPlan(NamedTuple):
    ranges: list[PartitionRange]
    changed: dict[Partition, int]  # partition -> changed, settled units
    waiting: dict[str, int]  # connector -> changed units still within settle_minutes
    warnings: list[str]
    fingerprint: str  # identifies exactly these changes (a sensor requests each once)
    surveys: dict[str, ConnectorSurvey]  # what the run's collect stage reads from


def plan_run(
    ws: Workspace, names: list[str], now: float, since: str | None = None, until: str | None = None
) -> RunPlan:
    """Survey the connectors and group their changed days (within [since, until]) into runs.

    Costs a `stat` per unit and imports no Dagster: a CLI run with nothing to do ends here.
    """
    changed: dict[Partition, int] = {}
    seen: list[str] = []
    occupied: dict[str, set[str]] = {}
    waiting: dict[str, int] = {}
    warnings: list[str] = []
    surveys: dict[str, ConnectorSurvey] = {}
    for name in names:
        surveys[name] = survey_connector(ws, name, now)
    if ws.first_day is None:  # the first sessions ever seen: the oldest one's day is the first day
        ws.pin_first_day(u.part.day for survey in surveys.values() for u in survey.units)
        for survey in surveys.values():  # another process may have pinned an other day meanwhile
            for u in survey.units:
                u.part = ws.partition(u.part.connector, u.part.day)
    for name, survey in surveys.items():
        occupied[name] = {u.part.day for u in survey.units}
        waiting[name] = survey.pending()
        warnings.extend(survey.warnings)
        seen.extend(f"{u.unit.key}:{u.unit.size}:{u.unit.mtime}" for u in survey.units if u.changed and u.settled)
        reopened = {Partition(name, d): 0 for d in open_days(ws.store, name)}  # failed or deferred summaries
        seen.extend(f"open:{p.key}" for p in reopened)
        for part, n in {**reopened, **survey.changed()}.items():
            if (since is None or part.day >= since) and (until is None or part.day <= until):
                changed[part] = n
    order = [c.name for c in ws.cfg.connectors]
    fingerprint = hashlib.sha256("\n".join(sorted(seen)).encode()).hexdigest()[:16]
    return RunPlan(plan_ranges(changed, order, occupied), changed, waiting, warnings, fingerprint, surveys)


def backfill_ranges(names: list[str], first: date, last: date, days: int) -> list[PartitionRange]:
    """A backfill's runs as a UI backfill of the pipeline asset makes them (its backfill policy
    allows `days` partitions a run): each connector's days from `first` to `last`, `days` at a time."""
    out = []
    for name in names:
        start = first
        while start <= last:
            end = min(start + timedelta(days=days - 1), last)
            out.append(PartitionRange((name,), start.isoformat(), end.isoformat()))
            start = end + timedelta(days=1)
    return out
