"""`connector list` and `connector reset`: what each connector has, and reading it all again."""

from __future__ import annotations

import os
from typing import Any

from ..staging.inventory import Inventory, editing
from ..staging.state import read_state, update_state
from ..staging.tables import SESSION_FILES, SUMMARIES
from ..workspace import Workspace
from .times import iso


def connector_list(ws: Workspace) -> list[dict[str, Any]]:
    """One row per configured connector: type, on/off, units tracked, summaries, last run."""
    out = []
    for c in ws.cfg.connectors:
        ok = failed = 0
        parts = ws.store.partitions(SUMMARIES, c.name)
        for part in parts:
            footer = ws.store.footer(SUMMARIES, part)
            ok += int(footer.get("docs", 0)) - int(footer.get("open", 0))
            failed += int(footer.get("failed", 0))
        st = read_state(ws.store, c.name)
        out.append({
            "name": c.name, "type": c.type, "enabled": c.enabled, "interval_minutes": c.interval_minutes,
            "trust": c.trust, "project": c.project, "files_tracked": len(Inventory.load(ws.store, c.name).units),
            "partitions": len(parts), "summaries_ok": ok, "summaries_failed": failed,
            "last_run_at": iso(st.get("last_run_at")), "last_error": st.get("last_error"),
        })  # fmt: skip
    return out


def connector_reset(ws: Workspace, name: str, owner: str | None = None) -> dict[str, Any]:
    """Forget which files were read, so the next run reads every file again.

    Items stay, and so do the units' days: segments whose content hash did not change keep
    their summaries, so the re-read pays for nothing.
    """
    ws.cfg.connector(name)
    parts = ws.store.partitions(SESSION_FILES, name)
    with ws.locks.holding(owner or f"connector reset (pid {os.getpid()})", parts):
        with editing(ws.store, name) as inv:
            forgotten = inv.forget_reads()
        for part in parts:
            ws.store.delete(SESSION_FILES, part)
        update_state(ws.store, name, last_error=None)
    return {"connector": name, "cursor_cleared": bool(forgotten or parts), "units_forgotten": forgotten}
