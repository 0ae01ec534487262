"""A decoded view of the lines that hold escapes, with every character mapped back.

Transcripts show text as JSON (`\\u0067hp_…`, and a JSON document inside a string:
`{\\"password\\": \\"…\\"}`, lines joined by `\\n`), shell ANSI-C quoting (`$'\\x67…'`, octal),
HTML (`&#x73;k_live_`, `&quot;`), and URLs (`%3Faccess_token%3D…`). Detectors run on the
decoded view too, and each span found there is mapped to the original characters, so the
marker replaces the escaped form. Only escapes that decode to printable ASCII count (ANSI
colour codes and escaped accents change nothing a detector looks at) besides a string's own
line breaks and tabs, and percent escapes only in a run of text that names a secret.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# A JSON string's escapes of a quote, a backslash, a slash and its line breaks and tabs.
_STRING_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "n": "\n", "r": "\r", "t": "\t"}
_STRING_ESCAPE_CHAR = "[" + re.escape("".join(_STRING_ESCAPES)) + "]"
STRING_ESCAPE = re.compile(r"\\" + _STRING_ESCAPE_CHAR)
_ESCAPE = re.compile(
    r"\\u(?P<u4>[0-9a-fA-F]{4})|\\u\{(?P<ub>[0-9a-fA-F]{1,6})\}|\\x(?P<x>[0-9a-fA-F]{2})|\\(?P<oct>[0-3][0-7]{2})"
    r"|\\(?P<js>" + _STRING_ESCAPE_CHAR + r")|&\#[xX](?P<hx>[0-9a-fA-F]{1,6});?|&\#(?P<dec>\d{1,7});?"
    r"|&(?P<ent>quot|amp|apos|lt|gt|sol|colon|equals|num|commat|lowbar|period|excl|dollar|percnt|plus|hyphen|lbrace|rbrace);"
    r"|%(?P<pct>[0-9a-fA-F]{2})"
)
_ENTITIES = {
    "quot": '"',
    "amp": "&",
    "apos": "'",
    "lt": "<",
    "gt": ">",
    "sol": "/",
    "colon": ":",
    "equals": "=",
    "num": "#",
    "commat": "@",
    "lowbar": "_",
    "period": ".",
    "excl": "!",
    "dollar": "$",
    "percnt": "%",
    "plus": "+",
    "hyphen": "-",
    "lbrace": "{",
    "rbrace": "}",
}
_SECRET_WORD = re.compile(r"pass|pwd|secret|token|key|auth|credential|session|sig", re.I)
_RUN_END = re.compile(r"[\s\"'<>]")
_RUN_REVERSED = re.compile(r"[^\s\"'<>]*")


@dataclass
class DecodedView:
    """Decoded text; character i came from original[starts[i]:ends[i]]. `meant`: the (start, end)
    of each original line holding a JSON string escape (`\\"`, `\\n`, …), which this view reads
    as it was meant, where the text as written glues an escape's letter to the word after it
    (`\\npubkey:` reads as a name `npubkey`)."""

    text: str
    starts: list[int]
    ends: list[int]
    meant: list[tuple[int, int]] = field(default_factory=list)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        return self.starts[start], self.ends[end - 1]


def _char(m: re.Match[str]) -> str | None:
    """The printable ASCII character an escape stands for, else None (left as written)."""
    g = m.lastgroup
    raw = m.group(g)
    if g in ("u4", "ub", "x", "hx"):
        code = int(raw, 16)
    elif g == "oct":
        code = int(raw, 8)
    elif g == "dec":
        code = int(raw)
    elif g == "ent":
        return _ENTITIES[raw]
    elif g == "js":
        return _STRING_ESCAPES[raw]
    else:  # pct
        code = int(raw, 16)
    return chr(code) if 0x20 <= code < 0x7F else None


def _run_start(text: str, pos: int) -> int:
    """Where the run of non-space text that reaches `pos` starts: read back a window at a time (a
    reversed copy and one match, not a regex call per character), a longer one while it fills."""
    reach = 64
    while True:
        lo = max(0, pos - reach)
        back = _RUN_REVERSED.match(text[lo:pos][::-1]).end()
        if back < pos - lo or lo == 0:
            return pos - back
        reach *= 4


def _names_secret(text: str, pos: int) -> bool:
    """The run of non-space text around `pos` names a secret (a percent escape counts there only)."""
    start = _run_start(text, pos)
    end_m = _RUN_END.search(text, pos)
    end = end_m.start() if end_m else len(text)
    return _SECRET_WORD.search(text, start, end) is not None


def decode_view(text: str) -> DecodedView | None:
    """The decoded lines of `text` that hold at least one decodable escape, else None."""
    if "\\" not in text and "&" not in text and "%" not in text:
        return None
    lines: dict[int, list[tuple[int, int, str]]] = {}  # line start -> escapes in it
    string_lines: set[int] = set()  # those holding a JSON string escape
    for m in _ESCAPE.finditer(text):
        ch = _char(m)
        if ch is None or (m.lastgroup == "pct" and not _names_secret(text, m.start())):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        lines.setdefault(line_start, []).append((m.start(), m.end(), ch))
        if m.lastgroup == "js":
            string_lines.add(line_start)
    if not lines:
        return None
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    meant: list[tuple[int, int]] = []
    for line_start, escapes in sorted(lines.items()):
        line_end = text.find("\n", line_start)
        line_end = len(text) if line_end == -1 else line_end
        if line_start in string_lines:
            meant.append((line_start, line_end))
        pos = line_start
        for es, ee, ch in escapes:
            out.append(text[pos:es])
            starts.extend(range(pos, es))
            ends.extend(range(pos + 1, es + 1))
            out.append(ch)
            starts.append(es)
            ends.append(ee)
            pos = ee
        out.append(text[pos:line_end] + "\n")
        starts.extend(range(pos, line_end + 1))
        ends.extend(range(pos + 1, line_end + 2))
    return DecodedView("".join(out), starts, ends, meant)
