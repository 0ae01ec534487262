"""Values meant to be seen: package pins, digests and checksums, content addresses, public keys
and keys a vendor ships in every client.

The value test (`values.stands_in`) leaves these alone whatever rule proposed them: a search
for a package or a checksum should find it, and a public key or a client's key says nothing
secret.
"""

from __future__ import annotations

import base64
import re

from .shapes import HEX_RE, b64_text, token_chars

_PACKAGE = re.compile(
    r"""[a-z][\w\-]*(?:\.[\w\-]+)+:[\w.\-]+(?::[\w.\-]+){0,3}        # maven group:artifact[:version]
    |(?:npm:)?(?:@[\w.\-]+/)?[\w.\-]+@[\^~>=<]*v?\d+(?:\.\d+)+[\w.\-+]*  # npm name@version
    |[A-Za-z][\w.\-]*(?:\[[\w,\-]+\])?(?:==|>=|<=|~=|!=)\d+(?:\.\d+)*[\w.\-+]* # pip pin
    |[a-z0-9.\-]+\.[a-z]{2,}/[\w.\-/]+@v\d+\.\d+\.\d+\S*                  # go module@version
    |[\^~]?v?\d+\.\d+(?:\.\d+)?(?:[-+][A-Za-z0-9.]{1,20})?                  # a bare version""",
    re.X,
)
_DIGEST = re.compile(
    r"(?i:(?:hmac-)?sha(?:1|224|256|384|512)|md5|blake2b?|xxh64|h1|git-sha1)[:\-=][A-Za-z0-9+/=_\-]{16,}"
    r"|age1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}"
)
# Keys meant for browsers and clients: Stripe/Supabase publishable keys, Mapbox public tokens,
# PostHog project keys.
# `pk` is the publishable half of a key pair wherever a vendor splits one (`pk_live_`, `pk-lf-`, `pk.`).
_PUBLIC_PREFIXES = (
    "pk_", "pk-", "pk.eyJ", "sb_publishable_", "phc_", "ssh-rsa ", "ssh-ed25519 ", "arn:aws",
    "-----BEGIN PUBLIC KEY-----", "-----BEGIN CERTIFICATE-----",  # a PEM's public half, in a string
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t", "LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS",  # the same in base64 (a CA's bundle)
    "urn:",  # a uniform resource name names a thing (DataHub's `urn:li:dataHubAccessToken:<id>`), never holds its secret
    "rzp_live_", "rzp_test_",  # Razorpay's key id (its secret has no prefix)
    "key_live_", "key_test_",  # Branch's key, in every app (its secret is `secret_live_`)
    # a public key's DER in base64 (a Chrome extension manifest's `"key"`): RSA 2048 and 4096, P-256, Ed25519
    "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A", "MIICIjANBgkqhkiG9w0BAQEFAAOCAg8A", "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE",
    "MCowBQYDK2VwAyEA",
    "pub-c-", "sub-c-",  # PubNub's publish and subscribe keys, in every client (its secret is `sec-c-`)
    "mkey:", "nodekey:", "discokey:",  # Tailscale's and Headscale's machine, node and disco public keys
    "did:key:",  # a decentralised identifier made of a public key (Radicle's, a wallet's)
)  # fmt: skip
# A key whose own head says public (iLovePDF's `project_public_…`, a `public_…` key) or meant for
# a client (Statsig's `client-…`, beside its `secret-…`).
_SAYS_PUBLIC = re.compile(r"(?:[a-z]{2,12}[_\-])?(?:public|publishable|pubkey)[_\-]|client-(?!secret)", re.I)
# A host's name of three labels or more (`db01.internal.example.dev`), its last a word: where a
# token is sent, or a certificate's subject (`step ca token <host>`), never the token.
_HOST_NAME = re.compile(r"(?:[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?\.){2,}[a-z]{2,24}")
# A content address (IPFS's CIDv0 `Qm…` and CIDv1 `bafy…`): a hash of public content.
_CID = re.compile(r"Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,}")


_ANON_ROLE = re.compile(r'"role"\s*:\s*"anon"')


def _anonymous_jwt(v: str) -> bool:
    """A JWT whose claims give the anonymous role (a Supabase anon key, meant for browsers)."""
    parts = v.split(".")
    if len(parts) != 3 or not v.startswith("eyJ"):
        return False
    claims = b64_text(parts[1])
    return claims is not None and _ANON_ROLE.search(claims) is not None


def _may_be_package(v: str) -> bool:
    """What one of the `_PACKAGE` forms needs: an `@` (npm, go), a `.` and a `:` (maven), a
    version's first character, or a pin's operator (pip); a `name=value` pair has none."""
    return "@" in v or (":" in v and "." in v) or v[:1] in _VERSION_STARTS or any(map(v.__contains__, _PIN_OPERATORS))


_NATS_PUBLIC = re.compile(r"[UANOCX][A-Z2-7]{55}")
_VERSION_STARTS = frozenset("^~v0123456789")
_PIN_OPERATORS = ("==", ">=", "<=", "~=", "!=")


def _ec_public_point(v: str) -> bool:
    """`v` is base64url of 65 bytes starting 0x04: an elliptic curve's public point, uncompressed."""
    if len(v) != 87:
        return False
    try:
        raw = base64.urlsafe_b64decode(v + "=")
    except ValueError:
        return False
    return len(raw) == 65 and raw[0] == 4


def is_public_value(v: str, alone: bool = True) -> bool:
    """Package coordinates, digests and checksums, content addresses, public keys: values that
    are meant to be seen. A part after a token's prefix (`alone` false) is no NATS public key: a
    NATS seed is `S`, the key's type, then 56 characters that may read as one."""
    if v.startswith(_PUBLIC_PREFIXES) or _SAYS_PUBLIC.match(v):
        return True
    if ("Qm" in v or "bafy" in v) and _CID.fullmatch(v.rsplit("/", 1)[-1]):
        return True  # a content address, alone or as a path's end (`/ipfs/Qm…`)
    if len(v) in (87, 88) and v[0] == "B" and _ec_public_point(v.removesuffix("=")):
        return True  # an uncompressed P-256 point in base64url, padded or not: a VAPID or web-push public key
    if token_chars(v):  # no package pin or JWT; a digest only as `sha256-…`, an age recipient, an address
        if v.startswith("0x"):
            return len(v) == 42 and HEX_RE.match(v[2:]) is not None  # an Ethereum address: its key is 64 digits
        if alone and len(v) == 56 and _NATS_PUBLIC.fullmatch(v):
            return True  # a NATS account's or user's public key (its seed is `S` and the type, 58 long)
        return ("-" in v or v.startswith("age1")) and _DIGEST.fullmatch(v) is not None
    return bool(
        (_may_be_package(v) and _PACKAGE.fullmatch(v))
        or _DIGEST.fullmatch(v)
        or _anonymous_jwt(v)
        or ("." in v and _HOST_NAME.fullmatch(v))
    )
