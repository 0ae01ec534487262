"""Storing one upload: where it may go, how big it may get, and never half of it visible.

An upload names an agent and a path that must mirror that agent's own store
(its connector's `store`), and lands in `<inbox>/<device>/<agent>/<path>`. Its body (plain, gzip
or zstd) is decompressed into a hidden temporary file beside the target, counting bytes as
they come, so a decompression bomb stops at `max_mb` (413) without ever being held whole. A
whole file then replaces the old one with one rename; a grown JSONL transcript may instead
be appended (`X-Jezero-Append-Offset` = the size the device saw) in one write that ends at a
line end, keeping the file's inode so the host reads only the new bytes. A reader therefore
sees the old file or the new one, or a transcript whose last line is not there yet.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import tempfile
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import zstandard

from ..sessions.registry import inbox_agent, inbox_agents
from ..staging.store import fsync_dir

ENCODINGS = ("identity", "gzip", "zstd")
CHUNK = 64 * 1024
TEMP_SUFFIX = ".uploading"  # matches no reader's file pattern


class UploadError(Exception):
    """An upload refused: the HTTP status and a one-line reason."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Stored:
    size: int  # the file's size after the upload
    appended: int | None  # bytes appended, or None when the file was replaced whole


def target_path(inbox: Path, device: str, agent: str, relpath: str) -> Path:
    """Where an upload goes: 404 for an unknown agent, 400 for a path outside its store."""
    found = inbox_agent(agent)
    if found is None:
        raise UploadError(404, f"unknown agent {agent!r}; known: {', '.join(a.agent for a in inbox_agents())}")
    if not found.store.mirrors(relpath):
        raise UploadError(400, f"{relpath!r} is not a session file's place in the {agent} store")
    folder = inbox / device / agent
    target = folder / relpath
    if not target.resolve().is_relative_to(folder.resolve()):  # a symlinked folder pointing out
        raise UploadError(400, f"{relpath!r} leaves the {agent} store")
    return target


def file_digest(path: Path) -> tuple[int, str]:
    """(size, sha256) of a stored file, for a device resuming an upload."""
    h = hashlib.sha256()
    size = 0
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
            size += len(chunk)
    return size, h.hexdigest()


def usage(folder: Path) -> int:
    """Bytes a device's uploads take (its quota counts these)."""
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            try:
                total += os.stat(os.path.join(root, name)).st_size
            except OSError:
                continue
    return total


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock_for(path: Path) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(path), threading.Lock())


def store(
    spooled: Path,
    encoding: str,
    target: Path,
    device_dir: Path,
    *,
    max_bytes: int,
    quota: int | None,
    offset: int | None = None,
) -> Stored:
    """Decompress a received body into `target` (replace it, or append at `offset`)."""
    if encoding not in ENCODINGS:
        raise UploadError(415, f"Content-Encoding {encoding!r} is not one of {', '.join(ENCODINGS)}")
    if offset is not None and target.suffix != ".jsonl":
        raise UploadError(400, "only a .jsonl transcript can be appended to")
    with _lock_for(target):
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".", suffix=TEMP_SUFFIX, dir=target.parent)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "wb") as out:
                size = _decompress(spooled, encoding, out, max_bytes)
                out.flush()
                os.fsync(out.fileno())
            if target.name.endswith(".zst"):
                _check_zstd(tmp, max_bytes)
            current = target.stat().st_size if target.exists() else 0
            if quota is not None:
                # the temporary file is counted already; a replaced file stops counting
                after = usage(device_dir) - (0 if offset is not None else current)
                if after > quota:
                    raise UploadError(507, f"the device's quota of {quota // (1024 * 1024)} MiB would be exceeded")
            if offset is None:
                os.replace(tmp, target)
                fsync_dir(target.parent)
                return Stored(size, None)
            return _append(tmp, target, offset, current, size)
        finally:
            tmp.unlink(missing_ok=True)


def _append(tmp: Path, target: Path, offset: int, current: int, size: int) -> Stored:
    if not target.exists() or current != offset:
        raise UploadError(409, f"the stored file holds {current} bytes, not {offset}: ask its size again")
    if size == 0:
        return Stored(current, 0)
    with tmp.open("rb") as src:
        data = src.read()
    if not data.endswith(b"\n"):
        raise UploadError(400, "an append must end at a line end (a half-written line waits for the next push)")
    with target.open("ab") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    return Stored(current + size, size)


def _decompress(spooled: Path, encoding: str, out: BinaryIO, max_bytes: int) -> int:
    """Copy the body into `out`, decompressed, counting as it goes: 413 past `max_bytes`."""
    total = 0
    with spooled.open("rb") as raw:
        if encoding == "identity":
            if spooled.stat().st_size > max_bytes:
                raise UploadError(413, f"body over the upload cap of {max_bytes} bytes")
            shutil.copyfileobj(raw, out, CHUNK)
            return spooled.stat().st_size
        try:
            if encoding == "gzip":
                reader: BinaryIO = gzip.GzipFile(fileobj=raw, mode="rb")
            else:
                reader = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
            with reader:
                while chunk := reader.read(CHUNK):
                    total += len(chunk)
                    if total > max_bytes:
                        raise UploadError(413, f"body decompresses past the upload cap of {max_bytes} bytes")
                    out.write(chunk)
        except (OSError, EOFError, zlib.error, zstandard.ZstdError) as err:
            raise UploadError(400, f"body is not valid {encoding} ({err})") from None
    return total


def _check_zstd(path: Path, max_bytes: int) -> None:
    """A `.jsonl.zst` archive is stored compressed, once its decompressed size is known to fit."""
    total = 0
    try:
        with path.open("rb") as raw, zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True) as r:
            while chunk := r.read(CHUNK):
                total += len(chunk)
                if total > max_bytes:
                    raise UploadError(413, f"archive decompresses past the upload cap of {max_bytes} bytes")
    except zstandard.ZstdError as err:
        raise UploadError(400, f"not a readable zstd archive ({err})") from None
