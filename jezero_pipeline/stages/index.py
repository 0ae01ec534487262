"""The index stage: the only code that writes the library.

The library is refreshed from staging partition by partition: every summaries partition of a
configured connector (each good summary with its redacted original) and every imported
partition. Each partition comes with a version read from `stat` alone, so the library reads
only the partitions that changed since it last saw them, in bounded batches. The search_index
asset, redact-stored, retag and import-jsonl all call `refresh`, under the single-writer lock.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..models import Partition
from ..staging import published
from ..staging.tables import IMPORTS, REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace

if TYPE_CHECKING:
    import pyarrow as pa

    from ..library.build import PartitionSource, RefreshReport
    from .build_apart import Apart

IMPORT_PREFIX = "import:"
BATCH_ROWS = 500  # items per record batch handed to the library
# A refresh reading more staged bytes than this (or, for the checks, a library file bigger) runs
# in a child process.
APART_BYTES = 8 << 20


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


def refresh(ws: Workspace, rebuild: bool = False, inspect: bool = False, here: bool = False) -> dict[str, Any]:
    """Bring the library up to date with staging (under the library lock); its figures.

    `inspect` (the search_index asset, whose checks follow): a refresh built in a child also
    inspects the library there and keeps the inspection for the checks (stages/inspect.py),
    which then start no child of their own.

    `here` (import-jsonl): build in this process whatever the size. A command that ends with
    its refresh has nothing left to keep flat, and a child beside it would only add a second
    interpreter and its imports (a 100,000-item import: 463 MB for the two together, 367 MB
    alone).

    A refresh that reads more than APART_BYTES of staged files (a first run, a rebuild, a big
    backfill), or that updates a library file bigger than that, builds in a child process: the
    build's DuckDB and Arrow memory then comes and goes with that process instead of adding to
    the run's own, which stays flat in the corpus size. Even a delta of three partitions raised
    the process's peak by ~100 MB on a 2,000-session library (50 MB), more than a child's start
    (about a second) is worth. A small refresh of a small library builds here, and so does one
    with nothing to do (the follower's last refresh often leaves the search_index step none).
    """
    with ws.library_lock():
        return _refresh_held(ws, rebuild, inspect=inspect, here=here)


def refresh_following(ws: Workspace, child: Apart | None = None) -> dict[str, Any] | None:
    """A refresh while a run is still summarising (see follow.py); None when another writer holds
    the lock (it is never waited for). It always builds in a child (`child`, a standby, when
    given and there is something to build), and that child then scans the new items for
    secrets, so the library checks after the run find them already scanned."""
    with ws.library_lock(wait=False) as held:
        return _refresh_held(ws, False, following=True, child=child) if held else None


def _refresh_held(
    ws: Workspace,
    rebuild: bool,
    following: bool = False,
    inspect: bool = False,
    here: bool = False,
    child: Apart | None = None,
) -> dict[str, Any]:
    from ..library.build import library_bytes, stale_partitions  # lazy: DuckDB loads only to build

    if ws.store.remote:  # start from the newest published library, not this machine's copy
        published.fetch(ws.store, ws.library_path, ws.library_state_dir)
    found = versions(ws)
    todo = stale_partitions(ws.library_path, found, rebuild=rebuild)
    big = staged_bytes(ws, todo) > APART_BYTES or library_bytes(ws.library_path) > APART_BYTES
    apart = bool(todo) and not here and (following or big)  # nothing to do: no child to start
    if apart:
        from .build_apart import run_apart  # lazy: only a big refresh starts a child

        report, found, pid = run_apart(ws.cfg, rebuild, inspect=following or inspect, child=child)
    else:
        report, found, pid = refresh_here(ws, rebuild, found)
    ws.store.write_doc("library", "built_from.json", obj=found)
    extra: dict[str, Any] = {"built_apart": apart, "builder_pid": pid}
    if ws.store.remote and (report.mode != "unchanged" or published.published_version(ws.store) is None):
        extra["published"] = published.publish(ws.store, ws.library_path, ws.library_state_dir)["version"]
    return {**report.as_metadata(), "partitions": len(found), **extra}


def refresh_here(
    ws: Workspace, rebuild: bool, found: dict[str, str] | None = None
) -> tuple[RefreshReport, dict[str, str], int]:
    """Refresh in this process (the caller holds the library lock): the report, the versions of
    the partitions it was built from (listed here when not given) and this process's id."""
    from ..library.build import refresh_library  # lazy: as in refresh

    found = versions(ws) if found is None else found
    report = refresh_library(ws.library_path, ws.library_state_dir, library_sources(ws, found), rebuild=rebuild)
    return report, found, os.getpid()


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


def is_current(ws: Workspace) -> bool:
    """The library file exists and was refreshed from exactly the staged partitions there are now
    (a `stat` per partition file; nothing is read, DuckDB is not loaded)."""
    if not ws.library_path.exists():
        return False
    return ws.store.read_doc("library", "built_from.json") == versions(ws)


def expected_items(ws: Workspace) -> int:
    """How many items the library should hold: the good summaries and imports in staging
    (read from the partition files' footers, not their rows)."""
    store, n = ws.store, 0
    for name in (c.name for c in ws.cfg.connectors):
        for part in store.partitions(SUMMARIES, name):
            footer = store.footer(SUMMARIES, part)
            n += int(footer.get("docs", 0)) - int(footer.get("open", 0))
    for part in store.partitions(IMPORTS):
        n += int(store.footer(IMPORTS, part).get("docs", 0))
    return n
