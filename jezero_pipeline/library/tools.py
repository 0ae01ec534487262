"""The library's tools besides search: one item, the timeline, what came later, the sources,
the stats, and batches of every item for the checks' scans.

Each reads one snapshot (snapshot.py) through its `live_items` and `live_originals` views, so
its counts are those of the live items (the base's less the tombstones, plus the delta's),
and returns the typed dicts of `answers.py`. The reader (`Library`) checks the arguments and
holds the snapshot for the call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from .answers import ItemAnswer, LaterAnswer, SourcesAnswer, StatsAnswer, TimelineAnswer
from .items import ORIGINAL, Item, item_out
from .query import QueryError, filters, iso, parse_query
from .search import Candidate, Search, rows_of
from .snapshot import Snapshot

LATER_POOL = 50
LATER_MIN_SHARE = 0.3  # keep `later` hits scoring at least this share of the item's own score
LATER_CLOSEST = 2  # the closest later items always stay
ORIGINALS_FETCH = 1_000  # chunk rows per fetch when joining originals back


def get_item(snap: Snapshot, item_id: int, include_original: bool) -> ItemAnswer:
    """One live item by id; its original only when asked for."""
    rows = rows_of(snap.con, "SELECT * FROM live_items WHERE id = ?", [item_id])
    if include_original:
        with_originals(snap, rows, "id = ?", [item_id])
    if not rows:
        return {"found": False, "item": None}
    return {"found": True, "item": item_out(rows[0], include_original)}


def timeline(snap: Snapshot, where: str, params: list, n: int) -> TimelineAnswer:
    """The newest `n` live items passing `where`, newest first, copies removed."""
    results = [item_out(r) for r in timeline_rows(snap, where, params, n)]
    return {"count": len(results), "results": results}


def timeline_rows(snap: Snapshot, where: str, params: list, n: int) -> list[dict[str, Any]]:
    """The newest `n` are chosen over ids, times and copy keys alone, then only they are read
    whole: a window over every column of every item held them all (a timeline command on the
    10,000-session bench library peaked at 197 MB RSS, now 138; with a project filter, 155 and 133)."""
    ids = [
        i
        for (i,) in snap.con.execute(
            f"""SELECT i.id FROM live_items i WHERE {where}
                QUALIFY row_number() OVER (
                    PARTITION BY coalesce(nullif(i.original_ref, ''), i.source), i.external_id
                    ORDER BY i.occurred_at DESC, i.id) = 1
                ORDER BY i.occurred_at DESC, i.id DESC LIMIT ?""",
            params + [n],
        ).fetchall()
    ]
    if not ids:
        return []
    return rows_of(snap.con, f"SELECT * FROM ({snap.items_by_id_sql(ids)}) ORDER BY occurred_at DESC, id DESC")


def later(search: Search, item_id: int, query: str | None, n: int) -> LaterAnswer:
    """Newer items on the same subject in the same project, else the project's timeline.

    Searches after the item's date in its project (its source if it has none) for the query
    (default: the item's title), recency ignored; keeps hits scoring at least 30 % of what the
    item itself scores for that query (of the best hit's, when the item does not match it): a
    later item that shares a word or two of the title ("fix", "build") is not on its subject.
    The 2 closest in time always stay, the rest of the room goes to the newest; newest first.
    Nothing found: the project's later items, `matched_by="project_timeline"`.
    """
    snap = search.snap
    rows = rows_of(snap.con, "SELECT * FROM live_items WHERE id = ?", [item_id])
    if not rows:
        return {"found": False, "item": None, "matched_by": None, "count": 0, "later": []}
    base = rows[0]
    scope = {"project": base["project"]} if base["project"] else {"source": base["source"]}
    where, params = filters(**scope, after=base["occurred_at"])
    text = query if query and query.strip() else (base["title"] or "")
    hits: list[Candidate] = []
    stems: list[str] = []
    try:
        qterms, lists = search.plan_terms(parse_query(text))
        stems = sorted({s for q in qterms for s in q.stems})
        found = search.candidates(qterms, where, params, lists, LATER_POOL, exclude_id=item_id)
        hits = search.rerank(found, 0.0)
        _, own = search.candidates(qterms, "i.id = ?", [item_id], lists, 1)
        own_score = float(own[0]) if len(own) else 0.0
    except QueryError:
        hits, own_score = [], 0.0
    own_copy = search.copy_of(item_id)
    hits = [h for h in hits if h.copy != own_copy]
    if hits:
        bar = own_score or max(h.relevance for h in hits)
        hits = [h for h in hits if h.relevance >= LATER_MIN_SHARE * bar]
    later: list[Item] = []
    if hits:
        by_time = sorted(hits, key=lambda h: (h.occurred_at, h.id))
        keep = by_time[:LATER_CLOSEST]
        rest = by_time[LATER_CLOSEST:]
        keep += rest[::-1][: max(n - len(keep), 0)]
        keep = keep[:n]
        keep.sort(key=lambda h: (h.occurred_at, h.id), reverse=True)
        items = search.fetch_items([h.id for h in keep], stems)
        for h in keep:
            item = items[h.id]
            item["score"] = round(h.score, 6)
            later.append(item)
        matched_by = "subject"
    else:
        own_key = _copy_key(base)
        rows = [r for r in timeline_rows(snap, where, params, n + 1) if r["id"] != item_id and _copy_key(r) != own_key]
        later = [item_out(r) for r in rows[:n]]
        matched_by = "project_timeline"
    return {
        "found": True,
        "item": {"id": item_id, "occurred_at": iso(base["occurred_at"])},
        "matched_by": matched_by,
        "count": len(later),
        "later": later,
    }


def list_sources(snap: Snapshot) -> SourcesAnswer:
    """Each source with its live item count and latest item date."""
    rows = rows_of(
        snap.con,
        "SELECT source, count(*) AS items, max(occurred_at) AS latest FROM live_items GROUP BY source ORDER BY source",
    )
    sources = [{"source": r["source"], "items": int(r["items"]), "latest": iso(r["latest"])} for r in rows]
    return {"count": len(sources), "sources": sources}


def stats(snap: Snapshot, path: Path, size: int) -> StatsAnswer:
    """Counts over the live items and the base's build facts; `size`: the files' bytes."""
    (row,) = rows_of(
        snap.con,
        "SELECT count(*) AS items, count(DISTINCT source) AS sources, count(DISTINCT project) AS projects, "
        "min(occurred_at) AS first, max(occurred_at) AS last, max(id) AS max_id FROM live_items",
    )
    kinds = rows_of(
        snap.con,
        "SELECT a.kind AS kind, count(*) AS n FROM (SELECT unnest(atoms) AS a FROM live_items) "
        "GROUP BY a.kind ORDER BY a.kind",
    )
    trust = rows_of(snap.con, "SELECT trust, count(*) AS n FROM live_items GROUP BY trust ORDER BY trust")
    return {
        "path": str(path),
        "bytes": size,
        "items": int(row["items"]),
        "sources": int(row["sources"]),
        "projects": int(row["projects"]),
        "first": iso(row["first"]),
        "last": iso(row["last"]),
        "max_id": row["max_id"],
        "atoms_by_kind": {k["kind"]: int(k["n"]) for k in kinds},
        "items_by_trust": {t["trust"]: int(t["n"]) for t in trust},
        "schema_version": snap.meta.get("schema_version"),
        "built_at": snap.meta.get("built_at"),
        "tokenizer": snap.meta.get("tokenizer"),
        "delta_items": snap.delta_items,
    }


def live_ids(snap: Snapshot) -> np.ndarray:
    """The live items' ids, in id order."""
    return snap.con.execute("SELECT id FROM live_items ORDER BY id").fetchnumpy()["id"]


def newest_item(snap: Snapshot) -> Item | None:
    """The item that happened last (of a tie, the lowest id); None in an empty library."""
    rows = rows_of(snap.con, "SELECT * FROM live_items ORDER BY occurred_at DESC, id LIMIT 1")
    return item_out(rows[0]) if rows else None


def items_batch(
    snap: Snapshot, where: str, params: list, include_original: bool, original_digest: bool
) -> list[dict[str, Any]]:
    """The live items WHERE `where` as rows, in id order, with their originals and digests when asked."""
    rows = rows_of(snap.con, f"SELECT * FROM live_items WHERE {where} ORDER BY id", params)
    if include_original:
        with_originals(snap, rows, where, params)
    if original_digest:
        with_original_digests(snap, rows, where, params)
    return rows


def with_originals(snap: Snapshot, rows: list[dict[str, Any]], where: str, params: list | None = None) -> None:
    """Set each row's `original`, joined from its chunks among the live originals WHERE `where`.

    The chunks are joined here, not by a `string_agg`: an aggregate holds a whole batch of
    originals inside DuckDB, which a lean reader's memory limit cannot always give.
    """
    cur = snap.con.execute(f"SELECT id, n, chunk FROM live_originals WHERE {where}", params or [])
    chunks: dict[int, list[tuple[int, str]]] = {}
    while part := cur.fetchmany(ORIGINALS_FETCH):
        for item_id, n, chunk in part:
            chunks.setdefault(item_id, []).append((n, chunk))
    for row in rows:
        pieces = chunks.get(row["id"])
        row[ORIGINAL] = None if pieces is None else "".join(c for _, c in sorted(pieces))


def with_original_digests(snap: Snapshot, rows: list[dict[str, Any]], where: str, params: list) -> None:
    """Set each row's `original_digest`: an md5 over its chunks' md5s in order ("" when it has
    no original), computed by DuckDB."""
    sql = f"SELECT id, md5(string_agg(md5(chunk), '' ORDER BY n)) FROM live_originals WHERE {where} GROUP BY id"
    found = dict(snap.con.execute(sql, params).fetchall())
    for row in rows:
        row["original_digest"] = found.get(row["id"], "")


def _copy_key(row: dict[str, Any]) -> tuple[str, str]:
    """Copies of one segment read from two sources share original_ref and external_id."""
    return (row.get("original_ref") or row["source"], row["external_id"])
