"""What a command did reaches Dagster through its record and the `commands_recorded` sensor."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import dagster as dg
from opsfixtures import one_session_workspace
from runs import workspace

from jezero_pipeline import service
from jezero_pipeline.defs import record
from jezero_pipeline.defs.resources import JezeroResource
from jezero_pipeline.staging.records import FOLDER, CommandRecord, finished_records


def _tick(instance, work, cursor=None):
    resources = {"jezero": JezeroResource(config_path=str(work / "jezero.toml"))}
    with dg.build_sensor_context(instance=instance, resources=resources, cursor=cursor) as context:
        result = record.commands_recorded(context)
        return result, result.cursor if isinstance(result, dg.SensorResult) else context.cursor


def _run(work):
    ws = workspace(work)
    report = service.run(ws, [c.name for c in ws.cfg.enabled_connectors])
    assert report.ok
    return ws


def test_the_sensor_reports_a_command_once_then_deletes_its_record(tmp_path):
    work = one_session_workspace(tmp_path)
    ws = _run(work)
    (name,) = ws.store.list_docs(FOLDER)
    with dg.instance_for_test() as instance:
        result, cursor = _tick(instance, work)
        assert isinstance(result, dg.SensorResult)
        kinds = [type(e).__name__ for e in result.asset_events]
        mats = [e for e in result.asset_events if isinstance(e, dg.AssetMaterialization)]
        assets = sorted({m.asset_key.to_user_string() for m in mats})
        # No embeddings: with the bundled model a run leaves them to their own step ([embeddings] in_run).
        assert assets == ["raw_sessions", "redacted_segments", "search_index", "segments", "summaries"]
        assert kinds.count("AssetCheckEvaluation") == 5  # the run's two and the library's three
        summaries = next(m for m in mats if m.asset_key.to_user_string() == "summaries")
        assert summaries.partition == "cc|2026-03-01" and summaries.tags["dagster/code_version"] == ws.generation
        assert summaries.metadata["calls"].value == summaries.metadata["docs"].value > 0
        assert json.loads(cursor)["done"] == [name]
        assert ws.store.list_docs(FOLDER) == [name], "kept until the next tick: these events are not stored yet"
        again, _ = _tick(instance, work, cursor)
        assert isinstance(again, dg.SkipReason) and ws.store.list_docs(FOLDER) == []


def test_a_record_too_big_for_one_tick_is_reported_across_ticks_each_event_once(tmp_path, monkeypatch):
    work = one_session_workspace(tmp_path)
    ws = _run(work)
    entries = [e for name in finished_records(ws.store) for e in record.read_record(ws.store, name)]
    assert len(entries) >= 8  # the reference: every entry of the record, in order
    monkeypatch.setattr(record, "EVENTS_PER_TICK", 3)
    seen, cursor = [], None
    with dg.instance_for_test() as instance:
        for _ in range(20):
            result, cursor = _tick(instance, work, cursor)
            if isinstance(result, dg.SkipReason):
                break
            assert len(result.asset_events) <= 3
            seen += result.asset_events
    assert len(seen) == len(entries) and ws.store.list_docs(FOLDER) == []
    keys = [(e.asset_key.to_user_string(), getattr(e, "partition", None), getattr(e, "check_name", None)) for e in seen]
    assert keys == [(e["asset"], e.get("partition"), e.get("name")) for e in entries]


def test_an_unfinished_record_waits_for_its_command_and_is_reported_once_it_is_gone(tmp_path):
    work = one_session_workspace(tmp_path)
    ws = workspace(work)
    mine = CommandRecord(ws.store)
    mine.add({"kind": "Materialization", "asset": "raw_sessions", "partition": "cc|2026-03-01",
              "metadata": {"sessions": 1}, "tags": {}})  # fmt: skip
    mine.save()
    assert finished_records(ws.store) == [], "its command (this process) is still running"
    # a record left by a command that was killed: same host, a pid that is gone
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    doc = ws.store.read_doc(FOLDER, mine.name)
    ws.store.write_doc(FOLDER, mine.name, obj={**doc, "pid": int(gone.stdout)})
    assert finished_records(ws.store) == [mine.name]
    with dg.instance_for_test() as instance:
        assert record.record_into(instance, ws.store) == 1
        (mat,) = instance.fetch_materializations(dg.AssetKey("raw_sessions"), limit=5).records
        assert mat.partition_key == "cc|2026-03-01" and mat.asset_materialization.metadata["sessions"].value == 1
    assert os.getpid() != int(gone.stdout)


def test_a_command_never_imports_dagster(tmp_path):
    """The engine runs, Dagster records: the command's process loads neither Dagster nor its storage."""
    work = one_session_workspace(tmp_path)
    code = (
        "import sys; from jezero_pipeline.cli.main import main; "
        f"rc = main(['-c', {str(work / 'jezero.toml')!r}, 'run', '--json']); "
        "print(rc, any(m == 'dagster' or m.startswith(('dagster.', 'sqlalchemy')) for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.stdout.strip().splitlines()[-1] == "0 False", out.stderr[-2000:]
    assert workspace(work).store.list_docs(FOLDER), "and it left its record for Dagster"


def test_a_run_with_nothing_to_do_loads_no_data_library(tmp_path):
    """A run that finds nothing changed stats its files and stops: it loads neither the data
    libraries a changed day needs nor a model SDK (the config's checks included)."""
    work = one_session_workspace(tmp_path)
    heavy = ("numpy", "pyarrow", "duckdb", "anthropic", "openai", "onnxruntime")
    code = (
        "import sys; from jezero_pipeline.cli.main import main; "
        f"rc = main(['-c', {str(work / 'jezero.toml')!r}, 'run', '--json']); "
        f"print(rc, sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert first.stdout.strip().splitlines()[-1].startswith("0 ['duckdb',"), first.stderr[-2000:]
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert again.stdout.strip().splitlines()[-1] == "0 []", again.stderr[-2000:]
