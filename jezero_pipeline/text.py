"""The one copy of the small text helpers every layer uses.

Cleaning terminal escapes, hashing, time parsing, middle cuts and the loopback test were
written more than once before, and two copies drifted into bugs; each lives here now.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

# ESC-introduced sequences a terminal would act on: CSI (colours, cursor moves; also 8-bit),
# OSC (window titles, hyperlinks; ended by BEL or ESC \), DCS/SOS/PM/APC strings, two-byte escapes.
_TERMINAL_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
    r"|\x1b[ -/]*[0-~]"
)
# What is left: C0 controls except tab and newline, DEL, C1 controls (incl. 8-bit CSI).
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean_text(value: str) -> str:
    """Lone surrogates become U+FFFD and terminal control/escape sequences are removed.

    Text from transcripts, imports and model answers is printed in terminals later. A
    surrogate pair split into two code points (as json.loads may produce) is rejoined.
    """
    if value.isascii() and _CONTROL_CHARS.search(value) is None:
        return value  # the common case: no surrogate, and every escape sequence starts with a control
    value = value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    value = _TERMINAL_SEQUENCE.sub("", value)
    return _CONTROL_CHARS.sub("", value)


def sha256(text: str) -> str:
    """Hex SHA-256 of a text; lone surrogates are hashed as they are, never rejected."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def digest(values: Iterable[str]) -> str:
    """16 hex characters identifying a set of strings (order does not matter)."""
    h = hashlib.sha256()
    for v in sorted(values):
        h.update(v.encode("utf-8", "surrogatepass") + b"\n")
    return h.hexdigest()[:16]


def parse_time(value: Any) -> datetime | None:
    """ISO-8601 (Z or offset; naive means UTC) or epoch seconds/milliseconds, else None."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        if isinstance(value, (int, float)):
            v = float(value)
            return datetime.fromtimestamp(v / 1000 if v > 1e11 else v, tz=UTC)
        s = str(value).strip()
        if re.fullmatch(r"\d+(\.\d+)?", s):
            return parse_time(float(s))
        dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        return dt if dt.tzinfo else dt.replace(tzinfo=UTC)
    except (ValueError, OverflowError, OSError):
        return None


def middle_cut(text: str, limit: int) -> str:
    """Keep both ends of an over-long text with Jezero's marker in between."""
    if len(text) <= limit:
        return text
    keep = max((limit - 40) // 2, 0)
    omitted = len(text) - 2 * keep
    return f"{text[:keep]}[... {omitted} characters omitted ...]{text[len(text) - keep :]}"


def is_loopback(host: str | None) -> bool:
    """True for this machine only: `localhost`, `*.localhost` (RFC 6761) and loopback IPs."""
    if not host:
        return False
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_USERINFO = re.compile(r"(?P<scheme>[a-zA-Z][a-zA-Z0-9+.-]*://)(?P<userinfo>[^/@\s]*@)")


def mask_url(url: str) -> str:
    """The URL with any user-info (`user:password@`) replaced by `***@`: a URL in an error
    message or a log line never carries the credentials it was given."""
    return _USERINFO.sub(lambda m: f"{m['scheme']}***@", url)
