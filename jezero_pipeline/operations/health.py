"""`health`: is every enabled connector running, finding sessions, and not failing or stuck?

A connector is unhealthy when its last run failed at any stage (a blocking check that stopped
it included), when it has found nothing new for `[watchdog] max_silence_hours`, or when a budget
deferral has been waiting for more than a day.
"""

from __future__ import annotations

import time
from typing import Any

from ..staging.state import read_state
from ..workspace import Workspace
from .times import iso

DEFERRAL_GRACE_HOURS = 24.0


def connector_problems(ws: Workspace, state: dict[str, Any], now: float) -> list[str]:
    """What is wrong with one connector, from its operating record; empty when healthy."""
    problems = []
    if not state:
        problems.append("never ran")
    if state.get("last_error"):
        problems.append(f"last run failed: {state['last_error']}")
    last_item = state.get("last_item_at")
    limit = ws.cfg.watchdog.max_silence_hours
    if last_item is not None and now - last_item > limit * 3600:
        problems.append(f"no new session for {(now - last_item) / 3600:.1f} h (max_silence_hours {limit:g})")
    pending = state.get("pending_since")
    if pending is not None and now - pending > DEFERRAL_GRACE_HOURS * 3600:
        problems.append(
            f"summaries deferred by the budget for {(now - pending) / 3600:.1f} h "
            "(raise max_calls_per_run / max_cost_usd_per_run, or run again)"
        )
    return problems


def health(ws: Workspace, now: float | None = None) -> tuple[bool, list[dict[str, Any]]]:
    """(all healthy, one row per enabled connector with its problems)."""
    now = time.time() if now is None else now
    rows = []
    for c in ws.cfg.enabled_connectors:
        st = read_state(ws.store, c.name)
        problems = connector_problems(ws, st, now)
        rows.append({"connector": c.name, "ok": not problems, "problems": problems,
                     "last_run_at": iso(st.get("last_run_at")), "last_item_at": iso(st.get("last_item_at"))})  # fmt: skip
    return all(r["ok"] for r in rows), rows
