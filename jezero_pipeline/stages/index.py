"""The index stage: the only code that writes the library.

The library is refreshed from staging partition by partition: every summaries partition of a
configured connector (each good summary with its redacted original) and every imported
partition. Each partition comes with a version read from `stat` alone, so the library reads
only the partitions that changed since it last saw them, in bounded batches. The search_index
asset, the service after a run, the run's own refreshes while it summarises (engine.refresher),
redact-stored, retag and import-jsonl all call `refresh`, under the single-writer lock.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..models import Partition
from ..staging import published
from ..staging.tables import IMPORTS, REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace
from .inspect import Inspection, inspect_library

if TYPE_CHECKING:
    import pyarrow as pa

    from ..library.build import PartitionSource, RefreshReport

IMPORT_PREFIX = "import:"
BATCH_ROWS = 500  # items per record batch handed to the library


def versions(ws: Workspace) -> dict[str, str]:
    """Every partition the library is built from, with a version that changes whenever its staged
    files are rewritten (a `stat` per file): keys "<connector>|<day>" and "import:<source>|<day>"."""
    store = ws.store
    out: dict[str, str] = {}
    for name in (c.name for c in ws.cfg.connectors):
        for part in store.partitions(SUMMARIES, name):
            out[part.key] = f"{store.token(SUMMARIES, part)}/{store.token(REDACTED_SEGMENTS, part)}"
    for part in store.partitions(IMPORTS):
        out[IMPORT_PREFIX + part.key] = store.token(IMPORTS, part)
    return out


def library_sources(ws: Workspace, found: dict[str, str]) -> dict[str, PartitionSource]:
    """The library engine's view of staging: each partition's version and how to read its items."""
    from ..library.build import PartitionSource  # lazy: DuckDB and pyarrow load only to build

    sources = {}
    for key, version in found.items():
        if key.startswith(IMPORT_PREFIX):
            part = Partition.parse(key[len(IMPORT_PREFIX) :])
            sources[key] = PartitionSource(version, lambda part=part: import_batches(ws, part))
        else:
            part = Partition.parse(key)
            sources[key] = PartitionSource(version, lambda part=part: summary_batches(ws, part))
    return sources


def summary_batches(ws: Workspace, part: Partition) -> Iterator[pa.RecordBatch]:
    """The partition's good summaries as library items, with their redacted originals."""
    import pyarrow as pa  # lazy: only a library build needs it

    rows = _good(ws.store.read_arrow(SUMMARIES, part))
    if rows is None:
        return
    texts = ws.store.read_arrow(REDACTED_SEGMENTS, part, columns=["id", "text"])
    by_id = {} if texts is None else dict(zip(texts["id"].to_pylist(), texts["text"].to_pylist(), strict=True))
    yield from _item_batches(rows, pa.array([by_id.get(i, "") for i in rows["segment_id"].to_pylist()], pa.string()))


def import_batches(ws: Workspace, part: Partition) -> Iterator[pa.RecordBatch]:
    """The partition's imported items, as stored (redacted)."""
    import pyarrow.compute as pc  # lazy: as above

    rows = _good(ws.store.read_arrow(IMPORTS, part))
    if rows is not None:
        yield from _item_batches(rows, pc.fill_null(rows["original"], ""))


def _good(rows: pa.Table | None) -> pa.Table | None:
    import pyarrow.compute as pc  # lazy: as above

    return None if rows is None else rows.filter(pc.equal(rows["status"], "ok"))


def _item_batches(rows: pa.Table, original: pa.Array) -> Iterator[pa.RecordBatch]:
    """Staged rows as item batches of the library's ITEM_SCHEMA, each column mapped as the item
    declaration says (library/items.py), with `original` as the original text."""
    from ..library.items import ORIGINAL, from_staged  # lazy: as above

    yield from from_staged(rows, {ORIGINAL: original}).to_batches(max_chunksize=BATCH_ROWS)


@dataclass
class LibraryRefresh:
    """One refresh of the library: what the build did, and the inspection the checks report."""

    report: RefreshReport
    partitions: int  # partitions the library is built from
    inspection: Inspection | None = None
    published: str | None = None  # the version published on object storage, when it was

    def as_metadata(self) -> dict[str, Any]:
        out = {**self.report.as_metadata(), "partitions": self.partitions}
        if self.published is not None:
            out["published"] = self.published
        return out


def refresh(
    ws: Workspace, rebuild: bool = False, inspect: bool = False, wait: bool = True, memory_limit: str | None = None
) -> LibraryRefresh | None:
    """Bring the library up to date with staging, under the library lock; with `inspect`, also
    gather what the library checks report (under the same lock, so it is this library's).

    Without `wait` (a run's refreshes while it summarises) it returns None at once when another
    writer holds the lock. The build runs in this process: its DuckDB memory is bounded by its
    `memory_limit` (the build's default when None) and the size of a piece, not by the
    library's size (library/build.py).
    """
    with ws.library_lock(wait=wait) as held:
        if not held:
            return None
        if ws.store.remote:  # start from the newest published library, not this machine's copy
            published.fetch(ws.store, ws.library_path, ws.library_state_dir)
        from ..library.build import DEFAULT_MEMORY_LIMIT, refresh_library  # lazy: DuckDB and pyarrow load only to build

        found = versions(ws)
        limit = memory_limit or DEFAULT_MEMORY_LIMIT
        report = refresh_library(
            ws.library_path, ws.library_state_dir, library_sources(ws, found), rebuild=rebuild, memory_limit=limit
        )
        ws.store.write_doc("library", "built_from.json", obj=found)
        done = LibraryRefresh(report, len(found))
        if ws.store.remote and (report.mode != "unchanged" or published.published_version(ws.store) is None):
            done.published = published.publish(ws.store, ws.library_path, ws.library_state_dir)["version"]
        if inspect:
            done.inspection = inspect_library(ws)
        return done


def staged_bytes(ws: Workspace, keys: list[str]) -> int:
    """Bytes of the staged files behind these library partitions (a `stat` each)."""
    n = 0
    for key in keys:
        if key.startswith(IMPORT_PREFIX):
            n += ws.store.size(IMPORTS, Partition.parse(key[len(IMPORT_PREFIX) :]))
        else:
            part = Partition.parse(key)
            n += ws.store.size(SUMMARIES, part) + ws.store.size(REDACTED_SEGMENTS, part)
    return n


def is_current(ws: Workspace, found: dict[str, str] | None = None) -> bool:
    """The library file exists and was refreshed from exactly the staged partitions there are now
    (`found`: their `versions`, when the caller has them; else a `stat` per partition file;
    nothing is read, DuckDB is not loaded)."""
    if not ws.library_path.exists():
        return False
    return ws.store.read_doc("library", "built_from.json") == (versions(ws) if found is None else found)
