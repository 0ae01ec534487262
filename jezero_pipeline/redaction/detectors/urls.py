"""Secrets inside URLs that are not in a query or a password: path segments and token users.

An incoming-webhook, push, build-hook or stream URL is a capability: whoever holds it may
post. Its secret is an opaque path segment after a segment that names the capability (`hooks`,
`webhook`, `catch`, `push`, `input`, `keys`, `bot…`), or any segment of an `rtmp://` stream URL
after its application name, or the last segment of a blockchain node's RPC URL (`rpc.…/<chain>/<key>`).
A token may also stand as a URL's user with no password
(`https://TOKEN@github.com`). Numbers, words, file names and the segments of repository and
document links stay: what an opaque segment is, and where it stands, decide.
"""

from __future__ import annotations

import re

from ..shapes import HEX_RE, is_uuid, mixed_token, random_looking
from .base import Scan

_URL = re.compile(r"(?i:https?|rtmps?|wss?)://[^\s<>\"'`)\]}|\\]+")  # no `\`: `…/id\nNext`
# With a scheme's variant (Symfony's `mailgun+api://`): looked for only where a `+…://` is.
_PLUS_URL = re.compile(r"(?i:https?|rtmps?|wss?|[a-z][a-z0-9]{1,15}\+[a-z]{2,10})://[^\s<>\"'`)\]}|\\]+")
_PLUS_SCHEME = re.compile(r"\+[a-z]{2,10}://")
_CAPABILITY = re.compile(
    r"(?:web)?hooks?|incoming(?:webhook)?|build_hooks|catch|push|ping|notify|input|intake|keys?|tokens?|secrets?|"
    r"deploy|trigger|ingest|integrations?|alert|heartbeat",  # singular: a post; `alerts`, `heartbeats` are collections
    re.I,
)
_CAPABILITY_LONGEST = len("incomingwebhook")  # a longer segment is no capability word
_CAPABILITY_HOST = re.compile(
    r"(?:^|[.\-])(?:web)?hooks?(?:[.\-]|$)|(?:^|[.\-])(?:ingest|inbound|push|ping|heartbeat)[.\-]"
)
# A blockchain node's JSON-RPC host (`rpc.ankr.com`, `eth.rpc.example.io`): its path's last segment may be the key.
_RPC_HOST = re.compile(r"(?:^|[.\-])rpc(?:[.\-]|$)")
_NODE_KEY_MIN = 32
# A crontab line (`30 2 * * * …`, `@daily …`): a URL a job calls when it runs is a check-in, and its
# path's generated part the monitor's key (Cronitor's `/p/<key>/…`, a heartbeat's token)
# (its schedule found after any gutter, a `*` among its fields)
_CRON_SCHEDULE = re.compile(
    r"(?<![\w.])(?:@(?:reboot|yearly|annually|monthly|weekly|daily|hourly)|(?:[\d*/,\-]+[ \t]+){5})"
)
_SEGMENT = re.compile(r"[^/?#]+")
_VERSION = re.compile(r"v:?\d{1,2}")  # `v2`, MarineTraffic's `v:8`
_PARAMETER = re.compile(r"[a-z_]+:[\w.\-]+")  # a path's `name:value` parameter (`timespan:10`)
_ROUTE_WORD = re.compile(r"[a-z]+(?:[_\-][a-z]+)*")
_FIRST_KEY_MIN = 24  # a key as a path's first segment is a generated value this long
_RESOURCES = re.compile(r"(?:keys?|tokens?|secrets?)", re.I)  # collections a REST API names its items in
_KEY_SEGMENT = re.compile(r"[A-Za-z0-9_\-]{16,200}")
_WORDS = re.compile(r"[A-Za-z]+(?:[_\-.][A-Za-z]+)*")
_COLLECTION = re.compile(r"[a-z]+(?:[_\-][a-z]+)*s")  # a REST collection's plural (`sites`), not a verb (`sendMessage`)
# `TOKEN:@`: a token with no password; `KEY:DOMAIN@` (Symfony's `mailgun+api://KEY:DOMAIN@default`)
_TOKEN_USER = re.compile(r"://(?P<user>[A-Za-z0-9_\-]{20,200})(?::[^\s/@\"'<>]{0,200})?@")
# The same in a URL of any other scheme, which has no path rules here (read lower-cased): the scheme
# read backwards from its `://` (a letter first), then the user.
_SCHEME_REVERSED = re.compile(r"[a-z0-9+.\-]{0,19}[a-z](?![a-z0-9+.\-])")
_USER_AT = re.compile(r"(?P<user>[a-z0-9_\-]{20,200})@")
_URL_SCHEMES = frozenset(("http", "https", "rtmp", "rtmps", "ws", "wss"))
# A DSN's path is its project's number: its user is the project's public key (`https://KEY@o1.ingest.sentry.io/42`).
_PROJECT_ONLY = re.compile(r"/\d+/?")
_TELEGRAM_BOT = re.compile(r"bot\d{6,12}:[A-Za-z0-9_\-]{30,}")


