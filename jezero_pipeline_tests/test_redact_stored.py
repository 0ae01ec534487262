"""`redact-stored`: new rules reach every stored text; hashes stay, so nothing is paid again."""

import dagster as dg
from opsfixtures import one_session_workspace
from runs import run, workspace

from jezero_pipeline.library.reader import Library
from jezero_pipeline.models import Partition
from jezero_pipeline.operations.redact_stored import redact_stored
from jezero_pipeline.staging.tables import SUMMARIES

DAY = Partition("cc", "2026-03-01")


def test_redact_stored_applies_new_rules_without_changing_hashes(tmp_path):
    work = one_session_workspace(tmp_path)
    with dg.instance_for_test() as instance:
        run(work, instance)
    before = {r["segment_id"]: r["content_hash"] for r in workspace(work).store.read(SUMMARIES, DAY)}
    text = (work / "jezero.toml").read_text()
    (work / "jezero.toml").write_text(
        text.replace("[[connectors]]", '[redaction]\nextra_patterns = ["ledger step \\\\d"]\n[[connectors]]')
    )
    ws = workspace(work)
    report = redact_stored(ws)
    assert report["redactions"] > 0
    after = {r["segment_id"]: r["content_hash"] for r in ws.store.read(SUMMARIES, DAY)}
    assert after == before
    item = Library(ws.library_path).get_item(1, include_original=True)["item"]
    assert "ledger step 1" not in item["original"] and "[REDACTED:custom]" in item["original"]
    with dg.instance_for_test() as instance:  # and the next run pays for nothing
        cc, _, ok = run(work, instance)
    assert ok and cc["calls"] == 0
