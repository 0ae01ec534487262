"""Asset checks on the library; each failure names what is wrong in its metadata.

(The summaries checks, no_secret_left and every_segment_accounted_for, are computed by the
pipeline step itself from the run's own partitions; see assets.py.)
"""

from __future__ import annotations

import re

import dagster as dg

from ..library.fts import STOPWORDS
from ..stages import index
from ..workspace import Workspace
from .resources import JezeroResource

_WORD = re.compile(r"[^\W_][\w]{2,}", re.UNICODE)


def expected_items(ws: Workspace) -> int:
    """Good summaries and imported items of every partition the library is built from."""
    return index.expected_items(ws)


def sanity_query(title: str | None, summary: str | None) -> str | None:
    """A word the index keeps (not a stopword, three characters or more) from the title, else
    the summary: searching it must find the item it came from."""
    for text in (title or "", summary or ""):
        words = [w for w in _WORD.findall(text) if w.lower() not in STOPWORDS]
        if words:
            return max(words, key=len)
    return None


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
        import duckdb  # lazy: only the checks open the library here

        from ..library.query import Library  # lazy: as above

        ws = jezero.workspace
        path = ws.library_path
        if not path.exists():
            for name in ("row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library"):
                yield dg.AssetCheckResult(check_name=name, passed=False, metadata={"error": f"{path} missing"})
            return
        expected = expected_items(ws)
        con = duckdb.connect(str(path), read_only=True)
        try:
            (rows,) = con.execute("select count(*) from items").fetchone()
            newest = con.execute(
                "select id, title, summary from items order by occurred_at desc, id limit 1"
            ).fetchone()
            offenders: list[int] = []
            cur = con.execute(
                "select id, title, summary, cast(questions as varchar), cast(atoms as varchar), original, project "
                "from items order by id"
            )
            while batch := cur.fetchmany(2000):
                offenders.extend(r[0] for r in batch if any(ws.redactor.spans(v) for v in r[1:] if v))
        finally:
            con.close()
        yield dg.AssetCheckResult(
            check_name="row_count_matches_summaries",
            passed=rows == expected,
            metadata={"library_rows": rows, "expected_rows": expected},
        )
        if newest is None:
            yield dg.AssetCheckResult(check_name="sanity_search_returns_results", passed=expected == 0,
                                      metadata={"note": "empty library"})  # fmt: skip
        else:
            query = sanity_query(newest[1], newest[2])
            hits = Library(path, ws.cfg.search).search(query)["results"] if query else []
            yield dg.AssetCheckResult(
                check_name="sanity_search_returns_results",
                passed=any(h["id"] == newest[0] for h in hits),
                metadata={"query": query or "", "hits": len(hits), "expected_id": newest[0]},
            )
        yield dg.AssetCheckResult(
            check_name="no_secret_in_library",
            passed=not offenders,
            metadata={"offenders": len(offenders), "offending_ids": dg.MetadataValue.json(offenders[:100])},
        )

    return [library_checks]
