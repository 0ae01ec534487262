"""The web page over real HTTP on 127.0.0.1: its answers, its guards, and its pure parts."""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date, timedelta
from fnmatch import fnmatch
from html import unescape
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st
from web_library import ITEMS, NOW, build, request, row, serving

from jezero_pipeline.cli import main as cli_main
from jezero_pipeline.config import ConfigError, parse_config
from jezero_pipeline.library.mcp_server import http_app
from jezero_pipeline.text import clean_text
from jezero_pipeline.web.chart import MAX_WEEKS, weekly_chart
from jezero_pipeline.web.data import Library, LibraryFacts
from jezero_pipeline.web.filters import Filters
from jezero_pipeline.web.markup import highlight, hit_pattern
from jezero_pipeline.web.results import by_session, facets
from jezero_pipeline.web.security import CSP, SessionCookie, transport_settings
from jezero_pipeline.web.server import Beside, web_app

REPO = Path(__file__).resolve().parents[1]
TOKEN = "correct-horse-battery-staple-42"
HTML = {"Accept": "text/html"}


@pytest.fixture
def lib_path(tmp_path: Path) -> Path:
    return build(tmp_path / "library.duckdb")


@pytest.fixture
def library(lib_path: Path) -> Library:
    lib = Library(lib_path, now=lambda: NOW)
    yield lib
    lib.close()


def ids_by_ext(library: Library) -> dict[str, int]:
    return {r["external_id"]: r["id"] for r in library.timeline(limit=50)["results"]}


# ------------------------------------------------------------------------------ pure parts


words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


@given(text=st.text(max_size=200), query=words)
def test_highlighting_escapes_everything_and_marks_only_hits(text: str, query: str) -> None:
    out = str(highlight(text, hit_pattern(query)))
    # The only markup is <mark>; removing it and unescaping gives the text back, less terminal escapes.
    assert re.sub(r"</?mark>", "", out).count("<") == 0
    assert unescape(re.sub(r"</?mark>", "", out)) == clean_text(text)


def test_a_query_word_marks_the_words_it_begins_and_nothing_inside_a_word() -> None:
    pattern = hit_pattern("fail", ["lockfil"])
    out = str(highlight("failing tests; lockfiles; refail & <fail>", pattern))
    assert out == ("<mark>failing</mark> tests; <mark>lockfiles</mark>; refail &amp; &lt;<mark>fail</mark>&gt;")
    assert hit_pattern("  ", []) is None


@given(
    q=words,
    project=st.one_of(st.none(), words.filter(str.strip)),
    since=st.one_of(st.none(), st.dates().map(date.isoformat)),
    limit=st.one_of(st.none(), st.integers(1, 500).map(str)),
)
def test_a_search_survives_its_own_link(q: str, project: str | None, since: str | None, limit: str | None) -> None:
    filters = Filters(q=q.strip(), project=project, since=since, limit=limit)
    link = filters.link("/")
    back = Filters.from_params(dict(parse_qsl(urlsplit(link).query)))
    assert back == filters


def test_facets_count_the_hits_and_a_chosen_value_links_back_to_all() -> None:
    hits = [
        {"id": 1, "source": "a", "session_id": "s1", "project": "web", "trust": "own",
         "occurred_at": "2026-02-10T00:00:00+00:00", "atoms": [{"kind": "error", "text": "x"}, {"kind": "error", "text": "y"}]},
        {"id": 2, "source": "b", "session_id": "s2", "project": "web", "trust": "external",
         "occurred_at": "2026-03-01T00:00:00+00:00", "atoms": [{"kind": "command", "text": "z"}]},
        {"id": 3, "source": "a", "session_id": "s1", "project": None, "trust": "own",
         "occurred_at": "2026-03-02T00:00:00+00:00", "atoms": []},
    ]  # fmt: skip
    got = {f.name: {v.label: v.count for v in f.values} for f in facets(hits, Filters(q="x"))}
    assert got == {
        "project": {"web": 2},
        "source": {"a": 2, "b": 1},
        "kind": {"error": 1, "command": 1},  # items with an atom of the kind, not atoms
        "trust": {"own": 2, "external": 1},
        "month": {"2026-03": 2, "2026-02": 1},
    }
    now = Filters(q="x", project="web", since="2026-03-01", until="2026-04-01")
    chosen = facets(hits, now)

    def chosen_link(value) -> str:
        return now.link("/", **value.choose)

    web = next(v for f in chosen if f.name == "project" for v in f.values)
    march = next(v for f in chosen if f.name == "month" for v in f.values if v.label == "2026-03")
    assert web.active and chosen_link(web) == "/?q=x&since=2026-03-01&until=2026-04-01"
    assert march.active and chosen_link(march) == "/?q=x&project=web"
    kind = next(v for f in chosen if f.name == "kind" for v in f.values if v.label == "error")
    assert not kind.active and chosen_link(kind) == "/?q=x&project=web&kind=error&since=2026-03-01&until=2026-04-01"
    assert [[h["id"] for h in g] for g in by_session(hits)] == [[1, 3], [2]]


