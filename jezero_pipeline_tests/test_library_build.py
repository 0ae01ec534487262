"""Building the library: stable ids, atomic swap, bad input."""

from __future__ import annotations

import multiprocessing as mp
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pandas as pd
import pytest

from jezero_pipeline.library.build import LibraryBuildError, build_library
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
    build_library(pd.DataFrame([item("b", days_ago=1), item("a", days_ago=2)]), path)
    first = id_map(path)
    assert first == {"a": 1, "b": 2}  # new ids in occurred_at order
    stats = build_library(pd.DataFrame([item("b"), item("a", days_ago=2), item("c", days_ago=9)]), path)
    assert stats["new_items"] == 1
    second = id_map(path)
    assert {k: second[k] for k in first} == first and second["c"] == 3
    build_library(pd.DataFrame([item("a", days_ago=2)]), path)  # b and c gone
    build_library(pd.DataFrame([item("a", days_ago=2), item("d")]), path)
    assert id_map(path) == {"a": 1, "d": 4}  # 2 and 3 are never given again


def test_no_temporary_files_left(tmp_path):
    path = tmp_path / "library.duckdb"
    build_library(pd.DataFrame([item("a")]), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["library.duckdb"]


@pytest.mark.parametrize(
    "change,match",
    [
        (lambda r: r.pop("title"), "missing column"),
        (lambda r: r.update(trust="maybe"), "field 'trust'"),
        (lambda r: r.update(external_id=""), "field 'external_id'"),
        (lambda r: r.update(atoms=[{"kind": "fix"}]), "field 'atoms'"),
    ],
)
def test_bad_input_names_the_field(tmp_path, change, match):
    row = item("a")
    change(row)
    with pytest.raises(LibraryBuildError, match=match):
        build_library(pd.DataFrame([row]), tmp_path / "library.duckdb")
    assert not (tmp_path / "library.duckdb").exists()


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
    small = pd.DataFrame([item(f"s{i}") for i in range(3)])
    large = pd.DataFrame([item(f"s{i}") for i in range(7)])
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
