"""Spans and the one rewrite: detectors mark spans on the original text, then one pass.

Why spans and one pass: rules applied in sequence over already-rewritten text lose secrets
(a PEM body whose BEGIN line an earlier rule consumed). Here every detector looks at the same
original text (and at its other readings, `views`: escapes decoded, lines without their
gutters; each mapped back), overlapping spans are merged, and the text is rewritten once.
Existing `[REDACTED:x]` markers are never split or counted again, so redacting twice equals
redacting once.

Defence in depth, not a guarantee.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import detectors
from .custom import compile_patterns, find_custom
from .escapes import STRING_ESCAPE
from .shapes import random_looking
from .values import MARKER_START, stands_in
from .views import views

MARKER_RE = re.compile(r"\[REDACTED:[A-Za-z0-9_.\-]{1,64}\]")
LITERAL_MIN_LEN = 8  # shorter configured secret values are too likely to be ordinary words
FIELD_GAP = "\n\n"  # between the fields of one record scanned as one text (`redact_texts`)


@dataclass(frozen=True)
class Span:
    """text[start:end] is a secret of this kind."""

    start: int
    end: int
    kind: str


def merge(found: Sequence[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Sorted, disjoint spans; the longer piece names a merged span (a key inside a PEM is a PEM)."""
    if len(found) < 2:
        return [(s, e, k) for s, e, k in found if e > s]  # nothing to sort or join (most texts)
    merged: list[list[Any]] = []
    for s, e, k in sorted(found, key=lambda t: (t[0], -t[1])):
        if e <= s:
            continue
        if merged and s < merged[-1][1]:
            last = merged[-1]
            if e > last[1]:
                if e - s > last[1] - last[0]:
                    last[2] = k
                last[1] = e
        else:
            merged.append([s, e, k])
    return [(s, e, k) for s, e, k in merged]


def subtract_markers(spans: list[tuple[int, int, str]], text: str) -> list[tuple[int, int, str]]:
    """Cut existing [REDACTED:x] markers out of spans, so a marker is never split or counted."""
    markers = [(m.start(), m.end()) for m in MARKER_RE.finditer(text)]
    if not markers:
        return spans
    result = []
    mi = 0
    for s, e, k in spans:
        while mi < len(markers) and markers[mi][1] <= s:
            mi += 1
        j = mi
        cur = s
        while j < len(markers) and markers[j][0] < e:
            ms, me = markers[j]
            if ms > cur:
                result.append((cur, ms, k))
            cur = max(cur, me)
            j += 1
        if cur < e:
            result.append((cur, e, k))
    # Leftover fragments that are only punctuation next to a marker are not secrets.
    return [(s, e, k) for s, e, k in result if any(map(str.isalnum, text[s:e]))]


def _rewritten(text: str, spans: Sequence[tuple[int, int, str]], start: int, end: int) -> str:
    """text[start:end] with each of `spans` (sorted, disjoint, inside it) replaced by its marker."""
    parts, pos = [], start
    for s, e, kind in spans:
        parts += [text[pos:s], f"[REDACTED:{kind}]"]
        pos = e
    parts.append(text[pos:end])
    return "".join(parts)


def _only_as_written(
    text: str, hit: tuple[int, int, str], meant: list[tuple[int, int]], seen: list[tuple[int, int, str]]
) -> bool:
    """`hit` lies in a line a view reads as meant (`View.meant`), no view found anything there,
    and the hit is not a random value with escapes inside it: the way the line is written made
    it (`\\nSHA256:…` read as one word `nSHA256`, `stale.\\n\\n---` as one value). A value that
    holds a random part between its escapes (`ab\\nCD12ef34GH56ij78`) may be written so: it stays,
    unless that part stands in (`a1b2c3d4e5f6\\nNEXT=1`: a placeholder and the next line)."""
    start, end, _ = hit
    if not any(ls <= start and end <= le for ls, le in meant) or any(s < end and start < e for s, e, _ in seen):
        return False
    inside = text[start + 1 : end - 1]
    parts = STRING_ESCAPE.split(text[start:end])
    return "\\" not in inside or not any(random_looking(part, 8) and not stands_in(part) for part in parts)


ECHO_MIN = 12  # a shorter secret may recur by chance (a word, a number)
ECHO_REACH = 2000  # how far around a secret its echo is looked for: a command's output, the next lines


