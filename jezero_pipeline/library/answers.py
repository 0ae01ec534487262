"""The JSON answers of the library's tools (CLI `--json`, MCP), as typed dicts.

An answer's items are `Item`s, whose fields come from the item declaration (items.py).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from .items import Atom, Item

__all__ = [
    "Atom",
    "Item",
    "SearchAnswer",
    "ItemAnswer",
    "TimelineAnswer",
    "LaterBase",
    "LaterAnswer",
    "SourceRow",
    "SourcesAnswer",
    "StatsAnswer",
    "SlotPlan",
    "TermPlan",
    "ExplainAnswer",
]


class SearchAnswer(TypedDict):
    count: int
    results: list[Item]
    terms: list[str]  # the query's terms, as parsed
    stems: list[str]  # the index terms they were looked up as (expansions included)
    mode: NotRequired[str]  # lexical | semantic | hybrid: how the results were found
    notice: NotRequired[str]  # one line: why the vector side did not answer (the results are lexical)


class ItemAnswer(TypedDict):
    found: bool
    item: Item | None


class TimelineAnswer(TypedDict):
    count: int
    results: list[Item]


class LaterBase(TypedDict):
    id: int
    occurred_at: str | None


class LaterAnswer(TypedDict):
    found: bool
    item: LaterBase | None
    matched_by: str | None  # "subject" | "project_timeline"
    count: int
    later: list[Item]


class SourceRow(TypedDict):
    source: str
    items: int
    latest: str | None


class SourcesAnswer(TypedDict):
    count: int
    sources: list[SourceRow]


class StatsAnswer(TypedDict):
    path: str
    bytes: int  # base and delta files together
    items: int
    sources: int
    projects: int
    first: str | None
    last: str | None
    max_id: int | None
    atoms_by_kind: dict[str, int]
    items_by_trust: dict[str, int]
    schema_version: str | None
    built_at: str | None
    tokenizer: str | None
    delta_items: int  # items in the delta beside the base (merged when it grows)


class SlotPlan(TypedDict):
    word: str  # the query token (or identifier part) as the index lowers it
    alternatives: dict[str, float]  # index term -> weight; the best one present counts
    required: bool


class TermPlan(TypedDict):
    text: str
    phrase: bool
    words: list[str]  # every token, stopwords included
    stems: list[str | None]  # each token's stem (None: a stopword, not searched)
    slots: list[SlotPlan]


class ExplainAnswer(TypedDict):
    terms: list[TermPlan]
