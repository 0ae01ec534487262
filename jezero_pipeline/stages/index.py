"""The index stage: the only code that writes the library.

The library is refreshed from staging, partition by partition: every summaries partition of a
configured connector (each good summary with its redacted original) and every imported
partition. Each partition comes with a version read from `stat` alone, so the library reads
only the partitions that changed since it last saw them. The search_index asset, redact-stored,
retag and import-jsonl all call `refresh`, under the single-writer lock.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from ..models import Partition
from ..staging.store import read_json, write_json_atomic
from ..staging.tables import IMPORTS, REDACTED_SEGMENTS, SUMMARIES
from ..workspace import Workspace

IMPORT_PREFIX = "import:"


class PartitionSource(NamedTuple):
    version: str  # changes whenever the partition's staged files are rewritten
    read: Callable[[], Iterator[dict[str, Any]]]  # the partition's library items


def library_sources(ws: Workspace) -> dict[str, PartitionSource]:
    """Every partition the library is built from, keyed "<connector>|<day>" or "import:<source>|<day>"."""
    store = ws.store
    sources: dict[str, PartitionSource] = {}
    for name in (c.name for c in ws.cfg.connectors):
        for part in store.partitions(SUMMARIES, name):
            version = f"{store.token(SUMMARIES, part)}/{store.token(REDACTED_SEGMENTS, part)}"
            sources[part.key] = PartitionSource(version, lambda part=part: summary_items(ws, part))
    for part in store.partitions(IMPORTS):
        sources[IMPORT_PREFIX + part.key] = PartitionSource(
            store.token(IMPORTS, part), lambda part=part: import_items(ws, part)
        )
    return sources


def summary_items(ws: Workspace, part: Partition) -> Iterator[dict[str, Any]]:
    """The partition's good summaries as library items, with their redacted originals."""
    originals = {r["id"]: r["text"] for r in ws.store.read(REDACTED_SEGMENTS, part, columns=["id", "text"])}
    for row in ws.store.read(SUMMARIES, part):
        if row["status"] == "ok":
            yield _item(row, originals.get(row["segment_id"], ""))


def import_items(ws: Workspace, part: Partition) -> Iterator[dict[str, Any]]:
    for row in ws.store.read(IMPORTS, part):
        if row["status"] == "ok":
            yield _item(row, row["original"] or "")


def _item(row: Any, original: str) -> dict[str, Any]:
    return {
        "source": row["source"], "external_id": row["segment_id"], "session_id": row["session_id"],
        "occurred_at": row["occurred_at"], "title": row["title"], "summary": row["summary"],
        "questions": json.loads(row["questions"] or "[]"), "atoms": json.loads(row["atoms"] or "[]"),
        "project": row["project"], "trust": row["trust"], "original": original,
        "original_ref": row["original_ref"], "content_hash": row["content_hash"],
    }  # fmt: skip


def refresh(ws: Workspace, rebuild: bool = False) -> dict[str, Any]:
    """Bring the library up to date with staging (under the library lock); its build figures."""
    import pandas as pd  # lazy: only a library build needs pandas

    from ..library.build import ITEM_COLUMNS, build_library  # lazy: DuckDB loads only to build

    with ws.library_lock():
        sources = library_sources(ws)
        items = [item for src in sources.values() for item in src.read()]
        stats = build_library(pd.DataFrame(items, columns=ITEM_COLUMNS), ws.library_path)
        write_json_atomic(_built_from(ws), {k: s.version for k, s in sources.items()})
    stats["partitions"] = len(sources)
    return stats


def is_current(ws: Workspace) -> bool:
    """The library file exists and was built from exactly the staged partitions there are now
    (a `stat` per partition file; nothing is read)."""
    if not ws.library_path.exists():
        return False
    built = read_json(_built_from(ws))
    return isinstance(built, dict) and built == {k: s.version for k, s in library_sources(ws).items()}


def _built_from(ws: Workspace) -> Path:
    return ws.store.doc_path("library", "built_from.json")


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
