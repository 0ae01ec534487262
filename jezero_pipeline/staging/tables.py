"""One definition per staged table: its name, its Arrow schema and the row it holds.

Every stage reads and writes its partition files through these, so a new staged column is
one change here plus the stage that fills it, and no other module spells a table name.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar

if TYPE_CHECKING:
    import pyarrow as pa


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
    inode: int  # the file's inode: a replaced file is read whole


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


class Table(Generic[R]):
    """A staged table: one Parquet file per partition under `<name>/<connector>/<day><suffix>`.

    The Arrow schema is built on first use, so code that only stats partition files (the
    no-change path of a run) never imports pyarrow.
    """

    def __init__(self, name: str, fields: Callable[[], list[tuple[str, Any]]], suffix: str = ".parquet"):
        self.name = name
        self.suffix = suffix
        self._fields = fields

    @cached_property
    def schema(self) -> pa.Schema:
        import pyarrow as pa  # lazy: see the class docstring

        return pa.schema(self._fields())

    def to_arrow(self, rows: list[R]) -> pa.Table:
        import pyarrow as pa  # lazy: see the class docstring

        return pa.Table.from_pylist(rows, schema=self.schema)  # type: ignore[arg-type]

    def to_rows(self, table: pa.Table) -> list[R]:
        return table.to_pylist()  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"Table({self.name!r}, suffix={self.suffix!r})"


def _pa() -> Any:
    import pyarrow as pa  # lazy: see Table

    return pa


def _ts() -> Any:
    return _pa().timestamp("us", tz="UTC")


def _segment_fields() -> list[tuple[str, Any]]:
    pa = _pa()
    return [
        ("id", pa.string()),
        ("source", pa.string()),
        ("session_id", pa.string()),
        ("occurred_at", _ts()),
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


def _summary_fields() -> list[tuple[str, Any]]:
    pa = _pa()
    return [
        ("segment_id", pa.string()),
        ("source", pa.string()),
        ("session_id", pa.string()),
        ("occurred_at", _ts()),
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
        ("summarized_at", _ts()),
    ]


def _raw_session_fields() -> list[tuple[str, Any]]:
    pa = _pa()
    block = pa.struct([("ordinal", pa.int64()), ("timestamp", _ts()), ("text", pa.string())])
    return [
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
        ("blocks", pa.list_(block)),
    ]


def _file_state_fields() -> list[tuple[str, Any]]:
    pa = _pa()
    return [
        ("path", pa.string()),
        ("size", pa.int64()),
        ("mtime", pa.float64()),
        ("prefix_sha256", pa.string()),
        ("consumed", pa.int64()),
        ("carry", pa.string()),
        ("inode", pa.int64()),
    ]


def _redacted_fields() -> list[tuple[str, Any]]:
    pa = _pa()
    return [*_segment_fields(), ("content_hash", pa.string()), ("raw_sha256", pa.string()),
            ("redactions", pa.int32()), ("rules", pa.string())]  # fmt: skip


RAW_SESSIONS: Table[SessionRow] = Table("raw_sessions", _raw_session_fields)
SESSION_FILES: Table[FileStateRow] = Table("raw_sessions", _file_state_fields, suffix=".files.parquet")
SEGMENTS: Table[SegmentRow] = Table("segments", _segment_fields)
REDACTED_SEGMENTS: Table[RedactedRow] = Table("redacted_segments", _redacted_fields)
SUMMARIES: Table[SummaryRow] = Table("summaries", _summary_fields)
IMPORTS: Table[ImportRow] = Table("imports", lambda: [*_summary_fields(), ("original", _pa().string())])

# The four partitioned assets, in pipeline order (their Dagster asset keys are these names).
STAGED_ASSETS = (RAW_SESSIONS, SEGMENTS, REDACTED_SEGMENTS, SUMMARIES)
