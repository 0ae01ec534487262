"""A harder ranking benchmark: choose the original's weight and the parts weight, ours vs Jezero.

    .venv/bin/python bench/ranking_weight.py [--pairs 1500] [--queries 200] [--jezero]
        [--report bench/RANKING.md]

Corpus: sessions in near-duplicate pairs (the same text except one identifier: a constraint,
a test file, a class name), each with an error line, a command, a path and a topic of
domain words in its summary, atoms and redacted original, plus filler. Query kinds:
- `error-fragment` / `command-fragment`: the session's error line or command cut at a random
  character at both ends (anywhere but inside the made-up word that makes its identifier its
  own): what people paste from a terminal or a CI log. Only the session itself counts.
- `near-duplicate`: the whole error line; only the session with that identifier counts (its
  twin has the same words but one).
- `paraphrase`: a question in other words than the session used (other inflections, one word
  swapped for a synonym the session never uses, the class named by its parts: "kalomi billing"
  for BillingKalomiWorker); either twin counts.
- `original-only` / `summary-only`: an error code the summariser left out (only in the
  original) or kept (only in the summary), with two generic words: too low an original
  weight loses the first, too high lets long originals outrank summaries.
The original's weight is a search setting (every value on one build); the parts weight is
stored in the postings, so each value is its own build (the weights dict is set before it).
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
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.jezero_side import PYTHON as JEZERO_PYTHON
from bench.jezero_side import TOKENIZER as JEZERO_TOKENIZER
from bench.jezero_side import ensure_installed
from bench.library_scale import FILLER, SYLLABLES
from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library import ranking
from jezero_pipeline.library.build import build_library
from jezero_pipeline.library.reader import Library

BENCH_DIR = Path(__file__).resolve().parent
ORIGINAL_WEIGHTS = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0]
PARTS_WEIGHTS = [0.1, 0.3, 0.6, 1.0]
KINDS = ("error-fragment", "command-fragment", "near-duplicate", "paraphrase", "original-only", "summary-only")
ENTITIES = [
    "orders",
    "users",
    "invoices",
    "payments",
    "carts",
    "sessions",
    "accounts",
    "shipments",
    "refunds",
    "coupons",
    "tenants",
    "webhooks",
]
COLUMNS = [
    "customer_id",
    "email",
    "product_id",
    "created_at",
    "status",
    "tenant_id",
    "order_id",
    "sku",
    "currency",
    "region",
]
SUFFIXES = ["key", "fkey", "pkey", "idx", "uniq"]
MODULES = ["billing", "checkout", "search", "auth", "inventory", "notify", "reports", "ingest", "gateway", "scheduler"]
# domain words as the session says them -> as a question says them (another inflection or a synonym)
TOPIC = {
    "migrations": "migrate",
    "deadlocked": "deadlock",
    "retried": "retrying",
    "lockfile": "lockfile",
    "replicas": "replica",
    "throttled": "throttling",
    "serializer": "serialization",
    "webhooks": "webhook",
    "timeouts": "timing",
    "rollback": "revert",
    "caching": "cache",
    "indexes": "index",
    "partitioned": "partition",
    "vacuum": "cleanup",
    "backfilled": "backfill",
    "tokenizer": "tokenizing",
    "compaction": "compacting",
    "checkpoint": "checkpointing",
    "sharding": "shards",
    "quotas": "quota",
}
SYNONYMS = {"crashed": "died", "failing": "broken", "slow": "sluggish", "upgrade": "bump", "fixed": "solved"}


def uid(rng: random.Random) -> str:
    """A made-up word that names one session's thing (a table, a test, a class)."""
    return "".join(rng.choice(SYLLABLES) for _ in range(3))


def ident(rng: random.Random, u: str) -> str:
    return f"{rng.choice(ENTITIES)}_{rng.choice(COLUMNS)}_{u}_{rng.choice(SUFFIXES)}"


def camel(rng: random.Random, u: str) -> str:
    return f"{rng.choice(MODULES).capitalize()}{u.capitalize()}{rng.choice(['Worker', 'Client', 'Service', 'Handler'])}"


def sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(FILLER) for _ in range(n))


