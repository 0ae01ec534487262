"""Search by meaning: questions in other words, controls and exact needles, lexical vs semantic vs hybrid.

    .venv/bin/python bench/meaning.py --check            # the paraphrase set shares no content word
    .venv/bin/python bench/meaning.py [--filler 5000] [--report bench/MEANING.md]

The items of bench/meaning_set.py (each with a near distractor) are hidden among `--filler`
generated items (each with an error, a command and a component name of its own, and pasted
commands whose common words other items share: `alembic upgrade <rev>` beside items about
`alembic upgrade head`), written as one JSONL file and imported with `jezero-pipeline
import-jsonl` under the default configuration (the bundled offline model), then searched
through the CLI's own reader in each mode. Prints hit@5 per kind and mode, the embedding
throughput, query and search latency, and sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.meaning_set import DEV, ENTRIES
from jezero_pipeline.library.fts import STOPWORDS as LIBRARY_STOPWORDS

REPO = Path(__file__).resolve().parents[1]
CLI = str(REPO / ".venv" / "bin" / "jezero-pipeline")
# Function words only: a question may share these with its item, nothing else: the library's
# stopwords and more (the checker is stricter than the index).
STOPWORDS = set(LIBRARY_STOPWORDS) | {
    "above",
    "after",
    "again",
    "against",
    "all",
    "any",
    "before",
    "being",
    "below",
    "between",
    "both",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "done",
    "down",
    "during",
    "each",
    "few",
    "get",
    "gets",
    "getting",
    "got",
    "having",
    "he",
    "her",
    "here",
    "him",
    "his",
    "how",
    "if",
    "itself",
    "just",
    "keep",
    "kept",
    "me",
    "more",
    "most",
    "my",
    "no",
    "nor",
    "not",
    "now",
    "off",
    "once",
    "one",
    "only",
    "other",
    "our",
    "out",
    "over",
    "own",
    "same",
    "she",
    "should",
    "some",
    "still",
    "such",
    "through",
    "too",
    "under",
    "until",
    "up",
    "us",
    "very",
    "where",
    "while",
    "whom",
    "why",
    "would",
}
VERBS = ["refactor", "update", "migrate", "document", "review", "profile", "rename", "split", "merge", "tune"]
NOUNS = [
    "billing",
    "catalog",
    "ledger",
    "search",
    "profile",
    "invoice",
    "gateway",
    "scheduler",
    "uploader",
    "mailer",
    "inventory",
    "checkout",
    "reporting",
    "analytics",
    "notifier",
    "exporter",
    "importer",
    "auth",
    "cache",
    "router",
]
THINGS = ["module", "service", "handler", "component", "endpoint", "job", "worker", "schema", "config", "pipeline"]
WORDS = [
    "latency",
    "throughput",
    "refactoring",
    "cleanup",
    "logging",
    "metrics",
    "tests",
    "docs",
    "types",
    "release",
    "config",
    "build",
    "deploy",
    "lint",
    "format",
    "review",
    "retry",
    "queue",
    "batch",
    "stream",
    "parser",
]


def content_stems(texts: list[str], con) -> set[str]:
    from jezero_pipeline.library.fts import ascii_parts, ascii_tokens

    words = {
        w.lower() for t in texts for tok in ascii_tokens(t) for w in [tok, *ascii_parts(tok)]
    } - STOPWORDS  # the index folds case
    if not words:
        return set()
    rows = con.execute("SELECT stem(w, 'porter') FROM unnest(?::VARCHAR[]) t(w)", [sorted(words)]).fetchall()
    return {r[0] for r in rows} - STOPWORDS


def check() -> list[str]:
    import duckdb

    from jezero_pipeline.library.fts import load_fts

    con = duckdb.connect()
    load_fts(con)
    problems = []
    for key, title, summary, questions, _control, _distractor in ENTRIES:
        item = content_stems([title, summary], con)
        for q in questions:
            shared = content_stems([q], con) & item
            if shared:
                problems.append(f"bench/meaning_set.py: {key}: {q!r} shares {sorted(shared)} with its item")
    return problems


def filler(n: int, rng: random.Random) -> tuple[list[dict], list[tuple[str, str, str]]]:
    """Generated items, and needles (kind, query, external id) that only one of them holds whole."""
    items, needles = [], []
    for i in range(n):
        noun, thing = rng.choice(NOUNS), rng.choice(THINGS)
        comp = "".join(rng.choice("bcdfgklmnprstvz") + rng.choice("aeiou") for _ in range(3)).capitalize()
        code = f"E{rng.randint(10000, 99999)}"
        command = f"pytest tests/test_{noun}_{i}.py -k {rng.choice(WORDS)}"
        error = f"{noun.capitalize()}Error: {code} while loading {comp}{thing.capitalize()}"
        atoms = [{"kind": "command", "text": command}, {"kind": "error", "text": error}]
        if i % 50 == 0:  # a pasted command among items that share its common words
            tool = rng.choice(["alembic upgrade {}", "py-spy dump --pid {}", "mkdocs build --strict -f {}"])
            arg = {"alembic": f"{rng.getrandbits(48):012x}", "py-spy": str(rng.randint(1000, 99999)),
                   "mkdocs": f"docs/{noun}{i}/mkdocs.yml"}[tool.split()[0]]  # fmt: skip
            whole = tool.format(arg)
            atoms.append({"kind": "command", "text": whole})
            needles.append(("pasted-command", whole, f"f{i}"))
        elif i % 50 in (1, 2, 3):  # decoys: the common words in heavier fields
            tool = rng.choice(["alembic upgrade head", "py-spy dump --native", "mkdocs build --strict"])
            atoms += [{"kind": "command", "text": tool}, {"kind": "fact", "text": f"{tool} runs before {noun}"}]
        items.append({
            "external_id": f"f{i}", "occurred_at": f"2026-0{1 + i % 9}-{1 + i % 28:02d}T10:00:00Z",
            "title": f"{rng.choice(VERBS).capitalize()} the {noun} {thing} ({comp})",
            "summary": " ".join(rng.choice(WORDS + NOUNS) for _ in range(rng.randint(12, 30))) + ".",
            "atoms": atoms, "project": rng.choice(["shop", "platform", "mobile", "data"]),
        })  # fmt: skip
        if i % 7 == 0:
            needles += [("error", code, f"f{i}"), ("command", command, f"f{i}"), ("component", comp, f"f{i}")]
    return items, needles


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check the paraphrase set")
    ap.add_argument("--filler", type=int, default=5000)
    ap.add_argument("--report", help="also write the figures to this markdown file")
    ap.add_argument("--workdir", help="keep the imported library here (an existing one is searched again, not rebuilt)")
    args = ap.parse_args()
    report_path = Path(args.report).resolve() if args.report else None  # measure() changes directory
    problems = check()
    for p in problems:
        print(p, file=sys.stderr)
    if args.check or problems:
        print(f"{len(ENTRIES)} entries, {2 * len(ENTRIES)} questions: {len(problems)} share a content word")
        return 1 if problems else 0
    rng = random.Random(39)
    items, needles = filler(args.filler, rng)
    cases: list[tuple[str, str, str]] = []
    for n, (key, title, summary, questions, control, (dt, ds)) in enumerate(ENTRIES):
        items.append({"external_id": key, "occurred_at": "2026-05-02T10:00:00Z", "title": title, "summary": summary})
        items.append({"external_id": key + "-near", "occurred_at": "2026-05-03T10:00:00Z", "title": dt, "summary": ds})
        split = "dev" if n < DEV else "held-out"
        cases += [(f"other-words ({split})", q, key) for q in questions]
        cases.append(("control", control, key))
    cases += needles
    with tempfile.TemporaryDirectory(prefix="meaning-") as d:
        work = Path(args.workdir or d)
        work.mkdir(parents=True, exist_ok=True)
        if (work / "import.json").exists():
            emb, import_seconds = json.loads((work / "import.json").read_text())
        else:
            (work / "jezero.toml").write_text('[storage]\npath = "lib.duckdb"\nstaging_dir = "staging"\n')
            (work / "items.jsonl").write_text("\n".join(json.dumps(x) for x in items) + "\n")
            env = {**os.environ, "JEZERO_CONFIG": str(work / "jezero.toml")}
            t0 = time.perf_counter()
            out = subprocess.run([CLI, "import-jsonl", str(work / "items.jsonl"), "--source", "bench", "--json"],
                                 env=env, capture_output=True, text=True, check=True, cwd=work)  # fmt: skip
            import_seconds = time.perf_counter() - t0
            emb = json.loads(out.stdout)["embeddings"]
            (work / "import.json").write_text(json.dumps([emb, import_seconds]))
        figures = measure(work, cases)
        vec_bytes = (work / "lib.duckdb.vectors").stat().st_size
    lines = report(args, items, cases, emb, import_seconds, figures, vec_bytes)
    print("\n".join(lines))
    if report_path:
        report_path.write_text("\n".join(lines) + "\n")
    return 0


def measure(work: Path, cases: list[tuple[str, str, str]]) -> dict:
    os.chdir(work)
    from jezero_pipeline.config import load_config
    from jezero_pipeline.library.reader import Library

    cfg = load_config(work / "jezero.toml")
    lib = Library(cfg.library_path, cfg.search, embeddings=cfg.embeddings)
    lib.search("warm up", mode="hybrid")
    out: dict = {"hits": {}, "ms": {}}
    for mode in ("lexical", "semantic", "hybrid"):
        for kind, query, key in cases:
            lib.meaning._queries.clear()  # every query embedded afresh: its cost is in the latency
            t = time.perf_counter()
            res = lib.search(query, limit=5, mode=mode)["results"]
            out["ms"].setdefault(mode, []).append((time.perf_counter() - t) * 1000)
            hit = any(r["external_id"] == key for r in res)
            out["hits"].setdefault((kind, mode), []).append(hit)
    embedder = lib.meaning._query_embedder()
    qs = [q for _, q, _ in cases[:200]]
    t = time.perf_counter()
    embedder.embed(qs)
    out["query_embed_ms"] = (time.perf_counter() - t) * 1000 / len(qs)
    return out


def report(args, items, cases, emb, import_seconds, fig, vec_bytes) -> list[str]:
    from jezero_pipeline.embedding.local import weights_path

    kinds = sorted({k for k, _, _ in cases}, key=lambda k: (not k.startswith("other"), k))
    lines = [
        "# Search by meaning: lexical, semantic and hybrid",
        "",
        f"Generated by `python bench/meaning.py --filler {args.filler}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} "
        f"(load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores; do not edit by hand).",
        f"{len(items):,} items imported with `import-jsonl` under the default configuration (the bundled "
        f"offline model): {len(ENTRIES)} written items, each with a near distractor, among {args.filler:,} generated ones.",
        "",
        "| query kind | queries | lexical hit@5 | semantic hit@5 | hybrid hit@5 |",
        "|---|---:|---:|---:|---:|",
    ]
    for k in kinds:
        row = [fig["hits"][(k, m)] for m in ("lexical", "semantic", "hybrid")]
        lines.append(f"| {k} | {len(row[0])} | " + " | ".join(f"{sum(r) / len(r):.3f}" for r in row) + " |")
    lines += ["", "| cost | figure |", "|---|---:|"]
    lines.append(
        f"| embedding throughput (import's embed step, 2 threads), texts/s | {emb['embedded'] / max(emb['seconds'], 1e-9):.1f} |"
    )
    lines.append(f"| texts embedded by the import | {emb['embedded']:,} in {emb['seconds']:.1f} s |")
    lines.append(f"| whole import (build + embed), s | {import_seconds:.1f} |")
    lines.append(f"| query embedding, ms per query (1 thread) | {fig['query_embed_ms']:.1f} |")
    for m in ("lexical", "semantic", "hybrid"):
        ms = fig["ms"][m]
        lines.append(
            f"| {m} search p50 / p95, ms (query embedded each time) | {statistics.median(ms):.1f} / {percentile(ms, 95):.1f} |"
        )
    lines.append(f"| weights file (int8 ONNX), MB | {weights_path().stat().st_size / 1e6:.1f} |")
    lines.append(f"| vectors file for {emb['vectors']:,} items, MB | {vec_bytes / 1e6:.2f} |")
    return lines


if __name__ == "__main__":
    sys.exit(main())
