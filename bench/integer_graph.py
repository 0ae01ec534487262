"""The bundled model's integer graph against the published (widened) one, side by side.

    .venv/bin/python bench/integer_graph.py [--filler 5000]

Both graphs embed the same texts in this process, one after the other: the paraphrase set's
items and near distractors among `--filler` generated items (bench/meaning.py's, title and
summary), then the questions in other words. Printed for each: semantic hit@5 on the dev and
held-out questions (vectors alone, no fusion: the graph is the only difference), texts
embedded per second, and the memory the process grew by to load the session and embed one
query (PSS, each graph in a fresh process).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.meaning import filler
from bench.meaning_set import DEV, ENTRIES


def pss_mb() -> float:
    with open("/proc/self/smaps_rollup") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("Pss:")) / 1024


def embedder(graph: str):
    """A fresh bundled embedder on `graph`: "integer" (what the pipeline runs) or "widened"."""
    from jezero_pipeline.embedding import local

    emb = local.LocalEmbedder("bench", threads=2)
    if graph == "widened":
        made = local.integer_model
        local.integer_model = lambda weights: weights  # the published file, as onnxruntime loads it
        try:
            emb._load()
        finally:
            local.integer_model = made
    return emb


def session_memory(graph: str) -> float:
    """PSS grown by loading `graph` and embedding one query (in this process: call it fresh)."""
    import numpy  # noqa: F401  (the reader has numpy already: not the model's cost)

    before = pss_mb()
    held = embedder(graph)  # held while measured: a session dropped gives its memory back
    held.embed(["why did users keep getting bounced back to the sign-in page?"])
    return pss_mb() - before


def quality(graph: str, n_filler: int) -> dict[str, float]:
    import numpy as np

    items, _ = filler(n_filler, random.Random(39))
    for key, title, summary, _questions, _control, (d_title, d_summary) in ENTRIES:
        items.append({"external_id": key, "title": title, "summary": summary})
        items.append({"external_id": key + "-near", "title": d_title, "summary": d_summary})
    ids = [it.get("external_id") for it in items]
    questions = [(q, key, n < DEV) for n, (key, _t, _s, qs, _c, _d) in enumerate(ENTRIES) for q in qs]
    emb = embedder(graph)
    emb.embed(["warm up"])
    t = time.perf_counter()
    vectors = emb.embed([f"{it['title']}\n{it['summary']}" for it in items])
    rate = len(items) / (time.perf_counter() - t)
    top = np.argsort(-(emb.embed([q for q, _, _ in questions]) @ vectors.T), axis=1)[:, :5]
    hits = [key in {ids[j] for j in row} for row, (_, key, _) in zip(top, questions, strict=True)]
    dev = [h for h, (_, _, is_dev) in zip(hits, questions, strict=True) if is_dev]
    held = [h for h, (_, _, is_dev) in zip(hits, questions, strict=True) if not is_dev]
    return {"dev": sum(dev) / len(dev), "held_out": sum(held) / len(held), "texts_per_s": rate}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--filler", type=int, default=5000)
    ap.add_argument("--memory-of", choices=["integer", "widened"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_of:
        print(json.dumps(session_memory(args.memory_of)))
        return 0
    print(f"{len(ENTRIES)} items with near distractors among {args.filler:,} generated; semantic hit@5")
    print("| graph | dev hit@5 | held-out hit@5 | texts/s (2 threads) | session + one query, PSS MB |")
    print("|---|---:|---:|---:|---:|")
    for graph in ("integer", "widened"):
        q = quality(graph, args.filler)
        mem = subprocess.run(
            [sys.executable, __file__, "--memory-of", graph], capture_output=True, text=True, check=True
        )
        print(f"| {graph} | {q['dev']:.3f} | {q['held_out']:.3f} | {q['texts_per_s']:.0f} | {float(mem.stdout):.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
