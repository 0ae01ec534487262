"""A small library for the web page's tests, and a real server for it on 127.0.0.1."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import uvicorn
from services import free_port

from jezero_pipeline.library.build import build_library

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
SCRIPT_TITLE = "<script>window.__pwned = 1</script> breaks the preview pane"
SCRIPT_SUMMARY = 'The preview rendered <img src=x onerror="window.__pwned = 2"> from a session as HTML.'
SCRIPT_ORIGINAL = "[user] the preview shows </pre><script>window.__pwned = 3</script> \x1b[31mred\x1b[0m"


def row(
    ext: str,
    title: str,
    *,
    summary: str = "",
    project: str | None = "web",
    source: str = "claude-code",
    days_ago: float = 10,
    atoms: tuple[tuple[str, str], ...] = (),
    questions: tuple[str, ...] = (),
    original: str = "",
    trust: str = "own",
) -> dict[str, Any]:
    """One library item the way the pipeline hands it to the build."""
    session = ext.partition("#")[0]
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
        "trust": trust,
        "original": original or f"[user] {title}",
        "original_ref": f"{source}-session:{session}",
        "content_hash": f"h-{ext}",
    }


ITEMS = [
    row(
        "s-web#0",
        "CI fails with ERR_PNPM_OUTDATED_LOCKFILE after a vite bump",
        summary="pnpm refused to install in CI because the lockfile was stale; regenerated it.",
        atoms=(
            ("error", "ERR_PNPM_OUTDATED_LOCKFILE Cannot install with frozen-lockfile"),
            ("command", "pnpm install --lockfile-only"),
            ("decision", "Keep --frozen-lockfile in CI."),
        ),
        questions=("Why does pnpm refuse to install in CI?",),
        days_ago=30,
    ),
    row(
        "s-web#40",
        "Add a pre-push hook that checks the lockfile",
        summary="A pre-push step runs pnpm install --frozen-lockfile --offline.",
        atoms=(("command", "pnpm install --frozen-lockfile --offline"),),
        days_ago=29.9,
    ),
    row(
        "s-web#90",
        "Document the release checklist",
        summary="Wrote down the release steps for the web app.",
        days_ago=29.8,
    ),
    row(
        "s-ingest#0",
        "uv lockfile drift breaks the ingest image",
        summary="uv sync --locked refused: uv.lock was older than pyproject.toml.",
        atoms=(("error", "The lockfile at `uv.lock` needs to be updated"), ("command", "uv lock && uv sync --locked")),
        project="ingest",
        source="codex",
        days_ago=12,
    ),
    row(
        "s-xss#0",
        SCRIPT_TITLE,
        summary=SCRIPT_SUMMARY,
        atoms=(("error", "<b>bold</b> & <i>not</i> markup"),),
        original=SCRIPT_ORIGINAL,
        days_ago=5,
    ),
    row(
        "s-dash#0",
        "DuckDB file locked while the dashboard reads it",
        summary="Build into a temporary file and rename it over the old one.",
        project="analytics",
        days_ago=2,
        trust="external",
    ),
]


def build(path: Path, items: list[dict[str, Any]] | None = None) -> Path:
    """The library file at `path`, built by the library's own build function."""
    build_library(items if items is not None else ITEMS, path)
    return path


@contextmanager
def serving(app: Any, port: int | None = None) -> Iterator[str]:
    """`app` on 127.0.0.1 (a free port unless given; uvicorn in a thread); yields the base URL."""
    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def request(
    base: str, path: str, method: str = "GET", headers: dict[str, str] | None = None, body: bytes | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request with exactly these headers (a Host header given here replaces the real one)."""
    hostport = base.removeprefix("http://")
    conn = http.client.HTTPConnection(hostport, timeout=20)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()
