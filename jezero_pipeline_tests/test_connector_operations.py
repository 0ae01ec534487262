"""`connector list` and `connector reset`: a reset re-reads every file but pays for nothing."""

import dagster as dg
from opsfixtures import one_session_workspace
from runs import run, workspace

from jezero_pipeline.operations.connectors import connector_list, connector_reset


def test_connector_reset_rereads_files_but_pays_nothing(tmp_path):
    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        first, _, _ = run(work, instance)
        assert connector_reset(workspace(work), "cc")["cursor_cleared"]
        again, _, ok = run(work, instance)
    assert ok and again["bytes_read"] == first["bytes_read"] > 0
    assert again["calls"] == 0


def test_connector_list_counts_units_partitions_and_summaries(tmp_path):
    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        cc, _, _ = run(work, instance)
    (row,) = connector_list(workspace(work))
    assert (row["name"], row["files_tracked"], row["partitions"]) == ("cc", 1, 1)
    assert row["summaries_ok"] == cc["docs"] and row["summaries_failed"] == 0
