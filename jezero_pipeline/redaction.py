"""Secret redaction: detectors mark spans on the original text, then one rewrite pass.

Why spans and one pass: rules applied in sequence over already-rewritten text lose secrets
(a PEM body whose BEGIN line an earlier rule consumed). Here every detector looks at the same
original text, overlapping spans are merged, and the text is rewritten once.

Why it is fast: each detector is a compiled regex with a literal start (so `re` skips ahead
in C) plus a cheap substring pre-filter; Python only runs on the few candidate matches.
Case-insensitive rules run on one lower-cased copy of the text instead of using re.I.

Defence in depth, not a guarantee.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import regex  # third-party: user patterns get a timeout, which stdlib `re` lacks

__all__ = ["Span", "Redactor", "MARKER_RE"]

MARKER_RE = re.compile(r"\[REDACTED:[A-Za-z0-9_.\-]{1,64}\]")
_MARKER_START = "[REDACTED:"
_CUSTOM_TIMEOUT_S = 0.5
_LITERAL_MIN_LEN = 8


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    kind: str


# --------------------------------------------------------------------------- value tests

_PLACEHOLDER_RE = re.compile(
    r"""(?ix)
    ^(?:
      x{3,}|\*{3,}|\.{3,}|…|-+|_+|0+|1234(?:5(?:678?)?)?|
      changeme|change[_-]?it|change[_-]?me|replace[_-]?me|todo|tbd|fixme|none|null|nil|undefined|
      true|false|yes|no|on|off|empty|redacted|hidden|masked|secret|password|passwd|pass|pwd|token|
      api[_-]?key|key|example|sample|test|testing|dummy|fake|foo|bar|baz|qux|abc|abc123|
      placeholder|value|string|str|bytes|int|bool|optional|secretstr|any|required|optional\[.*
    )$
    | ^your[_\-\s]  | [_\-]here$ | ^(?:my|the|some|an?)[_-]  | xxxx | \*\*\*\* | example
    | ^[<\[{(] | [>\]}]$ | ^%\(\w+\)s$ | ^%[A-Za-z_]\w*%$ | 12345678 | abcd-abcd
    """
)
_REFERENCE_RE = re.compile(r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(|\$\{\{|\{\{|<%|\$\d|%\{|#\{)")
_CODE_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::|->)[A-Za-z_][A-Za-z0-9_]*)*(?:\(.*|\[.*)?$")
_IDENT_WORDISH = re.compile(r"^[A-Za-z_]+$")
_HEX_RE = re.compile(r"^[0-9a-fA-F]+$")
_NUMBER_RE = re.compile(r"^[+-]?\d+(?:[.,]\d+)*$")
_WORD_RE = re.compile(r"[A-Z]?[a-z]{4,}|[A-Z]{5,}")
_TYPE_NAMES = frozenset(
    [
        "str",
        "string",
        "int",
        "bytes",
        "bool",
        "boolean",
        "float",
        "none",
        "optional",
        "secretstr",
        "any",
        "dict",
        "list",
        "text",
        "char",
        "varchar",
        "number",
        "object",
        "uuid",
    ]
)


def _entropy(s: str) -> float:
    n = len(s)
    if not n:
        return 0.0
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


def _is_placeholder(v: str) -> bool:
    return bool(v.startswith(_MARKER_START) or _REFERENCE_RE.match(v) or _PLACEHOLDER_RE.search(v) or len(set(v)) <= 2)


def _random_looking(v: str, min_len: int = 16) -> bool:
    """Opaque token shape: long, mixes letters and digits, not made of words."""
    if len(v) < min_len:
        return False
    digits = sum(c.isdigit() for c in v)
    letters = sum(c.isalpha() for c in v)
    if digits == 0 or letters == 0:
        return False
    wordy = sum(len(w) for w in _WORD_RE.findall(v))
    if wordy > 0.6 * len(v):
        return False
    return _entropy(v) >= 3.0


def _random_case(v: str) -> bool:
    """Letters only but with case flipping at random (`XgnCqjWmRbhVio`), unlike CamelCase words."""
    if len(v) < 10 or v.islower() or v.isupper():
        return False
    return sum(len(w) for w in _WORD_RE.findall(v)) < 0.3 * len(v) and _entropy(v) >= 3.0


_CAMEL_RE = re.compile(r"[a-z]*(?:[A-Z][a-z]+)+")


def _scrambled_letters(v: str) -> bool:
    """After a password name: letters in no word's shape (`GrzhNITQWRZTTx`), not camelCase."""
    upper = sum(c.isupper() for c in v)
    return len(v) >= 10 and upper >= 3 and len(v) - upper >= 3 and not _CAMEL_RE.fullmatch(v)


def _credential_like(v: str, min_len: int = 8) -> bool:
    """A value after Bearer/Authorization/URL params: not a placeholder, not one plain word."""
    if len(v) < min_len or _is_placeholder(v):
        return False
    if v.isalpha() and (v.islower() or v.istitle() or v.isupper()):
        return False
    return _entropy(v) >= 2.5


# --------------------------------------------------------------------------- detectors

Found = list  # list[tuple[int, int, str]]


_BOUNDARY = frozenset(string.ascii_letters + string.digits + "_-")

# (kind, pattern). Every pattern starts with a literal, so `re` finds candidates with a fast
# substring search instead of trying each position; the literal also serves as a pre-filter.
_PREFIX_RULES = [
    ("anthropic_key", r"sk-ant-[A-Za-z0-9_\-]{20,}"),
    ("openai_key", r"sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}"),
    ("groq_key", r"gsk_[A-Za-z0-9]{20,}"),
    ("xai_key", r"xai-[A-Za-z0-9_\-]{20,}"),
    ("huggingface_token", r"hf_[A-Za-z0-9]{20,}"),
    ("huggingface_token", r"api_org_[A-Za-z0-9]{20,}"),
    *[("github_token", rf"gh{c}_[A-Za-z0-9]{{30,}}") for c in "pousr"],
    ("github_token", r"github_pat_[A-Za-z0-9_]{40,}"),
    *[
        ("gitlab_token", rf"gl{p}-[A-Za-z0-9_\-]{{20,}}")
        for p in ("pat", "dt", "ptt", "rt", "cbt", "oas", "ft", "imt", "agent")
    ],
    ("npm_token", r"npm_[A-Za-z0-9]{30,}"),
    ("pypi_token", r"pypi-AgE[A-Za-z0-9_\-]{30,}"),
    ("aws_access_key", r"AKIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_access_key", r"ASIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_access_key", r"ABIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws_access_key", r"ACCA[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("google_api_key", r"AIza[0-9A-Za-z_\-]{35}"),
    ("slack_token", r"xox[abposre]-[0-9A-Za-z\-]{10,}"),
    ("slack_token", r"xapp-\d-[A-Za-z0-9\-]{10,}"),
    ("slack_webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{10,}"),
    ("discord_webhook", r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]{20,}"),
    ("stripe_key", r"sk_(?:live|test|prod)_[A-Za-z0-9]{16,}"),
    ("stripe_key", r"rk_(?:live|test|prod)_[A-Za-z0-9]{16,}"),
    ("stripe_key", r"whsec_[A-Za-z0-9+/=]{24,}"),
    ("sendgrid_key", r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}"),
    ("twilio_key", r"SK[0-9a-fA-F]{32}(?![A-Za-z0-9])"),
    ("mailgun_key", r"key-[0-9a-zA-Z]{32}(?![A-Za-z0-9])"),
    ("shopify_token", r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}(?![A-Za-z0-9])"),
    *[("digitalocean_token", rf"do{c}_v1_[a-f0-9]{{64}}(?![A-Za-z0-9])") for c in "opr"],
    ("heroku_key", r"HRKU-[A-Za-z0-9_\-]{20,}"),
    ("jwt", r"eyJ[A-Za-z0-9_\-]{8,}\.ey[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-+/]*=*"),
]
_LITERAL_HEAD = re.compile(r"(?:[^\\\[(.?*+{|]|\\\.)+")


def _literal_of(pattern: str) -> str:
    head = _LITERAL_HEAD.match(pattern)
    lit = head.group().replace("\\", "") if head else ""
    return lit[:-1] if len(lit) > 1 and pattern[len(head.group()) :][:1] in "?*{" else lit


_PREFIX_COMPILED = [(kind, _literal_of(p), re.compile(p)) for kind, p in _PREFIX_RULES]
# Telegram `123456789:AA…` and Discord `M….xxxxxx.…` tokens start with no literal: find their
# inner literal (":A" / ".") and check the part before in Python.
_TELEGRAM = re.compile(r":A[A-Za-z0-9_\-]{34}(?![A-Za-z0-9_\-])")
_TELEGRAM_BOT_ID = re.compile(r"\d{8,10}$")
_DISCORD = re.compile(r"\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}")
_DISCORD_HEAD = re.compile(r"[MNO][A-Za-z0-9_\-]{23,27}$")


def _prefix_detector(text: str, lower: str, out: Found) -> None:
    """Provider keys with fixed prefixes (sk-ant-, ghp_, AKIA, xoxb-, …)."""
    for kind, lit, rx in _PREFIX_COMPILED:
        if lit not in text:
            continue
        for m in rx.finditer(text):
            st = m.start()
            if st and text[st - 1] in _BOUNDARY and kind not in ("discord_webhook", "slack_webhook"):
                continue
            v = m.group()
            if kind == "openai_key" and not _random_looking(v[3:], 20):
                continue
            if kind == "aws_access_key" and len(set(v[4:])) < 6:
                continue  # AKIAXXXXXXXXXXXXXXXX
            out.append((st, m.end(), kind))
    if ":A" in text:
        for m in _TELEGRAM.finditer(text):
            bot = _TELEGRAM_BOT_ID.search(text, max(0, m.start() - 10), m.start())
            if bot and (
                bot.start() == 0
                or text[bot.start() - 1] not in _BOUNDARY
                or text[bot.start() - 3 : bot.start()] == "bot"
            ):
                out.append((bot.start(), m.end(), "telegram_token"))
    if "." in text:
        for m in _DISCORD.finditer(text):
            head = _DISCORD_HEAD.search(text, max(0, m.start() - 28), m.start())
            if head is None:
                continue
            st = head.start()
            if (st and text[st - 1] in _BOUNDARY) or not _random_looking(text[st : m.end()], 40):
                continue
            out.append((st, m.end(), "discord_token"))


_KEY_BEGIN = r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
_KEY_END = r"-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
_PEM_FULL = re.compile(_KEY_BEGIN + r"[\s\S]{0,20000}?" + _KEY_END)
_PEM_BEGIN = re.compile(_KEY_BEGIN)
_PEM_END = re.compile(_KEY_END)
_NL = r"(?:\r?\n|\\r\\n|\\n)"
# Body lines after a BEGIN with no END: base64 lines, PEM headers, truncation marks.
_PEM_BODY_FWD = re.compile(
    r"(?:"
    + _NL
    + r"[ \t]*(?:[A-Za-z0-9+/=]{4,200}|Proc-Type:[^\n\\]*|DEK-Info:[^\n\\]*|\.\.\.|\[\.\.\.[^\]\n]{0,40}\])?[ \t]*){0,400}"
)
_PEM_LINE = re.compile(r"[ \t]*(?:[A-Za-z0-9+/=]{4,200}|\.\.\.)[ \t]*")
_NL_SPLIT = re.compile(r"(" + _NL + r")")


def _pem_detector(text: str, lower: str, out: Found) -> None:
    """Private key blocks, also cut at either end or written with escaped newlines."""
    if "PRIVATE KEY" not in text:
        return
    covered: list[tuple[int, int]] = []
    for m in _PEM_FULL.finditer(text):
        out.append((m.start(), m.end(), "private_key"))
        covered.append((m.start(), m.end()))

    def inside(pos: int) -> bool:
        return any(a <= pos < b for a, b in covered)

    for m in _PEM_BEGIN.finditer(text):
        if inside(m.start()):
            continue
        body = _PEM_BODY_FWD.match(text, m.end())
        out.append((m.start(), body.end() if body else m.end(), "private_key"))
    for m in _PEM_END.finditer(text):
        if inside(m.start()):
            continue
        start = m.start()
        window_start = max(0, start - 20000)
        parts = _NL_SPLIT.split(text[window_start:start])
        # Walk back over newline separators and base64 lines until a non-body line. Only the
        # line next to END may be short; earlier body lines are full (64-76 chars).
        pos = start
        i = len(parts) - 1
        if parts and parts[-1].strip() == "":
            pos -= len(parts[-1])
            i -= 1
        first = True
        while i >= 1:
            line, sep = parts[i - 1], parts[i]
            body_line = bool(line.strip()) and _PEM_LINE.fullmatch(line) is not None
            if body_line and (first or len(line.strip()) >= 40 or _random_looking(line.strip(), 16)):
                pos -= len(sep) + len(line)
                i -= 2
                first = False
            else:
                break
        out.append((pos, m.end(), "private_key"))


_AWS_ID = re.compile(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}")
_CAMEL_WORDS = re.compile(r"[A-Z]?[a-z]{3,}")
# Base64 characters -> "a", "=" -> "=", everything else ASCII -> " ". A 40-char key is then a
# run of exactly 40 "a": found with str.find at C speed instead of a regex tried everywhere.
_B64_CLASS = {i: " " for i in range(128)}
_B64_CLASS.update({ord(c): "a" for c in string.ascii_letters + string.digits + "/+"})
_B64_CLASS[ord("=")] = "="
_RUN40 = "a" * 40
_NOT_A = re.compile(r"[^a]")


def _aws_secret_detector(text: str, lower: str, out: Found) -> None:
    """40-char AWS secret keys: near an access key id, or random-looking on their own."""
    cls = text.translate(_B64_CLASS)
    ids = None
    pos = cls.find(_RUN40)
    while pos != -1:
        end_m = _NOT_A.search(cls, pos)
        end = end_m.start() if end_m else len(cls)
        if end - pos == 40 and cls[end : end + 1] != "=":
            v = text[pos:end]
            if not (_HEX_RE.match(v) or v.isalpha()):
                if ids is None:
                    ids = [m.start() for m in _AWS_ID.finditer(text)]
                if any(abs(i - pos) <= 200 for i in ids) or _aws_alone(v):
                    out.append((pos, end, "aws_secret_key"))
        pos = cls.find(_RUN40, end)


def _aws_alone(v: str) -> bool:
    digits = sum(c.isdigit() for c in v)
    if digits < 2 or v.islower() or v.isupper() or _entropy(v) < 4.3:
        return False
    if sum(len(w) for w in _CAMEL_WORDS.findall(v)) > 0.5 * len(v):
        return False  # word-like identifier
    return v.count("/") < 3  # a path, not a key


# Names that say "secret". Matched on lower-cased text, at the END of a name.
_GENERIC_SEP_VALUE = (
    r"s?(?![a-z0-9_])"
    r"(?P<sep>(?:\\?[\"'])?[ \t]*(?::=|=>|=|:)[ \t]*|[ \t]+(?:is[ \t]+|was[ \t]+)?(?=[^\s\"'`]{12}))"
    r"(?P<value>(?P<q>\\?[\"'`])(?P<qv>[^\n]{0,400}?)(?P=q)|[^\s\"'`]{1,400})"
)
# One regex per name word, each starting with its literal (fast search); run on lower-cased text.
_GENERIC_WORDS = (
    ("pass", r"pass(?:word|wd|phrase|wort)?"),
    ("pwd", "pwd"),
    ("secret", "secret"),
    ("token", "token"),
    ("credential", "credentials?"),
    ("key", "key"),
    ("contrase", "contrase(?:ña|na)"),
    ("clave", "clave"),
    ("auth", "auth"),
)
_GENERIC = [(lit, re.compile(word + _GENERIC_SEP_VALUE)) for lit, word in _GENERIC_WORDS]
# `--password value`: a flag name may be followed by whitespace and any value.
_FLAG = re.compile(
    r"--[a-z0-9\-_]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?)"
    r"(?P<sep>=|[ \t]+)(?P<value>(?P<q>[\"'])(?P<qv>[^\n]{0,400}?)(?P=q)|[^\s\"'`]{1,400})"
)
_NAME_CHARS_REVERSED = re.compile(r"[a-z0-9_.\-]{0,60}")
_PASSWORD_NAMES = re.compile(r"(?:pass(?:word|wd|phrase|wort)?|pwd|contrase(?:ñ|n)a|clave)s?$")
_STRONG_KEY_NAMES = re.compile(
    r"(?:api|access|secret|private|auth|encryption|encrypt|signing|master|app|client|license|"
    r"session|account|service|admin|deploy|bot|webhook|consumer|subscription|shared|storage|"
    r"sas|hmac|jwt|openai|anthropic|stripe|aws|azure|gcp|github|gitlab|slack|sendgrid|twilio|"
    r"mailgun|heroku|x[_\-]?api)[_\-.]?keys?$"
)
_WEAK_NAMES = re.compile(r"(?:^|[_\-.])(?:pass|auth)s?$")
_CODE_OWNERS = frozenset(
    [
        "self",
        "this",
        "cls",
        "os",
        "config",
        "cfg",
        "conf",
        "settings",
        "args",
        "kwargs",
        "env",
        "environ",
        "process",
        "request",
        "req",
        "ctx",
        "context",
        "options",
        "opts",
        "params",
        "data",
        "user",
        "secrets",
        "props",
        "state",
        "app",
        "obj",
        "response",
        "res",
    ]
)
_TRAIL = ".,;:!?)]}>"


_QUICK_REJECT = frozenset("$<[{(")
_CODE_SPLIT = re.compile(r"\.|::|->|\(|\[")


def _generic_value_ok(name: str, sep: str, value: str, quoted: bool) -> bool:
    # Cheap tests first: most candidates are numbers or code (`max_tokens=4096`, `key = f(x)`).
    if not value or value[0] in _QUICK_REJECT:
        return False
    if _NUMBER_RE.match(value):
        return bool(_PASSWORD_NAMES.search(name)) and len(value) >= 4 and sep.strip(" \t\"'\\") != ""
    if not quoted and "(" in value and _CODE_RE.match(value):
        return False
    if _is_placeholder(value):
        return False
    is_password = bool(_PASSWORD_NAMES.search(name))
    weak_key = name.endswith(("key", "keys")) and not _STRONG_KEY_NAMES.search(name)
    spaced = sep.strip(" \t\"'\\") == ""  # whitespace only: `--flag value` or prose
    if spaced:
        if name.startswith("--") or name.startswith("-"):
            if value.startswith("-") or weak_key and not _random_looking(value):
                return False
            return "(" not in value and not (value.isalpha() and len(value) < 6)
        # "the token is 3f9…": prose; only opaque, high-entropy values count.
        return _random_looking(value, 16) and _entropy(value) >= 3.5
    if weak_key or _WEAK_NAMES.search(name):
        return _random_looking(value, 16) and not (_HEX_RE.match(value) and len(value) in (32, 40, 64, 128))
    if _NUMBER_RE.match(value):
        return is_password and len(value) >= 4
    if value.lower() in _TYPE_NAMES:
        return False
    if quoted:
        if len(value) < 4:
            return False
        words = value.split()
        if len(words) >= 3 or (len(words) == 2 and not is_password):
            return False  # a sentence or label, not a secret
        return True
    # Unquoted: code (`self.token`, `get_key()`), identifiers and prose are not secrets.
    if _CODE_RE.match(value):
        head = _CODE_SPLIT.split(value, maxsplit=1)[0].lower()
        if "(" in value or "[" in value or head in _CODE_OWNERS:
            return False
        if "." in value or "::" in value:
            return is_password and not value.replace(".", "").isalpha()
        if _IDENT_WORDISH.match(value):
            # A bare word: a secret in `.env` style (NAME=value), code or prose otherwise.
            env_style = sep == "=" and not value.islower() or sep == "=" and len(value) >= 6
            if "_" in value and value.upper() != value and not _random_looking(value, 12):
                return False  # snake_case identifier
            return (
                env_style
                and not value.isupper()
                or _random_looking(value, 12)
                or _random_case(value)
                or is_password
                and _scrambled_letters(value)
            )
    if len(value) < 4:
        return False
    return True


def _generic_detector(text: str, lower: str, out: Found) -> None:
    """`name=value`, `name: value`, JSON pairs and `--flag value` where the name says secret."""
    for lit, rx in _GENERIC:
        if lit in lower:
            for m in rx.finditer(lower):
                _generic_match(text, lower, m, m.start(), out)
    if "--" in lower:
        for m in _FLAG.finditer(lower):
            _generic_match(text, lower, m, m.start(), out, flag=True)


def _generic_match(text: str, lower: str, m: re.Match, start: int, out: Found, flag: bool = False) -> None:
    if flag:
        name_start = start
    else:
        window = lower[max(0, start - 60) : start][::-1]
        name_start = start - _NAME_CHARS_REVERSED.match(window).end()
        if name_start > 0 and lower[name_start - 1] in "?&":
            return  # URL parameter: its own rule
        if lower.startswith("--", name_start):
            return  # the flag rule handles it
    sep = m.group("sep")
    name = lower[name_start : m.start("sep")]
    if name.endswith("s") and not name.endswith(("pass", "ss")):
        name = name[:-1]
    if m.group("q") is not None:
        vs, ve = m.span("qv")
        quoted = True
    else:
        vs, ve = m.span("value")
        quoted = False
        while ve > vs and text[ve - 1] in _TRAIL:
            ve -= 1
    value = text[vs:ve]
    if not _generic_value_ok(name, sep, value, quoted):
        return
    out.append((vs, ve, "password" if _PASSWORD_NAMES.search(name) else "secret"))


_URL_PARAM = re.compile(
    r"[?&;](?P<name>sig|signature|x-amz-signature|x-amz-security-token|x-goog-signature|"
    r"access_token|refresh_token|id_token|auth_token|api_key|apikey|api-key|token|key|password|"
    r"passwd|pwd|pass|secret|client_secret|sessionid|session_id|jwt|private_token|code_verifier)"
    r"=(?P<value>[^&\s#\"'<>]{1,2000})"
)


def _url_param_detector(text: str, lower: str, out: Found) -> None:
    for m in _URL_PARAM.finditer(lower):
        vs, ve = m.span("value")
        while ve > vs and text[ve - 1] in _TRAIL:
            ve -= 1
        value = text[vs:ve]
        name = m.group("name")
        if name == "key" and not _random_looking(value, 12):
            continue
        if not _credential_like(value, 6):
            continue
        out.append((vs, ve, "url_secret"))


_USERINFO = re.compile(r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,200}):(?P<pw>[^\s/@\"'<>]{1,300})@")


def _userinfo_detector(text: str, lower: str, out: Found) -> None:
    for m in _USERINFO.finditer(text):
        pw = m.group("pw")
        if _is_placeholder(pw) and not pw.isdigit():
            continue
        out.append((m.start("pw"), m.end("pw"), "url_password"))


_AUTH_SCHEMES = [
    (lit, re.compile(lit + r"[ \t]+(?P<value>[a-z0-9._~+/\-]{8,}=*)"))
    for lit in ("bearer", "basic", "token", "digest", "ssws")
]
_AUTH_HEADER = re.compile(
    r"authorization(?:\\?[\"'])?[ \t]*[:=][ \t]*(?:\\?[\"'])?"
    r"(?:(?:bearer|basic|token|api-token|digest|apikey|sso-key|ssws|negotiate)[ \t]+)?"
    r"(?P<value>[^\s\"',;\\]{6,})"
)


def _auth_detector(text: str, lower: str, out: Found) -> None:
    """`Bearer`/`Basic`/`Token` credentials and `Authorization:` header values."""
    for scheme, rx in _AUTH_SCHEMES:
        if scheme not in lower:
            continue
        for m in rx.finditer(lower):
            st = m.start()
            if st and lower[st - 1] in _BOUNDARY and not lower.endswith("api-", 0, st):
                continue
            vs, ve = m.span("value")
            v = text[vs:ve]
            if not _credential_like(v):
                continue
            if scheme == "token" and not (_random_looking(v, 12) or _HEX_RE.match(v)):
                continue  # "token budget", "token-counting"
            out.append((vs, ve, "bearer_token" if scheme == "bearer" else "auth_credential"))
    if "authorization" in lower:
        for m in _AUTH_HEADER.finditer(lower):
            vs, ve = m.span("value")
            v = text[vs:ve]
            if _credential_like(v, 6):
                out.append((vs, ve, "auth_credential"))


_CURL_USER = re.compile(r"(?<![\w-])(?:-u|--user)(?:=|[ \t]+)(?P<q>[\"']?)(?P<user>[^\s:\"']*):(?P<pw>[^\s\"']+)(?P=q)")


def _curl_user_detector(text: str, lower: str, out: Found) -> None:
    if "curl" not in lower:
        return
    for m in _CURL_USER.finditer(text):
        pw = m.group("pw")
        if _is_placeholder(pw) or len(pw) < 3:
            continue
        out.append((m.start("pw"), m.end("pw"), "basic_auth"))


_COOKIE = re.compile(r"cookie[ \t]*:[ \t]*(?P<body>[^\n\"'\\]{1,4000})")
_COOKIE_PAIR = re.compile(r"(?:^|;)[ \t]*(?P<name>[^=;\s]{1,100})=(?P<value>[^;\s]*)")
_SESSION_NAME = re.compile(
    r"sess|sid|auth|token|jwt|csrf|xsrf|remember|login|secret|key|ticket|identity|credential|_at$|^at$|_rt$"
)
_COOKIE_ATTRS = frozenset(
    [
        "path",
        "domain",
        "expires",
        "max-age",
        "samesite",
        "secure",
        "httponly",
        "priority",
        "partitioned",
        "version",
        "comment",
    ]
)


def _cookie_detector(text: str, lower: str, out: Found) -> None:
    if "cookie" not in lower:
        return
    for m in _COOKIE.finditer(lower):
        body_start = m.start("body")
        body = text[body_start : m.end("body")]
        for p in _COOKIE_PAIR.finditer(body):
            name = p.group("name").lower()
            v = p.group("value")
            if name in _COOKIE_ATTRS or not v or _is_placeholder(v):
                continue
            if (_SESSION_NAME.search(name) and len(v) >= 6) or _random_looking(v, 16):
                out.append((body_start + p.start("value"), body_start + p.end("value"), "cookie"))


_DB_CLI = [
    (
        cmd,
        re.compile(
            cmd + r"[\w]*(?![\w-])[^\n|;&]{0,300}?[ \t]-p(?P<sp>[ \t]*)(?P<value>'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)"
        ),
    )
    for cmd in ("mysql", "mariadb", "sshpass")
]


def _db_cli_detector(text: str, lower: str, out: Found) -> None:
    """`mysql -pSECRET`, `sshpass -p SECRET`; a number after `ssh -p` is a port, not matched."""
    for cmd, rx in _DB_CLI:
        if cmd not in text:
            continue
        for m in rx.finditer(text):
            if m.start() and text[m.start() - 1] in _BOUNDARY:
                continue
            if m.group("sp") and cmd != "sshpass":
                continue  # `mysql -p dbname`: -p prompts, the next word is a database
            v = m.group("value")
            inner = v[1:-1] if v[:1] in "'\"" else v
            if not inner or _is_placeholder(inner):
                continue
            vs, ve = m.span("value")
            if v[:1] in "'\"":
                vs, ve = vs + 1, ve - 1
            out.append((vs, ve, "db_password"))


_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_TWILIO_SID = re.compile(r"(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])")


def _context_detector(text: str, lower: str, out: Found) -> None:
    """Values that are only secret next to a provider's name (Heroku uuid, Twilio SID)."""
    for word, rx, kind, width in (("heroku", _UUID, "heroku_key", 80), ("twilio", _TWILIO_SID, "twilio_key", 200)):
        pos = lower.find(word)
        while pos != -1:
            for m in rx.finditer(text, pos, min(len(text), pos + width)):
                if kind == "heroku_key" and m.group().upper() == "12345678-ABCD-ABCD-ABCD-1234567890AB":
                    continue
                out.append((m.start(), m.end(), kind))
            pos = lower.find(word, pos + 1)


Detector = Callable[[str, str, Found], None]
_BUILTIN: tuple[tuple[Detector, tuple[str, ...] | None], ...] = (
    # (detector, trigger substrings in the lower-cased text; None = always run)
    (_prefix_detector, None),
    (_pem_detector, ("private key",)),
    (_aws_secret_detector, None),
    (_generic_detector, None),
    (_url_param_detector, ("=",)),
    (_userinfo_detector, ("://",)),
    (_auth_detector, ("bearer", "basic", "token", "digest", "ssws", "authorization")),
    (_curl_user_detector, ("curl",)),
    (_cookie_detector, ("cookie",)),
    (_db_cli_detector, ("mysql", "mariadb", "sshpass")),
    (_context_detector, ("heroku", "twilio")),
)


# --------------------------------------------------------------------------- custom patterns


def _nested_quantifier(pattern: str) -> bool:
    """True when a repeated group contains an unbounded repeat: `(a+)+`, `(a*b?)*`, `(?:\\w+\\s?)*`."""
    try:
        # lazy: only user patterns are parsed, and the parser's module moved in Python 3.11
        import re._parser as sre_parse  # type: ignore[import-not-found]
        from re._constants import BRANCH, MAX_REPEAT, MAXREPEAT, MIN_REPEAT, SUBPATTERN  # type: ignore  # lazy
    except ImportError:  # pragma: no cover - older Python
        import sre_parse  # type: ignore  # lazy: the pre-3.11 name
        from sre_constants import BRANCH, MAX_REPEAT, MAXREPEAT, MIN_REPEAT, SUBPATTERN  # type: ignore  # lazy
    try:
        tree = sre_parse.parse(pattern)
    except Exception:
        # Syntax only the `regex` module knows: fall back to a textual check.
        return bool(re.search(r"\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]", pattern))

    def walk(items, in_repeat: bool) -> bool:
        for op, av in items:
            if op in (MAX_REPEAT, MIN_REPEAT):
                lo, hi, sub = av
                unbounded = hi == MAXREPEAT or hi > 100
                if in_repeat and unbounded:
                    return True
                if walk(sub, in_repeat or hi > 1):
                    return True
            elif op == SUBPATTERN:
                if walk(av[-1], in_repeat):
                    return True
            elif op == BRANCH:
                if any(walk(b, in_repeat) for b in av[1]):
                    return True
        return False

    return walk(tree, False)


def _compile_custom(patterns: Sequence[str]) -> list[Any]:
    compiled = []
    for p in patterns:
        if not isinstance(p, str) or not p:
            raise ValueError(f"redaction.extra_patterns: empty or non-string pattern {p!r}")
        try:
            rx = regex.compile(p)
        except regex.error as err:
            raise ValueError(f"redaction.extra_patterns: pattern {p!r} does not compile: {err}") from None
        if _nested_quantifier(p):
            raise ValueError(
                f"redaction.extra_patterns: pattern {p!r} nests quantifiers (like (a+)+), "
                "which can take exponential time; rewrite it without a repeated repeat"
            )
        if rx.search("") is not None and rx.fullmatch("") is not None:
            raise ValueError(f"redaction.extra_patterns: pattern {p!r} matches the empty string")
        compiled.append(rx)
    return compiled


# --------------------------------------------------------------------------- spans


def _merge(found: Iterable[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    merged: list[list[Any]] = []
    for s, e, k in sorted(found, key=lambda t: (t[0], -t[1])):
        if e <= s:
            continue
        if merged and s < merged[-1][1]:
            last = merged[-1]
            if e > last[1]:
                # The longer piece names the merged span (a key inside a PEM block is a PEM).
                if e - s > last[1] - last[0]:
                    last[2] = k
                last[1] = e
        else:
            merged.append([s, e, k])
    return [(s, e, k) for s, e, k in merged]


def _subtract_markers(spans: list[tuple[int, int, str]], text: str) -> list[tuple[int, int, str]]:
    """Cut existing [REDACTED:x] markers out of spans, so a marker is never split or counted."""
    markers = [(m.start(), m.end()) for m in MARKER_RE.finditer(text)]
    if not markers:
        return spans
    result = []
    mi = 0
    for s, e, k in spans:
        while mi < len(markers) and markers[mi][1] <= s:
            mi += 1
        j = mi
        cur = s
        while j < len(markers) and markers[j][0] < e:
            ms, me = markers[j]
            if ms > cur:
                result.append((cur, ms, k))
            cur = max(cur, me)
            j += 1
        if cur < e:
            result.append((cur, e, k))
    # Leftover fragments that are only punctuation next to a marker are not secrets.
    return [(s, e, k) for s, e, k in result if any(c.isalnum() for c in text[s:e])]


class Redactor:
    """Finds secrets and rewrites them as `[REDACTED:<kind>]` in one pass."""

    def __init__(
        self,
        extra_patterns: Sequence[str] = (),
        literals: Mapping[str, str] | None = None,
        enabled: bool = True,
    ) -> None:
        self.enabled = enabled
        self._custom = _compile_custom(list(extra_patterns))
        self._custom_sources = list(extra_patterns)
        # Longest first so a secret that contains another is replaced whole.
        self._literals = sorted(
            ((label, v) for label, v in (literals or {}).items() if isinstance(v, str) and len(v) >= _LITERAL_MIN_LEN),
            key=lambda lv: -len(lv[1]),
        )
        self.custom_timeouts = 0  # patterns that ran out of time: reported, not silently lost

    @classmethod
    def from_config(cls, cfg: Any) -> Redactor:
        return cls(
            extra_patterns=cfg.redaction.extra_patterns,
            literals=cfg.secret_values(),
            enabled=cfg.redaction.enabled,
        )

    def spans(self, text: str) -> list[Span]:
        if not self.enabled or not text:
            return []
        found: Found = []
        lower = text.lower()
        if len(lower) != len(text):
            # A few characters (İ) lengthen when lower-cased; keep offsets aligned.
            lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
        for detect, triggers in _BUILTIN:
            if triggers is None or any(t in lower for t in triggers):
                detect(text, lower, found)
        for label, value in self._literals:
            pos = text.find(value)
            while pos != -1:
                found.append((pos, pos + len(value), label))
                pos = text.find(value, pos + len(value))
        for rx in self._custom:
            try:
                for m in rx.finditer(text, timeout=_CUSTOM_TIMEOUT_S):
                    found.append((m.start(), m.end(), "custom"))
            except TimeoutError:
                self.custom_timeouts += 1
        merged = _merge(found)
        if _MARKER_START in text:
            merged = _subtract_markers(merged, text)
        return [Span(s, e, k) for s, e, k in merged]

    def redact(self, text: str) -> tuple[str, int]:
        spans = self.spans(text)
        if not spans:
            return text, 0
        parts = []
        pos = 0
        for sp in spans:
            parts.append(text[pos : sp.start])
            parts.append(f"[REDACTED:{sp.kind}]")
            pos = sp.end
        parts.append(text[pos:])
        return "".join(parts), len(spans)

    def redact_obj(self, obj: Any) -> tuple[Any, int]:
        """Redact every string value in nested dicts/lists/tuples; keys are left alone."""
        if isinstance(obj, str):
            return self.redact(obj)
        if isinstance(obj, dict):
            total = 0
            out = {}
            for k, v in obj.items():
                out[k], n = self.redact_obj(v)
                total += n
            return out, total
        if isinstance(obj, (list, tuple)):
            total = 0
            items = []
            for v in obj:
                r, n = self.redact_obj(v)
                items.append(r)
                total += n
            return (tuple(items) if isinstance(obj, tuple) else items), total
        return obj, 0


def rules_fingerprint(cfg: Any) -> str:
    """What shapes a redaction: the detectors' code and the config's [redaction] table.

    Env secret values are deliberately left out (not even hashed): a rotated key is still
    replaced wherever it appears, and stored rows are re-checked by `redact-stored`.
    """
    import hashlib  # lazy: only a redact stage computes the fingerprint
    import inspect  # lazy: as above
    import json  # lazy: as above
    import sys  # lazy: as above

    h = hashlib.sha256(inspect.getsource(sys.modules[__name__]).encode())
    h.update(json.dumps(cfg.redaction.model_dump(), sort_keys=True).encode())
    h.update(json.dumps(sorted(cfg.secret_values())).encode())  # labels only
    return h.hexdigest()[:16]
