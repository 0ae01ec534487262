"""Locks across machines: PostgreSQL session advisory locks, for staging on object storage.

Why advisory locks: the Dagster instance's PostgreSQL is already shared by every worker, and a
session lock is dropped by the server when the connection that took it closes, so a worker
killed with SIGKILL (or a lost machine, once TCP keepalives notice) never leaves a stale lock,
exactly as `flock` behaves on one machine. Each owner (a run, a command) holds its locks on a
connection of its own whose `application_name` is the owner, so a second writer learns who
holds a partition from `pg_stat_activity`. Lock keys are 64-bit hashes of the staging
location and the lock's name, so two deployments sharing one server do not collide.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..models import Partition
from .locks import AlreadyRunning, PartitionLocking

_KEEPALIVE = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10, "keepalives_count": 3}
# The same probes from the server's side (settings any user may set for its own connection): a
# worker whose machine vanished is noticed in about a minute, and its locks dropped, instead of
# after the server's default (the kernel's: two hours), so its step can run again elsewhere.
_SERVER_KEEPALIVE = "-c tcp_keepalives_idle=30 -c tcp_keepalives_interval=10 -c tcp_keepalives_count=3"


def libpq_dsn(url: str) -> str:
    """A SQLAlchemy URL (`postgresql+psycopg2://...`, as Dagster's storage gives it) as a libpq URI."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}" if sep else url


def connect(dsn: str, application_name: str) -> Any:
    import psycopg2  # lazy: only a deployment with a PostgreSQL instance needs the driver

    con = psycopg2.connect(libpq_dsn(dsn), application_name=application_name[:63], connect_timeout=10,
                           options=_SERVER_KEEPALIVE, **_KEEPALIVE)  # fmt: skip
    con.autocommit = True
    return con


def lock_key(namespace: str, name: str) -> int:
    """A signed 64-bit advisory-lock key for `name` within one staging location."""
    digest = hashlib.blake2b(f"{namespace}\0{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def holder(con: Any, key: int) -> str:
    """Who holds advisory lock `key` (its connection's application_name), for the error message."""
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    with con.cursor() as cur:
        cur.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s AND l.objid = %s AND l.objsubid = 1",
            (unsigned >> 32, unsigned & 0xFFFFFFFF),
        )
        row = cur.fetchone()
    return (row[0] if row else "") or "another process"


class _HeldBySameOwner(AlreadyRunning):
    """The partition is held by a connection named as this owner: the same run, elsewhere."""

    def __init__(self, message: str, key: int):
        super().__init__(message)
        self.key = key


class PgPartitionLocks(PartitionLocking):
    """PartitionLocks (locks.py) over advisory locks: same all-or-nothing `hold`, same messages."""

    def __init__(self, dsn: str, namespace: str):
        self.dsn, self.namespace = dsn, namespace
        self._cons: dict[str, Any] = {}  # owner -> its connection (its locks live and die with it)
        self._held: dict[Partition, str] = {}  # partition -> owner, this process
        self._mutex = threading.Lock()

    def _key(self, part: Partition) -> int:
        return lock_key(self.namespace, f"partition:{part.key}")

    def hold(self, owner: str, parts: Iterable[Partition]) -> None:
        """All of `parts` for `owner`, or AlreadyRunning naming the holder. When the holder is
        `owner` itself in another process (a broker handing a run's step out a second time while
        the first is still running), wait for that one to end instead: its locks go when it
        finishes or dies, and then this one finds its work done, or does the rest."""
        wanted = sorted(set(parts))
        while True:
            try:
                return self._hold(owner, wanted)
            except _HeldBySameOwner as err:
                waiter = connect(self.dsn, owner)
                try:
                    with waiter.cursor() as cur:
                        cur.execute("SELECT pg_advisory_lock(%s)", (err.key,))  # until the other one ends
                        cur.execute("SELECT pg_advisory_unlock(%s)", (err.key,))
                finally:
                    waiter.close()

    def _hold(self, owner: str, wanted: list[Partition]) -> None:
        with self._mutex:
            con = self._cons.get(owner) or connect(self.dsn, owner)
            self._cons[owner] = con
            gates = [lock_key(self.namespace, f"gate:{c}") for c in sorted({p.connector for p in wanted})]
            taken: list[Partition] = []
            try:
                with con.cursor() as cur:
                    for gate in gates:  # one order everywhere: no deadlock
                        cur.execute("SELECT pg_advisory_lock(%s)", (gate,))
                    try:
                        for part in wanted:
                            who = self._held.get(part)
                            if who is not None:
                                if who != owner:
                                    raise AlreadyRunning(f"partition {part.key} is already running: {who}")
                                continue
                            cur.execute("SELECT pg_try_advisory_lock(%s)", (self._key(part),))
                            if not cur.fetchone()[0]:
                                who = holder(con, self._key(part))
                                message = f"partition {part.key} is already running: {who}"
                                if who == owner[:63]:
                                    raise _HeldBySameOwner(message, self._key(part))
                                raise AlreadyRunning(message)
                            self._held[part] = owner
                            taken.append(part)
                    finally:
                        for gate in reversed(gates):
                            cur.execute("SELECT pg_advisory_unlock(%s)", (gate,))
            except BaseException:
                with con.cursor() as cur:
                    for part in taken:
                        cur.execute("SELECT pg_advisory_unlock(%s)", (self._key(part),))
                        self._held.pop(part, None)
                if owner not in self._held.values():
                    self._cons.pop(owner).close()
                raise

    def release(self, owner: str) -> None:
        with self._mutex:
            for part, who in list(self._held.items()):
                if who == owner:
                    del self._held[part]
            con = self._cons.pop(owner, None)
            if con is not None:
                con.close()  # the server drops every lock the connection held

    def held_by(self, owner: str) -> list[Partition]:
        return sorted(p for p, who in self._held.items() if who == owner)


_REGISTRY: dict[tuple[str, str], PgPartitionLocks] = {}
_REGISTRY_MUTEX = threading.Lock()


class PgLocks:
    """The LockBackend (locks.py) of a store shared by several machines."""

    def __init__(self, dsn: str, namespace: str):
        self.dsn, self.namespace = dsn, namespace

    @property
    def partitions(self) -> PgPartitionLocks:
        """One per process and store, as with `flock` (every step of the process shares it)."""
        with _REGISTRY_MUTEX:
            key = (self.dsn, self.namespace)
            if key not in _REGISTRY:
                _REGISTRY[key] = PgPartitionLocks(self.dsn, self.namespace)
            return _REGISTRY[key]

    @contextmanager
    def named(self, name: str, wait: bool = True) -> Iterator[bool]:
        """Hold lock `name` on a connection of its own; without `wait`, yield False if taken."""
        con = connect(self.dsn, f"jezero {name}")
        try:
            with con.cursor() as cur:
                key = lock_key(self.namespace, f"named:{name}")
                if wait:
                    cur.execute("SELECT pg_advisory_lock(%s)", (key,))
                    yield True
                    return
                cur.execute("SELECT pg_try_advisory_lock(%s)", (key,))
                yield bool(cur.fetchone()[0])
        finally:
            con.close()