def generate(pairs: int, seed: int = 5) -> tuple[list[dict], list[dict]]:
    """Items in near-duplicate pairs, and per item what its queries are made of."""
    rng = random.Random(seed)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    items, facts = [], []
    for p in range(pairs):
        topic = rng.sample(sorted(TOPIC), 3)
        verb = rng.choice(sorted(SYNONYMS))
        module = rng.choice(MODULES)
        words = {k: uid(rng) for k in ("ident", "test", "cls")}
        base = {
            "cls": camel(rng, words["cls"]),
            "ident": ident(rng, words["ident"]),
            "test": f"test_{module}_{words['test']}",
            "words": words,
        }
        for twin in range(2):
            i = 2 * p + twin
            own = {**base, "words": dict(words)}
            differs = rng.choice(["ident", "test", "cls"]) if twin else None
            if differs:  # the twin's one identifier: the same shape, another made-up word
                u = uid(rng)
                own["words"][differs] = u
                own[differs] = {
                    "ident": base["ident"].replace(words["ident"], u),
                    "test": base["test"].replace(words["test"], u),
                    "cls": base["cls"].replace(words["cls"].capitalize(), u.capitalize()),
                }[differs]
            error = f'duplicate key value violates unique constraint "{own["ident"]}" in {own["cls"]}.save'
            command = f"pytest tests/{module}/{own['test']}.py -k {own['cls']} --maxfail=1"
            code = f"E{70000 + i}"
            where = "original" if i % 2 == 0 else "summary"
            generic = rng.sample(FILLER, 2)
            summary = (
                f"The {topic[0]} {verb} after the {topic[1]} change; {sentence(rng, 20)}. Hit {error} and ran "
                f"{command}. {topic[2]} {sentence(rng, 6)}" + (f" {code}" if where == "summary" else "")
            )
            original = (
                f"{sentence(rng, 90)} {error} {sentence(rng, 10)} {command} src/{module}/{own['cls'].lower()}.py "
                + (f"{code} {' '.join(generic)} " if where == "original" else "")
                + sentence(rng, 90)
            )
            items.append(
                {
                    "source": "claude-code",
                    "external_id": f"s{i}#0",
                    "session_id": f"s{i}",
                    "occurred_at": now - timedelta(hours=7 * i + rng.randrange(5)),
                    "title": f"{topic[0]} {verb} in {own['cls']}",
                    "summary": summary,
                    "questions": [f"why were the {topic[0]} {verb}?", f"how do we handle {topic[1]} in {module}?"],
                    "atoms": [
                        {"kind": "error", "text": error},
                        {"kind": "command", "text": command},
                        {"kind": "fact", "text": f"{own['cls']} handles {topic[2]} for {module}"},
                        {"kind": "decision", "text": sentence(rng, 10)},
                    ],
                    "project": module,
                    "trust": "own",
                    "original": original,
                    "original_ref": f"ref:s{i}",
                    "content_hash": f"h{i}",
                }
            )
            facts.append(
                {
                    "error": error,
                    "command": command,
                    "ident": own["ident"],
                    "test": own["test"],
                    "paraphrase": f"{SYNONYMS[verb]} {TOPIC[topic[0]]} when {TOPIC[topic[1]]} changed in the "
                    f"{own['words']['cls']} {module}",
                    "words": own["words"],
                    "code_query": f"{code} {' '.join(generic)}",
                    "where": where,
                    "twin": f"s{i ^ 1}#0",
                }
            )
    return items, facts


def cut(text: str, keep_from: int, keep_to: int, rng: random.Random) -> str:
    """`text` cut at a random character at each end, keeping at least [keep_from, keep_to)."""
    start = rng.randint(0, keep_from)
    end = rng.randint(keep_to, len(text))
    return text[start:end]


def queries(items: list[dict], facts: list[dict], per_kind: int, seed: int = 9) -> list[tuple[str, str, set[str]]]:
    """(kind, query, the external ids that count as a hit)."""
    rng = random.Random(seed)
    out = []
    sample = rng.sample(range(len(items)), min(per_kind, len(items)))
    for i in sample:
        f, ext = facts[i], items[i]["external_id"]
        a = f["error"].index(f["words"]["ident"])  # the cut may fall anywhere but in the made-up word
        out.append(("error-fragment", cut(f["error"], a, a + len(f["words"]["ident"]), rng), {ext}))
        a = f["command"].index(f["words"]["test"])
        out.append(("command-fragment", cut(f["command"], a, a + len(f["words"]["test"]), rng), {ext}))
        out.append(("near-duplicate", f["error"], {ext}))
        out.append(("paraphrase", f["paraphrase"], {ext, f["twin"]}))
    originals = [i for i in range(len(items)) if facts[i]["where"] == "original"]
    summaries = [i for i in range(len(items)) if facts[i]["where"] == "summary"]
    for kind, pool in (("original-only", originals), ("summary-only", summaries)):
        for i in rng.sample(pool, min(per_kind, len(pool))):
            out.append((kind, facts[i]["code_query"], {items[i]["external_id"]}))
    return out


def score(results: list[list[str]], qs: list[tuple[str, str, set[str]]]) -> dict[str, dict[str, float]]:
    """hit@1, hit@5 and MRR per kind."""
    by: dict[str, list[int | None]] = {k: [] for k in KINDS}
    for (kind, _, want), got in zip(qs, results):
        by[kind].append(next((n for n, e in enumerate(got, 1) if e in want), None))
    return {
        k: {
            "hit1": sum(r == 1 for r in ranks) / len(ranks),
            "hit5": sum(r is not None and r <= 5 for r in ranks) / len(ranks),
            "mrr": sum(1 / r for r in ranks if r) / len(ranks),
        }
        for k, ranks in by.items()
        if ranks
    }


