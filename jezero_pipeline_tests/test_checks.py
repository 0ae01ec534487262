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
        checks = [
            k
            for k in defs.get_repository_def().asset_graph.asset_check_keys
            if k.asset_key.to_user_string() == "search_index"
        ]
        dg.materialize([*defs.assets, *defs.asset_checks], instance=instance, selection=dg.AssetSelection.checks(*checks),
                       resources=defs.resources)  # fmt: skip
        _, count = _check(instance, "search_index", "row_count_matches_summaries")
        _, secret = _check(instance, "search_index", "no_secret_in_library")
        sanity_status, sanity = _check(instance, "search_index", "sanity_search_returns_results")
    assert count["library_rows"] == count["expected_rows"] + 1
    assert sorted(secret["offending_ids"]) == sorted([newest, 99])
    assert sanity_status == "FAILED" and sanity["query"] == "" and sanity["expected_id"] == newest

    # a big library is inspected in a child process: the same findings as here
    from jezero_pipeline.stages.build_apart import inspect_apart
    from jezero_pipeline.stages.inspect import inspect_here
    from jezero_pipeline.workspace import Workspace

    cfg = load_config(work / "jezero.toml")
    here, apart = inspect_here(Workspace(cfg)), inspect_apart(cfg)
    assert apart == here and sorted(apart.offenders) == sorted([newest, 99]) and apart.rows == count["library_rows"]


def test_the_sanity_query_skips_stopwords():
    from jezero_pipeline.stages.inspect import sanity_query

    assert sanity_query("What does the ledger export do?", None) == "ledger"
    assert sanity_query("the of", "An error in the parser") == "parser"
    assert sanity_query("", "") is None


def test_the_secret_check_rescans_an_item_only_when_its_texts_or_the_rules_change(tmp_path):
    from jezero_pipeline.stages.inspect import ScannedItems

    path = tmp_path / "secret_scan.json"
    first = ScannedItems(path, rules="r1")
    todo, key = first.needs_scan(1, ["title", "summary"])
    assert todo
    first.passed(1, key)
    first.save()
    again = ScannedItems(path, rules="r1")
    assert again.needs_scan(1, ["title", "summary"])[0] is False
    assert again.needs_scan(1, ["title", "summary changed"])[0] is True
    assert again.needs_scan(2, ["new item"])[0] is True
    assert ScannedItems(path, rules="r2").needs_scan(1, ["title", "summary"])[0] is True  # new rules: all again
    again.save()  # item 1 was not seen by this scan: it left the library, so it is forgotten
    assert ScannedItems(path, rules="r1").needs_scan(1, ["title", "summary"])[0] is True


def test_the_secret_check_reads_no_original_when_nothing_changed_and_finds_one_only_an_original_gained(
    tmp_path, monkeypatch
):
    """Originals are compared by a digest DuckDB makes: an inspection of an unchanged library
    reads none of them into Python, and a secret added to one original alone is still found."""
    import duckdb

    from jezero_pipeline.config import load_config
    from jezero_pipeline.library import tools
    from jezero_pipeline.stages.inspect import inspect_here
    from jezero_pipeline.workspace import Workspace

    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        assert run(work, instance)[2]
    ws = Workspace(load_config(work / "jezero.toml"))
    assert inspect_here(ws).offenders == []
    read = []
    with_originals = tools.with_originals
    monkeypatch.setattr(
        tools, "with_originals", lambda snap, rows, *a: read.extend(rows) or with_originals(snap, rows, *a)
    )
    again = inspect_here(ws)
    assert again.offenders == [] and again.rows > 0 and read == []
    con = duckdb.connect(str(ws.library_path))
    (victim,) = con.execute("select min(id) from originals").fetchone()
    con.execute(
        f"update originals set chunk = chunk || ' ghp_Zx8Qw3Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc' where id = {victim} and n = 0"
    )
    con.close()
    assert inspect_here(ws).offenders == [victim] and [r["id"] for r in read] == [victim]


def test_the_checks_take_the_inspection_their_refresh_made_in_its_child_until_the_library_changes(
    tmp_path, monkeypatch
):
    """A refresh built in a child inspects there; the checks start no child of their own."""
    import os

    from jezero_pipeline.config import load_config
    from jezero_pipeline.stages import build_apart, index
    from jezero_pipeline.stages import inspect as inspect_module
    from jezero_pipeline.stages.inspect import inspect, inspect_here, kept_inspection
    from jezero_pipeline.workspace import Workspace

    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        run(work, instance)
    ws = Workspace(load_config(work / "jezero.toml"))
    monkeypatch.setattr(index, "APART_BYTES", 0)  # this small library builds in a child
    monkeypatch.setattr(inspect_module, "APART_BYTES", 0)  # and would be inspected in one
    stats = index.refresh(ws, rebuild=True, inspect=True)
    assert stats["built_apart"] and stats["builder_pid"] != os.getpid()

    def no_child(*args):
        raise AssertionError("the checks started a child")

    real_start = build_apart.start_apart
    monkeypatch.setattr(build_apart, "start_apart", no_child)
    kept = inspect(ws)
    assert kept == inspect_here(ws) and kept.rows == kept.expected > 0 and kept.newest_id in kept.hits

    os.utime(ws.library_path)  # the library files changed since: inspected again
    assert kept_inspection(ws) is None
    monkeypatch.setattr(build_apart, "start_apart", real_start)
    index.refresh(ws, rebuild=True, inspect=True)
    assert kept_inspection(ws) is not None
    monkeypatch.setattr(ws, "rules", "other rules")  # new redaction rules: scanned again
    assert kept_inspection(ws) is None


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


def test_an_inspection_reads_only_the_delta_while_the_base_is_the_one_it_last_kept(tmp_path, monkeypatch):
    """A refresh rewrites only the delta until it merges: the inspection kept after it then reads
    only the delta's items, and the base's offenders stay offenders without being read again.
    A changed base file is read whole."""
    import functools
    from datetime import timedelta

    from sessionfiles import T0

    from jezero_pipeline.config import load_config
    from jezero_pipeline.library import build, delta_path
    from jezero_pipeline.library.reader import Library
    from jezero_pipeline.stages.inspect import inspect_here
    from jezero_pipeline.workspace import Workspace

    monkeypatch.setattr(build, "refresh_library", functools.partial(build.refresh_library, merge_share=10))
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
    first = inspect_here(ws, keep=True)
    assert first.offenders == [] and first.rows == len(live)
    read: list[int] = []  # ids the digest pass reads
    iter_items = Library.iter_items

    def recorded(self, *args, **kw):
        for item in iter_items(self, *args, **kw):
            read.extend([item["id"]] if kw.get("original_digest") else [])
            yield item

    monkeypatch.setattr(Library, "iter_items", recorded)
    in_the_delta = _plant_secret(delta_path(ws.library_path), "true")
    second = inspect_here(ws, keep=True)
    assert second.offenders == [in_the_delta] and set(read) == in_delta and second.rows == len(live)
    read.clear()
    in_the_base = _plant_secret(ws.library_path, f"id not in ({', '.join(map(str, in_delta))})")
    third = inspect_here(ws, keep=True)
    assert third.offenders == sorted([in_the_base, in_the_delta]) and set(read) == live
    read.clear()
    fourth = inspect_here(ws, keep=True)
    assert fourth.offenders == third.offenders and in_the_base not in read and set(read) <= in_delta
