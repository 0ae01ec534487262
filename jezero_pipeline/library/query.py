"""Read the library: search, get_item, timeline, later, list_sources, stats.

Every method returns plain dicts/lists (JSON-ready) for the CLI's `--json` and the MCP server.

Ranking (jezero-behaviour §5, plus the original text):
- BM25 over the query's own terms only, read from `postings` (sorted by term id), not
  `match_bm25` (which scores every row). One SQL statement fetches every query stem's
  postings as arrays; numpy adds the scores per item (`bincount` into one slot per item), so
  a word found in every item (`py`, `tests`) costs a vectorised pass, not a SQL group-by. Per-field term frequencies are weighted (title 2.0,
  summary 1.0, questions 1.5, atoms 1.5, project 0.5, original `original_weight`) before
  saturation, and the document length is weighted the same way (BM25F); k1 1.2, b 0.75;
  idf = ln((N - df + 0.5) / (df + 0.5) + 1) (match_bm25 uses log10: the same ranking).
- A word is a literal term; the tokens of one word (`segmenting.py` -> segmenting, py) or of
  a "quoted phrase" must all occur in the item (AND; adjacency is not checked: checking it
  means re-tokenising candidate texts, which cost more than the whole search at 100k
  items). Terms are OR-ed, as in Jezero.
- The best `candidate_pool` are re-ranked: relevance * ((1 - w) + w * 0.5^(age/half_life)),
  then copies of one segment (same original_ref or source, and external_id) collapse to one.
"""

from __future__ import annotations

import math
import os
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from ..config import SearchConfig
from ..models import ATOM_KINDS, TRUST_VALUES
from .fts import STEMMER, STOPWORDS_TABLE, TOKENIZE_MACRO, load_fts
from .schema import BASE_WEIGHTS, BM25_B, BM25_K1, FIELD_NAMES, PUBLIC_COLUMNS

MAX_QUERY_CHARS = 4096
MAX_TERMS = 64
MAX_TERM_CHARS = 100
INT64_MAX = 2**63 - 1
LATER_DEFAULT_LIMIT = 5
LATER_POOL = 50
LATER_MIN_SHARE = 0.3  # keep `later` hits scoring at least this share of the best one
LATER_CLOSEST = 2  # the closest later items always stay
TIMELINE_DEFAULT_LIMIT = 20

_EPOCH = datetime(1970, 1, 1)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TERM = re.compile(r'"([^"]*)"|(\S+)')


class QueryError(ValueError):
    """A query the library cannot run: empty, bad date, bad filter. The message says why."""


class LibraryMissing(QueryError):
    """No library file yet."""


# --------------------------------------------------------------------------- query parsing


def parse_query(query: Any) -> list[str]:
    """Split a query into literal terms: words and "quoted phrases", with Jezero's limits.

    Nothing in the text is an operator: quotes only group, everything else is data.
    """
    if not isinstance(query, str):
        raise QueryError(f"query must be a string, got {type(query).__name__}")
    text = _CONTROL.sub(" ", query)
    if len(text) > MAX_QUERY_CHARS:
        cut = text[:MAX_QUERY_CHARS]
        space = cut.rfind(" ")
        text = cut[:space] if space > 0 else cut
    terms: list[str] = []
    seen: set[str] = set()
    for quoted, word in _TERM.findall(text):
        term = (quoted if quoted else word.replace('"', "")).strip()
        term = term[:MAX_TERM_CHARS].strip()
        if not term or term.lower() in seen:
            continue
        seen.add(term.lower())
        terms.append(term)
        if len(terms) == MAX_TERMS:
            break
    if not terms:
        raise QueryError("empty query: give one or more words to search for")
    return terms


