"""Search by meaning beside full-text search: the vector candidates, and their fusion with the
lexical ones (bench/MEANING.md measured the choices).

- semantic: the `candidate_pool` live items most similar to the query's vector (cosine over
  the int8 vectors, lifted for items in sparse parts of the library: library/vectors.py),
  filters applied, one per copy group.
- hybrid: whole lexical matches first (items that match every term of the query some item
  matches: a pasted command, an identifier, a quoted phrase), in lexical order; then the rest
  of both lists by reciprocal rank fusion, w/(RRF_K + rank) from each list an item is in, a
  lexical hit weighed by the share of the query's terms it matches (to the fourth power).
  An exact identifier therefore ranks as sharply as in lexical search, and a question in
  other words, which full text finds nothing for, is answered by the vectors.
"""

from __future__ import annotations

import numpy as np

from .search import Candidate, Search
from .vectors import VectorIndex

RRF_K = 60  # the usual constant: a list's 1st and 10th differ by 15%, not 10x
LEXICAL_WEIGHT = 1.0
VECTOR_WEIGHT = 1.0
# A lexical hit's weight is its share of the query's terms to this power: a question in other
# words matches a few common words of many items, and at 2 those re-ordered the vector list's
# top (dev hit@5 0.49 at 2, 0.50 from 3 to 8, as by vectors alone).
SHARE_POWER = 4.0


def semantic(search: Search, vectors: VectorIndex, query: np.ndarray, where: str, params: list, n: int | None
             ) -> list[Candidate]:  # fmt: skip
    """The items nearest the query vector, by similarity alone, one per copy group.

    Why no recency here: the recency multiplier was tuned on BM25 scores (bench/RANKING.md),
    whose spread over a query's candidates is wide; a sentence model's cosines sit in a narrow
    band, where the same multiplier reorders by date rather than by meaning (on the paraphrase
    set's dev questions, hybrid hit@5 0.433 with it, 0.452 without). Recency still ranks the
    lexical list that hybrid search fuses with this one."""
    allowed = search._allowed_docs(where, params, None)
    docs, sims = vectors.nearest(query, allowed, search.cfg.candidate_pool)
    return search.rerank((docs, np.maximum(sims.astype(np.float64), 0.0)), 0.0, n)


def fuse(
    whole: list[Candidate],
    lexical: list[Candidate],
    nearest: list[Candidate],
    n: int,
    shares: list[float] | None = None,
) -> list[Candidate]:
    """Whole lexical matches, then both lists fused by reciprocal rank; one item per copy group.
    `shares`: the share of the query's terms each lexical candidate matches, which weighs its
    rank (a hit on one word of a long question is weak evidence). A fused candidate's `score`
    is its fused score, `relevance` its lexical one (or its similarity when only the vectors found it)."""
    out: list[Candidate] = []
    seen: set[int] = set()
    for c in whole:
        if c.copy not in seen:
            seen.add(c.copy)
            out.append(c)
    fused: dict[int, list] = {}  # copy group -> [fused score, its candidate (the lexical one when both)]
    weights = (
        [LEXICAL_WEIGHT * s**SHARE_POWER for s in shares] if shares is not None else [LEXICAL_WEIGHT] * len(lexical)
    )
    for ranked, wts in ((lexical, weights), (nearest, [VECTOR_WEIGHT] * len(nearest))):
        for rank, (c, weight) in enumerate(zip(ranked, wts), 1):
            if c.copy not in seen:
                fused.setdefault(c.copy, [0.0, c])[0] += weight / (RRF_K + rank)
    for score, c in sorted(fused.values(), key=lambda e: (-e[0], e[1].id)):
        out.append(Candidate(c.id, c.relevance, c.occurred_at, c.copy, score))
    return out[:n]
