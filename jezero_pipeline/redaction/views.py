"""Other readings of a text that detectors run on besides the text itself, each mapped back.

A secret is written in a form the rules read (a `$ ` prompt before a command, a key block's
lines from their start, a JSON pair), but a transcript often shows that form wrapped: escaped
inside a string (`escapes`), behind line numbers, grep's `path:12:` or a diff's `+`
(`gutters`), or as the strings of a JSON list (a command's argv, a tool's output lines). Each
view unwraps one of these, and a span found in it is mapped back onto the characters that
wrote it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from .escapes import DecodedView, decode_view
from .gutters import gutter_view


class View(Protocol):
    """Another reading of a text whose spans map back onto the text; `meant`: the (start, end)
    of the text's lines it reads as they were meant, where the text as written misleads."""

    text: str
    meant: list[tuple[int, int]]

    def original_span(self, start: int, end: int) -> tuple[int, int]: ...


@dataclass(frozen=True)
class Within:
    """`inner`, a view of `outer`'s text, as a view of the text `outer` reads."""

    outer: View
    inner: View

    @property
    def text(self) -> str:
        return self.inner.text

    @property
    def meant(self) -> list[tuple[int, int]]:
        return []  # `outer` speaks for its lines

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        return self.outer.original_span(*self.inner.original_span(start, end))


_STRING = r'"(?:[^"\\\n]++|\\.)*+"'
# A JSON list of two or more strings (`["bash","-lc","cargo login …"]`, `["line 1","line 2"]`).
_STRING_LIST = re.compile(rf"\[[ \t]*{_STRING}(?:[ \t]*,[ \t]*{_STRING})+[ \t]*\]")
_ELEMENT = re.compile(_STRING)
# Where such a list can start: the pattern's own opening. Exact, and on prose faster than two
# `in` looks for `["` and `[ "` (the engine skips from one `[` to the next).
_LIST_OPENING = re.compile(r'\[[ \t]*"')


def _add_element(
    text: str, bs: int, be: int, closer: str, parts: list[str], starts: list[int], ends: list[int]
) -> None:
    """Append a list element text[bs:be] as written, then `closer` standing for its closing quote."""
    parts.append(text[bs:be] + closer)
    starts.extend(range(bs, be + 1))
    ends.extend(range(bs + 1, be + 2))


def list_view(text: str) -> DecodedView | None:
    """The strings of each JSON list of strings in `text`, decoded, one to a line, as the lines
    or arguments they are (each line's end stands for the element's closing quote)."""
    if _LIST_OPENING.search(text) is None:
        return None
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for found in _STRING_LIST.finditer(text):
        for m in _ELEMENT.finditer(text, found.start(), found.end()):
            bs, be = m.start() + 1, m.end() - 1
            decoded = decode_view(text[bs:be])
            if decoded is None:
                _add_element(text, bs, be, "\n", parts, starts, ends)
            else:  # its own lines, decoded; the last one's end stands for the closing quote
                parts.append(decoded.text)
                starts.extend(bs + i for i in decoded.starts)
                ends.extend(bs + i for i in decoded.ends)
    return DecodedView("".join(parts), starts, ends) if parts else None


def argv_view(text: str) -> DecodedView | None:
    """Each JSON list of strings that holds a flag (`["redis-server", "--requirepass", "pw"]`) as
    the command line it stands for, its elements a space apart, one list to a line: a flag and
    its value, two elements, are then read together (each space stands for a closing quote)."""
    if '"-' not in text or _LIST_OPENING.search(text) is None:
        return None
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for found in _STRING_LIST.finditer(text):
        elements = [(m.start() + 1, m.end() - 1) for m in _ELEMENT.finditer(text, found.start(), found.end())]
        if not any(text.startswith("-", bs) for bs, _ in elements) or "\\" in text[found.start() : found.end()]:
            continue  # no flag, or escapes (the list view reads those lines decoded)
        for i, (bs, be) in enumerate(elements):
            _add_element(text, bs, be, "\n" if i == len(elements) - 1 else " ", parts, starts, ends)
    return DecodedView("".join(parts), starts, ends) if parts else None


def views(text: str) -> list[View]:
    """The readings of `text` detectors run on besides the text itself: decoded (and decoded
    again, for a JSON document inside a JSON string), without its lines' gutters, its JSON
    lists of strings one element to a line, and those that hold a flag as command lines (in
    the text, or in it decoded)."""
    found: list[View] = []
    decoded = decode_view(text)
    if decoded is not None:
        found.append(decoded)
        twice = decode_view(decoded.text)
        if twice is not None:
            found.append(Within(decoded, twice))
        argv = argv_view(decoded.text)  # a command's list inside a JSON string (`[\"redis-server\", …]`)
        if argv is not None:
            found.append(Within(decoded, argv))
    for view in (gutter_view(text), list_view(text), argv_view(text)):
        if view is not None:
            found.append(view)
    return found
