"""`retag`: re-apply project hints to stored summaries, without paying for anything by default.

Paths, git remotes, roots and aliases are applied again to each session's cwd. With
`ask_model` (Jezero's `--ask-model`), an item with no hint whose tag its own text does not
mention is shown to the model, one call per item, and the answer is kept only if the item's
text names that project.
"""

from __future__ import annotations

import os
from typing import Any

from ..sessions.projects import project_hint
from ..stages import index
from ..staging.tables import RAW_SESSIONS, REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace


def mentions(text: str, slug: str | None) -> bool:
    """Does the text name this project (its slug, or the slug with spaces for - and _)?"""
    if not slug:
        return False
    low = text.lower()
    return slug.lower() in low or slug.lower().replace("-", " ").replace("_", " ") in low


def retag(
    ws: Workspace,
    connector: str,
    dry_run: bool = False,
    ask_model: bool = False,
    provider: Any = None,
    owner: str | None = None,
) -> dict[str, Any]:
    """Retag one connector's summaries; the changes (first 100) and the model calls made."""
    ccfg = ws.cfg.connector(connector)
    aliases = dict(ws.cfg.projects.aliases) | dict(ccfg.options.get("project_aliases", {}))
    changes: list[dict[str, Any]] = []
    asked = 0
    parts = ws.store.partitions(SUMMARIES, connector)
    with ws.locks.holding(owner or f"retag (pid {os.getpid()})", parts):
        for part in parts:
            cwd_of = {
                r["session_id"]: r["cwd"] for r in ws.store.read(RAW_SESSIONS, part, columns=["session_id", "cwd"])
            }
            originals = (
                {r["id"]: r["text"] for r in ws.store.read(REDACTED_SEGMENTS, part, columns=["id", "text"])}
                if ask_model
                else {}
            )
            rows = ws.store.read(SUMMARIES, part)
            changed = False
            for row in rows:
                hint = project_hint(cwd_of.get(row["session_id"]), ws.cfg.projects, aliases, ccfg.project)
                if not hint and ask_model and row["status"] == "ok":
                    text = "\n".join(filter(None, (row["title"], row["summary"], originals.get(row["segment_id"]))))
                    if not mentions(text, row["project"]):
                        provider = provider or _model(ws)
                        asked += 1
                        guess = provider.guess_project(row["segment_id"], text[: ws.cfg.summarizer.max_input_chars],
                                                       ws.cfg.summarizer.known_projects)  # fmt: skip
                        hint = aliases.get(guess, guess) if mentions(text, guess) else None
                if hint and hint != row["project"]:
                    changes.append({"segment_id": row["segment_id"], "from": row["project"], "to": hint})
                    row["project"] = hint
                    changed = True
            if changed and not dry_run:
                footer = ws.store.footer(SUMMARIES, part)
                footer.pop("build", None)
                ws.store.write(SUMMARIES, part, rows, info=footer)
        if changes and not dry_run:
            index.refresh(ws)
    return {"connector": connector, "retagged": len(changes), "model_calls": asked, "changes": changes[:100],
            "dry_run": dry_run}  # fmt: skip


def _model(ws: Workspace) -> Any:
    from ..summarizing.providers import make_provider  # lazy: the model SDKs load only when asked

    provider = make_provider(ws.cfg.summarizer, ws.api_key())
    if not hasattr(provider, "guess_project"):
        raise ValueError("retag --ask-model needs a model provider (anthropic or openai_compatible)")
    return provider
