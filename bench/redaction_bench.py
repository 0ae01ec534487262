"""Redaction throughput on the benchmark corpus's dialogue text: ours and Jezero 0.1.0 in one run.

The text is what the redact stage really sees: `bench/corpus.py` writes its Claude Code and
Codex sessions, our connectors read them (dialogue kept, tool output dropped) and the
segmenter cuts them, as a pipeline run does. Both redactors get the same segment texts; only
the redaction calls are timed (best of --repeats), Jezero in bench/.venv-jezero through a
subprocess. The planted secrets of the corpus (secrets.jsonl) are then looked for in each
tool's output with the same leak test as `run_all.py`.

    bash bench/setup_jezero.sh
    .venv/bin/python -m bench.redaction_bench [--sessions 1000] [--seed 7] [--repeats 3] [--out bench/REDACTION.md]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench import corpus
from jezero_pipeline.config import Config
from jezero_pipeline.redaction import Redactor
from jezero_pipeline.segmenting import segment_session
from jezero_pipeline.sessions import make_connector

HERE = Path(__file__).resolve().parent
JEZERO_PY = HERE / ".venv-jezero" / "bin" / "python"

# Runs inside the Jezero venv: only the redact() calls are timed, best of N repeats.
JEZERO_RUNNER = r"""
import json, sys, time
from jezero.redact import Redactor
segments = json.load(open(sys.argv[1], encoding="utf-8"))
repeats = int(sys.argv[3])
r = Redactor()
r.redact("warm up password=abc123xyz")
best = None
for _ in range(repeats):
    t0 = time.perf_counter()
    outs = [r.redact(s).text for s in segments]
    dt = time.perf_counter() - t0
    best = dt if best is None else min(best, dt)
json.dump(outs, open(sys.argv[2], "w", encoding="utf-8"))
print(json.dumps({"seconds": best}))
"""


@dataclass
class Side:
    """One redactor's figures on the whole text."""

    name: str
    seconds: float
    left: int  # planted secrets still findable in the output


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


def time_ours(segments: list[str], repeats: int) -> tuple[float, list[str]]:
    """Best wall time of our Redactor over all segments, and its output."""
    r = Redactor()
    r.redact("warm up password=abc123xyz")
    best, outs = float("inf"), []
    for _ in range(repeats):
        t0 = time.perf_counter()
        outs = [r.redact(s)[0] for s in segments]
        best = min(best, time.perf_counter() - t0)
    return best, outs


def time_jezero(segments: list[str], repeats: int) -> tuple[float, list[str]]:
    """Best wall time of Jezero 0.1.0's Redactor (its own venv) over the same segments."""
    if not JEZERO_PY.exists():
        sys.exit(f"{JEZERO_PY} missing: run bash bench/setup_jezero.sh first (or pass --no-jezero)")
    with tempfile.TemporaryDirectory() as tmp:
        seg_file, out_file, runner = Path(tmp, "segments.json"), Path(tmp, "out.json"), Path(tmp, "run.py")
        seg_file.write_text(json.dumps(segments), encoding="utf-8")
        runner.write_text(JEZERO_RUNNER, encoding="utf-8")
        proc = subprocess.run(
            [str(JEZERO_PY), str(runner), str(seg_file), str(out_file), str(repeats)],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            sys.exit(f"jezero runner failed:\n{proc.stderr}")
        seconds = json.loads(proc.stdout.strip().splitlines()[-1])["seconds"]
        return seconds, json.loads(out_file.read_text(encoding="utf-8"))


def secrets_left(secrets: list[dict], outputs: list[str]) -> int:
    """Planted secrets any part of which is still in the redacted text (run_all.py's test)."""
    return len(corpus.leaked_secrets(secrets, corpus.text_runs("\n".join(outputs))))


def report(args: argparse.Namespace, mb: float, n_segments: int, n_secrets: int, sides: list[Side]) -> str:
    lines = [
        "# Redaction throughput: ours and Jezero 0.1.0 on the benchmark's dialogue text",
        "",
        "GENERATED by `bench/redaction_bench.py`; never edit by hand. Rerun with",
        "",
        "    bash bench/setup_jezero.sh",
        f"    .venv/bin/python -m bench.redaction_bench --sessions {args.sessions} --seed {args.seed} "
        f"--repeats {args.repeats} --out bench/REDACTION.md",
        "",
        f"Text: the dialogue of {args.sessions} benchmark sessions (`bench/corpus.py`, seed {args.seed}) as our "
        f"connectors read and segment it: {mb:.2f} MB in {n_segments} segments, {n_secrets} planted secrets. "
        f"Only the redaction calls are timed, best of {args.repeats}; both tools in the same run on "
        f"{platform.python_implementation()} ({platform.machine()}, {_cpus()} cores).",
        "",
        "| redactor | MB/s | seconds | planted secrets left |",
        "|---|---:|---:|---:|",
    ]
    for s in sides:
        lines.append(f"| {s.name} | {mb / s.seconds:.2f} | {s.seconds:.3f} | {s.left} of {n_secrets} |")
    if len(sides) == 2:
        lines += ["", f"Throughput ratio, ours / Jezero: **{sides[1].seconds / sides[0].seconds:.1f}×**"]
    return "\n".join(lines) + "\n"


def _cpus() -> int:
    return os.cpu_count() or 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=1000, help="benchmark sessions to generate (default 1000)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeats", type=int, default=3, help="timed passes per redactor; the best counts")
    ap.add_argument("--out", type=Path, help="also write the Markdown report here")
    ap.add_argument("--no-jezero", action="store_true", help="time only our redactor")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        corpus.generate(Path(tmp) / "corpus", args.sessions, args.seed)
        segments = dialogue_segments(Path(tmp) / "corpus")
        secrets = corpus.read_jsonl(Path(tmp) / "corpus" / "secrets.jsonl")
    mb = sum(len(s.encode("utf-8")) for s in segments) / 1e6
    print(f"text: {mb:.2f} MB in {len(segments)} segments, {len(secrets)} planted secrets", file=sys.stderr)

    seconds, outs = time_ours(segments, args.repeats)
    sides = [Side("jezero-pipeline", seconds, secrets_left(secrets, outs))]
    if not args.no_jezero:
        seconds, outs = time_jezero(segments, args.repeats)
        sides.append(Side("Jezero 0.1.0", seconds, secrets_left(secrets, outs)))
    text = report(args, mb, len(segments), len(secrets), sides)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
