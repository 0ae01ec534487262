"""The offline summariser on its labelled sample, as it is now and as it was at a git ref.

Prints, per atom kind, precision (filed atoms that a person would file too) and recall
(labelled atoms that were filed), the trap hits (a request, "Fixed.", `/cost`... filed as an
atom), and the questions' and titles' checks (see jezero_pipeline_tests/extractive_sample.py).
The sample has a tuning part and a held-out part: report both, and read the held-out one only
once the rules are settled.

`--corpus DIR` also times both versions on the segments of a benchmark corpus
(`python -m bench.corpus --out DIR --sessions 200 --seed 7`), read by our connectors and cut by
the segmenter as a run does; CPU time, best of --repeats, the two versions interleaved.

    .venv/bin/python -m bench.extractive_precision [--split tuning|heldout|both] [--before REF]
        [--misses] [--texts] [--corpus DIR] [--repeats 3]
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

from jezero_pipeline.models import ATOM_KINDS, Summary
from jezero_pipeline.summarizing.extractive import summarize_extractive
from jezero_pipeline_tests.extractive_sample import SPLITS, Excerpt, Score, load, score

HERE = Path(__file__).resolve().parent
BASE = "0ce1f02"  # the summariser before issue 42's rules

Summarizer = Callable[[str, str | None, str | None], Summary]


def summarizer_at(ref: str, into: Path) -> Summarizer:
    """`summarize_extractive` as it was at git `ref`: that commit's package, imported under
    another name so both versions live in one process."""
    archive = subprocess.run(
        ["git", "archive", ref, "jezero_pipeline"], cwd=HERE.parent, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    name = f"jezero_pipeline_at_{ref.replace('-', '_').replace('/', '_')}"
    (into / "jezero_pipeline").rename(into / name)
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{name}.summarizing.extractive").summarize_extractive


def _percent(value: float | None) -> str:
    return "   -" if value is None else f"{100 * value:3.0f}%"


def table(before: Score, after: Score, split: str, ref: str) -> str:
    """Per-kind precision and recall, before and after, and the text checks."""
    lines = [
        f"## {split} part",
        "",
        f"| kind | labelled | before ({ref}): filed, precision, recall | now: filed, precision, recall |",
        "|---|---:|---|---|",
    ]
    for kind in (*ATOM_KINDS, "all"):
        b = before.total if kind == "all" else before.kinds[kind]
        a = after.total if kind == "all" else after.kinds[kind]
        lines.append(
            f"| {kind} | {a.required} | {b.filed:3d}, {_percent(b.precision)}, {_percent(b.recall)} "
            f"| {a.filed:3d}, {_percent(a.precision)}, {_percent(a.recall)} |"
        )
    rows = [
        ("trap lines filed as atoms", lambda s: f"{s.traps}"),
        ("questions well formed", lambda s: f"{s.well_formed}/{s.questions}"),
        ("questions using a labelled name", lambda s: f"{s.specific}/{s.questions}"),
        ("excerpts with a question by name", lambda s: f"{s.asked_by_name}/{s.with_names}"),
        ('"What happened with X?" questions', lambda s: f"{s.generic}"),
        ("titles cut or dangling", lambda s: f"{s.cut_titles}"),
        ("summaries cut or dangling", lambda s: f"{s.cut_summaries}"),
    ]
    lines += ["", "| check | before | now |", "|---|---:|---:|"]
    lines += [f"| {label} | {get(before)} | {get(after)} |" for label, get in rows]
    return "\n".join(lines)


def misses(after: Score) -> str:
    """What the current rules got wrong, excerpt by excerpt (for tuning)."""
    out = []
    for m in after.misses:
        out.append(f"{m.excerpt}:")
        out += [f"  + {k}: {t}{'   <- TRAP' if (k, t) in m.traps else ''}" for k, t in m.wrong]
        out += [f"  - {k}: {t}" for k, t in m.missed]
    return "\n".join(out)


def texts(excerpts: list[Excerpt], summarize: Summarizer) -> str:
    """Each excerpt's title, summary and questions (to read them)."""
    out = []
    for ex in excerpts:
        s = summarize(ex.text, None, None)
        out += [f"{ex.id}: {s.title}", f"  {s.summary}", *(f"  ? {q}" for q in s.questions)]
    return "\n".join(out)


def time_on_corpus(corpus_dir: Path, before: Summarizer, repeats: int) -> str:
    """CPU seconds to summarise every segment of the corpus, now and before, interleaved."""
    from bench.redaction_bench import dialogue_segments  # lazy: loads the connectors, only for --corpus

    segments = dialogue_segments(corpus_dir)
    chars = sum(map(len, segments))
    best_now = best_before = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        for s in segments:
            summarize_extractive(s, None, None)
        t1 = time.process_time()
        for s in segments:
            before(s, None, None)
        t2 = time.process_time()
        best_now, best_before = min(best_now, t1 - t0), min(best_before, t2 - t1)
    return (
        f"{len(segments)} segments, {chars / 1e6:.1f} M chars: before {best_before:.2f} s CPU "
        f"({best_before / len(segments) * 1e3:.1f} ms a segment), now {best_now:.2f} s CPU "
        f"({best_now / len(segments) * 1e3:.1f} ms a segment), ratio now / before {best_now / best_before:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=[*SPLITS, "both"], default="tuning")
    ap.add_argument("--before", default=BASE, metavar="REF", help=f"the git ref to compare with (default {BASE})")
    ap.add_argument("--misses", action="store_true", help="list what the current rules got wrong")
    ap.add_argument("--texts", action="store_true", help="print each excerpt's title, summary and questions")
    ap.add_argument("--corpus", type=Path, help="also time both versions on this benchmark corpus")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        before = summarizer_at(args.before, Path(tmp))
        for split in SPLITS if args.split == "both" else (args.split,):
            excerpts = load(split)
            scores: list[Any] = [
                score(excerpts, lambda text, f=f: f(text, None, None)) for f in (before, summarize_extractive)
            ]
            print(table(*scores, f"{split} ({len(excerpts)} excerpts)", args.before), end="\n\n")
            if args.misses:
                print(misses(scores[1]), end="\n\n")
            if args.texts:
                print(texts(excerpts, summarize_extractive), end="\n\n")
        if args.corpus:
            print(time_on_corpus(args.corpus, before, args.repeats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
