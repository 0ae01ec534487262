"""Shared fixtures for the test suite."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# bench/ is not part of the installed package; make `import bench...` work under plain `pytest`.
_REPO_ROOT = str(Path(__file__).resolve().parents[1])
if _REPO_ROOT not in sys.path:
    sys.path.insert(0, _REPO_ROOT)

from bench.fake_model_server import FakeModelServer  # noqa: E402


@pytest.fixture
def fake_server() -> Iterator[FakeModelServer]:
    """A fake Anthropic/OpenAI server on 127.0.0.1 with no latency, fresh for each test."""
    with FakeModelServer(latency=0.0, hang_seconds=5.0) as srv:
        yield srv


@pytest.fixture(autouse=True)
def _restore_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    """`jezero-pipeline run` moves into DAGSTER_HOME (dagster.yaml's paths are relative to it);
    tests call the CLI in-process, so each test gets its starting folder back afterwards."""
    monkeypatch.chdir(Path.cwd())
