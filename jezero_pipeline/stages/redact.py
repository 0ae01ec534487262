"""The redact stage: secrets out of every segment field, then the content hash of what is left.

The content hash (sha256 of the redacted text) is the pay-once key: a segment is summarised
only when no summary exists for its hash. A segment whose raw text and the rules are those of
its previous redaction keeps it, so a no-change partition does no redaction work.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..models import Partition
from ..staging.tables import REDACTED_SEGMENTS, SEGMENTS, RedactedRow, SegmentRow
from ..text import digest, sha256
from ..workspace import Workspace
from .report import PartitionReport


@dataclass
class RedactReport(PartitionReport):
    FOOTER = ("segments", "redactions", "segments_with_redactions", "digest")

    segments: int = 0
    redactions: int = 0  # markers written in this partition's rows
    reused: int = 0  # segments whose previous redaction still holds
    segments_with_redactions: int = 0
    digest: str = ""  # identifies the partition's content hashes


def redact_row(ws: Workspace, row: SegmentRow) -> tuple[RedactedRow, int]:
    """One segment redacted in text, title hint, project hint and meta, with its content hash."""
    r = ws.redactor
    text, n1 = r.redact(row["text"])
    title, n2 = r.redact(row["title_hint"]) if row["title_hint"] else (row["title_hint"], 0)
    project, n3 = r.redact(row["project_hint"]) if row["project_hint"] else (row["project_hint"], 0)
    meta, n4 = r.redact_obj(json.loads(row["meta"] or "{}"))
    n = n1 + n2 + n3 + n4
    out: RedactedRow = {
        **row, "text": text, "title_hint": title, "project_hint": project,
        "meta": json.dumps(meta, sort_keys=True), "content_hash": sha256(text), "raw_sha256": _raw_hash(row),
        "redactions": n, "rules": ws.rules,
    }  # fmt: skip
    return out, n


def _raw_hash(row: SegmentRow) -> str:
    return sha256(row["text"] + "\x00" + (row["title_hint"] or "") + "\x00" + (row["meta"] or ""))


def redact_partition(
    ws: Workspace, part: Partition, segments: list[SegmentRow] | None = None, write: bool = True
) -> tuple[list[RedactedRow] | None, RedactReport]:
    """Redact a partition's segments; skipped when its segments and the rules did not change."""
    inputs = f"{ws.store.build_id(SEGMENTS, part)}|{ws.rules}"
    if write and segments is None:
        done = ws.store.current(REDACTED_SEGMENTS, part, inputs)
        if done is not None:
            report = RedactReport.from_footer(done)
            report.reused = report.segments
            return None, report
    if segments is None:
        segments = ws.store.read(SEGMENTS, part)
    previous = {r["id"]: r for r in ws.store.read(REDACTED_SEGMENTS, part)}
    report = RedactReport()
    out: list[RedactedRow] = []
    for row in segments:
        prev = previous.get(row["id"])
        if prev and prev["raw_sha256"] == _raw_hash(row) and prev["rules"] == ws.rules:
            out.append({**prev, "occurred_at": row["occurred_at"], "part": row["part"], "parts": row["parts"]})
            report.reused += 1
            report.redactions += prev["redactions"]
            continue
        red, n = redact_row(ws, row)
        out.append(red)
        report.redactions += n
    report.segments = len(out)
    report.segments_with_redactions = sum(1 for r in out if r["redactions"])
    report.digest = digest(r["content_hash"] for r in out)
    if write:
        ws.store.write(REDACTED_SEGMENTS, part, out, info={"inputs": inputs, **report.footer()})
    return out, report


def secret_offenders(ws: Workspace, rows: list[RedactedRow]) -> list[str]:
    """Ids of rows in which a detector still fires: they must never reach a model."""
    return [r["id"] for r in rows if any(ws.redactor.spans(r[f] or "") for f in ("text", "title_hint", "meta"))]
