"""Private key material: PEM blocks of every kind, SSH2 and PuTTY key files, private JWK members.

PEM blocks are found whole, also cut at either end (tool output truncated) or written with
escaped newlines (`\\n` inside JSON, as in a GCP service-account file). Public keys and
certificates use other BEGIN lines and are never matched.
"""

from __future__ import annotations

import re

from ..shapes import random_looking
from .base import Scan

# A block whose label says private, secret or static (shared) key, token or seed: OpenSSH, PKCS1,
# PKCS8, PGP, OpenVPN's `Static key V1`, Cloudflare's `ARGO TUNNEL TOKEN`, NATS's `USER NKEY SEED`.
_KEY_LABEL = r"[A-Za-z0-9 ]*(?:PRIVATE KEY|SECRET KEY|[Ss]tatic [Kk]ey| TOKEN| SEED)(?: BLOCK| V\d)?-----"
PEM_TRIGGERS = ("private key", "secret key", "static key", " token-----", " seed-----")
_KEY_BEGIN = r"-----BEGIN" + _KEY_LABEL
_KEY_END = r"-----END" + _KEY_LABEL
_PEM_FULL = re.compile(_KEY_BEGIN + r"([\s\S]{0,20000}?)" + _KEY_END)
_PEM_BEGIN = re.compile(_KEY_BEGIN)
_PEM_END = re.compile(_KEY_END)
_NL = r"(?:\r?\n|\\r\\n|\\n)"
# Body lines after a BEGIN with no END: base64 lines, PEM headers, truncation marks.
_PEM_BODY_FWD = re.compile(
    r"(?:"
    + _NL
    + r"[ \t]*(?:[A-Za-z0-9+/=]{4,200}|Proc-Type:[^\n\\]*|DEK-Info:[^\n\\]*|Comment:[^\n\\]*|\.\.\.|\[\.\.\.[^\]\n]{0,40}\])?"
    r"[ \t]*){0,400}"
)
_PEM_LINE = re.compile(r"[ \t]*(?:[A-Za-z0-9+/=]{4,200}|\.\.\.)[ \t]*")
_NL_SPLIT = re.compile(r"(" + _NL + r")")
_BASE64_PIECE = re.compile(r"[A-Za-z0-9+/]{4,}")
_MIN_KEY_CHARS = 32  # fewer base64 characters in a block: an elided example (`MIIEv...`), no key


def detect_pem(scan: Scan) -> None:
    """Private key blocks (OpenSSH, PKCS1, PKCS8, EC, DSA, encrypted, PGP, OpenVPN's static key), token
    and seed blocks, whole or cut."""
    text = scan.text
    covered: list[tuple[int, int]] = []
    for m in _PEM_FULL.finditer(text):
        covered.append((m.start(), m.end()))
        body = m.group(1).replace("\\n", "\n")
        if sum(len(p) for p in _BASE64_PIECE.findall(body)) >= _MIN_KEY_CHARS:
            scan.add(m.start(), m.end(), "private_key", trusted=True)

    def inside(pos: int) -> bool:
        return any(a <= pos < b for a, b in covered)

    for m in _PEM_BEGIN.finditer(text):
        if inside(m.start()):
            continue
        body = _PEM_BODY_FWD.match(text, m.end())
        scan.add(m.start(), body.end() if body else m.end(), "private_key", trusted=True)
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
            if body_line and (first or len(line.strip()) >= 40 or random_looking(line.strip(), 16)):
                pos -= len(sep) + len(line)
                i -= 2
                first = False
            else:
                break
        scan.add(pos, m.end(), "private_key", trusted=True)


_SSH2 = re.compile(
    r"---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----[\s\S]{0,20000}?(?:---- END SSH2 ENCRYPTED PRIVATE KEY ----|$)"
)
_PUTTY = re.compile(r"Private-Lines:[ \t]*(\d{1,3})[ \t]*\r?\n")


_SSH2_LITERAL, _PUTTY_LITERAL = "---- BEGIN SSH2", "Private-Lines:"
KEY_FILE_TRIGGERS = (_SSH2_LITERAL.lower(), _PUTTY_LITERAL.lower())


def detect_key_files(scan: Scan) -> None:
    """SSH2 (`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`) blocks and PuTTY `Private-Lines:` bodies."""
    text = scan.text
    if scan.has_cased(_SSH2_LITERAL):
        for m in _SSH2.finditer(text):
            scan.add(m.start(), m.end(), "private_key", trusted=True)
    if scan.has_cased(_PUTTY_LITERAL):
        for m in _PUTTY.finditer(text):
            if text.startswith("[REDACTED:", m.end()):
                continue  # redacted before: its lines are one marker now, and no longer counted
            end = m.end()
            for _ in range(int(m.group(1))):
                nl = text.find("\n", end)
                end = len(text) if nl == -1 else nl + 1
            while end > m.end() and text[end - 1] in "\r\n":
                end -= 1  # the last body line's end stays, so `Private-MAC:` keeps its line
            scan.add(m.end(), end, "private_key", trusted=True)


# in JSON, or in a JavaScript or Python object (`d: '…'`, unquoted key, either quote)
_JWK_PRIVATE = re.compile(
    r"(?<![\w\-])(?P<kq>[\"']?)(?:d|p|q|dp|dq|qi|k)(?P=kq)[ \t]*:[ \t]*(?P<q>[\"'])(?P<value>[A-Za-z0-9_\-]{16,})(?P=q)"
)


def detect_jwk(scan: Scan) -> None:
    """The private members of a JSON Web Key (RFC 7518: d, p, q, dp, dq, qi; k of a symmetric key)."""
    if not scan.has_cased("kty"):
        return
    for m in _JWK_PRIVATE.finditer(scan.text):
        scan.add(m.start("value"), m.end("value"), "private_key")


# An account's private key as `0x` and 64 hex digits (Hardhat's `accounts: ["0x…"]`, a deployer's
# key): a transaction hash or a storage slot has the same shape, so the words before it decide.
_HEX_KEY = re.compile(r"0x[0-9a-fA-F]{64}(?![0-9a-fA-F])")
_HEX_KEY_OWNER = re.compile(
    r"(?:accounts?|signers?|deployer|wallet|owner|private)[\w\-]*[\"']?[ \t]*[:=][ \t]*\[?[ \t]*[\"']?$"
)


def detect_hex_private_keys(scan: Scan) -> None:
    """`0x` + 64 hex digits right after a name that says account, signer, deployer, wallet or private."""
    for m in _HEX_KEY.finditer(scan.text):
        if _HEX_KEY_OWNER.search(scan.lower, max(0, m.start() - 60), m.start()):
            scan.add(m.start(), m.end(), "private_key")
