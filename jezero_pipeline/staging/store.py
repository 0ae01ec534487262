"""The staging folder: one Parquet file per (table, connector, day), written atomically.

Every file is written to a temporary name, fsynced and renamed, so a crash leaves the old
file or the new one, never half of one. Each file's footer records what it was built from;
a stage whose inputs are the ones in its footer is current and skips the partition without
reading it. The summaries journal is an append-only JSONL of paid answers, fsynced per
line, so a run killed mid-way loses no answer it paid for. `location.open_store` gives this
folder store or, for an `s3://bucket/prefix`, the object store of `objects.py` with the same
methods.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..models import Partition
from .locks import LocalLocks, LockBackend
from .tables import Table

if TYPE_CHECKING:
    import pyarrow as pa

R = TypeVar("R")


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, write: Callable[[str], Any]) -> None:
    """Call write(tmp_path), fsync it, rename it over `path`: readers see old or new, never half."""
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


def write_json_atomic(path: Path, obj: Any) -> None:
    write_atomic(path, lambda tmp: Path(tmp).write_text(json.dumps(obj, indent=1, default=str)))


def stat_token(path: Path) -> str:
    """A cheap identity of a file from `stat` alone: a file written aside and renamed in (every
    write here) gets a new one; "missing" when there is none."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return "missing"
    return f"{st.st_ino}:{st.st_size}:{st.st_mtime_ns}"


