"""Commands that change state: run, resummarize, redact-stored, import-jsonl, connector, retag."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

from ..config import Config, ConfigError
from ..models import Partition
from ..progress import Progress
from ..stages import index
from ..stages.context import RunContext
from ..stages.plan import plan_rectangles, plan_run
from ..staging.tables import SUMMARIES
from ..summarizing.budget import Budget
from ..workspace import Workspace
from .common import FAILED, OK, CommandError, open_library, out, partitions_free, workspace
from .library import connector_list_text
from .render import progress_for

REPORT_FIELDS = {
    # report field: (asset, metadata key): summed over the run's partitions of a connector
    "sessions": ("raw_sessions", "sessions"),
    "new_or_changed": ("raw_sessions", "new_or_changed"),
    "deferred_sessions": ("raw_sessions", "deferred_sessions"),
    "bytes_read": ("raw_sessions", "bytes_read"),
    "skipped_files": ("raw_sessions", "skipped_files"),
    "redactions": ("redacted_segments", "redactions"),
    "docs": ("summaries", "docs"),
    "reused": ("summaries", "reused"),
    "stored": ("summaries", "stored"),
    "failed": ("summaries", "failed"),
    "pending_budget": ("summaries", "pending_budget"),
    "calls": ("summaries", "calls"),
    "input_chars": ("summaries", "input_chars"),
    "input_tokens": ("summaries", "input_tokens"),
    "output_tokens": ("summaries", "output_tokens"),
    "estimated_cost_usd": ("summaries", "estimated_cost_usd"),
}


def _day(value: str | None, name: str) -> str | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise CommandError(f"{name} {value!r} is not a date (YYYY-MM-DD)") from None


def _names(args: argparse.Namespace, cfg: Config) -> list[str]:
    names = [args.connector] if args.connector else [c.name for c in cfg.enabled_connectors]
    for n in names:
        cfg.connector(n)
    return names


def connector_reports(names: list[str], launched: Any) -> list[dict[str, Any]]:
    """One line per connector: what its partitions of this command's runs did."""
    reports = {n: {"connector": n, "partitions": 0, "runs": [], "success": True,
                   **{k: 0 for k in REPORT_FIELDS if k != "estimated_cost_usd"}} for n in names}  # fmt: skip
    for outcome in launched.outcomes if launched else []:
        touched = {Partition.parse(k).connector for k in outcome.partitions}
        for name in touched & reports.keys():
            r = reports[name]
            r["runs"].append(outcome.run_id)
            r["success"] = r["success"] and outcome.success
            if outcome.errors:
                r.setdefault("errors", []).extend(outcome.errors)
        for field, (asset, key) in REPORT_FIELDS.items():
            for part, meta in outcome.metadata.get(asset, {}).items():
                name = Partition.parse(part).connector
                if name in reports and key in meta:
                    reports[name][field] = reports[name].get(field, 0) + meta[key]
        for part in outcome.metadata.get("raw_sessions", {}) or outcome.metadata.get("summaries", {}):
            name = Partition.parse(part).connector
            if name in reports:
                reports[name]["partitions"] += 1
    return list(reports.values())


def _print_reports(args: argparse.Namespace, reports: list[dict[str, Any]]) -> None:
    if args.json:
        out(args, reports)
    else:
        for r in reports:
            print(json.dumps(r, default=str))


def _library_report(ws: Workspace, launched: Any) -> dict[str, Any]:
    lib = launched.library if launched else None
    if lib is None:
        return {"library": str(ws.library_path), "success": True, "rebuilt": False}
    meta = lib.metadata.get("search_index", {}).get("", {})
    report = {"library": str(ws.library_path), "success": lib.success, "rebuilt": True, "items": meta.get("items", 0)}
    if lib.errors:
        report["errors"] = lib.errors
    return report


