"""Work folders for the batch tests: sessions, a priced config for either provider, and what a
test reads back (the stored summaries, the batch documents)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fake_model_server import FakeModelServer
from runs import workspace
from sessionfiles import long_turns, write_claude_session, write_config

from jezero_pipeline.staging import batches as docs
from jezero_pipeline.staging.tables import REDACTED_SEGMENTS, SUMMARIES
from jezero_pipeline.workspace import Workspace

PRICES = "price_input_per_mtok = 3.0\nprice_output_per_mtok = 15.0\n"
KINDS = ("anthropic", "openai_compatible")


def batch_work(
    work: Path, srv: FakeModelServer, kind: str = "anthropic", extra: str = "", sessions: int = 3,
    turns: dict[int, list[tuple[str, str]]] | None = None, concurrency: int = 4,
) -> Path:  # fmt: skip
    """`sessions` sessions of three segments each on one day; `turns` replaces a session's dialogue."""
    url = srv.anthropic_base_url if kind == "anthropic" else srv.openai_base_url
    work.mkdir(parents=True, exist_ok=True)
    write_config(work, provider=kind, base_url=url, concurrency=concurrency, extra=PRICES + extra)
    for i in range(sessions):
        dialogue = (turns or {}).get(i) or long_turns(f"topic{i}")
        write_claude_session(work / "projects", f"bbbb000{i}-0000-4000-8000-00000000000{i}", dialogue)
    return work


def stored(ws: Workspace) -> dict[str, dict[str, Any]]:
    """segment id -> its summary row, for every summarised segment."""
    return {
        r["segment_id"]: r
        for part in ws.store.partitions(SUMMARIES)
        for r in ws.store.read(SUMMARIES, part)
        if r["status"] == "ok"
    }


def segment_ids(ws: Workspace) -> set[str]:
    return {r["id"] for part in ws.store.partitions(REDACTED_SEGMENTS)
            for r in ws.store.read(REDACTED_SEGMENTS, part, columns=["id"])}  # fmt: skip


def batch_docs(work: Path) -> list[docs.BatchDoc]:
    return docs.all_docs(workspace(work).store)


def without(monkeypatch: Any, name: str, disable: Callable[[Any], None]) -> None:
    """Switch off the handling a drill is about when JEZERO_DRILL_DISABLE names it (comma-separated):
    run that way, the drill must fail. Nothing happens otherwise."""
    if name in os.environ.get("JEZERO_DRILL_DISABLE", "").split(","):
        disable(monkeypatch)
