"""Asset checks: they pass on a good run, and the blocking one stops a secret before any call."""

import dagster as dg
from opsfixtures import one_session_workspace
from runs import run
from sessionfiles import long_turns, write_claude_session, write_config


def _status(instance, asset, check):
    rec = instance.event_log_storage.get_latest_asset_check_execution_by_key(
        [dg.AssetCheckKey(dg.AssetKey(asset), check)]
    )
    return list(rec.values())[0].status.value if rec else None


def test_asset_checks_pass_on_a_good_run(tmp_path):
    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        _, _, ok = run(work, instance)
        assert ok
        defs_checks = {
            ("summaries", "every_segment_accounted_for"), ("redacted_segments", "no_secret_left"),
            ("search_index", "row_count_matches_summaries"), ("search_index", "sanity_search_returns_results"),
            ("search_index", "no_secret_in_library"),
        }  # fmt: skip
        assert {_status(instance, a, c) for a, c in defs_checks} == {"SUCCEEDED"}


def test_the_blocking_check_stops_a_secret_before_any_model_call(tmp_path, fake_server, monkeypatch):
    """If redaction ever leaves a secret, the blocking check fails and the segment is never sent."""
    from jezero_pipeline.redaction import Redactor

    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1)
    turns = long_turns("deploy")
    turns[0] = ("user", "use AKIAZ7Q2XW4RT9PLMN3K for the upload please, it is the build user")
    write_claude_session(tmp_path / "projects", "eeee5555-0000-4000-8000-000000000005", turns)
    monkeypatch.setattr(Redactor, "redact", lambda self, text: (text, 0))  # a broken redactor
    with dg.instance_for_test() as instance:
        cc, _, ok = run(tmp_path, instance)
        assert not ok and fake_server.total_calls == 0
        assert all("AKIAZ7Q2XW4RT9PLMN3K" not in b for b in fake_server.request_bodies)
        assert _status(instance, "redacted_segments", "no_secret_left") == "FAILED"
        assert any("no_secret_left" in e or "blocking" in e.lower() for e in cc.get("errors", [])), cc


def _check(instance, asset, check):
    rec = instance.event_log_storage.get_latest_asset_check_execution_by_key(
        [dg.AssetCheckKey(dg.AssetKey(asset), check)]
    )
    (execution,) = rec.values()
    evaluation = execution.event.dagster_event.event_specific_data
    return execution.status.value, {k: v.value for k, v in evaluation.metadata.items()}


def test_every_segment_accounted_for_fails_naming_the_failed_ids(tmp_path, fake_server, monkeypatch):
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")
    write_config(tmp_path, base_url=fake_server.anthropic_base_url)
    turns = long_turns("ledger")
    turns[0] = ("user", "FAIL-ME please look at the ledger totals")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", turns)
    fake_server.fail_when_contains("FAIL-ME", "400")
    with dg.instance_for_test() as instance:
        run(tmp_path, instance)
        status, meta = _check(instance, "summaries", "every_segment_accounted_for")
    assert status == "FAILED" and meta["failed"] == 1
    assert meta["failed_ids"] == ["aaaa1111-0000-4000-8000-000000000001#1"]


def test_the_blocking_check_names_the_offending_segment(tmp_path, fake_server, monkeypatch):
    from jezero_pipeline.redaction import Redactor

    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "test-key-not-secret-0000")
    write_config(tmp_path, base_url=fake_server.anthropic_base_url, concurrency=1)
    turns = long_turns("deploy")
    turns[0] = ("user", "use AKIAZ7Q2XW4RT9PLMN3K for the upload please, it is the build user")
    write_claude_session(tmp_path / "projects", "eeee5555-0000-4000-8000-000000000005", turns)
    monkeypatch.setattr(Redactor, "redact", lambda self, text: (text, 0))
    with dg.instance_for_test() as instance:
        run(tmp_path, instance)
        status, meta = _check(instance, "redacted_segments", "no_secret_left")
    assert status == "FAILED" and meta["offending_ids"] == ["eeee5555-0000-4000-8000-000000000005#1"]


