"""Tables a command printed: which header cell stands above a value.

A CLI lists keys and tokens in columns (`NAME  KEY ID  CREATED`), two spaces or more apart; a
value under a column its header names an id, a digest or a fingerprint is that, whatever its
shape. Rows are lines, or the strings of a JSON list of lines (a tool result rendered so).
"""

from __future__ import annotations

import re

# A table's header cell that names ids, digests or fingerprints: the cells under it are no secrets.
_ID_HEADER = re.compile(r"(?i)(?:^|[ _\-])(?:ids?|fingerprints?|hash|digest|sha\d*)$")
_HEADER_CELL = re.compile(r"\S+(?: \S+)*")  # a header's cell: words one space apart


def id_column(text: str, start: int) -> bool:
    """The value at `start` stands in a table column whose header, in the row above and starting at
    the same place, names an id. Rows are lines, or the strings of a JSON list of lines."""
    row, above, above_end = _rows(text, start)
    if above < 0:
        return False
    column = start - row
    cell = _HEADER_CELL.match(text, above + column, above_end)
    if cell is None or (column and text[above + column - 1] != " "):
        return False
    return _ID_HEADER.search(cell.group()) is not None


_JSON_ROWS = ('", "', '","')  # between two strings of a JSON list of lines, as it is written


def _last_gap(text: str, lo: int, hi: int) -> tuple[int, int]:
    """(where the last gap between two strings of a JSON list in text[lo:hi] starts, its length), or (-1, 0)."""
    return max((text.rfind(gap, lo, hi), len(gap)) for gap in _JSON_ROWS)


def _rows(text: str, at: int) -> tuple[int, int, int]:
    """(where the row holding `at` starts, where the row above starts and ends); -1 for none above."""
    line_start = text.rfind("\n", 0, at) + 1
    gap, width = _last_gap(text, line_start, at)
    if gap != -1:
        before, before_width = _last_gap(text, line_start, gap)
        opened = text.rfind('["', line_start, gap)
        above = before + before_width if before != -1 else opened + 2 if opened != -1 else -1
        return gap + width, above, gap
    if line_start == 0:
        return 0, -1, -1
    return line_start, text.rfind("\n", 0, line_start - 1) + 1, line_start - 1
