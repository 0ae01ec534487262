"""Maintenance without model calls: connector state, health, redact-stored, retag, reset.

Each is a plain function over the staging folder and the library, called by both the CLI
and a Dagster job, so the two can never drift apart.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import pipeline
from .config import Config
from .locking import library_lock
from .redaction import Redactor
from .staging import Staging, write_atomic

# ------------------------------------------------------------------------- connector state


def _state_path(staging: Staging, name: str):
    return staging.root / "state" / f"{name}.json"


def read_state(staging: Staging, name: str) -> dict[str, Any]:
    p = _state_path(staging, name)
    try:
        return json.loads(p.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def update_state(staging: Staging, name: str, **changes: Any) -> dict[str, Any]:
    """Merge `changes` into the connector's state file (atomic write)."""
    state = read_state(staging, name) | changes
    p = _state_path(staging, name)
    write_atomic(p, lambda tmp: Path(tmp).write_text(json.dumps(state, indent=1, default=str)))
    return state


def record_collect(staging: Staging, name: str, new_sessions: int, warnings: int, now: float | None = None) -> None:
    """After a scan: when it ran, and when it last found something (silence counts from the first run)."""
    now = time.time() if now is None else now
    state = read_state(staging, name)
    first = state.get("first_run_at", now)
    changes: dict[str, Any] = {"last_run_at": now, "first_run_at": first, "last_warnings": warnings}
    if new_sessions:
        changes["last_item_at"] = now
    elif "last_item_at" not in state:
        changes["last_item_at"] = first
    update_state(staging, name, **changes)


def record_outcome(staging: Staging, name: str, error: str | None, now: float | None = None) -> None:
    now = time.time() if now is None else now
    if error:
        update_state(staging, name, last_error=error, last_error_at=now)
    else:
        update_state(staging, name, last_error=None, last_success_at=now)


def health(cfg: Config, now: float | None = None) -> tuple[bool, list[dict[str, Any]]]:
    """A connector is unhealthy when its last run failed or it found nothing new for too long."""
    now = time.time() if now is None else now
    staging = Staging(cfg.staging_dir)
    limit = cfg.watchdog.max_silence_hours * 3600
    rows = []
    for c in cfg.enabled_connectors:
        st = read_state(staging, c.name)
        problems = []
        if not st:
            problems.append("never ran")
        if st.get("last_error"):
            problems.append(f"last run failed: {st['last_error']}")
        last_item = st.get("last_item_at")
        if last_item is not None and now - last_item > limit:
            problems.append(
                f"no new session for {(now - last_item) / 3600:.1f} h "
                f"(max_silence_hours {cfg.watchdog.max_silence_hours:g})"
            )
        rows.append(
            {
                "connector": c.name,
                "ok": not problems,
                "problems": problems,
                "last_run_at": _iso(st.get("last_run_at")),
                "last_item_at": _iso(last_item),
            }
        )
    return all(r["ok"] for r in rows), rows


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts, tz=UTC).isoformat() if ts else None


def connector_list(cfg: Config) -> list[dict[str, Any]]:
    staging = Staging(cfg.staging_dir)
    out = []
    for c in cfg.connectors:
        summaries = staging.read_rows("summaries", c.name)
        st = read_state(staging, c.name)
        out.append(
            {
                "name": c.name,
                "type": c.type,
                "enabled": c.enabled,
                "interval_minutes": c.interval_minutes,
                "trust": c.trust,
                "project": c.project,
                "files_tracked": len(staging.read_rows("raw_sessions", c.name, ".files.parquet")),
                "summaries_ok": sum(r["status"] == "ok" for r in summaries),
                "summaries_failed": sum(r["status"] == "failed" for r in summaries),
                "last_run_at": _iso(st.get("last_run_at")),
                "last_error": st.get("last_error"),
            }
        )
    return out


def connector_reset(cfg: Config, name: str) -> dict[str, Any]:
    """Forget which files were read, so the next run reads every file again.

    Items stay: segments whose content hash did not change are reused, not re-summarised.
    """
    cfg.connector(name)
    staging = Staging(cfg.staging_dir)
    p = staging.path("raw_sessions", name, ".files.parquet")
    existed = p.exists()
    p.unlink(missing_ok=True)
    update_state(staging, name, last_error=None)
    return {"connector": name, "cursor_cleared": existed}


# --------------------------------------------------------------------------- redact-stored


