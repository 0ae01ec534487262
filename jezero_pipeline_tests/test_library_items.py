"""The item's columns are declared once (library/items.py): a new column that reaches the library
is its staging table, its stage and one line of the declaration."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb

from jezero_pipeline.library import items

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "jezero_pipeline"

# A summary row as the summarize stage stages it, with one column more: the model that wrote it.
CHILD = """
import json, sys
from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa

from jezero_pipeline.library.build import PartitionSource, refresh_library
from jezero_pipeline.library.items import ITEMS_DDL, PUBLIC_COLUMNS, Item
from jezero_pipeline.library.reader import Library
from jezero_pipeline.stages import index
from jezero_pipeline.staging.tables import SUMMARIES

when = datetime(2026, 1, 5, tzinfo=UTC)
row = {
    "segment_id": "s#0", "source": "cc", "session_id": "s", "occurred_at": when, "content_hash": "h",
    "generation": "g", "status": "ok", "error": None, "title": "zorblax cache", "summary": "it broke",
    "questions": "[]", "atoms": '[{"kind": "fact", "text": "zorblax"}]', "project": "p", "trust": "own",
    "original_ref": "r", "input_tokens": 1, "output_tokens": 1, "summarized_at": when, "model": "haiku-4.5",
}
batches = list(index._item_batches(SUMMARIES.to_arrow([row]), pa.array(["[user] zorblax"])))
out = Path(sys.argv[1])
refresh_library(out / "library.duckdb", out / "state", {"cc|2026-01-05": PartitionSource("v1", lambda: batches)})
with Library(out / "library.duckdb") as lib:
    found = {
        "get_item": lib.get_item(1)["item"],
        "search": lib.search("zorblax")["results"][0],
        "timeline": lib.timeline()["results"][0],
    }
print(json.dumps({
    "answers": {k: v.get("model") for k, v in found.items()},
    "public": "model" in PUBLIC_COLUMNS,
    "typed": "model" in Item.__annotations__,
    "ddl": "model VARCHAR" in ITEMS_DDL,
}))
"""

EDITS = {
    "library/items.py": (
        '    Column("content_hash", pa.string(), "VARCHAR"),\n)',
        '    Column("content_hash", pa.string(), "VARCHAR"),\n    Column("model", pa.string(), "VARCHAR"),\n)',
    ),
    "staging/tables.py": (
        '        ("summarized_at", _ts()),\n    ]',
        '        ("summarized_at", _ts()),\n        ("model", pa.string()),\n    ]',
    ),
}


def test_a_new_column_in_the_declaration_and_its_staging_table_reaches_every_answer(tmp_path):
    """In a copy of the package, one line in items.py and one in the summaries' staging table
    (the stage that fills it is stood in for by a staged row): the column is in the library's
    table, the reader's answers and the Item type."""
    copy = tmp_path / "copy"
    shutil.copytree(PACKAGE, copy / "jezero_pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    for name, (old, new) in EDITS.items():
        path = copy / "jezero_pipeline" / name
        text = path.read_text()
        assert text.count(old) == 1, f"{name}: the anchor of the edit moved"
        path.write_text(text.replace(old, new))
    (tmp_path / "out").mkdir()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path / "out")],
        cwd=copy,
        env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got == {
        "answers": {"get_item": "haiku-4.5", "search": "haiku-4.5", "timeline": "haiku-4.5"},
        "public": True,
        "typed": True,
        "ddl": True,
    }


def test_no_other_module_assembles_the_item_columns():
    """`content_hash` is read by no code of the library, the web page or the index stage: only
    carried. So any list of the item's columns spelled outside items.py would spell it."""
    places = [*(PACKAGE / "library").glob("*.py"), *(PACKAGE / "web").glob("*.py"), PACKAGE / "stages" / "index.py"]
    spelled = [p.relative_to(PACKAGE).as_posix() for p in places if "content_hash" in p.read_text()]
    assert spelled == ["library/items.py"]


def test_each_columns_duckdb_type_is_what_duckdb_makes_of_its_arrow_type():
    con = duckdb.connect()
    con.register("from_arrow", items.ITEM_SCHEMA.empty_table())
    con.execute(f"CREATE TABLE declared ({', '.join(f'{c.name} {c.sql}' for c in items.COLUMNS)})")
    from_arrow, declared = (
        {r[0]: r[1] for r in con.execute(f"DESCRIBE {t}").fetchall()} for t in ("from_arrow", "declared")
    )
    assert from_arrow.pop("occurred_at") == "TIMESTAMP WITH TIME ZONE"  # the build stores it as naive UTC
    assert declared.pop("occurred_at") == "TIMESTAMP"
    assert from_arrow == declared and len(declared) == len(items.COLUMNS) - 1
