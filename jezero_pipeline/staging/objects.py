"""Staging on object storage: the folder store's layout under an `s3://bucket/prefix`.

Why s3fs (fsspec) rather than pyarrow's S3FileSystem: it exposes each object's ETag (the
partition token and the library readers' "has it changed" test need it), it writes a small
object with one `PutObject` of bytes we hand it (pyarrow's output streams may switch to a
multipart upload on their own), and it reads the endpoint, region and credentials from the
standard AWS environment (`AWS_ENDPOINT_URL`, `AWS_DEFAULT_REGION`, `AWS_ACCESS_KEY_ID`,
`AWS_SECRET_ACCESS_KEY`, or an instance role) so the config file names only the bucket.

Atomicity: every object is built in memory (or in a local temp file) and sent whole in one
PUT, so a reader sees the previous object or the new one, never part of one. Object storage
cannot append, so the summaries journal is one small object per paid answer under
`summaries/<connector>/<day>.journal/`, written before the answer is used: a worker killed
after paying has already stored the answer, and the retry finds it instead of paying again.
"""

from __future__ import annotations

import io
import json
import os
import time
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..models import Partition
from .locks import LocalLocks
from .store import Store, write_atomic
from .tables import Table

if TYPE_CHECKING:
    import pyarrow as pa

SINGLE_PUT_LIMIT = 5 * 2**30  # S3's largest single PUT; a staged partition is far below it


_FS: dict[int, Any] = {}  # pid -> its filesystem


def s3_filesystem() -> Any:
    """One s3fs filesystem per process, shared by its stores (a client costs ~0.5 s to make;
    its event loop does not survive a fork), without a listing cache: another worker's writes
    must be seen by the next listing."""
    import s3fs  # lazy: only object storage needs it (the `s3` extra)

    pid = os.getpid()
    if pid not in _FS:
        _FS.clear()
        _FS[pid] = s3fs.S3FileSystem(use_listings_cache=False, skip_instance_cache=True)
    return _FS[pid]


