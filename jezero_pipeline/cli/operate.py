"""Commands that change state: run, resummarize, redact-stored, import-jsonl, connector, retag."""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

from .. import service
from ..config import Config, ConfigError
from ..dagster_home import home_problem
from ..models import Partition
from ..staging.tables import SUMMARIES
from ..workspace import Workspace, today
from .common import FAILED, LOCKED, OK, CommandError, open_library, out, partitions_free, workspace
from .library import connector_list_text
from .render import cost_text, import_text, preview_text, progress_for, retag_text, run_text


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


def _print_run(args: argparse.Namespace, report: service.RunReport, **extra: Any) -> None:
    """One JSON object with --json; a line per connector and one for the library otherwise."""
    connectors, library = [c.as_dict() for c in report.connectors], report.library.as_dict()
    landed = {"landed": report.landed} if report.landed else {}  # batches landed at the command's start
    out(args, {"connectors": connectors, "library": library, "warnings": report.warnings, **landed, **extra},
        run_text(connectors, library, report.landed))  # fmt: skip


def _warn_all(report: service.RunReport) -> None:
    for line in report.warnings:
        print(f"warning: {line}", file=sys.stderr)


def checked(cfg: Config, config_file: Any) -> Workspace:
    """The workspace, once the config's connectors and provider are usable (else exit 2)."""
    ws = workspace(cfg)
    problems = ws.config_problems()
    if problems:
        raise ConfigError("; ".join(f"{config_file}: {p}" for p in problems))
    for warning in ws.config_warnings():
        print(f"warning: {config_file}: {warning}", file=sys.stderr)
    if problem := home_problem():  # a local run does not open the instance: said all the same
        print(f"warning: {problem}", file=sys.stderr)
    return ws


def cmd_run(args: argparse.Namespace, cfg: Config) -> int:
    """Run the changed (connector, day) partitions through every stage, then the library."""
    ws = checked(cfg, args.config_file)
    names = _names(args, cfg)
    if args.dry_run or args.sample:
        from ..operations.preview import preview  # lazy: each command loads only what it runs

        batch = cfg.summarizer.batch_applies(False, args.batch)
        previews = [preview(ws, n, dry_run=args.dry_run, sample=args.sample, batch=batch) for n in names]
        out(args, {"connectors": previews}, "\n".join(preview_text(p) for p in previews))
        return OK
    progress = progress_for(args.json)
    try:
        report = service.run(ws, names, since=_day(args.since, "--since"), until=_day(args.until, "--until"),
                             limit=args.limit, max_calls=args.max_calls, progress=progress,
                             batch=args.batch)  # fmt: skip
    finally:
        progress.close()
    if report.locked:
        lock = str(ws.store.root / "locks" / "run.lock")
        out(args, {"skipped": "another run holds the lock", "lock": lock}, f"skipped: another run holds {lock}")
        return OK
    _warn_all(report)
    _print_run(args, report)
    return OK if report.ok else FAILED


def cmd_resummarize(args: argparse.Namespace, cfg: Config) -> int:
    """Summarise chosen items (--ids) or partitions (--since/--until/--connector) again."""
    ws = checked(cfg, args.config_file)
    if args.ids or args.ids_file:
        parts, force = _partitions_of_items(ws, cfg, _parse_ids(args))
    else:
        if not (args.since or args.until or args.connector):
            raise CommandError("resummarize needs --ids, --ids-file, or a range: --since/--until/--connector")
        since, until = _day(args.since, "--since"), _day(args.until, "--until")
        names = [args.connector] if args.connector else [c.name for c in cfg.connectors]
        parts = [p for n in names for p in ws.store.partitions(SUMMARIES, n)
                 if (not since or p.day >= since) and (not until or p.day <= until)]  # fmt: skip
        force = []
    if args.dry_run:
        from ..operations.preview import cost_preview  # lazy: as above

        preview = cost_preview(ws, parts, resummarize=not force, batch=cfg.summarizer.batch_applies(True, args.batch))
        out(args, preview, cost_text(preview))
        return OK
    progress = progress_for(args.json)
    try:
        report = service.resummarize(ws, parts, force_ids=force, max_calls=args.max_calls, progress=progress,
                                     batch=args.batch)  # fmt: skip
    finally:
        progress.close()
    if report.locked:
        raise CommandError("locked: a run is in progress", LOCKED)
    _warn_all(report)
    _print_run(args, report, partitions=len(parts))
    return OK if report.ok else FAILED


