"""Our pipeline and Jezero 0.1.0 side by side, on the same corpus and the same fake model.

Every speed and cost claim is a ratio against Jezero measured in the same run: this script
generates a corpus (bench/corpus.py), starts the fake model server twice as separate processes
(latency 0 and 200 ms), runs both tools in fresh state folders with concurrency 4, repeats,
and prints one table of medians; it also writes it to bench/RESULTS.md, as the section of
that corpus size (the sections of other sizes are kept). The short commands (nothing changed,
one session appended) run SMALL_RUN_DRAWS times in each repeat and report their median and
slowest draw: a single draw of a two-second command is mostly this machine's noise.

    python -m bench.run_all [--sessions N] [--repeats R] [--no-slow] [--out bench/RESULTS.md] [--quick]

Both tools are measured the same way: wall time of the whole command (interpreter start
included), peak RSS and transcript bytes opened, from a launcher that runs the tool's console
script in-process with a Python audit hook (`open` events under the corpus folder) and reads
getrusage at exit; model calls from the fake server's counters; secrets from the server's
request log and the library file.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

from bench import corpus, jezero_side, proctree

REPO = Path(__file__).resolve().parent.parent
OUR_PYTHON = Path(sys.executable)
OUR_CLI = OUR_PYTHON.parent / "jezero-pipeline"
DEFAULT_SESSIONS = 200  # fits `make bench` in under 10 minutes on 2 shared cores (see README)
DEFAULT_REPEATS = 3
QUICK_SESSIONS, QUICK_REPEATS = 100, 1
CONCURRENCY = 4
SLOW_LATENCY = 0.2
SEED = 7
SMALL_RUN_DRAWS = 5  # the no-change and appended-session runs: median (and slowest) of this many
MAX_QUERIES_PER_KIND = 600  # search timing and hits over at most 1,800 needle queries

# Runs a console script in this process with an audit hook counting the bytes of transcript
# files opened for reading, and writes {maxrss_kb, transcript_bytes, files} to $BENCH_STATS.
LAUNCHER = r"""
import atexit, json, os, resource, runpy, sys
root = os.environ["BENCH_CORPUS"]
opened = {}
def hook(event, args):
    if event != "open" or isinstance(args[0], int):
        return
    p = os.fsdecode(args[0])
    if not p.startswith(root):
        return
    mode, flags = args[1], args[2]
    reading = ("r" in mode or "+" in mode) if isinstance(mode, str) else not (flags & os.O_WRONLY)
    if reading:
        try:
            opened[p] = opened.get(p, 0) + os.path.getsize(p)
        except OSError:
            pass
sys.addaudithook(hook)
def stats():
    rss = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
              resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    with open(os.environ["BENCH_STATS"], "w") as f:
        json.dump({"maxrss_kb": rss, "transcript_bytes": sum(opened.values()), "files": len(opened)}, f)
atexit.register(stats)  # registered first, run last: also by a command that ends with os._exit after them
script = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(script, run_name="__main__")
"""


# --- the fake model servers -----------------------------------------------------------------


class Server:
    """`python -m bench.fake_model_server` as a separate process, so its threads do not share
    the GIL with anything measured."""

    def __init__(self, latency: float, log: Path):
        self.latency, self.log = latency, log
        self.proc = subprocess.Popen(
            [
                str(OUR_PYTHON),
                "-m",
                "jezero_pipeline_tests.fake_model_server",
                "--port",
                "0",
                "--latency",
                str(latency),
                "--log",
                str(log),
            ],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"fake model server did not start (latency {latency})")

    def reset(self) -> None:
        urlopen(Request(self.url + "/stats/reset", data=b"{}", method="POST"), timeout=10).read()

    def calls(self) -> int:
        return json.loads(urlopen(self.url + "/stats", timeout=10).read())["total_calls"]

    def stats(self) -> dict[str, Any]:
        return json.loads(urlopen(self.url + "/stats", timeout=10).read())

    def log_lines(self) -> int:
        return sum(1 for _ in self.log.open()) if self.log.exists() else 0

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class CallWindow:
    """Polls a server every 20 ms during a run: the time from the first model call seen to the
    last one finished, i.e. the summarise stage's wall time, measured the same for both tools."""

    def __init__(self, server: Server):
        self.server, self.first, self.last, self._stop = server, None, None, threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        seen = 0
        while not self._stop.is_set():
            st = self.server.stats()
            now = time.perf_counter()
            if st["total_calls"] > 0 and self.first is None:
                self.first = now
            if st["total_calls"] != seen or st["in_flight"]:
                seen, self.last = st["total_calls"], now
            self._stop.wait(0.02)

    def __enter__(self) -> CallWindow:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def seconds(self) -> float | None:
        return None if self.first is None else self.last - self.first


