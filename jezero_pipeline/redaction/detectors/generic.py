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

from .. import tuning
from ..shapes import HEX_RE, entropy, hash_shaped, is_uuid, mixed_token, random_looking
from ..values import b64_text
from .base import B64_CLASS, Scan, glued

_KEY_LABEL = re.compile(
    r"(?:^|[^a-z])(?:keys?|secrets?|seed|shares?|unseal|mnemonic|wallet|private|passphrase|credentials?|signing)"
    r"(?:[^a-z]|$)"
)
_NOT_SECRET_LABEL = re.compile(
    r"(?:^|[^a-z])(?:ids?|kid|hash(?:es)?|sha\d*|md5|sum|checksum|digest|integrity|fingerprint|thumbprint|etag|"
    r"commit|rev(?:ision)?|version|h1|public|pub|pubkey|url|uri|path|file|dir|image|tag|ref|name|salt|nonce|"
    r"request|trace|span|session_?id|build|run|job|event|object|account|tenant|client|project|user)(?:[^a-z]|$)"
)
_LABEL_REACH = 60
# A label is the few words right before the value and its separator (`Unseal Key 3: `,
# `API_TOKEN=`, `"key": "`); a marker or a quote ends it, so it reads the same after a
# neighbour is redacted.
_LABEL = re.compile(r"(?P<label>[a-z0-9_][a-z0-9 _\-.()]{0,40}?)[\"']?[ \t]*(?:[:=]|=>|:=)[ \t]*[\"'`]?(?:0x)?$")
_PHRASE_LABEL = re.compile(r"(?:mnemonic|seed[ _\-]?phrase|recovery[ _\-]?phrase|secret[ _\-]?phrase|seed[ _\-]?words)")
_PHRASE = re.compile(r"[ \t]*(?:[:=]|=>)?[ \t]*[\"'`]?(?P<words>(?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8})\b")
_B58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]+")


def _label(scan: Scan, start: int) -> str | None:
    """The label right before `start` on its line, lower-cased, or None when there is none."""
    line_start = scan.text.rfind("\n", 0, start) + 1
    m = _LABEL.search(scan.lower, max(line_start, start - _LABEL_REACH), start)
    return m.group("label").strip() if m else None


def _blob(v: str) -> bool:
    """A key's encoding: base64 with a random mix, long hex, or base58 (a WIF key)."""
    if HEX_RE.match(v):
        return len(v) >= 32
    core = v.rstrip("=")
    return len(core) >= 32 and (random_looking(core, 32) or mixed_token(core) or bool(_B58.fullmatch(core)))


def detect_labelled(scan: Scan) -> None:
    """Blobs under a key label, random values under a silent name, recovery phrases."""
    text = scan.text
    params = tuning.current()
    for start, end in scan.runs(B64_CLASS, 32):
        value = text[start:end]
        if glued(text, start) or text[start - 1 : start] in "/.-_+" and start > 0:
            continue
        label = _label(scan, start)
        if label is None:
            continue
        pad = len(text[end : end + 2]) - len(text[end : end + 2].lstrip("="))
        end += pad  # base64 padding is part of the key
        not_secret = _NOT_SECRET_LABEL.search(label)
        if _KEY_LABEL.search(label) and not not_secret:
            if _blob(value) and not (is_uuid(value) or (hash_shaped(value) and "key" not in label)):
                scan.add(start, end, "secret")
        elif (
            not not_secret
            and len(value) >= params.neutral_len
            and not hash_shaped(value)
            and entropy(value) >= params.neutral_entropy
            and mixed_token(value)
            and b64_text(value) is None  # encoded text (a JSON header, a config) is data, not a key
        ):
            scan.add(start, end, "secret")
    lower = scan.lower
    if any(w in lower for w in ("mnemonic", "phrase", "seed words")):
        for lm in _PHRASE_LABEL.finditer(lower):
            pm = _PHRASE.match(lower, lm.end())
            if pm:
                scan.add(pm.start("words"), pm.end("words"), "secret")


# --------------------------------------------------------------------------- prefixed tokens

_PREFIXED = re.compile(
    r"(?P<prefix>[a-z][a-z0-9]{1,9}(?:[_\-][a-z0-9]{1,8}){0,2}[_\-.])(?P<body>[A-Za-z0-9_\-]{20,200})"
)
# Prefixes of object ids that transcripts are full of: messages, tool calls, completions,
# runs, files, customers, payments, users, projects.
_ID_PREFIX_WORDS = (
    "msg toolu tool chatcmpl cmpl call run thread asst file req resp user usr org prj proj team cus pi ch "
    "evt sub acct price prod in txn batch ft ftjob vs step src seti pm card job img doc item id uid order "
    "inv ws srv node pod sha sha1 sha256 sha384 sha512 md5 v1 v2 data release build test"
)
_ID_PREFIXES = frozenset(_ID_PREFIX_WORDS.split())
_CRED_HINT = re.compile(r"sk|key|api|pat|tok|secret|auth|pw|pass|priv|cred")


def detect_prefixed_generic(scan: Scan) -> None:
    """`vendor_`/`vendor-` + a random body: a token of a vendor no rule names."""
    text = scan.text
    for start, end in scan.token_runs():
        m = _PREFIXED.match(text, start, end)
        if m is None or glued(text, start) or m.end() != end:
            continue
        prefix, body = m.group("prefix"), m.group("body")
        if prefix.split("_")[0].split("-")[0] in _ID_PREFIXES:
            continue
        hinted = _CRED_HINT.search(prefix) is not None
        if (is_uuid(body) or (HEX_RE.match(body) and len(body) >= 32)) and hinted or (len(body) >= 32 or hinted) and random_looking(body, 20) and entropy(body) >= 3.5:
            scan.add(start, end, "token", head=len(prefix))
