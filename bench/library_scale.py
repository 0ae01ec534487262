"""Library at scale, ours vs Jezero 0.1.0 in one run: build, refresh after a day's change, search.

    .venv/bin/python bench/library_scale.py [--items 100000] [--days 365] [--queries 200]
        [--batch 2000] [--refreshes 5] [--path DIR] [--jezero] [--report bench/LIBRARY_SCALE.md]

Generates N items (one per summarised segment) spread over `--days` day partitions of two
connectors ("claude-code|2025-03-01", ...), each partition regenerated from its own seed, so
`read()` streams it in `--batch`-row Arrow batches and no process ever holds all items. Each
item has three needles of its own (an error with code and message, a command, a component
name) in its atoms/summary and its redacted original, the way a summariser leaves them; a
fourth query kind cuts the error needle at random characters at both ends (a pasted fragment).

Ours: `refresh_library` over the partitions (a full build, then `--refreshes` refreshes that
each change one day and add the next, as a daily run does), each in a child process whose
peak RSS is read with getrusage; the full build also runs at a tenth of the items, to show that
its memory is set by the batch and DuckDB's memory_limit, not by the number of items; a last
refresh merges the delta into the base (forced), to show what a merge costs. A small library
(`--small`, 2,000 items) is measured too, ours (held in memory) and Jezero side by side.
With --jezero the SAME items go into a Jezero 0.1.0 store (bench/library_scale_jezero.py in
bench/.venv-jezero, through its public `Store.upsert_many`) and the same queries run on both.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import duckdb
import pyarrow as pa

from bench.jezero_side import PYTHON as JEZERO_PYTHON
from bench.jezero_side import TOKENIZER as JEZERO_TOKENIZER
from bench.jezero_side import ensure_installed
from jezero_pipeline.library.build import DEFAULT_MEMORY_LIMIT, PartitionSource, refresh_library
from jezero_pipeline.library.items import ITEM_SCHEMA
from jezero_pipeline.library.reader import Library
from jezero_pipeline.library.segment import TOKENIZE_CHUNK

BENCH_DIR = Path(__file__).resolve().parent
FILLER = [
    "the",
    "session",
    "agent",
    "code",
    "test",
    "build",
    "run",
    "fix",
    "error",
    "file",
    "module",
    "change",
    "update",
    "config",
    "deploy",
    "server",
    "client",
    "request",
    "response",
    "cache",
    "index",
    "query",
    "table",
    "schema",
    "migrate",
    "database",
    "function",
    "class",
    "method",
    "return",
    "value",
    "branch",
    "commit",
    "merge",
    "review",
    "issue",
    "ticket",
    "bug",
    "log",
    "trace",
    "retry",
    "timeout",
    "network",
    "docker",
    "container",
    "image",
    "package",
    "version",
    "dependency",
    "install",
    "script",
    "user",
    "token",
    "auth",
    "permission",
    "path",
    "folder",
    "directory",
    "read",
    "write",
    "parse",
    "render",
    "view",
    "route",
    "api",
    "model",
    "prompt",
    "summary",
    "search",
    "rank",
    "score",
    "field",
    "item",
    "source",
    "project",
    "pipeline",
    "asset",
    "job",
]
SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "nu",
    "pe",
    "ra",
    "si",
    "tu",
    "vo",
    "xe",
    "za",
    "bri",
    "clo",
    "dra",
    "fen",
    "gus",
    "hal",
    "jor",
    "kev",
    "lum",
    "nar",
]
CONNECTORS = ("claude-code", "codex")
FIRST_DAY = date(2025, 1, 1)
KINDS = ("error", "command", "component", "fragment")


def word(rng: random.Random, n: int = 3) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(n))


def needles(i: int, rng: random.Random) -> dict[str, str]:
    """Three strings unique to item i, shaped like what people paste into a search box."""
    return {
        "error": f"ERR_{word(rng).upper()}_{i} in {word(rng, 2)}_{i}.py: connection reset",
        "command": f"pytest tests/test_{word(rng, 2)}_{i}.py -k {word(rng)}{i}",
        "component": f"{word(rng).capitalize()}{word(rng, 2).capitalize()}{i}Service",
    }


def sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(FILLER) for _ in range(n))


class Corpus:
    """N items in day partitions; partition p holds items [start(p), start(p + 1))."""

    def __init__(self, items: int, days: int, original_words: int = 200):
        self.items, self.days, self.original_words = items, days, original_words
        self.keys = [f"{c}|{FIRST_DAY + timedelta(days=d)}" for d in range(days) for c in CONNECTORS]

    def span(self, p: int) -> range:
        n = len(self.keys)
        return range(self.items * p // n, self.items * (p + 1) // n)

    def rows(self, p: int, edit: int = 0) -> Iterator[dict]:
        """Partition p's items; `edit` > 0 is a later version of the day (texts changed, ids kept)."""
        connector, day = self.keys[p].split("|")
        for i in self.span(p):
            rng = random.Random(i * 7919 + 13)
            nd = needles(i, rng)
            if edit:
                rng = random.Random(i * 7919 + 13 + edit * 104729)
            yield {
                "source": connector,
                "external_id": f"s{i}#0",
                "session_id": f"s{i}",
                "occurred_at": datetime.fromisoformat(day).replace(tzinfo=UTC) + timedelta(seconds=(i * 37) % 86400),
                "title": f"{sentence(rng, 5)} {nd['component']}",
                "summary": f"{sentence(rng, 30)}. Hit {nd['error']} and ran {nd['command']}.",
                "questions": [sentence(rng, 8) + "?", sentence(rng, 6) + "?"],
                "atoms": [
                    {"kind": "error", "text": nd["error"]},
                    {"kind": "command", "text": nd["command"]},
                    {"kind": "fact", "text": f"{nd['component']} {sentence(rng, 8)}"},
                    {"kind": "decision", "text": sentence(rng, 10)},
                ],
                "project": f"proj{rng.randrange(20)}",
                "trust": "own",
                "original": f"{sentence(rng, self.original_words // 2)} {nd['error']} {nd['command']} "
                f"{sentence(rng, self.original_words // 2)}",
                "original_ref": f"ref:s{i}",
                "content_hash": f"h{i}:{edit}",
            }

    def batches(self, p: int, batch: int, edit: int = 0) -> Iterator[pa.RecordBatch]:
        buf: list[dict] = []
        for row in self.rows(p, edit):
            buf.append(row)
            if len(buf) == batch:
                yield pa.RecordBatch.from_pylist(buf, schema=ITEM_SCHEMA)
                buf = []
        if buf:
            yield pa.RecordBatch.from_pylist(buf, schema=ITEM_SCHEMA)

    def partitions(self, batch: int, edits: dict[int, int], upto: int | None = None) -> dict[str, PartitionSource]:
        """The partitions [0, upto) with their versions (an edited day has a new one)."""
        out = {}
        for p in range(upto if upto is not None else len(self.keys)):
            e = edits.get(p, 0)
            out[self.keys[p]] = PartitionSource(f"v{e}", lambda p=p, e=e: self.batches(p, batch, e))
        return out

    def needle(self, i: int) -> dict[str, str]:
        return needles(i, random.Random(i * 7919 + 13))