def redact_stored(cfg: Config, redactor: Redactor | None = None, dry_run: bool = False) -> dict[str, Any]:
    """Apply the current rules to every stored text; content hashes stay, so nothing is paid again."""
    redactor = redactor or Redactor.from_config(cfg)
    staging = Staging(cfg.staging_dir)
    rules = pipeline.rules_fingerprint(cfg)
    report = {"segments_changed": 0, "summaries_changed": 0, "redactions": 0, "dry_run": dry_run}
    for part in staging.partitions("redacted_segments"):
        rows = staging.read_rows("redacted_segments", part)
        changed = False
        for row in rows:
            n = 0
            for key in ("text", "title_hint", "project_hint"):
                if row[key]:
                    row[key], k = redactor.redact(row[key])
                    n += k
            meta, k = redactor.redact_obj(json.loads(row["meta"] or "{}"))
            row["meta"] = json.dumps(meta, sort_keys=True)
            n += k
            row["rules"] = rules
            if n:
                row["redactions"] += n
                report["segments_changed"] += 1
                report["redactions"] += n
            changed = True
        if changed and not dry_run:
            staging.write_rows("redacted_segments", part, rows, pipeline.REDACTED_SCHEMA)
    for part in staging.partitions("summaries"):
        rows = staging.read_rows("summaries", part)
        any_change = False
        for row in rows:
            n = 0
            for key in ("title", "summary", "error", "project"):
                if row[key]:
                    row[key], k = redactor.redact(row[key])
                    n += k
            for key in ("questions", "atoms"):
                if row[key]:
                    value, k = redactor.redact_obj(json.loads(row[key]))
                    row[key] = json.dumps(value, ensure_ascii=False)
                    n += k
            if n:
                report["summaries_changed"] += 1
                report["redactions"] += n
                any_change = True
        if any_change and not dry_run:
            staging.write_rows("summaries", part, rows, pipeline.SUMMARIES_SCHEMA)
    if not dry_run:
        report["library_items"] = rebuild_library(cfg)
    return report


def rebuild_library(cfg: Config) -> int:
    from .library.build import build_library

    with library_lock(cfg):
        items = pipeline.library_items(Staging(cfg.staging_dir), [c.name for c in cfg.connectors])
        build_library(items, cfg.library_path)
    return len(items)


# ----------------------------------------------------------------------------------- retag


def _mentions(text: str, slug: str | None) -> bool:
    if not slug:
        return False
    low = text.lower()
    return slug.lower() in low or slug.lower().replace("-", " ").replace("_", " ") in low


def retag(
    cfg: Config, connector: str, dry_run: bool = False, ask_model: bool = False, provider: Any = None
) -> dict[str, Any]:
    """Re-apply project hints (paths, git, roots, aliases) to stored summaries; no model call.

    With `ask_model` (Jezero's `--ask-model`), an item with no hint whose tag its own text
    does not mention is shown to the model, one call per item, and the answer is taken only
    if the item's text names that project.
    """
    from .sessions.projects import project_hint

    ccfg = cfg.connector(connector)
    staging = Staging(cfg.staging_dir)
    aliases = dict(cfg.projects.aliases) | dict(ccfg.options.get("project_aliases", {}))
    cwd_of = {r["session_id"]: r["cwd"] for r in staging.read_rows("raw_sessions", connector)}
    originals = {r["id"]: r["text"] for r in staging.read_rows("redacted_segments", connector)} if ask_model else {}
    rows = staging.read_rows("summaries", connector)
    changes, asked = [], 0
    for row in rows:
        hint = project_hint(cwd_of.get(row["session_id"]), cfg.projects, aliases, ccfg.project)
        if not hint and ask_model and row["status"] == "ok":
            text = "\n".join(filter(None, (row["title"], row["summary"], originals.get(row["segment_id"]))))
            if not _mentions(text, row["project"]):
                if provider is None:
                    from .summarizing.runner import make_summarizer

                    provider = make_summarizer(cfg.summarizer, pipeline.api_key(cfg))
                if not hasattr(provider, "guess_project"):
                    raise ValueError("retag --ask-model needs a model provider (anthropic or openai_compatible)")
                asked += 1
                guess = provider.guess_project(
                    row["segment_id"], text[: cfg.summarizer.max_input_chars], cfg.summarizer.known_projects
                )
                hint = aliases.get(guess, guess) if _mentions(text, guess) else None
        if hint and hint != row["project"]:
            changes.append({"segment_id": row["segment_id"], "from": row["project"], "to": hint})
            row["project"] = hint
    if changes and not dry_run:
        staging.write_rows("summaries", connector, rows, pipeline.SUMMARIES_SCHEMA)
        rebuild_library(cfg)
    return {
        "connector": connector,
        "retagged": len(changes),
        "model_calls": asked,
        "changes": changes[:100],
        "dry_run": dry_run,
    }
