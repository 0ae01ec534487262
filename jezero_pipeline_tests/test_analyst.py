"""The demo as a newcomer and an analyst meet it: later on its first item, DataFrames, and a
downstream asset of one's own (the README's weekly digest) materialised from its summaries."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import dagster as dg
import pandas as pd
import pytest
from web_library import request, serving

from jezero_pipeline.cli.main import main
from jezero_pipeline.config import load_config
from jezero_pipeline.library.reader import Library
from jezero_pipeline.staging.tables import SUMMARIES
from jezero_pipeline.web.server import web_app
from jezero_pipeline.workspace import Workspace

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`make demo`'s run, on a copy of the repository's config and samples."""
    work = tmp_path_factory.mktemp("demo")
    shutil.copy(REPO / "jezero.toml", work / "jezero.toml")
    shutil.copytree(REPO / "data" / "samples", work / "data" / "samples")
    assert main(["-c", str(work / "jezero.toml"), "run"]) == 0
    return work


@pytest.fixture
def library(demo: Path):
    lib = Library(demo / "data" / "library.duckdb")
    yield lib
    lib.close()


def first_item(lib: Library) -> dict:
    return min(lib.timeline(limit=50)["results"], key=lambda r: r["occurred_at"])


def test_later_offers_nothing_unrelated_for_the_demos_first_item(demo, library, capsys):
    """The first item (the duckdb_extension_fts import) shares only "Fix" with the E1102 fix."""
    first = first_item(library)
    assert "duckdb_extension_fts" in first["title"]
    res = library.later(first["id"])
    assert res["matched_by"] == "project_timeline", [r["title"] for r in res["later"]]
    assert main(["-c", str(demo / "jezero.toml"), "later", str(first["id"])]) == 0
    assert capsys.readouterr().out.startswith("nothing newer on this subject; the newer items of the same project:")
    with serving(web_app(library)) as base:
        _, _, body = request(base, f"/item/{first['id']}", headers={"Accept": "text/html"})
    page = body.decode()
    assert "Later on this subject" not in page and "Later in agent-library" in page
    assert "Nothing newer matches" in page


def test_search_and_items_come_as_dataframes_one_row_per_item(library):
    items = library.items_frame()
    assert isinstance(items, pd.DataFrame) and len(items) == library.stats()["items"] == 5
    assert list(items["id"]) == sorted(items["id"]) and str(items["occurred_at"].dtype) == "datetime64[ns, UTC]"
    assert all(isinstance(a, list) and all(set(x) == {"kind", "text"} for x in a) for a in items["atoms"])
    hits = library.search_frame("ERR_PNPM_OUTDATED_LOCKFILE", limit=3)
    assert list(hits["id"]) == [r["id"] for r in library.search("ERR_PNPM_OUTDATED_LOCKFILE", limit=3)["results"]]
    assert {"score", "relevance"} <= set(hits.columns) and hits["score"].is_monotonic_decreasing
    assert "original" not in items.columns and "original" in library.items_frame(include_original=True).columns


def readme_digest() -> dict:
    """The README's digest.py, run as written."""
    readme = (REPO / "README.md").read_text()
    block = re.search(r"<!-- digest\.py: .*? -->\n```python\n(.*?)```", readme, re.S)
    assert block, "README.md has no digest.py example"
    namespace: dict = {"__name__": "digest"}
    exec(compile(block.group(1), "README.md:digest.py", "exec"), namespace)
    return namespace


def test_the_readmes_downstream_asset_materialises_from_the_demos_summaries(demo, monkeypatch):
    monkeypatch.setenv("JEZERO_CONFIG", str(demo / "jezero.toml"))
    digest = readme_digest()
    defs = dg.Definitions.merge(
        digest["from_environment"](), dg.Definitions(assets=[digest["weekly_decisions"]])
    )  # what the module's `defs` loads
    graph = defs.resolve_asset_graph()
    assert graph.get(dg.AssetKey("weekly_decisions")).parent_keys == {dg.AssetKey("summaries")}  # in the lineage
    ws = Workspace.open(load_config(demo / "jezero.toml"))
    staged = sum(len(ws.store.read(SUMMARIES, p)) for p in ws.store.partitions(SUMMARIES))
    assert staged == 5
    with dg.instance_for_test() as instance:
        job = defs.resolve_implicit_global_asset_job_def()
        result = job.execute_in_process(instance=instance, asset_selection=[dg.AssetKey("weekly_decisions")])
        assert result.success
        frame = result.output_for_node("weekly_decisions")
    assert isinstance(frame, pd.DataFrame) and len(frame) == staged, "one row per summary"
    assert {"week", "project", "title", "decisions"} <= set(frame.columns)
    assert any("duckdb-extension-fts" in d for ds in frame["decisions"] for d in ds)
    one = defs.load_asset_value("summaries", partition_key=ws.store.partitions(SUMMARIES)[0].key)
    assert len(one) == 1 and isinstance(one["atoms"].iloc[0], list)


