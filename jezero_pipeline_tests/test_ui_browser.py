"""The Dagster UI, in a real browser: the six assets and their lineage edges are on screen.

Starts `dagster-webserver` on 127.0.0.1 with the repo's workspace.yaml (a temporary
DAGSTER_HOME and config, so nothing is written into the checkout), drives Debian's
headless Chromium through Playwright to the global asset lineage page, and reads the
graph from the rendered SVG: node labels for the names, edge paths matched to the node
boxes they join for the lineage. The webserver's GraphQL answer is checked too, so a
wrong picture and a wrong definition are told apart.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from services import free_port, missing, repo_instance
from sessionfiles import write_samples_config

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ASSETS = {"raw_sessions", "segments", "redacted_segments", "summaries", "search_index", "embeddings"}
LINEAGE = {
    ("raw_sessions", "segments"),
    ("segments", "redacted_segments"),
    ("redacted_segments", "summaries"),
    ("summaries", "search_index"),
    ("search_index", "embeddings"),
}
ASSET_NODES_QUERY = "{ assetNodes { assetKey { path } dependencyKeys { path } } }"

pytestmark = pytest.mark.slow


def graphql(base_url: str, query: str) -> dict:
    req = urllib.request.Request(
        f"{base_url}/graphql", data=json.dumps({"query": query}).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def write_instance_and_config(tmp_path: Path) -> tuple[Path, Path]:
    """The repo's dagster.yaml with its storage moved into tmp_path, and a config on data/samples."""
    # nux off: the first-visit "join the community" dialog covers the graph
    home = repo_instance(tmp_path / "dagster_home", nux={"enabled": False})

    config = write_samples_config(tmp_path / "jezero.toml", REPO / "data" / "samples", tmp_path)
    return home, config


def wait_for_code_location(proc: subprocess.Popen, base_url: str, log: Path, timeout: float = 120) -> None:
    """The server answers /server_info before the code location is loaded: wait for both."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"dagster-webserver exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            urllib.request.urlopen(f"{base_url}/server_info", timeout=5).read()
            nodes = graphql(base_url, ASSET_NODES_QUERY).get("data", {}).get("assetNodes") or []
            if len(nodes) >= len(ASSETS):
                return
            last = f"{len(nodes)} asset nodes so far"
        except (urllib.error.URLError, OSError, ValueError) as err:
            last = str(err)
        time.sleep(0.5)
    pytest.fail(f"dagster-webserver not ready after {timeout}s ({last}):\n{log.read_text()[-3000:]}")


@pytest.fixture
def webserver(tmp_path: Path) -> Iterator[str]:
    """`dagster-webserver -w workspace.yaml` from the repo root; yields its base URL."""
    samples = REPO / "data" / "samples"
    assert (samples / "claude-code").is_dir() and (samples / "codex").is_dir(), f"{samples} is missing"
    exe = Path(sys.executable).parent / "dagster-webserver"
    assert exe.exists(), f"{exe} not found: install the project with `pip install -e '.[test]'`"
    home, config = write_instance_and_config(tmp_path)
    port = free_port()
    log = tmp_path / "webserver.log"
    env = {**os.environ, "DAGSTER_HOME": str(home), "JEZERO_CONFIG": str(config)}
    with log.open("w") as out:
        # own process group: the webserver starts a code-server child, and both must go
        proc = subprocess.Popen(
            [str(exe), "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_for_code_location(proc, base_url, log)
        yield base_url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


# Reads the lineage graph as drawn: each asset node is a <foreignObject> (groups carry the
# class "group"); each edge is a <path> with an arrow marker, drawn from the right side of its
# upstream node's box to the left side of its downstream node's box.
READ_GRAPH_JS = """
(names) => {
  const svg = document.querySelector('svg[class*="AssetGraphExplorer_svgContainer"]');
  if (!svg) return null;
  const nodes = [];
  for (const fo of svg.querySelectorAll('foreignObject:not(.group)')) {
    const label = Array.from(fo.querySelectorAll('*')).find(
      el => el.children.length === 0 && names.includes(el.textContent.trim()));
    if (!label) continue;
    nodes.push({name: label.textContent.trim(), x: +fo.getAttribute('x'), y: +fo.getAttribute('y'),
                w: +fo.getAttribute('width'), h: +fo.getAttribute('height')});
  }
  const edges = Array.from(svg.querySelectorAll('path[marker-end]')).map(p => p.getAttribute('d'));
  return {nodes, edges};
}
"""


def nearest_node(nodes: list[dict], x: float, y: float) -> tuple[str, float]:
    """The node whose box is closest to the point, and how far the point is from it."""

    def distance(n: dict) -> float:
        dx = max(n["x"] - x, 0, x - (n["x"] + n["w"]))
        dy = max(n["y"] - y, 0, y - (n["y"] + n["h"]))
        return (dx * dx + dy * dy) ** 0.5

    best = min(nodes, key=distance)
    return best["name"], distance(best)


def edges_from_paths(nodes: list[dict], paths: list[str]) -> set[tuple[str, str]]:
    edges = set()
    for d in paths:
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
        assert len(nums) >= 4, f"unexpected edge path {d!r}"
        src, src_gap = nearest_node(nodes, nums[0], nums[1])
        dst, dst_gap = nearest_node(nodes, nums[-2], nums[-1])
        assert src_gap < 30 and dst_gap < 30, f"edge {d!r} does not join two asset nodes"
        edges.add((src, dst))
    return edges


def test_asset_graph_shows_the_six_assets_and_their_lineage(webserver: str, tmp_path: Path) -> None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the playwright package is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} not found: apt-get install chromium")

    # What the server says the definitions are (the picture must match this).
    nodes = graphql(webserver, ASSET_NODES_QUERY)["data"]["assetNodes"]
    declared = {"/".join(n["assetKey"]["path"]) for n in nodes}
    declared_edges = {
        ("/".join(d["path"]), "/".join(n["assetKey"]["path"])) for n in nodes for d in n["dependencyKeys"]
    }
    assert declared == ASSETS
    assert declared_edges == LINEAGE

    screenshot = tmp_path / "asset-graph.png"
    with sync_playwright() as pw:
        browser = pw.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1600, "height": 1000},
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{webserver}/asset-groups", wait_until="domcontentloaded")
            page.get_by_text("Global asset lineage").first.wait_for()
            graph = page.locator('svg[class*="AssetGraphExplorer_svgContainer"]')
            graph.wait_for()
            # One group: the lineage opens on every asset, with no group to expand first.
            for name in sorted(ASSETS):
                graph.get_by_text(name, exact=True).first.wait_for(state="visible")
            page.wait_for_function(
                'n => document.querySelectorAll(\'svg[class*="AssetGraphExplorer_svgContainer"] '
                "path[marker-end]').length >= n",
                arg=len(LINEAGE),
            )
            drawn = page.evaluate(READ_GRAPH_JS, sorted(ASSETS))
            page.screenshot(path=str(screenshot))
        finally:
            browser.close()

    assert drawn is not None, "no asset graph on the page"
    assert {n["name"] for n in drawn["nodes"]} == ASSETS
    assert len(drawn["nodes"]) == len(ASSETS), drawn["nodes"]
    assert edges_from_paths(drawn["nodes"], drawn["edges"]) == LINEAGE
    # Edges inside a group are drawn twice (group layer and graph layer): count distinct paths.
    assert len(set(drawn["edges"])) == len(LINEAGE), drawn["edges"]
    png = screenshot.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000, f"{screenshot}: not a real screenshot"
