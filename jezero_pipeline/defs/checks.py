"""Asset checks on the library; each failure names what is wrong in its metadata.

The checks only report: one pass over the library (stages/inspect.py) gathers what they need.

(The summaries checks, no_secret_left and every_segment_accounted_for, are computed by the
pipeline step itself from the run's own partitions; see assets.py.)
"""

from __future__ import annotations

import dagster as dg

from ..stages.inspect import inspect
from .resources import JezeroResource


def build_checks(search_index: dg.AssetsDefinition) -> list[dg.AssetChecksDefinition]:
    @dg.multi_asset_check(
        specs=[
            dg.AssetCheckSpec(
                "row_count_matches_summaries",
                asset=search_index,
                description="Library rows equal the good summaries and imported items in staging.",
            ),
            dg.AssetCheckSpec(
                "sanity_search_returns_results",
                asset=search_index,
                description="A word of the newest item's title finds that item.",
            ),
            dg.AssetCheckSpec(
                "no_secret_in_library",
                asset=search_index,
                description="No redaction detector fires on any stored text.",
            ),
        ],  # fmt: skip
    )
    def library_checks(jezero: JezeroResource):
        ws = jezero.workspace
        found = inspect(ws)
        if not found.exists:
            for name in ("row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library"):
                yield dg.AssetCheckResult(
                    check_name=name, passed=False, metadata={"error": f"{ws.library_path} missing"}
                )
            return
        yield dg.AssetCheckResult(
            check_name="row_count_matches_summaries",
            passed=found.rows == found.expected,
            metadata={"library_rows": found.rows, "expected_rows": found.expected},
        )
        if found.newest_id is None:
            yield dg.AssetCheckResult(check_name="sanity_search_returns_results", passed=found.expected == 0,
                                      metadata={"note": "empty library"})  # fmt: skip
        else:
            yield dg.AssetCheckResult(
                check_name="sanity_search_returns_results",
                passed=found.newest_id in found.hits,
                metadata={"query": found.query or "", "hits": len(found.hits), "expected_id": found.newest_id},
            )
        yield dg.AssetCheckResult(
            check_name="no_secret_in_library",
            passed=not found.offenders,
            metadata={"offenders": len(found.offenders), "offending_ids": dg.MetadataValue.json(found.offenders[:100])},
        )

    return [library_checks]
