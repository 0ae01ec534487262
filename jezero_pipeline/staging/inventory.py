"""The per-connector inventory: every unit a connector has seen, its day, its stat when last read.

Knowing what changed then costs one `stat` per unit: a unit whose size and mtime equal the
ones recorded at its last read is not opened. A new unit's day (the UTC start date of its
session) is decided once, on first sight, and never moves, so a session that grows past
midnight or a file edited months later stays in its own day's partition.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass

from .store import Store


@dataclass
class UnitRecord:
    day: str  # YYYY-MM-DD, the session's UTC start date (before clamping to the first partition)
    size: int | None = None  # stat at the last successful read; None: never read
    mtime: float | None = None

    def unchanged(self, size: int, mtime: float) -> bool:
        return self.size == size and self.mtime == mtime


class Inventory:
    """Unit key -> UnitRecord for one connector, kept as a small JSON document in staging."""

    def __init__(self, store: Store, connector: str, units: dict[str, UnitRecord] | None = None):
        self.store = store
        self.connector = connector
        self.units: dict[str, UnitRecord] = units or {}
        self.dirty = False

    @classmethod
    def load(cls, store: Store, connector: str) -> Inventory:
        doc = store.read_doc("inventory", f"{connector}.json") or {}
        units = {}
        for key, rec in (doc.get("units") or {}).items():
            if isinstance(rec, dict) and isinstance(rec.get("day"), str):
                units[key] = UnitRecord(rec["day"], rec.get("size"), rec.get("mtime"))
        return cls(store, connector, units)

    def save(self) -> None:
        if self.dirty:
            doc = {"units": {k: asdict(v) for k, v in sorted(self.units.items())}}
            self.store.write_doc("inventory", f"{self.connector}.json", obj=doc)
            self.dirty = False

    def assign(self, key: str, day: str) -> str:
        """The unit's day: the recorded one if it has one, else `day`, recorded from now on."""
        rec = self.units.get(key)
        if rec is None:
            self.units[key] = UnitRecord(day)
            self.dirty = True
            return day
        return rec.day

    def mark_read(self, key: str, size: int, mtime: float) -> None:
        rec = self.units.get(key)
        if rec is not None and (rec.size, rec.mtime) != (size, mtime):
            rec.size, rec.mtime = size, mtime
            self.dirty = True

    def forget_reads(self) -> int:
        """`connector reset`: every unit is read again next run (its day stays)."""
        n = 0
        for rec in self.units.values():
            if rec.size is not None:
                rec.size = rec.mtime = None
                n += 1
        self.dirty = self.dirty or bool(n)
        return n


@contextmanager
def editing(store: Store, connector: str) -> Iterator[Inventory]:
    """Load, change and save one connector's inventory under its lock (other runs wait)."""
    with store.lock(f"inventory-{connector}"):
        inv = Inventory.load(store, connector)
        yield inv
        inv.save()
