"""Sessions to segments, with Jezero's rules, and the stage that applies them per partition.

Greedy grouping from the first block means a segment's boundaries depend only on the blocks
in and before it: when a session grows, only its last segment changes, so every earlier
segment keeps its id and content hash and is never summarised again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..models import Block, Partition, Segment, Session
from ..staging.tables import RAW_SESSIONS, SEGMENTS, SegmentRow
from ..text import digest, middle_cut, sha256
from ..workspace import Workspace
from .collect import session_from_row
from .report import PartitionReport


def shorten(block: Block, limit: int) -> Block:
    """Cut the middle out of a block longer than the limit (Jezero's marker in between)."""
    if len(block.text) <= limit:
        return block
    return Block(block.ordinal, block.timestamp, middle_cut(block.text, limit))


def group_blocks(blocks: list[Block], limit: int) -> list[list[Block]]:
    """Consecutive blocks under `limit` characters, each counting its length plus one."""
    groups: list[list[Block]] = []
    current: list[Block] = []
    size = 0
    for block in blocks:
        cost = len(block.text) + 1
        if current and size + cost > limit:
            groups.append(current)
            current, size = [], 0
        current.append(block)
        size += cost
    if current:
        groups.append(current)
    return groups


def segment_session(session: Session, max_input_chars: int) -> list[Segment]:
    """Jezero's segments of one session: middle-cut long blocks, then greedy grouping."""
    blocks = [shorten(b, max_input_chars) for b in session.blocks]
    groups = group_blocks(blocks, max_input_chars)
    parts = len(groups)
    segments = []
    for n, group in enumerate(groups, start=1):
        first = group[0].ordinal
        segments.append(
            Segment(
                id=f"{session.session_id}#{first}",
                source=session.source,
                session_id=session.session_id,
                occurred_at=group[-1].timestamp,
                text="\n".join(b.text for b in group),
                title_hint=session.title_hint,
                project_hint=session.project_hint,
                trust=session.trust,
                original_ref=session.original_ref,
                meta=dict(session.meta),
                part=n,
                parts=parts,
                first_ordinal=first,
            )
        )
    return segments


# the stage -----------------------------------------------------------------------------------

SEGMENT_VERSION = "1"  # bump when the rules above change what a session becomes


@dataclass
class SegmentReport(PartitionReport):
    FOOTER = ("segments", "sessions", "chars", "digest")

    segments: int = 0  # in the partition after this run
    sessions: int = 0
    chars: int = 0  # characters of segment text
    digest: str = ""  # identifies the partition's segments (ids and texts)


def segment_row(seg: Segment) -> SegmentRow:
    return {
        "id": seg.id,
        "source": seg.source,
        "session_id": seg.session_id,
        "occurred_at": seg.occurred_at,
        "text": seg.text,
        "title_hint": seg.title_hint,
        "project_hint": seg.project_hint,
        "trust": seg.trust,
        "original_ref": seg.original_ref,
        "meta": json.dumps(seg.meta, sort_keys=True),
        "part": seg.part,
        "parts": seg.parts,
        "first_ordinal": seg.first_ordinal,
    }


def segment_partition(
    ws: Workspace, part: Partition, sessions: list[Session] | None = None, write: bool = True
) -> tuple[list[SegmentRow] | None, SegmentReport]:
    """Cut a partition's sessions into segments; skipped when its raw sessions did not change.

    `sessions` (from the collect stage of the same run) saves re-reading the partition file.
    Returns the rows (None when skipped) and the report.
    """
    limit = ws.cfg.summarizer.max_input_chars
    inputs = f"{ws.store.build_id(RAW_SESSIONS, part)}|{limit}|{SEGMENT_VERSION}"
    if write and sessions is None:
        done = ws.store.current(SEGMENTS, part, inputs)
        if done is not None:
            return None, SegmentReport.from_footer(done)
    if sessions is None:
        sessions = [session_from_row(r) for r in ws.store.read(RAW_SESSIONS, part)]
    rows = [segment_row(seg) for s in sessions for seg in segment_session(s, limit)]
    report = SegmentReport(
        segments=len(rows),
        sessions=len({r["session_id"] for r in rows}),
        chars=sum(len(r["text"]) for r in rows),
        digest=digest(f"{r['id']}:{sha256(r['text'])}" for r in rows),
    )
    if write:
        ws.store.write(SEGMENTS, part, rows, info={"inputs": inputs, **report.footer()})
    return rows, report
