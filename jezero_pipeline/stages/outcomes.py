"""What the stages report to Dagster, as plain data: each partition's materialisation (its
figures and code version) and the checks' outcomes.

A run's step turns these into its Dagster results; a command writes them to its record file
(staging/records.py), which Dagster reports later (defs/record.py). Both read this one
description, so a partition looks the same in the UI whichever of the two computed it. Values
are JSON: numbers, strings, flags, and `{"md": ...}` / `{"json": ...}` / `{"path": ...}` /
`{"url": ...}` for the typed ones.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..models import Partition
from ..staging.tables import RAW_SESSIONS, REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace
from .index import LibraryRefresh
from .inspect import Inspection

STAGE_VERSION = "2"  # the code version of every stage but summaries: bump when a stage's output changes
CODE_VERSION_TAG = "dagster/code_version"  # the tag a materialisation's code version is read from
LIBRARY = "search_index"  # the library's asset
EMBEDDINGS = "embeddings"  # the vectors of the library's items (stages/embed.py)
NO_SECRET_LEFT, EVERY_SEGMENT = "no_secret_left", "every_segment_accounted_for"
ROW_COUNT, SANITY_SEARCH, NO_SECRET_IN_LIBRARY = (
    "row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library")  # fmt: skip


@dataclass
class Materialization:
    asset: str
    partition: str | None
    metadata: dict[str, Any]
    tags: dict[str, str] = field(default_factory=dict)


@dataclass
class CheckOutcome:
    asset: str
    name: str
    passed: bool
    metadata: dict[str, Any] = field(default_factory=dict)
    warn_only: bool = False  # a failure is a warning (budget deferrals and failed calls retry next run)


def as_record(outcome: Materialization | CheckOutcome) -> dict[str, Any]:
    return {"kind": type(outcome).__name__, **asdict(outcome)}


def from_record(record: dict[str, Any]) -> Materialization | CheckOutcome:
    kind = record.pop("kind")
    return Materialization(**record) if kind == "Materialization" else CheckOutcome(**record)


def partition_materialization(ws: Workspace, stage: str, part: Partition, report: Any) -> Materialization:
    """One partition of one stage: its figures, and the code version it is on."""
    meta: dict[str, Any] = dict(report.as_metadata())
    if stage == RAW_SESSIONS.name and report.warnings:
        warnings = [ws.redactor.redact(w)[0] for w in report.warnings[:50]]
        meta["skipped_reasons"] = {"md": "\n".join(f"- {w}" for w in warnings)}
    if stage == SUMMARIES.name:
        meta.update({
            "generation": ws.generation, "provider": ws.cfg.summarizer.provider,
            "model": ws.cfg.summarizer.model or "", "old_generation_summaries": report.old_generation(ws.generation),
            "generations": {"json": report.generations},
        })  # fmt: skip
        if report.failed_ids:
            meta["failed_ids"] = {"json": report.failed_ids[:200]}
        if report.waiting_on:  # the UI's partition page: its summaries wait on these batches
            meta["waiting_on_batch"] = ", ".join(report.waiting_on)
        if report.landed_from:
            meta["landed_from_batch"] = ", ".join(report.landed_from)
    tags = {CODE_VERSION_TAG: code_version(ws, stage, [report]), **partition_tags(part)}
    return Materialization(stage, part.key, meta, tags)


def code_version(ws: Workspace, stage: str, reports: list[Any]) -> str:
    """The code version these partitions are really on: for summaries, the current generation
    only when every summary is, else the oldest other one, so the UI keeps them unsynced until a
    re-summarise; for the other stages, STAGE_VERSION."""
    if stage != SUMMARIES.name:
        return STAGE_VERSION
    others = sorted({g for rep in reports for g in rep.generations if g != ws.generation})
    return others[0] if others else ws.generation


def partition_tags(part: Partition) -> dict[str, str]:
    """The per-dimension tags a run puts on a multi-partitioned asset's materialisation (the UI's
    partition grid reads them); a reported materialisation carries only those it is given."""
    return {"dagster/partition/connector": part.connector, "dagster/partition/day": part.day}


def summaries_checks(reports: list[Any], extra: dict[str, Any]) -> list[CheckOutcome]:
    """The blocking secret check before every model call, and every segment accounted for."""
    withheld = extra.get("withheld_ids", [])
    failed = sorted(i for rep in reports for i in rep.failed_ids)
    pending = sum(rep.pending_budget for rep in reports)
    waiting = sum(rep.waiting_batch for rep in reports)
    return [
        CheckOutcome(
            REDACTED_SEGMENTS.name,
            NO_SECRET_LEFT,
            not withheld,
            {
                "scanned_segments": extra.get("scanned_segments", 0),
                "offenders": len(withheld),
                "offending_ids": {"json": withheld[:100]},
            },
        ),  # fmt: skip
        CheckOutcome(
            SUMMARIES.name,
            EVERY_SEGMENT,
            not failed and not pending,
            {
                "failed": len(failed),
                "pending_budget": pending,
                "waiting_batch": waiting,
                "failed_ids": {"json": failed[:100]},
            },  # fmt: skip
            warn_only=True,
        ),  # fmt: skip
    ]


def library_materialization(ws: Workspace, done: LibraryRefresh) -> Materialization:
    web = ws.cfg.web.public_url
    meta = {
        "path": {"path": str(ws.library_path)},
        **({"web": {"url": web}} if web else {}),
        **{k: v for k, v in done.as_metadata().items() if isinstance(v, (int, float)) and not isinstance(v, bool)},
        "mode": done.report.mode,  # unchanged, delta, merge or full
        **({"published": done.published} if done.published else {}),
    }
    return Materialization(LIBRARY, None, meta, {CODE_VERSION_TAG: STAGE_VERSION})


def embeddings_materialization(ws: Workspace, done: Any) -> Materialization:
    """The embeddings asset's materialisation: an embed stage's report (stages/embed.py); its
    code version is the model's key, so a model change shows the vectors as unsynced."""
    meta = {k: v for k, v in done.as_metadata().items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    meta["model"] = done.model or "none"
    if done.notice:
        meta["notice"] = done.notice
    return Materialization(EMBEDDINGS, None, meta, {CODE_VERSION_TAG: done.model or "none"})


def library_checks(ws: Workspace, found: Inspection | None) -> list[CheckOutcome]:
    """The library's checks, from its inspection: rows, a sanity search, no secret stored."""
    if found is None or not found.exists:
        note = {"error": f"{ws.library_path} missing"}
        return [CheckOutcome(LIBRARY, n, False, note) for n in (ROW_COUNT, SANITY_SEARCH, NO_SECRET_IN_LIBRARY)]
    if found.newest_id is None:
        sanity = CheckOutcome(LIBRARY, SANITY_SEARCH, found.expected == 0, {"note": "empty library"})
    else:
        sanity = CheckOutcome(LIBRARY, SANITY_SEARCH, found.newest_id in found.hits, {
            "query": found.query or "", "hits": len(found.hits), "expected_id": found.newest_id})  # fmt: skip
    return [
        CheckOutcome(
            LIBRARY,
            ROW_COUNT,
            found.rows == found.expected,
            {"library_rows": found.rows, "expected_rows": found.expected},
        ),  # fmt: skip
        sanity,
        CheckOutcome(
            LIBRARY,
            NO_SECRET_IN_LIBRARY,
            not found.offenders,
            {"offenders": len(found.offenders), "offending_ids": {"json": found.offenders[:100]}},
        ),  # fmt: skip
    ]
