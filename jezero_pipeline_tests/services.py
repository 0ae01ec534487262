"""Helpers for tests that start real services (a browser, a PostgreSQL server) on loopback."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]


def missing(what: str) -> None:
    """Skip the calling test with one line naming what is missing; under CI=true (.ci/run installs
    the system packages and brings ../shared) a missing one is a failure instead."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{what} (.ci/run should have provided it)", pytrace=False)
    pytest.skip(what)


def repo_instance(home: Path, **settings: Any) -> Path:
    """The repository's dagster.yaml written into `home` (made here) with every path it names
    inside `home`, and `settings` on top. Its paths are relative, and a daemon or webserver
    resolves them against its working folder (the repository's, for workspace.yaml): copied as
    is, every test would share the checkout's data/dagster, and a run key an earlier test used
    would have this test's runs skipped."""
    home.mkdir()
    instance = yaml.safe_load((REPO / "dagster.yaml").read_text())
    instance["storage"]["sqlite"]["base_dir"] = str(home / "storage")
    instance["local_artifact_storage"]["config"]["base_dir"] = str(home / "artifacts")
    instance["compute_logs"]["config"]["base_dir"] = str(home / "logs")
    (home / "dagster.yaml").write_text(yaml.safe_dump({**instance, **settings}))
    return home


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Process:
    """A server in a child process: `close` stops it, killing it when it does not stop in 10 s."""

    proc: subprocess.Popen

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


class S3Server(_Process):
    """moto's S3 server on a free loopback port, in its own process; `env()` is what a worker
    (or this process) needs to reach it: the standard AWS variables, nothing in a config file."""

    def __init__(self) -> None:
        import sys

        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import time
        import urllib.request

        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.endpoint + "/", timeout=1).close()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError("moto's S3 server did not start") from None
                time.sleep(0.1)

    def env(self) -> dict[str, str]:
        return {
            "AWS_ENDPOINT_URL": self.endpoint,
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_DEFAULT_REGION": "us-east-1",
        }

    def make_bucket(self, name: str) -> None:
        import boto3  # installed with moto

        env = self.env()
        boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name=env["AWS_DEFAULT_REGION"],
            aws_access_key_id=env["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"],
        ).create_bucket(Bucket=name)


class RedisServer(_Process):
    """Debian's redis-server on a free loopback port, nothing persisted (.ci/run installs it)."""

    def __init__(self, folder) -> None:
        import shutil
        import time

        exe = shutil.which("redis-server")
        if exe is None:
            missing("redis-server not found: apt-get install redis-server")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = subprocess.Popen(
            [
                exe,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(folder),
                "--protected-mode",
                "yes",
            ],  # fmt: skip
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)
