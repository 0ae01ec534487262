"""Building the library: stable ids, atomic swap, bad input."""

from __future__ import annotations

import multiprocessing as mp
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from jezero_pipeline.library.build import (
    LibraryBuildError,
    PartitionSource,
    build_library,
    items_table,
    refresh_library,
)
from jezero_pipeline.library.reader import Library

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def item(ext, title="zorblax", days_ago=1, source="claude_code"):
    return {
        "source": source,
        "external_id": ext,
        "session_id": ext,
        "occurred_at": NOW - timedelta(days=days_ago),
        "title": title,
        "summary": "s",
        "questions": [],
        "atoms": [],
        "project": "p",
        "trust": "own",
        "original": "o",
        "original_ref": f"r:{ext}",
        "content_hash": "h",
    }


def id_map(path):
    lib = Library(path)
    try:
        return {r["external_id"]: r["id"] for r in lib.timeline(limit=50)["results"]}
    finally:
        lib.close()


def test_ids_are_stable_across_rebuilds_and_never_reused(tmp_path):
    path = tmp_path / "library.duckdb"
    build_library([item("b", days_ago=1), item("a", days_ago=2)], path)
    first = id_map(path)
    assert first == {"a": 1, "b": 2}  # new ids in occurred_at order
    report = build_library([item("b"), item("a", days_ago=2), item("c", days_ago=9)], path)
    assert report["new_ids"] == 1
    second = id_map(path)
    assert {k: second[k] for k in first} == first and second["c"] == 3
    build_library([item("a", days_ago=2)], path)  # b and c gone
    build_library([item("a", days_ago=2), item("d")], path)
    assert id_map(path) == {"a": 1, "d": 4}  # 2 and 3 are never given again


def test_a_repeated_item_keeps_its_last_row_and_costs_no_other_item(tmp_path):
    """Rows are numbered in the order read across batches of any size: dropping the earlier row
    of a repeated item removes that row only (numbers that overlapped once took an unrelated
    item with it)."""
    path = tmp_path / "library.duckdb"
    batches = [items_table([item(e) for e in "pqr"]), items_table([item("a")]), items_table([item("a", "newer")])]
    source = PartitionSource(version="v1", read=lambda: [b.to_batches()[0] for b in batches])
    refresh_library(path, tmp_path / "state", {"all": source}, rebuild=True)
    lib = Library(path)
    try:
        rows = {r["external_id"]: r["title"] for r in lib.timeline(limit=50)["results"]}
    finally:
        lib.close()
    assert rows == {"p": "zorblax", "q": "zorblax", "r": "zorblax", "a": "newer"}


def test_no_temporary_files_left(tmp_path):
    path = tmp_path / "library.duckdb"
    build_library([item("a")], path, state_dir=tmp_path / "state")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.duckdb", "state"]
    leftovers = [p.name for p in (tmp_path / "state").rglob("*") if p.is_file()]
    assert leftovers == ["library_state.duckdb"]


def test_a_missing_column_names_the_partition_and_builds_nothing(tmp_path):
    row = item("a")
    row.pop("title")
    with pytest.raises(LibraryBuildError, match="missing column.*title"):
        build_library([row], tmp_path / "library.duckdb")
    assert not (tmp_path / "library.duckdb").exists()


@pytest.mark.parametrize(
    "change,match",
    [
        (lambda r: r.update(trust="maybe"), "field 'trust' must be 'own' or 'external', got 'maybe'"),
        (lambda r: r.update(external_id=""), "field 'external_id' is empty"),
        (lambda r: r.update(source=None), "field 'source' is empty"),
        (lambda r: r.update(occurred_at=None), "field 'occurred_at' is empty"),
        (lambda r: r.update(atoms=[{"kind": "fix"}]), "field 'atoms'"),
    ],
)
def test_a_bad_row_is_skipped_with_its_row_and_field_named_and_nothing_else_is_lost(tmp_path, change, match):
    bad = item("bad")
    change(bad)
    path = tmp_path / "library.duckdb"
    report = build_library([item("good1"), bad, item("good2")], path)
    assert report["rejected"] == 1 and report["items"] == 2
    (message,) = report["rejected_messages"]
    assert message.startswith("partition 'all' row 1: ") and match in message
    assert sorted(id_map(path)) == ["good1", "good2"]


def _reader(path: str, stop, out) -> None:
    lib = Library(Path(path))
    counts, errors = set(), []
    while not stop.is_set():
        try:
            counts.add(lib.search("zorblax", limit=50)["count"])
            counts.add(lib.stats()["items"])
        except Exception as err:
            errors.append(repr(err))
    out.put((sorted(counts), errors))


@pytest.mark.slow
def test_reader_never_sees_half_a_build(tmp_path):
    path = tmp_path / "library.duckdb"
    small = [item(f"s{i}") for i in range(3)]
    large = [item(f"s{i}") for i in range(7)]
    build_library(small, path)
    ctx = mp.get_context("spawn")
    stop, out = ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=_reader, args=(str(path), stop, out))
    proc.start()
    try:
        time.sleep(1.5)
        for n in range(6):
            build_library(large if n % 2 == 0 else small, path)
        stop.set()
        counts, errors = out.get(timeout=60)
    finally:
        stop.set()
        proc.join(timeout=30)
    assert errors == []
    assert set(counts) <= {3, 7} and counts