@given(st.lists(st.tuples(st.integers(0, 400), st.integers(1, 50)), min_size=1, max_size=60, unique_by=lambda t: t[0]))
def test_the_chart_has_one_bar_per_week_up_to_the_newest(weeks: list[tuple[int, int]]) -> None:
    monday = date(2024, 1, 1)
    data = [{"week": (monday + timedelta(weeks=w)).isoformat(), "items": n} for w, n in sorted(weeks)]
    chart = weekly_chart(data)
    assert chart is not None
    drawn = [date.fromisoformat(b.week) for b in chart.bars]
    assert drawn[-1] == monday + timedelta(weeks=max(w for w, _ in weeks))
    assert len(drawn) <= MAX_WEEKS
    assert all((b - a).days == 7 for a, b in zip(drawn, drawn[1:]))
    counts = {d["week"]: d["items"] for d in data}
    assert all(b.items == counts.get(b.week, 0) for b in chart.bars)
    assert sum(b.items for b in chart.bars) + sum(n for w, n in counts.items() if w < chart.first) == sum(
        counts.values()
    )
    tallest = max(chart.bars, key=lambda b: b.items)
    assert tallest.height == pytest.approx(chart.height) and tallest.y == pytest.approx(0)


def test_a_session_cookie_is_refused_when_tampered_expired_or_signed_with_another_token() -> None:
    cookie = SessionCookie(TOKEN)
    value = cookie.issue(now=1_000)
    assert cookie.valid(value, now=1_001)
    assert not cookie.valid(value, now=1_000 + 13 * 3600)  # expired
    payload, _, sig = value.rpartition(".")
    later = f"v1.{int(payload.split('.')[1]) + 10**6}"
    assert not cookie.valid(f"{later}.{sig}", now=1_001)  # expiry pushed out, old signature
    assert not cookie.valid(value[:-1] + ("0" if value[-1] != "0" else "1"), now=1_001)
    assert not SessionCookie("another-token").valid(value, now=1_001)
    assert not cookie.valid("", now=1_001) and not cookie.valid("garbage", now=1_001)
    assert "HttpOnly" in cookie.header(value) and "SameSite=Strict" in cookie.header(value)
    assert "Secure" not in cookie.header(value) and "Secure" in SessionCookie(TOKEN, secure=True).header(value)


def test_serving_on_every_address_needs_a_public_url_and_off_loopback_a_token(library: Library) -> None:
    with pytest.raises(ValueError, match="public_url"):
        transport_settings("0.0.0.0")
    with pytest.raises(ValueError, match="needs a token"):
        web_app(library, host="192.0.2.10")
    with pytest.raises(ValueError, match="needs a token"):  # a loopback bind published behind a proxy
        web_app(library, host="127.0.0.1", public_url="https://jezero.example.org")
    web_app(library, host="127.0.0.1", public_url="http://127.0.0.1:8765")  # published on loopback: no token


def test_the_public_url_must_be_an_http_address_and_is_named_when_wrong(tmp_path: Path) -> None:
    cfg = parse_config({"web": {"public_url": "https://jezero.example.org/"}}, tmp_path)
    assert cfg.web.public_url == "https://jezero.example.org"
    for bad in ("jezero.example.org", "ftp://x.org", "http://x.org/?a=1", "http://user:pw@x.org"):
        with pytest.raises(ConfigError, match="web.public_url"):
            parse_config({"web": {"public_url": bad}}, tmp_path)


def test_every_template_and_static_file_is_package_data() -> None:
    globs = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    web = REPO / "jezero_pipeline" / "web"
    files = [p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file() and p.suffix != ".py"]
    files = [f for f in files if "__pycache__" not in f]
    assert files, "no templates or static files found"
    assert [f for f in files if not any(fnmatch(f, g) for g in globs["jezero_pipeline.web"])] == []


# ------------------------------------------------------------------------------ the library side


