"""Library at scale: build time and search latency over needle queries, with hit@1/hit@5.

    .venv/bin/python bench/library_scale.py [--items 100000] [--queries 300] [--path DIR]

Generates N items (one per summarised segment) with a filler vocabulary, and gives each item
three needles of its own: an error (code + message), a command, a component name. Needles
appear in the atoms/summary and in the redacted original, the way a summariser leaves them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jezero_pipeline.library.build import build_library  # noqa: E402
from jezero_pipeline.library.query import Library  # noqa: E402

FILLER = (
    "the session agent code test build run fix error file module change update config change "
    "deploy server client request response cache index query table schema migrate database "
    "function class method return value branch commit merge review issue ticket bug log trace "
    "retry timeout network docker container image package version dependency install script "
    "user token auth permission path folder directory read write parse render view route api "
    "model prompt summary search rank score field item source project pipeline asset job"
).split()
SYLLABLES = "ka lo mi nu pe ra si tu vo xe za bri clo dra fen gus hal jor kev lum nar".split()


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
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    rows, needle_rows = [], []
    for i in range(n):
        nd = needles(i, rng)
        needle_rows.append(nd)
        rows.append({
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
        })
    return pd.DataFrame(rows), needle_rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=300, help="needle queries per kind")
    ap.add_argument("--path", type=Path, default=None, help="folder for the library file")
    args = ap.parse_args()

    t0 = time.perf_counter()
    df, nds = generate(args.items)
    print(f"generated {len(df):,} items in {time.perf_counter() - t0:.1f} s")
    folder = args.path or Path(tempfile.mkdtemp(prefix="jezero-bench-"))
    path = folder / "library.duckdb"
    stats = build_library(df, path)
    print(f"build: {stats['seconds']:.1f} s, {stats['bytes'] / 1e6:.0f} MB ({path})")

    lib = Library(path)
    lib.search("warm up")  # opens the file, loads fts
    rng = random.Random(11)
    sample = rng.sample(range(args.items), min(args.queries, args.items))
    id_of = {e: i for e, i in zip(df["external_id"], range(len(df)))}
    all_ms = []
    for kind in ("error", "command", "component"):
        ms, h1, h5 = [], 0, 0
        for i in sample:
            t = time.perf_counter()
            res = lib.search(nds[i][kind], limit=5)
            ms.append((time.perf_counter() - t) * 1000)
            ranks = [id_of[r["external_id"]] for r in res["results"]]
            h1 += bool(ranks) and ranks[0] == i
            h5 += i in ranks
        all_ms += ms
        q = statistics.quantiles(ms, n=20)
        print(f"{kind:9s}: hit@1 {h1 / len(sample):.3f}  hit@5 {h5 / len(sample):.3f}  "
              f"p50 {statistics.median(ms):.1f} ms  p95 {q[18]:.1f} ms")
    q = statistics.quantiles(all_ms, n=20)
    print(f"all      : {len(all_ms)} queries  p50 {statistics.median(all_ms):.1f} ms  p95 {q[18]:.1f} ms")
    for probe in ("error", "connection reset", "test build deploy"):
        t = time.perf_counter()
        lib.search(probe)
        print(f"frequent-word query {probe!r}: {(time.perf_counter() - t) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