def run_ours(path: Path, qs: list, original_weight: float) -> tuple[list[list[str]], list[float]]:
    lib = Library(path, SearchConfig(original_weight=original_weight))
    lib.search("warm up")
    results, ms = [], []
    for _, q, _ in qs:
        t = time.perf_counter()
        results.append([r["external_id"] for r in lib.search(q, limit=5)["results"]])
        ms.append((time.perf_counter() - t) * 1000)
    lib.close()
    return results, ms


def run_jezero(items: list[dict], qs: list, folder: Path) -> tuple[list[list[str]], list[float]]:
    ensure_installed()
    items_path, queries_path = folder / "items.jsonl", folder / "queries.json"
    with items_path.open("w", encoding="utf-8") as fh:
        for row in items:
            fh.write(json.dumps({**row, "occurred_at": row["occurred_at"].isoformat()}) + "\n")
    queries_path.write_text(json.dumps([q for _, q, _ in qs]), encoding="utf-8")
    out = subprocess.run(
        [
            str(JEZERO_PYTHON),
            str(BENCH_DIR / "library_scale_jezero.py"),
            str(items_path),
            str(queries_path),
            str(folder / "jezero.sqlite"),
            JEZERO_TOKENIZER,
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    got = json.loads(out.stdout)["searches"]
    return [x["external_ids"] for x in got], [x["seconds"] * 1000 for x in got]


def mean_hit5(fig: dict[str, dict[str, float]]) -> float:
    return statistics.mean(v["hit5"] for v in fig.values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=1500)
    ap.add_argument("--queries", type=int, default=200, help="queries per kind")
    ap.add_argument("--jezero", action="store_true")
    ap.add_argument("--report", type=Path, default=BENCH_DIR / "RANKING.md")
    ap.add_argument("--no-report", action="store_true")
    args = ap.parse_args()
    items, facts = generate(args.pairs)
    qs = queries(items, facts, args.queries)
    folder = Path(tempfile.mkdtemp(prefix="jezero-ranking-"))
    saved = dict(ranking.FIELD_WEIGHTS)
    curve = []  # (parts weight, original weight, figures)
    try:
        for pw in PARTS_WEIGHTS:
            ranking.FIELD_WEIGHTS["parts"] = pw  # stored in the postings: one build per value
            path = folder / f"parts-{pw}.duckdb"
            build_library(items, path)
            for ow in ORIGINAL_WEIGHTS:
                results, _ = run_ours(path, qs, ow)
                curve.append((pw, ow, score(results, qs)))
                print(f"parts {pw:4.2f} original {ow:4.2f}: mean hit@5 {mean_hit5(curve[-1][2]):.3f}", flush=True)
    finally:
        ranking.FIELD_WEIGHTS.update(saved)
    path = folder / "chosen.duckdb"
    build_library(items, path)
    chosen, chosen_ms = run_ours(path, qs, SearchConfig().original_weight)
    f_ours = score(chosen, qs)
    jez = run_jezero(items, qs, folder) if args.jezero else None
    f_jez = score(jez[0], qs) if jez else None
    lines = [
        "# Ranking on a harder corpus: weights chosen on it, ours vs Jezero 0.1.0",
        "",
        f"Generated by `python bench/ranking_weight.py {' '.join(sys.argv[1:])}` on "
        f"{time.strftime('%Y-%m-%d %H:%M %Z')} (do not edit by hand).",
        f"{len(items):,} items in near-duplicate pairs; {args.queries} queries per kind; limit 5; recency as configured.",
        "See the docstring of bench/ranking_weight.py for the corpus and each query kind.",
        "",
        f"## Chosen weights (parts {saved['parts']}, original {SearchConfig().original_weight}), side by side",
        "",
        "| query kind | ours hit@1 | ours hit@5 | ours MRR | Jezero hit@1 | Jezero hit@5 | Jezero MRR |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for k in KINDS:
        o = f_ours[k]
        j = f_jez[k] if f_jez else None
        jz = f"{j['hit1']:.3f} | {j['hit5']:.3f} | {j['mrr']:.3f}" if j else "- | - | -"
        lines.append(f"| {k} | {o['hit1']:.3f} | {o['hit5']:.3f} | {o['mrr']:.3f} | {jz} |")
    p50 = statistics.median(chosen_ms)
    jp50 = f"{statistics.median(jez[1]):.2f}" if jez else "-"
    lines += [f"| search p50, ms | {p50:.2f} | | | {jp50} | | |", ""]
    lines += [
        "## The curve: hit@5 per kind (hit@1 of near-duplicate) for each parts and original weight",
        "",
        "| parts | original | " + " | ".join(KINDS) + " | near-dup hit@1 | mean hit@5 |",
        "|---:|---:|" + "---:|" * (len(KINDS) + 2),
    ]
    for pw, ow, fig in curve:
        cells = " | ".join(f"{fig[k]['hit5']:.3f}" for k in KINDS)
        lines.append(f"| {pw} | {ow} | {cells} | {fig['near-duplicate']['hit1']:.3f} | {mean_hit5(fig):.3f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_report:
        args.report.write_text(text, encoding="utf-8")
        print(f"wrote {args.report}")


if __name__ == "__main__":
    main()
