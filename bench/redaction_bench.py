"""Redaction throughput on the benchmark corpus's dialogue text: ours and Jezero 0.1.0 in one run.

The text is what the redact stage really sees: `bench/corpus.py` writes its Claude Code and
Codex sessions, our connectors read them (dialogue kept, tool output dropped) and the
segmenter cuts them, as a pipeline run does. Both redactors get the same segment texts; only
the redaction calls are timed (best of --repeats), Jezero in bench/.venv-jezero through a
subprocess. The planted secrets of the corpus (secrets.jsonl) are then looked for in each
tool's output with the same leak test as `run_all.py`.

Both redactors also run over the labelled redaction corpus (jezero_pipeline_tests/
redaction_corpus): a secret is caught when it no longer appears in the output, a look-alike
is altered when its text changes. (The unit test is stricter for ours: every character of the
secret must lie inside a marker.)

`--against REF` also times our redactor as it was at git REF (a module or the package), each
segment alternately with the current one, best of --repeats per segment: before and after in
one run.

    bash bench/setup_jezero.sh
    .venv/bin/python -m bench.redaction_bench [--sessions 1000] [--seed 7] [--repeats 3] [--against REF]
        [--out bench/REDACTION.md]
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import corpus
from bench import redaction_dense as dense_parts
from bench import redaction_framing as framing
from bench.redaction_loso import Line
from bench.redaction_loso import caught as covered
from bench.redaction_loso import report as loso_report
from jezero_pipeline.config import Config
from jezero_pipeline.redaction import Redactor
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.stages.segment import segment_session

HERE = Path(__file__).resolve().parent
JEZERO_PY = HERE / ".venv-jezero" / "bin" / "python"
LABELLED = HERE.parent / "jezero_pipeline_tests" / "redaction_corpus"
ROUND3 = LABELLED / "round3"

# Runs inside the Jezero venv: only the segment redact() calls are timed, best of N repeats;
# the labelled texts are redacted once, untimed.
JEZERO_RUNNER = r"""
import json, sys, time
from jezero.redact import Redactor
work = json.load(open(sys.argv[1], encoding="utf-8"))
repeats = int(sys.argv[3])
r = Redactor()
r.redact("warm up password=abc123xyz")
best = None
for _ in range(repeats):
    t0 = time.perf_counter()
    outs = [r.redact(s).text for s in work["segments"]]
    dt = time.perf_counter() - t0
    best = dt if best is None else min(best, dt)
labelled = [r.redact(t).text for t in work["labelled"]]
json.dump({"segments": outs, "labelled": labelled}, open(sys.argv[2], "w", encoding="utf-8"))
print(json.dumps({"seconds": best}))
"""

# One timed pass of Jezero over the dense lines (one call per line), after a warm-up call, then
# one call over the same lines joined as one text.
JEZERO_DENSE_RUNNER = r"""
import json, sys, time
from jezero.redact import Redactor
lines = json.load(open(sys.argv[1], encoding="utf-8"))
r = Redactor()
r.redact("warm up password=abc123xyz")
t0 = time.perf_counter()
for line in lines:
    r.redact(line)
t1 = time.perf_counter()
r.redact(chr(10).join(lines))
print(json.dumps({"seconds": t1 - t0, "joined": time.perf_counter() - t1}))
"""


@dataclass(frozen=True)
class Labelled:
    """One line of the labelled corpus: `secret` must vanish, or (None) `text` must not change."""

    text: str
    secret: str | None


@dataclass
class Side:
    """One redactor's figures: time on the dialogue, secrets left, labelled-corpus results."""

    name: str
    seconds: float
    left: int  # planted secrets still findable in the output
    caught: int  # labelled secrets gone from the output
    altered: int  # labelled look-alikes whose text changed


def dialogue_segments(corpus_dir: Path) -> list[str]:
    """Segment texts of every session in the corpus, read by our connectors as a run reads them."""
    cfg = Config.model_validate(
        {
            "projects": {"git": False},
            "connectors": [
                {
                    "name": corpus.CLAUDE_SOURCE,
                    "type": "claude_code",
                    "options": {"projects_dir": str(corpus_dir / "claude" / "projects"), "settle_minutes": 0},
                },
                {
                    "name": corpus.CODEX_SOURCE,
                    "type": "codex",
                    "options": {"sessions_dir": str(corpus_dir / "codex" / "sessions"), "settle_minutes": 0},
                },
            ],
        }
    )
    texts = []
    for ccfg in cfg.connectors:
        scan = make_connector(ccfg, cfg.projects, corpus_dir).scan({}, time.time())
        for session in scan.sessions:
            texts += [seg.text for seg in segment_session(session, cfg.summarizer.max_input_chars)]
    return texts