def read_json(path: Path) -> Any:
    """The JSON document at `path`, or None when it is missing or unreadable."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None


class Store:
    """Where each staged table keeps one file per partition, plus journals, state and locks."""

    remote = False  # an object store: no local paths, locks must not be flock

    def __init__(self, root: Path):
        self.root = Path(root)
        self.lock_dir = self.root / "locks"
        self.locks: LockBackend = LocalLocks(self.lock_dir)

    @property
    def location(self) -> str:
        """Where it lives, as the config names it (a folder, or an s3:// URL)."""
        return str(self.root)

    # paths -------------------------------------------------------------------------------

    def path(self, table: Table[Any], part: Partition) -> Path:
        return self.root / table.name / part.connector / f"{part.day}{table.suffix}"

    def exists(self, table: Table[Any], part: Partition) -> bool:
        return self.path(table, part).exists()

    def partitions(self, table: Table[Any], connector: str | None = None) -> list[Partition]:
        """Every partition that has a file of this table, sorted (stat only)."""
        base = self.root / table.name
        folders = [base / connector] if connector else sorted(p for p in base.glob("*") if p.is_dir())
        out = []
        for folder in folders:
            for f in folder.glob(f"*{table.suffix}"):
                day = f.name[: -len(table.suffix)]
                if not f.name.startswith(".") and len(day) == 10 and "." not in day:
                    out.append(Partition(folder.name, day))
        return sorted(out)

    def token(self, table: Table[Any], part: Partition) -> str:
        """A cheap identity of a partition file from `stat` alone (changes on every write)."""
        return stat_token(self.path(table, part))

    def size(self, table: Table[Any], part: Partition) -> int:
        """Bytes of the partition file (0 when missing), from `stat` alone."""
        try:
            return self.path(table, part).stat().st_size
        except FileNotFoundError:
            return 0

    # Parquet -----------------------------------------------------------------------------

    def write(
        self, table: Table[R], part: Partition, rows: list[R] | pa.Table, info: dict[str, Any] | None = None
    ) -> str:
        """Write a partition file atomically; `info` (inputs, counts) goes in its footer.

        Returns the file's build id: a new one per write, so a downstream stage built from it
        can tell "the same file" from "rewritten", even within one second.
        """
        import pyarrow.parquet as pq  # lazy: a run with nothing to do never loads pyarrow

        arrow = table.to_arrow(rows) if isinstance(rows, list) else rows
        build = uuid.uuid4().hex
        footer = {"build": build, **(info or {})}
        arrow = arrow.replace_schema_metadata({f"jezero.{k}": str(v) for k, v in footer.items()})
        write_atomic(self.path(table, part), lambda tmp: pq.write_table(arrow, tmp, compression="zstd"))
        return build

    def read_arrow(self, table: Table[Any], part: Partition, columns: list[str] | None = None) -> pa.Table | None:
        import pyarrow.parquet as pq  # lazy: see write

        p = self.path(table, part)
        if not p.exists():
            return None
        # ParquetFile, not read_table: read_table goes through pyarrow.dataset, which loads pandas
        # (+50 MB in every process that reads staging, 0.4 s of imports) for one local file.
        with pq.ParquetFile(p) as f:
            return f.read(columns=columns)

    def read(self, table: Table[R], part: Partition, columns: list[str] | None = None) -> list[R]:
        arrow = self.read_arrow(table, part, columns)
        return [] if arrow is None else table.to_rows(arrow)

    def footer(self, table: Table[Any], part: Partition) -> dict[str, str]:
        """The `info` a partition file was written with, read from its footer only."""
        import pyarrow as pa  # lazy: see write
        import pyarrow.parquet as pq

        try:
            meta = pq.read_schema(self.path(table, part)).metadata or {}
        except (FileNotFoundError, pa.ArrowInvalid, OSError):
            return {}
        return {k.decode()[7:]: v.decode() for k, v in meta.items() if k.startswith(b"jezero.")}

    def build_id(self, table: Table[Any], part: Partition) -> str:
        return self.footer(table, part).get("build", "missing")

    def current(self, table: Table[Any], part: Partition, inputs: str) -> dict[str, str] | None:
        """The footer when this file was built from exactly `inputs`, else None (rebuild it)."""
        footer = self.footer(table, part)
        return footer if footer.get("inputs") == inputs else None

    def delete(self, table: Table[Any], part: Partition) -> bool:
        p = self.path(table, part)
        existed = p.exists()
        p.unlink(missing_ok=True)
        return existed

    # the summaries journal -----------------------------------------------------------------

    def journal_path(self, part: Partition) -> Path:
        return self.root / "summaries" / part.connector / f"{part.day}.journal.jsonl"

    def append_journal(self, part: Partition, rows: Iterable[dict[str, Any]]) -> None:
        """Append paid answers and fsync before returning: a crash after this loses none."""
        p = self.journal_path(part)
        p.parent.mkdir(parents=True, exist_ok=True)
        with open(p, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, default=str, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def read_journal(self, part: Partition) -> Iterator[dict[str, Any]]:
        p = self.journal_path(part)
        if not p.exists():
            return
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.endswith("\n"):
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut by a crash: that answer is simply asked again

    def clear_journal(self, part: Partition) -> None:
        self.journal_path(part).unlink(missing_ok=True)

    # small JSON documents (inventory, connector state) -------------------------------------

    def doc_path(self, *parts: str) -> Path:
        return self.root.joinpath(*parts)

    def read_doc(self, *parts: str) -> Any:
        """The JSON document at `parts`, or None when it is missing or unreadable."""
        return read_json(self.doc_path(*parts))

    def write_doc(self, *parts: str, obj: Any) -> None:
        write_json_atomic(self.doc_path(*parts), obj)

    def list_docs(self, *folder: str) -> list[str]:
        """The names of the documents in a folder, sorted (temporary files left out)."""
        base = self.doc_path(*folder)
        return (
            sorted(p.name for p in base.glob("*") if p.is_file() and not p.name.startswith("."))
            if base.is_dir()
            else []
        )

    def delete_doc(self, *parts: str) -> None:
        self.doc_path(*parts).unlink(missing_ok=True)

    def lock(self, name: str, wait: bool = True) -> AbstractContextManager[bool]:
        """A named lock among every process sharing this store (see locks.py)."""
        return self.locks.named(name, wait=wait)