def cmd_batches(args: argparse.Namespace, cfg: Config) -> int:
    """The summary batches (landing those that ended), or cancel one."""
    from ..operations.batches import batch_status, cancel_batch  # lazy: each command loads only what it runs

    ws = workspace(cfg)
    if args.cancel:
        try:
            out(args, cancel_batch(ws, args.cancel))
        except ValueError as err:
            raise CommandError(str(err), FAILED) from None
        return OK
    status = batch_status(ws, service.command_owner(), poll=not args.no_poll)
    lines = [f"{b['submission']}  {b['state']:<9} {b['status'] or '-':<11} {b['requests']:>6} requests  "
             f"{b['first']} .. {b['last']}  ${b['cost_usd']:.4f}  {b['provider_id'] or ''}" for b in status["batches"]]  # fmt: skip
    out(args, status, "\n".join(lines + [f"warning: {e}" for e in status["errors"]]) or "no batches")
    return FAILED if status["errors"] else OK


def cmd_backfill(args: argparse.Namespace, cfg: Config) -> int:
    """The runs a UI backfill makes (up to 31 days of one connector each), executed here."""
    ws = checked(cfg, args.config_file)
    names = _names(args, cfg)
    if ws.first_day is None:  # nothing seen yet: the survey chooses the first day
        from ..stages.plan import plan_run  # lazy: as above

        plan_run(ws, names, time.time())
    first = max(date.fromisoformat(_day(args.since, "--since") or "0001-01-01"), ws.dagster_first_day())
    last = min(date.fromisoformat(_day(args.until, "--until") or "9999-12-31"), today())
    if first > last:
        raise CommandError(f"no day between {first} (the first day partition) and {last}")
    from ..defs import backfill  # lazy: Dagster loads only for the command that runs it

    runs = backfill.plan(cfg, names, first, last)
    days = (last - first).days + 1
    head = f"{len(runs)} run(s) for {days * len(names)} partition(s) ({', '.join(names)}, {first} to {last})"
    if args.dry_run:
        rows = [{"connectors": list(r.connectors), "first_day": r.first_day, "last_day": r.last_day} for r in runs]
        out(
            args,
            {"runs": rows},
            "\n".join([head, *(f"{r.connectors[0]:<16} {r.first_day}..{r.last_day}" for r in runs)]),
        )
        return OK
    from ..defs.instance import instance_for  # lazy: as above

    if not args.json:
        print(head, flush=True)
    instance = instance_for(cfg)
    done = []
    try:
        for run in backfill.execute(cfg, str(args.config_file), runs, instance):
            done.append(run)
            if not args.json:
                what = f"{run.connectors[0]:<16} {run.first_day}..{run.last_day}" if run.connectors else "library"
                print(f"run {run.run_id[:8]}  {what}  {'ok' if run.ok else 'failed: ' + run.error}", flush=True)
    finally:
        instance.dispose()
    if args.json:
        out(args, {"runs": [r.as_dict() for r in done]})
    return OK if done and all(r.ok for r in done) else FAILED


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
        ws = workspace(cfg)
        report = import_jsonl(ws, Path(args.path), args.source, args.project, args.trust)
    if report["imported"]:
        from ..stages.embed import embed_library  # lazy: as above

        report["embeddings"] = embed_library(ws).as_metadata()
    out(args, report, import_text(report))
    return FAILED if report["problems"] and not report["imported"] else OK


