"""The web page as one ASGI app behind its guards, alone or beside the MCP server.

    jezero-pipeline serve --web [--host 127.0.0.1 --port 8765 --token-env JEZERO_MCP_TOKEN] [--mcp]

On loopback the page needs no token; off loopback (or published at a non-loopback
`[web] public_url`) it needs one. With `--mcp` the MCP app answers at /mcp in the same
server, with its own rules, over the same `Library` object: two readers of one file in one
process would share DuckDB's cached instance and stop following rebuilds.
"""

from __future__ import annotations

from typing import Any

from ..config import Config
from ..library import mcp_server
from ..listen import serve_asgi, shown
from ..staging import published
from .app import Pages, routes_app
from .data import Library
from .security import SessionCookie, exposed, guard

MCP_PATH = "/mcp"


def web_app(library: Library, *, host: str = "127.0.0.1", token: str | None = None, public_url: str | None = None):
    """The page for `library`, guarded for serving on `host` (ValueError when unsafe to serve)."""
    cookie = None
    if token and exposed(host, public_url):
        cookie = SessionCookie(token, secure=bool(public_url and public_url.startswith("https://")))
    pages = Pages(library, cookie=cookie)
    return guard(
        routes_app(pages), host=host, public_url=public_url, token=token, cookie=cookie, login_page=pages.login_required
    )


class Beside:
    """One ASGI app: the MCP app at /mcp (and its lifespan), the web page everywhere else."""

    def __init__(self, mcp: Any, web: Any):
        self.mcp = mcp
        self.web = web

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] == "lifespan" or path == MCP_PATH or path.startswith(MCP_PATH + "/"):
            await self.mcp(scope, receive, send)
        else:
            await self.web(scope, receive, send)


def serve_app(
    cfg: Config,
    *,
    host: str,
    token: str | None,
    with_mcp: bool = False,
    mcp_auth: bool = True,
) -> Any:
    """The app `serve --web` runs: the page, and with `with_mcp` the MCP server beside it."""
    library = Library(cfg.library_path, cfg.search, sync=published.sync_for(cfg), embeddings=cfg.embeddings)
    app = web_app(library, host=host, token=token, public_url=cfg.web.public_url)
    if with_mcp:
        mcp = mcp_server.http_app(
            cfg.library_path, cfg.search, host=host, token=token, require_auth=mcp_auth, library=library
        )
        app = Beside(mcp, app)
    return app


def serve(cfg: Config, *, host: str, port: int, token: str | None, with_mcp: bool = False, mcp_auth: bool = True):
    """Run the page (and MCP) until interrupted; the addresses are printed once bound."""
    app = serve_app(cfg, host=host, token=token, with_mcp=with_mcp, mcp_auth=mcp_auth)
    base = f"http://{shown(host)}:{port}"
    serve_asgi(app, host, port, [f"search page: {base}/", *([f"MCP server: {base}{MCP_PATH}"] if with_mcp else [])])
