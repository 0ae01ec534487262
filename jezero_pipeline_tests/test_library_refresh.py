"""refresh_library: only changed partitions are read, a delta beside the base, merges, ids that survive."""

from __future__ import annotations

import multiprocessing as mp
import random
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import pytest

from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library import index, reader, segment
from jezero_pipeline.library.build import (
    LibraryBuildError,
    PartitionSource,
    delta_path,
    items_table,
    refresh_library,
)
from jezero_pipeline.library.fts import STOPWORDS, ascii_parts, ascii_tokens
from jezero_pipeline.library.incoming import one_ahead
from jezero_pipeline.library.reader import Library, QueryError

NOW = datetime(2026, 1, 1, tzinfo=UTC)
WORDS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "cache",
    "index",
    "query",
    "table",
    "schema",
    "deploy",
    "server",
    "retry",
    "timeout",
    "token",
]
IDENTS = ["orders_customer_id_key", "CobaltScheduler", "ERR_PNPM_OUTDATED_LOCKFILE", "test_segments_2", "E1102"]


def item(ext: str, text: str, days_ago: float = 1.0, source: str = "cc") -> dict:
    return {
        "source": source,
        "external_id": ext,
        "session_id": ext.split("#")[0],
        "occurred_at": NOW - timedelta(days=days_ago),
        "title": text.split(".")[0],
        "summary": text,
        "questions": [f"why {text.split()[-1]}?"],
        "atoms": [{"kind": "fact", "text": text[:40]}],
        "project": "p",
        "trust": "own",
        "original": f"{text} and then {text[::-1]}",
        "original_ref": f"ref:{ext}",
        "content_hash": f"h:{ext}",
    }


class Reads:
    """Partition sources that count how often each is read."""

    def __init__(self) -> None:
        self.count: dict[str, int] = {}

    def source(self, part: str, rows: list[dict], version: str) -> PartitionSource:
        table = items_table(rows)

        def read():
            self.count[part] = self.count.get(part, 0) + 1
            return table.to_batches(max_chunksize=2)

        return PartitionSource(version, read)


def ids_of(path: Path) -> dict[str, int]:
    with Library(path) as lib:
        return {r["external_id"]: r["id"] for r in lib.timeline(limit=500)["results"]}


def test_only_changed_partitions_are_read_and_an_unchanged_set_reads_nothing(tmp_path):
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    parts = {
        "cc|2025-03-01": reads.source("cc|2025-03-01", [item("a#0", "alpha beta")], "v1"),
        "cc|2025-03-02": reads.source("cc|2025-03-02", [item("b#0", "gamma delta"), item("c#0", "cache")], "v1"),
    }
    first = refresh_library(path, state, parts)
    assert first.mode == "full" and first.items == 3 and reads.count == {"cc|2025-03-01": 1, "cc|2025-03-02": 1}
    again = refresh_library(path, state, parts)
    assert again.mode == "unchanged" and again.partitions_read == 0 and again.items == 3
    assert reads.count == {"cc|2025-03-01": 1, "cc|2025-03-02": 1}
    parts["cc|2025-03-02"] = reads.source("cc|2025-03-02", [item("b#0", "gamma zorblax")], "v2")
    third = refresh_library(path, state, parts, merge_share=10)
    assert third.mode == "delta" and third.partitions_read == 1 and third.items == 2
    assert reads.count == {"cc|2025-03-01": 1, "cc|2025-03-02": 2}
    with Library(path) as lib:
        assert [r["external_id"] for r in lib.search("zorblax")["results"]] == ["b#0"]
        assert lib.search("cache")["count"] == 0  # c#0 left with its partition's old version
        assert lib.stats()["items"] == 2 and lib.stats()["delta_items"] == 1


def library_with_delta(tmp_path: Path, days: int, per_day: int, words: str, part: str, changed: list[dict]
                       ) -> tuple[Path, Path, Reads, dict[str, PartitionSource]]:  # fmt: skip
    """A library of `days` partitions `x|<d>` of `per_day` items ("<words>word<d> item<i>"), then
    partition `part` replaced by `changed`, which a delta holds."""
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    rows = {f"x|{d}": [item(f"{d}-{i}#0", f"{words}word{d} item{i}") for i in range(per_day)] for d in range(days)}
    parts = {k: reads.source(k, v, "v1") for k, v in rows.items()}
    refresh_library(path, state, parts)
    parts[part] = reads.source(part, changed, "v2")
    assert refresh_library(path, state, parts, merge_share=10).mode == "delta"
    return path, state, reads, parts


