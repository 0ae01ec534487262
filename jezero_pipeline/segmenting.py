"""Sessions to segments, with Jezero's rules.

Greedy grouping from the first block means a segment's boundaries depend only on the blocks
in and before it: when a session grows, only its last segment changes, so every earlier
segment keeps its id and content hash and is never summarised again.
"""

from __future__ import annotations

from .models import Block, Segment, Session
from .text import middle_cut


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
