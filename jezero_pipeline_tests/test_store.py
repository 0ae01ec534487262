"""Atomic per-partition Parquet files, their footers, and the crash-safe summaries journal."""

import pyarrow as pa
import pytest

from jezero_pipeline.models import Partition
from jezero_pipeline.staging.inventory import Inventory, editing
from jezero_pipeline.staging.store import Store
from jezero_pipeline.staging.tables import Table

T = Table("segments", lambda: [("id", pa.string()), ("n", pa.int64())])
CODEX = Partition("codex", "2026-03-01")


def test_write_read_roundtrip_and_partitions(tmp_path):
    st = Store(tmp_path)
    st.write(T, CODEX, [{"id": "a", "n": 1}])
    st.write(T, Partition("claude", "2026-03-02"), [])
    assert st.read(T, CODEX) == [{"id": "a", "n": 1}]
    assert st.partitions(T) == [Partition("claude", "2026-03-02"), CODEX]
    assert st.partitions(T, "codex") == [CODEX]
    assert st.read(T, Partition("missing", "2026-03-01")) == []
    assert (tmp_path / "segments" / "codex" / "2026-03-01.parquet").exists()


def test_size_is_the_partition_file_s_bytes_and_zero_when_missing(tmp_path):
    st = Store(tmp_path)
    assert st.size(T, CODEX) == 0
    st.write(T, CODEX, [{"id": "a" * 1000, "n": 1}])
    assert st.size(T, CODEX) == (tmp_path / "segments" / "codex" / "2026-03-01.parquet").stat().st_size > 0


def test_failed_write_keeps_the_old_file(tmp_path):
    st = Store(tmp_path)
    st.write(T, CODEX, [{"id": "a", "n": 1}])
    with pytest.raises((TypeError, ValueError, pa.ArrowException)):
        st.write(T, CODEX, [{"id": "b", "n": "not a number"}])
    assert st.read(T, CODEX) == [{"id": "a", "n": 1}]
    assert [p.name for p in (tmp_path / "segments" / "codex").iterdir()] == ["2026-03-01.parquet"]  # no temp left


def test_a_footer_says_what_a_file_was_built_from_and_each_write_gets_a_new_build_id(tmp_path):
    st = Store(tmp_path)
    b1 = st.write(T, CODEX, [{"id": "a", "n": 1}], info={"inputs": "x|1", "docs": 1})
    assert st.current(T, CODEX, "x|1")["docs"] == "1" and st.current(T, CODEX, "x|2") is None
    token = st.token(T, CODEX)
    b2 = st.write(T, CODEX, [{"id": "a", "n": 1}], info={"inputs": "x|1"})
    assert b1 != b2 == st.build_id(T, CODEX) and st.token(T, CODEX) != token


def test_journal_survives_a_torn_last_line(tmp_path):
    st = Store(tmp_path)
    st.append_journal(CODEX, [{"segment_id": "s#1", "status": "ok"}])
    with open(st.journal_path(CODEX), "a") as f:
        f.write('{"segment_id": "s#2", "sta')  # the process died mid-write
    assert [r["segment_id"] for r in st.read_journal(CODEX)] == ["s#1"]
    st.clear_journal(CODEX)
    assert list(st.read_journal(CODEX)) == []


def test_a_units_day_is_decided_once_and_never_moves(tmp_path):
    st = Store(tmp_path)
    with editing(st, "cc") as inv:
        assert inv.assign("/a.jsonl", "2026-03-01") == "2026-03-01"
        inv.mark_read("/a.jsonl", 10, 1.5)
    with editing(st, "cc") as inv:
        assert inv.assign("/a.jsonl", "2026-07-09") == "2026-03-01"  # a later peek cannot move it
        assert inv.units["/a.jsonl"].unchanged(10, 1.5) and not inv.units["/a.jsonl"].unchanged(11, 1.5)
        assert inv.forget_reads() == 1
    rec = Inventory.load(st, "cc").units["/a.jsonl"]
    assert rec.day == "2026-03-01" and rec.size is None
