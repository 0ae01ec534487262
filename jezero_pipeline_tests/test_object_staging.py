"""Staging on object storage (moto's S3 server on 127.0.0.1): the folder store's contract, kept.

Every write is one PUT of the finished object, the summaries journal is one object per paid
answer, and a whole pipeline run stages, summarises and publishes its library there; a reader
in another folder fetches that library and searches it.
"""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pytest
from runs import run
from sessionfiles import write_samples_config

from jezero_pipeline.config import ConfigError, load_config, parse_config
from jezero_pipeline.models import Partition
from jezero_pipeline.staging import published
from jezero_pipeline.staging.location import open_store
from jezero_pipeline.staging.objects import ObjectStore
from jezero_pipeline.staging.store import Store
from jezero_pipeline.staging.tables import Table

REPO = Path(__file__).resolve().parents[1]
T = Table("segments", lambda: [("id", pa.string()), ("n", pa.int64())])
SUMS = Table("summaries", lambda: [("id", pa.string())])
CODEX = Partition("codex", "2026-03-01")


@pytest.fixture
def bucket(s3_env) -> str:
    name = f"jezero-{uuid.uuid4().hex[:12]}"
    s3_env.make_bucket(name)
    return name


@pytest.fixture
def store(bucket: str, tmp_path: Path) -> ObjectStore:
    st = open_store(f"s3://{bucket}/staging", tmp_path / "side")
    assert isinstance(st, ObjectStore) and st.remote
    return st


def keys(st: ObjectStore) -> list[str]:
    return sorted(k[len(st.base) + 1 :] for k in st.fs.find(st.base))


def test_a_local_folder_still_opens_the_folder_store(tmp_path: Path) -> None:
    st = open_store(tmp_path / "staging", tmp_path / "side")
    assert type(st) is Store and not st.remote
    st.write_doc("state", "x.json", obj={"a": 1})
    assert (tmp_path / "staging" / "state" / "x.json").exists() and st.read_doc("state", "x.json") == {"a": 1}


def test_an_s3_store_keeps_the_folder_layout_footers_and_tokens(store: ObjectStore) -> None:
    assert store.partitions(T) == [] and store.read(T, CODEX) == [] and store.token(T, CODEX) == "missing"
    b1 = store.write(T, CODEX, [{"id": "a", "n": 1}], info={"inputs": "x|1", "docs": 1})
    store.write(T, Partition("claude", "2026-03-02"), [])
    assert keys(store) == ["segments/claude/2026-03-02.parquet", "segments/codex/2026-03-01.parquet"]
    assert store.read(T, CODEX) == [{"id": "a", "n": 1}]
    assert store.partitions(T) == [Partition("claude", "2026-03-02"), CODEX]
    assert store.partitions(T, "codex") == [CODEX]
    assert store.current(T, CODEX, "x|1")["docs"] == "1" and store.current(T, CODEX, "x|2") is None
    token = store.token(T, CODEX)
    b2 = store.write(T, CODEX, [{"id": "b", "n": 2}], info={"inputs": "x|1"})
    assert b1 != b2 and store.build_id(T, CODEX) == b2 and store.token(T, CODEX) != token
    assert store.delete(T, CODEX) and not store.delete(T, CODEX) and not store.exists(T, CODEX)


def test_a_failed_write_leaves_the_old_object_and_nothing_else(store: ObjectStore) -> None:
    store.write(T, CODEX, [{"id": "a", "n": 1}])
    with pytest.raises((TypeError, ValueError, pa.ArrowException)):
        store.write(T, CODEX, [{"id": "b", "n": "not a number"}])
    assert store.read(T, CODEX) == [{"id": "a", "n": 1}]
    assert keys(store) == ["segments/codex/2026-03-01.parquet"]


def test_each_write_is_a_single_put_of_the_finished_object(store: ObjectStore, monkeypatch) -> None:
    calls: list[tuple[str, int]] = []
    fs = store.fs
    real = fs.pipe_file

    def counting(path, data, **kw):
        calls.append((path, len(data)))
        return real(path, data, **kw)

    monkeypatch.setattr(fs, "pipe_file", counting)
    monkeypatch.setattr(fs, "open", lambda *a, **k: pytest.fail("a write must not stream into its final key"))
    store.write(T, CODEX, [{"id": str(i), "n": i} for i in range(5000)])
    assert len(calls) == 1 and calls[0][0].endswith("segments/codex/2026-03-01.parquet") and calls[0][1] > 1000
    assert fs.info(calls[0][0])["size"] == calls[0][1]


def test_the_journal_is_one_object_per_paid_answer_and_survives_the_process(store: ObjectStore, tmp_path: Path) -> None:
    store.append_journal(CODEX, [{"content_hash": "h1", "summary": "one"}])
    store.append_journal(CODEX, [{"content_hash": "h2", "summary": "two"}])
    store.append_journal(CODEX, [])  # nothing paid: no object
    store.write(SUMS, CODEX, [{"id": "s"}])
    journal = [k for k in keys(store) if ".journal/" in k]
    assert len(journal) == 2 and all(k.startswith("summaries/codex/2026-03-01.journal/") for k in journal)
    assert store.partitions(SUMS) == [CODEX], "journal objects are not partitions"
    # another worker (a new store, as after a crash) finds every answer already paid for
    again = ObjectStore(store.url, tmp_path / "other")
    assert sorted(r["content_hash"] for r in again.read_journal(CODEX)) == ["h1", "h2"]
    again.clear_journal(CODEX)
    assert list(store.read_journal(CODEX)) == [] and store.partitions(SUMS) == [CODEX]


