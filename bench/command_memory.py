"""What the commands that only look cost the machine, at two corpus sizes.

    .venv/bin/python -m bench.command_memory [--sessions 2000,10000] [--workdir DIR]

For each size: a bench corpus (`bench/corpus.py`, seed 7), `run --dry-run` on a fresh state,
then a first run against the fake model at latency 0, then each command that asks the library
one question. Every command is timed whole (interpreter start included) with the peak of its
process tree's summed PSS (`bench/proctree.py`), as `run_all.py` measures a run. For
comparison, the same search through a reader that holds the index (what a long-lived reader,
the MCP server or the web page, pays for its first search). The last column is the largest
size over the smallest: flat is 1.

`--first-runs K` adds K more first runs at latency 0 per size, each in a fresh state, the sizes
taking turns so that the machine's load falls on both alike; it prints their peaks and the
ratio of the medians. One first run's peak moves by 20 MB or more from draw to draw on a
shared machine, which is the whole margin a "within 10%" figure has.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import corpus, proctree
from bench.run_all import OUR_CLI, OUR_PYTHON, Ours, Server, measured, others_sharing, package_compiled

QUESTIONS = (
    ("search error", ["search", "error"]),
    ("show 5", ["show", "5"]),
    ("timeline", ["timeline"]),
    ("later 5", ["later", "5"]),
    ("stats", ["stats"]),
    ("sources", ["sources"]),
)
HELD_SEARCH = (
    "import sys; from pathlib import Path; from jezero_pipeline.library.reader import Library; "
    "Library(Path(sys.argv[1])).search('error')"
)


@contextmanager
def fresh_state(n: int, work: Path, name: str = "state") -> Iterator[tuple[Ours, Path, Path]]:
    """(our side, a fresh state folder, its corpus) on `n` generated sessions (seed 7, made once
    per `work`), with the fake model at latency 0 serving it until the block ends."""
    cdir = work / f"corpus-{n}"
    if not (cdir / "corpus.json").exists():
        corpus.generate(cdir, n, 7)
    server = Server(0.0, work / f"server-{n}.log")
    try:
        side = Ours(cdir, work / f"states-{n}")
        yield side, side.fresh(name, server), cdir
    finally:
        server.stop()


def one_size(n: int, work: Path) -> dict[str, tuple[float, float]]:
    """{row: (wall s, tree PSS peak MB)} at `n` sessions."""
    with fresh_state(n, work) as (side, state, cdir):
        env = side.env(state)
        rows: dict[str, tuple[float, float]] = {}
        m = side.run(state, dry_run=True)
        rows["run --dry-run (collect, segment, redact)"] = (m["wall"], m["tree_pss_mb"])
        m = side.run(state)
        rows["run (first, latency 0)"] = (m["wall"], m["tree_pss_mb"])
        for label, argv in QUESTIONS:
            m = measured([str(OUR_CLI), "-c", str(state / "jezero.toml"), *argv, "--json"], env, cdir, state)
            json.loads(m["stdout"])  # an answer, not an error
            rows[label] = (m["wall"], m["tree_pss_mb"])
        done, tree = proctree.run_sampled([str(OUR_PYTHON), "-c", HELD_SEARCH, str(state / "library.duckdb")], env=env)
        if done.returncode:
            raise SystemExit(f"the held reader failed:\n{done.stderr}")
        rows["search error, a reader that holds the index (servers)"] = (tree["wall"], tree["tree_pss_mb"])
        return rows


def first_runs(sizes: list[int], work: Path, draws: int) -> str:
    """`draws` first runs at latency 0 per size, sizes alternating; their table."""
    peaks: dict[int, list[float]] = {n: [] for n in sizes}
    for i in range(draws):
        for n in sizes if i % 2 == 0 else sizes[::-1]:
            with fresh_state(n, work, f"first-{i}") as (side, state, _):
                peaks[n].append(side.run(state)["tree_pss_mb"])
            shutil.rmtree(state, ignore_errors=True)
    medians = {n: statistics.median(peaks[n]) for n in sizes}
    lines = [f"| first run, latency 0, {draws} draws | tree PSS peaks, MB | median |", "|---|---|---:|"]
    lines += [f"| {n:,} sessions | {', '.join(f'{x:.0f}' for x in peaks[n])} | {medians[n]:.0f} |" for n in sizes]
    lines.append(f"| {sizes[-1]:,} / {sizes[0]:,} | | {medians[sizes[-1]] / medians[sizes[0]]:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", default="2000,10000", help="corpus sizes, comma-separated")
    ap.add_argument("--workdir", help="keep corpora and states here (default: a temp folder)")
    ap.add_argument("--first-runs", type=int, default=0, metavar="K", help="K more first runs per size (medians)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sessions.split(",")]
    package_compiled()
    sharing = others_sharing()
    with tempfile.TemporaryDirectory(prefix="command-memory-") as tmp:
        work = Path(args.workdir or tmp)
        work.mkdir(parents=True, exist_ok=True)
        by_size = {n: one_size(n, work) for n in sizes}
        extra = first_runs(sizes, work, args.first_runs) if args.first_runs else ""
    head = " | ".join(f"{n:,} sessions: s / MB" for n in sizes)
    lines = [f"| command | {head} | MB, {sizes[-1]:,} / {sizes[0]:,} |", "|---|" + "---:|" * (len(sizes) + 1)]
    for row in by_size[sizes[0]]:
        cells = " | ".join(f"{by_size[n][row][0]:.2f} / {by_size[n][row][1]:.0f}" for n in sizes)
        lines.append(f"| {row} | {cells} | {by_size[sizes[-1]][row][1] / by_size[sizes[0]][row][1]:.2f} |")
    print("\n".join(lines))
    print(f"\nOther processes mapping either venv's files at the start: {sharing}")
    if extra:
        print("\n" + extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
