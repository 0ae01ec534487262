"""Shared fixtures for the test suite."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# bench/ is not part of the installed package; make `import bench...` work under plain `pytest`.
REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from fake_model_server import FakeModelServer  # noqa: E402


@pytest.fixture
def fake_server() -> Iterator[FakeModelServer]:
    """A fake Anthropic/OpenAI server on 127.0.0.1 with no latency, fresh for each test."""
    with FakeModelServer(latency=0.0, hang_seconds=5.0) as srv:
        yield srv


@pytest.fixture(autouse=True)
def _no_dagster_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test never writes to the developer's Dagster instance (tests pass their own)."""
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    monkeypatch.delenv("JEZERO_CONFIG", raising=False)
