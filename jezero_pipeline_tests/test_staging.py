"""Atomic Parquet writes and the crash-safe summaries journal."""

import pyarrow as pa
import pytest

from jezero_pipeline.staging import Staging

SCHEMA = pa.schema([("id", pa.string()), ("n", pa.int64())])


def test_write_read_roundtrip_and_partitions(tmp_path):
    st = Staging(tmp_path)
    st.write_rows("segments", "codex", [{"id": "a", "n": 1}], SCHEMA)
    st.write_rows("segments", "claude", [], SCHEMA)
    assert st.read_rows("segments", "codex") == [{"id": "a", "n": 1}]
    assert st.partitions("segments") == ["claude", "codex"]
    assert st.read_rows("segments", "missing") == []


def test_failed_write_keeps_the_old_file(tmp_path):
    st = Staging(tmp_path)
    st.write_rows("segments", "codex", [{"id": "a", "n": 1}], SCHEMA)
    with pytest.raises((TypeError, ValueError, pa.ArrowException)):
        st.write_rows("segments", "codex", [{"id": "b", "n": "not a number"}], SCHEMA)
    assert st.read_rows("segments", "codex") == [{"id": "a", "n": 1}]
    assert [p.name for p in (tmp_path / "segments").iterdir()] == ["codex.parquet"]  # no temp left


def test_journal_survives_a_torn_last_line(tmp_path):
    st = Staging(tmp_path)
    st.append_journal("codex", [{"segment_id": "s#1", "status": "ok"}])
    with open(st.journal_path("codex"), "a") as f:
        f.write('{"segment_id": "s#2", "sta')  # the process died mid-write
    assert [r["segment_id"] for r in st.read_journal("codex")] == ["s#1"]
    assert st.journal_partitions() == ["codex"]
    st.clear_journal("codex")
    assert list(st.read_journal("codex")) == []
