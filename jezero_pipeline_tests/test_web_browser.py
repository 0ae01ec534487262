"""The web page in a real browser: Debian's headless Chromium driven by Playwright.

A library built from the items in `web_library.py` is served on 127.0.0.1; each test opens
the page, types, clicks and presses keys as a person would, and reads what is on screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from services import free_port, missing
from test_ui_browser import CHROMIUM, CHROMIUM_ARGS
from web_library import SCRIPT_ORIGINAL, SCRIPT_SUMMARY, SCRIPT_TITLE, build, serving

from jezero_pipeline.text import clean_text
from jezero_pipeline.web.data import Library
from jezero_pipeline.web.security import CSP
from jezero_pipeline.web.server import web_app

pytestmark = pytest.mark.slow

TOKEN = "a-long-token-for-the-browser-test"
VIEWPORT = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def playwright_browser() -> Iterator:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the playwright package is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} not found: apt-get install chromium")
    with sync_playwright() as pw:
        # jezero.test stands for a public name; it resolves to this machine only.
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP jezero.test 127.0.0.1"],
        )
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The page on loopback (no token) over the test library."""
    path = build(tmp_path_factory.mktemp("web") / "library.duckdb")
    library = Library(path)
    with serving(web_app(library)) as base:
        yield base
    library.close()


@pytest.fixture
def console_errors() -> list[str]:
    """What the page logged as errors (CSP and Trusted Types violations show up here)."""
    return []


@pytest.fixture
def page(playwright_browser, site: str, console_errors: list[str]) -> Iterator:
    context = playwright_browser.new_context(viewport=VIEWPORT)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console_errors.append(str(e)))
    yield page
    context.close()
    assert console_errors == [], f"the page logged errors: {console_errors}"


def hit_titles(page) -> list[str]:
    return page.locator("main a.hit-link").all_inner_texts()


def type_query(page, text: str) -> None:
    """Types like a person (one key at a time) and waits for the results of what the box then holds."""
    box = page.locator("#q")
    box.press_sequentially(text, delay=30)
    page.wait_for_function("q => new URLSearchParams(location.search).get('q') === q", arg=box.input_value().strip())
    page.locator("main .result-bar, main .empty, main .problem").first.wait_for()


def test_typing_a_query_shows_the_hits_highlighted_and_puts_it_in_the_url(page, site: str) -> None:
    page.goto(site + "/")
    assert page.evaluate("document.activeElement.id") == "q"  # the box has the focus on arrival
    type_query(page, "lockfile")
    titles = hit_titles(page)
    assert sorted(titles) == sorted(
        [
            "CI fails with ERR_PNPM_OUTDATED_LOCKFILE after a vite bump",
            "Add a pre-push hook that checks the lockfile",
            "uv lockfile drift breaks the ingest image",
        ]
    )
    marks = page.locator("main a.hit-link mark").all_inner_texts()
    assert marks and {m.lower() for m in marks} == {"lockfile"}
    atom_marks = page.locator("main .matched mark").all_inner_texts()
    assert "lockfile" in [m.lower() for m in atom_marks]  # hits in atoms light up too
    assert page.locator("main .group.multi .group-head").inner_text().startswith("2 segments of session")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["lockfile"]}


def test_keyboard_slash_arrows_and_enter_open_an_item(page, site: str) -> None:
    page.goto(site + "/stats")
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "q"
    page.keyboard.type("lockfile")
    page.keyboard.press("Enter")  # off the search page the box is a plain form: it goes to the results
    page.locator("main a.hit-link").first.wait_for()
    page.locator("#q").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    second = hit_titles(page)[1]
    assert page.evaluate("document.activeElement.textContent") == second
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url("**/item/*")
    assert page.locator("article.item h1").inner_text() == second
    assert "lockfile" in [m.lower() for m in page.locator("article.item mark").all_inner_texts()]  # query carried
    assert page.locator(".session-list li").count() in (0, 3)
    details = page.locator("details.original")
    assert details.count() == 1 and not details.evaluate("d => d.open")  # the original starts collapsed
    details.locator("summary").click()
    assert details.evaluate("d => d.open") and details.locator("pre").is_visible()


def test_a_copy_button_copies_the_command_exactly(page, site: str) -> None:
    page.goto(site + "/?q=ERR_PNPM_OUTDATED_LOCKFILE")
    page.locator("main a.hit-link").first.click()
    block = page.locator(".atoms.k-command .code-atom").first
    block.locator("button").click()
    assert page.evaluate("navigator.clipboard.readText()") == "pnpm install --lockfile-only"
    assert block.locator("button").inner_text() == "Copied"


