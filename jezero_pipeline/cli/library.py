"""Commands that only read: the library's tools, eval, serving, redact (a dry run of the rules),
health and the connector list."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ..config import Config
from ..dagster_home import home_note, home_problem
from ..listen import CannotListen, check_port
from ..models import ATOM_KINDS, TRUST_VALUES
from .common import FAILED, OK, USAGE, CommandError, fetch_published, library_sync, open_library, out, workspace
from .render import items_text, print_item, print_search, sources_text, stats_text


def cmd_search(args: argparse.Namespace, cfg: Config) -> int:
    """Full-text search; words are literal, "quoted phrases" allowed."""
    lib = open_library(cfg)
    res = lib.search(args.query, project=args.project, source=args.source, since=args.since, until=args.until,
                     kind=args.kind, trust=args.trust, limit=args.limit, mode=args.mode)  # fmt: skip
    if res.get("notice") and not args.json:
        print(f"note: {res['notice']}", file=sys.stderr)
    if args.json:
        out(args, res)
    else:
        for r in res["results"]:  # the transcript, for the hits found only there (shown around the hit)
            r["original"] = (lib.get_item(r["id"], include_original=True)["item"] or {}).get("original")
        print_search(res, args.query)
    return OK


def cmd_show(args: argparse.Namespace, cfg: Config) -> int:
    res = open_library(cfg).get_item(args.id, include_original=args.original)
    if args.json:
        out(args, res)
    elif res["found"]:
        print_item(res["item"], original=args.original)
    else:
        print(f"no item {args.id}", file=sys.stderr)
    return OK if res["found"] else FAILED


def cmd_timeline(args: argparse.Namespace, cfg: Config) -> int:
    res = open_library(cfg).timeline(project=args.project, source=args.source, since=args.since, until=args.until,
                                     limit=args.limit)  # fmt: skip
    out(args, res, items_text(res.get("results") or res.get("items") or []))
    return OK


def cmd_later(args: argparse.Namespace, cfg: Config) -> int:
    res = open_library(cfg).later(args.id, query=args.query, limit=args.limit)
    if not res.get("found"):
        if args.json:
            out(args, res)
        else:
            print(f"no item {args.id} in the library", file=sys.stderr)
        return FAILED
    how = {"subject": "newer items on the same subject", "project_timeline": "nothing newer on this subject; "
           "the newer items of the same project"}.get(res.get("matched_by") or "", "")  # fmt: skip
    out(args, res, f"{how}:\n{items_text(res.get('later') or [])}" if res.get("later") else "nothing newer")
    return OK


def cmd_sources(args: argparse.Namespace, cfg: Config) -> int:
    res = open_library(cfg).list_sources()
    out(args, res, sources_text(res))
    return OK


def cmd_stats(args: argparse.Namespace, cfg: Config) -> int:
    res = open_library(cfg).stats()
    out(args, res, stats_text(res))
    return OK


def cmd_eval(args: argparse.Namespace, cfg: Config) -> int:
    from ..library.evaluation import EvalError, format_report, run_eval  # lazy: DuckDB loads only here

    try:
        res = run_eval(open_library(cfg, once=False), Path(args.file), k=args.k, save=args.save, compare=args.compare,
                       mode=args.mode)  # fmt: skip
    except EvalError as err:
        raise CommandError(str(err)) from None
    fail_under = args.fail_under if args.fail_under is not None else res.get("fail_under")
    out(args, res, format_report(res))
    if fail_under is not None and res["hit@k"] < float(fail_under):
        print(f"hit@k {res['hit@k']} is under fail_under {fail_under}", file=sys.stderr)
        return FAILED
    return OK


def cmd_serve(args: argparse.Namespace, cfg: Config) -> int:
    try:
        return _serve(args, cfg)
    except CannotListen as err:
        raise CommandError(str(err), FAILED) from None


def _serve(args: argparse.Namespace, cfg: Config) -> int:
    if args.inbox:
        from .inbox import serve_inbox  # lazy: the upload server loads only with --inbox

        return serve_inbox(args, cfg)
    from ..library import mcp_server  # lazy: the MCP SDK and uvicorn load only to serve

    if args.stdio:
        if args.web or args.mcp:
            raise CommandError("--stdio serves MCP on stdin/stdout only; drop --web/--mcp")
        mcp_server.serve_stdio(cfg.library_path, cfg.search, library=_published_reader(cfg))
        return OK
    token = os.environ.get(args.token_env) if args.token_env else None
    if args.web:
        from ..web.server import serve  # lazy: the web page loads only to serve it

        try:
            serve(cfg, host=args.host, port=args.port, token=token, with_mcp=args.mcp, mcp_auth=not args.no_auth)
        except ValueError as err:
            raise CommandError(str(err)) from None
        return OK
    try:
        mcp_server.serve_http(cfg.library_path, cfg.search, host=args.host, port=args.port, token=token,
                              require_auth=not args.no_auth, library=_published_reader(cfg))  # fmt: skip
    except ValueError as err:
        raise CommandError(str(err)) from None
    return OK


def cmd_redact(args: argparse.Namespace, cfg: Config) -> int:
    """Print the text exactly as the pipeline would store it."""
    if args.file in (None, "-"):
        data = sys.stdin.read()
    else:
        try:
            data = Path(args.file).read_text(encoding="utf-8", errors="surrogateescape")
        except OSError as err:
            raise CommandError(f"{args.file}: {err.strerror or err}") from None
    text, n = workspace(cfg).redactor.redact(data)
    if args.json:
        out(args, {"text": text, "redactions": n})
    else:
        sys.stdout.write(text)
        print(f"\n[{n} redaction(s)]", file=sys.stderr)
    return OK


def cmd_health(args: argparse.Namespace, cfg: Config) -> int:
    """Exit 1 when a connector is unhealthy; alerts the webhook and pings the heartbeat."""
    from ..operations.health import health  # lazy: each command loads only what it runs
    from ..operations.watchdog import watch  # lazy: as above

    ws = workspace(cfg)
    delivered = watch(ws)
    for failure in delivered["failures"]:
        print(failure, file=sys.stderr)
    ok, rows = health(ws)
    text = "\n".join(
        f"{'ok  ' if r['ok'] else 'FAIL'} {r['connector']}: " + ("; ".join(r["problems"]) or "healthy") for r in rows
    )
    out(args, {"ok": ok, "connectors": rows}, text)
    return OK if ok else FAILED


def cmd_check_config(args: argparse.Namespace, cfg: Config) -> int:
    """Every problem of the config file, one per line (exit 2), or `ok`."""
    ws = workspace(cfg)
    problems, warnings = ws.config_problems(), ws.config_warnings()
    lines = [f"error: {args.config_file}: {p}" for p in problems] + [
        f"warning: {args.config_file}: {w}" for w in warnings
    ]
    problem, note = home_problem(), home_note()  # the environment's, not the file's: no file name
    environment = [line for line in (problem, note) if line]
    lines += [f"warning: {problem}"] * bool(problem) + [f"note: {note}"] * bool(note)
    out(args, {"ok": not problems, "problems": problems, "warnings": warnings, "environment": environment},
        "\n".join(lines + ([] if problems else [f"ok: {args.config_file}"])))  # fmt: skip
    return USAGE if problems else OK


def connector_list_text(rows: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{r['name']:<16} {r['type']:<12} {'on ' if r['enabled'] else 'off'} files={r['files_tracked']} "
        f"partitions={r['partitions']} ok={r['summaries_ok']} failed={r['summaries_failed']}"
        for r in rows
    )


def positive(value: str) -> int:
    """A count from the command line: a whole number of 1 or more (argparse `type`)."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is not 1 or more")
    return n


