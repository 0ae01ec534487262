"""What a command did, kept in staging until Dagster records it.

A command (`jezero-pipeline run`, `resummarize`) runs the engine in its own process and never
loads Dagster: importing it and opening the instance would cost the command more time and
memory than the work of a small change. Instead it writes each outcome (a partition's
materialisation, a check; stages/outcomes.py) to its record, a JSON document under
`records/` in staging, saved as the command goes and once more, complete, at its end. The
`commands_recorded` sensor (defs/record.py), under the Dagster daemon, reports them into the
instance and deletes them. A record that was never completed (its command was killed) is
reported once its command is gone: what it holds did happen.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from .store import Store

FOLDER = "records"
STALE_SECONDS = 3600  # an incomplete record from another machine is its command's last word after this


class CommandRecord:
    """One command's record; `add` outcomes, `save` now and then, `close` at the end."""

    def __init__(self, store: Store):
        self.store = store
        self.name = f"{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}-{socket.gethostname()}-{os.getpid()}.json"
        self.entries: list[dict[str, Any]] = []
        self._saved = 0

    def add(self, entry: dict[str, Any]) -> None:
        self.entries.append(entry)

    def save(self, complete: bool = False) -> None:
        if not self.entries or (len(self.entries) == self._saved and not complete):
            return
        doc = {"host": socket.gethostname(), "pid": os.getpid(), "complete": complete, "saved_at": time.time(),
               "entries": self.entries}  # fmt: skip
        self.store.write_doc(FOLDER, self.name, obj=doc)
        self._saved = len(self.entries)

    def close(self) -> None:
        self.save(complete=True)


def finished_records(store: Store, now: float | None = None) -> list[str]:
    """The records ready to report, oldest first: complete, or left by a command that is gone."""
    return [name for name, finished in _records(store, now) if finished]


def unfinished_records(store: Store, now: float | None = None) -> list[str]:
    """The records of commands still under way."""
    return [name for name, finished in _records(store, now) if not finished]


def _records(store: Store, now: float | None) -> Iterator[tuple[str, bool]]:
    now = time.time() if now is None else now
    for name in store.list_docs(FOLDER):
        doc = store.read_doc(FOLDER, name)
        if isinstance(doc, dict):
            yield name, bool(doc.get("complete") or _orphaned(doc, now))


def read_record(store: Store, name: str) -> list[dict[str, Any]]:
    doc = store.read_doc(FOLDER, name)
    return list(doc.get("entries", [])) if isinstance(doc, dict) else []


def delete_record(store: Store, name: str) -> None:
    store.delete_doc(FOLDER, name)


def _orphaned(doc: dict[str, Any], now: float) -> bool:
    if doc.get("host") == socket.gethostname():
        return not _alive(int(doc.get("pid", 0)))
    return now - float(doc.get("saved_at", now)) > STALE_SECONDS


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
