"""What a stage's results look like in Dagster, for a run's step and a command's records alike:
each partition's metadata and tags, and the checks' outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import dagster as dg

from ..engine.pipeline import COLLECT, REDACT, SUMMARIZE, StageDone
from ..models import Partition
from ..stages.index import LibraryRefresh
from ..stages.inspect import Inspection
from ..stages.summarize import SummarizeReport
from ..workspace import Workspace

STAGE_VERSION = "2"  # the code version of every stage but summaries: bump when a stage's output changes
CODE_VERSION_TAG = "dagster/code_version"  # the tag Dagster reads a materialisation's code version from
NO_SECRET_LEFT, EVERY_SEGMENT = "no_secret_left", "every_segment_accounted_for"
ROW_COUNT, SANITY_SEARCH, NO_SECRET_IN_LIBRARY = (
    "row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library")  # fmt: skip


def partition_metadata(ws: Workspace, stage: str, report: Any) -> dict[str, Any]:
    """One partition's figures, as the asset's materialisation of that partition records them."""
    meta: dict[str, Any] = dict(report.as_metadata())
    if stage == COLLECT and report.warnings:
        warnings = [ws.redactor.redact(w)[0] for w in report.warnings[:50]]
        meta["skipped_reasons"] = dg.MetadataValue.md("\n".join(f"- {w}" for w in warnings))
    if stage == SUMMARIZE:
        meta.update({
            "generation": ws.generation, "provider": ws.cfg.summarizer.provider,
            "model": ws.cfg.summarizer.model or "", "old_generation_summaries": report.old_generation(ws.generation),
            "generations": dg.MetadataValue.json(report.generations),
        })  # fmt: skip
        if report.failed_ids:
            meta["failed_ids"] = dg.MetadataValue.json(report.failed_ids[:200])
    return meta


def code_version(ws: Workspace, stage: str, reports: list[Any]) -> str:
    """The code version these partitions are really on: for summaries, the current generation
    only when every summary is, else the oldest other one, so the UI keeps them unsynced until a
    re-summarise; for the other stages, STAGE_VERSION."""
    if stage != SUMMARIZE:
        return STAGE_VERSION
    others = sorted({g for rep in reports for g in rep.generations if g != ws.generation})
    return others[0] if others else ws.generation


def partition_tags(part: Partition) -> dict[str, str]:
    """The per-dimension tags a run puts on a multi-partitioned asset's materialisation (the UI's
    partition grid reads them); a reported materialisation carries only those it is given."""
    return {"dagster/partition/connector": part.connector, "dagster/partition/day": part.day}


@dataclass
class CheckOutcome:
    """One asset check's result, as a step yields it or a command reports it."""

    asset: str
    name: str
    passed: bool
    metadata: dict[str, Any] = field(default_factory=dict)
    severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR

    def result(self) -> dg.AssetCheckResult:
        return dg.AssetCheckResult(asset_key=self.asset, check_name=self.name, passed=self.passed,
                                   metadata=self.metadata, severity=self.severity)  # fmt: skip

    def evaluation(self) -> dg.AssetCheckEvaluation:
        return dg.AssetCheckEvaluation(asset_key=dg.AssetKey(self.asset), check_name=self.name, passed=self.passed,
                                       metadata=self.metadata, severity=self.severity)  # fmt: skip


def summaries_checks(done: StageDone) -> list[CheckOutcome]:
    """The blocking secret check before every model call, and every segment accounted for."""
    withheld = done.extra.get("withheld_ids", [])
    reports: list[SummarizeReport] = list(done.reports.values())
    failed = sorted(i for rep in reports for i in rep.failed_ids)
    pending = sum(rep.pending_budget for rep in reports)
    return [
        CheckOutcome(
            REDACT,
            NO_SECRET_LEFT,
            not withheld,
            {
                "scanned_segments": done.extra.get("scanned_segments", 0),
                "offenders": len(withheld),
                "offending_ids": dg.MetadataValue.json(withheld[:100]),
            },
        ),  # fmt: skip
        CheckOutcome(
            SUMMARIZE,
            EVERY_SEGMENT,
            not failed and not pending,
            {"failed": len(failed), "pending_budget": pending, "failed_ids": dg.MetadataValue.json(failed[:100])},
            dg.AssetCheckSeverity.WARN,
        ),  # fmt: skip
    ]


def library_metadata(ws: Workspace, done: LibraryRefresh) -> dict[str, Any]:
    web = ws.cfg.web.public_url
    return {
        "path": dg.MetadataValue.path(str(ws.library_path)),
        **({"web": dg.MetadataValue.url(web)} if web else {}),
        **{k: v for k, v in done.as_metadata().items() if isinstance(v, (int, float)) and not isinstance(v, bool)},
        "mode": done.report.mode,  # unchanged, delta, merge or full
        **({"published": done.published} if done.published else {}),
    }


def library_checks(ws: Workspace, found: Inspection | None, asset: str = "search_index") -> list[CheckOutcome]:
    """The library's checks, from its inspection: rows, a sanity search, no secret stored."""
    if found is None or not found.exists:
        note = {"error": f"{ws.library_path} missing"}
        return [CheckOutcome(asset, n, False, note) for n in (ROW_COUNT, SANITY_SEARCH, NO_SECRET_IN_LIBRARY)]
    if found.newest_id is None:
        sanity = CheckOutcome(asset, SANITY_SEARCH, found.expected == 0, {"note": "empty library"})
    else:
        sanity = CheckOutcome(asset, SANITY_SEARCH, found.newest_id in found.hits, {
            "query": found.query or "", "hits": len(found.hits), "expected_id": found.newest_id})  # fmt: skip
    return [
        CheckOutcome(
            asset,
            ROW_COUNT,
            found.rows == found.expected,
            {"library_rows": found.rows, "expected_rows": found.expected},
        ),  # fmt: skip
        sanity,
        CheckOutcome(
            asset,
            NO_SECRET_IN_LIBRARY,
            not found.offenders,
            {"offenders": len(found.offenders), "offending_ids": dg.MetadataValue.json(found.offenders[:100])},
        ),  # fmt: skip
    ]
