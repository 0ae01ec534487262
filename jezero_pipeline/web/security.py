"""The page's guards, as ASGI middleware: Host/Origin, headers, and who may read.

- Host/Origin: the MCP server's rule (the MCP SDK's own check, imported): on loopback only
  `127.0.0.1`, `localhost` and `[::1]` (any port) are answered, so a DNS-rebinding page
  cannot read the library; off loopback, also the bound address and the configured
  `[web] public_url`. A foreign Host gets 421, a foreign Origin 403.
- Headers on every answer: a strict Content-Security-Policy (scripts and styles only from
  this server, no inline code, Trusted Types for the one HTML sink), no framing, no
  referrer, no sniffing, no caching.
- Off loopback, every request needs the bearer token (the MCP server's `BearerAuth`,
  imported: token from an environment variable, compared in constant time) or the signed
  session cookie a browser gets by proving the token once at /login. A browser without
  either gets 401 with the login form; anything else gets the MCP server's JSON 401.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from starlette.datastructures import Headers
from starlette.requests import Request

from ..library.mcp_server import BearerAuth
from ..text import is_loopback

ASGIApp = Callable[[dict, Any, Any], Awaitable[None]]

# What the MCP SDK allows on a loopback server (its automatic DNS-rebinding settings).
LOOPBACK_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
WILDCARD_BINDS = ("", "0.0.0.0", "::", "[::]")

TRUSTED_TYPES_POLICY = "jezero"  # the one policy app.js creates, for the results it fetches
CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "require-trusted-types-for 'script'",
        f"trusted-types {TRUSTED_TYPES_POLICY}",
    ]
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]

COOKIE_NAME = "jezero_session"
SESSION_SECONDS = 12 * 3600


def _host_pattern(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def transport_settings(host: str, public_url: str | None = None) -> TransportSecuritySettings:
    """The Host and Origin values the page answers to when bound to `host`.

    A wildcard bind (0.0.0.0, ::) off loopback needs `public_url`: otherwise no Host
    but loopback's could be told from a foreign one.
    """
    hosts = list(LOOPBACK_HOSTS)
    origins = [f"http://{h}" for h in LOOPBACK_HOSTS]
    if host not in WILDCARD_BINDS and host.strip("[]") not in ("127.0.0.1", "localhost", "::1"):
        hosts.append(f"{_host_pattern(host)}:*")
        origins += [f"http://{_host_pattern(host)}:*", f"https://{_host_pattern(host)}:*"]
    if public_url:
        parts = urlsplit(public_url)
        hosts.append(parts.netloc.lower())
        origins.append(f"{parts.scheme}://{parts.netloc.lower()}")
    elif host in WILDCARD_BINDS:
        raise ValueError(
            f"serving on every address ({host or 'all'}) needs [web] public_url in the config: "
            "the address people open, so the page can refuse foreign Host headers"
        )
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)


class HostGuard:
    """Refuses requests whose Host or Origin header is not one the page answers to."""

    def __init__(self, app: ASGIApp, settings: TransportSecuritySettings):
        self.app = app
        self.check = TransportSecurityMiddleware(settings)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            refused = await self.check.validate_request(Request(scope))
            if refused is not None:
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Adds the Content-Security-Policy and the other SECURITY_HEADERS to every answer."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in SECURITY_HEADERS}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": kept + SECURITY_HEADERS}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class SessionCookie:
    """A signed, expiring session cookie; the key is derived from the token, so a new token ends every session."""

    def __init__(self, token: str, secure: bool = False):
        self._key = hmac.new(token.encode(), b"jezero-pipeline web session", hashlib.sha256).digest()
        self.secure = secure

    def _sign(self, payload: str) -> str:
        return hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()

    def issue(self, now: float | None = None) -> str:
        """A cookie value good for SESSION_SECONDS."""
        payload = f"v1.{int((now or time.time()) + SESSION_SECONDS)}"
        return f"{payload}.{self._sign(payload)}"

    def valid(self, value: str | None, now: float | None = None) -> bool:
        """True for an unexpired value this server signed (signature compared in constant time)."""
        if not value or value.count(".") != 2:
            return False
        payload, _, signature = value.rpartition(".")
        if not hmac.compare_digest(self._sign(payload).encode(), signature.encode()):
            return False
        expires = payload.partition(".")[2]
        return expires.isdigit() and int(expires) > (now or time.time())

    def header(self, value: str) -> str:
        """The Set-Cookie value: script-proof, same-site only, Secure when served over https."""
        secure = "; Secure" if self.secure else ""
        return f"{COOKIE_NAME}={value}; Max-Age={SESSION_SECONDS}; Path=/; HttpOnly; SameSite=Strict{secure}"


class AuthGate:
    """Lets through a valid session cookie or bearer token; static files are public.

    `login_page` answers a browser (an HTML GET with no Authorization header) with 401 and
    the form that trades the token for a cookie; every other request without a valid cookie
    goes through the MCP server's bearer check.
    """

    def __init__(self, app: ASGIApp, token: str, cookie: SessionCookie, login_page: ASGIApp):
        self.app = app
        self.bearer = BearerAuth(app, token)
        self.cookie = cookie
        self.login_page = login_page

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        if self.cookie.valid(Request(scope).cookies.get(COOKIE_NAME)):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        browser = "text/html" in headers.get("accept", "") and scope["method"] in ("GET", "HEAD")
        if browser and "authorization" not in headers:
            await self.login_page(scope, receive, send)
            return
        await self.bearer(scope, receive, send)


def exposed(host: str, public_url: str | None) -> bool:
    """Reachable from other machines: bound off loopback, or published (behind a proxy) at a public address."""
    return not is_loopback(host) or (public_url is not None and not is_loopback(urlsplit(public_url).hostname))


def guard(
    app: ASGIApp,
    *,
    host: str,
    public_url: str | None,
    token: str | None,
    cookie: SessionCookie | None,
    login_page: ASGIApp,
) -> ASGIApp:
    """`app` behind the guards; off loopback a token is required (ValueError without one)."""
    if exposed(host, public_url):
        if not token or cookie is None:
            raise ValueError(
                f"off loopback ({public_url or host!r}) the web page needs a token: set the environment variable "
                "named by --token-env (default JEZERO_MCP_TOKEN), or serve on 127.0.0.1 with no public_url"
            )
        app = AuthGate(app, token, cookie, login_page)
    return SecurityHeaders(HostGuard(app, transport_settings(host, public_url)))
