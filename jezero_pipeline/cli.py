"""The command line people use: `jezero-pipeline [-c CONFIG] <command>`.

`run` materialises the assets through Dagster (so every run is in the UI); the query
commands read the library read-only. Every command takes `--json`. Exit codes follow
Jezero: 0 ok, 1 failures, 2 config or usage error, 3 locked.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .config import Config, ConfigError, config_path, load_config
from .staging import Staging


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, default=str, ensure_ascii=False))


def _console():
    from rich.console import Console

    return Console()


# -------------------------------------------------------------------------------- dagster


def dagster_instance(cfg: Config):
    """The persistent instance the UI shows: DAGSTER_HOME, else the config's folder."""
    import dagster as dg

    if not os.environ.get("DAGSTER_HOME"):
        home = cfg.base_dir
        if not (home / "dagster.yaml").exists():
            home = cfg.base_dir / "data" / "dagster"
            home.mkdir(parents=True, exist_ok=True)
            (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
        os.environ["DAGSTER_HOME"] = str(home)
    # dagster.yaml's relative storage paths are relative to the repository root
    os.chdir(os.environ["DAGSTER_HOME"])
    return dg.DagsterInstance.get()


def _values(metadata: Any) -> dict[str, Any]:
    """Plain values of Dagster metadata entries, for the JSON report."""
    return {k: getattr(v, "value", v) for k, v in metadata.items()}


def _metadata(result: Any, node: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for mat in result.asset_materializations_for_node(node):
        out.update(_values(mat.metadata))
    return out


QUIET = {"console": {"config": {"log_level": "WARNING"}}}  # the report is the output; the UI has the logs


def run_connectors(
    cfg: Config,
    cfg_file: str,
    names: list[str],
    limit: int = 0,
    force_ids: dict[str, list[str]] | None = None,
    instance: Any = None,
) -> tuple[list[dict[str, Any]], bool]:
    """Materialise each connector's partition, then the library. Returns (reports, all ok)."""
    from .defs.build import build_definitions

    defs = build_definitions(cfg, cfg_file)
    instance = instance or dagster_instance(cfg)
    job = defs.resolve_job_def("connector_job")
    reports = []
    ok = True
    for name in names:
        run_config = {
            "loggers": QUIET,
            "ops": {
                "raw_sessions": {"config": {"limit": limit}},
                "summaries": {"config": {"force_ids": (force_ids or {}).get(name, [])}},
            },
        }
        result = job.execute_in_process(
            partition_key=name, instance=instance, run_config=run_config, raise_on_error=False
        )
        raw, red, summ = (_metadata(result, n) for n in ("raw_sessions", "redacted_segments", "summaries"))
        report = {
            "connector": name,
            "run_id": result.run_id,
            "success": result.success,
            "sessions": raw.get("sessions", 0),
            "docs": summ.get("docs", 0),
            "unchanged": summ.get("reused", 0),
            "stored": summ.get("stored", 0),
            "failed": summ.get("failed", 0),
            "pending_budget": summ.get("pending_budget", 0),
            "deferred_sessions": raw.get("deferred_sessions", 0),
            "redactions": red.get("redactions", 0),
            "input_chars": summ.get("input_chars", 0),
            "input_tokens": summ.get("input_tokens", 0),
            "output_tokens": summ.get("output_tokens", 0),
            "calls": summ.get("calls", 0),
            "bytes_read": raw.get("bytes_read", 0),
            "skipped_files": raw.get("skipped_files", 0),
        }
        if "estimated_cost_usd" in summ:
            report["estimated_cost_usd"] = summ["estimated_cost_usd"]
        if not result.success:
            ok = False
            report["errors"] = [
                str(ev.event_specific_data.error.message).strip() for ev in result.all_events if ev.is_step_failure
            ]
        elif report["failed"]:
            ok = False
        reports.append(report)
    if _library_is_current(instance, cfg):
        reports.append(
            {
                "library": str(cfg.library_path),
                "success": True,
                "rebuilt": False,
                "items": _latest_metadata(instance, "search_index").get("items", 0),
            }
        )
        return reports, ok
    lib = defs.resolve_job_def("library_job").execute_in_process(
        instance=instance, raise_on_error=False, run_config={"loggers": QUIET}
    )
    if not lib.success:
        ok = False
    reports.append(
        {
            "library": str(cfg.library_path),
            "success": lib.success,
            "rebuilt": True,
            "items": _metadata(lib, "search_index").get("items", 0),
        }
    )
    return reports, ok


def _latest(instance: Any, asset: str, partition: str | None = None) -> Any:
    import dagster as dg

    flt = dg.AssetRecordsFilter(asset_key=dg.AssetKey(asset), asset_partitions=[partition] if partition else None)
    records = instance.fetch_materializations(flt, limit=1).records
    return records[0] if records else None


def _latest_metadata(instance: Any, asset: str) -> dict[str, Any]:
    rec = _latest(instance, asset)
    if rec is None:
        return {}
    return _values(rec.asset_materialization.metadata)


def _library_is_current(instance: Any, cfg: Config) -> bool:
    """The library file exists and was built from exactly the summaries files there are now."""
    rec = _latest(instance, "search_index")
    if rec is None or not cfg.library_path.exists():
        return False
    built = rec.asset_materialization.metadata.get("built_from")
    current = Staging(cfg.staging_dir).library_inputs([c.name for c in cfg.connectors])
    return built is not None and built.value == current


# ------------------------------------------------------------------------------- commands


def cmd_run(args: argparse.Namespace, cfg: Config) -> int:
    names = [args.connector] if args.connector else [c.name for c in cfg.enabled_connectors]
    for n in names:
        cfg.connector(n)
    if args.dry_run or args.sample:
        from .preview import preview

        reports = [preview(cfg, n, dry_run=args.dry_run, sample=args.sample) for n in names]
        _print_json(reports) if args.json else [print(json.dumps(r, default=str)) for r in reports]
        return 0
    from .defs.resources import AlreadyRunning  # noqa: F401  (documents the outcome)
    from .locking import run_lock

    with run_lock(cfg) as got:
        if not got:
            msg = {"skipped": "another run holds the lock", "lock": str(cfg.staging_dir / "locks" / "run.lock")}
            _print_json(msg) if args.json else print(f"skipped: another run holds {msg['lock']}")
            return 0
        reports, ok = run_connectors(cfg, str(args.config_file), names, limit=args.limit)
    if args.json:
        _print_json(reports)
    else:
        for r in reports:
            print(json.dumps(r, default=str))
    return 0 if ok else 1


def _library(cfg: Config):
    from .library.reader import Library

    if not cfg.library_path.exists():
        raise ConfigError(f"{cfg.library_path}: no library yet; run `jezero-pipeline run` first")
    return Library(cfg.library_path, cfg.search)


def cmd_search(args: argparse.Namespace, cfg: Config) -> int:
    res = _library(cfg).search(
        args.query,
        project=args.project,
        source=args.source,
        since=args.since,
        until=args.until,
        kind=args.kind,
        trust=args.trust,
        limit=args.limit,
    )
    if args.json:
        _print_json(res)
        return 0
    from .library.render import format_results_rich

    _console().print(format_results_rich(res["results"], args.query))
    return 0


def cmd_show(args: argparse.Namespace, cfg: Config) -> int:
    res = _library(cfg).get_item(args.id, include_original=args.original)
    if args.json:
        _print_json(res)
        return 0 if res["found"] else 1
    if not res["found"]:
        print(f"no item {args.id}", file=sys.stderr)
        return 1
    item = res["item"]
    con = _console()
    con.print(f"[bold]#{item['id']} {item['title']}[/bold]")
    con.print(
        f"{item['occurred_at']}  project={item.get('project') or '-'}  source={item['source']}  {item['external_id']}",
        style="dim",
    )
    con.print(item["summary"])
    for q in item.get("questions") or []:
        con.print(f"  ? {q}")
    for a in item.get("atoms") or []:
        con.print(f"  [{a['kind']}] {a['text']}", markup=False)
    if args.original:
        con.print("\n--- original (redacted) ---", style="dim")
        con.print(item.get("original") or "", markup=False, highlight=False)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jezero-pipeline", description=__doc__.splitlines()[0])
    p.add_argument("-c", "--config", dest="config", help="config file (default $JEZERO_CONFIG, else ./jezero.toml)")
    sub = p.add_subparsers(dest="command", required=True)

    def add(name: str, fn: Any, help_: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_)
        sp.add_argument("--json", action="store_true", help="machine-readable output")
        sp.set_defaults(fn=fn)
        return sp

    r = add("run", cmd_run, "collect, segment, redact, summarise and index (through Dagster)")
    r.add_argument("--connector", help="only this connector (partition)")
    r.add_argument("--limit", type=int, default=0, help="at most N new or changed sessions per connector")
    r.add_argument("--sample", type=int, default=0, help="summarise the newest N sessions; store nothing")
    r.add_argument("--dry-run", action="store_true", help="collect and redact only; report, no model call")

    s = add("search", cmd_search, "full-text search of the library")
    s.add_argument("query")
    for opt in ("--project", "--source", "--since", "--until", "--kind", "--trust"):
        s.add_argument(opt)
    s.add_argument("--limit", type=int)

    sh = add("show", cmd_show, "one item of the library")
    sh.add_argument("id", type=int)
    sh.add_argument("--original", action="store_true", help="also print the redacted original")

    from . import cli_more

    cli_more.register(add)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.config_file = config_path(args.config).resolve()
    from .library.query import QueryError

    try:
        cfg = load_config(args.config_file)
        return args.fn(args, cfg)
    except (ConfigError, QueryError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
