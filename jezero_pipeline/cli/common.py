"""What every command shares: output (`--json` or text), exit codes, the lock guard, errors.

Exit codes follow Jezero: 0 ok, 1 failures, 2 config or usage error, 3 locked. Every error path
ends in one line on stderr and an exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..config import Config, ConfigError
from ..staging import published
from ..staging.locks import AlreadyRunning
from ..workspace import Workspace

OK, FAILED, USAGE, LOCKED = 0, 1, 2, 3


class CommandError(Exception):
    """A command cannot go on; `code` is its exit code and the message its one line."""

    def __init__(self, message: str, code: int = USAGE):
        super().__init__(message)
        self.code = code


def out(args: argparse.Namespace, obj: Any, text: str | None = None) -> None:
    """Print `obj` as JSON with --json (or when there is no text form), else `text`."""
    if getattr(args, "json", False) or text is None:
        print(json.dumps(obj, indent=2, default=str, ensure_ascii=False))
    else:
        print(text)


def workspace(cfg: Config) -> Workspace:
    """With staging on object storage, commands lock in the instance's PostgreSQL as runs do."""
    if not cfg.staging_remote:
        return Workspace.open(cfg)
    from ..defs.instance import instance_for  # lazy: Dagster loads only for shared staging
    from ..defs.resources import postgres_url

    instance = instance_for(cfg)
    try:
        return Workspace.open(cfg, postgres_url(instance))
    finally:
        instance.dispose()


@contextmanager
def partitions_free() -> Iterator[None]:
    """A command that rewrites staged rows fails with exit 3, naming the run that holds them."""
    try:
        yield
    except AlreadyRunning as err:
        raise CommandError(f"locked: {err}", LOCKED) from None


def open_library(cfg: Config, once: bool = True) -> Any:
    """The library for a command. `once` (a command that asks a question or two): a lean reader,
    which reads the postings its query needs instead of loading them all; a `search` command on
    the 10,000-session bench library peaks at 125 MB instead of 288 (bench/command_memory.py,
    the process tree's PSS). `eval`, which asks many, keeps them."""
    from ..library.reader import Library  # lazy: DuckDB loads only for library commands

    if cfg.staging_remote:  # the newest published library, fetched when it changed
        fetch_published(cfg)
    if not cfg.library_path.exists():
        raise ConfigError(f"{cfg.library_path}: no library yet; run `jezero-pipeline run` first")
    return Library(cfg.library_path, cfg.search, sync=library_sync(cfg), lean=once, embeddings=cfg.embeddings)


def library_sync(cfg: Config) -> Any:
    """For a long-lived reader (the servers): fetch the published library when it changed."""
    return published.sync_for(cfg)


def fetch_published(cfg: Config) -> bool:
    """A reader's local copy of the library published on object storage, brought up to date."""
    return published.fetch_for(cfg)


def warn(message: str) -> None:
    print(message, file=sys.stderr)