def opaque(segment: str) -> bool:
    """A path segment that is a generated value, not a word, number, version or file name."""
    if len(segment) < 6 or segment.isdigit() or _WORDS.fullmatch(segment):
        return False
    if "." in segment and segment.rsplit(".", 1)[1].isalpha() and len(segment.rsplit(".", 1)[1]) <= 5:
        return False  # `main.js`, `report.pdf`
    has_digit = any(map(str.isdigit, segment))
    has_alpha = any(map(str.isalpha, segment))
    if is_uuid(segment) or (HEX_RE.match(segment) and len(segment) >= 16):
        return True
    return has_digit and has_alpha and (random_looking(segment, 6) or mixed_token(segment) or len(segment) <= 12)


def detect_url_paths(scan: Scan) -> None:
    """Opaque segments after a capability segment, stream keys, and token users of URLs."""
    text = scan.text
    if not scan.has("://"):
        return
    lower = scan.lower
    at = lower.find("://")
    while at != -1:  # `nats://TOKEN@host`, `redis://TOKEN@…`: the other schemes, read back from `://`
        scheme = _SCHEME_REVERSED.match(lower[max(0, at - 20) : at][::-1])
        user = _USER_AT.match(lower, at + 3) if scheme and scheme.group()[::-1] not in _URL_SCHEMES else None
        if user and _token(text[user.start("user") : user.end("user")]):
            scan.add(user.start("user"), user.end("user"), "url_secret")
        at = lower.find("://", at + 3)
    urls = _PLUS_URL if "+" in text and _PLUS_SCHEME.search(lower) else _URL
    for m in (m for start, end in scan.lines_with("://") for m in urls.finditer(text, start, end)):
        url = m.group()
        scheme_end = url.find("://") + 3
        path_at = url.find("/", scheme_end)
        user = _TOKEN_USER.match(url, scheme_end - 3)
        dsn = path_at != -1 and _PROJECT_ONLY.fullmatch(url, path_at) is not None  # Sentry: a public key
        if user and not dsn and _token(user.group("user")):
            scan.add(m.start() + user.start("user"), m.start() + user.end("user"), "url_secret")
        if path_at == -1:
            continue
        end = len(url)
        for stop in "?#":
            at = url.find(stop, path_at)
            end = at if at != -1 and at < end else end
        segments = [(s.start(), s.group()) for s in _SEGMENT.finditer(url, path_at, end)]
        stream = url[:4].lower() == "rtmp"
        host = url[scheme_end:path_at].lower()
        # index of the last capability segment seen; a host named for one counts as segment -1, and
        # so does any host a crontab line calls
        cron = _in_crontab(text, m.start())
        after = -1 if cron or _CAPABILITY_HOST.search(host) else None
        rpc = _RPC_HOST.search(host) is not None
        for i, (pos, seg) in enumerate(segments):
            if seg.startswith("bot") and _TELEGRAM_BOT.fullmatch(seg):
                scan.add(m.start() + pos + 3, m.start() + pos + len(seg), "url_secret")
                continue
            in_reach = (stream and i >= 1) or (after is not None and i - after <= 3)
            if in_reach and after is not None and after >= 0 and _resource_id(segments, after, i):
                continue  # `/keys/<uuid>`, `/secrets/<name>/<version>` in an API's path: ids, not the secret
            if (
                in_reach
                and after is not None
                and i - 1 > after
                and is_uuid(seg)
                and _COLLECTION.fullmatch(segments[i - 1][1])
                and not cron  # a job's check-in: its UUID is the key, whatever stands before it (`/update/<name>/<uuid>`)
            ):
                continue  # `/integration/v1/sites/<uuid>/devices`: an item of the collection a plural names
            if in_reach and opaque(seg.rstrip(".,;:")):
                scan.add(m.start() + pos, m.start() + pos + len(seg.rstrip(".,;:")), "url_secret")
            elif len(seg) <= _CAPABILITY_LONGEST and _CAPABILITY.fullmatch(seg):
                after = i
            elif not stream and _api_key_segment(segments, i):
                # a node provider's or an API's key as the whole path (`quiknode.pro/<key>/`) or right
                # after its version (`alchemy.com/v2/<key>`, `/api/v1/<token>/telemetry`): no resource
                # a path names stands so
                scan.add(m.start() + pos, m.start() + pos + len(seg.rstrip(".,;:")), "url_secret")
            elif rpc and i == len(segments) - 1 and _node_key(seg.rstrip(".,;:/")):
                # a node provider's key ends its RPC URL, after the chain's name (`rpc.ankr.com/base/<key>`)
                scan.add(m.start() + pos, m.start() + pos + len(seg.rstrip(".,;:/")), "url_secret")


