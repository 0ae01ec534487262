"""The web page's search cost: p95 through its JSON endpoint against the library's own p95.

    .venv/bin/python bench/web_search.py [--items 100000] [--queries 200] [--path DIR] [--reuse]
        [--report bench/WEB_SEARCH.md | --no-report]

Items and needle queries come from bench/library_scale.py's generator (the same 100k library
and the same error / command / component needles). The page runs as `jezero-pipeline serve
--web` in its own process on 127.0.0.1, the way people run it. Every query is timed twice in
one run, in alternating order: `Library.search` in this process, and GET /api/search over a
kept-alive HTTP connection (guards, routing, the same search, facets, JSON, the socket). Both
ask for the same number of results: the page's default, `[search] max_limit`. For reference,
the same app is also called in this process without a socket (what the page's own code adds),
and the results fragment the page fetches while typing (/results, HTML) is timed over HTTP.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.library_scale import Corpus, machine
from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library.build import refresh_library
from jezero_pipeline.web.data import Library
from jezero_pipeline.web.server import web_app

BENCH_DIR = Path(__file__).resolve().parent
KINDS = ("error", "command", "component")  # the needle kinds a person types into the page
DAYS = 365
BUDGET_MS = 5.0  # the target: the endpoint's p95 within 5 ms of the library's


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def p50_p95(ms: list[float]) -> tuple[float, float]:
    return statistics.median(ms), statistics.quantiles(ms, n=20)[18]


def start_server(folder: Path, library: Path, port: int) -> subprocess.Popen:
    """`jezero-pipeline serve --web` on 127.0.0.1:port over `library`, in its own process."""
    config = folder / "jezero.toml"
    config.write_text(f"[storage]\npath = {json.dumps(str(library))}\n", encoding="utf-8")
    exe = Path(sys.executable).parent / "jezero-pipeline"
    proc = subprocess.Popen(
        [str(exe), "-c", str(config), "serve", "--web", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"the web server exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    sys.exit("the web server did not start in 60 s")


def get(conn: http.client.HTTPConnection, path: str) -> bytes:
    conn.request("GET", path, headers={"Accept": "application/json"})
    resp = conn.getresponse()
    body = resp.read()
    if resp.status != 200:
        sys.exit(f"GET {path}: {resp.status} {body[:300]!r}")
    return body


def asgi_get(loop: asyncio.AbstractEventLoop, app, path: str, query: str) -> bytes:
    """One GET through the ASGI app in this process: everything but the socket and the server."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query.encode(),
        "headers": [(b"host", b"127.0.0.1:8765"), (b"accept", b"application/json")],
        "server": ("127.0.0.1", 8765),
        "client": ("127.0.0.1", 50000),
    }
    body: list[bytes] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.body":
            body.append(message.get("body", b""))

    loop.run_until_complete(app(scope, receive, send))
    return b"".join(body)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=200, help="needle queries per kind")
    ap.add_argument("--path", type=Path, default=None, help="folder for the library file")
    ap.add_argument("--reuse", action="store_true", help="keep a library already at --path")
    ap.add_argument("--report", type=Path, default=BENCH_DIR / "WEB_SEARCH.md")
    ap.add_argument("--no-report", action="store_true", help="print only")
    args = ap.parse_args()

    host = machine()
    folder = args.path or Path(tempfile.mkdtemp(prefix="jezero-web-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    library_path = folder / "library.duckdb"
    corpus = Corpus(args.items, DAYS)
    if not (args.reuse and library_path.exists()):
        built = refresh_library(library_path, folder / "state", corpus.partitions(5000, {}), rebuild=True)
        print(f"built {built.items:,} items in {built.seconds:.1f} s ({library_path})", flush=True)
    rng = random.Random(11)
    sample = rng.sample(range(args.items), min(args.queries, args.items))
    queries = [corpus.needle(i)[kind] for kind in KINDS for i in sample]
    gc.collect()
    gc.freeze()
    limit = SearchConfig().max_limit

    lib = Library(library_path)
    in_process = web_app(lib)  # the page over this very Library object
    loop = asyncio.new_event_loop()
    port = free_port()
    proc = start_server(folder, library_path, port)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        for q in ("warm up", queries[0]):  # opens the file and loads the per-item arrays on both sides
            lib.search(q, limit=limit)
            get(conn, "/api/search?" + urlencode({"q": q}))
            get(conn, "/results?" + urlencode({"q": q}))
            asgi_get(loop, in_process, "/api/search", urlencode({"q": q}))
        lib_ms, api_ms, html_ms, asgi_ms = [], [], [], []
        lib_cpu, asgi_cpu = [], []  # CPU time of this process: what waiting for a core does not inflate

        def direct(q: str) -> None:
            t, c = time.perf_counter(), time.process_time()
            lib.search(q, limit=limit)
            lib_ms.append((time.perf_counter() - t) * 1000)
            lib_cpu.append((time.process_time() - c) * 1000)

        def endpoint(q: str) -> None:
            t = time.perf_counter()
            body = get(conn, "/api/search?" + urlencode({"q": q}))  # until the last byte is in
            api_ms.append((time.perf_counter() - t) * 1000)
            assert json.loads(body)["count"] >= 1, q

        for n, q in enumerate(queries):
            for step in (direct, endpoint) if n % 2 == 0 else (endpoint, direct):
                step(q)
            t, c = time.perf_counter(), time.process_time()
            asgi_get(loop, in_process, "/api/search", urlencode({"q": q}))
            asgi_ms.append((time.perf_counter() - t) * 1000)
            asgi_cpu.append((time.process_time() - c) * 1000)
            t = time.perf_counter()
            get(conn, "/results?" + urlencode({"q": q}))
            html_ms.append((time.perf_counter() - t) * 1000)
    finally:
        conn.close()
        loop.close()
        lib.close()
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)

    (lib50, lib95), (api50, api95), (html50, html95) = p50_p95(lib_ms), p50_p95(api_ms), p50_p95(html_ms)
    asgi50, asgi95 = p50_p95(asgi_ms)
    paired = statistics.median(a - d for a, d in zip(api_ms, lib_ms))  # the same query both ways
    paired_asgi = statistics.median(a - d for a, d in zip(asgi_ms, lib_ms))
    cpu_added = statistics.median(a - d for a, d in zip(asgi_cpu, lib_cpu))
    verdict = "yes" if api95 - lib95 <= BUDGET_MS else "NO"
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = f"python bench/web_search.py --items {args.items} --queries {args.queries}"  # no machine paths
    lines = [
        "# Web page search: the JSON endpoint against the library",
        "",
        f"Generated by `{command}` on {when} (do not edit by hand).",
        f"Machine: {host}. Shared and noisy: compare within this run.",
        f"{args.items:,} generated items (bench/library_scale.py's generator); {len(queries)} needle queries "
        f"({args.queries} per kind: {', '.join(KINDS)}), limit {limit} (the page's default), warm, "
        "timed alternately in one run.",
        "",
        "| path | p50, ms | p95, ms |",
        "|---|---:|---:|",
        f"| `Library.search` in process | {lib50:.1f} | {lib95:.1f} |",
        f"| GET /api/search (`serve --web`, own process, HTTP keep-alive) | {api50:.1f} | {api95:.1f} |",
        f"| the same JSON request through the app in this process (no socket) | {asgi50:.1f} | {asgi95:.1f} |",
        f"| GET /results (the HTML fragment fetched while typing) | {html50:.1f} | {html95:.1f} |",
        "",
        f"JSON endpoint p95 minus library p95: **{api95 - lib95:+.1f} ms** "
        f"(budget {BUDGET_MS:.0f} ms: within it: {verdict}). Median of the per-query difference "
        f"from the library (the same query both ways): {paired:+.1f} ms over HTTP, {paired_asgi:+.1f} ms "
        "through the app without a socket. CPU time the page's code adds to a search (median per query, "
        f"in this process, not inflated by waiting for a core): {cpu_added:+.1f} ms.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if not args.no_report:
        args.report.write_text(text, encoding="utf-8")
        print(f"wrote {args.report}")


if __name__ == "__main__":
    main()
