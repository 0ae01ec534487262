"""Helpers for tests that start real services (a browser, a PostgreSQL server) on loopback."""

from __future__ import annotations

import os
import socket

import pytest


def missing(what: str) -> None:
    """.ci/run installs the system packages, so in CI a missing one is a failure, not a skip."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} (.ci/run should have installed it)")
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
