"""The pages and the JSON endpoint: server-rendered HTML over the read-only library.

Every route is a GET except POST /login (it trades a bearer token for a session cookie and
changes nothing else): there is no write endpoint. Pages are rendered by Jinja2 with
autoescaping on, so every text from the library reaches the browser escaped.

    /               search page (the query and filters in the URL)
    /results        the results part of the search page, fetched as you type
    /api/search     the same search as JSON: the library's answer plus the facets
    /item/<id>      one item: summary, atoms by kind, questions, original, later, session
    /timeline       newest first per project or source, with items per week
    /stats          items per source and project, the last library build
"""

from __future__ import annotations

from itertools import groupby
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..models import ATOM_KINDS
from .chart import weekly_chart
from .data import Library, LibraryFacts, LibraryMissing, QueryError
from .filters import Filters
from .markup import clean, highlight, hit_pattern
from .results import by_session, facets
from .security import SessionCookie

STATIC = Path(__file__).parent / "static"
LATER_SHOWN = 5
OVERVIEW_ITEMS = 8
CODE_KINDS = ("error", "command")  # shown in monospace with a copy button
KIND_TITLES = {
    "decision": "Decisions",
    "rationale": "Rationale",
    "fix": "Fixes",
    "error": "Errors",
    "command": "Commands",
    "fact": "Facts",
    "risk": "Risks",
}


def _when(iso: str | None) -> str:
    return (iso or "")[:16].replace("T", " ")


def _short(session_id: str | None) -> str:
    return (session_id or "")[:8]


