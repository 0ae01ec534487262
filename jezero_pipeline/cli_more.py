"""Further commands (maintenance, import, eval, queries, serving), registered onto the main parser."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .config import Config, ConfigError


def _out(args: argparse.Namespace, obj: Any, text: str | None = None) -> None:
    if args.json or text is None:
        print(json.dumps(obj, indent=2, default=str, ensure_ascii=False))
    else:
        print(text)


# ------------------------------------------------------------------------------- redaction


def cmd_redact(args: argparse.Namespace, cfg: Config) -> int:
    """Print the text exactly as the pipeline would store it."""
    from .redaction import Redactor

    data = (
        sys.stdin.read()
        if args.file in (None, "-")
        else Path(args.file).read_text(encoding="utf-8", errors="surrogateescape")
    )
    text, n = Redactor.from_config(cfg).redact(data)
    if args.json:
        _out(args, {"text": text, "redactions": n})
    else:
        sys.stdout.write(text)
        print(f"\n[{n} redaction(s)]", file=sys.stderr)
    return 0


def cmd_redact_stored(args: argparse.Namespace, cfg: Config) -> int:
    from .locking import run_lock
    from .maintenance import redact_stored

    with run_lock(cfg) as got:
        if not got:
            print("locked: a run is in progress", file=sys.stderr)
            return 3
        report = redact_stored(cfg, dry_run=args.dry_run)
    _out(args, report, " ".join(f"{k}={v}" for k, v in report.items()))
    return 0


# ----------------------------------------------------------------------------- summaries


def _parse_ids(args: argparse.Namespace) -> list[int]:
    raw = args.ids or ""
    if args.ids_file:
        raw += "," + Path(args.ids_file).read_text()
    ids = []
    for tok in raw.replace("\n", ",").split(","):
        tok = tok.strip()
        if tok:
            if not tok.isdigit():
                raise ConfigError(f"--ids: {tok!r} is not an item id")
            ids.append(int(tok))
    if not ids:
        raise ConfigError("resummarize needs --ids 1,2 or --ids-file FILE")
    return ids


def cmd_resummarize(args: argparse.Namespace, cfg: Config) -> int:
    """Summarise chosen items again from their stored redacted original, keeping their ids."""
    from .cli import QUIET, _metadata, dagster_instance
    from .defs.build import build_definitions
    from .library.reader import Library
    from .locking import run_lock

    lib = Library(cfg.library_path, cfg.search)
    by_partition: dict[str, list[str]] = {}
    unknown = []
    for item_id in _parse_ids(args):
        res = lib.get_item(item_id)
        if not res["found"]:
            unknown.append(item_id)
            continue
        by_partition.setdefault(res["item"]["source"], []).append(res["item"]["external_id"])
    lib.close()
    with run_lock(cfg) as got:
        if not got:
            print("locked: a run is in progress", file=sys.stderr)
            return 3
        defs = build_definitions(cfg, str(args.config_file))
        instance = dagster_instance(cfg)
        job = defs.resolve_job_def("summaries_job")
        reports, ok = [], not unknown
        for part, ext_ids in by_partition.items():
            res = job.execute_in_process(
                partition_key=part,
                instance=instance,
                raise_on_error=False,
                run_config={"loggers": QUIET, "ops": {"summaries": {"config": {"force_ids": ext_ids}}}},
            )
            meta = _metadata(res, "summaries")
            ok = ok and res.success and not meta.get("failed")
            reports.append(
                {
                    "connector": part,
                    "requested": len(ext_ids),
                    "calls": meta.get("calls"),
                    "failed": meta.get("failed"),
                    "success": res.success,
                }
            )
        lib_run = defs.resolve_job_def("library_job").execute_in_process(
            instance=instance, raise_on_error=False, run_config={"loggers": QUIET}
        )
        ok = ok and lib_run.success
    _out(args, {"reports": reports, "unknown_ids": unknown})
    return 0 if ok else 1


# -------------------------------------------------------------------------------- import


def cmd_import_jsonl(args: argparse.Namespace, cfg: Config) -> int:
    from .imports import import_jsonl

    report = import_jsonl(cfg, Path(args.path), args.source, args.project, args.trust)
    _out(args, report)
    return 1 if report["problems"] and not report["imported"] else 0


# ------------------------------------------------------------------------------- queries


def _library(cfg: Config):
    from .library.reader import Library

    if not cfg.library_path.exists():
        raise ConfigError(f"{cfg.library_path}: no library yet; run `jezero-pipeline run` first")
    return Library(cfg.library_path, cfg.search)


def _items_text(items: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"#{i['id']:<6} {str(i.get('occurred_at'))[:16]}  {i.get('project') or '-':<16} {i['source']:<12} {i['title']}"
        for i in items
    )


def cmd_timeline(args: argparse.Namespace, cfg: Config) -> int:
    res = _library(cfg).timeline(
        project=args.project, source=args.source, since=args.since, until=args.until, limit=args.limit
    )
    _out(args, res, _items_text(res.get("results") or res.get("items") or []))
    return 0


def cmd_later(args: argparse.Namespace, cfg: Config) -> int:
    res = _library(cfg).later(args.id, query=args.query, limit=args.limit)
    _out(args, res, f"matched_by={res.get('matched_by')}\n" + _items_text(res.get("later") or []))
    return 0 if res.get("found") else 1


def cmd_sources(args: argparse.Namespace, cfg: Config) -> int:
    res = _library(cfg).list_sources()
    _out(args, res)
    return 0


def cmd_stats(args: argparse.Namespace, cfg: Config) -> int:
    _out(args, _library(cfg).stats())
    return 0


def cmd_eval(args: argparse.Namespace, cfg: Config) -> int:
    from .library.evaluation import format_report, run_eval

    res = run_eval(_library(cfg), Path(args.file), k=args.k, save=args.save, compare=args.compare)
    fail_under = args.fail_under if args.fail_under is not None else res.get("fail_under")
    _out(args, res, format_report(res))
    if fail_under is not None and res["hit@k"] < float(fail_under):
        print(f"hit@k {res['hit@k']} is under fail_under {fail_under}", file=sys.stderr)
        return 1
    return 0


def cmd_serve(args: argparse.Namespace, cfg: Config) -> int:
    from .library import mcp_server

    if args.stdio:
        mcp_server.serve_stdio(cfg.library_path, cfg.search)
        return 0
    import os

    token = os.environ.get(args.token_env) if args.token_env else None
    mcp_server.serve_http(
        cfg.library_path, cfg.search, host=args.host, port=args.port, token=token, require_auth=not args.no_auth
    )
    return 0


# ---------------------------------------------------------------------------- operations


def cmd_health(args: argparse.Namespace, cfg: Config) -> int:
    from .maintenance import health

    ok, rows = health(cfg)
    text = "\n".join(
        f"{'ok  ' if r['ok'] else 'FAIL'} {r['connector']}: " + ("; ".join(r["problems"]) or "healthy") for r in rows
    )
    _out(args, {"ok": ok, "connectors": rows}, text)
    return 0 if ok else 1


def cmd_connector(args: argparse.Namespace, cfg: Config) -> int:
    from .maintenance import connector_list, connector_reset

    if args.action == "list":
        rows = connector_list(cfg)
        _out(
            args,
            rows,
            "\n".join(
                f"{r['name']:<16} {r['type']:<12} {'on ' if r['enabled'] else 'off'} "
                f"files={r['files_tracked']} ok={r['summaries_ok']} failed={r['summaries_failed']}"
                for r in rows
            ),
        )
        return 0
    if not args.name:
        raise ConfigError("connector reset needs a NAME")
    if not args.yes and sys.stdin.isatty():
        if input(f"Forget which files {args.name!r} read (items stay)? [y/N] ").strip().lower() != "y":
            return 1
    _out(args, connector_reset(cfg, args.name))
    return 0


def cmd_retag(args: argparse.Namespace, cfg: Config) -> int:
    from .locking import run_lock
    from .maintenance import retag

    if args.ask_model and cfg.summarizer.provider == "extractive":
        raise ConfigError("retag --ask-model needs a model provider ([summarizer] provider)")
    with run_lock(cfg) as got:
        if not got:
            print("locked: a run is in progress", file=sys.stderr)
            return 3
        names = [args.connector] if args.connector else [c.name for c in cfg.connectors]
        reports = [retag(cfg, n, dry_run=args.dry_run, ask_model=args.ask_model) for n in names]
    if args.log:
        Path(args.log).write_text(json.dumps(reports, indent=1, default=str))
    _out(args, reports)
    return 0


def register(add: Any) -> None:
    """`add(name, fn, help)` returns a subparser that already has --json."""
    r = add("redact", cmd_redact, "print a file (or stdin) exactly as the pipeline would store it")
    r.add_argument("file", nargs="?", help="a file, or - for standard input (the default)")

    rs = add("redact-stored", cmd_redact_stored, "re-apply current rules to staging and the library")
    rs.add_argument("--dry-run", action="store_true")

    re_ = add("resummarize", cmd_resummarize, "summarise chosen items again, keeping their ids")
    re_.add_argument("--ids", help="comma-separated item ids")
    re_.add_argument("--ids-file", help="a file of item ids, one per line or comma-separated")

    im = add("import-jsonl", cmd_import_jsonl, "import pre-summarised items from a JSONL file")
    im.add_argument("path")
    im.add_argument("--source", required=True)
    im.add_argument("--project")
    im.add_argument("--trust", choices=["own", "external"], default="own")

    tl = add("timeline", cmd_timeline, "items newest first over [since, until)")
    for opt in ("--project", "--source", "--since", "--until"):
        tl.add_argument(opt)
    tl.add_argument("--limit", type=int)

    la = add("later", cmd_later, "newer items on the same subject in the same project")
    la.add_argument("id", type=int)
    la.add_argument("--query")
    la.add_argument("--limit", type=int)

    add("sources", cmd_sources, "each source with its item count and latest date")
    add("stats", cmd_stats, "library statistics")

    ev = add("eval", cmd_eval, "hit@1, hit@k and MRR over a TOML file of cases")
    ev.add_argument("file")
    ev.add_argument("--k", type=int, default=None, help="default: the file's [defaults] k, else 5")
    ev.add_argument("--save")
    ev.add_argument("--compare")
    ev.add_argument("--fail-under", type=float)

    sv = add("serve", cmd_serve, "read-only MCP server (stdio or streamable HTTP)")
    sv.add_argument("--stdio", action="store_true")
    sv.add_argument("--host", default="127.0.0.1")
    sv.add_argument("--port", type=int, default=8765)
    sv.add_argument("--token-env", default="JEZERO_MCP_TOKEN", help="env var holding the bearer token")
    sv.add_argument("--no-auth", action="store_true", help="only allowed on a loopback host")

    add("health", cmd_health, "exit 1 when a connector failed or has been silent too long")

    co = add("connector", cmd_connector, "connector list | connector reset NAME")
    co.add_argument("action", choices=["list", "reset"])
    co.add_argument("name", nargs="?")
    co.add_argument("--yes", action="store_true")

    rt = add("retag", cmd_retag, "re-apply project hints (no model call)")
    rt.add_argument("--connector")
    rt.add_argument("--dry-run", action="store_true")
    rt.add_argument("--ask-model", action="store_true")
    rt.add_argument("--log")
