"""Secrets in HTTP shapes: URL parameters, URL userinfo, Authorization headers, cookies.

Connection strings of every scheme (`postgres`, `mongodb+srv`, `rediss`, `amqps`, `jdbc:…`)
carry their password in the userinfo or in a `password=` parameter; ADO.NET and JDBC
`;Password=…;` pairs are names (names.py).
"""

from __future__ import annotations

import re

from ..shapes import HEX_RE, is_uuid, mixed_token, opens_pair, random_looking
from ..values import MARKER_START, credential_like, says_stand_in
from .base import NAMED_VARIABLE, Scan, before_closing_tag, glued
from .name_values import record_key

_TRAIL = ".,;:!?)]}>"
BRACED = re.compile(r"\{[^{}\"'\n]{1,128}\}(?=[;\s\"']|$)")  # ODBC quotes a value in braces
_PASSWORD_PARAMS = re.compile(r"(?:passw(?:or)?d|pwd|pass)$")
# Query names that hold a credential (DocRaptor's `user_credentials`, OpenWeatherMap's `appid`; a
# signed URL's `X-Amz-Credential` is the key's id and scope, its signature the secret).
_QUERY_NAMES = re.compile(
    r"(?:token|key|secret|sig|signature|passw(?:or)?d|pwd|pass|jwt|session_?id|(?:^|_)sid|verifier|code|auth|streamid|(?<!amz-)(?<!goog-)credentials?|appid)$"
)
_QUERY_ONLY = (  # names that are secret in a query string only (`&sig=…`), found by their literal
    ("sig", re.compile(r"sig(?:nature)?=")),
    ("jwt=", re.compile(r"jwt=")),
    ("session", re.compile(r"session_?id=")),
    ("verifier=", re.compile(r"verifier=")),
    ("code=", re.compile(r"code=")),
    ("streamid=", re.compile(r"streamid=")),
    ("appid=", re.compile(r"appid=")),
    ("sid=", re.compile(r"(?<=[?&;_])sid=")),  # a session's id (Synology's `_sid=`, Ambra's `sid=`)
    ("p=", re.compile(r"(?<=[?&;])p=")),  # a password by its initial, beside a user's (`?u=app&p=…`)
)
_USER_PARAM = re.compile(r"[?&;](?:u|user|username|login)=")
QUERY_TRIGGERS = ("?", "&", ";")  # a query name stands after one of these
_TEMPLATE_THEN_PARAMETER = re.compile(r"(?:\{\{[^{}\n]{1,80}\}\}|\$\{[^{}\n]{1,80}\})[?&;]")
_QUERY_VALUE = re.compile(r"[^&;\s\"'<>]{0,2000}")
_JOINED_WORDS = re.compile(r"[A-Za-z]{2,}(?:[_\-.][A-Za-z]{2,})+")
# A token's value has no brackets: one ends it (`badge.svg?token=X)](https://…)`, a Markdown link's end).
_TOKEN_QUERY_VALUE = re.compile(r"[^&;\s\"'<>()\[\]]{0,2000}")
# The URL ending at a position is an image's or a script's source (`![badge](…`, `<img src="…`,
# `<script src="…snippet.js?key=…">`): a page loads it for every reader, so a token in it is one
# meant to be seen (a coverage badge's, a chat widget's).
_IMAGE_SOURCE = re.compile(
    r"(?:!\[[^\]\n]{0,200}\]\(|<(?:img|script|iframe)\b[^>\n]{0,300}\bsrc=[\"']?)(?:[a-z][a-z0-9+.\-]*:)?//[^\s\"'()<>]*$"
)
_PAIR_VALUE = re.compile(r"[^;\s\"'<>]{0,2000}")
_QUERY_NAME_CHARS_REVERSED = re.compile(r"[a-z0-9_\-]{0,40}")


