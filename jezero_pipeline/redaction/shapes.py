"""What a value's own shape says, whatever found it: regular fillers, references, hashes, passwords.

A generated secret is irregular: no character follows from the ones before it. Fillers people
type for a key (`a1b2c3…`, `abcdef…`, `qwerty…`, `1qaz2wsx…`, `1234…`, `deadbeef…`) are
regular: most characters continue a run, a keyboard walk, an interleaving or a repeat, so the
share of characters that follow tells them apart without listing any one of them.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import _count_elements  # type: ignore[attr-defined]
from functools import lru_cache

from . import tuning

WORD_RE = re.compile(r"[A-Z]?[a-z]{4,}|[A-Z]{5,}")
HEX_RE = re.compile(r"^[0-9a-fA-F]+$")


# Several detectors propose the same value and each asks the same questions about it: the
# answers are cached per value (they depend on nothing else). A value recurs within a segment
# or a few, so a short memory keeps the hits; a long one only holds, to the end of a long run,
# values that will not come again.
CACHED_VALUES = 1024


_C_LOG_C = tuple(c * math.log2(c) if c else 0.0 for c in range(4097))


def _c_log_c(c: int) -> float:
    return _C_LOG_C[c] if c < len(_C_LOG_C) else c * math.log2(c)


@lru_cache(maxsize=CACHED_VALUES)
def entropy(s: str) -> float:
    """Shannon entropy in bits per character: (n log n - sum of c log c) / n over the counts c."""
    n = len(s)
    if not n:
        return 0.0
    counts: dict[str, int] = {}
    _count_elements(counts, s)  # what Counter(s) does, without its Python-level set-up
    c_log_c = _C_LOG_C.__getitem__ if n < len(_C_LOG_C) else _c_log_c
    return max(0.0, (_c_log_c(n) - sum(map(c_log_c, counts.values()))) / n)


def least_entropy(n: int, distinct: int) -> float:
    """The lowest entropy n characters of `distinct` kinds can have (all kinds but one once): a
    value whose bound clears a threshold clears it without its characters being counted."""
    return (_c_log_c(n) - _c_log_c(n - distinct + 1)) / n


# Margin for the float error of two ways of computing entropy (far below it: 1e-13).
ENTROPY_MARGIN = 1e-9


@lru_cache(maxsize=CACHED_VALUES)
def entropy_at_least(s: str, bits: float) -> bool:
    """entropy(s) >= bits. Most values have so many kinds of character that no counts of them
    fall below the bar, or so few that none reach it: the kinds settle it, uncounted (counting
    a 60-character token costs ten times as much)."""
    n = len(s)
    if n:
        distinct = len(set(s))
        if least_entropy(n, distinct) >= bits + ENTROPY_MARGIN:
            return True
        if math.log2(distinct) < bits - ENTROPY_MARGIN:
            return False  # the most any counts of that many kinds can have
    return entropy(s) >= bits


_DIGIT = re.compile(r"\d")
_ALPHA = re.compile(r"[^\W\d_]")


_CONSONANTS_4 = re.compile(r"[^aeiouy]{4}")


def _readable(word: str) -> bool:
    """A letter run that reads as a word: a vowel in every four letters and no four consonants
    in a row (`password`, `Token`), unlike a stretch of a generated value (`qxfgnf`, `jdcluqwug`)."""
    low = word.lower()
    return sum(map(low.count, "aeiouy")) * 4 >= len(low) and _CONSONANTS_4.search(low) is None


@lru_cache(maxsize=CACHED_VALUES)
def random_looking(v: str, min_len: int = 16) -> bool:
    """Opaque token shape: long, mixes letters and digits, not made of words."""
    if len(v) < min_len or not _DIGIT.search(v) or not _ALPHA.search(v):
        return False
    words = WORD_RE.findall(v)
    # only when the words together are long enough does it matter which of them read as words
    if sum(map(len, words)) > 0.6 * len(v) and sum(len(w) for w in words if _readable(w)) > 0.6 * len(v):
        return False
    return entropy_at_least(v, 3.0)


_ROWS = ("1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm")


def _adjacent_pairs() -> frozenset[str]:
    """Every two-character step a typed filler takes: the next or previous letter or digit (9
    then 0), the next key along a keyboard row, down a column (`1qaz`), from a column's foot to
    the next one's head, or from a row's end to the next row's start."""
    along = set()  # either way along a run or a row
    for run in ("abcdefghijklmnopqrstuvwxyz", "01234567890", *_ROWS):
        along |= {run[i : i + 2] for i in range(len(run) - 1)}
    down = set()  # only downwards and onwards
    for upper, lower in zip(_ROWS, _ROWS[1:]):
        down |= {a + b for a, b in zip(upper, lower)}
        down |= {c + lower[0] for c in upper[6:]}
    for top in _ROWS[:2]:  # from a column's foot to the next column's head (`1qaz2wsx`, `qazwsx`)
        down |= {a + b for a, b in zip(_ROWS[3], top[1:])}
    return frozenset(along | {p[::-1] for p in along} | down)


