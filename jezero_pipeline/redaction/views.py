"""Other readings of a text that detectors run on besides the text itself, each mapped back.

A secret is written in a form the rules read (a `$ ` prompt before a command, a key block's
lines from their start, a JSON pair), but a transcript often shows that form wrapped: escaped
inside a string (`escapes`), or behind line numbers, grep's `path:12:` or a diff's `+`
(`gutters`). Each view unwraps one of these, and a span found in it is mapped back onto the
characters that wrote it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .escapes import decode_view
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


def views(text: str) -> list[View]:
    """The readings of `text` detectors run on besides the text itself: decoded (and decoded
    again, for a JSON document inside a JSON string) and without its lines' gutters."""
    found: list[View] = []
    decoded = decode_view(text)
    if decoded is not None:
        found.append(decoded)
        twice = decode_view(decoded.text)
        if twice is not None:
            found.append(Within(decoded, twice))
    bare = gutter_view(text)
    if bare is not None:
        found.append(bare)
    return found