def query_param(scan: Scan, name: str, vs: int) -> None:
    """`?access_token=…`, `&sig=…`, `;Password=…` (JDBC, ADO.NET): report the value at `vs`."""
    if not _QUERY_NAMES.search(name):
        return
    if name.endswith("streamid") and "srt://" not in scan.lower[scan.line_at(vs)[0] : vs]:
        return  # SRT's `streamid=publish:live:user:pass` holds a login; elsewhere a stream's id is an id
    text = scan.text
    braced = BRACED.match(text, vs)  # `PWD={p;w=d}`
    if braced:
        scan.add(vs + 1, braced.end() - 1, "url_secret")
        return
    password = _PASSWORD_PARAMS.search(name) is not None
    # A password among `;name=value` pairs (JDBC, ADO.NET) runs to the next `;`: an `&` is its own.
    pairs = password and max(text.rfind(c, 0, vs) for c in "?&;") == text.rfind(";", 0, vs)
    ve = (_PAIR_VALUE if pairs else _QUERY_VALUE if password else _TOKEN_QUERY_VALUE).match(text, vs).end()
    if not password:  # a password may hold `#`; elsewhere it starts a fragment
        hash_at = text.find("#", vs, ve)
        ve = ve if hash_at == -1 else hash_at
    while ve > vs and text[ve - 1] in _TRAIL:
        ve -= 1
    value = text[vs:ve]
    if _TEMPLATE_THEN_PARAMETER.match(text, vs):
        return  # `?ServerAdminPassword={{ADMIN_PASSWORD}}?Port=…`: a template stands for the value
    if is_uuid(value) and record_key(name):
        return  # `cartKey=<uuid>`: a record's key, not a credential's
    if not password and _JOINED_WORDS.fullmatch(value):
        return  # `componentKeys=acme_ledger-api`: words joined name a record; a generated key has digits
    if MARKER_START in value or (name == "key" and not random_looking(value, 10)):
        return  # `?key=` is a search or cache key unless random (a deploy hook's is eleven characters)
    if name.endswith("appid") and not (HEX_RE.fullmatch(value) and len(value) >= 32):
        return  # an app's id (`appid=1234567`); OpenWeatherMap's `appid` is its 32-hex key
    if (
        not password
        and "secret" not in name
        and (_authorization_request(scan.lower, vs) or image_source(scan.lower, vs))
    ):
        return  # `/authorize?response_type=code&client_key=…`: what a browser is sent to names the client
    if credential_like(value, 6) or (password and len(value) >= 3):
        scan.add(vs, ve, "url_secret")


def image_source(lower: str, at: int) -> bool:
    """The URL that runs to `at` is an image's source, on one line."""
    return _IMAGE_SOURCE.search(lower, lower.rfind("\n", 0, at) + 1, at) is not None


def _authorization_request(lower: str, vs: int) -> bool:
    """The query holding `vs` is an OAuth authorization request's (`response_type=` among its
    names): the front channel, sent through a browser, carries the client's id, never its secret."""
    query = lower.rfind("?", 0, vs)
    end = lower.find("\n", vs)
    return query != -1 and lower.find("response_type=", query, len(lower) if end == -1 else end) != -1


def detect_query_only(scan: Scan) -> None:
    """Query-string names that are no secret elsewhere: signatures, `jwt=`, session ids, PKCE verifiers."""
    lower = scan.lower
    for literal, rx in _QUERY_ONLY:
        if not scan.has(literal):
            continue
        for m in rx.finditer(lower):
            back = _QUERY_NAME_CHARS_REVERSED.match(lower[max(0, m.start() - 40) : m.start()][::-1])
            name_start = m.start() - back.end()
            if literal == "p=":
                if _USER_PARAM.search(lower, *scan.line_at(m.start())):
                    query_param(scan, "pass", m.end())  # NocoDB's `pg://host?u=nocodb&p=…&d=…`
            elif name_start > 0 and lower[name_start - 1] in "?&;":
                query_param(scan, lower[name_start : m.end() - 1], m.end())


# The password runs to the LAST `@` of the authority (people paste `p@ss` unencoded).
# the user may hold an `@` of its own (`smtp://postmaster@mg.example.org:<password>@smtp.host`)
_USERINFO = re.compile(r"://(?P<user>[^\s:/?#\"'<>\[\]]{0,200}):(?P<pw>[^\s/\"'<>]{1,300})@")


def detect_userinfo(scan: Scan) -> None:
    """`scheme://user:password@host` for every scheme."""
    if not scan.has("://"):
        return
    for m in _USERINFO.finditer(scan.text):
        pw = m.group("pw")
        if pw == m.group("user") and not pw.isdigit():
            continue  # guest:guest, postgres:postgres: a product's default login
        if opens_pair(pw) and says_stand_in(m.group("user")):
            continue  # `https://YOUR-API-KEY:render_js=False@proxy…`: the docs' key, then the proxy's options
        scan.add(m.start("pw"), m.end("pw"), "url_password")


_AUTH_SCHEMES = [
    # padding ends a credential: `Bearer expires_in=3600` is a type and the next pair (a value or
    # its marker after `=`); a template part goes on with it (`Bearer pdf_live_<rest_of_your_key>`),
    # so the value test reads the placeholder whole
    (
        lit,
        re.compile(
            lit + r"[ \t]+(?P<value>[a-z0-9._~+/\-]{8,}=*(?:<[^<>\s]{1,60}>|\{\{[^{}\s]{1,60}\}\})?)(?![\w=\[])"
        ),
    )
    for lit in ("bearer", "basic", "token", "ssws")
]
AUTH_TRIGGERS = (*(literal for literal, _ in _AUTH_SCHEMES), "auth")  # `auth` in `authorization`
_AUTH_HEADER = re.compile(
    r"authorization(?:\\?[\"'])?[ \t]*[:=][ \t]*(?:\\?[\"'])?"
    r"(?:(?:bearer|basic|token|api-token|digest|apikey|sso-key|ssws|negotiate|splunk|geniekey)[ \t]+"
    r"|[a-z][\w\-.]{1,30}[ \t]+(?=[^\s\"',;\\]{6}))?"  # any other scheme before its credential (`Stadia-Auth …`)
    r"(?P<value>[^\s\"',;\\]{6,})"
)


