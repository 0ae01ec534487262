"""eval: hit@1, hit@k, MRR, save and compare, on a tiny library."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from jezero_pipeline.library.build import build_library
from jezero_pipeline.library.evaluation import EvalError, format_report, run_eval
from jezero_pipeline.library.reader import Library


def row(ext, title):
    return {
        "source": "cc",
        "external_id": ext,
        "session_id": ext,
        "occurred_at": datetime(2025, 1, 1, tzinfo=UTC),
        "title": title,
        "summary": "",
        "questions": [],
        "atoms": [],
        "project": "p",
        "trust": "own",
        "original": "",
        "original_ref": f"r:{ext}",
        "content_hash": "h",
    }


@pytest.fixture
def lib(tmp_path):
    path = tmp_path / "library.duckdb"
    build_library([row("a#0", "zorblax crash"), row("b#0", "zorblax zorblax fix"), row("c#0", "lunch")], path)
    return Library(path)


CASES = """
[defaults]
k = 2
fail_under = 0.9

[[case]]
id = "first"
question = "what fixed zorblax?"
query = "zorblax fix"
expect = ["cc:b#0"]

[[case]]
id = "second"
question = "zorblax crash"
expect = [1]

[[case]]
id = "miss"
question = "lunch"
query = "dinner"
expect = ["cc:c#0"]
"""


def test_metrics_save_and_compare(lib, tmp_path):
    cases = tmp_path / "cases.toml"
    cases.write_text(CASES)
    saved = tmp_path / "run.json"
    rep = run_eval(lib, cases, k=None, save=saved)
    ranks = {c["id"]: c["rank"] for c in rep["per_case"]}
    assert ranks["first"] == 1 and ranks["miss"] is None and ranks["second"] in (1, 2)
    assert rep["hit@k"] == pytest.approx(2 / 3, abs=1e-3)
    assert rep["mrr"] == pytest.approx((1 + 1 / ranks["second"]) / 3, abs=1e-3)
    assert rep["passed"] is False
    assert json.loads(saved.read_text())["per_case"][0]["id"] == "first"
    cases.write_text(CASES.replace('query = "dinner"', 'query = "lunch"'))
    rep2 = run_eval(lib, cases, k=None, compare=saved)
    assert [b["id"] for b in rep2["compare"]["better"]] == ["miss"] and rep2["compare"]["worse"] == []
    assert "better miss" in format_report(rep2)


def test_bad_cases_file_names_the_case(lib, tmp_path):
    f = tmp_path / "cases.toml"
    f.write_text('[[case]]\nid = "x"\nquestion = "q"\nexpect = ["nocolon"]\n')
    with pytest.raises(EvalError, match="case 1 \\(x\\)"):
        run_eval(lib, f)
