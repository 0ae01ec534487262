"""The stages, as plain functions over staging files: collect, segment, redact, summarise, index.

Each stage reads its upstream partition file and writes its own, so any stage can be re-run
alone (which is what Dagster does on a re-materialisation). The Dagster assets in `defs/`
only call these and report the returned figures.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from .config import Config
from .models import Block, Segment, Session, Summary
from .redaction import Redactor, rules_fingerprint
from .segmenting import segment_session
from .sessions import FileState, make_connector
from .staging import Staging

TS = pa.timestamp("us", tz="UTC")
BLOCK = pa.struct([("ordinal", pa.int64()), ("timestamp", TS), ("text", pa.string())])
SESSIONS_SCHEMA = pa.schema(
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
        ("blocks", pa.list_(BLOCK)),
    ]
)
FILES_SCHEMA = pa.schema(
    [
        ("path", pa.string()),
        ("size", pa.int64()),
        ("mtime", pa.float64()),
        ("prefix_sha256", pa.string()),
        ("consumed", pa.int64()),
        ("carry", pa.string()),
    ]
)
SEGMENT_FIELDS = [
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
SEGMENTS_SCHEMA = pa.schema(SEGMENT_FIELDS)
REDACTED_SCHEMA = pa.schema(
    SEGMENT_FIELDS
    + [
        ("content_hash", pa.string()),
        ("raw_sha256", pa.string()),
        ("redactions", pa.int32()),
        ("rules", pa.string()),
    ]
)
SUMMARIES_SCHEMA = pa.schema(
    [
        ("segment_id", pa.string()),
        ("source", pa.string()),
        ("session_id", pa.string()),
        ("occurred_at", TS),
        ("content_hash", pa.string()),
        ("generation", pa.string()),
        ("status", pa.string()),  # ok | failed | pending (over the call budget)
        ("error", pa.string()),
        ("title", pa.string()),
        ("summary", pa.string()),
        ("questions", pa.string()),
        ("atoms", pa.string()),  # JSON lists
        ("project", pa.string()),
        ("trust", pa.string()),
        ("original_ref", pa.string()),
        ("input_tokens", pa.int64()),
        ("output_tokens", pa.int64()),
        ("summarized_at", TS),
    ]
)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def digest(values: list[str]) -> str:
    """A short fingerprint of a partition's content: Dagster's data version for the asset."""
    h = hashlib.sha256()
    for v in sorted(values):
        h.update(v.encode("utf-8", "surrogatepass") + b"\n")
    return h.hexdigest()[:16]


# ---------------------------------------------------------------------------------- collect


@dataclass
class CollectReport:
    sessions: int = 0
    new_or_changed: int = 0
    reused: int = 0
    deferred: int = 0
    too_short: int = 0
    left_for_next_run: int = 0
    files_seen: int = 0
    files_unchanged: int = 0
    bytes_read: int = 0
    warnings: list[str] = field(default_factory=list)
    digest: str = ""
    current: bool = False  # nothing changed: the partition file was neither read nor rewritten


def _session_row(s: Session) -> dict[str, Any]:
    return {
        "source": s.source,
        "session_id": s.session_id,
        "path": s.path,
        "mtime": s.mtime,
        "cwd": s.cwd,
        "title_hint": s.title_hint,
        "project_hint": s.project_hint,
        "trust": s.trust,
        "original_ref": s.original_ref,
        "meta": json.dumps(s.meta, sort_keys=True),
        "blocks": [{"ordinal": b.ordinal, "timestamp": b.timestamp, "text": b.text} for b in s.blocks],
    }


def session_from_row(row: dict[str, Any]) -> Session:
    return Session(
        source=row["source"],
        session_id=row["session_id"],
        blocks=[Block(b["ordinal"], b["timestamp"], b["text"]) for b in row["blocks"]],
        cwd=row["cwd"],
        title_hint=row["title_hint"],
        project_hint=row["project_hint"],
        trust=row["trust"],
        original_ref=row["original_ref"],
        meta=json.loads(row["meta"] or "{}"),
        path=row["path"],
        mtime=row["mtime"],
    )


def collect(
    cfg: Config, connector_name: str, staging: Staging, now: float | None = None, limit: int = 0, write: bool = True
) -> tuple[list[Session] | None, CollectReport]:
    """Scan one connector, reusing the sessions of files that did not change.

    When no file changed at all, the partition file is neither read nor rewritten and the
    sessions come back as None (the report still has the counts and the digest).
    """
    now = time.time() if now is None else now
    ccfg = cfg.connector(connector_name)
    connector = make_connector(ccfg, cfg.projects, cfg.base_dir)
    previous_states = {
        r["path"]: FileState(**r) for r in staging.read_rows("raw_sessions", connector_name, ".files.parquet")
    }
    scan = connector.scan(previous_states, now)
    report = CollectReport(
        deferred=scan.deferred,
        too_short=scan.too_short,
        files_seen=scan.files_seen,
        files_unchanged=len(scan.unchanged),
        bytes_read=scan.bytes_read,
        warnings=list(scan.warnings),
    )
    if (
        write
        and not scan.sessions
        and scan.states == previous_states
        and staging.exists("raw_sessions", connector_name)
    ):
        info = staging.info("raw_sessions", connector_name)
        report.sessions = report.reused = int(info.get("sessions", 0))
        report.digest, report.current = info.get("digest", ""), True
        return None, report
    previous_rows = staging.read_rows("raw_sessions", connector_name)

    fresh = list(scan.sessions)
    states = dict(scan.states)
    if limit and len(fresh) > limit:
        # Oldest first, as Jezero; the rest keep no state, so the next run reads them.
        fresh.sort(key=lambda s: (s.mtime, s.session_id))
        held = fresh[limit:]
        fresh = fresh[:limit]
        for s in held:
            states.pop(s.path, None)
        report.left_for_next_run = len(held)

    # Files read again replace their stored sessions, except those that only grew: their
    # new blocks are appended to the stored session below.
    reread = set(states) - set(scan.unchanged) - {s.path for s in fresh if s.appended}
    by_id: dict[str, Session] = {}
    for row in previous_rows:
        if row["path"] in reread:
            continue  # replaced by what this scan produced
        by_id[row["session_id"]] = session_from_row(row)
    report.reused = len(by_id)
    for s in fresh:
        if s.appended and s.session_id not in by_id:
            # Only its new blocks were read, but the stored session is gone: forget the file
            # so the next run reads it whole, rather than store half a session.
            states.pop(s.path, None)
            report.warnings.append(f"{s.path}: grew, but its stored session is missing; read again next run")
            continue
        if s.appended:
            old = by_id[s.session_id]
            known = {b.ordinal for b in old.blocks}
            old.blocks.extend(b for b in s.blocks if b.ordinal not in known)
            old.mtime, old.path = s.mtime, s.path
            if s.title_hint:
                old.title_hint = s.title_hint
        else:
            by_id[s.session_id] = s
    report.new_or_changed = len(fresh)
    sessions = sorted(by_id.values(), key=lambda s: s.session_id)
    report.sessions = len(sessions)
    report.digest = digest(
        [f"{s.session_id}:{len(s.blocks)}:{s.blocks[-1].ordinal if s.blocks else 0}" for s in sessions]
    )
    if write:
        staging.write_rows(
            "raw_sessions",
            connector_name,
            [_session_row(s) for s in sessions],
            SESSIONS_SCHEMA,
            info={"sessions": report.sessions, "digest": report.digest},
        )
        staging.write_rows(
            "raw_sessions", connector_name, [asdict(st) for st in states.values()], FILES_SCHEMA, ".files.parquet"
        )
    return sessions, report


# ---------------------------------------------------------------------------------- segment


def _segment_row(seg: Segment) -> dict[str, Any]:
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


@dataclass
class SegmentReport:
    segments: int = 0
    sessions: int = 0
    chars: int = 0
    digest: str = ""
    current: bool = False  # built from the same raw_sessions file with the same settings: skipped


SEGMENT_VERSION = "1"  # bump when segmenting rules change


def segment(
    cfg: Config, connector_name: str, staging: Staging, sessions: list[Session] | None = None, write: bool = True
) -> tuple[list[dict[str, Any]] | None, SegmentReport]:
    limit = cfg.summarizer.max_input_chars
    inputs = f"{staging.signature('raw_sessions', connector_name)}|{limit}|{SEGMENT_VERSION}"
    if sessions is None and write:
        info = staging.info("segments", connector_name)
        if info.get("inputs") == inputs:
            return None, SegmentReport(
                int(info["segments"]), int(info["sessions"]), int(info["chars"]), info["digest"], current=True
            )
    if sessions is None:
        sessions = [session_from_row(r) for r in staging.read_rows("raw_sessions", connector_name)]
    rows = [_segment_row(seg) for s in sessions for seg in segment_session(s, limit)]
    report = SegmentReport(
        len(rows),
        len({r["session_id"] for r in rows}),
        sum(len(r["text"]) for r in rows),
        digest([f"{r['id']}:{sha256(r['text'])}" for r in rows]),
    )
    if write:
        staging.write_rows(
            "segments",
            connector_name,
            rows,
            SEGMENTS_SCHEMA,
            info={
                "inputs": inputs,
                "segments": report.segments,
                "sessions": report.sessions,
                "chars": report.chars,
                "digest": report.digest,
            },
        )
    return rows, report


# ----------------------------------------------------------------------------------- redact


@dataclass
class RedactReport:
    segments: int = 0
    redactions: int = 0
    reused: int = 0
    with_redactions: int = 0
    digest: str = ""
    current: bool = False  # built from the same segments file with the same rules: skipped


def redact_segments(
    cfg: Config,
    connector_name: str,
    staging: Staging,
    redactor: Redactor,
    segments: list[dict[str, Any]] | None = None,
    write: bool = True,
) -> tuple[list[dict[str, Any]] | None, RedactReport]:
    """Redact document, title hint and meta; hash the redacted text.

    A segment whose raw text and the rules are unchanged since the last run keeps its
    previous redaction, so a no-change run does no redaction work.
    """
    rules = rules_fingerprint(cfg)
    inputs = f"{staging.signature('segments', connector_name)}|{rules}"
    if segments is None and write:
        info = staging.info("redacted_segments", connector_name)
        if info.get("inputs") == inputs:
            n = int(info["segments"])
            return None, RedactReport(
                n, int(info["redactions"]), n, int(info["with_redactions"]), info["digest"], current=True
            )
    if segments is None:
        segments = staging.read_rows("segments", connector_name)
    previous = {r["id"]: r for r in staging.read_rows("redacted_segments", connector_name)}
    report = RedactReport()
    out = []
    for row in segments:
        raw_hash = sha256(row["text"] + "\x00" + (row["title_hint"] or "") + "\x00" + (row["meta"] or ""))
        prev = previous.get(row["id"])
        if prev and prev["raw_sha256"] == raw_hash and prev["rules"] == rules:
            out.append(prev | {"occurred_at": row["occurred_at"], "part": row["part"], "parts": row["parts"]})
            report.reused += 1
            report.redactions += prev["redactions"]
            continue
        text, n1 = redactor.redact(row["text"])
        title, n2 = redactor.redact(row["title_hint"]) if row["title_hint"] else (row["title_hint"], 0)
        project, n3 = redactor.redact(row["project_hint"]) if row["project_hint"] else (row["project_hint"], 0)
        meta, n4 = redactor.redact_obj(json.loads(row["meta"] or "{}"))
        n = n1 + n2 + n3 + n4
        out.append(
            row
            | {
                "text": text,
                "title_hint": title,
                "project_hint": project,
                "meta": json.dumps(meta, sort_keys=True),
                "content_hash": sha256(text),
                "raw_sha256": raw_hash,
                "redactions": n,
                "rules": rules,
            }
        )
        report.redactions += n
    report.segments = len(out)
    report.with_redactions = sum(1 for r in out if r["redactions"])
    report.digest = digest([r["content_hash"] for r in out])
    if write:
        staging.write_rows(
            "redacted_segments",
            connector_name,
            out,
            REDACTED_SCHEMA,
            info={
                "inputs": inputs,
                "segments": report.segments,
                "redactions": report.redactions,
                "with_redactions": report.with_redactions,
                "digest": report.digest,
            },
        )
    return out, report


# -------------------------------------------------------------------------------- summarise


@dataclass
class SummarizeReport:
    docs: int = 0
    reused: int = 0
    stored: int = 0
    failed: int = 0
    pending: int = 0
    calls: int = 0
    input_chars: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    estimated_cost_usd: float | None = None
    errors: list[str] = field(default_factory=list)
    failed_ids: list[str] = field(default_factory=list)
    digest: str = ""
    current: bool = False  # same redacted segments, same generation, nothing failed or pending: skipped


def summary_cache(staging: Staging, generation: str) -> dict[str, dict[str, Any]]:
    """content_hash -> a good summary row of this generation, from every partition and journal."""
    cache: dict[str, dict[str, Any]] = {}
    for part in staging.partitions("summaries"):
        for row in staging.read_rows("summaries", part):
            if row["status"] == "ok" and row["generation"] == generation:
                cache.setdefault(row["content_hash"], row)
    for part in staging.journal_partitions():
        for row in staging.read_journal(part):
            if row.get("status") == "ok" and row.get("generation") == generation:
                if isinstance(row.get("summarized_at"), str):
                    row["summarized_at"] = datetime.fromisoformat(row["summarized_at"])
                cache.setdefault(row["content_hash"], row)
    return cache


def _summary_fields(summary: Summary) -> dict[str, Any]:
    return {
        "title": summary.title,
        "summary": summary.summary,
        "questions": json.dumps(summary.questions, ensure_ascii=False),
        "atoms": json.dumps([{"kind": a.kind, "text": a.text} for a in summary.atoms], ensure_ascii=False),
        "project": summary.project,
    }


def summarize(
    cfg: Config,
    connector_name: str,
    staging: Staging,
    redactor: Redactor,
    generation: str,
    provider: Any = None,
    redacted: list[dict[str, Any]] | None = None,
    force_ids: set[str] | None = None,
    max_calls: int | None = None,
    write: bool = True,
) -> tuple[list[dict[str, Any]] | None, SummarizeReport]:
    """Summarise what has no summary of this generation; journal each answer as it comes.

    `provider` defaults to the config's; it is only built when something needs a call, so a
    no-change run never even imports a model SDK. A partition whose redacted segments and
    generation are those its summaries were built from, with nothing failed or pending, is
    current: nothing is read or written.
    """
    from .summarizing.prompt import SummaryRequest
    from .summarizing.runner import make_summarizer, summarize_batch

    inputs = f"{staging.signature('redacted_segments', connector_name)}|{generation}"
    force_ids = force_ids or set()
    if redacted is None and write and not force_ids:
        info = staging.info("summaries", connector_name)
        if info.get("inputs") == inputs and info.get("open") == "0":
            n = int(info["docs"])
            return None, SummarizeReport(docs=n, reused=n, digest=info["digest"], current=True)
    if redacted is None:
        redacted = staging.read_rows("redacted_segments", connector_name)
    cache = summary_cache(staging, generation)
    report = SummarizeReport(docs=len(redacted))
    rows: dict[str, dict[str, Any]] = {}
    todo = []
    for seg in redacted:
        base = {
            "segment_id": seg["id"],
            "source": seg["source"],
            "session_id": seg["session_id"],
            "occurred_at": seg["occurred_at"],
            "content_hash": seg["content_hash"],
            "generation": generation,
            "trust": seg["trust"],
            "original_ref": seg["original_ref"],
        }
        hit = cache.get(seg["content_hash"])
        if hit and seg["id"] not in force_ids:
            rows[seg["id"]] = (
                base
                | {k: hit[k] for k in ("title", "summary", "questions", "atoms", "project")}
                | {
                    "status": "ok",
                    "error": None,
                    "input_tokens": 0,
                    "output_tokens": 0,
                    "summarized_at": hit["summarized_at"],
                }
            )
            report.reused += 1
            continue
        rows[seg["id"]] = base | {
            "status": "pending",
            "error": "not summarised yet (call budget)",
            "title": None,
            "summary": None,
            "questions": None,
            "atoms": None,
            "project": seg["project_hint"],
            "input_tokens": 0,
            "output_tokens": 0,
            "summarized_at": None,
        }
        req = SummaryRequest(
            segment_id=seg["id"],
            text=seg["text"],
            source=seg["source"],
            title_hint=_titled(seg),
            meta=json.loads(seg["meta"] or "{}"),
        )
        todo.append(req)

    def on_outcome(outcome: Any) -> None:
        row = rows[outcome.segment_id]
        now = datetime.now(UTC)
        if outcome.summary is not None:
            s = outcome.summary
            if not s.project and row.get("project"):
                s.project = row["project"]
            row.update(
                _summary_fields(s),
                status="ok",
                error=None,
                summarized_at=now,
                input_tokens=outcome.input_tokens,
                output_tokens=outcome.output_tokens,
            )
        else:
            error, _ = redactor.redact(outcome.error or "unknown error")
            row.update(status="failed", error=error, summarized_at=now)
        if write:
            staging.append_journal(connector_name, [row])

    budget = max_calls if max_calls is not None else cfg.summarizer.max_calls_per_run
    if todo and provider is None:
        provider = make_summarizer(cfg.summarizer, api_key(cfg))
    batch = summarize_batch(provider, todo, cfg.summarizer.max_concurrency, on_outcome, budget)
    report.calls = batch.calls
    report.failed = batch.failed
    report.pending = batch.skipped_budget
    report.stored = batch.calls - batch.failed
    report.input_chars = batch.input_chars
    report.input_tokens = batch.input_tokens
    report.output_tokens = batch.output_tokens
    report.seconds = batch.seconds
    report.errors = [redactor.redact(e)[0] for e in batch.errors]
    report.failed_ids = sorted(r["segment_id"] for r in rows.values() if r["status"] == "failed")
    s = cfg.summarizer
    if s.price_input_per_mtok is not None or s.price_output_per_mtok is not None:
        report.estimated_cost_usd = round(
            report.input_tokens / 1e6 * (s.price_input_per_mtok or 0)
            + report.output_tokens / 1e6 * (s.price_output_per_mtok or 0),
            6,
        )
    out = list(rows.values())
    report.digest = digest(
        [f"{r['segment_id']}:{r['content_hash']}:{r['generation']}" for r in out if r["status"] == "ok"]
    )
    if write:
        open_rows = sum(r["status"] != "ok" for r in out)
        staging.write_rows(
            "summaries",
            connector_name,
            out,
            SUMMARIES_SCHEMA,
            info={"inputs": inputs, "docs": len(out), "open": open_rows, "digest": report.digest},
        )
        staging.clear_journal(connector_name)
    return out, report


def _titled(seg: dict[str, Any]) -> str | None:
    hint = seg["title_hint"]
    if hint and seg["parts"] > 1:
        return f"{hint} (part {seg['part']}/{seg['parts']})"
    return hint


# ------------------------------------------------------------------------------------ index


def library_items(staging: Staging, partitions: list[str]) -> Any:
    """Every good summary of the given partitions (and every import), with its redacted original."""
    import pandas as pd

    from .library.build import ITEM_COLUMNS

    items = []
    sources = [("summaries", p) for p in partitions] + [("imports", p) for p in staging.partitions("imports")]
    for asset, part in sources:
        originals = (
            {r["id"]: r["text"] for r in staging.read_rows("redacted_segments", part)} if asset == "summaries" else {}
        )
        for row in staging.read_rows(asset, part):
            if row["status"] != "ok":
                continue
            if asset == "imports":
                originals[row["segment_id"]] = row["original"]
            items.append(
                {
                    "source": row["source"],
                    "external_id": row["segment_id"],
                    "session_id": row["session_id"],
                    "occurred_at": row["occurred_at"],
                    "title": row["title"],
                    "summary": row["summary"],
                    "questions": json.loads(row["questions"] or "[]"),
                    "atoms": json.loads(row["atoms"] or "[]"),
                    "project": row["project"],
                    "trust": row["trust"],
                    "original": originals.get(row["segment_id"], ""),
                    "original_ref": row["original_ref"],
                    "content_hash": row["content_hash"],
                }
            )
    return pd.DataFrame(items, columns=ITEM_COLUMNS)


def api_key(cfg: Config) -> str | None:
    return os.environ.get(cfg.summarizer.api_key_env) or None