def fragment(text: str, rng: random.Random) -> str:
    """The text cut at a random character at each end, keeping at least 60 % of it."""
    keep = rng.randint(int(len(text) * 0.6), len(text))
    start = rng.randint(0, len(text) - keep)
    return text[start : start + keep]


def machine() -> str:
    mem = next(
        (ln.split()[1] for ln in Path("/proc/meminfo").read_text().splitlines() if ln.startswith("MemTotal")), "0"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{os.cpu_count()} cores, {int(mem) / 1e6:.1f} GB memory, load average {load:.1f} at start; "
        f"Python {platform.python_version()}, duckdb {duckdb.__version__}, SQLite {sqlite3.sqlite_version}"
    )


# ------------------------------------------------------------------------ ours, in child processes


def _refresh_child(args: tuple, out) -> None:
    items, days, batch, edits, upto, path, state, rebuild, merge_share = args
    corpus = Corpus(items, days)
    parts = corpus.partitions(batch, edits, upto)
    report = refresh_library(Path(path), Path(state), parts, rebuild=rebuild, merge_share=merge_share)
    out.put((report.as_metadata(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def refresh_in_child(args: tuple) -> tuple[dict, float]:
    """One refresh in a fresh process: (its report, its peak RSS in MB)."""
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_refresh_child, args=(args, out))
    proc.start()
    got = out.get(timeout=7200)
    proc.join()
    return got


def run_ours(args: argparse.Namespace, corpus: Corpus, folder: Path, queries: list[tuple[str, int, str]]) -> dict:
    path, state = folder / "library.duckdb", folder / "state"
    days = len(corpus.keys)
    base_upto = days - 2 * args.refreshes  # the last days arrive one per refresh
    small, small_rss = refresh_in_child(
        (
            args.items // 10,
            args.days,
            args.batch,
            {},
            None,
            str(folder / "small.duckdb"),
            str(folder / "small"),
            True,
            0.1,
        )
    )
    print(f"ours build at {small['items']:,} items: {small['seconds']:.1f} s, peak RSS {small_rss:.0f} MB", flush=True)
    full, rss = refresh_in_child((args.items, args.days, args.batch, {}, base_upto, str(path), str(state), True, 0.1))
    print(f"ours build at {full['items']:,} items: {full['seconds']:.1f} s, peak RSS {rss:.0f} MB", flush=True)
    refreshes = []
    edits: dict[int, int] = {}
    upto = base_upto
    for r in range(args.refreshes):
        edits[upto - 2] = r + 1  # yesterday's claude-code sessions grew: a new version of that day
        upto += 2  # and today's partitions of both connectors arrive
        rep, r_rss = refresh_in_child(
            (args.items, args.days, args.batch, dict(edits), upto, str(path), str(state), False, 0.1)
        )
        refreshes.append({**rep, "rss": r_rss, "what": "a day changed, two arrived"})
        print(
            f"ours refresh {r + 1}: {rep['mode']}, {rep['partitions_read']} partitions, {rep['items_read']} items read, "
            f"{rep['seconds']:.2f} s, peak RSS {r_rss:.0f} MB",
            flush=True,
        )
    edits[upto - 1] = 99  # one more change, with the delta merged into the base at once
    rep, r_rss = refresh_in_child(
        (args.items, args.days, args.batch, dict(edits), upto, str(path), str(state), False, 0.0)
    )
    refreshes.append({**rep, "rss": r_rss, "what": "a day changed, merged (forced)"})
    print(f"ours merge: {rep['mode']}, {rep['seconds']:.2f} s, peak RSS {r_rss:.0f} MB", flush=True)
    lib = Library(path)
    lib.search("warm up")
    ms, results = [], []
    for _, _, q in queries:
        t = time.perf_counter()
        res = lib.search(q, limit=5)
        ms.append((time.perf_counter() - t) * 1000)
        results.append([r["external_id"] for r in res["results"]])
    probes = {}
    for probe in PROBES:
        t = time.perf_counter()
        lib.search(probe)
        probes[probe] = (time.perf_counter() - t) * 1000
    stats = lib.stats()
    lib.close()
    return {
        "build": full["seconds"],
        "build_items": full["items"],
        "rss": rss,
        "small_items": small["items"],
        "small_rss": small_rss,
        "small_build": small["seconds"],
        "bytes": stats["bytes"],
        "items": stats["items"],
        "refreshes": refreshes,
        "ms": ms,
        "results": results,
        "probes": probes,
    }


PROBES = ("error", "connection reset", "test build deploy", '"connection reset"')


def write_jsonl(corpus: Corpus, path: Path) -> None:
    """Every item of the corpus as one line of an `import-jsonl` file."""
    with path.open("w", encoding="utf-8") as fh:
        for p in range(len(corpus.keys)):
            for row in corpus.rows(p):
                row["occurred_at"] = row["occurred_at"].isoformat()
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def run_jezero(corpus: Corpus, folder: Path, queries: list[tuple[str, int, str]]) -> dict:
    version = ensure_installed()
    items_path, queries_path = folder / "items.jsonl", folder / "queries.json"
    write_jsonl(corpus, items_path)
    queries_path.write_text(json.dumps([q for _, _, q in queries] + list(PROBES)), encoding="utf-8")
    db = folder / "jezero.sqlite"
    out = subprocess.run(
        [
            str(JEZERO_PYTHON),
            str(BENCH_DIR / "library_scale_jezero.py"),
            str(items_path),
            str(queries_path),
            str(db),
            JEZERO_TOKENIZER,
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    got = json.loads(out.stdout)
    searches = got["searches"]
    print(f"jezero {version} build: {got['build_seconds']:.1f} s, {db.stat().st_size / 1e6:.0f} MB", flush=True)
    return {
        "version": version,
        "build": got["build_seconds"],
        "bytes": db.stat().st_size,
        "ms": [x["seconds"] * 1000 for x in searches[: len(queries)]],
        "results": [x["external_ids"] for x in searches[: len(queries)]],
        "probes": {p: x["seconds"] * 1000 for p, x in zip(PROBES, searches[len(queries) :])},
    }


def run_small(args: argparse.Namespace, folder: Path) -> tuple[dict, dict | None, list]:
    """A small library (`--small` items, one in memory), ours and Jezero on the same queries."""
    corpus = Corpus(args.small, max(args.small // 100, 1))
    rng = random.Random(12)
    sample = rng.sample(range(args.small), min(args.queries, args.small))
    queries = [(k, i, corpus.needle(i)[k]) for k in KINDS[:3] for i in sample]
    queries += [("fragment", i, fragment(corpus.needle(i)["error"], rng)) for i in sample]
    path = folder / "small-library.duckdb"
    refresh_library(path, folder / "small-library-state", corpus.partitions(args.batch, {}), rebuild=True)
    lib = Library(path)
    lib.search("warm up")
    ms, results = [], []
    for _, _, q in queries:
        t = time.perf_counter()
        res = lib.search(q, limit=5)
        ms.append((time.perf_counter() - t) * 1000)
        results.append([r["external_id"] for r in res["results"]])
    lib.close()
    ours = {"ms": ms, "results": results}
    jez = None
    if args.jezero:
        (folder / "small-jezero").mkdir(exist_ok=True)
        jez = run_jezero(corpus, folder / "small-jezero", queries)
    return ours, jez, queries


def summarise(ms: list[float], hits: list[tuple[bool, bool]]) -> dict:
    """p50/p95 in ms and hit@1/hit@5 of the queries given."""
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else ms * 19
    return {
        "p50": statistics.median(ms),
        "p95": q[18],
        "hit1": sum(h[0] for h in hits) / len(hits),
        "hit5": sum(h[1] for h in hits) / len(hits),
    }


def figures(run: dict, queries: list[tuple[str, int, str]]) -> dict[str, dict]:
    """Per query kind and over all queries: latency and hit@1/hit@5."""
    by_kind: dict[str, tuple[list, list]] = {k: ([], []) for k in (*KINDS, "all")}
    for (kind, i, _), ms, got in zip(queries, run["ms"], run["results"]):
        want = f"s{i}#0"
        hit = (bool(got) and got[0] == want, want in got)
        for k in (kind, "all"):
            by_kind[k][0].append(ms)
            by_kind[k][1].append(hit)
    return {k: summarise(ms, hits) for k, (ms, hits) in by_kind.items()}


def report(
    ours: dict, jez: dict | None, queries: list, host: str, args: argparse.Namespace, small: tuple | None
) -> str:
    f_ours = figures(ours, queries)
    f_jez = figures(jez, queries) if jez else None
    cmd = "python bench/library_scale.py " + " ".join(sys.argv[1:])
    lines = [
        "# Library at scale: ours vs Jezero 0.1.0",
        "",
        f"Generated by `{cmd}` on {time.strftime('%Y-%m-%d %H:%M %Z')} (do not edit by hand).",
        f"Machine: {host}. Shared and noisy: compare the ratios within this run.",
        f"{ours['items']:,} generated items in {len(Corpus(args.items, args.days).keys)} day partitions; "
        f"{args.queries} queries per kind (error, command, component, and the error cut at random characters "
        "at both ends), limit 5, one process, warm.",
        "",
        "| metric | ours (DuckDB) | Jezero (SQLite FTS5 trigram) | Jezero / ours |",
        "|---|---:|---:|---:|",
    ]

    def row(name: str, a: float, b: float | None, fmt: str) -> None:
        if b is None:
            lines.append(f"| {name} | {a:{fmt}} | - | - |")
        else:
            lines.append(f"| {name} | {a:{fmt}} | {b:{fmt}} | {f'{b / a:.1f}x' if a else '-'} |")

    row(f"full build of {ours['build_items']:,} items, s", ours["build"], jez["build"] if jez else None, ".1f")
    row("file size, MB", ours["bytes"] / 1e6, jez["bytes"] / 1e6 if jez else None, ".0f")
    for k in (*KINDS, "all"):
        row(f"{k}: search p50, ms", f_ours[k]["p50"], f_jez[k]["p50"] if f_jez else None, ".1f")
        row(f"{k}: search p95, ms", f_ours[k]["p95"], f_jez[k]["p95"] if f_jez else None, ".1f")
    for k in KINDS:
        for h, label in (("hit1", "hit@1"), ("hit5", "hit@5")):
            a, b = f_ours[k][h], (f_jez[k][h] if f_jez else None)
            lines.append(f"| {k}: {label} | {a:.3f} | {'-' if b is None else f'{b:.3f}'} | |")
    for p, ms in ours["probes"].items():
        row(f"frequent-word query {p}, ms", ms, jez["probes"][p] if jez else None, ".1f")
    if small:
        s_ours, s_jez, s_queries = small
        fs, fj = figures(s_ours, s_queries), (figures(s_jez, s_queries) if s_jez else None)
        lines += [
            "",
            f"## A small library: {args.small:,} items (held in memory), the same kinds of queries",
            "",
            "| metric | ours | Jezero | Jezero / ours |",
            "|---|---:|---:|---:|",
        ]
        for k in (*KINDS, "all"):
            row(f"{k}: search p50, ms", fs[k]["p50"], fj[k]["p50"] if fj else None, ".2f")
            row(f"{k}: search p95, ms", fs[k]["p95"], fj[k]["p95"] if fj else None, ".2f")
        for k in KINDS:
            b = fj[k]["hit5"] if fj else None
            lines.append(f"| {k}: hit@5 | {fs[k]['hit5']:.3f} | {'-' if b is None else f'{b:.3f}'} | |")
    lines += [
        "",
        "## Refresh after a day's change (ours)",
        "",
        "Each refresh: yesterday's claude-code partition has a new version (every item's text changed, ids",
        "kept) and today's two partitions arrive. A child process per refresh; peak RSS of that process.",
        "",
        "| refresh | change | mode | partitions read | items read | items after | delta items | seconds | peak RSS, MB |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for n, r in enumerate(ours["refreshes"], 1):
        lines.append(
            f"| {n} | {r['what']} | {r['mode']} | {r['partitions_read']} | {r['items_read']:,} | {r['items']:,} | "
            f"{r['delta_items']:,} | {r['seconds']:.2f} | {r['rss']:.0f} |"
        )
    lines += [
        "",
        "## Build memory (ours)",
        "",
        f"Full build, batches of {args.batch:,} rows, tokenized {TOKENIZE_CHUNK:,} items at a time, DuckDB "
        f"memory_limit {DEFAULT_MEMORY_LIMIT} (spills to state_dir/tmp). Our build and refresh times include "
        "generating the items in Python (a partition's `read()`); Jezero's build time starts after its items "
        "are loaded:",
        "",
        "| items | seconds | peak RSS, MB |",
        "|---:|---:|---:|",
        f"| {ours['small_items']:,} | {ours['small_build']:.1f} | {ours['small_rss']:.0f} |",
        f"| {ours['build_items']:,} | {ours['build']:.1f} | {ours['rss']:.0f} |",
        "",
        "Ours: `refresh_library` (items streamed into DuckDB; one tokenizer pass; postings with field-weighted",
        "frequencies and positions, words for prefix/suffix expansion) and `Library.search` (BM25F over the",
        "query's terms and expansions, numpy over the posting arrays; phrases checked on positions; the best",
        "200 re-ranked by recency). At this size the term and word dictionaries and the result columns are",
        "held in memory as Arrow arrays, postings are read per query in SQL and frequent terms' lists",
        "(`py`, `connection`, `reset`, `pytest`: ~100k postings each) are kept once read; small libraries",
        "hold every posting in memory.",
        f"Jezero: `Store.upsert_many` then `Store.search` (its defaults), tokenizer {JEZERO_TOKENIZER!r}"
        " (SQLite 3.40 has no remove_diacritics for trigram).",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--days", type=int, default=365, help="day partitions per connector")
    ap.add_argument("--queries", type=int, default=200, help="queries per kind")
    ap.add_argument("--batch", type=int, default=2000, help="rows per Arrow batch")
    ap.add_argument("--refreshes", type=int, default=5)
    ap.add_argument("--small", type=int, default=2000, help="items of the small-library comparison (0: none)")
    ap.add_argument("--path", type=Path, default=None, help="folder for the libraries (default: a temp folder)")
    ap.add_argument("--jezero", action="store_true", help="also build and search Jezero 0.1.0 on the same items")
    ap.add_argument("--report", type=Path, default=BENCH_DIR / "LIBRARY_SCALE.md")
    ap.add_argument("--no-report", action="store_true", help="print only")
    args = ap.parse_args()

    host = machine()
    corpus = Corpus(args.items, args.days)
    folder = args.path or Path(tempfile.mkdtemp(prefix="jezero-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(11)
    sample = rng.sample(range(args.items), min(args.queries, args.items))
    queries = [(k, i, corpus.needle(i)[k]) for k in KINDS[:3] for i in sample]
    queries += [("fragment", i, fragment(corpus.needle(i)["error"], rng)) for i in sample]
    ours = run_ours(args, corpus, folder, queries)
    jez = run_jezero(corpus, folder, queries) if args.jezero else None
    small = run_small(args, folder) if args.small else None
    text = report(ours, jez, queries, host, args, small)
    print(text)
    if not args.no_report:
        args.report.write_text(text, encoding="utf-8")
        print(f"wrote {args.report}")


if __name__ == "__main__":
    main()