def _echoes(text: str, spans: Sequence[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Each other place near a found secret where the same value is written again: a command's
    output that echoes its argument (`Saved the API key as …`), a value quoted twice. Found by
    position, an echo has nothing around it that says secret; the first sighting does."""
    out = []
    for s, e, kind in spans:
        value = text[s:e]
        if e - s < ECHO_MIN or not random_looking(value, ECHO_MIN):
            continue  # short, or words (`mg.example.dev` read as a password): an echo would spread a guess
        hi = min(len(text), e + ECHO_REACH)
        pos = text.find(value, max(0, s - ECHO_REACH), hi)
        while pos != -1:
            if pos != s:
                out.append((pos, pos + len(value), kind))
            pos = text.find(value, pos + 1, hi)
    return out


class Redactor:
    """Finds secrets and rewrites them as `[REDACTED:<kind>]` in one pass."""

    def __init__(
        self,
        extra_patterns: Sequence[str] = (),
        literals: Mapping[str, str] | None = None,
        enabled: bool = True,
    ) -> None:
        self.enabled = enabled
        self._custom = compile_patterns(list(extra_patterns))
        # Longest first so a secret that contains another is replaced whole.
        self._literals = sorted(
            ((label, v) for label, v in (literals or {}).items() if isinstance(v, str) and len(v) >= LITERAL_MIN_LEN),
            key=lambda lv: -len(lv[1]),
        )
        self.custom_timeouts = 0  # patterns that ran out of time: reported, not silently lost

    @classmethod
    def from_config(cls, cfg: Any) -> Redactor:
        """The redactor a config asks for: its extra patterns and the values of its secret env vars."""
        return cls(
            extra_patterns=cfg.redaction.extra_patterns,
            literals=cfg.secret_values(),
            enabled=cfg.redaction.enabled,
        )

    def spans(self, text: str) -> list[Span]:
        """The secrets in `text`, sorted and disjoint, never overlapping an existing marker."""
        return [Span(s, e, k) for s, e, k in self._found(text)]

    def _found(self, text: str) -> list[tuple[int, int, str]]:
        """`spans` as (start, end, kind) tuples: a rewrite needs no Span objects."""
        if not self.enabled or not text:
            return []
        found = detectors.find(text)
        seen: list[tuple[int, int, str]] = []
        meant: list[tuple[int, int]] = []
        for view in views(text):
            meant += view.meant
            for s, e, k in detectors.find(view.text):
                os_, oe = view.original_span(s, e)
                seen.append((os_, min(oe, len(text)), k))
        if meant and found:  # there a hit stands only where a view, reading as meant, agrees
            found = [h for h in found if not _only_as_written(text, h, meant, seen)]
        found += seen
        for label, value in self._literals:
            pos = text.find(value)
            while pos != -1:
                found.append((pos, pos + len(value), label))
                pos = text.find(value, pos + len(value))
        if self._custom:
            custom, timeouts = find_custom(self._custom, text)
            found += custom
            self.custom_timeouts += timeouts
        merged = merge(found)
        if merged and (echoes := _echoes(text, merged)):
            merged = merge(merged + echoes)
        if MARKER_START in text:
            merged = subtract_markers(merged, text)
        return merged

    def redact(self, text: str) -> tuple[str, int]:
        """(text with every secret replaced by its marker, how many were replaced)."""
        spans = self._found(text)
        return (_rewritten(text, spans, 0, len(text)) if spans else text), len(spans)

    def redact_texts(self, texts: Sequence[str]) -> tuple[list[str], int]:
        """The fields of one record redacted in one scan: (each text redacted, markers written).

        Why one scan: each scan has a fixed cost of every detector's call, which for the short
        fields of a record (a title, atoms, questions) is most of the cost. The fields are scanned
        as one text, a blank line apart, so a secret is found in a field as in the field alone,
        and context in a neighbouring field (a netrc `machine` line) can only add a marker. When
        a span would cross from one field into the next (a private key whose END line is missing
        runs to the end of the text), the record is redacted field by field instead.
        """
        if not self.enabled:
            return list(texts), 0
        joined = FIELD_GAP.join(texts)
        spans = self._found(joined)
        if not spans:
            return list(texts), 0
        bounds, start = [], 0
        for text in texts:
            bounds.append((start, start + len(text)))
            start += len(text) + len(FIELD_GAP)
        if any(s < end + len(FIELD_GAP) and e > end for s, e, _ in spans for _, end in bounds[:-1]):
            done = [self.redact(t) for t in texts]
            return [t for t, _ in done], sum(n for _, n in done)
        out, i = [], 0
        for start, end in bounds:
            j = i
            while j < len(spans) and spans[j][0] < end:
                j += 1
            out.append(_rewritten(joined, spans[i:j], start, end))
            i = j
        return out, len(spans)

    def redact_obj(self, obj: Any) -> tuple[Any, int]:
        """Redact every string value in nested dicts/lists/tuples; keys are left alone."""
        if isinstance(obj, str):
            return self.redact(obj)
        if isinstance(obj, dict):
            total = 0
            out = {}
            for k, v in obj.items():
                out[k], n = self.redact_obj(v)
                total += n
            return out, total
        if isinstance(obj, (list, tuple)):
            total = 0
            items = []
            for v in obj:
                r, n = self.redact_obj(v)
                items.append(r)
                total += n
            return (tuple(items) if isinstance(obj, tuple) else items), total
        return obj, 0
