"""How a search answer is laid out: facets counted over its hits, hits grouped by session.

The library answers a search with its best hits (at most `max_limit`), not with a count of
every match, so the facets count what the page shows: "project web (12)" means 12 of these
hits are in project web. Choosing a facet searches again with that filter, which may find
more of them than the count said. A value says which filters a click sets; the page turns
that into a link (`Filters.link`), a JSON client into its next request.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from typing import Any

from ..models import ATOM_KINDS, TRUST_VALUES
from .filters import Filters

MONTHS_SHOWN = 12


@dataclass(frozen=True)
class FacetValue:
    label: str
    count: int
    active: bool
    choose: dict[str, str | None]  # the filters a click sets: this value, or (when chosen) none


@dataclass(frozen=True)
class Facet:
    name: str  # the filter it sets
    title: str
    values: list[FacetValue]

    def as_json(self) -> dict[str, Any]:
        """For the JSON endpoint (`dataclasses.asdict` deep-copies and costs more than the counting)."""
        return {"name": self.name, "title": self.title, "values": [vars(v) for v in self.values]}


def _month_bounds(month: str) -> tuple[str, str]:
    """'2025-11' -> ('2025-11-01', '2025-12-01'), the library's [since, until)."""
    year, mon = int(month[:4]), int(month[5:7])
    start = date(year, mon, 1)
    end = date(year + (mon == 12), mon % 12 + 1, 1)
    return start.isoformat(), end.isoformat()


def _values(counts: Counter[str], name: str, filters: Filters, order: list[str] | None = None) -> list[FacetValue]:
    chosen = getattr(filters, name)
    labels = order if order is not None else sorted(counts, key=lambda v: (-counts[v], v))
    out = []
    for label in labels:
        if not counts[label] and label != chosen:
            continue
        active = label == chosen
        out.append(FacetValue(label, counts[label], active, {name: None if active else label}))
    return out


def facets(results: list[dict[str, Any]], filters: Filters) -> list[Facet]:
    """Project, source, kind, trust and month, each value with how many of `results` have it."""
    projects = Counter(r["project"] for r in results if r.get("project"))
    sources = Counter(r["source"] for r in results)
    kinds = Counter(k for r in results for k in {a["kind"] for a in r.get("atoms") or []})
    trust = Counter(r["trust"] for r in results)
    months = Counter((r.get("occurred_at") or "")[:7] for r in results if r.get("occurred_at"))
    out = [
        Facet("project", "Project", _values(projects, "project", filters)),
        Facet("source", "Source", _values(sources, "source", filters)),
        Facet("kind", "Has an atom of kind", _values(kinds, "kind", filters, list(ATOM_KINDS))),
        Facet("trust", "Trust", _values(trust, "trust", filters, list(TRUST_VALUES))),
    ]
    month_values = []
    for month in sorted(months, reverse=True)[:MONTHS_SHOWN]:
        since, until = _month_bounds(month)
        active = (filters.since, filters.until) == (since, until)
        choose = {"since": None, "until": None} if active else {"since": since, "until": until}
        month_values.append(FacetValue(month, months[month], active, choose))
    out.append(Facet("month", "Month", month_values))
    return [f for f in out if f.values]


def by_session(results: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Hits of one session together, each group where its best hit ranked."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in results:
        key = (r["source"], r.get("session_id") or f"item:{r['id']}")
        groups.setdefault(key, []).append(r)
    return list(groups.values())
