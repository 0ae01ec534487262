"""Per-partition Parquet files, written atomically, plus the summaries journal.

Every file is written to a temporary name, fsynced and renamed, so a crash leaves the old
file or the new one, never half of one. The journal is an append-only JSONL of finished
summaries, fsynced per line, so a run killed mid-way loses no paid-for answer.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

ASSETS = ("raw_sessions", "segments", "redacted_segments", "summaries")


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, write: Any) -> None:
    """Call write(tmp_path), fsync it, rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Staging:
    """Where each asset keeps one file per partition."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def path(self, asset: str, partition: str, suffix: str = ".parquet") -> Path:
        return self.root / asset / f"{partition}{suffix}"

    def write_rows(
        self,
        asset: str,
        partition: str,
        rows: list[dict[str, Any]],
        schema: pa.Schema,
        suffix: str = ".parquet",
        info: dict[str, str] | None = None,
    ) -> Path:
        """Write a partition file; `info` (what it was built from, counts) goes in its footer."""
        table = pa.Table.from_pylist(rows, schema=schema)
        info = {"build": uuid.uuid4().hex, **(info or {})}  # a new id per write, for `signature`
        table = table.replace_schema_metadata({f"jezero.{k}": str(v) for k, v in info.items()})
        target = self.path(asset, partition, suffix)
        write_atomic(target, lambda tmp: pq.write_table(table, tmp, compression="zstd"))
        return target

    def read_rows(self, asset: str, partition: str, suffix: str = ".parquet") -> list[dict[str, Any]]:
        p = self.path(asset, partition, suffix)
        if not p.exists():
            return []
        return pq.read_table(p).to_pylist()

    def info(self, asset: str, partition: str) -> dict[str, str]:
        """The `info` a partition file was written with, read from its footer only."""
        p = self.path(asset, partition)
        try:
            meta = pq.read_schema(p).metadata or {}
        except (FileNotFoundError, pa.ArrowInvalid):
            return {}
        return {k.decode()[7:]: v.decode() for k, v in meta.items() if k.startswith(b"jezero.")}

    def signature(self, asset: str, partition: str) -> str:
        """The id of a partition file's last write: a downstream stage built from the same id
        is current. (An id, not size and mtime, which two quick writes can share.)"""
        return self.info(asset, partition).get("build", "missing")

    def library_inputs(self, partitions: list[str]) -> dict[str, str]:
        """Build ids of every file the library is built from: it is current while they hold."""
        files = [("summaries", p) for p in partitions] + [("imports", p) for p in self.partitions("imports")]
        return {f"{a}/{p}": self.signature(a, p) for a, p in files}

    def exists(self, asset: str, partition: str) -> bool:
        return self.path(asset, partition).exists()

    def partitions(self, asset: str) -> list[str]:
        folder = self.root / asset
        if not folder.is_dir():
            return []
        return sorted(p.name[: -len(".parquet")] for p in folder.glob("*.parquet") if not p.name.startswith("."))

    # the summaries journal ---------------------------------------------------------------

    def journal_path(self, partition: str) -> Path:
        return self.path("summaries", partition, ".journal.jsonl")

    def append_journal(self, partition: str, rows: Iterable[dict[str, Any]]) -> None:
        p = self.journal_path(partition)
        p.parent.mkdir(parents=True, exist_ok=True)
        with open(p, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, default=str, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def read_journal(self, partition: str) -> Iterator[dict[str, Any]]:
        p = self.journal_path(partition)
        if not p.exists():
            return
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.endswith("\n"):
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut by a crash: that answer is simply asked again

    def journal_partitions(self) -> list[str]:
        folder = self.root / "summaries"
        if not folder.is_dir():
            return []
        return sorted(p.name[: -len(".journal.jsonl")] for p in folder.glob("*.journal.jsonl"))

    def clear_journal(self, partition: str) -> None:
        self.journal_path(partition).unlink(missing_ok=True)