def test_a_lean_scan_reads_every_live_item_once_across_base_and_delta_and_refuses_a_swap(tmp_path):
    changed = [item("2-0#0", "changed text"), item("new#0", "new one")]
    path, state, reads, parts = library_with_delta(tmp_path, 5, 7, "", "x|2", changed)
    expected = ids_of(path)
    with Library(path, lean=True) as lib:
        seen = [(r["external_id"], r["id"]) for r in lib.iter_items(batch=4)]  # 10 batches, reopened each time
        assert sorted(seen, key=lambda x: x[1]) == seen and dict(seen) == expected and len(seen) == len(expected) == 30
        assert next(i for i in lib.iter_items(batch=4) if i["external_id"] == "2-0#0")["summary"] == "changed text"
        scan = lib.iter_items(batch=4)
        next(scan)
        parts["x|3"] = reads.source("x|3", [item("3-0#0", "swapped in")], "v2")
        refresh_library(path, state, parts, merge_share=10)
        with pytest.raises(QueryError, match="changed during a scan"):
            list(scan)


def test_a_lean_reader_finds_the_same_items_without_holding_every_items_columns(tmp_path):
    changed = [item("1-0#0", "common changed"), item("new#0", "common new")]
    path, _, _, _ = library_with_delta(tmp_path, 4, 6, "common ", "x|1", changed)
    with Library(path) as held, Library(path, lean=True) as lean:
        for query in ("common", "changed", "word3"):
            want, got = held.search(query, limit=10), lean.search(query, limit=10)
            assert got["results"] == want["results"] and got["count"] == want["count"] > 0
        assert held._search.index._cards is not None and lean._search.index._cards is None


def test_a_scan_of_chosen_items_reads_only_those_and_an_original_digest_follows_the_original(tmp_path):
    """`ids` picks items across base and delta (in id order, unknown ids ignored); the digest of
    an original is the same for the same text, new when only the original changes, and empty
    for an item without one."""
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    plain = {**item("plain#0", "no original here"), "original": None}
    rows = {f"x|{d}": [item(f"{d}-{i}#0", f"word{d} item{i}") for i in range(4)] for d in range(3)}
    rows["x|0"].append(plain)
    parts = {k: reads.source(k, v, "v1") for k, v in rows.items()}
    refresh_library(path, state, parts)
    with Library(path, lean=True) as lib:
        before = {i["external_id"]: (i["id"], i["original_digest"]) for i in lib.iter_items(original_digest=True)}
    same, changed = "2-1#0", "2-2#0"
    parts["x|2"] = reads.source(
        "x|2",
        [*rows["x|2"][:2], {**rows["x|2"][2], "original": "a new original, nothing else new"}, rows["x|2"][3]],
        "v2",
    )
    assert refresh_library(path, state, parts, merge_share=10).mode == "delta"
    with Library(path, lean=True) as lib:
        after = {
            i["external_id"]: (i["id"], i["original_digest"]) for i in lib.iter_items(batch=3, original_digest=True)
        }
        chosen = [after[changed][0], after["0-1#0"][0], 10_000, after["plain#0"][0]]
        picked = list(lib.iter_items(batch=2, ids=chosen))
    assert after[same] == before[same] and after[changed][0] == before[changed][0]
    assert after[changed][1] != before[changed][1] and len(after[changed][1]) == 32
    assert after["plain#0"][1] == "" and len({d for _, d in after.values()}) == len(after)
    assert [i["external_id"] for i in picked] == sorted([changed, "0-1#0", "plain#0"], key=lambda e: after[e][0])
    assert next(i for i in picked if i["external_id"] == changed)["original"] == "a new original, nothing else new"


def test_a_partition_that_is_gone_takes_its_items_with_it(tmp_path):
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    parts = {
        "x|1": reads.source("x|1", [item("a#0", "alpha")], "v1"),
        "x|2": reads.source("x|2", [item("b#0", "alpha beta")], "v1"),
    }
    refresh_library(path, state, parts)
    del parts["x|2"]
    report = refresh_library(path, state, parts, merge_share=10)
    assert report.partitions_removed == 1 and report.partitions_read == 0 and report.items == 1
    assert sorted(ids_of(path)) == ["a#0"]