_OAUTH_PLAINTEXT_SIGNATURE = re.compile(
    r'oauth_signature="(?P<value>[^"\n]{8,300})"'
)  # `<consumer secret>&<token secret>`
_SIGV4_SIGNATURE = re.compile(r"signedheaders=[^\s,]+,[ \t]*signature=(?P<value>[0-9a-f]{64})")


_CODE = re.compile(r"[(\[]")  # a call or a lookup in a header's value, or right after it


def detect_auth(scan: Scan) -> None:
    """`Bearer`/`Basic`/`Token` credentials and `Authorization:` header values."""
    text, lower = scan.text, scan.lower
    for scheme, rx in _AUTH_SCHEMES:
        if not scan.has(scheme):
            continue
        for m in rx.finditer(lower):
            st = m.start()
            if glued(lower, st):
                continue  # `xbearer`, `my_token`: part of a longer word
            vs, ve = m.span("value")
            ve = before_closing_tag(text, vs, ve)  # `…</pre>`: the element it was quoted in, no template part
            v = text[vs:ve]
            if not credential_like(v) or text.startswith("(", ve):
                continue  # and `Basic base64encode(USER:KEY)`: the docs' call that makes the value
            if scheme == "token" and not (random_looking(v, 12) or HEX_RE.match(v)):
                continue  # "token budget", "token-counting"
            scan.add(vs, ve, "bearer_token" if scheme == "bearer" else "auth_credential")
    if scan.has('oauth_signature_method="plaintext"'):  # OAuth 1.0's PLAINTEXT: the signature is the secrets
        for m in _OAUTH_PLAINTEXT_SIGNATURE.finditer(lower):
            scan.add(m.start("value"), m.end("value"), "auth_credential")
    if scan.has("signature="):  # SigV4: `…, SignedHeaders=…, Signature=<hex>`: the request's HMAC
        for m in _SIGV4_SIGNATURE.finditer(lower):
            scan.add(m.start("value"), m.end("value"), "auth_credential")
    for m in _AUTH_HEADER.finditer(lower) if scan.has("authorization") else ():
        vs, ve = m.span("value")
        ve = before_closing_tag(text, vs, ve)  # `…}}</pre>`: the element the header was quoted in
        if NAMED_VARIABLE.search(text, vs, ve):
            continue  # `Authorization: <token id>:$SERVICE_TOKEN`: the secret is the variable's
        if credential_like(text[vs:ve], 6) and not _CODE.search(text, vs, min(len(text), ve + 1)):
            scan.add(vs, ve, "auth_credential")  # not code: `= new HeaderValue(…)`, `os.environ["KEY"]`


# A request header a command sets (`curl -H 'Name: value'`). A header that is no standard one and
# names no id, trace, digest or version carries a credential when its value is generated
# (Workspace ONE's `aw-tenant-code: <base64>`): its name says the rest. UUIDs and hex stay ids.
_HEADER_ARG = re.compile(
    r"(?:-h|--header)(?:[ \t]+|=)\\?[\"'](?P<name>[a-z][\w\-]{1,60})[ \t]*:[ \t]*(?P<value>[^\s\"'\\]{16,400})"
)
_PLAIN_HEADER = re.compile(
    r"(?:^|[-_])(?:ids?|g?uuid|guid|behalf|trace|span|request|correlation|nonce|random|digest|signature|sha\d*|md5|hash|etag|version|accept|"
    r"content|agent|type|length|encoding|language|origin|referer|host|range|date|cache|match|since|forwarded|ip|"
    r"account|org|organi[sz]ation|project|user|region|locale|timezone|idempotency|scope|cookie|authorization)(?:[-_]|$)"
)
_SESSION_MIN = 32  # a session's key in hex or a UUID, not a counter
HEADER_TRIGGERS = ("-h ", "--header")
_KEY_PAIR = re.compile(
    r"[A-Za-z0-9_\-]{16,200}:(?P<secret>[A-Za-z0-9_\-+/]{16,400}={0,2})"
)  # a key's id, then its secret