def run_changed(
    ws: Workspace,
    config_path: str,
    names: list[str],
    *,
    since: str | None = None,
    until: str | None = None,
    limit: int = 0,
    max_calls: int | None = None,
    progress: Progress | None = None,
    instance: Any = None,
    provider: Any = None,
) -> tuple[list[dict[str, Any]], bool] | None:
    """`run`: the changed days of these connectors through Dagster, then the library.

    Returns (one report per connector plus the library's, all ok), or None when another run
    holds the run lock. Nothing changed and the library current: Dagster is never imported.
    """
    with ws.run_lock() as got:
        if not got:
            return None
        plan = plan_run(ws, names, time.time(), since, until)
        launched = None
        if plan.rectangles or not index.is_current(ws):
            budget = Budget.for_run(ws.cfg.summarizer, max_calls)
            with _calls_apart(ws, budget, provider, needed=bool(plan.rectangles)) as provider:
                from ..defs.launch import launch  # lazy: Dagster loads only when there is work

                shared = RunContext(budget, progress, provider)
                launched = launch(ws, config_path, plan.rectangles, run_config=_run_config(limit), shared=shared,
                                  instance=instance)  # fmt: skip
    reports = connector_reports(names, launched)
    for r in reports:
        r["waiting_to_settle"] = plan.waiting.get(r["connector"], 0)
    library = _library_report(ws, launched)
    for run_id in launched.reaped if launched else []:
        print(f"note: run {run_id} had died (its process was gone); marked failed", file=sys.stderr)
    ok = all(r["success"] and not r["failed"] for r in reports) and library["success"]
    return [*reports, library], ok


@contextmanager
def _calls_apart(ws: Workspace, budget: Budget, provider: Any, *, needed: bool) -> Iterator[Any]:
    """The provider of the command's runs: `provider` when given (tests), else, when they will
    summarise, the config's in a child process started now, before Dagster is imported (see
    summarizing.host); None leaves the runs their own."""
    if provider is not None or not needed:
        yield provider
        return
    from ..summarizing.host import provider_apart  # lazy: as launch

    with provider_apart(ws.cfg.summarizer, ws.api_key(), budget) as apart:
        yield apart


def checked(cfg: Config, config_file: Any) -> Workspace:
    """The workspace, once the config's connectors and provider are usable (else exit 2)."""
    ws = workspace(cfg)
    problems = ws.config_problems()
    if problems:
        raise ConfigError("; ".join(f"{config_file}: {p}" for p in problems))
    return ws


def cmd_run(args: argparse.Namespace, cfg: Config) -> int:
    """Materialise the changed (connector, day) partitions through Dagster, then the library."""
    ws = checked(cfg, args.config_file)
    names = _names(args, cfg)
    if args.dry_run or args.sample:
        from ..operations.preview import preview  # lazy: each command loads only what it runs

        _print_reports(args, [preview(ws, n, dry_run=args.dry_run, sample=args.sample) for n in names])
        return OK
    progress = progress_for(args.json)
    try:
        done = run_changed(ws, str(args.config_file), names, since=_day(args.since, "--since"),
                           until=_day(args.until, "--until"), limit=args.limit, max_calls=args.max_calls,
                           progress=progress)  # fmt: skip
    finally:
        progress.close()
    if done is None:
        lock = str(ws.store.root / "locks" / "run.lock")
        out(args, {"skipped": "another run holds the lock", "lock": lock}, f"skipped: another run holds {lock}")
        return OK
    reports, ok = done
    _print_reports(args, reports)
    return OK if ok else FAILED


def _run_config(limit: int = 0, resummarize: str = "auto", force_ids: list[str] | None = None) -> dict[str, Any]:
    return {"ops": {"sessions": {"config": {"limit": limit, "resummarize": resummarize,
                                            "force_ids": force_ids or []}}}}  # fmt: skip