# --- one measured command -------------------------------------------------------------------


def measured(cmd: list[str], env: dict[str, str], corpus_dir: Path, workdir: Path) -> dict[str, Any]:
    """Run `cmd` (its first item a Python console script) under the launcher; wall time, peak
    RSS of its largest process, the peak of its whole process tree's summed PSS and the most
    processes alive at once (sampled every 50 ms), transcript bytes opened, stdout. Raises with
    the command's stderr when it fails."""
    stats = workdir / f"stats-{time.monotonic_ns()}.json"
    python = Path(cmd[0]).parent / "python"
    env = {**env, "BENCH_CORPUS": str(corpus_dir), "BENCH_STATS": str(stats)}
    proc, tree = proctree.run_sampled([str(python), "-c", LAUNCHER, *cmd], env=env, cwd=workdir)
    wall = tree["wall"]
    if proc.returncode != 0:
        raise RuntimeError(
            f"command failed ({proc.returncode}): {' '.join(cmd)}\n"
            f"stdout: {proc.stdout[-2000:]}\nstderr: {proc.stderr[-4000:]}"
        )
    s = json.loads(stats.read_text())
    return {
        "wall": wall,
        "rss_mb": s["maxrss_kb"] / 1024,
        "tree_pss_mb": tree["tree_pss_mb"],
        "processes": tree["processes"],
        "transcript_bytes": s["transcript_bytes"],
        "stdout": proc.stdout,
    }


# --- the two sides --------------------------------------------------------------------------


class Side:
    name = ""

    def __init__(self, corpus_dir: Path, workdir: Path):
        self.corpus_dir, self.workdir = corpus_dir, workdir

    def fresh(self, label: str, server: Server) -> Path:
        """A new, empty state folder with this side's config pointing at `server`."""
        d = self.workdir / f"{self.name}-{label}"
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        self.write_config(d, server.url)
        return d

    def env(self, state: Path) -> dict[str, str]:
        return {**os.environ, jezero_side.API_KEY_ENV: "bench-fake-key"}


def our_config(d: Path, url: str, corpus_dir: Path, concurrency: int = CONCURRENCY, summarizer_extra: str = "") -> str:
    """Our config for a state folder `d`: the corpus's two connectors, the fake server at `url`."""
    return f"""\
[storage]
path = "{d / "library.duckdb"}"
staging_dir = "{d / "staging"}"

[summarizer]
provider = "anthropic"
base_url = "{url}"
model = "fake"
api_key_env = "{jezero_side.API_KEY_ENV}"
max_concurrency = {concurrency}
{summarizer_extra}
[projects]
git = false

[[connectors]]
name = "{corpus.CLAUDE_SOURCE}"
type = "claude_code"
[connectors.options]
projects_dir = "{corpus_dir / "claude" / "projects"}"
settle_minutes = 0

[[connectors]]
name = "{corpus.CODEX_SOURCE}"
type = "codex"
[connectors.options]
sessions_dir = "{corpus_dir / "codex" / "sessions"}"
settle_minutes = 0
"""


