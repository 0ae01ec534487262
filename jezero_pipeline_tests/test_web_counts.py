"""The web page counts what the CLI and the MCP tools count, on a library with a delta.

After a refresh that only rewrites the delta (the normal case), the library is the base's items
less the delta's tombstones, plus the delta's items. The page's project counts, its weekly chart
and an item's session list must be those of that library, as `stats`, `timeline` and
`list_sources` report it through the CLI and the MCP server.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import anyio
from mcp import Client
from web_library import request, serving

from jezero_pipeline.cli import main as cli_main
from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library.build import PartitionSource, delta_path, items_table, refresh_library
from jezero_pipeline.library.mcp_server import build_server
from jezero_pipeline.library.reader import Library
from jezero_pipeline.web.server import web_app

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
SOURCE = "claude-code"
LIMIT = 500  # more than the library holds: every item in one timeline


def _item(session: str, n: int, day: int, project: str, title: str) -> dict:
    ext = f"{session}#{n}"
    return {
        "source": SOURCE,
        "external_id": ext,
        "session_id": session,
        "occurred_at": NOW - timedelta(days=day, minutes=10 - n),
        "title": title,
        "summary": f"{title}, in segment {n} of {session}",
        "questions": [],
        "atoms": [{"kind": "fact", "text": f"fact {ext}"}],
        "project": project,
        "trust": "own",
        "original": f"[user] {title}",
        "original_ref": f"{SOURCE}-session:{session}",
        "content_hash": f"h-{ext}-{title}",
    }


def _day(day: int, project: str, title: str, sessions: int = 4, segments: int = 5, drop: int = 0) -> list[dict]:
    """A day partition: `sessions` sessions of `segments` segments, less the last `drop` segments."""
    rows = [_item(f"s{day}-{k}", n, day, project, title) for k in range(sessions) for n in range(segments)]
    return rows[: len(rows) - drop]


def _source(rows: list[dict], version: str) -> PartitionSource:
    table = items_table(rows)
    return PartitionSource(version, lambda: table.to_batches(max_chunksize=7))


def _library(tmp_path: Path) -> Path:
    """A base of 6 day partitions, 120 items of project `alpha` over six weeks; then a refresh
    that leaves a delta: one day's items replaced by ones of project `beta` (three of its
    segments removed) and a new day with one new session of three segments."""
    path, state = tmp_path / "library.duckdb", tmp_path / "state"
    days = {f"{SOURCE}|{d}": _source(_day(d, "alpha", f"day {d} work"), "v1") for d in (3, 10, 17, 24, 31, 38)}
    assert refresh_library(path, state, days).mode == "full"
    days[f"{SOURCE}|10"] = _source(_day(10, "beta", "day 10 redone", drop=3), "v2")
    days[f"{SOURCE}|1"] = _source(_day(1, "beta", "new session", sessions=1, segments=3), "v1")
    report = refresh_library(path, state, days, merge_share=10)
    assert (report.mode, report.items, report.delta_items) == ("delta", 120, 20)
    assert delta_path(path).exists()
    return path


def _cli(capsys, config: Path, *args: str) -> dict:
    assert cli_main(["-c", str(config), *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _mcp(path: Path, calls: list[tuple[str, dict]]) -> list[dict]:
    async def main() -> list[dict]:
        async with Client(build_server(Library(path, SearchConfig(max_limit=LIMIT), now=lambda: NOW))) as client:
            return [json.loads((await client.call_tool(name, args)).content[0].text) for name, args in calls]

    return anyio.run(main)


def _monday(iso: str) -> str:
    day = date.fromisoformat(iso[:10])
    return (day - timedelta(days=day.weekday())).isoformat()


def test_the_page_counts_the_live_items_as_the_cli_and_the_mcp_tools_do(tmp_path, capsys):
    path = _library(tmp_path)
    config = tmp_path / "jezero.toml"
    config.write_text(f'[storage]\npath = "{path.name}"\n\n[search]\nmax_limit = {LIMIT}\n')

    stats = _cli(capsys, config, "stats")
    sources = _cli(capsys, config, "sources")
    cli_timeline = {
        p: _cli(capsys, config, "timeline", "--project", p, "--limit", str(LIMIT)) for p in ("alpha", "beta")
    }
    mcp_sources, mcp_alpha, mcp_beta = _mcp(
        path,
        [
            ("list_sources", {}),
            ("timeline", {"project": "alpha", "limit": LIMIT}),
            ("timeline", {"project": "beta", "limit": LIMIT}),
        ],
    )
    mcp_timeline = {"alpha": mcp_alpha, "beta": mcp_beta}
    # The CLI and the MCP tools agree, on the library after the refresh: 100 + 17 + 3 items.
    assert stats["items"] == 120 and stats["projects"] == 2 and stats["delta_items"] == 20
    assert sources == mcp_sources and [s["items"] for s in sources["sources"]] == [120]
    assert {p: t["count"] for p, t in cli_timeline.items()} == {"alpha": 100, "beta": 20}
    assert all(cli_timeline[p]["results"] == mcp_timeline[p]["results"] for p in ("alpha", "beta"))

    def session(name: str) -> list[int]:
        """The ids of a session's segments in order, as the MCP timeline reports them."""
        rows = [r for r in mcp_beta["results"] + mcp_alpha["results"] if r["session_id"] == name]
        return [r["id"] for r in sorted(rows, key=lambda r: int(r["external_id"].rpartition("#")[2]))]

    new, cut = session("s1-0"), session("s10-3")  # a new session; one the refresh cut to 2 segments
    assert (len(new), len(cut)) == (3, 2)
    with serving(web_app(Library(path, SearchConfig(max_limit=LIMIT), now=lambda: NOW))) as base:
        stats_page = request(base, "/stats")[2].decode()
        charts = {p: request(base, f"/timeline?project={p}")[2].decode() for p in ("alpha", "beta")}
        item_pages = {i: request(base, f"/item/{i}")[2].decode() for i in (new[1], cut[0])}

    # Items per project, on the stats page.
    shown = dict(re.findall(r'<a href="/timeline\?project=(\w+)">\w+</a></td><td class="n">(\d+)</td>', stats_page))
    assert {p: int(n) for p, n in shown.items()} == {p: t["count"] for p, t in cli_timeline.items()}
    assert len(shown) == stats["projects"]
    # Items per week, on each project's timeline chart (weeks without any drawn empty).
    for project, page in charts.items():
        weeks = {w: int(n) for w, n in re.findall(r"<title>week of (\S+): (\d+) items?</title>", page) if n != "0"}
        assert weeks == dict(Counter(_monday(r["occurred_at"]) for r in mcp_timeline[project]["results"]))
    # A session's segments in order, on one of its items' page: the others linked, this one not.
    for ids in (new, cut):
        current = ids[1] if len(ids) > 2 else ids[0]
        listed = re.search(r'<ol class="session-list">(.*?)</ol>', item_pages[current], re.S)
        assert listed is not None, f"no session list on the page of item {current}"
        assert [int(i) for i in re.findall(r'href="/item/(\d+)"', listed.group(1))] == [i for i in ids if i != current]
        assert listed.group(1).count('aria-current="true"') == 1
