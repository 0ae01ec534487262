"""Further commands (maintenance, import, eval, serving), registered onto the main parser."""

from __future__ import annotations

from typing import Any


def register(add: Any) -> None:
    """`add(name, fn, help)` returns a subparser that already has --json."""