def test_ids_survive_a_deleted_library_file_and_are_never_reused(tmp_path):
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    rows = [item(f"s{i}#0", f"alpha {WORDS[i]}", days_ago=10 - i) for i in range(6)]
    parts = {"p|1": reads.source("p|1", rows[:3], "v1"), "p|2": reads.source("p|2", rows[3:], "v1")}
    refresh_library(path, state, parts)
    before = ids_of(path)
    assert sorted(before.values()) == [1, 2, 3, 4, 5, 6]
    parts["p|2"] = reads.source("p|2", rows[3:5], "v2")  # s5 goes away
    refresh_library(path, state, parts, merge_share=10)
    path.unlink()
    delta_path(path).unlink(missing_ok=True)
    rebuilt = refresh_library(path, state, parts)
    assert rebuilt.mode == "full"
    after = ids_of(path)
    assert after == {k: v for k, v in before.items() if k != "s5#0"}
    parts["p|2"] = reads.source("p|2", [*rows[3:5], item("new#0", "beta")], "v3")
    refresh_library(path, state, parts, merge_share=10)
    assert ids_of(path)["new#0"] == 7  # 6 stays s5's, although s5 is gone
    parts["p|2"] = reads.source("p|2", rows[3:], "v4")
    refresh_library(path, state, parts, merge_share=10)
    assert ids_of(path)["s5#0"] == before["s5#0"]  # back, with its own id


def test_a_key_held_by_an_unchanged_partition_stays_there(tmp_path):
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    parts = {"a|1": reads.source("a|1", [item("x#0", "alpha first")], "v1")}
    refresh_library(path, state, parts)
    parts["b|1"] = reads.source("b|1", [item("x#0", "alpha second"), item("y#0", "beta")], "v1")
    report = refresh_library(path, state, parts, merge_share=10)
    assert report.duplicates_dropped == 1 and report.items == 2
    with Library(path) as lib:
        assert lib.search("first")["count"] == 1 and lib.search("second")["count"] == 0


# --------------------------------------------------------------- delta and merge = full rebuild


QUERIES = [
    "alpha",
    "cache index",
    '"retry timeout"',
    "orders_cus",
    "customer_id",
    "Scheduler",
    "ERR_PNPM",
    "segments_2 deploy",
    "E1102 server",
    "tok",
    "PNPM_OUTDATED_LOCKFILE",
]


def random_rows(rng: random.Random, part: str, n: int) -> list[dict]:
    rows = []
    for _ in range(n):
        words = rng.choices(WORDS, k=rng.randint(3, 12))
        if rng.random() < 0.5:
            words.insert(rng.randrange(len(words)), rng.choice(IDENTS))
        ext = f"{part}-{rng.randrange(12)}#0"  # keys come back across versions
        rows.append(item(ext, " ".join(words), days_ago=rng.uniform(0, 300)))
    return rows


def answers(path: Path, lean: bool = False) -> list[list[tuple[int, float]]]:
    with Library(path, SearchConfig(), now=lambda: NOW, lean=lean) as lib:
        return [[(r["id"], r["relevance"], r["score"]) for r in lib.search(q, limit=50)["results"]] for q in QUERIES]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_library_refreshed_by_deltas_and_merges_answers_as_one_rebuilt_from_the_same_items(tmp_path, seed):
    rng = random.Random(seed)
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    reads = Reads()
    parts = {f"c|{d}": reads.source(f"c|{d}", random_rows(rng, f"c{d}", 6), "v0") for d in range(5)}
    refresh_library(path, state, parts)
    modes = set()
    for step in range(10):
        action = rng.random()
        if action < 0.6 or len(parts) < 3:
            d = rng.randrange(8)
            parts[f"c|{d}"] = reads.source(f"c|{d}", random_rows(rng, f"c{d}", rng.randint(0, 7)), f"v{step + 1}")
        else:
            del parts[rng.choice(sorted(parts))]
        report = refresh_library(path, state, parts, merge_share=0.5)
        modes.add(report.mode)
        full = tmp_path / f"full{step}.duckdb"
        refresh_library(full, state, parts, rebuild=True)
        assert answers(path) == answers(full), f"step {step} ({report.mode})"
        assert ids_of(path) == ids_of(full)
    assert {"delta", "merge"} <= modes


