"""Take the README's screenshots of the web page (`serve --web`) at 1280x800.

    .venv/bin/python docs/screenshots.py            # writes docs/web-search.png, docs/web-item.png

Builds a small made-up library with the library's own build function, serves the page on
127.0.0.1 and drives headless Chromium (Debian's `chromium`) through Playwright.
"""

from __future__ import annotations

import shutil
import socket
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jezero_pipeline.library.build import build_library
from jezero_pipeline.web.data import Library
from jezero_pipeline.web.server import web_app

DOCS = Path(__file__).resolve().parent
NOW = datetime(2026, 3, 20, 16, 0, tzinfo=UTC)
VIEWPORT = {"width": 1280, "height": 800}


def item(ext, days_ago, title, summary, atoms, project, source="claude-code", questions=(), original=""):
    session, _, _ = ext.partition("#")
    return {
        "source": source,
        "external_id": ext,
        "session_id": session,
        "occurred_at": NOW - timedelta(days=days_ago),
        "title": title,
        "summary": summary,
        "questions": list(questions),
        "atoms": [{"kind": k, "text": t} for k, t in atoms],
        "project": project,
        "trust": "own",
        "original": original or f"[user] {title}\n[assistant] {summary}",
        "original_ref": f"{source}-session:{session}",
        "content_hash": f"h-{ext}",
    }


SHOWCASE = [
    item(
        "7f3c2a91-ci#0",
        41,
        "CI fails with ERR_PNPM_OUTDATED_LOCKFILE after bumping vite",
        "The web build broke in CI because pnpm-lock.yaml was not regenerated after the vite bump; "
        "CI installs with --frozen-lockfile. Regenerated the lockfile with the pinned pnpm version and "
        "added a pre-push check.",
        [
            (
                "error",
                "ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with frozen-lockfile because pnpm-lock.yaml is not up to date",
            ),
            ("command", "corepack use pnpm@9.12.0 && pnpm install --lockfile-only"),
            ("fix", "Regenerate pnpm-lock.yaml with the pnpm version pinned in packageManager."),
            ("decision", "Keep --frozen-lockfile in CI; a stale lockfile must fail the build."),
            ("rationale", "An unpinned install resolved different transitive versions than developers had."),
        ],
        "web-app",
        questions=["Why does pnpm refuse to install in CI?", "How do we regenerate the lockfile safely?"],
    ),
    item(
        "7f3c2a91-ci#58",
        41,
        "Add a pre-push hook that checks the lockfile",
        "Added a lefthook pre-push step running `pnpm install --frozen-lockfile --offline` so a stale "
        "lockfile is caught before CI.",
        [
            ("command", "pnpm install --frozen-lockfile --offline"),
            ("decision", "Run the lockfile check in pre-push, not pre-commit: it takes 4 s."),
        ],
        "web-app",
    ),
    item(
        "b21e0c44-lock#0",
        9,
        "Lockfile conflict after merging main into the payments branch",
        "Resolved a pnpm-lock.yaml merge conflict by taking main's lockfile and re-running install, "
        "instead of hand-editing the conflict markers.",
        [
            ("command", "git checkout --theirs pnpm-lock.yaml && pnpm install"),
            ("fix", "Never hand-merge pnpm-lock.yaml; regenerate it."),
            ("risk", "Regenerating can pick up newer patch versions of unpinned dependencies."),
        ],
        "web-app",
        source="codex",
    ),
    item(
        "c9d81e02-uv#0",
        23,
        "uv lockfile drift breaks the Docker build of the ingest service",
        "uv.lock was older than pyproject.toml; `uv sync --locked` refused to install in the image. "
        "Locked again and pinned uv in the Dockerfile.",
        [
            ("error", "error: The lockfile at `uv.lock` needs to be updated, but `--locked` was provided."),
            ("command", "uv lock && uv sync --locked"),
            ("decision", "Pin uv 0.5 in the Dockerfile so lock and image agree."),
        ],
        "ingest",
        source="codex",
    ),
    item(
        "e5a7f310-dk#0",
        3,
        "DuckDB file locked while the dashboard reads it",
        "The nightly build could not write the DuckDB file while the dashboard held it open. Build into a "
        "temporary file and rename it over the old one; readers reopen after the swap.",
        [
            ("error", 'IO Error: Could not set lock on file "analytics.duckdb": Conflicting lock is held'),
            ("decision", "Write the new database aside and swap it in with os.replace."),
            ("fact", "DuckDB allows one writer per file; read-only readers never block a rename."),
        ],
        "analytics",
    ),
    item(
        "f0b4aa12-tz#0",
        62,
        "Timestamps shifted by one hour in the weekly report",
        "Report dates were naive local times; the cron host moved to UTC. Store UTC everywhere and convert "
        "only when rendering.",
        [
            ("fix", "Store occurred_at as UTC; convert at render time."),
            ("fact", "The cron host runs in UTC since March."),
        ],
        "analytics",
    ),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("chromium not found (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "library.duckdb"
        build_library(SHOWCASE, path)
        port = free_port()
        server = uvicorn.Server(
            uvicorn.Config(web_app(Library(path)), host="127.0.0.1", port=port, log_level="warning")
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
                page = browser.new_page(viewport=VIEWPORT, color_scheme="light")
                page.goto(f"{base}/", wait_until="networkidle")
                page.locator("#q").type("lockfile", delay=40)
                page.locator("main mark").first.wait_for()
                page.wait_for_timeout(300)
                page.keyboard.press("ArrowDown")
                page.screenshot(path=str(DOCS / "web-search.png"))
                page.keyboard.press("Enter")
                page.locator("article.item h1").wait_for()
                page.screenshot(path=str(DOCS / "web-item.png"))
                browser.close()
        finally:
            server.should_exit = True
            thread.join(timeout=10)
    print(f"wrote {DOCS / 'web-search.png'} and {DOCS / 'web-item.png'}")


if __name__ == "__main__":
    main()
