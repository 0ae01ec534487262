"""The command line: `jezero-pipeline [-c CONFIG] <command>`.

The config comes from `-c`, else `$JEZERO_CONFIG`, else `./jezero.toml`. Every command takes
`--json`. Commands that read live in `library.py`, commands that change state in `operate.py`.
"""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Any

from ..config import ConfigError, config_path, load_config
from ..engine.memory import share_heaps
from ..refused_imports import without_pandas
from . import inbox, library, operate
from .common import USAGE, CommandError

EXAMPLES = """examples:
  jezero-pipeline run                              # read, redact, summarise and index what changed
  jezero-pipeline search "ERR_PNPM_OUTDATED_LOCKFILE"
  jezero-pipeline search 'lockfile "ci failed"' --since 2026-03-01 --kind error
  jezero-pipeline show 42 --original               # one item, with its redacted transcript
  jezero-pipeline serve --web                      # the search page on http://127.0.0.1:8765/
  jezero-pipeline check-config                     # every problem of the config file, one per line

The config comes from -c, else $JEZERO_CONFIG, else ./jezero.toml. Every command takes --json.
Exit codes: 0 ok, 1 failures, 2 config or usage error, 3 locked (another command holds what it needs)."""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jezero-pipeline",
        description="AI coding-agent sessions to a searchable library, as Dagster assets.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("-c", "--config", dest="config", help="config file (default $JEZERO_CONFIG, else ./jezero.toml)")
    sub = p.add_subparsers(dest="command", required=True)

    def add(name: str, fn: Any, help_: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.add_argument("--json", action="store_true", help="machine-readable output")
        sp.set_defaults(fn=fn)
        return sp

    operate.register(add)
    library.register(add)
    inbox.register(add)
    return p


def main(argv: list[str] | None = None) -> int:
    share_heaps()  # before any thread starts and takes a C heap of its own (engine/memory.py)
    args = build_parser().parse_args(argv)
    args.config_file = config_path(args.config).resolve()
    try:
        return args.fn(args, load_config(args.config_file))
    except ConfigError as err:
        print(f"error: {err}", file=sys.stderr)
        return USAGE
    except CommandError as err:
        print(f"error: {err}", file=sys.stderr)
        return err.code
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as err:
        query = sys.modules.get("jezero_pipeline.library.query")  # loaded only by library commands
        if query is not None and isinstance(err, query.QueryError):
            print(f"error: {err}", file=sys.stderr)
            return USAGE
        raise


def entry() -> None:
    """The installed `jezero-pipeline` command.

    No command makes a DataFrame (the reader answers JSON; DataFrames are for Python callers
    and Dagster assets), so the command's process goes without pandas (`without_pandas`).
    Before the interpreter ends, what is left is frozen out of the garbage collector: the
    interpreter still runs every exit handler and frees what it frees, but its last
    collections no longer walk the SDKs' hundreds of thousands of objects (the model SDK's
    alone cost 0.4 s of a command's exit, more than the model call of an appended session).
    Nothing of ours waits for that collection: files are written aside, fsynced and renamed in,
    and connections are closed where they are opened."""
    if "pandas" not in sys.modules:
        sys.meta_path.insert(0, without_pandas())
    code = main()
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    entry()