INDEX_TABLES = "SELECT * FROM terms ORDER BY term_id", "SELECT * FROM postings", "SELECT * FROM words"


def built_tables(path: Path, rows: list[dict], tables: tuple[str, ...] = INDEX_TABLES) -> list:
    """The rows of `tables` in a library rebuilt at `path` from `rows` (state beside it)."""
    source = {"c|all": PartitionSource("v", lambda: items_table(rows).to_batches())}
    refresh_library(path, path.with_name("state"), source, rebuild=True)
    con = duckdb.connect(str(path), read_only=True)
    got = [con.execute(sql).fetchall() for sql in tables]
    con.close()
    return got


def test_postings_written_a_range_of_terms_at_a_time_equal_one_sort_of_them_all(tmp_path, monkeypatch):
    """The index is written in ranges of about POSTINGS_PIECE postings (one sort of them all ran
    out of memory on big builds): with ranges of 7 postings the tables are the same, row for row."""
    rows = random_rows(random.Random(4), "c", 40)
    whole = built_tables(tmp_path / "whole.duckdb", rows)
    monkeypatch.setattr(segment, "POSTINGS_PIECE", 7)
    ranged = built_tables(tmp_path / "ranged.duckdb", rows)
    assert ranged == whole and len(whole[1]) > 20 * 7


def test_pieces_tokenized_at_once_on_worker_connections_equal_one_piece_tokenized_alone(tmp_path, monkeypatch):
    """Items are tokenized a piece at a time, TOKENIZE_WORKERS pieces at once on connections of
    their own: 40 items in pieces of 3 on 2 workers give the same library, row for row, as one
    piece on one worker."""
    rng = random.Random(5)
    rows = [item(f"c-{i}#0", " ".join(rng.choices(WORDS + IDENTS, k=rng.randint(3, 12))), i / 7) for i in range(40)]
    tables = (*INDEX_TABLES, "SELECT * FROM doclen", "SELECT * FROM items ORDER BY id", "SELECT * FROM originals")
    monkeypatch.setattr(segment, "TOKENIZE_WORKERS", 1)
    alone = built_tables(tmp_path / "alone.duckdb", rows, tables)
    monkeypatch.setattr(segment, "TOKENIZE_WORKERS", 2)
    monkeypatch.setattr(segment, "TOKENIZE_CHUNK", 3)
    real_pieces, counted = segment._pieces, []

    def pieces(con: duckdb.DuckDBPyConnection, copies: list) -> list:
        out = real_pieces(con, copies)
        counted.append(len(out))
        return out

    monkeypatch.setattr(segment, "_pieces", pieces)
    at_once = built_tables(tmp_path / "at_once.duckdb", rows, tables)
    assert counted == [14] and len(alone[3]) == 40
    assert at_once == alone


def base_and_delta(tmp_path: Path, seed: int, changed: int) -> Path:
    """A library of six partitions of random items, one of them changed since in a delta."""
    rng = random.Random(seed)
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    parts = {f"c|{d}": Reads().source(f"c|{d}", random_rows(rng, f"c{d}", 8), "v0") for d in range(6)}
    refresh_library(path, state, parts)
    parts[f"c|{changed}"] = Reads().source(f"c|{changed}", random_rows(rng, f"c{changed}", 5), "v1")
    assert refresh_library(path, state, parts, merge_share=10).mode == "delta"
    return path


def test_a_library_read_on_disk_answers_as_one_held_in_memory(tmp_path, monkeypatch):
    """Large libraries keep postings on disk (dictionary, cards, frequent lists in memory): the same answers."""
    path = base_and_delta(tmp_path, 7, changed=1)
    in_memory = answers(path)
    monkeypatch.setattr(index, "MEMORY_POSTINGS", 0)
    monkeypatch.setattr(index, "CACHE_MIN_POSTINGS", 1)  # every list and its scores kept once read
    with Library(path) as lib:
        assert lib.search("alpha")["count"] and lib._search is not None and lib._search.index.memory is None
    assert answers(path) == in_memory
    assert any(in_memory)