def test_a_sessions_segments_come_in_their_order_and_weeks_count_each_item_once(lib_path: Path) -> None:
    facts = LibraryFacts(lib_path)
    try:
        assert [s["external_id"] for s in facts.session("claude-code", "s-web")] == ["s-web#0", "s-web#40", "s-web#90"]
        weeks = facts.weeks(project="web")
        assert sum(w["items"] for w in weeks) == sum(1 for i in ITEMS if i["project"] == "web")
        assert all(date.fromisoformat(w["week"]).weekday() == 0 for w in weeks)
        assert {p["project"]: p["items"] for p in facts.projects()} == {"web": 4, "ingest": 1, "analytics": 1}
    finally:
        facts.close()


# ------------------------------------------------------------------------------ over HTTP


@pytest.mark.slow
def test_the_json_endpoint_gives_the_librarys_own_answer_plus_facets(library: Library) -> None:
    with serving(web_app(library)) as base:
        status, _, body = request(base, "/api/search?q=lockfile&project=web")
        assert status == 200
        got = json.loads(body)
        direct = library.search("lockfile", project="web", limit=library.cfg.max_limit)
        assert {k: v for k, v in got.items() if k != "facets"} == json.loads(json.dumps(direct))
        assert sorted(r["external_id"] for r in got["results"]) == ["s-web#0", "s-web#40"]
        project = next(f for f in got["facets"] if f["name"] == "project")
        assert project["values"] == [{"label": "web", "count": 2, "active": True, "choose": {"project": None}}]
        status, _, body = request(base, "/api/search?q=lockfile&kind=nonsense")
        assert status == 400 and "unknown atom kind" in json.loads(body)["error"]
        status, _, body = request(base, "/api/search?q=lockfile&since=last+spring")
        assert status == 400 and "bad date for 'since'" in json.loads(body)["error"]


@pytest.mark.slow
def test_pages_escape_session_text_and_carry_a_strict_csp(library: Library) -> None:
    xss = ids_by_ext(library)["s-xss#0"]
    with serving(web_app(library)) as base:
        for path in (f"/item/{xss}", "/?q=preview", "/results?q=preview", "/timeline", "/stats"):
            status, headers, body = request(base, path, headers=HTML)
            assert status == 200, path
            assert headers["content-security-policy"] == CSP
            assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
            assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
            page = body.decode()
            assert "<script>window.__pwned" not in page and "<img" not in page, path
            own = 0 if path.startswith("/results") else 1  # the page's app.js; the fragment has none
            assert len(re.findall(r"<script\b", page)) == own, path
        _, _, body = request(base, f"/item/{xss}", headers=HTML)
        page = body.decode()
        assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
        assert "&lt;/pre&gt;&lt;script&gt;window.__pwned = 3" in page
        assert "\x1b" not in page and "[31m" not in page and "&gt; red" in page  # terminal escapes removed


@pytest.mark.slow
def test_an_item_page_shows_atoms_by_kind_questions_the_original_later_and_the_session(library: Library) -> None:
    ids = ids_by_ext(library)
    with serving(web_app(library)) as base:
        status, _, body = request(base, f"/item/{ids['s-web#40']}?q=lockfile", headers=HTML)
        assert status == 200
        page = body.decode()
        session = re.search(r'<ol class="session-list">(.*?)</ol>', page, re.S).group(1)
        assert re.findall(r">([^<>]+)</(?:a|span)>\s*<span class=\"meta\">", session) == [
            "CI fails with ERR_PNPM_OUTDATED_LOCKFILE after a vite bump",
            "Add a pre-push hook that checks the lockfile",
            "Document the release checklist",
        ]
        assert 'class="current"' in session
        assert "<mark>lockfile</mark>" in page
        status, _, body = request(base, f"/item/{ids['s-web#0']}", headers=HTML)
        page = body.decode()
        assert re.findall(r"<h2>(\w+)</h2>", page)[:4] == ["Summary", "Decisions", "Errors", "Commands"]
        assert page.count("data-copy-code") == 2  # the error and the command
        assert "Why does pnpm refuse to install in CI?" in page
        assert re.search(r"<details class=\"original\">\s*<summary>", page)  # collapsed: no `open`
        # Nothing later matches its title: the page says so and offers the project's later items
        assert "Later on this subject" not in page and "Later in web" in page and "Nothing newer matches" in page
        assert "Add a pre-push hook" in page
        status, _, _ = request(base, "/item/999999", headers=HTML)
        assert status == 404
        status, _, body = request(base, f"/item/{2**70}", headers=HTML)
        assert status == 400 and b"64-bit" in body


