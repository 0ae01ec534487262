"""Library at scale: build time and search latency over needle queries, with hit@1/hit@5.

    .venv/bin/python bench/library_scale.py [--items 100000] [--queries 300] [--path DIR]
        [--jezero] [--report bench/LIBRARY_SCALE.md | --no-report]

With --jezero the SAME items go into a Jezero 0.1.0 store (SQLite FTS5, tokenizer "trigram",
in bench/.venv-jezero, driven by bench/library_scale_jezero.py) and the same needle queries
run against both; the report is one table, ours vs Jezero, written to --report.

Generates N items (one per summarised segment) with a filler vocabulary, and gives each item
three needles of its own: an error (code + message), a command, a component name. Needles
appear in the atoms/summary and in the redacted original, the way a summariser leaves them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import duckdb

from bench.jezero_side import PYTHON as JEZERO_PYTHON
from bench.jezero_side import TOKENIZER as JEZERO_TOKENIZER
from bench.jezero_side import ensure_installed
from jezero_pipeline.library.build import build_library
from jezero_pipeline.library.reader import Library

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
    "change",
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


def word(rng: random.Random, n: int = 3) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(n))


def needles(i: int, rng: random.Random) -> dict[str, str]:
    """Three strings unique to item i, shaped like what people paste into a search box."""
    comp = f"{word(rng).capitalize()}{word(rng, 2).capitalize()}{i}Service"
    return {
        "error": f"ERR_{word(rng).upper()}_{i} in {word(rng, 2)}_{i}.py: connection reset",
        "command": f"pytest tests/test_{word(rng, 2)}_{i}.py -k {word(rng)}{i}",
        "component": comp,
    }


def sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(FILLER) for _ in range(n))


def generate(n: int, seed: int = 7, original_words: int = 200) -> tuple[pd.DataFrame, list[dict]]:
    rng = random.Random(seed)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    rows, needle_rows = [], []
    for i in range(n):
        nd = needles(i, rng)
        needle_rows.append(nd)
        rows.append(
            {
                "source": rng.choice(["claude_code", "codex"]),
                "external_id": f"s{i}#0",
                "session_id": f"s{i}",
                "occurred_at": now - timedelta(minutes=17 * i),
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
                "original": f"{sentence(rng, original_words // 2)} {nd['error']} {nd['command']} "
                f"{sentence(rng, original_words // 2)}",
                "original_ref": f"ref:s{i}",
                "content_hash": f"h{i}",
            }
        )
    return pd.DataFrame(rows), needle_rows


KINDS = ("error", "command", "component")
BENCH_DIR = Path(__file__).resolve().parent


def machine() -> str:
    mem = next(
        (ln.split()[1] for ln in Path("/proc/meminfo").read_text().splitlines() if ln.startswith("MemTotal")), "0"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{os.cpu_count()} cores, {int(mem) / 1e6:.1f} GB memory, load average {load:.1f} at start; "
        f"Python {platform.python_version()}, duckdb {duckdb.__version__}, SQLite {sqlite3.sqlite_version}"
    )


def summarise(ms: list[float], hits: list[tuple[int, bool, bool]]) -> dict:
    """p50/p95 in ms and hit@1/hit@5 of the queries given."""
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else ms * 19
    return {
        "p50": statistics.median(ms),
        "p95": q[18],
        "hit1": sum(h[1] for h in hits) / len(hits),
        "hit5": sum(h[2] for h in hits) / len(hits),
    }


def run_ours(path: Path, df: pd.DataFrame, queries: list[tuple[str, int, str]]) -> dict:
    stats = build_library(df, path)
    print(f"ours build: {stats['seconds']:.1f} s, {stats['bytes'] / 1e6:.0f} MB ({path})", flush=True)
    lib = Library(path)
    lib.search("warm up")  # opens the file, loads fts and the per-item lengths
    ms, results = [], []
    for _, _, q in queries:
        t = time.perf_counter()
        res = lib.search(q, limit=5)
        ms.append((time.perf_counter() - t) * 1000)
        results.append([r["external_id"] for r in res["results"]])
    probes = {}
    for probe in ("error", "connection reset", "test build deploy"):
        t = time.perf_counter()
        lib.search(probe)
        probes[probe] = (time.perf_counter() - t) * 1000
    lib.close()
    return {"build": stats["seconds"], "bytes": stats["bytes"], "ms": ms, "results": results, "probes": probes}


def run_jezero(folder: Path, df: pd.DataFrame, queries: list[tuple[str, int, str]]) -> dict:
    version = ensure_installed()
    items_path, queries_path = folder / "items.jsonl", folder / "queries.json"
    with items_path.open("w", encoding="utf-8") as fh:
        for row in df.to_dict("records"):
            row["occurred_at"] = row["occurred_at"].isoformat()
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    probes = ["error", "connection reset", "test build deploy"]
    queries_path.write_text(json.dumps([q for _, _, q in queries] + probes), encoding="utf-8")
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
    print(f"jezero {version} build: {got['build_seconds']:.1f} s, {db.stat().st_size / 1e6:.0f} MB ({db})", flush=True)
    return {
        "version": version,
        "build": got["build_seconds"],
        "bytes": db.stat().st_size,
        "ms": [x["seconds"] * 1000 for x in searches[: len(queries)]],
        "results": [x["external_ids"] for x in searches[: len(queries)]],
        "probes": {p: x["seconds"] * 1000 for p, x in zip(probes, searches[len(queries) :])},
    }


def figures(run: dict, df: pd.DataFrame, queries: list[tuple[str, int, str]]) -> dict[str, dict]:
    """Per needle kind and over all queries: latency and hit@1/hit@5."""
    ext = list(df["external_id"])
    by_kind: dict[str, tuple[list, list]] = {k: ([], []) for k in (*KINDS, "all")}
    for (kind, i, _), ms, got in zip(queries, run["ms"], run["results"]):
        hit = (i, bool(got) and got[0] == ext[i], ext[i] in got)
        for k in (kind, "all"):
            by_kind[k][0].append(ms)
            by_kind[k][1].append(hit)
    return {k: summarise(ms, hits) for k, (ms, hits) in by_kind.items()}


def report(
    args: argparse.Namespace,
    ours: dict,
    jez: dict | None,
    df: pd.DataFrame,
    queries: list[tuple[str, int, str]],
    host: str,
) -> str:
    f_ours = figures(ours, df, queries)
    f_jez = figures(jez, df, queries) if jez else None
    cmd = "python bench/library_scale.py " + " ".join(sys.argv[1:])
    lines = [
        "# Library at scale: ours vs Jezero 0.1.0",
        "",
        f"Generated by `{cmd}` on {time.strftime('%Y-%m-%d %H:%M %Z')} (do not edit by hand).",
        f"Machine: {host}. Shared and noisy: compare the ratios within this run.",
        f"{len(df):,} generated items; {len(queries) // len(KINDS)} needle queries per kind "
        "(error, command, component), limit 5, one process, warm.",
        "",
        "| metric | ours (DuckDB) | Jezero (SQLite FTS5 trigram) | Jezero / ours |",
        "|---|---:|---:|---:|",
    ]

    def row(name: str, a: float, b: float | None, fmt: str) -> None:
        if b is None:
            lines.append(f"| {name} | {a:{fmt}} | - | - |")
        else:
            ratio = f"{b / a:.1f}x" if a else "-"
            lines.append(f"| {name} | {a:{fmt}} | {b:{fmt}} | {ratio} |")

    row("build, s", ours["build"], jez["build"] if jez else None, ".1f")
    row("file size, MB", ours["bytes"] / 1e6, jez["bytes"] / 1e6 if jez else None, ".0f")
    for k in (*KINDS, "all"):
        row(f"{k}: search p50, ms", f_ours[k]["p50"], f_jez[k]["p50"] if f_jez else None, ".1f")
        row(f"{k}: search p95, ms", f_ours[k]["p95"], f_jez[k]["p95"] if f_jez else None, ".1f")
    for k in KINDS:
        for h, label in (("hit1", "hit@1"), ("hit5", "hit@5")):
            a, b = f_ours[k][h], (f_jez[k][h] if f_jez else None)
            lines.append(f"| {k}: {label} | {a:.3f} | {'-' if b is None else f'{b:.3f}'} | |")
    for p, ms in ours["probes"].items():
        row(f"frequent-word query {p!r}, ms", ms, jez["probes"][p] if jez else None, ".1f")
    lines += [
        "",
        "Ours: `build_library` (items, then terms/postings built in SQL with the fts extension's",
        "stemmer, each posting's BM25F score precomputed) and `Library.search` (exact BM25F over",
        "the query's own terms: one statement fetches their postings, numpy adds them up, the best",
        "200 are re-ranked by recency). What bounds a needle query: words found in nearly every item",
        "(`py`, `connection`, `reset`, `pytest`, `tests`, `k`) bring ~100k postings each.",
        f"Jezero: `Store.upsert_many` then `Store.search` (its defaults), tokenizer {JEZERO_TOKENIZER!r}"
        " (SQLite 3.40 has no remove_diacritics for trigram).",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=300, help="needle queries per kind")
    ap.add_argument("--path", type=Path, default=None, help="folder for the library file")
    ap.add_argument("--jezero", action="store_true", help="also build and search Jezero 0.1.0 on the same items")
    ap.add_argument("--report", type=Path, default=BENCH_DIR / "LIBRARY_SCALE.md")
    ap.add_argument("--no-report", action="store_true", help="print only")
    args = ap.parse_args()

    host = machine()
    t0 = time.perf_counter()
    df, nds = generate(args.items)
    print(f"generated {len(df):,} items in {time.perf_counter() - t0:.1f} s", flush=True)
    folder = args.path or Path(tempfile.mkdtemp(prefix="jezero-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(11)
    sample = rng.sample(range(args.items), min(args.queries, args.items))
    queries = [(kind, i, nds[i][kind]) for kind in KINDS for i in sample]

    ours = run_ours(folder / "library.duckdb", df, queries)
    jez = run_jezero(folder, df, queries) if args.jezero else None
    text = report(args, ours, jez, df, queries, host)
    print(text)
    if not args.no_report:
        args.report.write_text(text, encoding="utf-8")
        print(f"wrote {args.report}")


if __name__ == "__main__":
    main()