def test_a_lean_reader_answers_as_one_that_holds_the_index(tmp_path):
    """A command that asks one question reads through a lean reader (postings and rows read per
    query, nothing held): the same searches, items, timeline and statistics, base and delta."""
    path = base_and_delta(tmp_path, 11, changed=2)
    assert answers(path, lean=True) == answers(path) and any(answers(path))
    with Library(path, now=lambda: NOW, lean=True) as lean, Library(path, now=lambda: NOW) as held:
        ids = [r["id"] for r in held.timeline(limit=100)["results"]]
        assert len(ids) >= 30
        items = [held.get_item(i, include_original=True) for i in ids]
        assert [lean.get_item(i, include_original=True) for i in ids] == items
        assert lean.timeline(limit=100) == held.timeline(limit=100) and lean.stats() == held.stats()
        assert lean.list_sources() == held.list_sources()
        assert lean._search is not None and lean._search.index.memory is None and held._search.index.memory is not None


# --------------------------------------------------------------- readers during refreshes

PARTS, PER_PART = 5, 4


def versioned_parts(versions: dict[int, int]) -> dict[str, PartitionSource]:
    """Every partition holds PER_PART items titled with its current version."""
    out = {}
    for p, v in versions.items():
        rows = [
            item(f"p{p}-{i}#0", f"zorblax part{p} ver{v}. more words", days_ago=p + i / 10) for i in range(PER_PART)
        ]
        table = items_table(rows)
        out[f"d|{p}"] = PartitionSource(f"v{v}", lambda t=table: t.to_batches())
    return out


def test_two_readers_of_one_path_in_one_process_both_follow_rebuilds_deltas_and_merges(tmp_path):
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    versions = dict.fromkeys(range(PARTS), 0)
    refresh_library(path, state, versioned_parts(versions))
    first, second = Library(path), Library(path)
    try:
        for n, mode in enumerate(["delta", "delta", "merge", "full"], start=1):
            versions[n % PARTS] = n
            report = refresh_library(
                path,
                state,
                versioned_parts(versions),
                rebuild=mode == "full",
                merge_share=0.3 if mode == "merge" else 10,
            )
            assert report.mode == mode
            for lib in (first, second):
                titles = {r["title"] for r in lib.search(f"ver{n}", limit=50)["results"]}
                assert titles == {f"zorblax part{n % PARTS} ver{n}"}, (mode, titles)
                assert lib.stats()["items"] == PARTS * PER_PART
    finally:
        first.close()
        second.close()


def _reader(path: str, stop, out) -> None:
    lib = Library(Path(path))
    seen, errors, searches = set(), [], 0
    while not stop.is_set():
        try:
            res = lib.search("zorblax", limit=50)["results"]
            searches += 1
            versions: dict[str, set[str]] = {}
            for r in res:
                part, ver = r["title"].split()[1:3]
                versions.setdefault(part, set()).add(ver)
            whole = len(res) == PARTS * PER_PART and all(len(v) == 1 for v in versions.values())
            if not whole:
                errors.append(f"half a library: {len(res)} items, versions {versions}")
            seen.add(tuple(sorted((p, next(iter(v))) for p, v in versions.items())))
            if lib.stats()["items"] != PARTS * PER_PART:
                errors.append(f"stats: {lib.stats()['items']} items")
        except Exception as err:  # the test is that none happens
            errors.append(repr(err))
    out.put((len(seen), searches, errors[:5]))


@pytest.mark.slow
def test_a_reader_in_a_loop_during_100_refreshes_never_sees_an_error_or_half_a_library(tmp_path):
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    versions = dict.fromkeys(range(PARTS), 0)
    refresh_library(path, state, versioned_parts(versions))
    ctx = mp.get_context("spawn")
    stop, out = ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=_reader, args=(str(path), stop, out))
    proc.start()
    modes = []
    try:
        time.sleep(2.0)  # the reader is up and searching
        for n in range(100):
            versions[n % PARTS] = n + 1
            modes.append(refresh_library(path, state, versioned_parts(versions), merge_share=0.6).mode)
        time.sleep(0.5)
        stop.set()
        states, searches, errors = out.get(timeout=120)
    finally:
        stop.set()
        proc.join(timeout=60)
    assert errors == []
    assert searches > 100 and states > 10  # it really read many libraries while they changed
    assert "delta" in modes and "merge" in modes