class ObjectStore(Store):
    """The Store API over `s3://bucket/prefix`. `local_dir` is this machine's side folder (its
    `flock` files): locks stay there, good for one machine, until the workspace gives the
    store PostgreSQL locks (several machines)."""

    remote = True

    def __init__(self, url: str, local_dir: Path):
        self.url = url.rstrip("/")
        self.base = self.url[len("s3://") :]
        self.root = Path(local_dir)
        self.lock_dir = self.root / "locks"
        self.locks = LocalLocks(self.lock_dir)

    @property
    def location(self) -> str:
        return self.url

    @property
    def fs(self) -> Any:
        return s3_filesystem()

    # keys ----------------------------------------------------------------------------------

    def key(self, *parts: str) -> str:
        return "/".join((self.base, *parts))

    def path(self, table: Table[Any], part: Partition) -> Path:  # type: ignore[override]
        raise TypeError("an object store has no local paths; use key()")

    def table_key(self, table: Table[Any], part: Partition) -> str:
        return self.key(table.name, part.connector, f"{part.day}{table.suffix}")

    def put(self, key: str, data: bytes) -> None:
        """The whole object in one PUT: readers see the old object or this one."""
        self.fs.pipe_file(key, data, chunksize=SINGLE_PUT_LIMIT)

    def get(self, key: str) -> bytes | None:
        try:
            return self.fs.cat_file(key)
        except FileNotFoundError:
            return None

    def etag(self, key: str) -> str | None:
        try:
            return str(self.fs.info(key).get("ETag", "")).strip('"') or None
        except FileNotFoundError:
            return None

    # the Store API -------------------------------------------------------------------------

    def exists(self, table: Table[Any], part: Partition) -> bool:
        return self.fs.exists(self.table_key(table, part))

    def partitions(self, table: Table[Any], connector: str | None = None) -> list[Partition]:
        base = self.key(table.name, *([connector] if connector else []))
        out = []
        try:
            found = self.fs.find(base)
        except FileNotFoundError:
            return []
        for key in found:
            rel = key[len(self.base) + 1 :].split("/")
            if len(rel) != 3 or not rel[2].endswith(table.suffix):
                continue  # journals and anything else below a table's folder
            day = rel[2][: -len(table.suffix)]
            if not rel[2].startswith(".") and len(day) == 10 and "." not in day:
                out.append(Partition(rel[1], day))
        return sorted(out)

    def token(self, table: Table[Any], part: Partition) -> str:
        return self.etag(self.table_key(table, part)) or "missing"

    def size(self, table: Table[Any], part: Partition) -> int:
        try:
            return int(self.fs.info(self.table_key(table, part)).get("size") or 0)
        except FileNotFoundError:
            return 0

    def write(
        self, table: Table[Any], part: Partition, rows: list[Any] | pa.Table, info: dict[str, Any] | None = None
    ) -> str:
        import pyarrow.parquet as pq  # lazy: as in Store.write

        arrow = table.to_arrow(rows) if isinstance(rows, list) else rows
        build = uuid.uuid4().hex
        footer = {"build": build, **(info or {})}
        arrow = arrow.replace_schema_metadata({f"jezero.{k}": str(v) for k, v in footer.items()})
        buf = io.BytesIO()
        pq.write_table(arrow, buf, compression="zstd")
        self.put(self.table_key(table, part), buf.getvalue())
        return build

    def read_arrow(self, table: Table[Any], part: Partition, columns: list[str] | None = None) -> pa.Table | None:
        import pyarrow.parquet as pq  # lazy: as in Store.write

        data = self.get(self.table_key(table, part))
        if data is None:
            return None
        with pq.ParquetFile(io.BytesIO(data)) as f:  # not read_table: see Store.read_arrow
            return f.read(columns=columns)

    def footer(self, table: Table[Any], part: Partition) -> dict[str, str]:
        import pyarrow as pa  # lazy: as in Store.write
        import pyarrow.parquet as pq

        try:
            with self.fs.open(self.table_key(table, part), "rb") as f:
                meta = pq.read_schema(f).metadata or {}
        except (FileNotFoundError, pa.ArrowInvalid, OSError):
            return {}
        return {k.decode()[7:]: v.decode() for k, v in meta.items() if k.startswith(b"jezero.")}

    def delete(self, table: Table[Any], part: Partition) -> bool:
        key = self.table_key(table, part)
        existed = self.fs.exists(key)
        if existed:
            self.fs.rm_file(key)
        return existed

    # the summaries journal: one object per paid answer --------------------------------------

    def journal_prefix(self, part: Partition) -> str:
        return self.key("summaries", part.connector, f"{part.day}.journal")

    def journal_path(self, part: Partition) -> Path:  # type: ignore[override]
        raise TypeError("an object store's journal is a prefix; use journal_prefix()")

    def append_journal(self, part: Partition, rows: Iterable[dict[str, Any]]) -> None:
        """Store the answers as one new object (unique name, one PUT) before returning."""
        body = "".join(json.dumps(row, default=str, ensure_ascii=False) + "\n" for row in rows)
        if body:
            name = f"{time.time_ns():020d}-{uuid.uuid4().hex[:12]}.jsonl"
            self.put(f"{self.journal_prefix(part)}/{name}", body.encode())

    def read_journal(self, part: Partition) -> Iterator[dict[str, Any]]:
        try:
            keys = sorted(self.fs.find(self.journal_prefix(part)))
        except FileNotFoundError:
            return
        for data in (self.fs.cat(keys) if keys else {}).values():
            for line in data.decode("utf-8").splitlines():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue

    def clear_journal(self, part: Partition) -> None:
        keys = self.fs.find(self.journal_prefix(part))
        if keys:
            self.fs.rm(keys)

    # small JSON documents ------------------------------------------------------------------

    def doc_path(self, *parts: str) -> Path:
        raise TypeError("an object store has no local paths; use read_doc/write_doc")

    def read_doc(self, *parts: str) -> Any:
        data = self.get(self.key(*parts))
        try:
            return None if data is None else json.loads(data)
        except ValueError:
            return None

    def write_doc(self, *parts: str, obj: Any) -> None:
        self.put(self.key(*parts), json.dumps(obj, indent=1, default=str).encode())

    def list_docs(self, *folder: str) -> list[str]:
        """The names of the documents in a folder, sorted."""
        try:
            return sorted(k.rsplit("/", 1)[-1] for k in self.fs.ls(self.key(*folder), detail=False))
        except FileNotFoundError:
            return []

    def delete_doc(self, *parts: str) -> None:
        try:
            self.fs.rm(self.key(*parts))
        except FileNotFoundError:
            pass

    # files (the published library) ---------------------------------------------------------

    def upload(self, local: Path, *parts: str) -> None:
        """A local file as one object (one PUT of its bytes)."""
        self.put(self.key(*parts), Path(local).read_bytes())

    def download(self, target: Path, *parts: str) -> bool:
        """The object into `target`, written aside and renamed in; False when it is missing."""
        data = self.get(self.key(*parts))
        if data is None:
            return False
        write_atomic(Path(target), lambda tmp: Path(tmp).write_bytes(data))
        return True