def test_the_config_names_a_bucket_never_its_credentials(tmp_path: Path) -> None:
    for bad in ("s3://KEY:SECRET@bucket/x", "s3://bucket/x?access_key=KEY", "s3://"):
        with pytest.raises(ConfigError) as err:
            parse_config({"storage": {"staging_dir": bad}}, tmp_path)
        assert "SECRET" not in str(err.value) or "KEY:SECRET" not in bad
    cfg = parse_config({"storage": {"staging_dir": "s3://bucket/team"}}, tmp_path)
    assert cfg.staging_remote and cfg.staging_location == "s3://bucket/team"
    assert cfg.staging_dir == cfg.library_path.parent / "staging-local"


def s3_config(folder: Path, samples: Path, bucket: str) -> Path:
    path = write_samples_config(folder / "jezero.toml", samples, folder / "lib")
    text = path.read_text().replace(f'staging_dir = "{folder}/lib/staging"', f'staging_dir = "s3://{bucket}/team"')
    assert f"s3://{bucket}/team" in text
    path.write_text(text)
    return path


@pytest.mark.slow
def test_a_run_stages_on_s3_publishes_the_library_and_a_reader_elsewhere_searches_it(
    bucket: str, tmp_path: Path
) -> None:
    shutil.copytree(REPO / "data" / "samples", tmp_path / "samples")
    writer = tmp_path / "writer"
    writer.mkdir()
    s3_config(writer, tmp_path / "samples", bucket)
    with dg.instance_for_test() as instance:
        cc, lib, ok = run(writer, instance)
    assert ok, cc
    assert cc["docs"] > 0 and cc["calls"] == cc["docs"] and lib["items"] > cc["docs"]
    store = open_store(f"s3://{bucket}/team", writer / "side")
    staged = keys(store)
    assert any(k.startswith("summaries/claude-code/") and k.endswith(".parquet") for k in staged), staged
    assert any(k.startswith("inventory/") for k in staged) and any(k.startswith("state/") for k in staged)
    assert not any(".journal/" in k for k in staged), "a finished partition leaves no journal"
    assert not (writer / "lib" / "staging").exists(), "nothing staged on the writer's disk"
    version = published.published_version(store)
    assert version and any(k.startswith(f"library/{version}/library.duckdb") for k in staged)

    # a reader in a folder of its own: the same config, no library until it fetches one
    reader = tmp_path / "reader"
    reader.mkdir()
    cfg = load_config(s3_config(reader, tmp_path / "samples", bucket))
    from jezero_pipeline.cli.common import fetch_published, open_library

    assert not cfg.library_path.exists()
    with open_library(cfg) as library:
        hits = library.search("lockfile")
    assert hits, "the published library is searchable from another folder"
    assert fetch_published(cfg) is False, "unchanged ETag: nothing downloaded again"

    # a second run with nothing new publishes nothing new
    with dg.instance_for_test() as instance:
        again, _, ok = run(writer, instance)
    assert ok and again["calls"] == 0
    assert published.published_version(store) == version


def test_a_reader_follows_each_publish_and_downloads_nothing_while_it_is_unchanged(
    store: ObjectStore, tmp_path: Path, monkeypatch
) -> None:
    from web_library import build, row

    from jezero_pipeline.library import reader as reader_module
    from jezero_pipeline.library.reader import Library

    lib = tmp_path / "writer" / "library.duckdb"
    lib.parent.mkdir()
    state = lib.with_name(lib.name + ".state")
    build(lib, [row("a#0", "zorblax quarantine first edition")])
    first = published.publish(store, lib, state)["version"]

    copy = tmp_path / "reader" / "library.duckdb"
    fetched: list[bool] = []
    monkeypatch.setattr(reader_module, "SYNC_SECONDS", 0.0)
    library = Library(copy, sync=lambda: fetched.append(published.fetch(store, copy)))
    try:
        assert library.search("zorblax")["count"] == 1 and library.search("quuxfrob")["count"] == 0
        assert fetched == [True, False], "the first call fetched; an unchanged ETag downloads nothing"
        build(lib, [row("b#0", "quuxfrob second edition")])
        second = published.publish(store, lib, state)["version"]
        assert library.search("quuxfrob")["count"] == 1 and fetched[-1] is True, "the reader follows the publish"
        assert library.search("zorblax")["count"] == 0 and fetched[-1] is False
    finally:
        library.close()
    build(lib, [row("c#0", "third")])
    third = published.publish(store, lib, state)["version"]
    versions = {k.split("/")[1] for k in keys(store) if k.startswith("library/") and k.count("/") == 2}
    assert versions == {second, third} and first not in versions, "older versions are dropped after the next"
    assert not (tmp_path / "reader" / "library.duckdb.state").exists(), "a reader keeps no builder state"
