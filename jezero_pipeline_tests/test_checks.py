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
