"""`push`: send this machine's new and grown session files to another machine's inbox.

The stores are those of this machine's config (each enabled connector of an agent type, its
folders with defaults and globs applied). A file whose size and mtime match the last push is
left alone. A transcript that grew is asked about first (HEAD: the stored size and SHA-256):
when the stored copy is still the start of the local file, only the rest is sent, up to its
last complete line, and appended; otherwise, and for every other file, the whole file is
sent zstd-compressed and replaces the stored one. A SQLite store (any file with SQLite's
header) is sent as a consistent snapshot (SQLite's backup API), never as a file caught mid-write. An interrupted push loses
nothing: the next one asks again and resumes. Bytes go out at `max_kib_per_second` at most.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import zstandard

from ..config import Config
from ..sessions.registry import InboxAgent, agent_of_type, make_connector
from ..staging.store import read_json, write_json_atomic

CHUNK = 64 * 1024


class PushError(Exception):
    """The inbox refused or could not be reached; the message names the file and the reason."""


@dataclass
class PushReport:
    files: int = 0  # session files found in the local stores
    unchanged: int = 0  # same size and mtime as when last pushed
    replaced: int = 0  # sent whole
    appended: int = 0  # grown transcripts: only the new bytes sent
    bytes_sent: int = 0  # on the wire (compressed)
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class LocalFile:
    agent: InboxAgent
    path: Path  # on this machine
    relpath: str  # in the agent's store, as the inbox wants it


def local_files(cfg: Config, names: list[str] | None = None) -> list[LocalFile]:
    """Every session file of the enabled agent connectors (or the named ones) of this config."""
    out: dict[tuple[str, str], LocalFile] = {}
    for ccfg in [cfg.connector(n) for n in names] if names else cfg.enabled_connectors:
        agent = agent_of_type(ccfg.type)
        if agent is None:
            continue
        database = agent.store.database
        for root in make_connector(ccfg, cfg.projects, cfg.base_dir).store_roots():
            if database:
                if root.is_file():
                    out[(agent.agent, database)] = LocalFile(agent, root, database)
                continue
            for path in sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else []:
                rel = path.relative_to(root).as_posix()
                if agent.store.mirrors(rel):
                    out[(agent.agent, rel)] = LocalFile(agent, path, rel)
    return [out[k] for k in sorted(out)]


class Pusher:
    def __init__(
        self,
        url: str,
        device: str,
        token: str,
        state_path: Path,
        *,
        max_kib_per_second: float = 1024,
        timeout: float = 60,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.url = url.rstrip("/")
        self.device = device
        self.token = token
        self.state_path = state_path
        self.rate = max_kib_per_second * 1024 if max_kib_per_second > 0 else None
        self.timeout = timeout
        self.sleep = sleep
        self.clock = clock
        self.state: dict[str, dict[str, float]] = {}
        loaded = read_json(state_path)
        if isinstance(loaded, dict):
            self.state = {k: v for k, v in loaded.items() if isinstance(v, dict)}
        self._window = (clock(), 0)  # (start, bytes since) for the rate limit

    def push(self, files: list[LocalFile], report: PushReport | None = None) -> PushReport:
        report = report or PushReport()
        for f in files:
            report.files += 1
            key = f"{f.agent.agent}/{f.relpath}"
            try:
                stamp = _stamp(f)
                if self.state.get(key) == stamp:
                    report.unchanged += 1
                    continue
                self._push_one(f, report)
                self.state[key] = stamp
                write_json_atomic(self.state_path, self.state)  # resumable after any file
            except (OSError, PushError, sqlite3.Error) as err:
                report.errors.append(f"{f.path}: {err}")
        return report

    def _push_one(self, f: LocalFile, report: PushReport) -> None:
        if f.agent.store.database or f.path.suffix == ".db" or _is_sqlite(f.path):
            with snapshot(f.path) as snap:
                self._put(f, snap.read_bytes(), report)
            return
        data = f.path.read_bytes()
        if f.path.suffix == ".jsonl":
            remote = self._head(f)
            if remote is not None:
                size, digest = remote
                if 0 < size <= len(data) and hashlib.sha256(data[:size]).hexdigest() == digest:
                    end = data.rfind(b"\n") + 1
                    if end > size:
                        self._put(f, data[size:end], report, offset=size)
                    return
            end = data.rfind(b"\n") + 1  # a half-written last line is sent by a later push
            data = data[:end] if end else data
        self._put(f, data, report)

    def _target(self, f: LocalFile) -> str:
        return f"{self.url}/inbox/v1/{quote(f.agent.agent)}/{quote(f.relpath)}"

    def _headers(self) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self.token}",
            "X-Jezero-Device": self.device,
            "User-Agent": "jezero-pipeline",
        }

    def _head(self, f: LocalFile) -> tuple[int, str] | None:
        request = urllib.request.Request(self._target(f), headers=self._headers(), method="HEAD")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as resp:
                return int(resp.headers.get("X-Jezero-Size", "-1")), str(resp.headers.get("X-Jezero-Sha256", ""))
        except urllib.error.HTTPError as err:
            if err.code == 404:
                return None
            raise PushError(f"HEAD {self._target(f)}: HTTP {err.code} {_reason(err)}") from None
        except (urllib.error.URLError, TimeoutError) as err:
            raise PushError(f"HEAD {self._target(f)}: {getattr(err, 'reason', err)}") from None

    def _put(self, f: LocalFile, data: bytes, report: PushReport, offset: int | None = None) -> None:
        archive = f.relpath.endswith(".zst")
        body = data if archive else zstandard.ZstdCompressor(level=6).compress(data)
        headers = {**self._headers(), "Content-Encoding": "identity" if archive else "zstd",
                   "Content-Length": str(len(body)), "Content-Type": "application/octet-stream"}  # fmt: skip
        if offset is not None:
            headers["X-Jezero-Append-Offset"] = str(offset)
        request = urllib.request.Request(self._target(f), data=self._paced(body), headers=headers, method="PUT")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as resp:
                resp.read()
        except urllib.error.HTTPError as err:
            raise PushError(f"PUT {self._target(f)}: HTTP {err.code} {_reason(err)}") from None
        except (urllib.error.URLError, TimeoutError) as err:
            raise PushError(f"PUT {self._target(f)}: {getattr(err, 'reason', err)}") from None
        report.bytes_sent += len(body)
        if offset is None:
            report.replaced += 1
        else:
            report.appended += 1

    def _paced(self, body: bytes) -> Iterator[bytes]:
        """The body in chunks, no faster than the rate limit (over the whole push)."""
        for i in range(0, len(body), CHUNK):
            chunk = body[i : i + CHUNK]
            if self.rate:
                start, sent = self._window
                sent += len(chunk)
                ahead = sent / self.rate - (self.clock() - start)
                if ahead > 0:
                    self.sleep(ahead)
                self._window = (start, sent)
            yield chunk


def _is_sqlite(path: Path) -> bool:
    """A SQLite database whatever its name (Cursor's and VS Code's `state.vscdb`), by its header."""
    try:
        with path.open("rb") as f:
            return f.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _stamp(f: LocalFile) -> dict[str, float]:
    """What says a file changed: its size and mtime (a database's with its -wal)."""
    st = f.path.stat()
    stamp = {"size": float(st.st_size), "mtime": st.st_mtime}
    wal = Path(f"{f.path}-wal")
    if wal.exists():
        wst = wal.stat()
        stamp.update(wal_size=float(wst.st_size), wal_mtime=wst.st_mtime)
    return stamp


@contextmanager
def snapshot(db: Path) -> Iterator[Path]:
    """A consistent copy of a live SQLite database (its backup API), deleted afterwards."""
    fd, name = tempfile.mkstemp(suffix=".db")
    os.close(fd)
    copy = Path(name)
    try:
        src = sqlite3.connect(f"file:{urllib.parse.quote(str(db))}?mode=ro", uri=True, timeout=10)
        try:
            dst = sqlite3.connect(copy)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        yield copy
    finally:
        copy.unlink(missing_ok=True)


def _reason(err: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(err.read().decode("utf-8")).get("error") or err.reason)
    except (ValueError, AttributeError, OSError):
        return str(err.reason)
