"""Text for HTML: cleaned of terminal escapes, escaped, and the hit words marked.

Highlighting follows the terminal's rule (`library/render.py`): a word lights up when it
starts with one of the query's words or one of the stems the search matched, so "fail"
marks "failing". Only the `<mark>` around a hit is markup; everything else is escaped text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from ..text import clean_text

_WORD = re.compile(r"\w+")
# A text with none of these is one `clean_text` leaves as it is (it removes escape sequences
# and controls and replaces lone surrogates), so most texts skip its work.
_MAY_NEED_CLEANING = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def clean(value: Any) -> Any:
    """A text without terminal escapes (a session can hold them); markup and non-texts pass as they are."""
    if isinstance(value, str) and not isinstance(value, Markup) and _MAY_NEED_CLEANING.search(value):
        return clean_text(value)
    return value


def hit_pattern(query: str, stems: Iterable[str] = ()) -> re.Pattern[str] | None:
    """A regex matching whole words that begin with a query word or stem (None: nothing to mark)."""
    words = {w.lower() for w in _WORD.findall(query or "") if len(w) > 1}
    words |= {s.lower() for s in stems if len(s) > 1}
    if not words:
        return None
    alts = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")\w*", re.IGNORECASE)


def highlight(text: str | None, pattern: re.Pattern[str] | None) -> Markup:
    """`text` cleaned and escaped, with each hit wrapped in <mark>."""
    text = clean(text or "")
    if pattern is None:
        return Markup(html.escape(text))
    out, last = [], 0
    for m in pattern.finditer(text):  # plain string work: a results page highlights a few hundred texts
        out.append(html.escape(text[last : m.start()]))
        out.append("<mark>" + html.escape(m.group()) + "</mark>")
        last = m.end()
    out.append(html.escape(text[last:]))
    return Markup("".join(out))