def _node_key(seg: str) -> bool:
    """A generated value of a key's length, hex too; not a UUID (a fork's or a node's id) nor a
    `0x` literal (a transaction's hash, an address)."""
    return (
        len(seg) >= _NODE_KEY_MIN
        and _KEY_SEGMENT.fullmatch(seg) is not None
        and opaque(seg)
        and not is_uuid(seg)
        and not seg.startswith("0x")
    )


def _in_crontab(text: str, at: int) -> bool:
    """The line holding `at` is a crontab entry, its schedule before `at`."""
    cron = _CRON_SCHEDULE.search(text, text.rfind("\n", 0, at) + 1, at)
    return cron is not None and (cron.group().startswith("@") or "*" in cron.group())


def _token(user: str) -> bool:
    """A URL's user that is a token, not a name: random-looking, or hex."""
    return bool(random_looking(user, 20) or HEX_RE.match(user))


def _resource_id(segments: list[tuple[int, str]], after: int, i: int) -> bool:
    """Segment `i` is an item's id or version in a REST collection of keys, tokens or secrets:
    a UUID right after it, or hex or a UUID after the item's name."""
    seg = segments[i][1]
    if not _RESOURCES.fullmatch(segments[after][1]):
        return False
    named = i - after == 2 and _WORDS.fullmatch(segments[after + 1][1]) is not None
    return is_uuid(seg) or (named and HEX_RE.match(seg) is not None)


def _api_key_segment(segments: list[tuple[int, str]], i: int) -> bool:
    """Segment `i` is a key: the path's only segment, or the one after a version, random enough
    (hex only as the path's end or before `name:value` parameters: `/v1/<account id>/batches`
    names an account, `/v:8/<key>/timespan:10` is MarineTraffic's key); or the path's first
    segment, generated and long, before an API's route of words (Shinobi's `/<key>/monitor/…`), or
    right after `/api/`."""
    seg = segments[i][1].rstrip(".,;:")
    if i == 0 and len(segments) > 1:
        return (
            len(seg) >= _FIRST_KEY_MIN
            and _KEY_SEGMENT.fullmatch(seg) is not None
            and mixed_token(seg)
            and _ROUTE_WORD.fullmatch(segments[1][1]) is not None
        )
    if i >= 1 and segments[i - 1][1].lower() == "api" and len(seg) >= _FIRST_KEY_MIN and mixed_token(seg):
        return True  # a key right after `/api/` (a Hue bridge's user: `/api/<key>/lights/3/state`)
    keyed = len(segments) == 1 or (i >= 1 and _VERSION.fullmatch(segments[i - 1][1]) is not None)
    if not keyed or not _KEY_SEGMENT.fullmatch(seg) or not opaque(seg):
        return False
    rest = segments[i + 1 :]  # hex after a version and before more path is an account's id
    ends = all(_PARAMETER.fullmatch(s.rstrip("/")) for _, s in rest)
    return (ends and HEX_RE.match(seg) is not None and len(seg) >= 32) or mixed_token(seg)
