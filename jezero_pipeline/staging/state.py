"""Each connector's operating record: when it last ran, found something, failed, and why.

`health` and the watchdog read it; the stages write it. One small JSON document per
connector, written atomically.
"""

from __future__ import annotations

import time
from typing import Any

from .store import Store


def read_state(store: Store, connector: str) -> dict[str, Any]:
    doc = store.read_doc("state", f"{connector}.json")
    return doc if isinstance(doc, dict) else {}


def update_state(store: Store, connector: str, **changes: Any) -> dict[str, Any]:
    """Merge `changes` into the connector's state (atomic write, one writer at a time)."""
    with store.lock(f"state-{connector}"):
        state = read_state(store, connector) | changes
        store.write_doc("state", f"{connector}.json", obj=state)
    return state


def record_collect(store: Store, connector: str, new_sessions: int, warnings: int, now: float | None = None) -> None:
    """After a scan: when it ran, and when it last found something (silence counts from the first run)."""
    now = time.time() if now is None else now
    state = read_state(store, connector)
    first = state.get("first_run_at", now)
    changes: dict[str, Any] = {"last_run_at": now, "first_run_at": first, "last_warnings": warnings}
    if new_sessions:
        changes["last_item_at"] = now
    elif "last_item_at" not in state:
        changes["last_item_at"] = first
    update_state(store, connector, **changes)


def record_outcome(store: Store, connector: str, error: str | None, now: float | None = None) -> None:
    """A run's end for this connector: its (redacted) error, or success."""
    now = time.time() if now is None else now
    if error:
        update_state(store, connector, last_error=error, last_error_at=now)
    else:
        update_state(store, connector, last_error=None, last_success_at=now)


def record_open(store: Store, connector: str, open_days: dict[str, bool]) -> None:
    """Which days a run has not finished: marked open when a run starts them, closed when their
    summaries are all written (none failed or deferred). The next run plans an open day again
    even when none of its files changed, so a killed run or a deferral is always picked up."""
    with store.lock(f"state-{connector}"):
        state = read_state(store, connector)
        days = set(state.get("open_days", []))
        days |= {d for d, is_open in open_days.items() if is_open}
        days -= {d for d, is_open in open_days.items() if not is_open}
        state["open_days"] = sorted(days)
        store.write_doc("state", f"{connector}.json", obj=state)


def open_days(store: Store, connector: str) -> list[str]:
    return list(read_state(store, connector).get("open_days", []))


def record_pending(store: Store, connector: str, pending: int, now: float | None = None) -> None:
    """Since when summaries have been waiting on the budget (cleared when none wait)."""
    state = read_state(store, connector)
    if pending and state.get("pending_since") is None:
        update_state(store, connector, pending_since=time.time() if now is None else now)
    elif not pending and state.get("pending_since") is not None:
        update_state(store, connector, pending_since=None)