_ADJACENT = _adjacent_pairs()


_MAX_PERIOD = 16  # fillers repeat short units (`deadbeef`, `abc123`); a longer unit is no filler


def _period(v: str) -> int:
    """The shortest unit (up to _MAX_PERIOD, repeated at least three times) the whole value is
    made of, or 0. Exact: a unit behind a prefix (`ghp_` + `x7Kq9` eight times, as a name's value)
    is not a filler of its own; the prefix rules test the part after a prefix."""
    n = len(v)
    limit = min(n // 3, _MAX_PERIOD)
    p = v.find(v[:1], 1)  # a unit ends where the first character comes back
    while 0 < p <= limit:
        if v[p:] == v[:-p]:
            return p
        p = v.find(v[:1], p + 1)
    return 0


def _misses(low: str, limit: float) -> int:
    """How many characters after the first do not follow from what comes before them, counted
    until more than `limit`: a character follows when it repeats or steps on from one of the two
    before it, or starts a run that goes on for two more (`abc|123|def`)."""
    adjacent, n, missed = _ADJACENT, len(low), 0
    for i in range(1, n):
        c, p = low[i], low[i - 1]
        if c == p or p + c in adjacent:
            continue
        if i >= 2 and (c == low[i - 2] or low[i - 2] + c in adjacent):
            continue
        if i + 2 < n and low[i : i + 2] in adjacent and low[i + 1 : i + 3] in adjacent:
            continue
        missed += 1
        if missed > limit:
            break
    return missed


def regularity(v: str) -> float:
    """Share of the characters after the first that follow from what comes before them."""
    n = len(v)
    if n < 2:
        return 0.0
    if _period(v):
        return 1.0
    return (n - 1 - _misses(v.lower(), n)) / (n - 1)


@lru_cache(maxsize=CACHED_VALUES)
def _regular(v: str, bar: float) -> bool:
    """regularity(v) >= bar, stopping at the first character that settles it (a generated token
    is settled within its first dozen characters)."""
    allowed = (1 - bar) * (len(v) - 1)  # characters that may fail to follow
    return _misses(v.lower(), allowed) <= allowed or bool(_period(v))


def patterned(v: str) -> bool:
    """A filler typed for a key: long enough to tell, and mostly regular (`a1b2c3d4…`, `qwertyuiop`)."""
    # `a1b2c3d4-e5f6-…` reads as one run (each `replace` a C pass: cheaper than a regex's `sub`)
    core = v.strip("\"'`").replace("-", "").replace("_", "").replace(".", "").replace(" ", "")
    if len(core) < 12:
        return False  # too short to tell from chance: a random 8-character value can look regular
    bar = tuning.current().patterned
    return _regular(core, min(1.0, bar + 0.05) if len(core) < 16 else bar)


# --------------------------------------------------------------------------- references

_SELECTOR = re.compile(
    r"""(?:[#.][A-Za-z][\w\-]*|[a-z]+)?(?:\[[\w\-:]+(?:[~|^$*]?=\s*["']?[^\]"']*["']?)?\])+(?:\s*[>+~]?\s*[\w#.\-\[\]="']*)*
    |[#.][A-Za-z][A-Za-z\-_]*(?:[\s>+~]+[#.]?[A-Za-z][\w\-]*)*
    |//?[a-z]+(?:\[@[\w\-]+(?:=["'][^"']*["'])?\])+(?://?[\w\-@=\[\]"']+)*""",
    re.X,
)
_ROUTE = re.compile(r"(?:/(?:[a-z][a-z0-9_\-]*|:[a-z_]+|\{[a-z_]+\}|v\d+))+/?")
_ARN = re.compile(r"arn:aws[\w\-]*:[\w\-]+:[\w\-]*:\d{0,12}:\S+")
_HEADER_NAME = re.compile(r"[Xx]-[A-Za-z]+(?:-[A-Za-z]+)+")
# Where a stored secret is: SOPS's ciphertext (`ENC[AES256_GCM,data:…]`), Spinnaker's `encrypted:s3!…`,
# a credential's id in a store (TeamCity's `credentialsJSON:<uuid>`), an App Service's
# `@Microsoft.KeyVault(SecretUri=…)`, altool's `@keychain:ITEM` and `@env:NAME`.
_STORED = re.compile(
    r"ENC\[[A-Z0-9_]+,.*\]|encrypted(?:File)?:[a-z0-9]+!\S+|@Microsoft\.KeyVault\(.*\)"
    r"|[A-Za-z]+:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|(?:exec|file):[/~.][^\s\"'`]*|@?(?:env|keychain):[A-Za-z_][\w.\-]*"  # Apache's `exec:/path`, `--auth-key=file:/path`
    # a key store's or a key's file by its path (`--key ~/private_keys/AuthKey_X.p8`): where the key is
    r"|(?:~|\.{1,2})?/?(?:[\w.\-]+/)+[\w.\-]+\.(?:p8|p12|pfx|pem|key|jks|keystore|ppk|der|gpg|asc)"
    r"|(?:ENCRYPTED|VAULT)\[\S*"  # Cirrus CI's encrypted variable and Vault reference
    r"|ENC\([A-Za-z0-9+/=]{16,}\)|!\[[A-Za-z0-9+/=]{16,}\]"  # a property encrypted where it is kept: Jasypt's, MuleSoft's
)
_URL_NO_USERINFO = re.compile(r"https?://[^\s@/:]+(?::\d+)?(?:/[\w\-./~]*)?")


# A cloud resource's name: collections and their items in turn (`projects/42/secrets/DB_KEY/versions/4`).
_RESOURCE_NAME = re.compile(r"[a-z][a-zA-Z]*s/[\w.@\-]+(?:/[a-z][a-zA-Z]*s/[\w.@\-]+)+")


def is_reference(v: str) -> bool:
    """A selector, a route, an ARN, a header name, a resource's name or a stored secret's place:
    where a secret goes or is kept, not the secret."""
    core = v.strip("\"'`")
    if _STORED.fullmatch(core[:4000]):
        return True  # a stored ciphertext may run long (hiera-eyaml's `ENC[PKCS7,…]`)
    if not core or len(core) > 300:
        return False
    return bool(
        _SELECTOR.fullmatch(core)
        or _ROUTE.fullmatch(core)
        or _ARN.fullmatch(core)
        or _HEADER_NAME.fullmatch(core)
        or ("s/" in core and _RESOURCE_NAME.fullmatch(core))
    )


def plain_url(v: str) -> bool:
    """An http(s) URL with no user, password or query: an endpoint named under `token_url`."""
    return bool(_URL_NO_USERINFO.fullmatch(v.strip("\"'`")))


# Folders and a file with its extension: no base64 value has a `.`, no base64url value a `/`.
_FILE_IN_FOLDER = re.compile(r"(?:[\w.\-]+/)+[\w.\-]+\.[A-Za-z][A-Za-z0-9]{0,7}")
_OPENS_PAIR = re.compile(r"[A-Za-z_][\w.\-]{0,40}=")


# An object's id written with its type's name and a dash (DNAnexus's `file-<24>`, Glide's
# `native-table-<20>`): a handle; the secrets vendors prefix so (`glpat-…`) are found by their prefix.
_TYPED_ID = re.compile(
    r"(?:[a-z]{2,12}-)?(?:file|job|project|app|applet|record|workflow|analysis|container|run|task|dataset|folder|org"
    r"|user|team|node|device|instance|volume|image|snapshot|cluster|database|table|item|order|invoice)-[A-Za-z0-9]{12,40}"
)


# A message broker's topic or a route (`v3/+/devices/+/up`, `device/01P00A040220546/report`): words a slash apart,
# a device's serial among them; a base64 key's first part is no lower-case word.
_TOPIC = re.compile(
    r"(?:[a-z0-9_\-]{1,16}|[+#*])(?:/(?:[a-z0-9_\-]{1,16}|[+#*]))+/?"
    r"|[a-z][a-z_\-]{1,15}(?:/(?:[A-Za-z0-9_\-]{1,24}|[+#*]))+/?"
)


def topic_path(v: str) -> bool:
    """A topic or a route of words, a slash apart, with at most a serial among them."""
    return _TOPIC.fullmatch(v) is not None


def typed_id(v: str) -> bool:
    """An object's id after its type's name and a dash (`file-gYg401jf3pfBY933PF5v7pJq`)."""
    return _TYPED_ID.fullmatch(v) is not None


def file_in_folder(v: str) -> bool:
    """A file in a folder, named with its extension (`certs/AmazonRootCA1.pem`, `2024/05/orders.parquet`)."""
    return _FILE_IN_FOLDER.fullmatch(v) is not None


_WORD_JOINERS = re.compile(r"[\-_.]")


def tagged_words(v: str, tag: int) -> list[str] | None:
    """The parts of `v` a `-`, `_` or `.` apart when each is letters or a short tag of letters and
    digits, at most `tag` long (`IssuingCA-G2`, `minio-root-credentials`): a name, not a value.
    None when a part is neither (random, long digits, empty)."""
    parts = _WORD_JOINERS.split(v)
    return parts if all(p.isalpha() or (len(p) <= tag and p.isalnum()) for p in parts) else None


def opens_pair(v: str) -> bool:
    """The value starts a `name=value` pair of its own (`tokenId=<uuid>`): the name says what follows."""
    return _OPENS_PAIR.match(v) is not None


# --------------------------------------------------------------------------- identifiers and hashes

_HEX = re.compile(r"[0-9a-fA-F]+")
# A UUID, or a ULID (its time part says 2004 to 2039), the id systems write where a UUID would be.
UUID_TEXT = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_UUID = re.compile(UUID_TEXT + r"|01[0-9A-HJKMNP-TV-Z]{24}")
HASH_LENGTHS = frozenset((32, 40, 56, 64, 96, 128))


def hash_shaped(v: str) -> bool:
    """A digest (hex of a hash's length), a git SHA or a UUID: what people search for."""
    return bool((_HEX.fullmatch(v) and (len(v) in HASH_LENGTHS or 7 <= len(v) <= 12)) or _UUID.fullmatch(v))


def is_uuid(v: str) -> bool:
    return bool(_UUID.fullmatch(v))


# --------------------------------------------------------------------------- passwords

_EMAIL = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
_HOSTISH = re.compile(r"[\w\-]+(?:\.[\w\-]+)+(?::\d+)?|[\w\-]+:\d+|\d+(?:[.:]\d+)+")
_WORDY = re.compile(r"[A-Za-z]+(?:[_\-:,.][A-Za-z]+)*")
_PATHLIKE = re.compile(r"[\w.\-]*(?:/[\w.\-]+)+/?")
_CHAR_CLASS = re.compile(r"\[[^\]]{1,20}\]")
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9+/=_\-]+")
_SEPARATORS = frozenset("-_./:|,;=")