def _filters(parser: argparse.ArgumentParser, options: tuple[str, ...]) -> None:
    helps = {
        "--project": ("PROJECT", "only items of this project (as `sources`/`stats` name them)", None),
        "--source": ("SOURCE", "only items of this source: a connector's name, or an import's --source", None),
        "--since": ("WHEN", "only items from this date or time on (ISO; UTC when it has no offset)", None),
        "--until": ("WHEN", "only items before this date or time (ISO; UTC when it has no offset)", None),
        "--kind": ("KIND", "only items with an atom of this kind", ATOM_KINDS),
        "--trust": ("TRUST", "only items of this trust (own: your agents; external: mail, exports)", TRUST_VALUES),
    }
    for opt in options:
        metavar, what, choices = helps[opt]
        parser.add_argument(opt, metavar=metavar if not choices else None, help=what, choices=choices)
    parser.add_argument("--limit", type=positive, help="at most this many results (default from [search])")


def register(add: Any) -> None:
    s = add("search", cmd_search, "search the library: literal words, and by meaning")
    s.add_argument("query", help='words to find, literally; "quoted words" as a phrase (e.g. \'ERR_PNPM "lock file"\')')
    _filters(s, ("--project", "--source", "--since", "--until", "--kind", "--trust"))
    s.add_argument("--mode", choices=("lexical", "semantic", "hybrid"),
                   help="lexical: literal words only; semantic: by meaning only; hybrid: both (the default when the "
                        "library has vectors of the configured model)")  # fmt: skip

    sh = add("show", cmd_show, "one item of the library")
    sh.add_argument("id", type=int, help="the item's id, as search and timeline show it")
    sh.add_argument("--original", action="store_true", help="also print the redacted original")

    tl = add("timeline", cmd_timeline, "items newest first over [since, until)")
    _filters(tl, ("--project", "--source", "--since", "--until"))

    la = add("later", cmd_later, "newer items on the same subject in the same project")
    la.add_argument("id", type=int, help="the item to start from")
    la.add_argument("--query", help="the subject, when not the item's own title")
    la.add_argument("--limit", type=positive, help="at most this many items (default 5)")

    add("sources", cmd_sources, "each source with its item count and latest date")
    add("stats", cmd_stats, "library statistics")

    ev = add("eval", cmd_eval, "hit@1, hit@k and MRR over a TOML file of cases")
    ev.add_argument("file", help="a TOML file of [[case]] entries (question, query, expect)")
    ev.add_argument("--k", type=int, default=None, help="default: the file's [defaults] k, else 5")
    ev.add_argument("--save", help="write the results to this JSON file")
    ev.add_argument("--compare", help="a saved results file to compare with")
    ev.add_argument("--fail-under", type=float, help="exit 1 when hit@k is under this share")
    ev.add_argument("--mode", choices=("lexical", "semantic", "hybrid"), help="the search mode of every case")

    sv = add("serve", cmd_serve, "read-only MCP server (stdio or streamable HTTP), or the web page (--web)")
    sv.add_argument("--stdio", action="store_true", help="serve over stdin/stdout")
    sv.add_argument("--web", action="store_true", help="the read-only search page in a browser")
    sv.add_argument("--mcp", action="store_true", help="with --web: the MCP server at /mcp in the same server")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default loopback)")
    sv.add_argument("--port", type=check_port, default=8765, help="port to listen on (1-65535; default 8765)")
    sv.add_argument("--token-env", default="JEZERO_MCP_TOKEN", help="env var holding the bearer token")
    sv.add_argument("--no-auth", action="store_true", help="only allowed on a loopback host")
    sv.add_argument(
        "--inbox", action="store_true", help="serve uploads from approved devices instead (PUT /inbox/v1/…)"
    )

    r = add("redact", cmd_redact, "print a file (or stdin) exactly as the pipeline would store it")
    r.add_argument("file", nargs="?", help="a file, or - for standard input (the default)")

    add("health", cmd_health, "exit 1 when a connector failed or has been silent too long; alerts the watchdog")
    add("check-config", cmd_check_config, "check the config file: connector options, provider, patterns (exit 2)")


__all__ = ["connector_list_text", "register"]


def _published_reader(cfg: Config) -> Any:
    """The server's reader: with staging on object storage, one that fetches the published
    library first and follows it; else one of the local file."""
    from ..library.reader import Library  # lazy: DuckDB loads only to serve

    if not cfg.staging_remote:
        return Library(cfg.library_path, cfg.search, embeddings=cfg.embeddings)
    fetch_published(cfg)
    return Library(cfg.library_path, cfg.search, sync=library_sync(cfg), embeddings=cfg.embeddings)
