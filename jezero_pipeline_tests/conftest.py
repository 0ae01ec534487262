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


@pytest.fixture(scope="session", autouse=True)
def _own_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The bundled model's integer graph is made once per test session, in a directory of its
    own (not the developer's ~/.cache); commands the tests start inherit it."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(scope="session")
def s3_server() -> Iterator[object]:
    """One moto S3 server for the session (tests use buckets of their own)."""
    from services import S3Server

    srv = S3Server()
    try:
        yield srv
    finally:
        srv.close()


@pytest.fixture
def s3_env(s3_server, monkeypatch: pytest.MonkeyPatch) -> object:
    """This process reaches the moto server through the AWS environment, as a worker would."""
    for key, value in s3_server.env().items():
        monkeypatch.setenv(key, value)
    return s3_server


from pgserver import postgres  # noqa: E402, F401  (the throwaway PostgreSQL fixture, for every test module)
