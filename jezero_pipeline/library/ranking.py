"""BM25F, defined once: the build stores its field-weighted term frequencies, the reader scores.

score(term, item) = idf(term) * (k1 + 1) * f / (f + k1 * (1 - b + b * dl / avgdl))
- f  = sum over fields of weight(field) * tf(term, field): the weights are applied before
  saturation (BM25F), so a word in the title and the summary is not counted twice at full
  strength. The build stores `f_base` (every field but the original, weights below) and
  `tf_original`; the original's weight is a search setting (`SearchConfig.original_weight`).
- dl = the item's length weighted the same way; avgdl its mean over the live items.
- idf = ln((N - df + 0.5) / (df + 0.5) + 1), N and df over the live items (DuckDB's
  match_bm25 uses log10: the same ranking). The reader counts N and df itself, so a library of
  a base and a delta scores exactly as one rebuilt from the same items.
`stored_f_base_sql` is the SQL form of the same weights; a test checks both forms agree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from .schema import FIELD_NAMES, TEXT_FIELDS

K1 = 1.2
B = 0.75
# Jezero's column weights (title 2.0, summary 1.0, questions 1.5, atoms 1.5, project 0.5), kept.
# `parts` are identifier parts (orders_customer_id -> customer): low, so a whole word ranks above
# a part; bench/RANKING.md found no difference between 0.1 and 1.0 on its corpus.
FIELD_WEIGHTS: dict[str, float] = {
    "title": 2.0,
    "summary": 1.0,
    "questions": 1.5,
    "atoms": 1.5,
    "project": 0.5,
    "parts": 0.3,
}
ORIGINAL = "original"
BASE_FIELDS = [n for n in FIELD_NAMES if n != ORIGINAL]


def idf(num_docs: int, df: np.ndarray | int) -> np.ndarray | float:
    """BM25 idf, never negative."""
    if isinstance(df, np.ndarray):
        return np.log((num_docs - df + 0.5) / (df + 0.5) + 1)
    return math.log((num_docs - df + 0.5) / (df + 0.5) + 1)


def weights(original_weight: float, field_weights: Mapping[str, float] = FIELD_WEIGHTS) -> dict[str, float]:
    """Every field's weight, the original's from the search settings."""
    return {**field_weights, ORIGINAL: float(original_weight)}


def length_norm(
    lengths: Mapping[str, np.ndarray], total_lengths: Mapping[str, int], num_docs: int, w: Mapping[str, float]
) -> np.ndarray:
    """k1 * (1 - b + b * dl / avgdl) per item; avgdl from exact integer totals (order-free)."""
    dl = sum(w[n] * lengths[n] for n in FIELD_NAMES)
    avgdl = sum(w[n] * total_lengths[n] for n in FIELD_NAMES) / max(num_docs, 1) or 1.0
    return K1 * (1 - B + B * dl / avgdl)


def term_frequency(f_base: np.ndarray, tf_original: np.ndarray, original_weight: float) -> np.ndarray:
    """f: the stored base part plus the original at its search-time weight."""
    return f_base.astype(np.float64) + float(original_weight) * tf_original


def bm25f(f: np.ndarray, norm: np.ndarray, term_idf: float) -> np.ndarray:
    """The score of one term in each item, from its f and the items' length norms."""
    return term_idf * (K1 + 1) * f / (f + norm)


def f_base(tf_by_field: Mapping[str, int], field_weights: Mapping[str, float] = FIELD_WEIGHTS) -> float:
    """The stored `f_base` of one (term, item), computed from its per-field frequencies."""
    return sum(field_weights[n] * tf_by_field.get(n, 0) for n in BASE_FIELDS)


def stored_f_base_sql(fno: str, tf: str, field_weights: Mapping[str, float] = FIELD_WEIGHTS) -> str:
    """SQL for one row's share of `f_base` (`fno` indexes FIELD_NAMES); summed per posting."""
    cases = " ".join(f"WHEN {i} THEN {field_weights[n]!r}" for i, n in enumerate(FIELD_NAMES) if n != ORIGINAL)
    return f"({tf} * CASE {fno} {cases} ELSE 0.0 END)"


ORIGINAL_FNO = FIELD_NAMES.index(ORIGINAL)
PARTS_FNO = FIELD_NAMES.index("parts")
assert FIELD_NAMES[:PARTS_FNO] == TEXT_FIELDS