def classes(v: str) -> int:
    """How many of lower, upper, digit and a symbol other than a separator `v` holds."""
    return (
        any(map(str.islower, v))
        + any(map(str.isupper, v))
        + any(map(str.isdigit, v))
        + any(not c.isalnum() and c not in _SEPARATORS for c in set(v))
    )


def mixed_token(v: str) -> bool:
    """A generated token: 16+ token characters, upper, lower and digits, no words."""
    if len(v) < 16 or not _TOKEN_CHARS.fullmatch(v):
        return False
    if not (any(map(str.islower, v)) and any(map(str.isupper, v)) and any(map(str.isdigit, v))):
        return False
    return random_looking(v, 16)


def opaque_token(v: str) -> bool:
    """A generated token in one case (`VU46KUKE…`, base32) or mixed: 16+ token characters with
    digits, random, and no separator joining words (`claude-3-5-sonnet-20241022`)."""
    if mixed_token(v):
        return True
    if len(v) < 16 or not v.isalnum() or not (v.isupper() or v.islower()) or hash_shaped(v):
        return False  # a digest or a commit is what people search for
    return random_looking(v, 16) and entropy_at_least(v, 3.5)


def password_shaped(v: str) -> bool:
    """An argument that reads as a password: long enough, three kinds of character or a generated
    token, and not a path, host, email, version or list of words (`no:cacheprovider`, `src/app2`)."""
    if len(v) < tuning.current().argument_len or len(v) > 200 or any(map(str.isspace, v)):
        return False
    if v[0] in "/~-<{[(\\" or "://" in v or _EMAIL.fullmatch(v) or _HOSTISH.fullmatch(v) or _WORDY.fullmatch(v):
        return False
    if (_PATHLIKE.fullmatch(v) and not mixed_token(v)) or _CHAR_CLASS.search(v):
        return False  # a path, or a glob or pattern with a `[…]` class
    return classes(v) >= 3 or mixed_token(v)