def cmd_resummarize(args: argparse.Namespace, cfg: Config) -> int:
    """Summarise chosen items (--ids) or partitions (--since/--until/--connector) again."""
    ws = checked(cfg, args.config_file)
    if args.ids or args.ids_file:
        parts, force = _partitions_of_items(ws, cfg, _parse_ids(args))
        resummarize = "no"
    else:
        if not (args.since or args.until or args.connector):
            raise CommandError("resummarize needs --ids, --ids-file, or a range: --since/--until/--connector")
        since, until = _day(args.since, "--since"), _day(args.until, "--until")
        names = [args.connector] if args.connector else [c.name for c in cfg.connectors]
        parts = [p for n in names for p in ws.store.partitions(SUMMARIES, n)
                 if (not since or p.day >= since) and (not until or p.day <= until)]  # fmt: skip
        force, resummarize = [], "yes"
    if args.dry_run:
        from ..operations.preview import cost_preview  # lazy: as above

        out(args, cost_preview(ws, parts, resummarize=resummarize == "yes"))
        return OK
    rectangles = plan_rectangles(parts, [c.name for c in cfg.connectors])
    with ws.run_lock() as got:
        if not got:
            raise CommandError("locked: a run is in progress", 3)
        progress = progress_for(args.json)
        budget = Budget.for_run(cfg.summarizer, args.max_calls)
        try:
            with _calls_apart(ws, budget, None, needed=bool(rectangles)) as provider:
                from ..defs.launch import launch  # lazy: Dagster loads only when there is work

                launched = launch(ws, str(args.config_file), rectangles, job_name="summaries_job",
                                  run_config=_run_config(resummarize=resummarize, force_ids=force),
                                  shared=RunContext(budget=budget, progress=progress, provider=provider))  # fmt: skip
        finally:
            progress.close()
    reports = connector_reports(sorted({p.connector for p in parts}), launched)
    library = _library_report(ws, launched)
    out(args, {"reports": reports, "library": library, "partitions": len(parts)})
    ok = all(r["success"] and not r["failed"] for r in reports) and library["success"]
    return OK if ok else FAILED


def _parse_ids(args: argparse.Namespace) -> list[int]:
    raw = args.ids or ""
    if args.ids_file:
        try:
            raw += "," + Path(args.ids_file).read_text()
        except OSError as err:
            raise CommandError(f"{args.ids_file}: {err.strerror or err}") from None
    ids = []
    for tok in raw.replace("\n", ",").split(","):
        tok = tok.strip()
        if tok:
            if not tok.isdigit():
                raise CommandError(f"--ids: {tok!r} is not an item id")
            ids.append(int(tok))
    if not ids:
        raise CommandError("resummarize needs --ids 1,2 or --ids-file FILE")
    return ids


def _partitions_of_items(ws: Workspace, cfg: Config, ids: list[int]) -> tuple[list[Partition], list[str]]:
    """The partitions holding these library items, and their segment ids."""
    lib = open_library(cfg)
    wanted: dict[str, set[str]] = {}
    for item_id in ids:
        res = lib.get_item(item_id)
        if not res["found"]:
            raise CommandError(f"no item {item_id} in the library", FAILED)
        wanted.setdefault(res["item"]["source"], set()).add(res["item"]["external_id"])
    lib.close()
    parts, force = [], []
    for source, seg_ids in wanted.items():
        for part in ws.store.partitions(SUMMARIES, source):
            found = {r["segment_id"] for r in ws.store.read(SUMMARIES, part, columns=["segment_id"])} & seg_ids
            if found:
                parts.append(part)
                force.extend(sorted(found))
    return parts, force


def cmd_redact_stored(args: argparse.Namespace, cfg: Config) -> int:
    from ..operations.redact_stored import redact_stored  # lazy: each command loads only what it runs

    with partitions_free():
        report = redact_stored(workspace(cfg), dry_run=args.dry_run)
    out(args, report, " ".join(f"{k}={v}" for k, v in report.items()))
    return OK


def cmd_import_jsonl(args: argparse.Namespace, cfg: Config) -> int:
    from ..operations.import_jsonl import import_jsonl  # lazy: as above

    if not Path(args.path).is_file():
        raise CommandError(f"{args.path}: no such file")
    with partitions_free():
        report = import_jsonl(workspace(cfg), Path(args.path), args.source, args.project, args.trust)
    out(args, report)
    return FAILED if report["problems"] and not report["imported"] else OK


