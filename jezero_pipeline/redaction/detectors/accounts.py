"""Secrets that mail carries: one-time codes and the tokens in account links.

A one-time code is a short number that is secret only by what surrounds it ("Your
verification code is 493027", "G-482913 is your Google verification code"): it is found next
to a code phrase, never as a bare number, so build times and zip codes stay. It is reported
as trusted, since digits never pass the value test that tells a placeholder from a key. An
account link (password reset, magic sign-in, invitation, e-mail confirmation) carries its
token in a path segment or a query value: a random-looking part of a URL whose path or query
names such an action is reported.
"""

from __future__ import annotations

import re

from ..values import HEX_RE, random_looking
from .base import Scan

_CODE = r"(?P<code>(?:[A-Z]{1,3}-)?(?:\d{4,8}|\d{3,4}[- ]\d{3,4}))(?![\w-])"
_KIND = (
    r"(?:verification|security|login|log-in|sign[- ]?in|confirmation|authentication|auth|access|"
    r"one[- ]time|single[- ]use|2fa|mfa|two[- ]factor|otp|backup|recovery)"
)
_NOUN = r"(?:code|pin|passcode|password|number|token)"
# "verification code is 493027", "OTP: 123456", "use code 839201", "your code is 4821", "PIN 4821"
_CODE_AFTER = re.compile(
    rf"(?<![\w-])(?:{_KIND}[ \t]*{_NOUN}?|passcode|otp|pin|your[ \t]+{_NOUN}|use[ \t]+(?:the[ \t]+)?code|"
    rf"enter[ \t]+(?:the[ \t]+|this[ \t]+)?code)"
    r"(?:[ \t]+(?:is|was|will[ \t]+be))?[ \t]*[:=\-–]?[ \t]*[\"'“]?" + _CODE,
    re.I,
)
# "493027 is your verification code", "G-482913 is your Google verification code." The noun may be
# followed by anything but a letter (a digit too: "code582014", as a redacted neighbour leaves it).
_CODE_BEFORE = re.compile(
    r"(?<![\w-])" + _CODE + rf"[ \t]+is[ \t]+your[ \t]+(?:[\w-]+[ \t]+){{0,3}}?(?:{_KIND}[ \t]+)?{_NOUN}(?![^\W\d_])",
    re.I,
)
_TRIGGERS = ("code", "otp", "pin", "passcode", "password", "token")
_DIGITS = re.compile(r"\d{3,8}")
_REACH = 120  # the longest code phrase before or after a code, with room to spare
_URL = re.compile(r"https?://[^\s<>\"'`)\]}]+", re.I)
_ACCOUNT_ACTION = re.compile(
    r"reset|passw|magic|verif|confirm|activat|invit|unlock|recover|one[-_]?time|log-?in|sign-?in|auth|otp|token",
    re.I,
)
_URL_PART = re.compile(r"[A-Za-z0-9_\-.~%+]{16,}")


def detect_one_time_codes(scan: Scan) -> None:
    """Short codes next to a code phrase, after it or before "is your … code".

    Every code holds a run of digits, so the phrases are searched only in the stretches of text
    within reach of one (merged where they overlap), not at every character of a transcript.
    """
    lower = scan.lower
    if not any(t in lower for t in _TRIGGERS):
        return
    text = scan.text
    for lo, hi in _near_digits(text):
        for rx in (_CODE_AFTER, _CODE_BEFORE):
            for m in rx.finditer(text, lo, hi):
                scan.add(m.start("code"), m.end("code"), "one_time_code", trusted=True)


def _near_digits(text: str) -> list[tuple[int, int]]:
    """Stretches within `_REACH` of a run of digits, merged; their ends are `_REACH` from any digit."""
    out: list[tuple[int, int]] = []
    for d in _DIGITS.finditer(text):
        lo, hi = max(0, d.start() - _REACH), min(len(text), d.end() + _REACH)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def detect_account_links(scan: Scan) -> None:
    """The random part of a password-reset, magic sign-in, invitation or confirmation link."""
    text = scan.text
    if "://" not in text:
        return
    for m in _URL.finditer(text):
        url = m.group()
        after_host = url.find("/", url.find("://") + 3)
        if after_host == -1 or not _ACCOUNT_ACTION.search(url, after_host):
            continue
        for part in _URL_PART.finditer(url, after_host):
            value = part.group().rstrip(".")
            if random_looking(value, 16) or (len(value) >= 20 and HEX_RE.match(value)):
                scan.add(m.start() + part.start(), m.start() + part.start() + len(value), "account_link")