def test_library_checks_fail_naming_what_is_wrong(tmp_path, monkeypatch):
    """Rows that staging does not account for, a title that cannot find its item, a secret in the
    library: each check fails and its metadata says which."""
    import duckdb

    from jezero_pipeline.config import load_config
    from jezero_pipeline.defs.definitions import build_definitions

    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        run(work, instance)
        lib = work / "library.duckdb"
        con = duckdb.connect(str(lib))
        (newest,) = con.execute("select id from items order by occurred_at desc, id limit 1").fetchone()
        con.execute(f"update items set title = 'the of and', summary = 'it is' where id = {newest}")
        con.execute("update originals set chunk = chunk || ' ghp_Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc' "
                    f"where id = {newest} and n = 0")  # fmt: skip
        con.execute("insert into items select 99 as id, * exclude (id) replace ('x99' as external_id, "
                    f"timestamp '2020-01-01' as occurred_at) from items where id = {newest}")  # fmt: skip
        con.execute(f"insert into originals select 99, n, chunk from originals where id = {newest}")
        con.close()
        defs = build_definitions(load_config(work / "jezero.toml"), str(work / "jezero.toml"))
        # the library asset finds nothing to rebuild (staging did not change) and reports its checks
        result = dg.materialize(list(defs.assets), instance=instance, resources=defs.resources,
                                selection=dg.AssetSelection.assets("search_index"), raise_on_error=False)  # fmt: skip
        evaluated = {e.event_specific_data.check_name for e in result.all_events
                     if e.event_type_value == "ASSET_CHECK_EVALUATION"}  # fmt: skip
        assert evaluated == {"row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library"}
        _, count = _check(instance, "search_index", "row_count_matches_summaries")
        _, secret = _check(instance, "search_index", "no_secret_in_library")
        sanity_status, sanity = _check(instance, "search_index", "sanity_search_returns_results")
    assert count["library_rows"] == count["expected_rows"] + 1
    assert sorted(secret["offending_ids"]) == sorted([newest, 99])
    assert sanity_status == "FAILED" and sanity["query"] == "" and sanity["expected_id"] == newest


def test_the_sanity_query_skips_stopwords():
    from jezero_pipeline.stages.inspect import sanity_query

    assert sanity_query("What does the ledger export do?", None) == "ledger"
    assert sanity_query("the of", "An error in the parser") == "parser"
    assert sanity_query("", "") is None


def test_the_secret_check_rescans_an_item_only_when_its_texts_or_the_rules_change(tmp_path):
    from jezero_pipeline.stages.inspect import SecretScan

    path = tmp_path / "secret_scan.json"
    first = SecretScan(path, rules="r1")
    todo, key = first.needs_scan(1, ["title", "summary"])
    assert todo
    first.passed(1, key)
    first.save("base-1", [])
    again = SecretScan(path, rules="r1")
    assert again.base == "base-1" and again.base_offenders == set()
    assert again.needs_scan(1, ["title", "summary"])[0] is False
    assert again.needs_scan(1, ["title", "summary changed"])[0] is True
    assert again.needs_scan(2, ["new item"])[0] is True
    other = SecretScan(path, rules="r2")  # new rules: all again, whatever base it was
    assert other.needs_scan(1, ["title", "summary"])[0] is True and other.base is None
    again.save("base-2", [7])  # item 1 was not seen by this scan: it left the library, so it is forgotten
    assert SecretScan(path, rules="r1").needs_scan(1, ["title", "summary"])[0] is True
    assert SecretScan(path, rules="r1").base_offenders == {7}


def test_the_secret_check_reads_no_original_when_nothing_changed_and_finds_one_only_an_original_gained(
    tmp_path, monkeypatch
):
    """Originals are compared by a digest DuckDB makes: an inspection of an unchanged library
    reads none of them into Python, and a secret added to one original alone is still found."""
    import duckdb

    from jezero_pipeline.config import load_config
    from jezero_pipeline.library import tools
    from jezero_pipeline.stages.inspect import inspect_library
    from jezero_pipeline.workspace import Workspace

    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        assert run(work, instance)[2]
    ws = Workspace(load_config(work / "jezero.toml"))
    assert inspect_library(ws).offenders == []
    read = []
    with_originals = tools.with_originals
    monkeypatch.setattr(
        tools, "with_originals", lambda snap, rows, *a: read.extend(rows) or with_originals(snap, rows, *a)
    )
    again = inspect_library(ws)
    assert again.offenders == [] and again.rows > 0 and read == []
    con = duckdb.connect(str(ws.library_path))
    (victim,) = con.execute("select min(id) from originals").fetchone()
    con.execute(
        f"update originals set chunk = chunk || ' ghp_Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc' where id = {victim} and n = 0"
    )
    con.close()
    assert inspect_library(ws).offenders == [victim] and [r["id"] for r in read] == [victim]


def _plant_secret(db_file, where: str) -> int:
    """Append a token to the first chunk of one original in `db_file` (the first of `where`)."""
    import duckdb

    con = duckdb.connect(str(db_file))
    (victim,) = con.execute(f"select min(id) from originals where {where}").fetchone()
    con.execute(
        f"update originals set chunk = chunk || ' ghp_Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc' where id = {victim} and n = 0"
    )
    con.close()
    return victim