def labelled_cases(folder: Path = LABELLED) -> list[Labelled]:
    """Every line of the labelled redaction corpus (or of one of its folders)."""
    cases = []
    for path in sorted(folder.glob("*.jsonl")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.strip() and not raw.startswith("#"):
                row = json.loads(raw)
                cases.append(Labelled(row["text"], row["secret"]))
    return cases


def labelled_cases_file(path: Path) -> list[Labelled]:
    rows = [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines() if raw.strip()]
    return [Labelled(row["text"], row["secret"]) for row in rows]


def covered_score(r: Redactor, cases: list[Labelled]) -> tuple[int, int, int, int]:
    """(secrets whose every character is inside a span, secrets, look-alikes altered, look-alikes)."""
    caught = sum(covered(r, Line(c.text, c.secret, "")) for c in cases if c.secret)
    altered = sum(r.redact(c.text)[0] != c.text for c in cases if not c.secret)
    n_sec = sum(1 for c in cases if c.secret)
    return caught, n_sec, altered, len(cases) - n_sec


def cold(*packages: str) -> None:
    """Empty the per-value caches of these packages' modules, so a repeated pass over the same
    text is timed as the first one was (best of N must not be a cache's replay)."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(packages):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def time_dense(lines: list[str], repeats: int, jezero: bool) -> tuple[float, float | None, float, float | None]:
    """Best wall times over the dense lines, one call per line, ours (caches cold) and Jezero's;
    then the same for the lines joined as one text (an env dump in a tool's output), in one call.

    The two take turns, one pass each per round, so a machine busier in one part of the run
    than in another slows both alike; the best round of each counts.
    """
    r = Redactor()
    r.redact("warm up password=abc123xyz")
    ours, theirs = float("inf"), float("inf")
    ours_joined, theirs_joined = float("inf"), float("inf")
    joined = "\n".join(lines)
    with tempfile.TemporaryDirectory() as tmp:
        lines_file, runner = Path(tmp, "lines.json"), Path(tmp, "dense.py")
        lines_file.write_text(json.dumps(lines), encoding="utf-8")
        runner.write_text(JEZERO_DENSE_RUNNER, encoding="utf-8")
        for _ in range(repeats):
            cold("jezero_pipeline.redaction")
            t0 = time.perf_counter()
            for line in lines:
                r.redact(line)
            ours = min(ours, time.perf_counter() - t0)
            cold("jezero_pipeline.redaction")
            t0 = time.perf_counter()
            r.redact(joined)
            ours_joined = min(ours_joined, time.perf_counter() - t0)
            if jezero:
                proc = subprocess.run(
                    [str(JEZERO_PY), str(runner), str(lines_file)], capture_output=True, text=True, check=True
                )
                timed = json.loads(proc.stdout.strip().splitlines()[-1])
                theirs, theirs_joined = min(theirs, timed["seconds"]), min(theirs_joined, timed["joined"])
    return ours, (theirs if jezero else None), ours_joined, (theirs_joined if jezero else None)


def time_ours(segments: list[str], repeats: int) -> tuple[float, list[str]]:
    """Best wall time of our Redactor over all segments (caches cold at each pass), and its output."""
    r = Redactor()
    r.redact("warm up password=abc123xyz")
    best, outs = float("inf"), []
    for _ in range(repeats):
        cold("jezero_pipeline.redaction")
        t0 = time.perf_counter()
        outs = [r.redact(s)[0] for s in segments]
        best = min(best, time.perf_counter() - t0)
    return best, outs


def redactor_at(ref: str, into: Path) -> Any:
    """A Redactor of `jezero_pipeline.redaction` as it was at git `ref`, imported as `before_redaction`."""
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", ref, "--", "jezero_pipeline/redaction.py", "jezero_pipeline/redaction"],
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    if not listed:
        sys.exit(f"{ref}: no jezero_pipeline/redaction module or package there")
    for name in listed:
        source = subprocess.run(
            ["git", "show", f"{ref}:{name}"], cwd=HERE.parent, capture_output=True, text=True, check=True
        ).stdout
        target = into / name.replace("jezero_pipeline/redaction", "before_redaction", 1)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source, encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module("before_redaction").Redactor()


def time_interleaved(segments: list[str], repeats: int, before: Any) -> tuple[float, float]:
    """(seconds now, seconds before): each segment redacted by both in turn, best of `repeats`."""
    now = Redactor()
    best_now = [float("inf")] * len(segments)
    best_before = [float("inf")] * len(segments)
    for _ in range(repeats):
        cold("jezero_pipeline.redaction", "before_redaction")
        for i, seg in enumerate(segments):
            t0 = time.perf_counter()
            now.redact(seg)
            t1 = time.perf_counter()
            before.redact(seg)
            t2 = time.perf_counter()
            best_now[i] = min(best_now[i], t1 - t0)
            best_before[i] = min(best_before[i], t2 - t1)
    return sum(best_now), sum(best_before)


def run_jezero(segments: list[str], labelled: list[str], repeats: int) -> tuple[float, list[str], list[str]]:
    """Jezero 0.1.0's Redactor (its own venv): best time on the segments, and the outputs of the
    segments and of the labelled lines."""
    if not JEZERO_PY.exists():
        sys.exit(f"{JEZERO_PY} missing: run bash bench/setup_jezero.sh first (or pass --no-jezero)")
    with tempfile.TemporaryDirectory() as tmp:
        work_file, out_file, runner = Path(tmp, "work.json"), Path(tmp, "out.json"), Path(tmp, "run.py")
        work_file.write_text(json.dumps({"segments": segments, "labelled": labelled}), encoding="utf-8")
        runner.write_text(JEZERO_RUNNER, encoding="utf-8")
        proc = subprocess.run(
            [str(JEZERO_PY), str(runner), str(work_file), str(out_file), str(repeats)],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            sys.exit(f"jezero runner failed:\n{proc.stderr}")
        times = json.loads(proc.stdout.strip().splitlines()[-1])
        outs = json.loads(out_file.read_text(encoding="utf-8"))
        return times["seconds"], outs["segments"], outs["labelled"]


def secrets_left(secrets: list[dict], outputs: list[str]) -> int:
    """Planted secrets any part of which is still in the redacted text (run_all.py's test)."""
    return len(corpus.leaked_secrets(secrets, corpus.text_runs("\n".join(outputs))))


def labelled_score(cases: list[Labelled], outputs: list[str]) -> tuple[int, int]:
    """(secrets gone from their output, look-alikes whose text changed)."""
    caught = sum(1 for c, out in zip(cases, outputs) if c.secret and c.secret not in out)
    altered = sum(1 for c, out in zip(cases, outputs) if not c.secret and out != c.text)
    return caught, altered


def report(
    args: argparse.Namespace,
    mb: float,
    n_segments: int,
    n_secrets: int,
    cases: list[Labelled],
    sides: list[Side],
    interleaved: tuple[float, float] | None,
    dense: tuple[int, int, float, float | None, float, float | None],
    parts: dense_parts.Breakdown,
    round3: list[tuple[str, int, int, int, int, tuple[int, int] | None]],
    loso: str,
) -> str:
    n_labelled = sum(1 for c in cases if c.secret)
    n_lookalikes = len(cases) - n_labelled
    lines = [
        "# Redaction: ours and Jezero 0.1.0 on the benchmark's dialogue text and the labelled corpus",
        "",
        "GENERATED by `bench/redaction_bench.py`; never edit by hand. Rerun with",
        "",
        "    bash bench/setup_jezero.sh",
        f"    .venv/bin/python -m bench.redaction_bench --sessions {args.sessions} --seed {args.seed} "
        f"--repeats {args.repeats}{f' --against {args.against}' if args.against else ''} --out bench/REDACTION.md",
        "",
        f"Throughput text: the dialogue of {args.sessions} benchmark sessions (`bench/corpus.py`, seed {args.seed}) "
        f"as our connectors read and segment it: {mb:.2f} MB in {n_segments} segments, {n_secrets} planted "
        f"secrets. Only the redaction calls are timed, best of {args.repeats}; both tools in the same run on "
        f"{platform.python_implementation()} ({platform.machine()}, {os.cpu_count() or 1} cores).",
        "",
        f"Labelled corpus: `jezero_pipeline_tests/redaction_corpus/`, {n_labelled} secrets and {n_lookalikes} "
        "look-alikes; a secret is caught when it is gone from the output, a look-alike altered when its text changed.",
        "",
        "| redactor | MB/s | seconds | planted secrets left | labelled secrets caught | look-alikes altered |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for s in sides:
        lines.append(
            f"| {s.name} | {mb / s.seconds:.2f} | {s.seconds:.3f} | {s.left} of {n_secrets} "
            f"| {s.caught} of {n_labelled} ({s.caught / n_labelled:.1%}) "
            f"| {s.altered} of {n_lookalikes} ({s.altered / n_lookalikes:.1%}) |"
        )
    jezero = [s for s in sides if s.name.startswith("Jezero")]
    if jezero:
        lines += ["", f"Throughput ratio, ours / Jezero: **{jezero[0].seconds / sides[0].seconds:.1f}×**"]
    n_lines, n_bytes, ours_dense, jezero_dense, ours_joined, jezero_joined = dense
    lines += [
        "",
        "## Secret-dense lines",
        "",
        f"Every labelled line above and the round-3 lines below ({n_lines} lines, {n_bytes / n_lines:.0f} bytes "
        f"on average, most holding a secret or a look-alike), one redaction call per line; the two tools take "
        f"turns, one pass each per round, best of {args.repeats} rounds:",
        "",
        "| redactor | lines/s | seconds |",
        "|---|---:|---:|",
        f"| jezero-pipeline | {n_lines / ours_dense:,.0f} | {ours_dense:.3f} |",
    ]
    if jezero_dense is not None:
        lines += [
            f"| Jezero 0.1.0 | {n_lines / jezero_dense:,.0f} | {jezero_dense:.3f} |",
            "",
            f"Throughput ratio on secret-dense lines, ours / Jezero: **{jezero_dense / ours_dense:.1f}×**",
        ]
    lines += [
        "",
        "The same lines joined as one text (an env dump or a scanner's output in one tool result), one call:",
        "",
        "| redactor | lines/s | seconds | / one call per line |",
        "|---|---:|---:|---:|",
        f"| jezero-pipeline | {n_lines / ours_joined:,.0f} | {ours_joined:.3f} | {ours_joined / ours_dense:.2f} |",
    ]
    if jezero_dense is not None and jezero_joined is not None:
        lines.append(
            f"| Jezero 0.1.0 | {n_lines / jezero_joined:,.0f} | {jezero_joined:.3f} | {jezero_joined / jezero_dense:.2f} |"
        )
    lines += dense_parts.section(parts, n_lines, jezero_dense)
    lines += [
        "",
        "## Round 3: kinds and shapes nobody named",
        "",
        "`jezero_pipeline_tests/redaction_corpus/round3/`: lines of our own around the documented formats and "
        "negative examples of public scanners' rules (built by `build.py` there), each tagged with its source. "
        "Caught means every character of the secret lies inside a marker for ours, and the secret gone from the "
        "output for Jezero (which has no spans).",
        "",
        "| lines | ours: secrets caught | ours: look-alikes altered | Jezero: secrets gone | Jezero: look-alikes altered |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, caught, n_sec, altered, n_look, jez in round3:
        jez_cells = f"{jez[0]}/{n_sec} | {jez[1]}/{n_look}" if jez else "- | -"
        lines.append(
            f"| {name} | {caught}/{n_sec} ({caught / n_sec:.0%}) | {altered}/{n_look} ({altered / n_look:.0%}) | {jez_cells} |"
        )
    lines += [
        "",
        "Leave one source out (`.venv/bin/python -m bench.redaction_loso --markdown`):",
        "",
        loso.rstrip(),
    ]
    if interleaved:
        now, before = interleaved
        lines += [
            "",
            f"Before and after, each segment redacted alternately by both, best of {args.repeats} per segment: "
            f"at `{args.against}` {mb / before:.2f} MB/s, now {mb / now:.2f} MB/s, ratio now / before "
            f"**{before / now:.2f}×**.",
        ]
    return "\n".join(lines) + "\n"


def blind_section(r: Redactor) -> str:
    """The held-out sets written blind (their authors never saw the redactor): each set's first
    score, taken before any rule changed for it and kept in its templates as `FIRST_SCORE`, and
    its score now. The first score is how the rules meet text nobody tuned them on; the score
    now counts lines the rules were since widened for."""
    sys.path.insert(0, str(ROUND3))
    rows, first_total, now_total = [], [0, 0, 0, 0], [0, 0, 0, 0]
    for path in sorted(ROUND3.glob("heldout*_templates.py"), key=lambda p: int(p.stem[7:-10] or 1)):
        first = getattr(importlib.import_module(path.stem), "FIRST_SCORE", None)
        if first is None:
            continue  # written before the rules, not blind
        name = path.stem.removesuffix("_templates")
        labelled = [json.loads(line) for line in (ROUND3 / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
        now = covered_score(r, [Labelled(x["text"], x["secret"]) for x in labelled])
        sources = ", ".join(sorted({x["scanner"] for x in labelled}))
        rows.append(
            f"| {name} | {sources} | {first[4]} | {first[0]}/{first[1]} | {first[2]}/{first[3]} "
            f"| {now[0]}/{now[1]} | {now[2]}/{now[3]} |"
        )
        first_total = [a + b for a, b in zip(first_total, first[:4])]
        now_total = [a + b for a, b in zip(now_total, now)]
    fc, fs, fa, fl = first_total
    nc, ns, na, nl = now_total
    return "\n".join(
        [
            "",
            "## Held-out sets written blind",
            "",
            "Each set was written by someone who never saw the redactor, from public scanners' and vendors' "
            "documentation, and scored once before any rule changed for it (its templates keep that first "
            "score). The first score is the measure of text nobody tuned on; the rules were then widened "
            "for the kinds each set found, so the score now is no longer unseen.",
            "",
            "| set | sources | rules it met | first: caught | first: altered | now: caught | now: altered |",
            "|---|---|---|---:|---:|---:|---:|",
            *rows,
            f"| all | | | **{fc}/{fs} ({fc / fs:.0%})** | **{fa}/{fl} ({fa / fl:.0%})** "
            f"| {nc}/{ns} ({nc / ns:.0%}) | {na}/{nl} ({na / nl:.0%}) |",
            "",
        ]
    )


def framing_section(
    rows: list[tuple[str, int, int, int, int]], theirs: dict[str, tuple[int, int, int, int]] | None
) -> str:
    """The labelled lines as transcripts frame them (bench/redaction_framing.py)."""
    n = len(framing.FRAMINGS)
    return "\n".join(
        [
            "",
            "## The labelled lines as transcripts frame them",
            "",
            "Every labelled line above, framed as sessions show text (`bench/redaction_framing.py`) and scored against "
            "itself bare: a secret caught bare must be caught framed, a look-alike kept bare kept framed. The first "
            f"{n} framings shaped the rules (line gutters, decoded escapes, commands in tool calls); the last "
            f"{len(rows) - n} were written afterwards and scored once before any rule changed for them (that first "
            "score is in `HELD_OUT`'s comment; the rules changed after it).",
            "",
            framing.markdown(rows, theirs),
            "",
        ]
    )


def dense_lines_of_corpus() -> list[str]:
    """Every labelled line and the round-3 lines: short, most holding a secret or a look-alike."""
    cases = labelled_cases() + labelled_cases_file(ROUND3 / "tune.jsonl")
    cases += [c for path in sorted(ROUND3.glob("heldout*.jsonl")) for c in labelled_cases_file(path)]
    return [c.text for c in cases]


def cold_redaction() -> None:
    cold("jezero_pipeline.redaction")


def print_dense_parts(args: argparse.Namespace) -> int:
    """`--dense-only`: the dense lines timed against Jezero, and where our time goes."""
    lines = dense_lines_of_corpus()
    ours, theirs, _, _ = time_dense(lines, args.repeats, not args.no_jezero)
    parts = dense_parts.breakdown(lines, args.repeats, cold_redaction)
    ratio = f"; ours / Jezero {theirs / ours:.1f}×" if theirs is not None else ""
    print(f"{len(lines)} dense lines: ours {len(lines) / ours:,.0f} lines/s{ratio}")
    print("\n".join(dense_parts.section(parts, len(lines), theirs)))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=1000, help="benchmark sessions to generate (default 1000)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeats", type=int, default=3, help="timed passes per redactor; the best counts")
    ap.add_argument("--out", type=Path, help="also write the Markdown report here")
    ap.add_argument("--no-jezero", action="store_true", help="time only our redactor")
    ap.add_argument("--against", metavar="REF", help="also time our redactor as it was at this git ref")
    ap.add_argument("--dense-only", action="store_true", help="print only where a dense line's time goes")
    args = ap.parse_args(argv)

    if args.dense_only:
        return print_dense_parts(args)

    with tempfile.TemporaryDirectory() as tmp:
        corpus.generate(Path(tmp) / "corpus", args.sessions, args.seed)
        segments = dialogue_segments(Path(tmp) / "corpus")
        secrets = corpus.read_jsonl(Path(tmp) / "corpus" / "secrets.jsonl")
    cases = labelled_cases()
    mb = sum(len(s.encode("utf-8")) for s in segments) / 1e6
    print(f"text: {mb:.2f} MB in {len(segments)} segments, {len(secrets)} planted secrets", file=sys.stderr)

    tune = labelled_cases_file(ROUND3 / "tune.jsonl")
    held = [c for path in sorted(ROUND3.glob("heldout*.jsonl")) for c in labelled_cases_file(path)]
    dense_lines = dense_lines_of_corpus()
    seconds, outs = time_ours(segments, args.repeats)
    if not args.no_jezero and not JEZERO_PY.exists():
        sys.exit(f"{JEZERO_PY} missing: run bash bench/setup_jezero.sh first (or pass --no-jezero)")
    ours_dense, jezero_dense, ours_joined, jezero_joined = time_dense(dense_lines, args.repeats, not args.no_jezero)
    r = Redactor()
    caught, altered = labelled_score(cases, [r.redact(c.text)[0] for c in cases])
    sides = [Side("jezero-pipeline", seconds, secrets_left(secrets, outs), caught, altered)]
    round3 = [
        (name, *covered_score(r, part), None) for name, part in (("round 3, tuning", tune), ("round 3, held out", held))
    ]
    if not args.no_jezero:
        seconds, outs, labelled_outs = run_jezero(segments, [c.text for c in cases + tune + held], args.repeats)
        caught, altered = labelled_score(cases, labelled_outs[: len(cases)])
        sides.append(Side("Jezero 0.1.0", seconds, secrets_left(secrets, outs), caught, altered))
        rest = labelled_outs[len(cases) :]
        round3 = [
            (*row[:5], labelled_score(part, rest[: len(tune)] if i == 0 else rest[len(tune) :]))
            for i, (row, part) in enumerate(zip(round3, (tune, held)))
        ]
    framing_lines = framing.labelled()
    framings = {**framing.FRAMINGS, **framing.HELD_OUT}
    framed_rows = framing.score(r, framing_lines, framings)
    theirs = None
    if not args.no_jezero:
        work = framing.framed(framing_lines, framings)
        texts = [line.text for line in framing_lines] + [text for _, _, text in work]
        outs_j = run_jezero([], texts, 1)[2]
        theirs = framing.score_outputs(framing_lines, outs_j[: len(framing_lines)], work, outs_j[len(framing_lines) :])
    dense_bytes = sum(len(x.encode("utf-8")) for x in dense_lines)
    dense = (len(dense_lines), dense_bytes, ours_dense, jezero_dense, ours_joined, jezero_joined)
    parts = dense_parts.breakdown(dense_lines, args.repeats, cold_redaction)
    interleaved = None
    if args.against:
        with tempfile.TemporaryDirectory() as tmp:
            before = redactor_at(args.against, Path(tmp))
            interleaved = time_interleaved(segments, args.repeats, before)
            caught, altered = labelled_score(cases, [before.redact(c.text)[0] for c in cases])
            sides.append(
                Side(
                    f"jezero-pipeline at {args.against} (timed interleaved)",
                    interleaved[1],
                    secrets_left(secrets, [before.redact(x)[0] for x in segments]),
                    caught,
                    altered,
                )
            )
    text = report(
        args, mb, len(segments), len(secrets), cases, sides, interleaved, dense, parts, round3, loso_report(True)
    )
    text += blind_section(r)
    text += framing_section(framed_rows, theirs)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
