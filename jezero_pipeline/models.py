"""The records that flow between stages.

Plain dataclasses, no Dagster: every stage (parsing, segmenting, redaction, summarising,
indexing) takes and returns these, so each can be read and tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import NamedTuple

ATOM_KINDS = ("decision", "rationale", "fix", "error", "command", "fact", "risk")
TRUST_VALUES = ("own", "external")


class Partition(NamedTuple):
    """One (connector, day) slice of the corpus: the unit of staging, locking and Dagster runs.

    `day` is the UTC start date of the sessions in it (an imported item's `occurred_at`),
    which never changes as a session grows, so a session never moves between partitions.
    `key` is Dagster's multi-partition key for the dimensions "connector" and "day".
    """

    connector: str
    day: str  # YYYY-MM-DD

    @property
    def key(self) -> str:
        return f"{self.connector}|{self.day}"

    @classmethod
    def parse(cls, key: str) -> Partition:
        connector, sep, day = key.rpartition("|")
        if not sep or not connector:
            raise ValueError(f"partition key {key!r} is not '<connector>|<YYYY-MM-DD>'")
        date.fromisoformat(day)
        return cls(connector, day)

    def __str__(self) -> str:
        return self.key


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