LONG_VOCAB = [f"{w}{k}" for k in range(400) for w in ("invalidation", "reconnecting", "deployments", "migrations")]


def long_original(i: int) -> str:
    return " ".join(random.Random(i).choices(LONG_VOCAB, k=2_700))  # ~40 KB of long words (fewer to tokenize)


def long_originals(n: int) -> dict[str, PartitionSource]:
    """`n` items with originals of ~40 KB in one partition, and one short item in another."""

    def read():
        for start in range(0, n, 100):
            rows = [
                item(f"long-{i:05d}", f"long original {i}", days_ago=1 - i / 6_000)
                for i in range(start, min(start + 100, n))
            ]
            for row in rows:
                row["original"] = long_original(int(row["external_id"][5:]))
            yield from items_table(rows).to_batches()

    return {"c|long": PartitionSource("v1", read), "c|short": short_one("v1")}


def short_one(version: str) -> PartitionSource:
    return PartitionSource(version, lambda: items_table([item("short", f"short one {version}")]).to_batches())


def test_many_long_originals_build_and_merge_within_the_memory_limit(tmp_path, monkeypatch):
    """Segments run up to max_input_chars (60,000) characters, so originals of tens of KB are the
    normal case for long sessions. 3,000 of 40 KB are built and merged (a copy of them all) at
    the build's memory limit, and every original reads back whole, also through a lean reader's
    scan of all of them at a limit below one batch of them (the chunks are joined outside DuckDB)."""
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    parts = long_originals(3_000)
    assert len(long_original(0)) > 38_000
    assert refresh_library(path, state, parts).items == 3_001
    merged = refresh_library(path, state, {**parts, "c|short": short_one("v2")}, merge_share=0.0)
    assert (merged.mode, merged.items, merged.items_read) == ("merge", 3_001, 1)  # 3,000 copied
    with Library(path) as lib:
        hits = lib.search("long original 2999", limit=1)["results"]
        got = lib.get_item(hits[0]["id"], include_original=True)["item"]
    assert got["external_id"] == "long-02999" and got["original"] == long_original(2_999)
    monkeypatch.setattr(reader, "LEAN_MEMORY", "48MB")  # below a batch of 2,000 originals (80 MB)
    with Library(path, lean=True) as lib:  # the checks' scan
        scanned = [(it["external_id"], it["original"]) for it in lib.iter_items() if it["external_id"] != "short"]
    assert [e for e, _ in scanned] == [f"long-{i:05d}" for i in range(3_000)]
    assert all(text == long_original(int(e[5:])) for e, text in scanned)


@pytest.mark.slow
def test_a_build_and_merge_of_long_originals_keeps_to_a_lower_memory_limit_every_time(tmp_path, monkeypatch):
    """The build's statements share one memory limit, so whether they keep to it must not depend
    on which of them happen to run at once. 30 builds and merges of 120 originals of 40 KB (two
    pieces: the second written while the first is tokenized, then both tokenized at once) all
    keep to three quarters of the default limit. The index is written after the pieces, one
    statement at a time over at most POSTINGS_PIECE postings: fewer here, so that the pieces'
    statements are what is tested."""
    monkeypatch.setattr(segment, "POSTINGS_PIECE", 1_000_000)
    parts = long_originals(120)
    for k in range(30):
        path, state = tmp_path / f"library-{k}.duckdb", tmp_path / f"state-{k}"
        assert refresh_library(path, state, parts, memory_limit="72MB").items == 121
        again = refresh_library(path, state, {**parts, "c|short": short_one("v2")}, memory_limit="72MB", merge_share=0)
        assert again.mode == "merge"
        for p in (path, delta_path(path)):
            p.unlink(missing_ok=True)


def test_batches_read_one_ahead_on_a_thread_come_in_order_and_a_readers_error_reaches_the_build():
    made, threads = [], set()

    def batches():
        for i in range(5):
            made.append(i)
            threads.add(threading.current_thread().name)
            yield i
        raise LibraryBuildError("partition 'cc/2026-01-01': field 'atoms' is bad")

    got = []
    with pytest.raises(LibraryBuildError, match="atoms"):
        for batch in one_ahead(batches()):
            assert len(made) <= batch + 2  # never more than one made ahead of the one in hand
            got.append(batch)
    assert got == [0, 1, 2, 3, 4]
    assert threads and threading.current_thread().name not in threads