def secret_shaped(value: str) -> bool:
    """A password's shape, or a generated value's (hex of any length among them): what a value
    that stands where a secret is printed must look like to be one."""
    return password_shaped(value) or opaque_token(value) or random_looking(value, 20)


# --------------------------------------------------------------------------- decoding

_B64_TEXT = re.compile(r"[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_\-]+={0,2}")


def b64_text(v: str) -> str | None:
    """`v` decoded from base64 or base64url when that gives printable text, else None."""
    if len(v) < 8 or not _B64_TEXT.fullmatch(v):
        return None
    padded = v + "=" * (-len(v) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if ("-" in v or "_" in v) else None, validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    if not text or (not text.isprintable() and any(not (c.isprintable() or c in "\n\r\t") for c in text)):
        return None
    return text


def basic_pair_password(v: str) -> str | None:
    """The password of a base64 `user:password` pair (Docker `auth`, npm `_auth`), else None."""
    text = b64_text(v)
    if text is None or ":" not in text or "\n" in text:
        return None
    user, _, password = text.partition(":")
    return password if user and password else None


def token_chars(v: str) -> bool:
    """Only ASCII letters, digits, `_` and `-`: the shape of most tokens, and one that no template,
    selector, route, package pin or punctuation mask can take, so those tests need not run."""
    if not v.isascii():
        return False
    if v.isalnum():
        return True
    rest = v.replace("-", "").replace("_", "")  # two C passes: cheaper than a regex's fullmatch
    return bool(v) and (not rest or rest.isalnum())
