"""Read the library: search, get_item, timeline, later, list_sources, stats.

`Library` holds one read-only connection to the library's base file (with the delta
attached when there is one) and reopens it when either file was swapped. The base is
ATTACHed to a private in-memory database, never opened with `duckdb.connect(path)`: DuckDB
caches one database per path and process, so a second reader (or the writer's look at the
current library) would get the first one's database, still reading the file it replaced. Opening checks that
the two belong together (the delta names its base's generation) and that the base did not
change meanwhile, so a search always reads one whole library, never a base with another's
delta. Every method returns the typed dicts of `answers.py` (JSON-ready) for the CLI's
`--json` and the MCP server.

Ranking (jezero-behaviour §5, plus the original text and identifier parts): BM25F over the
query's own terms (ranking.py), read from the stored postings (index.py); the best
`candidate_pool` are re-ranked: relevance * ((1 - w) + w * 0.5^(age/half_life)), then copies
of one segment (same original_ref or source, and external_id) collapse to one.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from ..config import SearchConfig
from . import ranking
from .answers import (
    ExplainAnswer,
    Item,
    ItemAnswer,
    LaterAnswer,
    SearchAnswer,
    SourcesAnswer,
    StatsAnswer,
    TimelineAnswer,
)
from .build import delta_path
from .fts import load_fts
from .index import Postings, Segment, SegmentIndex
from .items import PUBLIC_COLUMNS, item_out
from .query import (
    MIN_AFFIX_CHARS,
    Affix,
    LibraryMissing,
    QueryError,
    QueryTerm,
    affixes_needed,
    check_id,
    check_limit,
    filters,
    iso,
    parse_query,
    plan,
)

LATER_DEFAULT_LIMIT = 5
LATER_POOL = 50
LATER_MIN_SHARE = 0.3  # keep `later` hits scoring at least this share of the best one
LATER_CLOSEST = 2  # the closest later items always stay
TIMELINE_DEFAULT_LIMIT = 20
OPEN_ATTEMPTS = 50  # a writer swaps files in milliseconds; a reader retries meanwhile
SYNC_SECONDS = 15.0  # how often a reader of a published library asks whether it changed
LEAN_MEMORY = "128MB"  # DuckDB block cache of a lean reader
ORIGINALS_FETCH = 1_000  # chunk rows per fetch when joining originals back

_EPOCH = datetime(1970, 1, 1)


@dataclass
class _Candidate:
    id: int
    relevance: float
    occurred_at: datetime
    copy: int
    score: float = 0.0


def _stat_key(path: Path) -> tuple | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _quote(path: Path) -> str:
    return str(path).replace("'", "''")


class Library:
    """A read-only view of the library that follows atomic swaps of its files.

    Calls are serialised by a lock: a DuckDB connection is not for concurrent use.
    """

    def __init__(
        self,
        path: Path,
        search_cfg: SearchConfig | None = None,
        now: Callable[[], datetime] | None = None,
        sync: Callable[[], Any] | None = None,
        lean: bool = False,
    ):
        """`sync`: brings the local files up to date with a published library (staging on object
        storage); called before a call at most every SYNC_SECONDS, never during one.
        `lean`: for a reader used once (the checks): DuckDB's block cache capped at LEAN_MEMORY
        and no postings held in memory, so its memory stays flat in the library's size; a
        long-lived reader (MCP, web) keeps both for speed."""
        self.path = Path(path)
        self._lean = lean
        self._sync = sync
        self._synced_at = float("-inf")
        self.delta_path = delta_path(self.path)
        self.cfg = search_cfg or SearchConfig()
        self._now = now or (lambda: datetime.now(UTC))
        self._lock = threading.RLock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._key: tuple | None = None
        self._index: SegmentIndex | None = None
        self._meta: dict[str, str] = {}
        self._delta_items = 0
        self._has_delta = False
        self._norms: dict[float, np.ndarray] = {}
        self._pinned = 0  # >0 while one call runs: all its queries read the same files

    # -- connection

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
            self._con, self._key, self._index = None, None, None

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _snapshot(self) -> Iterator[SegmentIndex]:
        """Hold the lock and one library for a whole call, even if a refresh swaps files meanwhile."""
        with self._lock:
            self._connection()
            self._pinned += 1
            try:
                assert self._index is not None
                yield self._index
            finally:
                self._pinned -= 1

    def _connection(self) -> duckdb.DuckDBPyConnection:
        if self._pinned and self._con is not None:
            return self._con
        if self._sync is not None and time.monotonic() - self._synced_at >= SYNC_SECONDS:
            self._synced_at = time.monotonic()
            try:
                self._sync()
            except Exception:  # the store is unreachable: keep serving the local copy
                pass
        key = (_stat_key(self.path), _stat_key(self.delta_path))
        if key[0] is None:
            self.close()
            raise LibraryMissing(f"no library at {self.path}: build it first (jezero-pipeline run)")
        if self._con is not None and key == self._key:
            return self._con
        self.close()
        for _ in range(OPEN_ATTEMPTS):
            opened = self._open()
            if opened is not None:
                self._con, self._key = opened
                return self._con
            time.sleep(0.01)
        raise QueryError(f"{self.path}: the library kept changing while it was opened; try again")

    def _open(self) -> tuple[duckdb.DuckDBPyConnection, tuple] | None:
        """Open base and delta as one library; None when a swap happened meanwhile (retry)."""
        before = _stat_key(self.path)
        if before is None:
            raise LibraryMissing(f"no library at {self.path}: build it first (jezero-pipeline run)")
        con = duckdb.connect(":memory:")
        if self._lean:
            con.execute(f"SET memory_limit = '{LEAN_MEMORY}'")
        try:
            con.execute(f"ATTACH '{_quote(self.path)}' AS lib (READ_ONLY)")
        except duckdb.IOException:
            con.close()
            return None
        try:
            con.execute("USE lib")  # `main.items` is the base's; macros resolve in it
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            generation = int(meta.get("generation", 0))
            delta_key = _stat_key(self.delta_path)
            has_delta = False
            if delta_key is not None:
                try:
                    con.execute(f"ATTACH '{_quote(self.delta_path)}' AS delta (READ_ONLY)")
                except duckdb.Error:
                    con.close()
                    return None  # removed between stat and attach
                dmeta = dict(con.execute("SELECT key, value FROM delta.meta").fetchall())
                base_of_delta = int(dmeta.get("base_generation", -1))
                if base_of_delta > generation:
                    con.close()
                    return None  # a newer base is being swapped in
                if base_of_delta < generation:
                    con.execute("DETACH delta")  # stale: the base already holds it
                    delta_key = None
                else:
                    has_delta = True
                    self._delta_items = int(dmeta.get("items", 0))
            if _stat_key(self.path) != before:
                con.close()
                return None
            load_fts(con)
            self._open_index(con, meta, has_delta)
        except BaseException:
            con.close()
            raise
        return con, (before, delta_key)

    def _open_index(self, con: duckdb.DuckDBPyConnection, meta: dict[str, str], has_delta: bool) -> None:
        self._meta = meta
        self._has_delta = has_delta
        self._norms = {}
        (base_docs,) = con.execute("SELECT count(*) FROM main.doclen").fetchone()
        segments = [Segment("main", 0, int(base_docs))]
        dead = np.zeros(0, dtype=np.int64)
        if has_delta:
            (delta_docs,) = con.execute("SELECT count(*) FROM delta.doclen").fetchone()
            segments.append(Segment("delta", int(base_docs), int(delta_docs)))
            dead = np.asarray(con.execute("SELECT id FROM delta.tombstones").fetchnumpy()["id"], dtype=np.int64)
            for view, table in (("live_items", "items"), ("live_originals", "originals")):
                con.execute(
                    f"CREATE OR REPLACE TEMP VIEW {view} AS SELECT * FROM main.{table} "
                    f"WHERE id NOT IN (SELECT id FROM delta.tombstones) UNION ALL SELECT * FROM delta.{table}"
                )
        else:
            self._delta_items = 0
            con.execute("CREATE OR REPLACE TEMP VIEW live_items AS SELECT * FROM main.items")
            con.execute("CREATE OR REPLACE TEMP VIEW live_originals AS SELECT * FROM main.originals")
        self._index = SegmentIndex(con, segments, dead, hold_postings=not self._lean)

    def _rows(self, sql: str, params: list | None = None) -> list[dict[str, Any]]:
        cur = self._connection().execute(sql, params or [])
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, r)) for r in cur.fetchall()]

    def _with_originals(self, rows: list[dict[str, Any]], where: str, params: list | None = None) -> None:
        """Set each row's `original`, joined from its chunks among the live originals WHERE `where`.

        The chunks are joined here, not by a `string_agg`: an aggregate holds a whole batch of
        originals inside DuckDB, which a lean reader's memory limit cannot always give.
        """
        cur = self._connection().execute(f"SELECT id, n, chunk FROM live_originals WHERE {where}", params or [])
        chunks: dict[int, list[tuple[int, str]]] = {}
        while part := cur.fetchmany(ORIGINALS_FETCH):
            for item_id, n, chunk in part:
                chunks.setdefault(item_id, []).append((n, chunk))
        for row in rows:
            pieces = chunks.get(row["id"])
            row["original"] = None if pieces is None else "".join(c for _, c in sorted(pieces))

    def _with_original_digests(self, rows: list[dict[str, Any]], where: str, params: list) -> None:
        """Set each row's `original_digest`: an md5 over its chunks' md5s in order ("" when it
        has no original), computed by DuckDB."""
        sql = f"SELECT id, md5(string_agg(md5(chunk), '' ORDER BY n)) FROM live_originals WHERE {where} GROUP BY id"
        found = dict(self._connection().execute(sql, params).fetchall())
        for row in rows:
            row["original_digest"] = found.get(row["id"], "")

    # -- helpers

    def _item_out(self, row: dict[str, Any], include_original: bool = False) -> Item:
        return item_out(row, include_original)

    def _norm(self, index: SegmentIndex) -> np.ndarray:
        """The BM25F length norm per doc for the configured original weight (cached)."""
        w_orig = float(self.cfg.original_weight)
        norm = self._norms.get(w_orig)
        if norm is None:
            w = ranking.weights(w_orig)
            norm = ranking.length_norm(index.lengths, index.total_lengths, index.num_docs, w)
            self._norms = {w_orig: norm}
        return norm

    # -- planning and scoring

    def _plan(self, index: SegmentIndex, terms: list[tuple[str, bool]]) -> tuple[list[QueryTerm], dict[str, Postings]]:
        """Tokenize the terms, resolve every slot against the index (query.py), fetch postings.

        A term of a base's dictionary whose items the delta all removed is no term: planning
        runs again without it, so a refreshed library plans as one rebuilt from its items.
        """
        qterms = index.tokenize(terms)
        if not any(t.tokens for t in qterms):
            raise QueryError(f"query {' '.join(t for t, _ in terms)!r} has no searchable words (letters or digits)")
        stems = {tok.stem for t in qterms for tok in t.tokens if tok.stem is not None}
        stems |= {ps for t in qterms for tok in t.tokens for _, ps in tok.parts if ps is not None}
        words = [tok for t in qterms for tok in t.tokens if tok.stem is not None]
        guess = [Affix(words[-1].word, False)] if words and len(words[-1].word) >= MIN_AFFIX_CHARS else []
        known, expansions = index.lookup(stems, guess)
        lists: dict[str, Postings] = {}
        for _ in range(2):
            more = [a for a in affixes_needed(qterms, known) if (a.text, a.suffix) not in expansions]
            if more:
                expansions.update(index.lookup(set(), more)[1])
            plan(qterms, known, expansions)
            wanted = sorted({s for q in qterms for s in q.stems} - set(lists))
            lists.update(index.postings(wanted))
            gone = {s for s in known if s not in lists}
            if not gone:
                break
            known -= gone  # dictionary terms with no live item
            for key, found in expansions.items():
                expansions[key] = [s for s in found if s not in gone]
        return qterms, lists

    def _candidates(
        self,
        index: SegmentIndex,
        qterms: list[QueryTerm],
        where: str,
        params: list,
        lists: dict[str, Postings],
        pool: int,
        exclude_id: int | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Top `pool` docs by BM25F over the query's slots, filters applied, and their relevance."""
        n_docs = len(index.ids)
        norm = self._norm(index)
        w_orig = float(self.cfg.original_weight)
        total = np.zeros(n_docs)
        matched = np.zeros(n_docs, dtype=bool)

        def scores(stem: str, idf: float | None = None) -> tuple[np.ndarray, np.ndarray]:
            p = lists[stem]
            key = (stem, w_orig)
            if idf is None and key in index.term_scores:
                return p.doc, index.term_scores[key]
            f = ranking.term_frequency(p.f_base, p.tf_original, w_orig)
            score = ranking.bm25f(f, norm[p.doc], ranking.idf(index.num_docs, len(p.doc)) if idf is None else idf)
            if idf is None and index.is_cached(stem):  # a frequent term: the same scores next query
                index.term_scores[key] = score
            return p.doc, score

        for q in qterms:
            slots = q.slots
            if not slots or any(s.required and not any(a in lists for a in s.alternatives) for s in slots):
                continue  # a token the item must have is in no item
            if len(slots) == 1 and len(slots[0].alternatives) == 1:  # each doc once: plain indexing adds
                (stem,) = slots[0].alternatives
                doc, score = scores(stem)
                total[doc] += score
                matched[doc] = True
                continue
            term_score = np.zeros(n_docs)
            present = np.zeros(n_docs, dtype=np.int32)
            for slot in slots:
                best = np.zeros(n_docs)
                hit = np.zeros(n_docs, dtype=bool)
                alts = [(stem, weight) for stem, weight in slot.alternatives.items() if stem in lists]
                for stem, _ in alts:
                    hit[lists[stem].doc] = True
                # An expansion is as rare as the whole set the cut word may be, not as its own
                # word: "tes" finding one item's test_kalomi must not rank it first.
                shared = ranking.idf(index.num_docs, int(hit.sum())) if len(alts) > 1 else None
                for stem, weight in alts:
                    doc, score = scores(stem, None if stem == slot.token.stem else shared)
                    best[doc] = np.maximum(best[doc], weight * score)
                term_score += best
                if slot.required:
                    present += hit
            hit = present == sum(s.required for s in slots)
            if q.phrase:
                hit &= self._in_order(index, q, hit)
            total += np.where(hit, term_score, 0.0)
            matched |= hit
        allowed = self._allowed_docs(index, where, params, exclude_id)
        if allowed is not None:
            matched &= allowed
        docs = np.flatnonzero(matched)
        if len(docs) > pool:  # keep the best `pool` (ties by id: the lower id first)
            kth = np.partition(total[docs], len(docs) - pool)[len(docs) - pool]
            docs = docs[total[docs] >= kth]
        docs = docs[np.lexsort((index.ids[docs], -total[docs]))][:pool]
        return docs, total[docs]

    @staticmethod
    def _in_order(index: SegmentIndex, q: QueryTerm, hit: np.ndarray) -> np.ndarray:
        """Docs where the phrase's whole-word tokens stand one after another, in order."""
        slots = [s for s in q.slots if s.positional and s.alternatives]
        if len(slots) < 2:
            return hit
        docs = np.flatnonzero(hit)
        pos = index.positions(sorted({a for s in slots for a in s.alternatives}), docs)
        anchors = None
        for s in slots:
            keys = [
                (pos[a][0].astype(np.int64) << 32) | (pos[a][1].astype(np.int64) - s.token.offset)
                for a in s.alternatives
                if a in pos
            ]
            k = np.unique(np.concatenate(keys)) if keys else np.zeros(0, dtype=np.int64)
            anchors = k if anchors is None else np.intersect1d(anchors, k, assume_unique=True)
        ok = np.zeros(len(hit), dtype=bool)
        ok[np.unique(anchors >> 32)] = True
        return ok

    def _allowed_docs(self, index: SegmentIndex, where: str, params: list, exclude_id: int | None) -> np.ndarray | None:
        """A mask over docs of the items passing the filters (None: no filter)."""
        if where == "TRUE" and exclude_id is None:
            return None
        mask = np.zeros(len(index.ids), dtype=bool)
        if where == "TRUE":
            mask[index.live] = True
        else:
            ids = self._connection().execute(f"SELECT i.id FROM live_items i WHERE {where}", params).fetchnumpy()["id"]
            mask[index.docs_of_ids(np.asarray(ids, dtype=np.int64))] = True
        if exclude_id is not None:
            mask[index.docs_of_ids(np.array([exclude_id]))] = False
        return mask

    def _rerank(
        self, index: SegmentIndex, found: tuple[np.ndarray, np.ndarray], recency_weight: float, limit: int | None = None
    ) -> list[_Candidate]:
        """Relevance times recency decay, best first (ties: lower id), one item per copy group."""
        docs, relevance = found
        if not len(docs):
            return []
        now_us = (self._now().astimezone(UTC).replace(tzinfo=None) - _EPOCH) // timedelta(microseconds=1)
        age_days = np.maximum((now_us - index.times[docs]) / 86_400e6, 0.0)
        decay = 0.5 ** (age_days / self.cfg.recency_half_life_days)
        score = relevance * ((1 - recency_weight) + recency_weight * decay)
        ids = index.ids[docs]
        order = np.lexsort((ids, -score))
        _, first = np.unique(index.copy_keys[docs][order], return_index=True)
        keep = order[np.sort(first)][:limit]
        return [
            _Candidate(
                int(ids[k]),
                float(relevance[k]),
                _EPOCH + timedelta(microseconds=int(index.times[docs[k]])),
                int(index.copy_keys[docs[k]]),
                float(score[k]),
            )
            for k in keep
        ]

    def _fetch_items(self, index: SegmentIndex, ids: list[int], stems: list[str] | None = None) -> dict[int, Item]:
        """Items by id; with `stems`, each with the atoms that contain one of them."""
        if not ids:
            return {}
        rows = index.cached_rows(ids)
        if rows is None or len(rows) != len(ids):
            cols = ", ".join(PUBLIC_COLUMNS)
            wanted = ", ".join(str(int(i)) for i in ids)  # literal ids: DuckDB then reads them by index
            if len(index.segments) > 1:
                sql = (
                    f"SELECT {cols} FROM main.items WHERE id IN ({wanted}) AND id NOT IN "
                    f"(SELECT id FROM delta.tombstones) UNION ALL SELECT {cols} FROM delta.items WHERE id IN ({wanted})"
                )
            else:
                sql = f"SELECT {cols} FROM main.items WHERE id IN ({wanted})"
            rows = self._rows(sql)
        out: dict[int, Item] = {}
        wanted = set(stems or [])
        texts = [a["text"] for r in rows for a in (r["atoms"] or [])] if stems is not None else []
        analyzed = iter(index.analyze(texts)) if texts else iter(())
        for r in rows:
            item = self._item_out(r)
            if stems is not None:
                matched = []
                for atom in item["atoms"]:
                    toks = next(analyzed)
                    found = {x for _, stem, parts in toks for x in (stem, *(ps for _, ps in parts))}
                    if found & wanted:
                        matched.append(atom)
                item["matched_atoms"] = matched
            out[r["id"]] = item
        return out

    def _copy_of(self, index: SegmentIndex, item_id: int) -> int | None:
        docs = index.docs_of_ids(np.array([item_id]))
        return int(index.copy_keys[docs[0]]) if len(docs) else None

    # -- public API

    def search(
        self,
        query: str,
        project: str | None = None,
        source: str | None = None,
        since: Any = None,
        until: Any = None,
        kind: str | None = None,
        trust: str | None = None,
        limit: int | None = None,
    ) -> SearchAnswer:
        """Items matching any of the query's literal terms, best first."""
        terms = parse_query(query)
        n = check_limit(limit, self.cfg.default_limit, self.cfg.max_limit)
        where, params = filters(project, source, since, until, kind, trust)
        with self._snapshot() as index:
            qterms, lists = self._plan(index, terms)
            found = self._candidates(index, qterms, where, params, lists, self.cfg.candidate_pool)
            ranked = self._rerank(index, found, self.cfg.recency_weight, n)
            stems = sorted({s for q in qterms for s in q.stems})
            items = self._fetch_items(index, [c.id for c in ranked], stems)
        results = []
        for c in ranked:
            item = items[c.id]
            item["score"] = round(c.score, 6)
            item["relevance"] = round(c.relevance, 6)
            results.append(item)
        return {"count": len(results), "results": results, "terms": [q.text for q in qterms], "stems": stems}

    def explain(self, query: str) -> ExplainAnswer:
        """How a query is read: its terms, tokens, stems, and what each slot may match."""
        terms = parse_query(query)
        with self._snapshot() as index:
            qterms, _ = self._plan(index, terms)
        return {
            "terms": [
                {
                    "text": q.text,
                    "phrase": q.phrase,
                    "words": [t.word for t in q.tokens],
                    "stems": [t.stem for t in q.tokens],
                    "slots": [
                        {"word": s.token.word, "alternatives": dict(s.alternatives), "required": s.required}
                        for s in q.slots
                    ],
                }
                for q in qterms
            ]
        }

    def get_item(self, item_id: int, include_original: bool = False) -> ItemAnswer:
        """One item by id; `original` (the redacted segment text) only when asked for."""
        iid = check_id(item_id)
        with self._snapshot():
            rows = self._rows("SELECT * FROM live_items WHERE id = ?", [iid])
            if include_original:
                self._with_originals(rows, "id = ?", [iid])
        if not rows:
            return {"found": False, "item": None}
        return {"found": True, "item": self._item_out(rows[0], include_original)}

    def timeline(
        self,
        project: str | None = None,
        source: str | None = None,
        since: Any = None,
        until: Any = None,
        limit: int | None = None,
    ) -> TimelineAnswer:
        """Items in [since, until), newest first, copies removed."""
        n = check_limit(limit, TIMELINE_DEFAULT_LIMIT, self.cfg.max_limit)
        where, params = filters(project, source, since, until)
        with self._snapshot():
            rows = self._timeline_rows(where, params, n)
        results = [self._item_out(r) for r in rows]
        return {"count": len(results), "results": results}

    def _timeline_rows(self, where: str, params: list, n: int) -> list[dict[str, Any]]:
        return self._rows(
            f"""SELECT i.* FROM live_items i WHERE {where}
                QUALIFY row_number() OVER (
                    PARTITION BY coalesce(nullif(i.original_ref, ''), i.source), i.external_id
                    ORDER BY i.occurred_at DESC, i.id) = 1
                ORDER BY i.occurred_at DESC, i.id DESC LIMIT ?""",
            params + [n],
        )

    def later(self, item_id: int, query: str | None = None, limit: int | None = None) -> LaterAnswer:
        """Newer items on the same subject in the same project, else the project's timeline.

        Searches after the item's date in its project (its source if it has none) for the
        query (default: the item's title), recency ignored; keeps hits scoring at least 30 % of
        the best; the 2 closest in time always stay, the rest of the room goes to the newest;
        newest first. Nothing found: the project's later items, `matched_by="project_timeline"`.
        """
        iid = check_id(item_id)
        n = check_limit(limit, LATER_DEFAULT_LIMIT, self.cfg.max_limit)
        with self._snapshot() as index:
            rows = self._rows("SELECT * FROM live_items WHERE id = ?", [iid])
            if not rows:
                return {"found": False, "item": None, "matched_by": None, "count": 0, "later": []}
            base = rows[0]
            scope = {"project": base["project"]} if base["project"] else {"source": base["source"]}
            where, params = filters(**scope, after=base["occurred_at"])
            text = query if query and query.strip() else (base["title"] or "")
            hits: list[_Candidate] = []
            stems: list[str] = []
            try:
                qterms, lists = self._plan(index, parse_query(text))
                stems = sorted({s for q in qterms for s in q.stems})
                found = self._candidates(index, qterms, where, params, lists, LATER_POOL, exclude_id=iid)
                hits = self._rerank(index, found, 0.0)
            except QueryError:
                hits = []
            own_copy = self._copy_of(index, iid)
            hits = [h for h in hits if h.copy != own_copy]
            later: list[Item] = []
            if hits:
                best = max(h.relevance for h in hits)
                hits = [h for h in hits if h.relevance >= LATER_MIN_SHARE * best]
                by_time = sorted(hits, key=lambda h: (h.occurred_at, h.id))
                keep = by_time[:LATER_CLOSEST]
                rest = by_time[LATER_CLOSEST:]
                keep += rest[::-1][: max(n - len(keep), 0)]
                keep = keep[:n]
                keep.sort(key=lambda h: (h.occurred_at, h.id), reverse=True)
                items = self._fetch_items(index, [h.id for h in keep], stems)
                for h in keep:
                    item = items[h.id]
                    item["score"] = round(h.score, 6)
                    later.append(item)
                matched_by = "subject"
            else:
                own_key = _copy_key(base)
                rows = [
                    r for r in self._timeline_rows(where, params, n + 1) if r["id"] != iid and _copy_key(r) != own_key
                ][:n]
                later = [self._item_out(r) for r in rows]
                matched_by = "project_timeline"
        return {
            "found": True,
            "item": {"id": iid, "occurred_at": iso(base["occurred_at"])},
            "matched_by": matched_by,
            "count": len(later),
            "later": later,
        }

    def list_sources(self) -> SourcesAnswer:
        """Each source with its item count and latest item date."""
        with self._snapshot():
            rows = self._rows(
                "SELECT source, count(*) AS items, max(occurred_at) AS latest FROM live_items "
                "GROUP BY source ORDER BY source"
            )
        sources = [{"source": r["source"], "items": int(r["items"]), "latest": iso(r["latest"])} for r in rows]
        return {"count": len(sources), "sources": sources}

    def stats(self) -> StatsAnswer:
        """Counts and build facts about the library."""
        with self._snapshot():
            (row,) = self._rows(
                "SELECT count(*) AS items, count(DISTINCT source) AS sources, "
                "count(DISTINCT project) AS projects, min(occurred_at) AS first, "
                "max(occurred_at) AS last, max(id) AS max_id FROM live_items"
            )
            kinds = self._rows(
                "SELECT a.kind AS kind, count(*) AS n FROM (SELECT unnest(atoms) AS a FROM live_items) "
                "GROUP BY a.kind ORDER BY a.kind"
            )
            trust = self._rows("SELECT trust, count(*) AS n FROM live_items GROUP BY trust ORDER BY trust")
            meta = dict(self._meta)
            delta_items = self._delta_items
        size = sum(p.stat().st_size for p in (self.path, self.delta_path) if p.exists())
        return {
            "path": str(self.path),
            "bytes": size,
            "items": int(row["items"]),
            "sources": int(row["sources"]),
            "projects": int(row["projects"]),
            "first": iso(row["first"]),
            "last": iso(row["last"]),
            "max_id": row["max_id"],
            "atoms_by_kind": {k["kind"]: int(k["n"]) for k in kinds},
            "items_by_trust": {t["trust"]: int(t["n"]) for t in trust},
            "schema_version": meta.get("schema_version"),
            "built_at": meta.get("built_at"),
            "tokenizer": meta.get("tokenizer"),
            "delta_items": delta_items,
        }

    def item_ids(self) -> tuple[np.ndarray, np.ndarray]:
        """The live items' ids, and those of them in the delta (the items refreshes added or
        replaced since the base was last written), both of one library, in id order."""
        with self._snapshot():
            con = self._connection()
            live = con.execute("SELECT id FROM live_items ORDER BY id").fetchnumpy()["id"]
            in_delta = (
                con.execute("SELECT id FROM delta.items ORDER BY id").fetchnumpy()["id"]
                if self._has_delta
                else live[:0]
            )
        return live, in_delta

    def newest_item(self) -> Item | None:
        """The item that happened last (of a tie, the lowest id); None in an empty library."""
        with self._snapshot():
            rows = self._rows("SELECT * FROM live_items ORDER BY occurred_at DESC, id LIMIT 1")
        return self._item_out(rows[0]) if rows else None

    def iter_items(
        self, include_original: bool = True, batch: int = 2000, ids: Iterable[int] | None = None,
        original_digest: bool = False,
    ) -> Iterator[Item]:  # fmt: skip
        """Every live item in id order (only those of `ids`, when given), `batch` at a time (for
        checks that scan the whole library). `original_digest`: each item also has one of its
        original, made by DuckDB, which decodes no original into Python for it.

        A lean reader closes its connection after each batch: DuckDB keeps what a scan of the
        originals decoded until its connection closes (~3x their size), which would grow with
        the library. A change of the library between batches is an error, never a mixed scan.
        """
        with self._snapshot():
            live = self._connection().execute("SELECT id FROM live_items ORDER BY id").fetchnumpy()["id"]
            files = self._key
        if ids is not None:
            live = np.intersect1d(live, np.fromiter(ids, dtype=live.dtype))
        for lo in range(0, len(live), batch):
            chosen = live[lo : lo + batch]
            where, params = "id BETWEEN ? AND ?", [int(chosen[0]), int(chosen[-1])]
            if ids is not None:  # the range lets DuckDB skip row groups; the list picks the items
                where, params = f"{where} AND list_contains(?, id)", [*params, chosen.tolist()]
            with self._snapshot():
                if self._key != files:
                    raise QueryError(f"{self.path}: the library changed during a scan of every item; scan again")
                rows = self._rows(f"SELECT * FROM live_items WHERE {where} ORDER BY id", params)
                if include_original:
                    self._with_originals(rows, where, params)
                if original_digest:
                    self._with_original_digests(rows, where, params)
            if self._lean:
                self.close()
            for row in rows:
                item = self._item_out(row, include_original)
                if original_digest:
                    item["original_digest"] = row["original_digest"]
                yield item


def _copy_key(row: dict[str, Any]) -> tuple[str, str]:
    """Copies of one segment read from two sources share original_ref and external_id."""
    return (row.get("original_ref") or row["source"], row["external_id"])
