"""Values that are secret only by what surrounds them.

A 40-character AWS secret key has no prefix: it is one near an access key id, or random
enough on its own. A UUID is a Heroku API key only right after a Heroku key name, a Twilio
account SID only on a line that names Twilio.
"""

from __future__ import annotations

import re

from ..shapes import HEX_RE, entropy_at_least
from .base import B64_CLASS, Scan
from .generic import label_says_not_secret

_AWS_ID = re.compile(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}")
_CAMEL_WORDS = re.compile(r"[A-Z]?[a-z]{3,}")
_URL_SAFE = ("-", "_")  # base64url's own characters, which the key's alphabet has not


def detect_aws_secret(scan: Scan) -> None:
    """40-char AWS secret keys: near an access key id, or random-looking on their own."""
    text = scan.text
    ids: list[int] | None = None
    for pos, end in scan.runs(B64_CLASS, 40):
        if end - pos != 40 or text[end : end + 1] == "=" or _glued_url_safe(text, pos, end):
            continue  # not the whole run: a piece of a longer base64url value (an RSA modulus, a token)
        v = text[pos:end]
        if HEX_RE.match(v) or v.isalpha():
            continue
        if ids is None:
            ids = [m.start() for m in _AWS_ID.finditer(text)]
        if any(abs(i - pos) <= 200 for i in ids) or (_aws_alone(v) and not label_says_not_secret(scan, pos)):
            scan.add(pos, end, "aws_secret_key")


def _glued_url_safe(text: str, pos: int, end: int) -> bool:
    """The run goes on past `-` or `_` (base64url's own characters, which the key's alphabet has
    not) into more key characters: `…M-JAVV…_b…` in a JWK's modulus. A run of dashes (`-----BEGIN`)
    is no such piece."""
    before = text[pos - 1 : pos] in _URL_SAFE and text[pos - 2 : pos - 1].isalnum()
    after = text[end : end + 1] in _URL_SAFE and text[end + 1 : end + 2].isalnum()
    return before or after


def _aws_alone(v: str) -> bool:
    digits = sum(map(str.isdigit, v))
    if digits < 2 or v.islower() or v.isupper() or not entropy_at_least(v, 4.3):
        return False
    if sum(len(w) for w in _CAMEL_WORDS.findall(v)) > 0.5 * len(v):
        return False  # word-like identifier
    return v.count("/") < 3  # a path, not a key


# A Heroku API key is a UUID right after a name that says so (`HEROKU_API_KEY=`, `heroku_key: "`,
# `heroku auth:token` and its output line); only separators may sit between, so the rule finds
# the same keys before and after other secrets nearby are rewritten.
_HEROKU = re.compile(
    r"heroku[a-z0-9_.:\- ]{0,30}?(?:key|token|auth[a-z]*|password|secret)s?[\"']?[ \t]*(?:[:=]|=>|is|was)?\s*[\"']?"
    r"(?P<uuid>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9a-f\-])"
)
_TWILIO_SID = re.compile(r"(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])")


PROVIDER_TRIGGERS = ("heroku", "twilio")


def detect_provider_context(scan: Scan) -> None:
    """Heroku API keys (UUIDs after a Heroku key name) and Twilio account SIDs on a line naming Twilio."""
    text, lower = scan.text, scan.lower
    for m in _HEROKU.finditer(lower) if scan.has("heroku") else ():
        scan.add(m.start("uuid"), m.end("uuid"), "heroku_key")
    pos = lower.find("twilio") if scan.has("twilio") else -1
    while pos != -1:
        start, end = scan.line_at(pos)
        for m in _TWILIO_SID.finditer(text, start, end):
            scan.add(m.start(), m.end(), "twilio_key")
        pos = lower.find("twilio", end)
