"""The records that flow between stages.

Plain dataclasses, no Dagster: every stage (parsing, segmenting, redaction, summarising,
indexing) takes and returns these, so each can be read and tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

ATOM_KINDS = ("decision", "rationale", "fix", "error", "command", "fact", "risk")
TRUST_VALUES = ("own", "external")


@dataclass(frozen=True)
class Block:
    """One rendered line of dialogue.

    `ordinal` is the position in the source (JSONL line number, message row id) and never
    changes when the session grows, so segment ids built from it are stable.
    """

    ordinal: int
    timestamp: datetime
    text: str


@dataclass
class Session:
    """One agent session, reduced to what Jezero keeps (dialogue, tool-call lines)."""

    source: str  # connector name
    session_id: str  # stable id, e.g. the transcript's uuid; `<parent>/<file>` for sub-agents
    blocks: list[Block]
    cwd: str | None = None
    title_hint: str | None = None
    project_hint: str | None = None
    trust: str = "own"
    original_ref: str = ""  # e.g. "claude-code-session:<id>"
    meta: dict[str, str] = field(default_factory=dict)  # becomes the prompt's Context line
    path: str = ""  # the file it was read from
    mtime: float = 0.0
    # True: `blocks` are only the new ones of a grown file and continue the stored session
    # with the same (source, session_id); the other fields describe the whole session.
    appended: bool = False


@dataclass
class Segment:
    """A piece of a session small enough for one model call."""

    id: str  # "<session_id>#<ordinal of first block>"
    source: str
    session_id: str
    occurred_at: datetime  # timestamp of the last block
    text: str
    title_hint: str | None
    project_hint: str | None
    trust: str
    original_ref: str
    meta: dict[str, str]
    part: int  # 1-based
    parts: int
    first_ordinal: int
    content_hash: str = ""  # sha256 of the redacted text, set by redaction

    @property
    def titled_hint(self) -> str | None:
        """The title hint with " (part n/N)" when the session was split (not hashed)."""
        if not self.title_hint:
            return None
        if self.parts > 1:
            return f"{self.title_hint} (part {self.part}/{self.parts})"
        return self.title_hint


@dataclass
class Atom:
    kind: str
    text: str


@dataclass
class Summary:
    """The five-field answer of a summariser, after loose validation."""

    title: str
    summary: str
    questions: list[str]
    atoms: list[Atom]
    project: str | None
