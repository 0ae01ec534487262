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
import string

from ..shapes import HEX_RE, hash_shaped, is_uuid, random_looking
from .base import DIGIT_CLASS, Scan
from .web import image_source

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
# The code may follow a run of dashes ("-----END ... KEY-----582014 is your code"): a redacted
# neighbour ends in "]", and the code must be found whether the neighbour is redacted yet or not.
_CODE_BEFORE = re.compile(
    r"(?:(?<![\w-])|(?<=--))"
    + _CODE
    + rf"[ \t]+is[ \t]+your[ \t]+(?:[\w-]+[ \t]+){{0,3}}?(?:{_KIND}[ \t]+)?{_NOUN}(?![^\W\d_])",
    re.I,
)
TRIGGERS = ("code", "otp", "pin", "passcode", "password", "token")
_CODE_DIGITS = re.compile(r"\d{3,}(?![\w-])")  # a run of digits a code can end with
_REACH = 120  # the longest code phrase before or after a code, with room to spare
_URL = re.compile(r"https?://[^\s<>\"'`)\]}]+", re.I)
_ACCOUNT_ACTION = re.compile(  # at a word's start: `SqlAdminPassword` in a path names a secret, not an action
    r"(?<![a-zA-Z])(?:reset|passw|magic|verif|confirm|activat|invit|unlock|recover|one[-_]?time|log-?in|sign-?in"
    r"|auth|otp|token)",
    re.I,
)
# The same words for lower-cased ASCII: without re.I a search skips to where a word can start.
_ACCOUNT_ACTION_LOWER = re.compile(_ACCOUNT_ACTION.pattern)
_URL_PART = re.compile(r"[A-Za-z0-9_\-.~%+]{16,}")
_NAMED_PART = re.compile(r"(?:[a-z]+|\d+)(?:[\-_.](?:[a-z]+|\d+)){2,}")  # three or more words and numbers
# A query parameter that names a flow, a request or a step, not a credential.
_NOT_TOKEN_PARAM = re.compile(
    r"[?&](?:(?:[a-z]+[_\-])?(?:ids?|flow|state|nonce|challenge|execution|request|scope|type|sign)|x-amz-(?:algorithm|date|expires))=$",
    re.I,
)  # a signed URL's algorithm, time and lifetime, an OAuth request's scope and response type are no token


def detect_one_time_codes(scan: Scan) -> None:
    """Short codes next to a code phrase, after it or before "is your … code".

    Every code holds a run of digits, so the phrases are searched only in the stretches of text
    within reach of one (merged where they overlap), not at every character of a transcript;
    in an ASCII stretch, only where a phrase can start (see `_phrase_matches`).
    """
    lower = scan.lower
    if not any(map(scan.has, TRIGGERS)):
        return
    stretches = _near_digits(scan)
    if not stretches:
        return  # no run of digits a code can end with (most lines)
    text = scan.text
    after = tuple(filter(scan.has, _AFTER_STARTS))  # a word absent from the text is in no stretch
    for lo, hi in stretches:
        for rx, starts in ((_CODE_AFTER, after), (_CODE_BEFORE, None)):
            for m in _phrase_matches(rx, starts, text, lower, lo, hi):
                scan.add(m.start("code"), m.end("code"), "one_time_code", trusted=True)


# Every word a `_CODE_AFTER` match can start with (lower-case), and the word every
# `_CODE_BEFORE` match holds.
_AFTER_STARTS = (
    "verification", "security", "login", "log-in", "sign", "confirmation", "auth", "access", "one",
    "single", "2fa", "mfa", "two", "otp", "backup", "recovery", "passcode", "pin", "your", "use", "enter",
)  # fmt: skip
_BEFORE_HOLDS = "your"
_WORD_ASCII = frozenset(string.ascii_letters + string.digits + "_-")  # what `(?<![\w-])` rejects


def _phrase_matches(
    rx: re.Pattern[str], starts: tuple[str, ...] | None, text: str, lower: str, lo: int, hi: int
) -> list[re.Match[str]]:
    """`rx.finditer(text, lo, hi)`, the same matches, found faster in ASCII stretches.

    The regex tried at every position is most of a transcript's redaction time. In ASCII text
    case-insensitive matching is matching the lower-cased text, so a match can start only where
    one of its start words occurs (`starts`), and a `_CODE_BEFORE` match needs "your": the regex
    is tried only there, in order, each after the end of the last match, as finditer would.
    Other text (where Unicode case folding may make ASCII letters of other characters) is
    scanned whole.
    """
    if not lower.isascii() and not lower[lo:hi].isascii():
        return list(rx.finditer(text, lo, hi))
    if starts is None:
        return list(rx.finditer(text, lo, hi)) if lower.find(_BEFORE_HOLDS, lo, hi) != -1 else []
    found = set()
    for word in starts:
        p = lower.find(word, lo, hi)
        while p != -1:
            found.add(p)
            p = lower.find(word, p + 1, hi)
    out = []
    pos = lo
    for p in sorted(found):
        if p < pos or (p > 0 and text[p - 1] in _WORD_ASCII):
            continue  # inside a word: the regex's own look-behind would fail here
        m = rx.match(text, p, hi)
        if m:
            out.append(m)
            pos = max(m.end(), p + 1)
    return out