@pytest.mark.slow
def test_the_timeline_charts_items_per_week_and_the_stats_count_per_source_and_project(library: Library) -> None:
    with serving(web_app(library)) as base:
        _, _, body = request(base, "/timeline?project=web", headers=HTML)
        page = body.decode()
        titles = re.findall(r'class="hit-link" href="/item/\d+">([^<]+)</a>', page)
        assert titles == sorted(titles, key=lambda t: [i["title"] for i in ITEMS][::-1].index(unescape(t)))
        assert len(titles) == 4
        bars = re.findall(r"<title>week of (\S+): (\d+) items?</title></rect><rect", page)
        assert sum(int(n) for _, n in bars) == 4
        assert [w for w, _ in bars] == sorted(w for w, _ in bars)
        _, _, body = request(base, "/stats", headers=HTML)
        page = body.decode()
        rows = dict(re.findall(r'\?project=(\w+)">\w+</a></td><td class="n">(\d+)</td>', page))
        assert rows == {"web": "4", "ingest": "1", "analytics": "1"}
        rows = dict(re.findall(r'\?source=([\w-]+)">[\w-]+</a></td><td class="n">(\d+)</td>', page))
        assert rows == {"claude-code": "5", "codex": "1"}
        assert "Last build" in page and "generation" in page
        # Paging: "Older" continues where the page stopped, with nothing twice and nothing left out.
        seen: list[str] = []
        path = "/timeline?project=web&limit=3"
        while path:
            page = request(base, path, headers=HTML)[2].decode()
            seen += re.findall(r'class="hit-link" href="/item/\d+">([^<]+)</a>', page)
            older = re.search(r'<p class="more"><a href="([^"]+)">Older', page)
            path = unescape(older.group(1)) if older else None
        assert seen == titles


@pytest.mark.slow
def test_the_first_page_lists_the_latest_items_and_counts_per_project_and_source(library: Library) -> None:
    with serving(web_app(library)) as base:
        status, _, body = request(base, "/", headers=HTML)
        page = body.decode()
        assert status == 200 and "autofocus" in page
        latest = re.findall(r'class="hit-link" href="/item/\d+">([^<]+)</a>', page)
        assert latest[0] == "DuckDB file locked while the dashboard reads it" and len(latest) == len(ITEMS)
        counts = dict(re.findall(r'\?(?:project|source)=([\w-]+)">[\w-]+</a><span>(\d+)</span>', page))
        assert counts == {"web": "4", "ingest": "1", "analytics": "1", "claude-code": "5", "codex": "1"}


@pytest.mark.slow
def test_without_a_library_every_page_says_so_and_picks_it_up_once_built(tmp_path: Path) -> None:
    path = tmp_path / "library.duckdb"
    library = Library(path)
    with serving(web_app(library)) as base:
        for page in ("/", "/?q=lockfile", "/results?q=lockfile", "/item/1", "/timeline", "/stats", "/api/search?q=x"):
            status, _, body = request(base, page, headers=HTML)
            assert status == 503 and b"no library at" in body, page
        build(path)
        assert json.loads(request(base, "/api/search?q=lockfile")[2])["count"] == 3
        assert request(base, "/stats", headers=HTML)[0] == 200
    library.close()


@pytest.mark.slow
def test_there_is_no_write_endpoint(library: Library) -> None:
    with serving(web_app(library)) as base:
        for path in ("/", "/results", "/api/search", "/item/1", "/timeline", "/stats", "/static/app.js"):
            for method in ("POST", "PUT", "DELETE", "PATCH"):
                status, _, _ = request(base, path, method=method, body=b"{}")
                assert status == 405, (method, path, status)
        status, _, _ = request(base, "/login", method="POST")  # loopback: no sign-in at all
        assert status == 404


@pytest.mark.slow
def test_a_foreign_host_or_origin_is_refused(library: Library) -> None:
    with serving(web_app(library)) as base:
        port = urlsplit(base).port
        assert request(base, "/?q=lockfile", headers={**HTML, "Host": "evil.example"})[0] == 421
        assert request(base, "/api/search?q=lockfile", headers={"Host": f"evil.example:{port}"})[0] == 421
        assert request(base, "/", headers={**HTML, "Origin": "http://evil.example"})[0] == 403
        assert request(base, "/", headers={**HTML, "Host": f"localhost:{port}"})[0] == 200
        assert request(base, "/", headers={**HTML, "Origin": f"http://127.0.0.1:{port}"})[0] == 200


