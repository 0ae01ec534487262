"""`redact-stored`: apply today's redaction rules to everything already stored.

Every text field of every staged row the library is built from (redacted segments, summaries,
imports) goes through the current redactor; content hashes stay as they were, so nothing is
paid for again. The partitions it rewrites are locked for the whole pass, like a run's.
"""

from __future__ import annotations

import json
import os
from typing import Any

from ..stages import index
from ..staging.tables import IMPORTS, REDACTED_SEGMENTS, SEGMENTS, SUMMARIES
from ..workspace import Workspace

SUMMARY_TEXT = ("title", "summary", "error", "project")
SUMMARY_JSON = ("questions", "atoms")


def _redact_fields(ws: Workspace, row: dict[str, Any], plain: tuple[str, ...], as_json: tuple[str, ...]) -> int:
    n = 0
    for key in plain:
        if row.get(key):
            row[key], k = ws.redactor.redact(row[key])
            n += k
    for key in as_json:
        if row.get(key):
            value, k = ws.redactor.redact_obj(json.loads(row[key]))
            row[key] = json.dumps(value, ensure_ascii=False, sort_keys=key == "meta")
            n += k
    return n


def redact_stored(ws: Workspace, dry_run: bool = False, owner: str | None = None) -> dict[str, Any]:
    """Re-redact stored rows; returns how many rows changed and how many markers were added."""
    store = ws.store
    report: dict[str, Any] = {"segments_changed": 0, "summaries_changed": 0, "imports_changed": 0,
                              "redactions": 0, "dry_run": dry_run}  # fmt: skip
    parts = sorted({*store.partitions(REDACTED_SEGMENTS), *store.partitions(SUMMARIES), *store.partitions(IMPORTS)})
    with ws.locks.holding(owner or f"redact-stored (pid {os.getpid()})", parts):
        for part in store.partitions(REDACTED_SEGMENTS):
            rows, changed = store.read(REDACTED_SEGMENTS, part), 0
            for row in rows:
                n = _redact_fields(ws, row, ("text", "title_hint", "project_hint"), ("meta",))
                row["rules"] = ws.rules
                if n:
                    row["redactions"] += n
                    changed += 1
                    report["redactions"] += n
            report["segments_changed"] += changed
            if changed and not dry_run:
                footer = store.footer(REDACTED_SEGMENTS, part)
                footer["inputs"] = f"{store.build_id(SEGMENTS, part)}|{ws.rules}"
                footer.pop("build", None)
                build = store.write(REDACTED_SEGMENTS, part, rows, info=footer)
                _keep_summaries_current(ws, part, build)
        for table, key in ((SUMMARIES, "summaries_changed"), (IMPORTS, "imports_changed")):
            for part in store.partitions(table):
                rows = store.read(table, part)
                changed = 0
                for row in rows:
                    n = _redact_fields(ws, row, (*SUMMARY_TEXT, "original") if table is IMPORTS else SUMMARY_TEXT,
                                       SUMMARY_JSON)  # fmt: skip
                    if n:
                        changed += 1
                        report["redactions"] += n
                report[key] += changed
                if changed and not dry_run:
                    footer = store.footer(table, part)
                    footer.pop("build", None)
                    store.write(table, part, rows, info=footer)
        if not dry_run:
            report["library_items"] = index.refresh(ws).report.items
    return report


def _keep_summaries_current(ws: Workspace, part: Any, redacted_build: str) -> None:
    """The summaries were built from the segments just rewritten (their hashes did not change):
    record the new file as their input, so the next run does not plan them again."""
    footer = ws.store.footer(SUMMARIES, part)
    if not footer:
        return
    rows = ws.store.read(SUMMARIES, part)
    footer["inputs"] = redacted_build
    footer.pop("build", None)
    ws.store.write(SUMMARIES, part, rows, info=footer)
