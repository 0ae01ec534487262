"""Queries: parsing, the plan of what each word may match, and filters.

Nothing in a query is an operator: quotes only group, everything else is data (Jezero's
rules: 4096 characters, 64 distinct terms, 100 characters a term). A term is a word or a
"quoted phrase"; terms are OR-ed, as in Jezero; the tokens of one term must all occur in the
item, and a phrase's tokens must occur in order.

Each token becomes a *slot* the item must fill, with its alternatives:
- the token's stem, when it is a term of the index;
- prefix expansions (the raw words of the index that start with it) when it is not a term, or
  when it is the query's last token (people cut what they paste, or stop typing); suffix
  expansions when the query's first token is not a term (cut at its start). At most
  MAX_EXPANSIONS words, shortest first, and only for tokens of MIN_AFFIX_CHARS or more, so a
  one-letter prefix cannot explode;
- when none of that matches, the token's identifier parts (split at `_`, camelCase, digits):
  each part that is a term is required, cut parts at the ends expand and count when present;
- the query's first or last token, when nothing matches it (`ts/test_cache.py`, cut after
  "ts"), is left out rather than making its whole word unmatchable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from ..models import ATOM_KINDS, TRUST_VALUES

MAX_QUERY_CHARS = 4096
MAX_TERMS = 64
MAX_TERM_CHARS = 100
INT64_MAX = 2**63 - 1
MIN_AFFIX_CHARS = 3
MAX_EXPANSIONS = 32
# An expansion of a word that is itself a term counts half ("reset" also finds "resets", below
# it); an expansion of a cut word is what the word was, and counts fully.
EXPANSION_OF_TERM_WEIGHT = 0.5

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TERM = re.compile(r'"([^"]*)"|(\S+)')


class QueryError(ValueError):
    """A query the library cannot run: empty, bad date, bad filter. The message says why."""


class LibraryMissing(QueryError):
    """No library file yet."""


def parse_query(query: Any) -> list[tuple[str, bool]]:
    """Split a query into literal terms: (text, quoted) for words and "quoted phrases"."""
    if not isinstance(query, str):
        raise QueryError(f"query must be a string, got {type(query).__name__}")
    text = _CONTROL.sub(" ", query)
    if len(text) > MAX_QUERY_CHARS:
        cut = text[:MAX_QUERY_CHARS]
        space = cut.rfind(" ")
        text = cut[:space] if space > 0 else cut
    terms: list[tuple[str, bool]] = []
    seen: set[str] = set()
    for quoted, word in _TERM.findall(text):
        term = (quoted if quoted else word.replace('"', "")).strip()
        term = term[:MAX_TERM_CHARS].strip()
        if not term or term.lower() in seen:
            continue
        seen.add(term.lower())
        terms.append((term, bool(quoted)))
        if len(terms) == MAX_TERMS:
            break
    if not terms:
        raise QueryError("empty query: give one or more words to search for")
    return terms


@dataclass
class Token:
    """One token of a query term, as the index's own tokenizer and stemmer see it."""

    word: str  # lowered raw word
    stem: str | None  # None for a stopword
    parts: list[tuple[str, str | None]]  # identifier parts (word, stem), [] if it does not split
    offset: int  # position within its term (stopwords counted), for phrase order


@dataclass
class Slot:
    """One token the item must contain: alternatives (stem, weight), best one counts."""

    token: Token
    alternatives: dict[str, float] = field(default_factory=dict)
    required: bool = True
    positional: bool = True  # matched by whole words, so its position can be checked


@dataclass
class QueryTerm:
    """A word or a quoted phrase of the query, with the slots it needs."""

    text: str
    phrase: bool
    tokens: list[Token]
    slots: list[Slot] = field(default_factory=list)

    @property
    def stems(self) -> list[str]:
        """Every index term any of its slots may match."""
        return sorted({s for slot in self.slots for s in slot.alternatives})


@dataclass
class Affix:
    """An expansion to look up: words starting (or ending) with `text`."""

    text: str
    suffix: bool