def templates() -> Environment:
    """The page templates: autoescaped, cleaned, and a missing value is an error, not an empty string."""
    env = Environment(
        loader=PackageLoader("jezero_pipeline.web", "templates"),
        autoescape=True,
        finalize=clean,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(when=_when, short=_short)
    env.globals.update(hl=highlight, code_kinds=CODE_KINDS, kind_titles=KIND_TITLES)
    return env


def _next_path(value: str | None) -> str:
    """Where to go after logging in: a path on this server only (never `//host` or a scheme)."""
    if value and value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return "/"


class Pages:
    """The route handlers, over one `Library` (shared with the MCP app when both are served)."""

    def __init__(self, library: Library, cookie: SessionCookie | None = None):
        self.library = library
        self.facts = LibraryFacts(library.path)
        self.cookie = cookie
        self.env = templates()

    # -- rendering

    def render(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        context.setdefault("filters", Filters())
        context.setdefault("search_page", False)
        return HTMLResponse(self.env.get_template(name).render(**context), status_code=status)

    def problem(self, err: Exception, filters: Filters | None = None) -> HTMLResponse:
        """A page saying what is wrong: 503 without a library, 400 for a bad query or filter."""
        status = 503 if isinstance(err, LibraryMissing) else 400
        return self.render(
            "message.html", status, title="Cannot show this", message=str(err), filters=filters or Filters()
        )

    # -- search

    def _limit(self, filters: Filters) -> int | str:
        """The page shows up to `max_limit` hits unless the URL asks for fewer."""
        return filters.limit or self.library.cfg.max_limit

    def _search(self, filters: Filters) -> dict[str, Any]:
        return self.library.search(
            filters.q, limit=self._limit(filters), mode=filters.mode, **filters.library_filters()
        )

    def _results_context(self, filters: Filters) -> tuple[int, dict[str, Any]]:
        ctx: dict[str, Any] = {"filters": filters, "error": None, "answer": None}
        try:
            if filters.q:
                answer = self._search(filters)
                ctx.update(
                    answer=answer,
                    facets=facets(answer["results"], filters),
                    groups=by_session(answer["results"]),
                    pattern=hit_pattern(filters.q, answer["stems"]),
                    limit=self._limit(filters),
                )
            else:
                scope = {k: getattr(filters, k) for k in ("project", "source", "since", "until")}
                ctx.update(
                    recent=self.library.timeline(limit=OVERVIEW_ITEMS, **scope)["results"],
                    sources=self.library.list_sources()["sources"],
                    projects=self.facts.projects(),
                )
        except QueryError as err:  # LibraryMissing is one
            ctx["error"] = str(err)
            return (503 if isinstance(err, LibraryMissing) else 400), ctx
        return 200, ctx

    def search_page(self, request: Request) -> HTMLResponse:
        filters = Filters.from_params(request.query_params)
        status, ctx = self._results_context(filters)
        return self.render("search.html", status, search_page=True, **ctx)

    def results(self, request: Request) -> HTMLResponse:
        filters = Filters.from_params(request.query_params)
        status, ctx = self._results_context(filters)
        return self.render("results.html", status, **ctx)

    def api_search(self, request: Request) -> JSONResponse:
        filters = Filters.from_params(request.query_params)
        try:
            answer = self._search(filters)
        except QueryError as err:
            return JSONResponse({"error": str(err)}, status_code=503 if isinstance(err, LibraryMissing) else 400)
        return JSONResponse({**answer, "facets": [f.as_json() for f in facets(answer["results"], filters)]})

    # -- one item

    def item(self, request: Request) -> HTMLResponse:
        filters = Filters.from_params(request.query_params)
        item_id = request.path_params["item_id"]
        try:
            got = self.library.get_item(item_id, include_original=True)
            if not got["found"]:
                return self.render("message.html", 404, title="No such item", message=f"No item #{item_id}.")
            item = got["item"]
            later = self.library.later(item_id, limit=LATER_SHOWN)
            session = self.facts.session(item["source"], item["session_id"]) if item.get("session_id") else []
        except QueryError as err:
            return self.problem(err, filters)
        kinds = [*ATOM_KINDS, *sorted({a["kind"] for a in item["atoms"]} - set(ATOM_KINDS))]
        atoms = [(k, [a for a in item["atoms"] if a["kind"] == k]) for k in kinds]
        return self.render(
            "item.html",
            item=item,
            atoms=[(k, group) for k, group in atoms if group],
            later=later,
            session=session,
            pattern=hit_pattern(filters.q),
            filters=filters,
        )

    # -- timeline and stats

    def timeline(self, request: Request) -> HTMLResponse:
        filters = Filters.from_params(request.query_params)
        limit = self._limit(filters)
        try:
            answer = self.library.timeline(
                project=filters.project, source=filters.source, since=filters.since, until=filters.until, limit=limit
            )
            chart = weekly_chart(self.facts.weeks(project=filters.project, source=filters.source))
            projects = self.facts.projects()
            sources = self.library.list_sources()["sources"]
        except QueryError as err:
            return self.problem(err, filters)
        results = answer["results"]
        older = None
        if results and len(results) >= int(limit):
            older = filters.link("/timeline", until=results[-1]["occurred_at"])
        days = [(day, list(items)) for day, items in groupby(results, key=lambda r: r["occurred_at"][:10])]
        return self.render(
            "timeline.html",
            filters=filters,
            days=days,
            chart=chart,
            projects=projects,
            sources=sources,
            older=older,
        )

    def stats(self, request: Request) -> HTMLResponse:
        try:
            stats = self.library.stats()
            sources = self.library.list_sources()["sources"]
            projects = self.facts.projects()
        except QueryError as err:
            return self.problem(err)
        return self.render("stats.html", stats=stats, sources=sources, projects=projects)

    # -- login (only when a token is required)

    def login_form(self, request: Request, status: int = 200) -> HTMLResponse:
        """The sign-in form; afterwards the browser goes back to the page it asked for."""
        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        wanted = request.query_params.get("next") if request.url.path == "/login" else here
        return self.render("login.html", status, next=_next_path(wanted))

    def login_page(self, request: Request) -> Response:
        if self.cookie is None:
            return RedirectResponse("/", status_code=303)
        return self.login_form(request)

    def login(self, request: Request) -> Response:
        """Reached only with a valid bearer token or cookie (the AuthGate checks): a fresh cookie."""
        if self.cookie is None:
            return Response("no login on this server", status_code=404, media_type="text/plain")
        return Response(status_code=204, headers={"set-cookie": self.cookie.header(self.cookie.issue())})

    async def login_required(self, scope: dict, receive: Any, send: Any) -> None:
        """ASGI: 401 with the login form, for a browser that has neither token nor cookie."""
        response = self.login_form(Request(scope), status=401)
        response.headers["www-authenticate"] = 'Bearer realm="jezero"'
        await response(scope, receive, send)


def routes_app(pages: Pages) -> Starlette:
    """The router: GET (and HEAD) everywhere, POST only for /login."""
    return Starlette(
        routes=[
            Route("/", pages.search_page),
            Route("/results", pages.results),
            Route("/api/search", pages.api_search),
            Route("/item/{item_id:int}", pages.item),
            Route("/timeline", pages.timeline),
            Route("/stats", pages.stats),
            Route("/login", pages.login_page, methods=["GET"]),
            Route("/login", pages.login, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