class Ours(Side):
    name = "ours"

    def write_config(self, d: Path, url: str) -> None:
        (d / "dagster_home").mkdir()
        shutil.copy(
            REPO / "dagster.yaml", d / "dagster_home" / "dagster.yaml"
        )  # what users run: its paths are relative
        (d / "jezero.toml").write_text(our_config(d, url, self.corpus_dir))

    def env(self, state: Path) -> dict[str, str]:
        return {**super().env(state), "DAGSTER_HOME": str(state / "dagster_home")}

    def run(self, state: Path, dry_run: bool = False) -> dict[str, Any]:
        cmd = [str(OUR_CLI), "-c", str(state / "jezero.toml"), "run", "--json"] + (["--dry-run"] if dry_run else [])
        m = measured(cmd, self.env(state), self.corpus_dir, state)
        answer = json.loads(m["stdout"])
        per_conn = answer["connectors"]
        failed = [r for r in [*per_conn, answer.get("library", {})] if r.get("success") is False or r.get("failed")]
        if failed:
            raise RuntimeError(f"our run reported failures: {json.dumps(failed)[:2000]}")
        m["docs"] = sum(r.get("docs", 0) for r in per_conn)
        m["own_bytes_read"] = sum(r.get("bytes_read", 0) for r in per_conn)
        return m

    def search(self, state: Path, queries: list[str]) -> list[dict[str, Any]]:
        from jezero_pipeline.library.reader import Library

        lib = Library(state / "library.duckdb")
        lib.search("warm up", limit=5)
        out = []
        for q in queries:
            t0 = time.perf_counter()
            res = lib.search(q, limit=5)
            dt = time.perf_counter() - t0
            out.append(
                {
                    "seconds": dt,
                    "results": [{"source": r["source"], "external_id": r["external_id"]} for r in res["results"]],
                }
            )
        lib.close()
        return out

    def library_texts(self, state: Path) -> list[str]:
        import duckdb

        from jezero_pipeline.library.schema import joined_sql

        con = duckdb.connect(str(state / "library.duckdb"), read_only=True)
        try:
            texts = []
            tables = [
                t
                for (t,) in con.execute(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
                ).fetchall()
            ]
            for t in tables:  # every column of every table, lists and structs as their text
                # originals whole: a secret cut at a chunk boundary would be missed chunk by chunk
                sql = joined_sql("originals", "true") if t == "originals" else f'SELECT * FROM "{t}"'
                texts += ["\n".join(str(v) for v in row if v is not None) for row in con.execute(sql).fetchall()]
            return texts
        finally:
            con.close()


class Jezero(Side):
    name = "jezero"

    def write_config(self, d: Path, url: str) -> None:
        jezero_side.write_config(
            d / "jezero.toml",
            db_path=d / "jezero.db",
            claude_dir=self.corpus_dir / "claude" / "projects",
            codex_dir=self.corpus_dir / "codex" / "sessions",
            base_url=url,
            concurrency=CONCURRENCY,
        )

    def run(self, state: Path, dry_run: bool = False) -> dict[str, Any]:
        m = measured(
            jezero_side.run_command(state / "jezero.toml", dry_run=dry_run), self.env(state), self.corpus_dir, state
        )
        reports = jezero_side.parse_reports(m["stdout"])
        failed = [r for r in reports if r.get("failed") or r.get("errors")]
        if failed:
            raise RuntimeError(f"jezero run reported failures: {json.dumps(failed)[:2000]}")
        m["docs"] = sum(r.get("docs", 0) for r in reports)
        return m

    def search(self, state: Path, queries: list[str]) -> list[dict[str, Any]]:
        return jezero_side.search_many(state / "jezero.toml", queries, limit=5, workdir=state)

    def library_texts(self, state: Path) -> list[str]:
        return jezero_side.library_texts(state / "jezero.db")


# --- the measurements -----------------------------------------------------------------------


def append_one_record(corpus_dir: Path, repeat: int) -> int:
    """Append one user turn to the first Claude Code session of the corpus (each side appends
    its own repeat's line, so both see exactly one grown file); returns the bytes added."""
    path = sorted((corpus_dir / "claude" / "projects").rglob("*.jsonl"))[0]
    last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    record = {**last, "type": "user", "uuid": f"bench-append-{repeat}-{time.monotonic_ns()}",
              "message": {"role": "user", "content": f"One more question after the run ({repeat})."}}  # fmt: skip
    line = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    with path.open("ab") as f:
        f.write(line)
    stamp = time.time() - 7200  # settled
    os.utime(path, (stamp, stamp))
    return len(line)


