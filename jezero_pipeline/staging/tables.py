"""One definition per staged table: its name, its Arrow schema and the row it holds.

Every stage reads and writes its partition files through these, so a new staged column is
one change here plus the stage that fills it, and no other module spells a table name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Generic, TypedDict, TypeVar

import pyarrow as pa

TS = pa.timestamp("us", tz="UTC")
_BLOCK = pa.struct([("ordinal", pa.int64()), ("timestamp", TS), ("text", pa.string())])


class BlockRow(TypedDict):
    ordinal: int
    timestamp: datetime
    text: str


class SessionRow(TypedDict):
    """One session as the connector read it: dialogue blocks plus what describes it."""

    source: str
    session_id: str
    path: str  # the unit it was read from (file, session folder, database#session)
    mtime: float
    cwd: str | None
    title_hint: str | None
    project_hint: str | None
    trust: str
    original_ref: str
    meta: str  # JSON object
    blocks: list[BlockRow]


class FileStateRow(TypedDict):
    """What the last read of one unit consumed, so a grown file is read from where it stopped."""

    path: str
    size: int
    mtime: float
    prefix_sha256: str
    consumed: int
    carry: str  # JSON: the parser's state after `consumed` bytes


class SegmentRow(TypedDict):
    id: str  # "<session_id>#<first block ordinal>"
    source: str
    session_id: str
    occurred_at: datetime  # the last block's time
    text: str
    title_hint: str | None
    project_hint: str | None
    trust: str
    original_ref: str
    meta: str  # JSON object
    part: int
    parts: int
    first_ordinal: int


class RedactedRow(SegmentRow):
    content_hash: str  # sha256 of the redacted text: the pay-once key
    raw_sha256: str  # of the raw text, title hint and meta: unchanged input is not redacted again
    redactions: int
    rules: str  # fingerprint of the redaction rules that produced it


class SummaryRow(TypedDict):
    segment_id: str
    source: str
    session_id: str
    occurred_at: datetime
    content_hash: str
    generation: str  # fingerprint of prompt, schema, provider, model, language, known projects
    status: str  # ok | failed | pending (deferred by the run's budget)
    error: str | None
    title: str | None
    summary: str | None
    questions: str | None  # JSON list of strings
    atoms: str | None  # JSON list of {kind, text}
    project: str | None
    trust: str
    original_ref: str
    input_tokens: int
    output_tokens: int
    summarized_at: datetime | None


class ImportRow(SummaryRow):
    original: str  # the redacted original text an import brought, if any


R = TypeVar("R")


@dataclass(frozen=True)
class Table(Generic[R]):
    """A staged table: one Parquet file per partition under `<name>/<connector>/<day><suffix>`."""

    name: str
    schema: pa.Schema
    suffix: str = ".parquet"

    def to_arrow(self, rows: list[R]) -> pa.Table:
        return pa.Table.from_pylist(rows, schema=self.schema)  # type: ignore[arg-type]

    def to_rows(self, table: pa.Table) -> list[R]:
        return table.to_pylist()  # type: ignore[return-value]


_SEGMENT_FIELDS = [
    ("id", pa.string()),
    ("source", pa.string()),
    ("session_id", pa.string()),
    ("occurred_at", TS),
    ("text", pa.string()),
    ("title_hint", pa.string()),
    ("project_hint", pa.string()),
    ("trust", pa.string()),
    ("original_ref", pa.string()),
    ("meta", pa.string()),
    ("part", pa.int32()),
    ("parts", pa.int32()),
    ("first_ordinal", pa.int64()),
]
_SUMMARY_FIELDS = [
    ("segment_id", pa.string()),
    ("source", pa.string()),
    ("session_id", pa.string()),
    ("occurred_at", TS),
    ("content_hash", pa.string()),
    ("generation", pa.string()),
    ("status", pa.string()),
    ("error", pa.string()),
    ("title", pa.string()),
    ("summary", pa.string()),
    ("questions", pa.string()),
    ("atoms", pa.string()),
    ("project", pa.string()),
    ("trust", pa.string()),
    ("original_ref", pa.string()),
    ("input_tokens", pa.int64()),
    ("output_tokens", pa.int64()),
    ("summarized_at", TS),
]

RAW_SESSIONS: Table[SessionRow] = Table(
    "raw_sessions",
    pa.schema(
        [
            ("source", pa.string()),
            ("session_id", pa.string()),
            ("path", pa.string()),
            ("mtime", pa.float64()),
            ("cwd", pa.string()),
            ("title_hint", pa.string()),
            ("project_hint", pa.string()),
            ("trust", pa.string()),
            ("original_ref", pa.string()),
            ("meta", pa.string()),
            ("blocks", pa.list_(_BLOCK)),
        ]
    ),
)
SESSION_FILES: Table[FileStateRow] = Table(
    "raw_sessions",
    pa.schema(
        [
            ("path", pa.string()),
            ("size", pa.int64()),
            ("mtime", pa.float64()),
            ("prefix_sha256", pa.string()),
            ("consumed", pa.int64()),
            ("carry", pa.string()),
        ]
    ),
    suffix=".files.parquet",
)
SEGMENTS: Table[SegmentRow] = Table("segments", pa.schema(_SEGMENT_FIELDS))
REDACTED_SEGMENTS: Table[RedactedRow] = Table(
    "redacted_segments",
    pa.schema(
        [
            *_SEGMENT_FIELDS,
            ("content_hash", pa.string()),
            ("raw_sha256", pa.string()),
            ("redactions", pa.int32()),
            ("rules", pa.string()),
        ]
    ),
)
SUMMARIES: Table[SummaryRow] = Table("summaries", pa.schema(_SUMMARY_FIELDS))
IMPORTS: Table[ImportRow] = Table("imports", pa.schema([*_SUMMARY_FIELDS, ("original", pa.string())]))

# The four partitioned assets, in pipeline order (their Dagster asset keys are these names).
STAGED_ASSETS = (RAW_SESSIONS, SEGMENTS, REDACTED_SEGMENTS, SUMMARIES)
