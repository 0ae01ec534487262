"""What a backfill costs: direct calls against the provider's batch API, prompt caching on and off.

On the generated corpus (`bench/corpus.py`, 2,000 sessions by default) against the fake model
server (in this process: its batch API, its prompt cache, its usage), each scenario backfills
the whole corpus into a fresh state folder with the same price table and reports what it paid:

- direct: `jezero-pipeline run` (prompt caching on, as by default);
- batch: `jezero-pipeline run --batch`, the batch ends, then `jezero-pipeline run` lands it;
- direct, caching off: `prompt_caching = false`;
- direct and batch with caching at a stand-in minimum: our fixed prefix (~450 tokens, ~800
  with Anthropic's tool-use preamble) is below every current model's cacheable minimum (1,024
  tokens and more, the fake's default), so at the real minimum caching saves nothing; the
  stand-in minimum (256) shows what it is worth once a prefix clears its model's minimum.

Every scenario must store a summary for every segment and pay for none twice (the fake server
counts the answers it bills per document). Costs are the pipeline's own estimates at the price
table (the per-partition `estimated_cost_usd`, landed batches included), which the fake
server's usage drives:

    .venv/bin/python -m bench.batch_cost                       # 2,000 sessions, ~12 min on 2 shared cores
    .venv/bin/python -m bench.batch_cost --sessions 200 --workdir DIR
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import corpus, jezero_side
from bench.run_all import our_config
from jezero_pipeline import service
from jezero_pipeline.config import load_config
from jezero_pipeline.staging import batches as docs
from jezero_pipeline.staging.tables import REDACTED_SEGMENTS, SUMMARIES
from jezero_pipeline.workspace import Workspace
from jezero_pipeline_tests.fake_model_server import FakeModelServer

PRICES = {"price_input_per_mtok": 1.0, "price_output_per_mtok": 5.0}  # Claude Haiku 4.5's list price
STAND_IN_MINIMUM = 256
SCENARIOS = [  # name, batch, config lines, the fake's cacheable minimum
    ("direct", False, "", 1024),
    ("batch", True, "", 1024),
    ("direct, caching off", False, "prompt_caching = false\n", 1024),
    ("direct, caching at a stand-in minimum", False, "", STAND_IN_MINIMUM),
    ("direct, caching off, stand-in minimum", False, "prompt_caching = false\n", STAND_IN_MINIMUM),
    ("batch, caching at a stand-in minimum", True, "", STAND_IN_MINIMUM),
]


def write_config(state: Path, corpus_dir: Path, url: str, extra: str) -> Path:
    prices = "".join(f"{k} = {v}\n" for k, v in PRICES.items())
    path = state / "jezero.toml"
    path.write_text(our_config(state, url, corpus_dir, concurrency=8, summarizer_extra=prices + extra))
    return path


def _segments(ws: Workspace) -> tuple[int, int]:
    """(segments, summarised segments) over every partition."""
    segs = sum(len(ws.store.read(REDACTED_SEGMENTS, p, columns=["id"])) for p in ws.store.partitions(REDACTED_SEGMENTS))
    ok = sum(1 for p in ws.store.partitions(SUMMARIES)
             for r in ws.store.read(SUMMARIES, p, columns=["status"]) if r["status"] == "ok")  # fmt: skip
    return segs, ok


def _sum(report: service.RunReport, key: str) -> float:
    return sum(c.figures.get(key) or 0 for c in report.connectors)


def scenario(srv: FakeModelServer, corpus_dir: Path, work: Path, name: str, batch: bool, extra: str,
             minimum: int) -> dict[str, Any]:  # fmt: skip
    srv.reset()
    srv.cache.min_tokens = minimum
    state = work / name.replace(" ", "-").replace(",", "")
    shutil.rmtree(state, ignore_errors=True)
    state.mkdir(parents=True)
    cfg = load_config(write_config(state, corpus_dir, srv.anthropic_base_url, extra))
    names = [c.name for c in cfg.connectors]
    t0 = time.perf_counter()
    reports = [service.run(Workspace.open(cfg), names, batch=batch)]
    if batch:
        srv.batches.end()  # the provider answered (within 24 hours; here at once)
        reports.append(service.run(Workspace.open(cfg), names))  # lands the batches, writes the partitions
    wall = time.perf_counter() - t0
    ws = Workspace.open(cfg)
    problems = [e for r in reports for c in r.connectors for e in c.errors] + [w for r in reports for w in r.warnings]
    segments, summarised = _segments(ws)
    landed = [d for d in docs.all_docs(ws.store)]
    return {
        "scenario": name, "segments": segments, "summarised": summarised,
        "direct_calls": int(sum(_sum(r, "calls") for r in reports)),
        "batched_requests": int(sum(_sum(r, "batch_requests") for r in reports)), "batches": len(landed),
        "input_tokens": int(sum(_sum(r, "input_tokens") for r in reports)),
        "cached_input_tokens": int(sum(_sum(r, "cached_input_tokens") for r in reports)),
        "output_tokens": int(sum(_sum(r, "output_tokens") for r in reports)),
        "cost_usd": round(sum(_sum(r, "estimated_cost_usd") for r in reports), 4),
        "landed_cost_usd": round(sum(d.cost_usd for d in landed), 4),
        "paid_twice": len(srv.paid_twice), "answers_paid": sum(srv.paid.values()),
        "wall_seconds": round(wall, 1), "problems": problems[:5],
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workdir", help="keep the corpus and state folders here (default: a temp folder)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    os.environ[jezero_side.API_KEY_ENV] = "bench-fake-key"
    os.environ.setdefault("JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS", "0.01")
    work = Path(args.workdir) if args.workdir else Path(tempfile.mkdtemp(prefix="batch-cost-"))
    corpus_dir = work / f"corpus-{args.sessions}-{args.seed}"
    if not (corpus_dir / "corpus.json").exists():
        corpus.generate(corpus_dir, sessions=args.sessions, seed=args.seed)
    rows = []
    with FakeModelServer(latency=0.0) as srv:
        for name, batch, extra, minimum in SCENARIOS:
            rows.append(scenario(srv, corpus_dir, work, name, batch, extra, minimum))
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    if not args.workdir:
        shutil.rmtree(work, ignore_errors=True)
    by = {r["scenario"]: r for r in rows}
    ratios = {
        "batch / direct": by["batch"]["cost_usd"] / by["direct"]["cost_usd"],
        "caching on / off (real minimum)": by["direct"]["cost_usd"] / by["direct, caching off"]["cost_usd"],
        "caching on / off (stand-in minimum)": by["direct, caching at a stand-in minimum"]["cost_usd"]
        / by["direct, caching off, stand-in minimum"]["cost_usd"],
        "batch + caching / direct, caching off (stand-in minimum)": by["batch, caching at a stand-in minimum"][
            "cost_usd"] / by["direct, caching off, stand-in minimum"]["cost_usd"],
    }  # fmt: skip
    failed = claims_failed(by, ratios)
    if args.json:
        print(json.dumps({"sessions": args.sessions, "prices": PRICES, "rows": rows, "ratios": ratios,
                          "not_shown": failed}, indent=1))  # fmt: skip
        return 1 if failed else 0
    print(f"{args.sessions} sessions, prices ${PRICES['price_input_per_mtok']}/${PRICES['price_output_per_mtok']} "
          f"per million input/output tokens, batch discount 50%, cache write 1.25x / read 0.1x input\n")  # fmt: skip
    cols = ["segments", "summarised", "direct_calls", "batched_requests", "input_tokens", "cached_input_tokens",
            "output_tokens", "cost_usd", "paid_twice", "wall_seconds"]  # fmt: skip
    print("| scenario | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for r in rows:
        print(f"| {r['scenario']} | " + " | ".join(str(r[c]) for c in cols) + " |")
    print()
    for k, v in ratios.items():
        print(f"{k}: {v:.3f}")
    for claim in failed:
        print(f"\nNOT SHOWN: {claim}", file=sys.stderr)
    return 1 if failed else 0


def claims_failed(by: dict[str, dict[str, Any]], ratios: dict[str, float]) -> list[str]:
    """What the figures were meant to show and did not: every segment stored and paid once, a
    batch at most half the direct cost (its figures are rounded to 1/10,000 of a dollar), and
    with a prefix the cache takes, cached input tokens on every direct call after the first and a
    lower cost than without."""
    failed = [f"{r['scenario']}: every segment stored once" for r in by.values()
              if r["summarised"] != r["segments"] or r["paid_twice"] or r["problems"]]  # fmt: skip
    if by["batch"]["cost_usd"] > 0.5 * by["direct"]["cost_usd"] + 1e-4:
        failed.append(f"batch / direct {ratios['batch / direct']:.4f} <= 0.5")
    cached = by["direct, caching at a stand-in minimum"]
    after_first = cached["direct_calls"] - 1
    if not (cached["cached_input_tokens"] > 0 and cached["cached_input_tokens"] % after_first == 0):
        failed.append(f"cached input tokens on each of the {after_first} calls after the first")
    if ratios["caching on / off (stand-in minimum)"] >= 1:
        failed.append("direct with caching costs less than without")
    return failed


if __name__ == "__main__":
    sys.exit(main())