def test_choosing_a_project_facet_filters_the_results_and_the_url(page, site: str) -> None:
    page.goto(site + "/")
    type_query(page, "lockfile")
    facet = page.locator(".facet", has=page.locator("h2", has_text="Project"))
    assert facet.locator("li").all_inner_texts() == ["web\n2", "ingest\n1"]
    facet.get_by_role("link", name="web").click()
    page.wait_for_url("**project=web**")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["lockfile"], "project": ["web"]}
    assert sorted(hit_titles(page)) == [
        "Add a pre-push hook that checks the lockfile",
        "CI fails with ERR_PNPM_OUTDATED_LOCKFILE after a vite bump",
    ]
    assert set(page.locator("main .hit .tag").all_inner_texts()) == {"web"}
    # typing more keeps the filter
    page.locator("#q").press("End")
    type_query(page, " pnpm")
    assert parse_qs(urlsplit(page.url).query)["project"] == ["web"]
    page.locator(".result-bar .chip").click()  # the chip takes the filter away again
    page.wait_for_function("() => !location.search.includes('project=')")
    assert len(hit_titles(page)) == 3


def test_a_copied_link_opens_the_same_search(page, site: str) -> None:
    page.goto(site + "/")
    type_query(page, '"pre-push hook" lockfile')
    page.locator(".facet", has=page.locator("h2", has_text="Source")).get_by_role("link", name="claude-code").click()
    page.wait_for_url("**source=claude-code**")
    before = hit_titles(page)
    page.get_by_role("button", name="Copy link").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url and copied.startswith(site)
    other = page.context.new_page()
    other.goto(copied)
    assert other.locator("#q").input_value() == '"pre-push hook" lockfile'
    assert hit_titles(other) == before
    active = other.locator(".facet a.active").all_inner_texts()
    assert active == ["claude-code"]
    other.close()


def test_a_session_holding_html_shows_it_as_text_under_a_strict_csp(page, site: str, console_errors) -> None:
    response = page.goto(site + "/?q=preview")
    assert response.headers["content-security-policy"] == CSP
    link = page.locator("main a.hit-link").first
    assert link.inner_text() == SCRIPT_TITLE  # the tags are on screen, as text
    assert page.locator("main .hit .summary").first.inner_text() == SCRIPT_SUMMARY
    assert page.locator("main img").count() == 0
    # The same through the results fetched while typing (the Trusted Types path).
    page.locator("#q").fill("")
    type_query(page, "preview pane")
    assert page.locator("main a.hit-link").first.inner_text() == SCRIPT_TITLE
    link.click()
    page.wait_for_url("**/item/*")
    assert page.locator("article.item h1").inner_text() == SCRIPT_TITLE
    page.locator("details.original summary").click()
    assert page.locator("details.original pre").inner_text() == clean_text(SCRIPT_ORIGINAL)
    assert page.locator(".atoms.k-error code").inner_text() == "<b>bold</b> & <i>not</i> markup"
    assert page.evaluate("window.__pwned") is None  # no script of the session ever ran
    assert console_errors == []
    # Markup that did not come through the page's own policy is refused (Trusted Types, from the CSP).
    refused = page.evaluate(
        """() => { try { document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__pwned=4">');
                         return 'inserted'; } catch (e) { return e.name; } }"""
    )
    assert refused == "TypeError" and page.locator("img").count() == 0
    assert any("TrustedHTML" in e for e in console_errors)
    console_errors.clear()


def test_off_loopback_the_browser_signs_in_with_the_token_and_gets_a_cookie(playwright_browser, tmp_path: Path) -> None:
    path = build(tmp_path / "library.duckdb")
    library = Library(path)
    port = free_port()
    public = f"http://jezero.test:{port}"
    app = web_app(library, host="192.0.2.10", token=TOKEN, public_url=public)
    with serving(app, port):
        context = playwright_browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        page.set_default_timeout(20_000)
        response = page.goto(public + "/?q=lockfile")
        assert response.status == 401
        page.locator("#token").fill("not-the-token")
        page.get_by_role("button", name="Sign in").click()
        page.locator("#login-problem").wait_for(state="visible")
        assert context.cookies() == []
        page.locator("#token").fill(TOKEN)
        page.get_by_role("button", name="Sign in").click()
        page.locator("main a.hit-link").first.wait_for()
        assert page.url == public + "/?q=lockfile"  # back where it was going
        assert len(hit_titles(page)) == 3
        (cookie,) = context.cookies()
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["domain"] == "jezero.test"
        assert page.evaluate("document.cookie") == ""  # scripts cannot read it
        context.close()
    library.close()
