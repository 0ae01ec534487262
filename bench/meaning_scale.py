"""Search by meaning at scale: hybrid vs lexical latency, and what the reader's memory grows by.

    .venv/bin/python bench/meaning_scale.py [--items 100000] [--queries 200] [--report bench/MEANING_SCALE.md]

A library of `--items` generated items (bench/meaning.py's generator) is built, and a vectors
file of the bundled model's size (384 int8 dimensions) is written for every item from random
unit vectors (their values do not change the cost of a scan; embedding 100,000 real texts takes
the better part of an hour here: bench/MEANING.md has the throughput). Queries are real: each is
embedded by the bundled model, as a search does. The library is built by a process of its own,
so the reader measured starts clean. Memory is the reader's peak (VmHWM) and RSS after its
lexical searches, then after the same searches in hybrid mode (the vectors and the model's
session). The RSS of one moment moves with whether the allocator happened to return pages, so
the growth is also measured between two clean readers that run the same searches, one
lexical only, the other lexical then hybrid (READERS of each, taking turns; medians).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.meaning import filler, percentile
from bench.meaning_set import ENTRIES
from bench.proctree import run_sampled


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


def rss_split_mb() -> tuple[float, float]:
    """(RSS in pages of files, anonymous RSS): code and mapped weights are pages of files, which
    the kernel may drop and other processes share; what the reader allocated is anonymous."""
    with open("/proc/self/status") as f:
        got = {
            k: int(v.split()[0]) * 1024 / 1e6
            for k, v in (line.split(":", 1) for line in f)
            if k in ("RssFile", "RssAnon")
        }
    return got["RssFile"], got["RssAnon"]


def peak_mb() -> float:
    """The reader's peak RSS so far (VmHWM): unlike the RSS of a moment, it does not fall back
    when the allocator happens to return pages between two searches."""
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) * 1024 / 1e6 for line in f if line.startswith("VmHWM:"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--report")
    ap.add_argument("--workdir", help="keep the library here (an existing one is searched again, not rebuilt)")
    ap.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--reader", choices=["lexical", "hybrid"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    from jezero_pipeline.engine.memory import share_heaps

    share_heaps()  # as every command does first (cli/main.py): the readers measured are the serving commands'

    from jezero_pipeline.config import EmbeddingsConfig, SearchConfig
    from jezero_pipeline.embedding.model import model_key
    from jezero_pipeline.library.build import build_library
    from jezero_pipeline.library.reader import Library
    from jezero_pipeline.library.snapshot import open_snapshot
    from jezero_pipeline.library.vectors import read_meta, rows_path, vectors_path, write_vectors

    cfg = EmbeddingsConfig()
    key = str(model_key(cfg))
    with tempfile.TemporaryDirectory(prefix="meaning-scale-") as tmp:
        d = Path(args.workdir or tmp)
        d.mkdir(parents=True, exist_ok=True)
        path = d / "lib.duckdb"
        if args.build_only:
            rng = random.Random(7)
            items, needles = filler(args.items, rng)
            questions = [q for e in ENTRIES for q in e[3]] + [n[1] for n in needles]
            rng.shuffle(questions)
            (d / "queries.json").write_text(json.dumps(questions[: args.queries]))
            for it in items:
                it["occurred_at"] = datetime.fromisoformat(it["occurred_at"].replace("Z", "+00:00"))
                it.update(source="bench", session_id=None, questions=[], trust="own", original=None, original_ref=None,
                          content_hash=None)  # fmt: skip
            t = time.perf_counter()
            build_library(items, path)
            build_s = time.perf_counter() - t
            snap = open_snapshot(path)
            con = snap.con
            con.execute(f"ATTACH '{d / 'cache.duckdb'}' AS cache")
            con.execute("CREATE TABLE cache.vectors AS SELECT ? AS model, 'k' || id AS text_key, "
                        "list_transform(range(384), x -> (random() - 0.5)::FLOAT) AS vec FROM live_items", [key])  # fmt: skip
            con.execute("CREATE TEMP TABLE wanted AS SELECT id, 'k' || id AS text_key FROM live_items")
            t = time.perf_counter()
            write_vectors(con, "wanted", "cache", vectors_path(path), {"model": key, "built_at": "bench"})
            snap.close()
            print(json.dumps([build_s, time.perf_counter() - t]))
            return 0
        times = d / "build_seconds.json"  # a library kept in --workdir is reported with the times it was built in
        if not vectors_path(path).exists():  # built by a process of its own: the reader measured starts clean
            built = subprocess.run([sys.executable, __file__, "--items", str(args.items), "--queries", str(args.queries),
                                    "--workdir", str(d), "--build-only"],
                                   check=True, capture_output=True, text=True)  # fmt: skip
            times.write_text(built.stdout.strip().splitlines()[-1])
        build_s, write_s = json.loads(times.read_text()) if times.exists() else (float("nan"), float("nan"))
        queries = json.loads((d / "queries.json").read_text())
        if args.reader:  # one clean reader: the searches, then its RSS and peak
            lib = Library(path, SearchConfig(), embeddings=cfg)
            for mode in ("lexical", "lexical", args.reader):
                for q in queries:
                    lib.search(q, mode=mode, limit=10)
            print(json.dumps([rss_mb(), peak_mb()]))
            return 0
        readers: dict[str, list[list[float]]] = {"lexical": [], "hybrid": []}
        for _ in range(READERS):
            for mode in readers:
                done, tree = run_sampled([sys.executable, __file__, "--items", str(args.items), "--queries",
                                          str(args.queries), "--workdir", str(d), "--reader", mode])  # fmt: skip
                if done.returncode:
                    raise SystemExit(f"the {mode} reader failed:\n{done.stderr}")
                readers[mode].append([*json.loads(done.stdout.strip().splitlines()[-1]), tree["tree_pss_mb"]])
        n = int(read_meta(vectors_path(path))["items"])
        lib = Library(path, SearchConfig(), embeddings=cfg)
        for q in queries:
            lib.search(q, mode="lexical")
        base = rss_mb()
        lex = timed(lib, queries, "lexical")
        lex_rss, lex_peak, lex_split = rss_mb(), peak_mb(), rss_split_mb()
        lib.search("warm up the model", mode="hybrid")
        hyb = timed(lib, queries, "hybrid", fresh=lib)
        hyb_rss, hyb_peak, hyb_split = rss_mb(), peak_mb(), rss_split_mb()
        vec = lib.meaning._vectors[2]
        vec_mb = vec.held_bytes / 1e6
        size = vectors_path(path).stat().st_size / 1e6
        rows_mb = rows_path(vectors_path(path), read_meta(vectors_path(path))["rows"]).stat().st_size / 1e6
    import os

    lines = [
        "# Search by meaning at scale",
        "",
        f"Generated by `python bench/meaning_scale.py --items {args.items} --queries {args.queries}` on "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} (load average {os.getloadavg()[0]:.1f}, "
        f"{os.cpu_count()} cores, shared; do not edit by hand). {n:,} items with vectors.",
        "",
        "| figure | value |",
        "|---|---:|",
        f"| library build, s | {build_s:.1f} |",
        f"| vectors file written (quantised from the cache), s | {write_s:.1f} |",
        f"| vectors file, MB (and its rows file, which the reader reads) | {size:.1f} ({rows_mb:.1f}) |",
        f"| lexical search p50 / p95, ms | {statistics.median(lex):.1f} / {percentile(lex, 95):.1f} |",
        f"| hybrid search p50 / p95, ms (each query embedded afresh) | {statistics.median(hyb):.1f} / {percentile(hyb, 95):.1f} |",
        f"| reader RSS after lexical searches, MB | {lex_rss:.0f} (before timing: {base:.0f}; peak {lex_peak:.0f}) |",
        f"| reader RSS after hybrid searches, MB | {hyb_rss:.0f} (peak {hyb_peak:.0f}) |",
        f"| **growth of the reader's peak over lexical-only, MB** | **{hyb_peak - lex_peak:.0f}** |",
        f"| growth of its RSS after the searches, MB (varies by some 10 MB with the allocator) | {hyb_rss - lex_rss:.0f} |",
        f"| of which pages of files (the runtime's code, the mapped weights) / anonymous, MB | "
        f"{hyb_split[0] - lex_split[0]:.0f} / {hyb_split[1] - lex_split[1]:.0f} |",
        f"| of which the vectors held (rows' documents, scales, hubness lifts; each query reads the sign bits and its 2,000 rescored vectors from the rows file), MB | {vec_mb:.1f} |",
        f"| of which the bundled model's session and runtime, MB (about) | {hyb_peak - lex_peak - vec_mb:.0f} |",
        f"| two clean readers, the same searches ({READERS} of each, medians): lexical-only RSS / peak, MB | "
        f"{med(readers['lexical'], 0):.0f} / {med(readers['lexical'], 1):.0f} |",
        f"| the same, lexical then hybrid: RSS / peak, MB | {med(readers['hybrid'], 0):.0f} / {med(readers['hybrid'], 1):.0f} |",
        f"| **growth of a clean reader that also searches by meaning: RSS / peak, MB** | "
        f"**{med(readers['hybrid'], 0) - med(readers['lexical'], 0):.0f} / {med(readers['hybrid'], 1) - med(readers['lexical'], 1):.0f}** |",
        "| the same as the other benches count memory, the peak of the process's PSS sampled every 50 ms: "
        f"lexical-only / lexical then hybrid / **growth**, MB | {med(readers['lexical'], 2):.0f} / "
        f"{med(readers['hybrid'], 2):.0f} / **{med(readers['hybrid'], 2) - med(readers['lexical'], 2):.0f}** |",
        "| each pair (RSS growth / peak growth / PSS peak growth), MB | "
        + ", ".join(
            f"{h[0] - lx[0]:.0f} / {h[1] - lx[1]:.0f} / {h[2] - lx[2]:.0f}"
            for lx, h in zip(readers["lexical"], readers["hybrid"], strict=True)
        )
        + " |",
    ]
    print("\n".join(lines))
    if args.report:
        Path(args.report).write_text("\n".join(lines) + "\n")
    return 0


READERS = 3


def med(runs: list[list[float]], i: int) -> float:
    return statistics.median(r[i] for r in runs)


def timed(lib, queries, mode, fresh=None) -> list[float]:
    out = []
    for q in queries:
        if fresh is not None:
            fresh.meaning._queries.clear()
        t = time.perf_counter()
        lib.search(q, mode=mode, limit=10)
        out.append((time.perf_counter() - t) * 1000)
    return out


if __name__ == "__main__":
    sys.exit(main())
