"""Locks: one CLI run at a time, one writer per (connector, day), one library builder.

They are `flock` locks, which the kernel drops with the process that held them: a run
killed with SIGKILL never leaves a stale lock behind. A partition lock is held for a whole
run (its steps run in one process) and is taken by every command that rewrites staged rows
(redact-stored, retag, connector reset, imports), so two writers never interleave.

`flock` is per machine: a store on object storage shared by several machines takes the same
locks from PostgreSQL instead (pglocks.py); both are a LockBackend.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Protocol

from ..models import Partition


class AlreadyRunning(RuntimeError):
    """Another run or command holds a partition this one needs; the message names the holder."""


class PartitionLocking(Protocol):
    """Partition locks of one backend; `holding` is written once here for both backends."""

    def hold(self, owner: str, parts: Iterable[Partition]) -> None: ...
    def release(self, owner: str) -> None: ...
    def held_by(self, owner: str) -> list[Partition]: ...

    @contextmanager
    def holding(self, owner: str, parts: Iterable[Partition]) -> Iterator[None]:
        """For commands: hold the partitions for the duration of a `with` block."""
        self.hold(owner, parts)
        try:
            yield
        finally:
            self.release(owner)


class LockBackend(Protocol):
    """Where a store's locks live: `flock` files (one machine) or PostgreSQL (several)."""

    @property
    def partitions(self) -> PartitionLocking: ...

    def named(self, name: str, wait: bool = True) -> AbstractContextManager[bool]: ...


class LocalLocks:
    """`flock` files in one folder: the locks of a store on a local (or NFS v4) filesystem."""

    def __init__(self, root: Path):
        self.root = Path(root)

    @property
    def partitions(self) -> PartitionLocks:
        return partition_locks(self.root)

    def named(self, name: str, wait: bool = True) -> AbstractContextManager[bool]:
        return file_lock(self.root / f"{name}.lock", wait=wait)


@contextmanager
def file_lock(path: Path, wait: bool = False) -> Iterator[bool]:
    """Hold an exclusive lock on `path`; without `wait`, yield False at once if it is taken."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


class PartitionLocks(PartitionLocking):
    """(connector, day) locks, held by this process on behalf of an owner until released.

    `owner` names the holder in the lock file ("run 1f2e…", "redact-stored (pid 4242)"), so a
    second writer fails at once with "already running: <owner>". Taking several partitions is
    all-or-nothing under a per-connector gate, so two overlapping runs can never each hold half
    and both fail: the one that got there first keeps running.
    """

    def __init__(self, root: Path):
        self.root = Path(root)
        self._held: dict[Path, tuple[int, str]] = {}  # lock file -> (fd, owner), this process
        self._mutex = threading.Lock()

    def path(self, part: Partition) -> Path:
        return self.root / part.connector / f"{part.day}.lock"

    def hold(self, owner: str, parts: Iterable[Partition]) -> None:
        """Take every partition for `owner` (already held by it: kept), or raise AlreadyRunning."""
        wanted = sorted(set(parts))
        with self._mutex, self._gates({p.connector for p in wanted}):
            taken: list[Path] = []
            try:
                for part in wanted:
                    path = self.path(part)
                    held = self._held.get(path)
                    if held is not None:
                        if held[1] != owner:
                            raise AlreadyRunning(f"partition {part.key} is already running: {held[1]}")
                        continue
                    fd = self._try(path)
                    if fd is None:
                        raise AlreadyRunning(f"partition {part.key} is already running: {_holder(path)}")
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, f"{owner}\n".encode(), 0)
                    self._held[path] = (fd, owner)
                    taken.append(path)
            except BaseException:
                for path in taken:
                    self._drop(path)
                raise

    def release(self, owner: str) -> None:
        with self._mutex:
            for path, (_, who) in list(self._held.items()):
                if who == owner:
                    self._drop(path)

    def held_by(self, owner: str) -> list[Partition]:
        return sorted(Partition(p.parent.name, p.stem) for p, (_, who) in self._held.items() if who == owner)

    def _drop(self, path: Path) -> None:
        fd, _ = self._held.pop(path)
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)

    @staticmethod
    def _try(path: Path) -> int | None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        return fd

    @contextmanager
    def _gates(self, connectors: set[str]) -> Iterator[None]:
        fds = []
        try:
            for name in sorted(connectors):  # one order everywhere: no deadlock
                path = self.root / f"{name}.gate"
                path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
                fds.append(fd)
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            for fd in fds:
                os.close(fd)


def _holder(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip() or "another process"
    except OSError:
        return "another process"


_REGISTRY: dict[Path, PartitionLocks] = {}
_REGISTRY_MUTEX = threading.Lock()


def partition_locks(root: Path) -> PartitionLocks:
    """The one PartitionLocks of this process for a staging folder (every step shares it)."""
    root = Path(root).resolve()
    with _REGISTRY_MUTEX:
        if root not in _REGISTRY:
            _REGISTRY[root] = PartitionLocks(root)
        return _REGISTRY[root]
