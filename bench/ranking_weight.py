"""Measure the BM25 weight of the redacted original (SearchConfig.original_weight).

    .venv/bin/python bench/ranking_weight.py [--items 3000] [--queries 200]

Corpus: items whose needle (an error code) is ONLY in the original (the summariser left it
out) and items whose needle is ONLY in the summary; every original also carries noise words
that appear in other items' titles. A query is the needle plus two generic words. Too low a
weight loses the original-only needles behind title hits on the generic words; too high lets
long originals full of generic words outrank the summaries. Prints hit@1/hit@5 per weight.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.library_scale import FILLER, generate
from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library.build import build_library
from jezero_pipeline.library.reader import Library

WEIGHTS = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0, 2.0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--items", type=int, default=3000)
    ap.add_argument("--queries", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(5)
    df, nds = generate(args.items, seed=3)
    cases = []
    for i in range(len(df)):
        code = f"E{70000 + i}"
        generic = rng.sample(FILLER, 2)
        if i % 2 == 0:  # needle only in the original
            df.at[i, "original"] = f"{df.at[i, 'original']} {code} {' '.join(generic)}"
            where = "original"
        else:  # needle only in the summary
            df.at[i, "summary"] = f"{df.at[i, 'summary']} {code}"
            where = "summary"
        cases.append((i, f"{code} {' '.join(generic)}", where))
    path = Path(tempfile.mkdtemp(prefix="jezero-weight-")) / "library.duckdb"
    build_library(df, path)
    sample = rng.sample(cases, min(args.queries, len(cases)))
    print(f"{len(df)} items, {len(sample)} queries (needle + 2 generic words)")
    print("weight  original-only hit@1 hit@5   summary-only hit@1 hit@5")
    for w in WEIGHTS:
        lib = Library(path, SearchConfig(original_weight=w))
        tally = {"original": [0, 0, 0], "summary": [0, 0, 0]}
        for i, q, where in sample:
            got = [r["external_id"] for r in lib.search(q, limit=5)["results"]]
            want = df.at[i, "external_id"]
            t = tally[where]
            t[0] += 1
            t[1] += bool(got) and got[0] == want
            t[2] += want in got
        lib.close()
        o, s = tally["original"], tally["summary"]
        print(f"{w:5.2f}   {o[1] / o[0]:.3f} {o[2] / o[0]:.3f}               {s[1] / s[0]:.3f} {s[2] / s[0]:.3f}")


if __name__ == "__main__":
    main()
