"""Packages a process (or one thread of it) declines to import, because a library loads them
only for an optional feature we never use.

Both uses are bounded and each has a test that fails once the library stops loading the
package, so the refusal can go: `cli.main` refuses pandas for a whole command, and
`summarizing.providers` refuses aiohttp to the thread importing a model SDK.
"""

from __future__ import annotations

import importlib.abc
import threading
from typing import Any


class RefusedImport(importlib.abc.MetaPathFinder):
    """Makes one top-level package fail to import (with `why`), in every thread or in `thread` only."""

    def __init__(self, package: str, why: str, thread: int | None = None) -> None:
        self.package, self.why, self.thread = package, why, thread

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname.partition(".")[0] == self.package and self.thread in (None, threading.get_ident()):
            raise ModuleNotFoundError(f"{self.package}: {self.why}", name=fullname)


def without_pandas() -> RefusedImport:
    """pyarrow (on its first conversion of Python values, apache/arrow#34994) and DuckDB (on
    binding a query parameter, since duckdb/duckdb#18658) import pandas when it is installed,
    only to recognise its objects: 0.3 s and 35 MB of every command, an appended session's
    `run` included. Both work without it. test_cli fails once neither imports it any more."""
    return RefusedImport("pandas", "no command of jezero-pipeline makes a DataFrame")
