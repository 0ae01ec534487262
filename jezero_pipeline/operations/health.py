"""`health`: is every enabled connector running, finding sessions and not failing?"""

from __future__ import annotations

import time
from typing import Any

from ..staging.state import read_state
from ..workspace import Workspace
from .times import iso


def health(ws: Workspace, now: float | None = None) -> tuple[bool, list[dict[str, Any]]]:
    """A connector is unhealthy when its last run failed or it found nothing new for too long."""
    now = time.time() if now is None else now
    limit = ws.cfg.watchdog.max_silence_hours * 3600
    rows = []
    for c in ws.cfg.enabled_connectors:
        st = read_state(ws.store, c.name)
        problems = []
        if not st:
            problems.append("never ran")
        if st.get("last_error"):
            problems.append(f"last run failed: {st['last_error']}")
        last_item = st.get("last_item_at")
        if last_item is not None and now - last_item > limit:
            problems.append(
                f"no new session for {(now - last_item) / 3600:.1f} h "
                f"(max_silence_hours {ws.cfg.watchdog.max_silence_hours:g})"
            )
        rows.append({"connector": c.name, "ok": not problems, "problems": problems,
                     "last_run_at": iso(st.get("last_run_at")), "last_item_at": iso(last_item)})  # fmt: skip
    return all(r["ok"] for r in rows), rows