def _near_digits(scan: Scan) -> list[tuple[int, int]]:
    r"""Stretches within `_REACH` of a run of digits that can end a code, merged.

    A code ends where its digits do, before no word character or dash (`(?![\w-])`), so only
    those runs of 3 or more digits count; in prose most runs of digits (dates, versions, ids,
    times) do not, which keeps the stretches searched for a code phrase few and short. In ASCII
    text the runs are read from the scan's digit runs (a table lookup, not a regex).
    """
    text = scan.text
    n = len(text)
    if text.isascii():
        runs = [(s, e) for s, e in scan.runs(DIGIT_CLASS, 3) if e == n or text[e] not in _WORD_ASCII]
    else:  # `\d` and `\w` are Unicode classes here
        runs = [(d.start(), d.end()) for d in _CODE_DIGITS.finditer(text)]
    out: list[tuple[int, int]] = []
    for start, end in runs:
        lo, hi = max(0, start - _REACH), min(n, end + _REACH)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


_CREDENTIAL_COLLECTIONS = ("/tokens/", "/keys/", "/api-keys/", "/api_keys/", "/apikeys/", "/credentials/")
_QUERY_NAME = re.compile(r"[?&]([^=&#]+)=")


def _action_at(url: str, after_host: int) -> int:
    """Where the URL's action starts: the first word of the path that says reset, verify,
    invite…, else its query when a query name says so (a query value, `tab=tokens`, does not);
    -1 for none. What comes before the action names something else: the tenant in
    `/<tenant-id>/oauth2/v2.0/token` is an id, not the token.

    In ASCII, case-insensitive matching is matching the lower-cased URL (as in `_phrase_matches`).
    """
    action = _ACCOUNT_ACTION
    if url.isascii():
        url, action = url.lower(), _ACCOUNT_ACTION_LOWER
    query_at = url.find("?", after_host)
    found = action.search(url, after_host, len(url) if query_at == -1 else query_at)
    if found:
        return found.start()
    return query_at if query_at != -1 and any(action.search(n) for n in _QUERY_NAME.findall(url, query_at)) else -1


def detect_account_links(scan: Scan) -> None:
    """The random part of a password-reset, magic sign-in, invitation or confirmation link."""
    text = scan.text
    if not scan.has("://"):
        return
    for m in _URL.finditer(text):
        url = m.group()
        after_host = url.find("/", url.find("://") + 3)
        action_at = -1 if after_host == -1 else _action_at(url, after_host)
        if action_at == -1:
            continue
        # an OAuth authorization request (it names the client), a vault's reference to a secret
        # (`…vault.azure.net/secrets/<name>/<version>`), an image every reader loads
        if "response_type=" in url or "/secrets/" in url or image_source(scan.lower, m.start() + url.find("://") + 3):
            continue
        # from the start of the path part that holds the action word (`/verify-3f9a…` is one part)
        for part in _URL_PART.finditer(url, url.rfind("/", after_host, action_at + 1)):
            value = part.group().rstrip(".")
            if "%2F" in value.upper():
                continue  # `redirect_uri=https%3A%2F%2F…`: a link, percent-encoded
            if url[part.start() - 1 : part.start()] == "=" and _NOT_TOKEN_PARAM.search(url, 0, part.start()):
                continue  # `login?flow=<uuid>`, `&state=…`: the flow's id, not its token
            if url[part.start() - 1] == "@" and hash_shaped(value):
                continue  # `git+https://…/oclc-auth-python.git@<sha>`: a pinned commit
            if is_uuid(value) and url[: part.start()].lower().endswith(_CREDENTIAL_COLLECTIONS):
                continue  # `/auth/tokens/<uuid>/`: a token's id in an API's collection of them, not the token
            if _NAMED_PART.fullmatch(value):
                continue  # `oasis-200401-wss-username-token-profile-1.0`: a document's name, words and numbers
            if random_looking(value, 16) or (len(value) >= 20 and HEX_RE.match(value)):
                # trusted: a link that resets, confirms or signs in carries a live token, even
                # one a filler-maker could have typed (`abc123def456…`)
                scan.add(m.start() + part.start(), m.start() + part.start() + len(value), "account_link", trusted=True)