def staging_mtimes(state: Path) -> dict[str, int]:
    """Every staging file of a state folder with its mtime (ns): what a run rewrote."""
    root = state / "staging"
    return {str(p): p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()} if root.is_dir() else {}


def needles_sample(needles: list[dict[str, Any]], per_kind: int = MAX_QUERIES_PER_KIND) -> list[dict[str, Any]]:
    """At most `per_kind` needles of each kind, evenly spread over the corpus (deterministic)."""
    out = []
    for kind in corpus.NEEDLE_KINDS:
        of_kind = [x for x in needles if x["kind"] == kind]
        step = max(1, -(-len(of_kind) // per_kind))
        out += of_kind[::step]
    return out


def hits(results: list[dict[str, Any]], needles: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """hit@1 and hit@5 of the needle's session, per needle kind."""
    by_kind: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for needle, res in zip(needles, results):
        ranks = [
            i
            for i, r in enumerate(res["results"])
            if r["source"] == needle["source"] and str(r["external_id"]).split("#")[0] == needle["session_id"]
        ]
        first = ranks[0] if ranks else 99
        by_kind[needle["kind"]].append((first < 1, first < 5))
    return {
        k: {"hit@1": sum(a for a, _ in v) / len(v), "hit@5": sum(b for _, b in v) / len(v)} for k, v in by_kind.items()
    }


def secrets_found(
    secrets: list[dict[str, Any]], server: Server, start: int, end: int, library: list[str]
) -> tuple[list[str], list[str]]:
    """(planted secrets seen in request bodies logged in lines [start, end), in the library)."""
    runs: set[str] = set()
    with server.log.open() as f:
        for i, line in enumerate(f):
            if start <= i < end:
                runs |= corpus.text_runs(json.loads(line)["body"])
    lib_runs: set[str] = set()
    for text in library:
        lib_runs |= corpus.text_runs(text)
    kinds = lambda found: sorted(s["kind"] for s in found)  # noqa: E731
    return kinds(corpus.leaked_secrets(secrets, runs)), kinds(corpus.leaked_secrets(secrets, lib_runs))


def _median_and_max(runs: list[dict[str, Any]], key: str) -> tuple[float, float]:
    values = [x[key] for x in runs]
    return statistics.median(values), max(values)


def one_repeat(
    side: Side,
    r: int,
    fast: Server,
    slow: Server,
    queries: list[str],
    needles: list[dict[str, Any]],
    secrets: list[dict[str, Any]],
    mb: float,
    n: int,
    with_slow: bool = True,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    state = side.fresh(f"dry{r}", fast)
    dry = side.run(state, dry_run=True)
    out["dry_wall"], out["dry_mbps"], out["dry_sps"] = dry["wall"], mb / dry["wall"], n / dry["wall"]
    out["docs"] = dry["docs"]

    state = side.fresh(f"full0-{r}", fast)
    fast.reset()
    log_start = fast.log_lines()
    first = side.run(state)
    out["first0_wall"], out["first0_calls"] = first["wall"], fast.calls()
    out["first0_tree_mb"], out["first0_procs"] = first["tree_pss_mb"], first["processes"]
    out["first0_bytes"] = first["transcript_bytes"]
    log_end = fast.log_lines()
    seconds = []
    for _ in range(SMALL_RUN_DRAWS):  # short commands: one draw is mostly this machine's noise
        fast.reset()
        second = side.run(state)
        seconds.append({**second, "calls": fast.calls()})
    out["second_wall"], out["second_wall_max"] = _median_and_max(seconds, "wall")
    out["second_calls"] = max(x["calls"] for x in seconds)
    out["second_tree_mb"] = statistics.median(x["tree_pss_mb"] for x in seconds)
    out["second_procs"] = max(x["processes"] for x in seconds)
    out["second_bytes"] = max(x["transcript_bytes"] for x in seconds)
    if "own_bytes_read" in seconds[0]:  # ours reports what it read; Jezero does not
        out["second_own_bytes"] = max(x["own_bytes_read"] for x in seconds)
    grown_runs = []
    for i in range(SMALL_RUN_DRAWS):  # each draw appends one more user turn to the same session
        appended = append_one_record(side.corpus_dir, r * SMALL_RUN_DRAWS + i)
        before = staging_mtimes(state)
        fast.reset()
        grown = side.run(state)
        grown_runs.append({**grown, "growth": appended, "calls": fast.calls()})
        if "own_bytes_read" in grown:
            changed = [p for p, m in staging_mtimes(state).items() if before.get(p) != m]
            days = {Path(p).stem.split(".")[0] for p in changed if "/inventory/" not in p
                    and "/state/" not in p and "/library/" not in p}  # fmt: skip
            grown_runs[-1].update(staging_files=len(changed), staging_days=len(days))
    out["append_growth"] = statistics.median(x["growth"] for x in grown_runs)
    out["append_calls"] = max(x["calls"] for x in grown_runs)
    out["append_wall"], out["append_wall_max"] = _median_and_max(grown_runs, "wall")
    out["append_opened"] = statistics.median(x["transcript_bytes"] for x in grown_runs)
    out["append_tree_mb"], out["append_tree_mb_max"] = _median_and_max(grown_runs, "tree_pss_mb")
    out["append_procs"] = max(x["processes"] for x in grown_runs)
    if "own_bytes_read" in grown_runs[0]:
        out["append_own_bytes"] = statistics.median(x["own_bytes_read"] for x in grown_runs)
        out["append_staging_files"] = max(x["staging_files"] for x in grown_runs)
        out["append_staging_days"] = max(x["staging_days"] for x in grown_runs)
    out["rss_mb"] = max(dry["rss_mb"], first["rss_mb"], *(x["rss_mb"] for x in seconds))
    res = side.search(state, queries)
    out["search_p50_ms"] = 1000 * statistics.median(x["seconds"] for x in res)
    out["search_p95_ms"] = 1000 * statistics.quantiles([x["seconds"] for x in res], n=20)[18]
    if r == 0:
        out["hits"] = hits(res, needles)
        out["secrets_body"], out["secrets_library"] = secrets_found(
            secrets, fast, log_start, log_end, side.library_texts(state)
        )

    shutil.rmtree(side.workdir / f"{side.name}-dry{r}", ignore_errors=True)
    if not with_slow:
        return out
    state = side.fresh(f"full200-{r}", slow)
    slow.reset()
    with CallWindow(slow) as window:
        slow_run = side.run(state)
    st = slow.stats()
    out["first200_wall"], out["first200_calls"] = slow_run["wall"], st["total_calls"]
    out["first200_tree_mb"], out["first200_procs"] = slow_run["tree_pss_mb"], slow_run["processes"]
    out["summarise200"], out["max_in_flight"] = window.seconds, st["max_in_flight"]
    out["ideal200"] = out["first200_calls"] * SLOW_LATENCY / CONCURRENCY
    out["first200_vs_ideal"] = out["first200_wall"] / out["ideal200"] if out["ideal200"] else None
    out["summarise_vs_ideal"] = out["summarise200"] / out["ideal200"] if out["summarise200"] else None
    shutil.rmtree(side.workdir / f"{side.name}-full200-{r}", ignore_errors=True)
    return out


# --- the table ------------------------------------------------------------------------------

ROWS = [  # key, label, unit, format, higher is better
    ("dry_mbps", "collect+segment+redact (`run --dry-run`) throughput", "MB/s", "{:.2f}", True),
    ("dry_sps", "collect+segment+redact throughput", "sessions/s", "{:.1f}", True),
    ("first0_wall", "full first run, latency 0: wall", "s", "{:.1f}", False),
    ("first0_calls", "full first run, latency 0: model calls", "calls", "{:.0f}", False),
    ("first200_wall", "full first run, latency 200 ms: wall", "s", "{:.1f}", False),
    ("first200_calls", "full first run, latency 200 ms: model calls", "calls", "{:.0f}", False),
    ("ideal200", "ideal summarise time at 200 ms (calls × 0.2 s / 4)", "s", "{:.1f}", False),
    ("summarise200", "summarise wall at 200 ms (first model call to last answer)", "s", "{:.1f}", False),
    ("summarise_vs_ideal", "summarise wall / ideal", "×", "{:.2f}", False),
    ("first200_vs_ideal", "whole first run at 200 ms / ideal", "×", "{:.2f}", False),
    ("max_in_flight", "most model calls in flight at 200 ms", "calls", "{:.0f}", False),
    ("first0_bytes", "full first run: transcript bytes opened (audit hook)", "bytes", "{:,.0f}", False),
    ("second_wall", "second run, nothing changed: wall (median of the draws)", "s", "{:.2f}", False),
    ("second_wall_max", "second run, nothing changed: wall (slowest draw)", "s", "{:.2f}", False),
    ("second_calls", "second run, nothing changed: model calls", "calls", "{:.0f}", False),
    ("second_bytes", "second run: transcript bytes opened (audit hook)", "bytes", "{:,.0f}", False),
    ("append_growth", "one session appended to: bytes it grew", "bytes", "{:,.0f}", False),
    ("append_own_bytes", "one session appended to: transcript bytes read (own report)", "bytes", "{:,.0f}", False),
    (
        "append_opened",
        "one session appended to: transcript bytes opened (audit hook, whole files)",
        "bytes",
        "{:,.0f}",
        False,
    ),
    ("append_calls", "one session appended to: model calls", "calls", "{:.0f}", False),
    ("append_staging_files", "one session appended to: staging files rewritten", "files", "{:.0f}", False),
    ("append_staging_days", "one session appended to: days whose staging was rewritten", "days", "{:.0f}", False),
    ("append_wall", "one session appended to: wall (median of the draws)", "s", "{:.2f}", False),
    ("append_wall_max", "one session appended to: wall (slowest draw)", "s", "{:.2f}", False),
    ("first0_tree_mb", "full first run, latency 0: peak of the process tree's summed PSS", "MB", "{:.0f}", False),
    ("first0_procs", "full first run, latency 0: most processes alive at once", "processes", "{:.0f}", False),
    (
        "first200_tree_mb",
        "full first run, latency 200 ms: peak of the process tree's summed PSS",
        "MB",
        "{:.0f}",
        False,
    ),
    ("first200_procs", "full first run, latency 200 ms: most processes alive at once", "processes", "{:.0f}", False),
    (
        "second_tree_mb",
        "second run, nothing changed: peak of the process tree's summed PSS (median of the draws)",
        "MB",
        "{:.0f}",
        False,
    ),
    (
        "append_tree_mb",
        "one session appended to: peak of the process tree's summed PSS (median of the draws)",
        "MB",
        "{:.0f}",
        False,
    ),
    (
        "append_tree_mb_max",
        "one session appended to: peak of the process tree's summed PSS (largest draw)",
        "MB",
        "{:.0f}",
        False,
    ),
    ("append_procs", "one session appended to: most processes alive at once", "processes", "{:.0f}", False),
    (
        "rss_mb",
        "peak RSS of the largest single process (max of dry, first, nothing-changed runs)",
        "MB",
        "{:.0f}",
        False,
    ),
    ("search_p50_ms", "search latency p50 over the needle queries", "ms", "{:.2f}", False),
    ("search_p95_ms", "search latency p95 over the needle queries", "ms", "{:.2f}", False),
]


def median_of(runs: list[dict[str, Any]], key: str) -> float | None:
    vals = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(vals) if vals else None


def ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None:
        return "–"
    if b == 0:
        return "=" if a == 0 else "∞"
    return f"{a / b:.2f}"


def table(ours: list[dict[str, Any]], jez: list[dict[str, Any]]) -> str:
    lines = ["| metric | unit | ours | Jezero 0.1.0 | ours/Jezero |", "|---|---|---:|---:|---:|"]
    for key, label, unit, fmt, _ in ROWS:
        a, b = median_of(ours, key), median_of(jez, key)
        cells = ["–" if v is None else fmt.format(v) for v in (a, b)]
        lines.append(f"| {label} | {unit} | {cells[0]} | {cells[1]} | {ratio(a, b)} |")
    for kind in corpus.NEEDLE_KINDS:
        for h in ("hit@1", "hit@5"):
            a, b = ours[0]["hits"].get(kind, {}).get(h), jez[0]["hits"].get(kind, {}).get(h)
            lines.append(f"| search {h}, needle kind `{kind}` | share | {a:.3f} | {b:.3f} | {ratio(a, b)} |")
    for key, label in (
        ("secrets_body", "planted secrets found in request bodies"),
        ("secrets_library", "planted secrets found in the library file"),
    ):
        cell = lambda kinds: f"{len(kinds)}" + (f" ({', '.join(kinds)})" if kinds else "")  # noqa: E731
        lines.append(f"| {label} | count (kinds) | {cell(ours[0][key])} | {cell(jez[0][key])} | – |")
    return "\n".join(lines)


def recorded_args(argv: list[str] | None) -> list[str]:
    """The arguments as the results give them: without `--workdir`, a folder of the machine
    that ran them, which changes no figure."""
    args, out = list(argv if argv is not None else sys.argv[1:]), []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a == "--workdir":
            skip = True
        elif not a.startswith("--workdir="):
            out.append(a)
    return out


def package_compiled() -> None:
    """Our package's bytecode written, as `make install` does: measured commands then load it
    instead of compiling every module they import (PYTHONDONTWRITEBYTECODE stops them from
    writing it, and Jezero's venv, installed from a wheel, has its own)."""
    compileall.compile_dir(REPO / "jezero_pipeline", quiet=1)


def others_sharing() -> str:
    """Processes outside the bench that map a file of either venv, said on stderr and returned
    for the results' header: they lower the measured commands' PSS, so measure again without them."""
    others = proctree.sharers([Path(sysconfig.get_paths()["platlib"]), jezero_side.VENV])
    for pid, cmd in others.items():
        print(f"warning: process {pid} maps the venvs' libraries, so memory reads low: {cmd[:160]}", file=sys.stderr)
    return f"{len(others)} (memory reads low: measure again without them)" if others else "none"


def machine() -> str:
    mem = next(
        (line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal")), "0"
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, {int(mem) / 1024 / 1024:.1f} GiB RAM, {platform.platform()}; load average {load} at the end"


def versions(jezero_version: str) -> str:
    import importlib.metadata as md

    ours = {p: md.version(p) for p in ("jezero-pipeline", "dagster", "duckdb")}
    return (
        f"jezero-pipeline {ours['jezero-pipeline']} (Python {platform.python_version()}, dagster "
        f"{ours['dagster']}, duckdb {ours['duckdb']}); jezero {jezero_version} (Python 3.12, SQLite "
        f"{_jezero_sqlite()}, tokenizer `{jezero_side.TOKENIZER}`)"
    )


def _jezero_sqlite() -> str:
    out = subprocess.run(
        [str(jezero_side.PYTHON), "-c", "import sqlite3; print(sqlite3.sqlite_version)"], capture_output=True, text=True
    )
    return out.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sessions", type=int, default=None, help=f"corpus size (default {DEFAULT_SESSIONS})")
    p.add_argument(
        "--repeats",
        type=int,
        default=None,
        help=f"repeats, medians reported (default {DEFAULT_REPEATS}; 1 above 1,000 sessions)",
    )
    p.add_argument("--out", type=Path, default=REPO / "bench" / "RESULTS.md")
    p.add_argument("--quick", action="store_true", help=f"smoke test: {QUICK_SESSIONS} sessions, 1 repeat")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--workdir", type=Path, help="keep corpus and state here (default: a temp folder, removed)")
    p.add_argument("--no-slow", action="store_true", help="skip the 200 ms first run (large corpora: latency-bound)")
    args = p.parse_args(argv)
    n = args.sessions or (QUICK_SESSIONS if args.quick else DEFAULT_SESSIONS)
    repeats = args.repeats or (QUICK_REPEATS if args.quick else DEFAULT_REPEATS if n <= 1000 else 1)
    command = "python -m bench.run_all" + (" " + " ".join(recorded_args(argv))).rstrip()
    t_start = time.perf_counter()

    jezero_version = jezero_side.ensure_installed()
    package_compiled()
    sharing = others_sharing()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="jezero-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    corpus_dir = workdir / "corpus"
    if (
        not (corpus_dir / "corpus.json").exists()
        or json.loads((corpus_dir / "corpus.json").read_text()).get("sessions") != n
        or json.loads((corpus_dir / "corpus.json").read_text()).get("seed") != args.seed
    ):
        shutil.rmtree(corpus_dir, ignore_errors=True)
        print(f"generating {n} sessions in {corpus_dir} …", file=sys.stderr)
        corpus.generate(corpus_dir, n, args.seed)
    summary = json.loads((corpus_dir / "corpus.json").read_text())
    mb = summary["bytes"] / 1e6
    needles = corpus.read_jsonl(corpus_dir / "needles.jsonl")
    secrets = corpus.read_jsonl(corpus_dir / "secrets.jsonl")
    needles = needles_sample(needles)
    queries = [x["text"] for x in needles]

    fast = Server(0.0, workdir / "server-latency0.log")
    slow = Server(SLOW_LATENCY, workdir / "server-latency200.log")
    results: dict[str, list[dict[str, Any]]] = {"ours": [], "jezero": []}
    try:
        sides = [Ours(corpus_dir, workdir), Jezero(corpus_dir, workdir)]
        for r in range(repeats):
            for side in sides if r % 2 == 0 else sides[::-1]:  # alternate who goes first
                t0 = time.perf_counter()
                results[side.name].append(
                    one_repeat(side, r, fast, slow, queries, needles, secrets, mb, n, not args.no_slow)
                )
                print(f"repeat {r + 1}/{repeats} {side.name}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    finally:
        fast.stop()
        slow.stop()
        if not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)

    elapsed = time.perf_counter() - t_start
    o0, j0 = results["ours"][0], results["jezero"][0]
    body = f"""## {n:,} sessions

GENERATED by `{command}` — do not edit by hand; re-run the command.

- Date: {datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")}
- Command: `{command}` (took {elapsed / 60:.1f} min)
- Machine: {machine()}; other processes mapping either venv's files at the start: {sharing}
- Versions: {versions(jezero_version)}
- Corpus: {n} sessions (seed {args.seed}; {summary[corpus.CLAUDE_SOURCE]} Claude Code, {summary[corpus.CODEX_SOURCE]} Codex),
  {mb:.1f} MB of transcripts, {summary["long_sessions"]} sessions over 200 KB of dialogue,
  {summary["secrets"]} planted secrets in {summary["sessions_with_secrets"]} sessions; documents (segments):
  ours {o0["docs"]}, Jezero {j0["docs"]}
- Fake model server (`jezero_pipeline_tests/fake_model_server.py`, a separate process) at latency 0 and 200 ms;
  concurrency {CONCURRENCY}; every row is the median of {repeats} repeat(s), each in fresh state folders;
  within a repeat the nothing-changed run and the appended session's run are {SMALL_RUN_DRAWS} draws each
  (one more user turn appended before each), given as their median and their slowest;
  hits and secrets from the first repeat. Wall times are whole commands, interpreter start included.

{table(results["ours"], results["jezero"])}

Notes: ours/Jezero below 1 is better for times, memory and bytes; above 1 is better for
throughput and hits. "Transcript bytes opened" sums the sizes of corpus files a run opened for
reading (Python audit hook, same launcher for both); our own report's `bytes_read` for the
second run was {o0.get("second_own_bytes", "–")}. Secrets are counted when the longest random
run of any part of a planted value appears in a logged request body or in any text column of
the library.
"""
    args.out.write_text(with_section(args.out.read_text() if args.out.exists() else "", n, body))
    print(body)
    return 0


TITLE = "# Benchmark: jezero-pipeline vs Jezero 0.1.0\n"


def with_section(text: str, n: int, body: str) -> str:
    """The results file with this corpus size's section replaced (sizes ascending), others kept."""
    sections: dict[int, str] = {}
    for chunk in text.split("<!-- size ")[1:]:
        size, _, rest = chunk.partition(" -->\n")
        if size.isdigit():
            sections[int(size)] = rest.split("<!-- /size -->")[0]
    sections[n] = body
    parts = [f"<!-- size {k} -->\n{v.rstrip()}\n<!-- /size -->\n" for k, v in sorted(sections.items())]
    return TITLE + "\nOne section per corpus size; each is rewritten only by a run at its size.\n\n" + "\n".join(parts)


if __name__ == "__main__":
    sys.exit(main())
