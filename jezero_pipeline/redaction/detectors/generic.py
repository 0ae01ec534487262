"""Secrets nobody named a rule for: any long opaque value, decided by its label and its shape.

Every long run of key characters is a candidate. Its label, the words before it on its line
(`Unseal Key 3:`, `wallet private key:`, `SOME_NAME=`), and its own shape decide:
- under a label that says key, secret, seed or share, a base64, hex or base58 blob is a key,
  unless the label says it is public or an id, hash or fingerprint;
- under a label that says nothing, a value long and random enough is a secret (the
  thresholds are in tuning.py), unless the label says id, hash, version, path or public;
- a run that starts with a short lower-case prefix and a separator (`tvly-…`, `nfp_…`) is a
  vendor token when its body is random and the prefix is not an object id's (`msg_`, `toolu_`,
  `cus_`: ids of messages, tool calls and customers, which transcripts are full of).
A recovery phrase (twelve to twenty-four words) under a mnemonic or seed-phrase label is found
too.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import tuning
from ..gutters import gutter_end
from ..public import is_public_value
from ..shapes import (
    CACHED_VALUES,
    HEX_RE,
    b64_text,
    entropy_at_least,
    hash_shaped,
    is_uuid,
    mixed_token,
    opaque_token,
    password_shaped,
    random_looking,
    topic_path,
    typed_id,
)
from .base import KEY_CLASS, KEY_RUN, Scan, glued, in_encrypted_map
from .name_values import DIGEST_KEY, FINDING_KEY, public_name, value_ok
from .names import IN_ARN
from .tables import id_column

_KEY_LABEL = re.compile(
    r"(?:^|[^a-z])(?:keys?|secrets?|seed|shares?|unseal|mnemonic|wallet|private|passphrase|credentials?|signing)"
    r"(?:[^a-z]|$)"
)
_NOT_SECRET_LABEL = re.compile(
    r"(?:^|[^a-z])(?:ids?|app_?id|client_?id|kid|hash(?:es)?|hmac|sha\d*|md5|sum|checksum|digest|integrity|fingerprint|thumbprint|etag|"
    r"commit|rev(?:ision)?|version|h1|public|pub|pubkey|url|uri|path|file|dir|image|tag|ref|name|salt|nonce|random|hint|"
    r"request|trace|span|session_?id|build|run|job|event|object|account|tenant|client|project|user|signature|"
    r"sig|data|content|body|payload|image|encrypted|secure|ciphertext|cert(?:ificate)?|ca|challenge|state|txt|peer|guid|uuid)(?:[^a-z]|$)"
)
_PUBLIC_LABEL = re.compile(
    r"public|publishable|pubkey|(?:search|site)[ _\-.]?(?:only[ _\-.]?)?(?:api[ _\-.]?)?key|verif(?:y|ication)[ _\-.]?key"
    r"|vapid[ _\-.]?key|^data-"  # an HTML `data-…` attribute is in a page every visitor loads
)
_TYPE_BEFORE = re.compile(
    r"(?<![\w:])[a-z]{2,12}(?::[a-z]{2,12})?:$"
)  # a value's type glued before it (`mkey:`, `did:key:`)
_CREDENTIAL_KEY_LABEL = re.compile(
    r"(?:api|access|secret|private|auth|admin|master)[ _\-]?keys?$"
)  # a UUID there is the key
_LABEL_REACH = 60
_IN_URL = re.compile(r"(?:://|(?<![:\w/])//)[^\s\"'`<>]*$")  # a URL (or a protocol-relative one) runs up to the run
_MASK_CHARS = "*•●"  # a masked value's hidden part (`values.is_masked` decides the whole)
# An object's id with its type's short prefix (`itmpl_…`, `cus_…`, `inq_…`), under a label that
# names no key: the secrets vendors prefix so are found by their prefix, not here.
_TYPED_ID = re.compile(r"[a-z]{2,6}_[A-Za-z0-9]{8,40}")
_ROOT_FOLDERS = (  # a file system's folders from its root: a path, not a key's base64 (which has no `/dev/`)
    "/dev/", "/etc/", "/home/", "/var/", "/usr/", "/opt/", "/mnt/", "/tmp/", "/sys/", "/proc/", "/run/", "/srv/",
    "/media/", "/root/", "/Users/", "/Volumes/", "/private/",
)  # fmt: skip
_ADDRESS_DOMAIN = re.compile(r"[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
_NEUTRAL_MAX = 200  # longer blobs under a silent name are data (images, ciphertext), not keys
# A label is the few words right before the value and its separator (`Unseal Key 3: `,
# `API_TOKEN=`, `"key": "`, `encryption key -> `, `| api_key | `, `Client secret ..... `, `key is `, a prompt
# library's answer `✔ Enter value: · `, `? What's the value of API_SECRET? `);
# a marker or a quote ends it, so it reads the same after a neighbour is redacted.
# The label is 1 to 41 of these characters, the first a letter, digit or `_` ...
_LABEL_CHARS_REVERSED = re.compile(r"[a-z0-9 _\-()]*")
_LABEL_FIRST = re.compile(r"[a-z0-9_]")
# Where a camelCase or PascalCase label starts a word (`contentHash`, `APIKey`, `s3Key`).
_HUMPS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_LABEL_MAX = 41
# ... and the tail runs from its end to the value: a separator with its quotes and spaces.
_LABEL_TAIL = re.compile(
    r"[\"']?[ \t]*(?:[:=]|=>|:=|->|→|\||[ \t]is|[ \t]was|\.{3,}|[ \t]{2,}|[·›]|\?(?=[ \t]))[ \t]*(?:[·›][ \t]*)?(?:[\"'`]|base64:)?(?:0x)?"
)
_TAIL_FIRST = re.compile(r"[\"' \t:=\-→|.·›?]")  # the characters a tail can start with
_TAIL_CHARS_REVERSED = re.compile(r"[\"' \t:=\-→|.`>iswabe640x·›?]*")  # and those it can hold
_PHRASE_LABEL = re.compile(r"(?:mnemonic|seed[ _\-]?phrase|recovery[ _\-]?phrase|secret[ _\-]?phrase|seed[ _\-]?words)")
# The words right after their label, or on the line after one that names them and ends in `:`
# (`solana-keygen new`: `Save this seed phrase … to recover your new keypair:` then the words).
_PHRASE = re.compile(
    r"(?:[ \t]*(?:[:=]|=>)?[ \t]*[\"'`]?|[^\n]{0,100}:[ \t]*\r?\n[ \t]*)"
    r"(?P<words>(?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8})\b"
)
_B58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]+")


_SEPARATOR_ENDS = frozenset(":=>|→.s·›?")


def _separated(lower: str, floor: int, start: int) -> bool:
    """What a label's tail needs right before `start`: a separator, then spaces, a quote or `0x`.
    Most runs have none (a word and one space before them), so no label is looked for there."""
    end = start - 2 if lower.startswith("0x", start - 2) and start - 2 >= floor else start
    if end > floor and lower[end - 1] in "\"'`":
        end -= 1
    k = end
    while k > floor and lower[k - 1] in " \t":
        k -= 1
    return end - k >= 2 or (k > floor and lower[k - 1] in _SEPARATOR_ENDS)


def _label(scan: Scan, start: int) -> str | None:
    """The label right before `start` on its line, lower-cased, or None when there is none."""
    line_start = scan.text.rfind("\n", 0, start) + 1
    floor = max(line_start, start - _LABEL_REACH)
    lower = scan.lower
    if not _separated(lower, floor, start):
        return None
    if line_start >= start - _LABEL_REACH:  # the line's gutter, if any, is no label
        floor = gutter_end(scan.text, line_start)
    found = _label_between(lower, floor, start) if floor < start else None
    if found is None or (lower[found[0] - 1] == "/" and lower[found[1] : start] == ":"):
        return None  # none, or a path's last part before `:` (`registry.fly.io/app:deployment-…`, an image's tag)
    label = lower[found[0] : found[1]]
    written = scan.text[found[0] : found[1]]
    if written != label and not written.isupper():  # camelCase: `contentHash` says `content_hash`
        label = _HUMPS.sub("_", written).lower()
    label = label.strip()
    if len(label) >= 12 and " " not in label and random_looking(written.strip(), 12):
        return None  # `…:PIVzMC3DQL70Ndtv:<blob>`: a generated part before a value names nothing
    return label


def _label_between(lower: str, floor: int, start: int) -> tuple[int, int] | None:
    """(start, end) of the label of a label and a tail that end at `start` (a line's text from
    `floor` on): the one that starts first, and of those the shortest, as a lazy regex search
    would find it.

    Found from the places a tail can start, not by trying a label at every place from `floor`
    (each with every length and separator: most of a line's time in a JSON object). Where a
    later tail's label could start is never before an earlier one's, so the first tail that
    has a label and runs to `start` is the one; it starts among the characters a tail can hold.
    """
    reach = start - _TAIL_CHARS_REVERSED.match(lower[floor:start][::-1]).end()
    for tail in _TAIL_FIRST.finditer(lower, max(floor + 1, reach), start):
        end = tail.start()
        if not _LABEL_TAIL.fullmatch(lower, end, start):
            continue
        run = end - _LABEL_CHARS_REVERSED.match(lower[max(floor, end - _LABEL_MAX) : end][::-1]).end()
        first = _LABEL_FIRST.search(lower, run, end)
        if first is not None:
            return first.start(), end
    return None


def _last_word(rx: re.Pattern[str], label: str) -> int:
    end = -1
    for m in rx.finditer(label):  # in order: the last match ends last
        end = m.end()
    return end


@lru_cache(maxsize=CACHED_VALUES)
def _last_word_says(label: str) -> tuple[bool, bool]:
    """(the label names a key, the label names something else): the later word decides, so
    `client secret` is a secret and `key id` an id; a public label is never a secret.

    Cached: a transcript repeats its few labels (`api_key`, `password`) on many lines."""
    if FINDING_KEY.search(label):
        return False, True  # `object key`, `fileKey`: what the key finds, not a secret
    if label.endswith(("hash", "checksum", "digest", "signature")):
        return False, True  # `CHECKSUMHASH=`, `contenthash`: a digest, its name's words run together
    key_at, other_at = _last_word(_KEY_LABEL, label), _last_word(_NOT_SECRET_LABEL, label)
    public = _PUBLIC_LABEL.search(label) is not None
    return key_at > other_at and not public, public or other_at > key_at


def label_says_not_secret(scan: Scan, start: int) -> bool:
    """The label right before `start` names a public value, an id or a digest (`data-sitekey=`),
    or, with no separator, the word right before it says id (`shows Client ID <value>`)."""
    label = _label(scan, start)
    if label is None:
        return _ID_BEFORE.search(scan.lower, max(0, start - 8), start) is not None
    return _last_word_says(label)[1]


_ID_BEFORE = re.compile(r"(?<![a-z0-9])ids?[ \t]+$")


_GROUPED = re.compile(r"[A-Za-z0-9]{4,8}(?:-[A-Za-z0-9]{4,8}){3,}")  # recovery and licence keys


def _blob(v: str) -> bool:
    """A key's encoding: base64 with a random mix, long hex, base58 (a WIF key), or groups of
    characters (a recovery key)."""
    if HEX_RE.match(v):
        return len(v) >= 32
    if _GROUPED.fullmatch(v):
        return any(map(str.isdigit, v)) and len(set(v) - {"-"}) >= 6
    core = v.rstrip("=")
    return len(core) >= 24 and (random_looking(core, 24) or mixed_token(core) or bool(_B58.fullmatch(core)))


_MASK_MIN = 3  # masking characters before a run that a prompt or a listing hid
_DOTTED_PART = re.compile(r"(?:\.[A-Za-z0-9_\-]+)+")


def _shown_after_mask(scan: Scan, start: int, end: int) -> None:
    """A mask that hides only a value's head (`******ciOiJIUzI1NiIs…`, a prompt's default): what
    it shows is most of the secret, so a long random rest is one (a mask shows four characters or
    so, which no run this long is)."""
    if (dotted := _DOTTED_PART.match(scan.text, end)) is not None:
        end = dotted.end()  # a JWT's later parts
    if random_looking(scan.text[start:end].replace(".", ""), KEY_RUN):
        scan.add(start, end, "secret")


def detect_labelled(scan: Scan) -> None:
    """Blobs under a key label, random values under a silent name, recovery phrases."""
    text = scan.text
    params = tuning.current()
    for start, end in scan.runs(KEY_CLASS, KEY_RUN):
        value = text[start:end]
        if glued(text, start) or text[start - 1 : start] in "/." and start > 0:
            continue
        if start >= _MASK_MIN and all(c in _MASK_CHARS for c in text[start - _MASK_MIN : start]):
            _shown_after_mask(scan, start, end)
            continue
        if text[end : end + 1] == "." and text[end + 1 : end + 2].isalnum():
            continue  # a part of a dotted token (a JWT): the token's own rule decides it whole
        if text.startswith("@", end) and _ADDRESS_DOMAIN.match(text, end + 1):
            continue  # `service-<id>@apps.example.com`: an address's user part, an account's id
        if end < len(text) and text[end] in _MASK_CHARS:
            continue  # a key's head shown before its masked tail (`pdl_live_apikey_01hk3x****`)
        if text.startswith(_ROOT_FOLDERS, start):
            continue  # `/dev/serial/by-id/usb-…-if00`: a path from a file system's root, not a key
        if text.startswith("//", start) or _IN_URL.search(text, max(0, start - 200), start):
            continue  # a URL's authority or path (`ipfs://Qm…`, `host:8096/Users/<id>`): the URL's own rules read it
        if text[start - 1 : start] == ":" and IN_ARN.search(scan.lower, max(0, start - 120), start):
            continue  # `arn:aws:secretsmanager:…:secret:prod/api-key-9HCiau`: a part of an identifier
        if text[start - 1 : start] == ":" and (typed := _TYPE_BEFORE.search(text, max(0, start - 13), start)):
            if is_public_value(text[typed.start() : end]):
                continue  # `mkey:<hex>`, `nodekey:<hex>`: a public key its type names
        label = _label(scan, start)
        if label is None or (scan.has("encrypted") and in_encrypted_map(scan.lower, start)):
            continue  # no label, or ciphertext in an `encryptedData:` map
        if text[start - 2 : start] == "  " and id_column(text, start):
            continue  # a table's cell under a column its header names an id (`Key ID`, `Fingerprint`)
        pad = len(text[end : end + 2]) - len(text[end : end + 2].lstrip("="))
        end += pad  # base64 padding is part of the key
        keyed, not_secret = _last_word_says(label)
        if keyed and not not_secret:
            if _blob(value) and not (
                (is_uuid(value) and not _CREDENTIAL_KEY_LABEL.search(label))  # Netdata's `api key = <uuid>`
                or (hash_shaped(value) and (("key" not in label and "value" not in label) or DIGEST_KEY.search(label)))
            ):
                scan.add(start, end, "secret")
        elif (
            (
                not not_secret
                and len(label) >= 3  # `x`, `n`: a JSON Web Key's public members (keys.py reads JWKs)
                and params.neutral_len <= len(value) <= _NEUTRAL_MAX
                and not hash_shaped(value)
                and entropy_at_least(value, params.neutral_entropy)
                and mixed_token(value)
                and b64_text(value) is None  # encoded text (a JSON header, a config) is data, not a key
                and not (_TYPED_ID.fullmatch(value) or typed_id(value) or topic_path(value))
            )
            # or a key sent as the user, no password beside it
            or (_LAST_WORD.search(label).group() in _USER_LABELS and _key_as_user(scan, start, end))
        ):
            scan.add(start, end, "secret")
    lower = scan.lower
    if any(map(scan.has, PHRASE_TRIGGERS)):
        for lm in _PHRASE_LABEL.finditer(lower):
            pm = _PHRASE.match(lower, lm.end())
            if pm:
                scan.add(pm.start("words"), pm.end("words"), "secret")


PHRASE_TRIGGERS = ("mnemonic", "phrase", "seed words")  # what a recovery phrase's label holds

# A key sent as a basic-auth user with no password (Dropbox Sign's, Stripe's, Freshdesk's): a
# user that is a generated value of a key's length, with no password or secret beside it.
_USER_LABELS = frozenset(("username", "user_name"))  # not `user:`, a transcript's role
_LAST_WORD = re.compile(r"[a-z_]*$")
_KEY_AS_USER_MIN = 32
_BESIDE = 200  # how far around the user a password beside it is looked for (a call's next argument)


def _key_as_user(scan: Scan, start: int, end: int) -> bool:
    """text[start:end], under a user's name, is a key: generated and long, no password near it.
    (The names rule takes a mixed-case token there; this one hex too, which no one's name is.)"""
    value = scan.text[start:end]
    if len(value) < _KEY_AS_USER_MIN or is_uuid(value) or not (HEX_RE.match(value) or random_looking(value, 20)):
        return False
    around = scan.lower[max(0, start - _BESIDE) : end + _BESIDE]
    return "passw" not in around and "secret" not in around


# A key written as its bytes (`[174,47,…]`, Solana's id.json; sixteen for an AES-128 key, Zigbee's
# network key) on a line that names a key.
_BYTE_ARRAY = re.compile(r"\[[ \t]*(?:\d{1,3}[ \t]*,[ \t]*){15,}\d{1,3}[ \t]*\]")
# In parentheses after a cast to bytes (PowerShell's `[byte[]](…)`, C#'s `new byte[] {…}` aside).
_CAST_BYTE_ARRAY = re.compile(r"\((?:[ \t]*\d{1,3}[ \t]*,){15,}[ \t]*\d{1,3}[ \t]*\)")
_BYTES_LABEL = re.compile(r"key|secret|wallet|seed|id\.json")
_NUMBER = re.compile(r"\d+")


def detect_byte_arrays(scan: Scan) -> None:
    """An array of 16 or more byte values on a line that says key, secret, wallet or seed (or
    right after one), not in order (`[0, 1, 2, …]` is a list of indexes)."""
    text = scan.text
    arrays = _BYTE_ARRAY.finditer(text)
    for m in (*arrays, *_CAST_BYTE_ARRAY.finditer(text)) if scan.has("byte") else arrays:
        ls, _ = scan.line_at(m.start())
        above = scan.text.rfind("\n", 0, max(0, ls - 1)) + 1 if ls else ls  # a command that printed it (`cat id.json`)
        values = [int(x) for x in _NUMBER.findall(m.group())]
        if _BYTES_LABEL.search(scan.lower, above, m.start()) and max(values) < 256 and values != sorted(values):
            scan.add(m.start(), m.end(), "private_key")  # the array, its brackets too


# A password a tool printed: `Generated password for admin: X`, `Your new password is X`.
# The words between say whose password it is (`for admin`); a bare `password=` is names.py's.
# The value on its line, or alone on the next line after a line ending in `:` (Elasticsearch's
# `Password for the elastic user (reset with …):`, then the password; BitLocker's `Password:`).
_PROMPT_WORDS = re.compile(r"\b(?:enter|type|confirm|retype|re-enter|repeat|verify|new)\b")
_DIGIT_GROUPS = re.compile(r"\d{4,8}(?:-\d{4,8}){3,}")  # a recovery password (BitLocker's eight groups of six)
_SAID = (
    r"(?:(?:[ \t][a-z0-9 _@.\-]{1,30}?[ \t]*(?:\([^)\n]{0,80}\))?(?::|=>|->)|[ \t]+is)[ \t]+[\"'`]?"
    r"(?P<value>[^\s\"'`()\[\]{}\\]{6,200})(?=[\s\"'`]|$)"
    r"|(?:[ \t][a-z0-9 _@./\-]{1,40}?)?[ \t]*(?:\([^)\n]{0,80}\))?:[ \t]*\r?\n[ \t]*"
    r"(?P<below>[^\s\"'`()\[\]{}\\]{6,200})[ \t]*[\"'}\],]*(?:\r?\n|$))"
)
_PASSWORD_SAID = re.compile(r"(?:passw(?:or)?d|passphrase)" + _SAID)
# A quoted value whose line's comment says it is a password (a printer's `M551 P"<pw>" ; set
# password`, `"<pw>",  // admin password`): no other string between them.
_COMMENT_SAYS_PASSWORD = re.compile(
    r"(?P<q>[\"'])(?P<value>[^\s\"'`]{6,200})(?P=q)[^\n\"'`]{0,40}?[ \t](?:;|#|//|--)[ \t]+"
    r"(?:[a-z]+[ \t]+){0,3}(?:passw(?:or)?d|passphrase)\b"
)
# `Private Key:` over a VAPID key; one pattern a word, each found from its literal
_KEY_SAID = tuple(re.compile(rf"(?<![a-z]){word}[ _\-]key" + _SAID) for word in ("private", "secret"))
KEY_WORDS = ("private key", "secret key", "private_key", "secret_key", "private-key", "secret-key")
# Words between the phrase and its value that say the value is about the password, not it
# (`Password HMAC:`, `password hash:`, `password policy:`).
_ABOUT_IT = re.compile(
    r"[ \t_\-](?:hmac|hash(?:ed)?|digest|salt|ids?|length|policy|hint|strength|expir\w*|file|path)\b"
)

# `… now logs in with `e3YZ…``: a quoted value someone logs or signs in with
_LOGS_IN_WITH = re.compile(r"(?:log|sign)(?:s|ged|ed)?[ \t]+in[ \t]+with[ \t]+([\"'`])(?P<value>[^\s\"'`]{6,200})\1")


def detect_passwords_said(scan: Scan) -> None:
    """A password-shaped or generated value after a phrase that says password (or private or
    secret key) and a separator, or quoted after one that says someone logs in with it."""
    lower = scan.lower
    spans = []
    said = [*_PASSWORD_SAID.finditer(lower), *_COMMENT_SAYS_PASSWORD.finditer(lower)] if scan.has("passw") else []
    said += [m for rx in _KEY_SAID for m in rx.finditer(lower)] if any(map(scan.has, KEY_WORDS)) else []
    for m in said:
        below = m.group("value") is None  # alone on its line, below the one that names it
        if _ABOUT_IT.search(lower, m.start(), m.start("below" if below else "value")):
            continue  # `Password HMAC:`, `password hash:`, `password policy:`: something about it, not it
        if below and _PROMPT_WORDS.search(lower, lower.rfind("\n", 0, m.start()) + 1, m.start()):
            continue  # `Enter keystore password:` asks for one: what follows is the command's output
        spans.append(m.span("below" if below else "value"))
    spans += [m.span("value") for m in _LOGS_IN_WITH.finditer(lower)] if scan.has(" in with ") else []
    for vs, ve in spans:
        while ve > vs and scan.text[ve - 1] in ".,;)":
            ve -= 1
        value = scan.text[vs:ve]
        if password_shaped(value) or opaque_token(value) or random_looking(value, 16) or _DIGIT_GROUPS.fullmatch(value):
            scan.add(vs, ve, "password")


# `password: |` then the value on the next, indented line (a YAML block scalar; in a view without
# gutters its indent may be gone with the line number)
_BLOCK = re.compile(  # tried where a name starts only: from inside a long word, a quadratic search
    r"(?<![\w.\-])(?P<name>[\w.\-]*(?:passw(?:or)?d|passphrase|secret|token|key|credentials?))"
    r"[\"']?:[ \t]*[|>][\-+]?[ \t]*\r?\n[ \t]*(?P<value>[^\s][^\n]{0,400}?)[ \t]*\r?(?=\n|$)"
)


def detect_block_scalars(scan: Scan) -> None:
    """A secret written as a YAML block scalar under a secret name."""
    lower = scan.lower
    if not (scan.has(": |") or scan.has(": >")):
        return
    for m in _BLOCK.finditer(lower):
        vs, ve = m.span("value")
        if not public_name(m.group("name")) and value_ok(m.group("name"), "=", scan.text[vs:ve], quoted=True):
            scan.add(vs, ve, "secret")


# --------------------------------------------------------------------------- prefixed tokens

_PREFIXED = re.compile(
    r"(?P<prefix>[a-z][a-z0-9]{1,9}(?:[_\-][a-z0-9]{1,8}){0,2}[_\-.])(?P<body>[A-Za-z0-9_\-]{20,200})"
)
# Prefixes of object ids that transcripts are full of: messages, tool calls, completions,
# runs, files, customers, payments, users, projects.
_ID_PREFIX_WORDS = (
    "msg toolu tool chatcmpl cmpl call run thread asst file req resp user usr org prj proj team cus pi ch "
    "evt sub acct price prod in txn batch ft ftjob vs step src seti pm card job img doc item id uid order "
    "inv ws srv node pod sha sha1 sha256 sha384 sha512 md5 v1 v2 data release build test rs fc"
)
_ID_PREFIXES = frozenset(_ID_PREFIX_WORDS.split())
_UUID_INSIDE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-")
_CRED_HINT = re.compile(r"sk|key|api|pat|tok|tkn|secret|auth|pw|pass|priv|cred")
_DOT_PREFIX = re.compile(r"(?<![\w.\-])[a-z][a-z0-9]{1,9}\.$")


_NAME_WORDS = 3
_PREFIX_WORD = re.compile(r"(?<![a-z0-9])[a-z]{3,}(?=[_\-.])")
_FILE_TYPE = re.compile(r"\.[a-z0-9]{2,5}(?![\w\-.])")
_HOST_REST = re.compile(r"(?:\.[a-z0-9\-]+)+\.[a-z]{2,24}(?![\w\-])")


def _random_body(body: str) -> bool:
    """What follows a prefix that says key: a UUID, long hex, or a random run."""
    return (
        is_uuid(body)
        or (HEX_RE.match(body) is not None and len(body) >= 32)
        or (random_looking(body, 20) and entropy_at_least(body, 3.5))
    )


# An extended or bech32 key whose own prefix says private (`xprv…`, `tprv…`, `nsec1…`); the
# public ones (`xpub…`, `npub1…`) say so too.
_PRIVATE_PREFIX = re.compile(r"(?:[a-z]prv|nsec1|[a-z]?priv)[1-9A-HJ-NP-Za-km-z]{40,}")


def _collection_before(text: str, start: int) -> str:
    """The path segment before the `/` at `start - 1`, lower-cased (`lead` in `api/lead/lead_…`)."""
    seg_start = max(text.rfind("/", 0, start - 1), text.rfind(" ", 0, start - 1), text.rfind("'", 0, start - 1)) + 1
    return text[seg_start : start - 1].lower()


def detect_prefixed_generic(scan: Scan) -> None:
    """`vendor_`/`vendor-` + a random body: a token of a vendor no rule names; a key whose
    prefix says private."""
    text = scan.text
    for start, end in scan.token_runs():
        head = text[start : start + 5]  # where each of the private prefixes must stand
        if (
            ("prv" in head or "priv" in head or head == "nsec1")
            and _PRIVATE_PREFIX.fullmatch(text, start, end)
            and not glued(text, start)
        ):
            scan.add(start, end, "private_key", head=4)
            continue
        if text[start - 1 : start] == "." and (dotted := _DOT_PREFIX.search(text, max(0, start - 11), start)):
            # `sk.<32 hex>`: a prefix a dot apart that says key (a token run stops at the dot)
            if _CRED_HINT.search(dotted.group()) and _random_body(text[start:end]):
                scan.add(dotted.start(), end, "token", head=len(dotted.group()))
            continue
        window = text[start + 2 : start + 11]  # where a prefix's first `_` or `-` must stand
        if not ("a" <= text[start] <= "z" and ("_" in window or "-" in window)):
            continue  # no `_PREFIXED` match can start here (most runs: ids, hashes, base64)
        m = _PREFIXED.match(text, start, end)
        if m is None or glued(text, start) or m.end() != end:
            continue
        prefix, body = m.group("prefix"), m.group("body")
        word = prefix.split("_")[0].split("-")[0]
        if word in _ID_PREFIXES or len(_PREFIX_WORD.findall(prefix)) >= _NAME_WORDS:
            continue  # three words before the body name an account (`service-account-apikey-<uuid>`)
        if text.startswith(".", end) and (
            _HOST_REST.match(text, end) or (text.endswith("/", 0, start) and _FILE_TYPE.match(text, end))
        ):
            continue  # `akab-<id>.luna.akamaiapis.net`: a host's first label; `/<id>.ttf`: a file's name in a path
        if text.endswith("/", 0, start) and _collection_before(text, start).startswith(word):
            continue  # `lead/lead_…`, `customers/cus_…`: an item's id in the collection named before it
        label = _label(scan, start)
        if label is not None and _NOT_SECRET_LABEL.search(label):
            continue  # `sha256=…`, `"id": "…"`: a digest or an id whatever its shape
        hinted = _CRED_HINT.search(prefix) is not None
        if (is_uuid(body) or (HEX_RE.match(body) and len(body) >= 32)) and hinted:
            scan.add(start, end, "token", head=len(prefix))
        elif HEX_RE.match(body) or "__" in body or _UUID_INSIDE.search(body) or body.count("-") + body.count("_") > 2:
            continue  # hex after an unhinted prefix is an id; file and folder names join words and ids
        elif body.islower() and (len(body) < 32 or "_" in body or not entropy_at_least(body, 4.0)):
            continue  # a lower-case body is a snake_case name unless long and random
        elif (len(body) >= 32 or hinted) and random_looking(body, 20) and entropy_at_least(body, 3.5):
            scan.add(start, _signed_end(text, end), "token", head=len(prefix))


_SIGNATURE = re.compile(r"\.[A-Za-z0-9_\-]{16,200}(?![\w.\-])")


def _signed_end(text: str, end: int) -> int:
    """Where a token ends that may carry a signature after a dot (Ory's `ory_at_<random>.<random>`)."""
    m = _SIGNATURE.match(text, end)
    return end if m is None or not random_looking(m.group()[1:], 16) else m.end()
