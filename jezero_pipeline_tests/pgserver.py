"""A throwaway PostgreSQL server on 127.0.0.1 for the tests that need one (`postgres` fixture).

Debian's PostgreSQL (installed by .ci/run) in a temp folder, password auth; stopped whatever
happens. Tests get host, port, user, password and database to use as they see fit.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from services import free_port, missing

PG_ENV = ("DAGSTER_PG_HOST", "DAGSTER_PG_PORT", "DAGSTER_PG_USER", "DAGSTER_PG_PASSWORD", "DAGSTER_PG_DB")


@dataclass
class PgServer:
    host: str
    port: int
    user: str
    password: str
    db: str

    def env(self) -> dict[str, str]:
        return dict(zip(PG_ENV, (self.host, str(self.port), self.user, self.password, self.db)))


def pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    if shutil.which("initdb"):
        return Path(shutil.which("initdb")).parent
    missing("PostgreSQL server binaries not found: apt-get install postgresql")
    raise AssertionError  # unreachable


def as_server_user(cmd: list[str]) -> list[str]:
    """initdb and postgres refuse to run as root: use Debian's `postgres` account then."""
    if os.geteuid() != 0:
        return cmd
    if not shutil.which("runuser"):
        missing("running as root without `runuser` to switch to the postgres user")
    return ["runuser", "-u", "postgres", "--", *cmd]


def run(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd="/")  # postgres may not enter ours
    assert proc.returncode == 0, f"{what} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"


@pytest.fixture
def postgres() -> Iterator[PgServer]:
    """A fresh cluster on a free loopback port; stopped (`pg_ctl stop -m fast`) whatever happens."""
    with pg_server() as server:
        yield server


@contextmanager
def pg_server() -> Iterator[PgServer]:
    """The `postgres` fixture's server, for a script (bench/cluster_throughput.py) as well."""
    bindir = pg_bin()
    # Not under tmp_path: pytest's base folder is private to root, and the server runs as postgres.
    root = Path(tempfile.mkdtemp(prefix="jezero-pg-"))
    if os.geteuid() == 0:
        try:
            shutil.chown(root, "postgres", "postgres")
        except LookupError:
            missing("no `postgres` user: apt-get install postgresql")
    server = PgServer("127.0.0.1", free_port(), "jezero", secrets.token_urlsafe(16), "dagster_runs")
    pwfile = root / "pwfile"
    pwfile.write_text(server.password + "\n")
    if os.geteuid() == 0:
        shutil.chown(pwfile, "postgres", "postgres")
    data = root / "data"
    started = False
    try:
        run(
            as_server_user(
                [
                    str(bindir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    server.user,
                    "-E",
                    "UTF8",
                    "--auth=scram-sha-256",
                    f"--pwfile={pwfile}",
                    "--no-sync",
                    "--no-instructions",
                ]
            ),
            "initdb",
        )
        pwfile.unlink()
        options = (
            f"-p {server.port} -k {root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        run(
            as_server_user(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(root / "server.log"),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    "60",
                    "start",
                ]
            ),
            "pg_ctl start",
        )
        started = True
        import psycopg2

        con = psycopg2.connect(
            host=server.host, port=server.port, user=server.user, password=server.password, dbname="postgres"
        )
        con.autocommit = True
        with con.cursor() as cur:
            cur.execute(f"CREATE DATABASE {server.db}")
        con.close()
        yield server
    finally:
        if started:
            subprocess.run(
                as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                capture_output=True,
                timeout=60,
                cwd="/",
            )
        shutil.rmtree(root, ignore_errors=True)
