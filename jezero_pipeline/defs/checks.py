"""Asset checks that keep the library honest; failures carry the offending ids in metadata."""

from __future__ import annotations

import re

import dagster as dg
import duckdb

from .resources import JezeroResource

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{3,}")


def build_checks(summaries: dg.AssetsDefinition, search_index: dg.AssetsDefinition) -> list[dg.AssetChecksDefinition]:
    @dg.asset_check(asset=summaries, description="Every redacted segment has a summary or a recorded failure.")
    def every_segment_accounted_for(jezero: JezeroResource) -> dg.AssetCheckResult:
        st = jezero.staging
        missing, pending = [], []
        for part in st.partitions("redacted_segments"):
            status = {r["segment_id"]: r["status"] for r in st.read_rows("summaries", part)}
            for r in st.read_rows("redacted_segments", part):
                s = status.get(r["id"])
                if s is None:
                    missing.append(r["id"])
                elif s == "pending":
                    pending.append(r["id"])
        return dg.AssetCheckResult(
            passed=not missing and not pending,
            severity=dg.AssetCheckSeverity.ERROR if missing else dg.AssetCheckSeverity.WARN,
            metadata={
                "missing": len(missing),
                "pending_budget": len(pending),
                "missing_ids": dg.MetadataValue.json(missing[:100]),
                "pending_ids": dg.MetadataValue.json(pending[:100]),
            },
        )

    @dg.multi_asset_check(
        specs=[
            dg.AssetCheckSpec(
                "row_count_matches_summaries",
                asset=search_index,
                description="Library rows equal the good summaries of every partition.",
            ),
            dg.AssetCheckSpec(
                "sanity_search_returns_results",
                asset=search_index,
                description="A word of the newest title finds that item.",
            ),
            dg.AssetCheckSpec(
                "no_secret_in_library",
                asset=search_index,
                description="No redaction detector fires on any stored text.",
            ),
        ],
    )
    def library_checks(jezero: JezeroResource):
        from ..library.reader import Library

        cfg = jezero.config
        st = jezero.staging
        expected = sum(
            1 for p in (c.name for c in cfg.connectors) for r in st.read_rows("summaries", p) if r["status"] == "ok"
        )
        path = cfg.library_path
        if not path.exists():
            for name in ("row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library"):
                yield dg.AssetCheckResult(check_name=name, passed=False, metadata={"error": f"{path} missing"})
            return
        con = duckdb.connect(str(path), read_only=True)
        try:
            rows = con.execute(
                "select id, title, summary, cast(questions as varchar), cast(atoms as varchar), original, project "
                "from items order by occurred_at desc, id"
            ).fetchall()
        finally:
            con.close()
        yield dg.AssetCheckResult(
            check_name="row_count_matches_summaries",
            passed=len(rows) == expected,
            metadata={"library_rows": len(rows), "good_summaries": expected},
        )
        if rows:
            words = _WORD.findall(rows[0][1] or "") or _WORD.findall(rows[0][2] or "")
            query = words[0] if words else ""
            hits = Library(path, cfg.search).search(query)["results"] if query else []
            found = any(h["id"] == rows[0][0] for h in hits)
            yield dg.AssetCheckResult(
                check_name="sanity_search_returns_results",
                passed=found,
                metadata={"query": query, "hits": len(hits), "expected_id": rows[0][0]},
            )
        else:
            yield dg.AssetCheckResult(
                check_name="sanity_search_returns_results", passed=expected == 0, metadata={"note": "empty library"}
            )
        offenders = [r[0] for r in rows if any(jezero.redactor.spans(v) for v in r[1:] if v)]
        yield dg.AssetCheckResult(
            check_name="no_secret_in_library",
            passed=not offenders,
            metadata={"offenders": len(offenders), "offending_ids": dg.MetadataValue.json(offenders[:100])},
        )

    return [every_segment_accounted_for, library_checks]