def cmd_embed(args: argparse.Namespace, cfg: Config) -> int:
    """A vector for every library item that has none of the configured model: a backfill with
    progress, which an interrupt stops without losing what was paid (the next one resumes)."""
    from ..stages.embed import embed_library  # lazy: as above

    def progress(done: int, total: int) -> None:
        if not args.json and (done == total or done % 1000 < 256):
            print(f"embeddings: {done:,} of {total:,} text(s)", file=sys.stderr, flush=True)

    report = embed_library(workspace(cfg), reembed=args.reembed, dry_run=args.dry_run, max_calls=args.max_calls,
                           progress=progress)  # fmt: skip
    text = (f"{report.model or 'embeddings off'}: {report.items:,} item(s), {report.embedded:,} text(s) embedded "
            f"({report.requests} request(s)), {report.reused:,} already paid for, {report.pending:,} left; "
            f"{report.vectors:,} vector(s) in the library{' (rewritten)' if report.written else ''}")  # fmt: skip
    lines = [text] + ([f"note: {report.notice}"] if report.notice else []) + [f"error: {e}" for e in report.errors]
    out(args, report.as_metadata(), "\n".join(lines))
    return OK if report.ok else FAILED


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
        reset = connector_reset(ws, args.name)
        out(args, reset, f"{args.name}: {reset['units_forgotten']} file(s) forgotten; the next run reads them again "
                         "and pays only for what changed")  # fmt: skip
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
    out(args, reports, retag_text(reports))
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
    r.add_argument("--batch", action=argparse.BooleanOptionalAction, default=None,
                   help="send summaries in provider batches (half price, answers within 24 h); default: config")  # fmt: skip

    rs = add("resummarize", cmd_resummarize, "summarise chosen items or days again (after a prompt or model change)")
    rs.add_argument("--ids", help="comma-separated item ids")
    rs.add_argument("--ids-file", help="a file of item ids, one per line or comma-separated")
    rs.add_argument("--connector", help="only this connector's days")
    rs.add_argument("--since", help="from this day on (YYYY-MM-DD, UTC)")
    rs.add_argument("--until", help="up to this day (YYYY-MM-DD, UTC)")
    rs.add_argument("--max-calls", type=int, default=None, help="HTTP attempts for this command (default: config)")
    rs.add_argument("--dry-run", action="store_true", help="print the calls, tokens and cost it would spend")
    rs.add_argument("--batch", action=argparse.BooleanOptionalAction, default=None,
                    help="send summaries in provider batches (half price, answers within 24 h); default: config")  # fmt: skip

    bt = add("batches", cmd_batches, "the summary batches: state, counts, cost (lands those that ended)")
    bt.add_argument("--cancel", metavar="ID", help="cancel this batch (our submission id or the provider's)")
    bt.add_argument("--no-poll", action="store_true", help="list only: ask the provider nothing")

    bf = add(
        "backfill", cmd_backfill, "materialise a range of days as Dagster runs of up to 31 days (as a UI backfill)"
    )
    bf.add_argument("--connector", help="only this connector (default: every enabled one)")
    bf.add_argument("--since", help="from this day on (YYYY-MM-DD, UTC; default: the first day partition)")
    bf.add_argument("--until", help="up to this day (YYYY-MM-DD, UTC; default: today)")
    bf.add_argument("--dry-run", action="store_true", help="list the runs it would make; run nothing")

    st = add("redact-stored", cmd_redact_stored, "re-apply current rules to staging and the library")
    st.add_argument("--dry-run", action="store_true", help="count what would change; write nothing")

    im = add("import-jsonl", cmd_import_jsonl, "import pre-summarised items from a JSONL file")
    im.add_argument("path")
    im.add_argument("--source", required=True, help="the source name the items are filed under")
    im.add_argument("--project", help="project for items that name none")
    im.add_argument("--trust", choices=["own", "external"], default="own", help="for items that say none")

    em = add("embed", cmd_embed, "embed the library's items for search by meaning (a resumable backfill)")
    em.add_argument("--reembed", action="store_true", help="after a model change: pay for the new model's vectors")
    em.add_argument("--max-calls", type=int, default=None, help="HTTP attempts for this command (default: config)")
    em.add_argument("--dry-run", action="store_true", help="count the texts it would embed; send nothing")

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
