"""Search over one opened library: planning a query, scoring candidates, the re-rank, explain.

Ranking (jezero-behaviour §5, plus the original text and identifier parts): BM25F over the
query's own terms (ranking.py), read from the stored postings (index.py); the best
`candidate_pool` are re-ranked: relevance * ((1 - w) + w * 0.5^(age/half_life)), then copies
of one segment (same original_ref or source, and external_id) collapse to one.

A `Search` belongs to one snapshot (snapshot.py): the reader makes a new one when the
library's files change, so everything it holds (the index's arrays, the length norms) is of
one whole library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import duckdb
import numpy as np

from ..config import SearchConfig
from . import ranking
from .answers import ExplainAnswer, SearchAnswer
from .fts import load_fts
from .index import Postings, SegmentIndex
from .items import PUBLIC_COLUMNS, Item, item_out
from .query import (
    MIN_AFFIX_CHARS,
    Affix,
    QueryError,
    QueryTerm,
    affixes_needed,
    plan,
)
from .snapshot import Snapshot

_EPOCH = datetime(1970, 1, 1)


@dataclass
class Candidate:
    """A search hit before it is fetched: its item, scores, time and copy group."""

    id: int
    relevance: float
    occurred_at: datetime
    copy: int
    score: float = 0.0


def rows_of(con: duckdb.DuckDBPyConnection, sql: str, params: list | None = None) -> list[dict[str, Any]]:
    """The rows of a query as dicts by column name."""
    cur = con.execute(sql, params or [])
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


class Search:
    """Searches of one snapshot: its index, the search settings (read at each call) and the clock."""

    def __init__(self, snap: Snapshot, cfg: SearchConfig, now: Callable[[], datetime], hold: bool = True):
        self.snap = snap
        self.cfg = cfg
        self._now = now
        load_fts(snap.con)  # the extension's `stem`, for the query's words
        self.index = SegmentIndex.of(snap, hold)
        self._norms: dict[float, np.ndarray] = {}

    def search(self, terms: list[tuple[str, bool]], where: str, params: list, n: int) -> SearchAnswer:
        """The `n` best items matching any of the parsed query's terms (query.parse_query) and
        passing the filters (query.filters); items matching every term first."""
        qterms, lists = self.plan_terms(terms)
        docs, total, share = self.scored(qterms, where, params, lists, self.cfg.candidate_pool)
        ranked = self.rerank((docs, total), self.cfg.recency_weight, n, first=share >= 1.0)
        return self.answer(qterms, ranked)

    def answer(self, qterms: list[QueryTerm], ranked: list[Candidate]) -> SearchAnswer:
        """Ranked candidates as the search's answer: items with their scores and matched atoms."""
        stems = sorted({s for q in qterms for s in q.stems})
        items = self.fetch_items([c.id for c in ranked], stems)
        results = []
        for c in ranked:
            item = items[c.id]
            item["score"] = round(c.score, 6)
            item["relevance"] = round(c.relevance, 6)
            results.append(item)
        return {"count": len(results), "results": results, "terms": [q.text for q in qterms], "stems": stems}

    def explain(self, terms: list[tuple[str, bool]]) -> ExplainAnswer:
        """How a parsed query is read: its terms, tokens, stems, and what each slot may match."""
        qterms, _ = self.plan_terms(terms)
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

    # -- planning and scoring

    def plan_terms(self, terms: list[tuple[str, bool]]) -> tuple[list[QueryTerm], dict[str, Postings]]:
        """Tokenize the terms, resolve every slot against the index (query.py), fetch postings.

        A term of a base's dictionary whose items the delta all removed is no term: planning
        runs again without it, so a refreshed library plans as one rebuilt from its items.
        """
        index = self.index
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

    def candidates(
        self,
        qterms: list[QueryTerm],
        where: str,
        params: list,
        lists: dict[str, Postings],
        pool: int,
        exclude_id: int | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Top `pool` docs by BM25F over the query's slots, filters applied, and their relevance."""
        docs, total, _ = self.scored(qterms, where, params, lists, pool, exclude_id)
        return docs, total

    def scored(
        self,
        qterms: list[QueryTerm],
        where: str,
        params: list,
        lists: dict[str, Postings],
        pool: int,
        exclude_id: int | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """As `candidates`, with a third array: the share of the query's terms each doc matches
        (1.0: a whole match: the pasted command, the identifier, every word of a question; a term
        of stopwords alone is no term). Whole matches are kept in the pool before any partial one."""
        index = self.index
        n_docs = len(index.ids)
        norm = self._norm()
        w_orig = float(self.cfg.original_weight)
        total = np.zeros(n_docs)
        matched = np.zeros(n_docs, dtype=bool)
        coverage = np.zeros(n_docs, dtype=np.int32)  # terms each doc matches
        n_terms = 0  # the query's terms with a searchable word: a whole match has every one

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
            n_terms += bool(slots)
            if not slots or any(s.required and not any(a in lists for a in s.alternatives) for s in slots):
                continue  # a token the item must have is in no item
            if len(slots) == 1 and len(slots[0].alternatives) == 1:  # each doc once: plain indexing adds
                (stem,) = slots[0].alternatives
                doc, score = scores(stem)
                total[doc] += score
                matched[doc] = True
                coverage[doc] += 1
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
                hit &= _in_order(index, q, hit)
            total += np.where(hit, term_score, 0.0)
            matched |= hit
            coverage += hit
        allowed = self._allowed_docs(where, params, exclude_id)
        if allowed is not None:
            matched &= allowed
        docs = np.flatnonzero(matched)
        whole = coverage[docs] == n_terms
        if len(docs) > pool:  # keep the best `pool`, whole matches first (ties by id: the lower id first)
            key = total[docs] + np.where(whole, total.max() + 1.0, 0.0)
            kth = np.partition(key, len(docs) - pool)[len(docs) - pool]
            docs, whole = docs[key >= kth], whole[key >= kth]
        order = np.lexsort((index.ids[docs], -total[docs], ~whole))[:pool]
        share = coverage[docs[order]] / max(n_terms, 1)
        return docs[order], total[docs[order]], share

    def _allowed_docs(self, where: str, params: list, exclude_id: int | None) -> np.ndarray | None:
        """A mask over docs of the items passing the filters (None: no filter)."""
        if where == "TRUE" and exclude_id is None:
            return None
        index = self.index
        mask = np.zeros(len(index.ids), dtype=bool)
        if where == "TRUE":
            mask[index.live] = True
        else:
            ids = self.snap.con.execute(f"SELECT i.id FROM live_items i WHERE {where}", params).fetchnumpy()["id"]
            mask[index.docs_of_ids(np.asarray(ids, dtype=np.int64))] = True
        if exclude_id is not None:
            mask[index.docs_of_ids(np.array([exclude_id]))] = False
        return mask

    def _norm(self) -> np.ndarray:
        """The BM25F length norm per doc for the configured original weight (cached)."""
        w_orig = float(self.cfg.original_weight)
        norm = self._norms.get(w_orig)
        if norm is None:
            index = self.index
            norm = ranking.length_norm(index.lengths, index.total_lengths, index.num_docs, ranking.weights(w_orig))
            self._norms = {w_orig: norm}
        return norm

    def rerank(
        self,
        found: tuple[np.ndarray, np.ndarray],
        recency_weight: float,
        limit: int | None = None,
        first: np.ndarray | None = None,
    ) -> list[Candidate]:
        """Relevance times recency decay, best first (ties: lower id), one item per copy group;
        the docs marked in `first` (whole matches) before the others."""
        docs, relevance = found
        if not len(docs):
            return []
        index = self.index
        now_us = (self._now().astimezone(UTC).replace(tzinfo=None) - _EPOCH) // timedelta(microseconds=1)
        age_days = np.maximum((now_us - index.times[docs]) / 86_400e6, 0.0)
        decay = 0.5 ** (age_days / self.cfg.recency_half_life_days)
        score = relevance * ((1 - recency_weight) + recency_weight * decay)
        ids = index.ids[docs]
        order = np.lexsort((ids, -score)) if first is None else np.lexsort((ids, -score, ~first))
        _, first = np.unique(index.copy_keys[docs][order], return_index=True)
        keep = order[np.sort(first)][:limit]
        return [
            Candidate(
                int(ids[k]),
                float(relevance[k]),
                _EPOCH + timedelta(microseconds=int(index.times[docs[k]])),
                int(index.copy_keys[docs[k]]),
                float(score[k]),
            )
            for k in keep
        ]

    # -- the hits as items

    def fetch_items(self, ids: list[int], stems: list[str] | None = None) -> dict[int, Item]:
        """Items by id; with `stems`, each with the atoms that contain one of them."""
        if not ids:
            return {}
        index = self.index
        rows = index.cached_rows(ids)
        if len(rows) != len(ids):  # ids it does not hold (a lean reader's index holds none)
            rows = rows_of(self.snap.con, self.snap.items_by_id_sql(ids, PUBLIC_COLUMNS))
        out: dict[int, Item] = {}
        stemmed = set(stems or [])
        texts = [a["text"] for r in rows for a in (r["atoms"] or [])] if stems is not None else []
        analyzed = iter(index.analyze(texts)) if texts else iter(())
        for r in rows:
            item = item_out(r)
            if stems is not None:
                matched = []
                for atom in item["atoms"]:
                    toks = next(analyzed)
                    found = {x for _, stem, parts in toks for x in (stem, *(ps for _, ps in parts))}
                    if found & stemmed:
                        matched.append(atom)
                item["matched_atoms"] = matched
            out[r["id"]] = item
        return out

    def copy_of(self, item_id: int) -> int | None:
        """The copy group of a live item (None when it is not one)."""
        docs = self.index.docs_of_ids(np.array([item_id]))
        return int(self.index.copy_keys[docs[0]]) if len(docs) else None


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