def test_an_items_lengths_count_its_words_and_their_parts_and_its_postings_add_up_to_them(tmp_path):
    """Per item: each field's length is its tokens that are not stopwords, the parts field the
    identifier parts of every field that are not; the postings' positions add up to the fields'
    lengths and their original-text counts to the original's length (counted here in Python)."""
    rng = random.Random(6)
    words = WORDS + IDENTS + ["the", "and", "of", "it"]
    rows = [item(f"c-{i}#0", " ".join(rng.choices(words, k=rng.randint(2, 14))), i / 5) for i in range(30)]
    lens, sums = built_tables(
        tmp_path / "lib.duckdb",
        rows,
        (
            "SELECT i.external_id, d.len_title, d.len_summary, d.len_questions, d.len_atoms, d.len_project, "
            "d.len_original, d.len_parts FROM doclen d JOIN items i USING (id) ORDER BY i.external_id",
            "SELECT i.external_id, sum(len(p.pos))::INTEGER, sum(p.tf_original)::INTEGER "
            "FROM postings p JOIN doclen d USING (doc) JOIN items i USING (id) GROUP BY ALL ORDER BY ALL",
        ),
    )
    expected_lens, expected_sums = [], []
    for row in sorted(rows, key=lambda r: r["external_id"]):
        fields = [row["title"], row["summary"], "\n".join(row["questions"]), "\n".join(a["text"] for a in row["atoms"]),
                  row["project"], row["original"]]  # fmt: skip
        tokens = [ascii_tokens(text) for text in fields]
        whole = [sum(t.lower() not in STOPWORDS for t in field) for field in tokens]
        parts = sum(p not in STOPWORDS for field in tokens for t in field for p in ascii_parts(t))
        expected_lens.append((row["external_id"], *whole, parts))
        expected_sums.append((row["external_id"], sum(whole), whole[-1]))
    assert lens == expected_lens and sums == expected_sums
    assert sum(r[-1] for r in lens) > 30 and sum(r[1] for r in lens) < sum(len(ascii_tokens(r["title"])) for r in rows)


@pytest.mark.parametrize(
    ("limit", "reading", "writing"), [(None, "30.5 MiB", "91.5 MiB"), ("16MB", "15.2 MiB", "15.2 MiB")]
)
def test_the_changed_partitions_are_read_in_at_the_read_limit_and_written_at_the_builds(
    tmp_path, monkeypatch, limit, reading, writing
):
    """Reading only appends to temp tables DuckDB spills: it goes at READ_MEMORY_LIMIT (or the
    build's limit when that is lower), the writing at the build's."""
    from jezero_pipeline.library import build

    seen = {}

    def watched(name, real):
        def run(con, *args):
            seen[name] = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
            return real(con, *args)

        monkeypatch.setattr(build, name, run)

    watched("load_incoming", build.load_incoming)
    watched("write_segment", build.write_segment)
    parts = {"cc|2025-03-01": Reads().source("cc|2025-03-01", [item("a#0", "alpha beta")], "v1")}
    kwargs = {} if limit is None else {"memory_limit": limit}
    assert refresh_library(tmp_path / "library.duckdb", tmp_path / "state", parts, **kwargs).items == 1
    assert seen == {"load_incoming": reading, "write_segment": writing}


def test_the_build_connection_has_its_threads_back_after_the_index_is_written(tmp_path, monkeypatch):
    """The pieces and the index's last statements run on one thread each (segment.py); what the
    build does next on the same connection (its tables of parts and the checkpoint) has all again."""
    from jezero_pipeline.library import build

    seen = []
    real = build.write_segment

    def run(con, *args):
        before = con.execute("SELECT current_setting('threads')").fetchone()[0]
        n = real(con, *args)
        seen.append((before, con.execute("SELECT current_setting('threads')").fetchone()[0]))
        return n

    monkeypatch.setattr(build, "write_segment", run)
    parts = {"cc|2025-03-01": Reads().source("cc|2025-03-01", [item("a#0", "alpha beta")], "v1")}
    assert refresh_library(tmp_path / "library.duckdb", tmp_path / "state", parts).items == 1
    assert seen and all(before == after for before, after in seen), seen