def detect_headers(scan: Scan) -> None:
    """A generated value in a custom request header a command sets (`-H 'aw-tenant-code: …'`)."""
    for m in _HEADER_ARG.finditer(scan.lower):
        if _PLAIN_HEADER.search(m.group("name")):
            continue
        vs, ve = m.span("value")
        value = scan.text[vs:ve]
        if opens_pair(value) or MARKER_START in value:
            continue  # `X-ApiKeys: accessKey=…; secretKey=…`: pairs, each named (names.py reads them); redacted
        if mixed_token(value) or (random_looking(value, 24) and value.lower() != value and value.upper() != value):
            scan.add(vs, ve, "auth_credential")
        elif (
            m.group("name").endswith("session")
            and len(value) >= _SESSION_MIN
            and (HEX_RE.match(value) or is_uuid(value))
        ):
            scan.add(vs, ve, "auth_credential")  # `X-ArchivesSpace-Session: <64 hex>`: a signed-in session's key
        elif (pair := _KEY_PAIR.fullmatch(value)) is not None and (
            random_looking(pair.group("secret"), 16)
            or (HEX_RE.match(pair.group("secret")) and len(pair.group("secret")) >= 32)
        ):
            scan.add(vs + pair.start("secret"), ve, "auth_credential")  # Revel's `API-AUTHENTICATION: <key>:<secret>`


# A `Cookie:` header, or a tool's `--cookie` option (`sqlmap --cookie="PHPSESSID=…; security=low"`)
_COOKIE = re.compile(  # curl's `-b 'NAME=value'` too
    r"(?:cookie(?:[ \t]*:|(?<=-cookie)(?:=|[ \t]+(?=[\"'])))|(?<![\w\-])-b[ \t]+(?=[\"'][\w\-]{1,60}=)"
    r"|cookies?_?(?:str(?:ing)?|header)?[ \t]*=[ \t]*(?=[\"']?[\w\-.]{1,60}=))"  # `COOKIES_STRING=sid=…` in an env file
    r"[ \t]*[\"']?(?P<body>[^\n\"'\\]{1,4000})"
)
# A cookie set by code (`session.cookies.set("NextGenCSO", "…")`, `response.set_cookie("sid", "…")`)
_COOKIE_SETTER = re.compile(
    r"(?:cookies?\.set|set_?cookie|add_?cookie)[ \t]*\([ \t]*[\"'](?P<name>[^\"'\n]{1,100})[\"'][ \t]*,[ \t]*"
    r"[\"'](?P<value>[^\"'\n]{1,4000})[\"']",
    re.I,
)
_COOKIE_PAIR = re.compile(r"(?:^|[;\s])[ \t]*(?P<name>[^=;\s]{1,100})=(?P<value>[^;\s]*)")
_SESSION_NAME = re.compile(
    r"sess|sid|auth|token|jwt|csrf|xsrf|remember|login|secret|key|ticket|identity|credential|_at$|^at$|_rt$"
)
_COOKIE_ATTR_WORDS = "path domain expires max-age samesite secure httponly priority partitioned version comment"
_COOKIE_ATTRS = frozenset(_COOKIE_ATTR_WORDS.split())


# A line of a cookie jar (curl's `-c`, wget's, a browser's export in Netscape's format): domain,
# subdomains, path, secure, expiry, name, value, a tab apart.
_COOKIE_JAR_LINE = re.compile(
    r"(?m)^[ \t]*(?:#HttpOnly_)?[\w.\-]+\t(?:TRUE|FALSE)\t\S*\t(?:TRUE|FALSE)\t\d+\t(?P<name>[^\t\n]+)\t(?P<value>[^\t\s]+)"
)


def detect_cookies(scan: Scan) -> None:
    """Session values in `Cookie:` and `Set-Cookie:` headers, in a tool's cookie option
    (`--cookie="…"`, curl's `-b 'NAME=…'`), in a cookie code sets and in a cookie jar's lines."""
    text = scan.text
    for m in _COOKIE_JAR_LINE.finditer(text) if scan.has("\ttrue\t") or scan.has("\tfalse\t") else ():
        if _session_value(m.group("name").lower(), m.group("value")):
            scan.add(*m.span("value"), "cookie")
    if not (scan.has("cookie") or scan.has("-b ")):
        return
    for m in _COOKIE.finditer(scan.lower):
        body_start = m.start("body")
        body = text[body_start : m.end("body")]
        for p in _COOKIE_PAIR.finditer(body):
            name = p.group("name").lower()
            v = p.group("value")
            if name in _COOKIE_ATTRS or not v:
                continue
            if _session_value(name, v):
                scan.add(body_start + p.start("value"), body_start + p.end("value"), "cookie")
    for m in _COOKIE_SETTER.finditer(text) if scan.has("cookie") else ():
        if _session_value(m.group("name").lower(), m.group("value")):
            scan.add(*m.span("value"), "cookie")


def _session_value(name: str, value: str) -> bool:
    """A cookie's value that carries a session: under a session's name, or generated."""
    return (_SESSION_NAME.search(name) is not None and len(value) >= 6) or random_looking(value, 16)