def parse_when(value: Any, name: str) -> datetime | None:
    """An ISO date or datetime -> naive UTC; a value without an offset is UTC."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, date):
        dt = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        try:
            dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise QueryError(
                f"bad date for {name!r}: {value!r}; use ISO 8601, e.g. 2025-01-31 or 2025-01-31T12:00:00+02:00"
            ) from None
    else:
        raise QueryError(f"bad date for {name!r}: {value!r}")
    if dt.tzinfo is not None:
        dt = dt.astimezone(UTC).replace(tzinfo=None)
    return dt


def _iso(dt: datetime | None) -> str | None:
    return None if dt is None else dt.replace(tzinfo=UTC).isoformat()


def _check_id(item_id: Any) -> int:
    if isinstance(item_id, bool):
        raise QueryError(f"item id must be an integer, got {item_id!r}")
    try:
        value = int(item_id)
    except (TypeError, ValueError):
        raise QueryError(f"item id must be an integer, got {item_id!r}") from None
    if isinstance(item_id, float) and item_id != value:
        raise QueryError(f"item id must be an integer, got {item_id!r}")
    if not -INT64_MAX - 1 <= value <= INT64_MAX:
        raise QueryError(f"item id {value} does not fit in a 64-bit signed integer")
    return value


# --------------------------------------------------------------------------- the library


class Library:
    """A read-only view of the library file that follows atomic rebuilds.

    Holds one read-only connection and reopens it when the file at `path` is a different
    file (inode, size or mtime changed), i.e. after a rebuild swapped a new file in. Calls are
    serialised by a lock: a DuckDB connection is not for concurrent use.
    """

    def __init__(self, path: Path, search_cfg: SearchConfig | None = None, now: Callable[[], datetime] | None = None):
        self.path = Path(path)
        self.cfg = search_cfg or SearchConfig()
        self._now = now or (lambda: datetime.now(UTC))
        self._lock = threading.RLock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._key: tuple | None = None
        self._stopwords: set[str] = set()
        self._avg: dict[str, float] = {}
        self._num_docs = 0
        self._doc_ids = np.zeros(0, dtype=np.int64)  # doc -> item id (ascending)
        self._doc_len: dict[str, np.ndarray] = {}  # field -> length per doc
        self._doc_time = np.zeros(0, dtype=np.int64)  # occurred_at per doc, µs since the epoch
        self._doc_copy = np.zeros(0, dtype=np.int64)  # per doc: a number shared by copies
        self._norms: dict[float, np.ndarray] = {}  # original weight -> BM25 length norm per doc
        self._meta: dict[str, str] = {}
        self._pinned = 0  # >0 while one call runs: all its queries read the same file

    # -- connection

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
            self._con, self._key = None, None

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        """Hold the lock and one file for a whole call, even if a rebuild swaps it meanwhile."""
        with self._lock:
            self._connection()
            self._pinned += 1
            try:
                yield
            finally:
                self._pinned -= 1

    def _connection(self) -> duckdb.DuckDBPyConnection:
        if self._pinned and self._con is not None:
            return self._con
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            raise LibraryMissing(f"no library at {self.path}: build it first (jezero-pipeline run)") from None
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if self._con is not None and key == self._key:
            return self._con
        self.close()
        con = duckdb.connect(str(self.path), read_only=True)
        try:
            load_fts(con)
            self._meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            self._stopwords = {r[0] for r in con.execute(f"SELECT sw FROM {STOPWORDS_TABLE}").fetchall()}
            row = con.execute("SELECT * FROM field_stats").fetchone()
            cols = [d[0] for d in con.description]
            stats = dict(zip(cols, row))
            self._num_docs = int(stats["num_docs"])
            self._avg = {n: float(stats[f"avg_{n}"]) for n in FIELD_NAMES}
            lens = con.execute(
                f"SELECT id, {', '.join(f'len_{n}' for n in FIELD_NAMES)} FROM doclen ORDER BY doc"
            ).fetchnumpy()
            self._doc_ids = np.asarray(lens["id"], dtype=np.int64)
            self._doc_len = {n: np.asarray(lens[f"len_{n}"], dtype=np.float64) for n in FIELD_NAMES}
            self._norms = {}
            # What the re-rank needs of every item, so the pool never goes back to `items`.
            per_doc = con.execute(
                "SELECT epoch_us(occurred_at) AS t, dense_rank() OVER (ORDER BY "
                "coalesce(nullif(original_ref, ''), source), external_id) AS g FROM items ORDER BY id"
            ).fetchnumpy()
            self._doc_time = np.asarray(per_doc["t"], dtype=np.int64)
            self._doc_copy = np.asarray(per_doc["g"], dtype=np.int64)
        except BaseException:
            con.close()
            raise
        self._con, self._key = con, key
        return con

    def _rows(self, sql: str, params: list | None = None) -> list[dict[str, Any]]:
        cur = self._connection().execute(sql, params or [])
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, r)) for r in cur.fetchall()]

    # -- helpers

    def _limit(self, limit: Any, default: int) -> int:
        if limit is None:
            return min(default, self.cfg.max_limit)
        try:
            n = int(limit)
        except (TypeError, ValueError):
            raise QueryError(f"limit must be an integer, got {limit!r}") from None
        if n <= 0:
            n = default
        return min(n, self.cfg.max_limit)

    def _weights(self) -> dict[str, float]:
        return {**BASE_WEIGHTS, "original": float(self.cfg.original_weight)}

    @staticmethod
    def _filters(
        project=None, source=None, since=None, until=None, kind=None, trust=None, after=None
    ) -> tuple[str, list]:
        clauses, params = ["TRUE"], []
        if project is not None:
            clauses.append("i.project = ?")
            params.append(str(project))
        if source is not None:
            clauses.append("i.source = ?")
            params.append(str(source))
        s, u = parse_when(since, "since"), parse_when(until, "until")
        if s is not None:
            clauses.append("i.occurred_at >= ?")
            params.append(s)
        if u is not None:
            clauses.append("i.occurred_at < ?")
            params.append(u)
        if after is not None:
            clauses.append("i.occurred_at > ?")
            params.append(after)
        if kind is not None:
            if kind not in ATOM_KINDS:
                raise QueryError(f"unknown atom kind {kind!r}; known: {', '.join(ATOM_KINDS)}")
            clauses.append("list_contains(list_transform(i.atoms, a -> a.kind), ?)")
            params.append(kind)
        if trust is not None:
            if trust not in TRUST_VALUES:
                raise QueryError(f"trust must be one of {', '.join(TRUST_VALUES)}, got {trust!r}")
            clauses.append("i.trust = ?")
            params.append(trust)
        return " AND ".join(clauses), params

    def _item_out(self, row: dict[str, Any], include_original: bool = False) -> dict[str, Any]:
        item = {c: row.get(c) for c in PUBLIC_COLUMNS}
        item["occurred_at"] = _iso(row["occurred_at"])
        item["questions"] = list(row.get("questions") or [])
        item["atoms"] = [{"kind": a["kind"], "text": a["text"]} for a in (row.get("atoms") or [])]
        if include_original:
            item["original"] = row.get("original")
        return item

    # -- tokenizing and scoring

    def _tokenize_terms(self, terms: list[str]) -> list[dict[str, Any]]:
        """Each term -> raw tokens and stems, by the index's own tokenize macro and stemmer."""
        (tokenized,) = (
            self._connection()
            .execute(
                f"SELECT list_transform(?::VARCHAR[], t -> list_transform("
                f"list_filter({TOKENIZE_MACRO}(t), x -> x <> ''), x -> [x, stem(x, '{STEMMER}')]))",
                [terms],
            )
            .fetchone()
        )
        out = []
        for term, toks in zip(terms, tokenized):
            raw = [t[0] for t in toks]
            needed = sorted({t[1] for t in toks if t[0] not in self._stopwords})
            out.append({"term": term, "raw": raw, "stems": needed, "phrase": " ".join(raw) if len(raw) > 1 else None})
        return out

    def _norm(self) -> np.ndarray:
        """BM25F length norm per doc: k1 * (1 - b + b * dl / avgdl), dl weighted like tf."""
        w = self._weights()
        norm = self._norms.get(w["original"])
        if norm is None:
            dl = sum(w[n] * self._doc_len[n] for n in FIELD_NAMES)
            avgdl = sum(w[n] * self._avg[n] for n in FIELD_NAMES) or 1.0
            norm = BM25_K1 * (1 - BM25_B + BM25_B * dl / avgdl)
            self._norms = {w["original"]: norm}
        return norm

    def _use_impact(self) -> bool:
        """The stored per-posting scores fit: the weights are the ones they were built with."""
        built = self._meta.get("impact_original_weight")
        return built is not None and float(built) == self._weights()["original"]

    def _postings(
        self, stems: list[str], cols: tuple[str, ...]
    ) -> tuple[dict[str, float], dict[str, dict[str, np.ndarray]]]:
        """idf and postings arrays (doc and `cols`) of each stem that has any."""
        con = self._connection()
        marks = ", ".join("?" for _ in stems)
        found = con.execute(f"SELECT term, term_id, df FROM terms WHERE term IN ({marks})", stems).fetchall()
        if not found:
            return {}, {}
        idf = {t: bm25_idf(self._num_docs, int(df)) for t, _, df in found}
        # One equality scan per term inside one statement: each reads only its own row groups
        # (an IN list would read every row group between the smallest and largest term id).
        branches = " UNION ALL ".join(
            f"SELECT {k}::SMALLINT AS k, doc, {', '.join(cols)} FROM postings WHERE term_id = ?"
            for k in range(len(found))
        )
        # Arrow hands DuckDB's columns over without a per-row conversion (fetchnumpy: 3x slower).
        table = con.execute(branches, [tid for _, tid, _ in found]).to_arrow_table()
        got = {c: table.column(c).to_numpy() for c in ("k", "doc", *cols)}
        k = got["k"]
        order = np.argsort(k, kind="stable")
        bounds = np.searchsorted(k[order], np.arange(len(found) + 1))
        lists = {}
        for j, (term, _, _) in enumerate(found):
            sel = order[bounds[j] : bounds[j + 1]]
            lists[term] = {c: got[c][sel] for c in ("doc", *cols)}
        return idf, lists

    def _allowed_docs(self, where: str, params: list, exclude_id: int | None) -> np.ndarray | None:
        """A mask over docs of the items passing the filters (None: no filter)."""
        if where == "TRUE" and exclude_id is None:
            return None
        ids = self._connection().execute(f"SELECT i.id FROM items i WHERE {where}", params).fetchnumpy()["id"]
        mask = np.zeros(len(self._doc_ids), dtype=bool)
        mask[np.searchsorted(self._doc_ids, np.asarray(ids, dtype=np.int64))] = True
        if exclude_id is not None:
            pos = np.searchsorted(self._doc_ids, exclude_id)
            if pos < len(self._doc_ids) and self._doc_ids[pos] == exclude_id:
                mask[pos] = False
        return mask

    def _candidates(
        self, qterms: list[dict[str, Any]], where: str, params: list, pool: int, exclude_id: int | None = None
    ) -> list[dict[str, Any]]:
        """Top `pool` items by weighted BM25 over the query's terms, filters applied."""
        qterms = [q for q in qterms if q["stems"]]
        if not qterms:
            return []
        impact = self._use_impact()
        cols = ("impact",) if impact else ("f_base", "tf_original")
        idf, lists = self._postings(sorted({s for q in qterms for s in q["stems"]}), cols)
        # A term with a stem no item has cannot match (all its stems are required).
        qterms = [q for q in qterms if all(s in lists for s in q["stems"])]
        if not qterms:
            return []
        n_docs = len(self._doc_ids)
        norm = self._norm()
        w_orig = self._weights()["original"]
        total = np.zeros(n_docs)
        matched = np.zeros(n_docs, dtype=bool)

        def stem_scores(stem: str) -> tuple[np.ndarray, np.ndarray]:
            p = lists[stem]
            if impact:
                return p["doc"], p["impact"]
            f = p["f_base"].astype(np.float64) + w_orig * p["tf_original"]
            return p["doc"], idf[stem] * (BM25_K1 + 1) * f / (f + norm[p["doc"]])

        for q in qterms:
            if len(q["stems"]) == 1:  # a posting list holds each doc once: plain indexing adds
                doc, score = stem_scores(q["stems"][0])
                total[doc] += score
                matched[doc] = True
                continue
            term_score = np.zeros(n_docs)
            present = np.zeros(n_docs, dtype=np.int32)
            for stem in q["stems"]:
                doc, score = stem_scores(stem)
                term_score[doc] += score
                present[doc] += 1
            hit = present == len(q["stems"])  # every stem of a multi-token word is in the item
            total += np.where(hit, term_score, 0.0)
            matched |= hit
        allowed = self._allowed_docs(where, params, exclude_id)
        if allowed is not None:
            matched &= allowed
        docs = np.flatnonzero(matched)
        if len(docs) > pool:  # keep the best `pool` (ties by id: the lower id first)
            kth = np.partition(total[docs], len(docs) - pool)[len(docs) - pool]
            docs = docs[total[docs] >= kth]
        docs = docs[np.lexsort((docs, -total[docs]))][:pool]
        if len(docs) == 0:
            return []
        return [
            {
                "id": int(self._doc_ids[d]),
                "relevance": float(total[d]),
                "occurred_at": _EPOCH + timedelta(microseconds=int(self._doc_time[d])),
                "copy": int(self._doc_copy[d]),
            }
            for d in docs
        ]

    def _copy_of(self, item_id: int) -> int | None:
        """The copy number of an item (copies of one segment share it)."""
        pos = int(np.searchsorted(self._doc_ids, item_id))
        if pos < len(self._doc_ids) and self._doc_ids[pos] == item_id:
            return int(self._doc_copy[pos])
        return None

    def _rerank(self, cands: list[dict[str, Any]], recency_weight: float) -> list[dict[str, Any]]:
        now = self._now().astimezone(UTC).replace(tzinfo=None)
        half_life = self.cfg.recency_half_life_days
        for c in cands:
            age_days = max((now - c["occurred_at"]).total_seconds() / 86400.0, 0.0)
            decay = 0.5 ** (age_days / half_life)
            c["score"] = c["relevance"] * ((1 - recency_weight) + recency_weight * decay)
        cands.sort(key=lambda c: (-c["score"], c["id"]))
        return _collapse_copies(cands, key=lambda c: c["copy"])

    def _fetch_items(
        self, ids: list[int], stems: list[str] | None = None, include_original: bool = False
    ) -> dict[int, dict[str, Any]]:
        if not ids:
            return {}
        matched = "NULL"
        params: list = []
        if stems is not None:
            matched = (
                "list_filter(i.atoms, a -> len(list_intersect(list_transform("
                f"{TOKENIZE_MACRO}(a.text), x -> stem(x, '{STEMMER}')), ?::VARCHAR[])) > 0)"
            )
            params.append(stems)
        marks = ", ".join("?" for _ in ids)
        rows = self._rows(
            f"SELECT i.*, {matched} AS matched_atoms FROM items i WHERE i.id IN ({marks})",
            params + list(ids),
        )
        out = {}
        for r in rows:
            item = self._item_out(r, include_original)
            if stems is not None:
                item["matched_atoms"] = [{"kind": a["kind"], "text": a["text"]} for a in (r["matched_atoms"] or [])]
            out[r["id"]] = item
        return out

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
    ) -> dict[str, Any]:
        """Items matching any of the query's literal terms, best first."""
        terms = parse_query(query)
        n = self._limit(limit, self.cfg.default_limit)
        where, params = self._filters(project, source, since, until, kind, trust)
        with self._snapshot():
            qterms = self._tokenize_terms(terms)
            if not any(q["raw"] for q in qterms):
                raise QueryError(f"query {query!r} has no searchable words (letters or digits)")
            cands = self._candidates(qterms, where, params, self.cfg.candidate_pool)
            ranked = self._rerank(cands, self.cfg.recency_weight)[:n]
            stems = sorted({s for q in qterms for s in q["stems"]})
            items = self._fetch_items([c["id"] for c in ranked], stems)
        results = []
        for c in ranked:
            item = items[c["id"]]
            item["score"] = round(c["score"], 6)
            item["relevance"] = round(c["relevance"], 6)
            results.append(item)
        return {"count": len(results), "results": results, "terms": [q["term"] for q in qterms], "stems": stems}

    def get_item(self, item_id: int, include_original: bool = False) -> dict[str, Any]:
        """One item by id; `original` (the redacted segment text) only when asked for."""
        iid = _check_id(item_id)
        with self._snapshot():
            rows = self._rows("SELECT * FROM items WHERE id = ?", [iid])
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
    ) -> dict[str, Any]:
        """Items in [since, until), newest first, copies removed."""
        n = self._limit(limit, TIMELINE_DEFAULT_LIMIT)
        where, params = self._filters(project, source, since, until)
        with self._snapshot():
            rows = self._timeline_rows(where, params, n)
        results = [self._item_out(r) for r in rows]
        return {"count": len(results), "results": results}

    def _timeline_rows(self, where: str, params: list, n: int) -> list[dict[str, Any]]:
        return self._rows(
            f"""SELECT i.* FROM items i WHERE {where}
                QUALIFY row_number() OVER (
                    PARTITION BY coalesce(nullif(i.original_ref, ''), i.source), i.external_id
                    ORDER BY i.occurred_at DESC, i.id) = 1
                ORDER BY i.occurred_at DESC, i.id DESC LIMIT ?""",
            params + [n],
        )

    def later(self, item_id: int, query: str | None = None, limit: int | None = None) -> dict[str, Any]:
        """Newer items on the same subject in the same project, else the project's timeline.

        Searches after the item's date in its project (its source if it has none) for the
        query (default: the item's title), recency ignored; keeps hits scoring at least 30 % of
        the best; the 2 closest in time always stay, the rest of the room goes to the newest;
        newest first. Nothing found: the project's later items, `matched_by="project_timeline"`.
        """
        iid = _check_id(item_id)
        n = self._limit(limit, LATER_DEFAULT_LIMIT)
        with self._snapshot():
            rows = self._rows("SELECT * FROM items WHERE id = ?", [iid])
            if not rows:
                return {"found": False, "item": None, "matched_by": None, "count": 0, "later": []}
            base = rows[0]
            scope = {"project": base["project"]} if base["project"] else {"source": base["source"]}
            where, params = self._filters(**scope, after=base["occurred_at"])
            text = query if query and query.strip() else (base["title"] or "")
            hits: list[dict[str, Any]] = []
            stems: list[str] = []
            try:
                qterms = self._tokenize_terms(parse_query(text))
                stems = sorted({s for q in qterms for s in q["stems"]})
                cands = self._candidates(qterms, where, params, LATER_POOL, exclude_id=iid)
                hits = self._rerank(cands, 0.0)
            except QueryError:
                hits = []
            own_key, own_copy = _copy_key(base), self._copy_of(iid)
            hits = [h for h in hits if h["copy"] != own_copy]
            if hits:
                best = max(h["relevance"] for h in hits)
                hits = [h for h in hits if h["relevance"] >= LATER_MIN_SHARE * best]
                by_time = sorted(hits, key=lambda h: (h["occurred_at"], h["id"]))
                keep = by_time[:LATER_CLOSEST]
                rest = by_time[LATER_CLOSEST:]
                keep += rest[::-1][: max(n - len(keep), 0)]
                keep = keep[:n]
                keep.sort(key=lambda h: (h["occurred_at"], h["id"]), reverse=True)
                items = self._fetch_items([h["id"] for h in keep], stems)
                later = []
                for h in keep:
                    item = items[h["id"]]
                    item["score"] = round(h["score"], 6)
                    later.append(item)
                matched_by = "subject"
            else:
                rows = [
                    r for r in self._timeline_rows(where, params, n + 1) if r["id"] != iid and _copy_key(r) != own_key
                ][:n]
                later = [self._item_out(r) for r in rows]
                matched_by = "project_timeline"
        return {
            "found": True,
            "item": {"id": iid, "occurred_at": _iso(base["occurred_at"])},
            "matched_by": matched_by,
            "count": len(later),
            "later": later,
        }

    def list_sources(self) -> dict[str, Any]:
        """Each source with its item count and latest item date."""
        with self._snapshot():
            rows = self._rows(
                "SELECT source, count(*) AS items, max(occurred_at) AS latest FROM items "
                "GROUP BY source ORDER BY source"
            )
        sources = [{"source": r["source"], "items": int(r["items"]), "latest": _iso(r["latest"])} for r in rows]
        return {"count": len(sources), "sources": sources}

    def stats(self) -> dict[str, Any]:
        """Counts and build facts about the library file."""
        with self._snapshot():
            (row,) = self._rows(
                "SELECT count(*) AS items, count(DISTINCT source) AS sources, "
                "count(DISTINCT project) AS projects, min(occurred_at) AS first, "
                "max(occurred_at) AS last, max(id) AS max_id FROM items"
            )
            kinds = self._rows(
                "SELECT a.kind AS kind, count(*) AS n FROM (SELECT unnest(atoms) AS a FROM items) "
                "GROUP BY a.kind ORDER BY a.kind"
            )
            trust = self._rows("SELECT trust, count(*) AS n FROM items GROUP BY trust ORDER BY trust")
            meta = dict(self._meta)
        return {
            "path": str(self.path),
            "bytes": self.path.stat().st_size,
            "items": int(row["items"]),
            "sources": int(row["sources"]),
            "projects": int(row["projects"]),
            "first": _iso(row["first"]),
            "last": _iso(row["last"]),
            "max_id": row["max_id"],
            "atoms_by_kind": {k["kind"]: int(k["n"]) for k in kinds},
            "items_by_trust": {t["trust"]: int(t["n"]) for t in trust},
            "schema_version": meta.get("schema_version"),
            "built_at": meta.get("built_at"),
            "tokenizer": meta.get("tokenizer"),
        }


def _copy_key(row: dict[str, Any]) -> tuple[str, str]:
    """Copies of one segment read from two sources share original_ref and external_id."""
    return (row.get("original_ref") or row["source"], row["external_id"])


def _collapse_copies(
    ranked: list[dict[str, Any]], key: Callable[[dict[str, Any]], Any] = _copy_key
) -> list[dict[str, Any]]:
    seen: set = set()
    out = []
    for c in ranked:
        key_ = key(c)
        if key_ in seen:
            continue
        seen.add(key_)
        out.append(c)
    return out


def bm25_idf(num_docs: int, df: int) -> float:
    """BM25 idf, never negative (DuckDB's match_bm25 has the same with log10)."""
    return math.log((num_docs - df + 0.5) / (df + 0.5) + 1)