def test_an_inspection_reads_only_the_delta_while_the_base_is_the_one_it_last_saw(tmp_path, monkeypatch):
    """A refresh rewrites only the delta until it merges: the next inspection then reads only
    the delta's items, and the base's offenders stay offenders without being read again. A
    changed base file is read whole."""
    import functools
    from datetime import timedelta

    from sessionfiles import T0

    from jezero_pipeline.config import load_config
    from jezero_pipeline.library import build, delta_path, snapshot
    from jezero_pipeline.library.reader import Library
    from jezero_pipeline.stages.inspect import inspect_library
    from jezero_pipeline.workspace import Workspace

    monkeypatch.setattr(build, "refresh_library", functools.partial(build.refresh_library, merge_share=10))
    open_snapshot = snapshot.open_snapshot
    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        assert run(work, instance)[2]
        write_claude_session(work / "projects", "bbbb2222-0000-4000-8000-000000000002", long_turns("invoice"),
                             start=T0 + timedelta(days=3))  # fmt: skip
        assert run(work, instance)[2]
    ws = Workspace(load_config(work / "jezero.toml"))
    with Library(ws.library_path, ws.cfg.search, lean=True) as lib:
        live, in_delta = (set(ids.tolist()) for ids in lib.item_ids())
    assert in_delta and live - in_delta, "the second run's items are in a delta beside the base"
    first = inspect_library(ws)
    assert first.offenders == [] and first.rows == len(live)
    read: list[int] = []  # ids the digest pass reads
    iter_items = Library.iter_items

    def recorded(self, *args, **kw):
        for item in iter_items(self, *args, **kw):
            read.extend([item["id"]] if kw.get("original_digest") else [])
            yield item

    monkeypatch.setattr(Library, "iter_items", recorded)
    opened = []  # the library's openings: the scan closes its connection after each batch
    monkeypatch.setattr(snapshot, "open_snapshot", lambda *a: opened.append(a) or open_snapshot(*a))
    in_the_delta = _plant_secret(delta_path(ws.library_path), "true")
    second = inspect_library(ws)
    assert second.offenders == [in_the_delta] and set(read) == in_delta and second.rows == len(live)
    assert len(opened) == 2 and second.hits  # the sanity search on the first, before a batch closes it
    read.clear()
    in_the_base = _plant_secret(ws.library_path, f"id not in ({', '.join(map(str, in_delta))})")
    third = inspect_library(ws)
    assert third.offenders == sorted([in_the_base, in_the_delta]) and set(read) == live
    read.clear()
    fourth = inspect_library(ws)
    assert fourth.offenders == third.offenders and in_the_base not in read and set(read) <= in_delta


def test_the_expected_count_reads_only_the_footers_of_changed_partition_files(tmp_path, monkeypatch):
    """The count the row-count check compares with comes from the partition files' footers,
    each remembered under its file's stat token: an unchanged file's footer is not read again,
    a rewritten one is, and a partition that is gone no longer counts."""
    import os
    from datetime import timedelta

    from sessionfiles import T0

    from jezero_pipeline.config import load_config
    from jezero_pipeline.stages.inspect import expected_items
    from jezero_pipeline.staging.store import Store
    from jezero_pipeline.staging.tables import SUMMARIES
    from jezero_pipeline.workspace import Workspace

    work = one_session_workspace(tmp_path)
    write_claude_session(work / "projects", "bbbb2222-0000-4000-8000-000000000002", long_turns("invoice"),
                         start=T0 + timedelta(days=3))  # fmt: skip
    with dg.instance_for_test() as instance:
        assert run(work, instance)[2]
    ws = Workspace(load_config(work / "jezero.toml"))
    parts = [p for c in ws.cfg.connectors for p in ws.store.partitions(SUMMARIES, c.name)]
    assert len(parts) == 2
    read: list[str] = []
    footer = Store.footer
    monkeypatch.setattr(Store, "footer", lambda self, table, part: read.append(part.key) or footer(self, table, part))
    total = expected_items(ws)
    assert total >= 2 and read == []  # the run's own inspection read them
    ws.store.doc_path("library", "expected_items.json").unlink()
    assert expected_items(ws) == total and sorted(read) == sorted(p.key for p in parts)
    read.clear()
    assert expected_items(ws) == total and read == []
    path = ws.store.path(SUMMARIES, parts[0])
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # rewritten: a new token
    assert expected_items(ws) == total and read == [parts[0].key]
    read.clear()
    own = int(footer(ws.store, SUMMARIES, parts[1])["docs"])
    path = ws.store.path(SUMMARIES, parts[1])
    path.unlink()
    assert expected_items(ws) == total - own and read == []