def test_search_on_a_terminal_numbers_hits_by_rank_and_shows_a_hit_found_only_in_the_transcript(demo, capsys):
    config = str(demo / "jezero.toml")
    assert main(["-c", config, "search", "duckdb extension"]) == 0
    out = capsys.readouterr().out
    ranks = re.findall(r"^(\d+)\. \d{4}-\d\d-\d\d .* id (\d+)$", out, re.M)
    assert [r for r, _ in ranks] == [str(i + 1) for i in range(len(ranks))] and len(ranks) >= 2
    assert "in the transcript:" in out, "a hit found only in the original shows where"
    assert out.rstrip().endswith(f"{len(ranks)} results")
    assert main(["-c", config, "search", "ERR_PNPM_OUTDATED_LOCKFILE", "--limit", "1"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("\n1 result")


@pytest.mark.parametrize("limit", ["0", "-5", "many"])
def test_search_limit_takes_one_or_more(demo, limit, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["-c", str(demo / "jezero.toml"), "search", "lockfile", "--limit", limit])
    assert exit_.value.code == 2 and "--limit" in capsys.readouterr().err


def test_later_of_a_missing_item_names_it(demo, capsys):
    assert main(["-c", str(demo / "jezero.toml"), "later", "999999"]) == 1
    got = capsys.readouterr()
    assert got.err.strip() == "no item 999999 in the library" and "matched_by" not in got.out


def test_stats_sources_and_a_cost_preview_read_as_text_and_as_one_json_object(demo, capsys):
    config = str(demo / "jezero.toml")
    for argv in (
        ["stats"],
        ["sources"],
        ["retag", "--dry-run"],
        ["resummarize", "--since", "2026-03-01", "--until", "2026-04-30", "--dry-run"],
    ):
        assert main(["-c", config, *argv]) == 0
        text = capsys.readouterr().out
        assert not text.lstrip().startswith(("{", "[")), argv
        assert main(["-c", config, *argv, "--json"]) == 0
        assert isinstance(json.loads(capsys.readouterr().out), (dict, list)), argv


def test_help_explains_arguments_and_gives_examples(capsys):
    for argv, wanted in ((["--help"], "examples:"), (["search", "--help"], "{decision,rationale,fix"),
                         (["search", "--help"], "words to find"), (["serve", "--help"], "default 8765")):  # fmt: skip
        with pytest.raises(SystemExit):
            main(argv)
        assert wanted in capsys.readouterr().out, argv


def test_a_command_that_asks_one_question_loads_no_postings_and_eval_keeps_them(
    demo, library, capsys, monkeypatch, tmp_path
):
    """search, show, timeline, later, stats and sources read the postings their question needs
    (a lean reader: its memory flat in the library's size); eval, which asks many, holds them."""
    from jezero_pipeline.library import index

    item = str(first_item(library)["id"])
    held: list[int] = []
    real = index._MemoryLexicon.__init__

    def lexicon(self, segments):
        held.append(1)
        real(self, segments)

    monkeypatch.setattr(index._MemoryLexicon, "__init__", lexicon)
    config = str(demo / "jezero.toml")
    for argv in (["search", "duckdb extension"], ["show", item], ["timeline"], ["later", item], ["stats"], ["sources"]):
        assert main(["-c", config, *argv, "--json"]) == 0, argv
        assert json.loads(capsys.readouterr().out), argv
    assert held == []
    cases = tmp_path / "cases.toml"
    cases.write_text(f'[[case]]\nid = "one"\nquestion = "q"\nquery = "duckdb extension"\nexpect = [{item}]\n')
    assert main(["-c", config, "eval", str(cases), "--mode", "lexical", "--json"]) == 0
    assert "hit@k" in json.loads(capsys.readouterr().out) and held