def cmd_connector(args: argparse.Namespace, cfg: Config) -> int:
    from ..operations.connectors import connector_list, connector_reset  # lazy: as above

    ws = workspace(cfg)
    if args.action == "list":
        rows = connector_list(ws)
        out(args, rows, connector_list_text(rows))
        return OK
    if not args.name:
        raise CommandError("connector reset needs a NAME")
    cfg.connector(args.name)
    if not args.yes and sys.stdin.isatty():
        if input(f"Forget which files {args.name!r} read (items stay)? [y/N] ").strip().lower() != "y":
            return FAILED
    with partitions_free():
        out(args, connector_reset(ws, args.name))
    return OK


def cmd_retag(args: argparse.Namespace, cfg: Config) -> int:
    from ..operations.retag import retag  # lazy: as above

    if args.ask_model and cfg.summarizer.provider == "extractive":
        raise ConfigError("retag --ask-model needs a model provider ([summarizer] provider)")
    ws = workspace(cfg)
    names = [args.connector] if args.connector else [c.name for c in cfg.connectors]
    with partitions_free():
        reports = [retag(ws, n, dry_run=args.dry_run, ask_model=args.ask_model) for n in names]
    if args.log:
        Path(args.log).write_text(json.dumps(reports, indent=1, default=str))
    out(args, reports)
    return OK


def register(add: Any) -> None:
    r = add("run", cmd_run, "collect, segment, redact, summarise and index the changed days (through Dagster)")
    r.add_argument("--connector", help="only this connector")
    r.add_argument("--since", help="only days from this one on (YYYY-MM-DD, UTC)")
    r.add_argument("--until", help="only days up to this one (YYYY-MM-DD, UTC)")
    r.add_argument("--limit", type=int, default=0, help="at most N new or changed sessions per connector")
    r.add_argument("--max-calls", type=int, default=None, help="HTTP attempts for this command (default: config)")
    r.add_argument("--sample", type=int, default=0, help="summarise the newest N sessions; store nothing")
    r.add_argument("--dry-run", action="store_true", help="collect and redact only; report, no model call")

    rs = add("resummarize", cmd_resummarize, "summarise chosen items or days again (after a prompt or model change)")
    rs.add_argument("--ids", help="comma-separated item ids")
    rs.add_argument("--ids-file", help="a file of item ids, one per line or comma-separated")
    rs.add_argument("--connector", help="only this connector's days")
    rs.add_argument("--since", help="from this day on (YYYY-MM-DD, UTC)")
    rs.add_argument("--until", help="up to this day (YYYY-MM-DD, UTC)")
    rs.add_argument("--max-calls", type=int, default=None, help="HTTP attempts for this command (default: config)")
    rs.add_argument("--dry-run", action="store_true", help="print the calls, tokens and cost it would spend")

    st = add("redact-stored", cmd_redact_stored, "re-apply current rules to staging and the library")
    st.add_argument("--dry-run", action="store_true", help="count what would change; write nothing")

    im = add("import-jsonl", cmd_import_jsonl, "import pre-summarised items from a JSONL file")
    im.add_argument("path")
    im.add_argument("--source", required=True, help="the source name the items are filed under")
    im.add_argument("--project", help="project for items that name none")
    im.add_argument("--trust", choices=["own", "external"], default="own", help="for items that say none")

    co = add("connector", cmd_connector, "connector list | connector reset NAME")
    co.add_argument("action", choices=["list", "reset"], help="list every connector, or reset one")
    co.add_argument("name", nargs="?", help="the connector to reset")
    co.add_argument("--yes", action="store_true", help="reset without asking")

    rt = add("retag", cmd_retag, "re-apply project hints (no model call unless --ask-model)")
    rt.add_argument("--connector", help="only this connector")
    rt.add_argument("--dry-run", action="store_true", help="list the changes; write nothing")
    rt.add_argument("--ask-model", action="store_true", help="ask the model about untagged items (paid)")
    rt.add_argument("--log", help="write the changes to this JSON file")


__all__ = ["register"]