@pytest.mark.slow
def test_off_loopback_a_request_without_the_token_is_401(library: Library) -> None:
    app = web_app(library, host="192.0.2.10", token=TOKEN)  # served here on 127.0.0.1, guarded as public
    with serving(app) as base:
        port = urlsplit(base).port
        public = {"Host": f"192.0.2.10:{port}"}
        status, headers, body = request(base, "/api/search?q=lockfile", headers=public)
        assert status == 401 and headers["www-authenticate"].startswith("Bearer")
        assert json.loads(body) == {"error": "unauthorized"}
        status, headers, body = request(base, "/?q=lockfile", headers={**public, **HTML})
        assert status == 401 and b'id="login"' in body and headers["content-security-policy"] == CSP
        wrong = {**public, "Authorization": "Bearer not-the-token"}
        assert request(base, "/api/search?q=lockfile", headers=wrong)[0] == 401
        assert request(base, "/login", method="POST", headers=wrong)[0] == 401
        good = {**public, "Authorization": f"Bearer {TOKEN}"}
        status, _, body = request(base, "/api/search?q=lockfile", headers=good)
        assert status == 200 and json.loads(body)["count"] == 3
        status, headers, _ = request(base, "/login", method="POST", headers=good)
        assert status == 204
        cookie = headers["set-cookie"].split(";")[0]
        assert request(base, "/stats", headers={**public, **HTML, "Cookie": cookie})[0] == 200
        forged = cookie[:-4] + "0000"
        assert request(base, "/stats", headers={**public, **HTML, "Cookie": forged})[0] == 401
        assert request(base, "/static/style.css", headers=public)[0] == 200  # the login page needs it
        assert request(base, "/", headers={**HTML, "Host": f"evil.example:{port}", "Cookie": cookie})[0] == 421


@pytest.mark.slow
def test_readers_follow_a_library_rebuild_without_a_restart(lib_path: Path, library: Library) -> None:
    with serving(web_app(library)) as base:
        status, _, body = request(base, "/api/search?q=lockfile")
        assert json.loads(body)["count"] == 3
        assert b"ingest" in request(base, "/stats", headers=HTML)[2]
        build(lib_path, [*ITEMS[:3], row("s-new#0", "Renovate now updates the lockfile weekly", project="infra")])
        got = json.loads(request(base, "/api/search?q=lockfile")[2])
        assert sorted(r["external_id"] for r in got["results"]) == ["s-new#0", "s-web#0", "s-web#40"]
        page = request(base, "/stats", headers=HTML)[2].decode()
        assert "?project=infra" in page and "?project=ingest" not in page


@pytest.mark.slow
def test_the_mcp_server_beside_the_page_shares_its_reader_and_both_follow_a_rebuild(
    lib_path: Path, library: Library
) -> None:
    mcp = http_app(lib_path, None, host="127.0.0.1", token=TOKEN, library=library)
    call = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "search", "arguments": {"query": "lockfile"}},
        }
    ).encode()
    mcp_headers = {
        "Authorization": f"Bearer {TOKEN}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }

    def mcp_count(base: str) -> int:
        status, _, body = request(base, "/mcp", method="POST", headers=mcp_headers, body=call)
        assert status == 200, body
        return json.loads(json.loads(body)["result"]["content"][0]["text"])["count"]

    with serving(Beside(mcp, web_app(library))) as base:
        assert mcp_count(base) == 3
        assert json.loads(request(base, "/api/search?q=lockfile")[2])["count"] == 3
        assert request(base, "/mcp", method="POST", headers={**mcp_headers, "Authorization": ""}, body=call)[0] == 401
        build(lib_path, ITEMS[:1])
        assert json.loads(request(base, "/api/search?q=lockfile")[2])["count"] == 1
        assert mcp_count(base) == 1


def test_serve_web_refuses_to_start_off_loopback_without_a_token_or_public_url(tmp_path: Path, monkeypatch, capsys):
    build(tmp_path / "library.duckdb")
    config = tmp_path / "jezero.toml"
    config.write_text('[storage]\npath = "library.duckdb"\n')
    monkeypatch.delenv("JEZERO_WEB_TEST_TOKEN", raising=False)
    args = ["-c", str(config), "serve", "--web", "--token-env", "JEZERO_WEB_TEST_TOKEN"]
    assert cli_main([*args, "--host", "192.0.2.10"]) == 2
    assert "needs a token" in capsys.readouterr().err
    monkeypatch.setenv("JEZERO_WEB_TEST_TOKEN", TOKEN)
    assert cli_main([*args, "--host", "0.0.0.0"]) == 2
    assert "public_url" in capsys.readouterr().err
    assert cli_main([*args, "--stdio"]) == 2
