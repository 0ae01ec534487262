"""A view of the lines that carry a gutter, with the gutter cut off and every character mapped back.

Tools print a file's lines behind something that is not the file: line numbers (`cat -n`,
`nl`, `less -N`, an agent's file reader's `    12→`), grep's `path:12:`, a diff's `+`, a
quote's `> `, a REPL's `>>> `, a list's `- `, a log line's time and level, syslog's host and
tag, a container's `web-1  | ` or `[pod/…] `, an indent before a shell prompt, or the
`[time] role: ` that starts each message of a segment (only where a prompt or a blob, quoted or not, follows:
there a rule needs a line's start; elsewhere every message would be read twice). The rules
that read a line from its start (a key block and its body, a blob printed by `cat key`, netrc
and pgpass lines, a YAML block, a command after its `$ ` prompt) would miss what stands
behind it. Detectors run on this view too, as on the decoded one (`escapes`), and a span
found there is mapped back onto the original, so the marker lands where the secret is written.

Only lines with a gutter are in the view, each block of them after the line before it as
written (the `$ cat ~/.netrc` whose output is numbered): a text with no gutter costs one search.
The view only adds: a shape taken for a gutter (pgpass's `host.example:5432:`) loses nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

_OTHER = r"""
        [ \t]*\d{1,7}(?:→|\t|[ \t]*[│|:][ \t]?|[ \t]+)            # numbered: `    12→`, `    12\t`, `12 │ `, `12:`, `  12  `
        |\+(?!\+)[ \t]?|-(?!-)[ \t]?                             # a diff's added or removed line, a list's dash
        |>[ \t]?|\.\.\.[ \t]                                       # a quoted line, a REPL's `>>> ` and `... `
        |[*•][ \t]                                               # a bullet
        |\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?[ \t]
         (?:\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)\]?:?[ \t])?   # a log line's time, level
        |[A-Z][a-z]{2}[ ][ \d]\d[ ]\d\d:\d\d:\d\d[ ]\S{1,60}[ ][^\s:]{1,60}:[ ]   # syslog `Dec  7 01:22:33 host app[42]: `
        |\[(?!\d{4}-\d\d-\d\d[ ]\d\d:\d\d\])[^\[\]\n]{1,80}\][ \t]  # a tag: `[pod/api-7d9f5/api] ` (not a segment's time; no bracket inside)
        |[\w.-]{0,40}[-_]\d{1,3}[ \t]+\|[ \t]                       # a service's `web-1  | ` (docker compose)
        |\[\d{4}-\d\d-\d\d[ ]\d\d:\d\d\][ ][\w-]{1,20}:[ ](?:tool[ ]result:[ ][\w.:-]{1,60}:[ ])?
         (?=\$[ \t]|PS[ >]|["']?[A-Za-z0-9+/=_-]{32,}["']?[ \t]*(?:\r?\n|\Z)) # a segment's `[time] role: ` before a prompt or a blob
        |[ \t]+(?=\$[ \t]|PS[ >]|[A-Za-z]:\\)                    # an indent before a shell prompt
"""
# grep's `path:12:` (a path with a `.`, `/` or `\`; rg's column too), only first: after it,
# `host.example:5432:` is a line's own text (pgpass). Possessive: a line's first word is read
# once, not once per split.
_GREP = r"(?:[A-Za-z]:)?[\w~-]*+(?:[./\\][\w~-]*+)++:\d{1,7}:(?:\d{1,5}:)?"
_BODY = rf"(?:{_GREP}(?:{_OTHER}){{0,2}}|(?:{_OTHER}){{1,3}})(?=[ \t]*\S)"
# A gutter at the text's start, and one after a line break: a search that starts with a literal
# skips to each `\n` at memchr speed, where `(?m)^` is tried at every character (3× the time).
# A segment's own message line (`[time] role: text`, most lines of a segment) is passed over at
# once, unless a prompt or a blob follows its prefix (the one place that prefix is a gutter):
# without this, each was read three times over (as a log time, a tag and a segment prefix).
_PLAIN_MESSAGE = (
    r"(?!\[\d{4}-\d\d-\d\d[ ]\d\d:\d\d\][ ][\w-]{1,20}:[ ]"
    r"(?!tool[ ]result:[ ]|\$[ \t]|PS[ >]|[\"']?[A-Za-z0-9+/=_-]{32,}[\"']?[ \t]*(?:\r?\n|\Z)))"
)
_FIRST = re.compile(_PLAIN_MESSAGE + _BODY, re.X)
_AFTER_BREAK = re.compile(r"\n" + _PLAIN_MESSAGE + _BODY, re.X)


@dataclass
class GutterView:
    """Text without its lines' gutters; view offset `view_starts[i]` is original `starts[i]`, and
    the characters after it follow one for one to the end of that piece."""

    text: str
    view_starts: list[int]
    starts: list[int]

    @property
    def meant(self) -> list[tuple[int, int]]:
        """None: a gutter may be mistaken (pgpass's `host.example:5432:` reads as grep's
        `path:12:`), so what the text as written holds still counts."""
        return []

    def original(self, pos: int) -> int:
        i = bisect_right(self.view_starts, pos) - 1
        return self.starts[i] + pos - self.view_starts[i]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """A span within one line maps exactly; one across lines also covers the gutters inside it."""
        return self.original(start), self.original(end - 1) + 1


def gutter_view(text: str) -> GutterView | None:
    """The lines of `text` that start with a gutter, without it (see the module), else None."""
    gutters: list[tuple[int, int]] = []  # (line start, body start)
    first = _FIRST.match(text)
    if first is not None:
        gutters.append((0, first.end()))
    if "\n" in text:
        gutters += [(m.start() + 1, m.end()) for m in _AFTER_BREAK.finditer(text)]
    if not gutters:
        return None
    pieces: list[str] = []
    view_starts: list[int] = []
    starts: list[int] = []
    size = 0
    reached = 0  # where the last line in the view ended (its newline's place)
    for line_start, body in gutters:
        line_end = text.find("\n", body)
        if line_end == -1:
            line_end = len(text)
        if line_start > 0 and (line_start > reached + 1 or not pieces):
            before = text.rfind("\n", 0, line_start - 1) + 1  # the line above, as written
            pieces.append(text[before:line_start])
            view_starts.append(size)
            starts.append(before)
            size += line_start - before
        pieces.append(text[body:line_end] + "\n")
        view_starts.append(size)
        starts.append(body)
        size += line_end - body + 1
        reached = line_end
    return GutterView("".join(pieces), view_starts, starts)


def gutter_end(text: str, line_start: int) -> int:
    """Where the line starting at `line_start` has its text: after its gutter, if it has one.
    A gutter is no label (`web-1  | ` before a certificate's line does not name it)."""
    m = _FIRST.match(text, line_start)
    return line_start if m is None else m.end()