def affixes_needed(terms: list[QueryTerm], known: set[str]) -> list[Affix]:
    """The expansions the plan may use, given the stems that are terms of the index."""
    out: list[Affix] = []
    tokens = [(t, tok) for t in terms for tok in t.tokens if tok.stem is not None]
    for i, (_, tok) in enumerate(tokens):
        first, last = i == 0, i == len(tokens) - 1
        is_term = tok.stem in known
        if len(tok.word) >= MIN_AFFIX_CHARS and (last or not is_term):
            out.append(Affix(tok.word, False))
        if first and not is_term and len(tok.word) >= MIN_AFFIX_CHARS:
            out.append(Affix(tok.word, True))
        if not is_term and tok.parts:
            for j, (pw, _) in enumerate(tok.parts):
                if len(pw) < MIN_AFFIX_CHARS:
                    continue
                if j == len(tok.parts) - 1 and last:
                    out.append(Affix(pw, False))
                if j == 0 and first:
                    out.append(Affix(pw, True))
    return out


def plan(terms: list[QueryTerm], known: set[str], expansions: dict[tuple[str, bool], list[str]]) -> None:
    """Fill each term's slots from the index's answers (`known` stems, affix `expansions`)."""
    tokens = [tok for t in terms for tok in t.tokens if tok.stem is not None]
    first = tokens[0] if tokens else None
    last = tokens[-1] if tokens else None
    for term in terms:
        term.slots = []
        for tok in term.tokens:
            if tok.stem is None:
                continue
            slot = Slot(tok)
            is_term = tok.stem in known
            if is_term:
                slot.alternatives[tok.stem] = 1.0
            weight = EXPANSION_OF_TERM_WEIGHT if is_term else 1.0
            for stem in expansions.get((tok.word, False), []) if (tok is last or not is_term) else []:
                slot.alternatives.setdefault(stem, weight)
            for stem in expansions.get((tok.word, True), []) if (tok is first and not is_term) else []:
                slot.alternatives.setdefault(stem, weight)
            if not slot.alternatives and tok.parts:
                term.slots += _part_slots(tok, tok is first, tok is last, known, expansions)
            elif slot.alternatives or not (tok is first or tok is last):
                term.slots.append(slot)
            # else: the query's first or last token, cut too short to match: it is left out


def _part_slots(
    tok: Token, first: bool, last: bool, known: set[str], expansions: dict[tuple[str, bool], list[str]]
) -> list[Slot]:
    """A token that matches nothing whole: its parts; a cut part at either end is optional."""
    slots = []
    for j, (pw, stem) in enumerate(tok.parts):
        if stem is None:
            continue
        slot = Slot(Token(pw, stem, [], tok.offset), positional=False)
        if stem in known:
            slot.alternatives[stem] = 1.0
        else:
            slot.required = False
            if j == len(tok.parts) - 1 and last:
                for s in expansions.get((pw, False), []):
                    slot.alternatives.setdefault(s, 1.0)
            if j == 0 and first:
                for s in expansions.get((pw, True), []):
                    slot.alternatives.setdefault(s, 1.0)
        if slot.alternatives:
            slots.append(slot)
    if not any(s.required for s in slots):
        return [Slot(tok)]  # nothing certain to require: the token cannot match
    return slots


# --------------------------------------------------------------------------- values and filters


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


def iso(dt: datetime | None) -> str | None:
    """A naive UTC datetime as ISO 8601 with its +00:00 offset."""
    return None if dt is None else dt.replace(tzinfo=UTC).isoformat()


def check_id(item_id: Any) -> int:
    """An item id as a 64-bit integer, or a QueryError saying what is wrong with it."""
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


def check_limit(limit: Any, default: int, cap: int) -> int:
    """A result count: the default when missing or not positive, never above `cap`."""
    if limit is None:
        return min(default, cap)
    try:
        n = int(limit)
    except (TypeError, ValueError):
        raise QueryError(f"limit must be an integer, got {limit!r}") from None
    if n <= 0:
        n = default
    return min(n, cap)


def filters(
    project: Any = None,
    source: Any = None,
    since: Any = None,
    until: Any = None,
    kind: Any = None,
    trust: Any = None,
    after: datetime | None = None,
) -> tuple[str, list]:
    """A WHERE clause over the items (alias `i`) and its parameters; "TRUE" when no filter."""
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
