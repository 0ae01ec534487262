"""Where a library merge's memory goes, step by step, at two library sizes.

    .venv/bin/python -m bench.merge_memory [--sessions 2000,10000] [--share 0.15] [--repeats 3] [--workdir DIR]

For each size: a bench corpus (`bench/corpus.py`, seed 7) and a first run at latency 0 (as
`command_memory.py` makes them), then `--repeats` merges of its library, each in a fresh
process on a copy of the library: `--share` of the partitions are marked changed, so the
refresh reads them again and (being more than the merge share of the base) writes a new base.
The process's RSS is sampled every 10 ms and its rise over the start of the refresh kept per
step of the build (the steps are functions of `library/build.py` and `library/segment.py`,
wrapped here; pandas kept out and the C heaps shared, as the command does); beside it the
most DuckDB's buffer manager reported holding (`duckdb_memory()`, not sampled during the
checkpoint: it refuses to run beside a reader).

Why: the 10,000-session first run peaks higher than the 2,000-session one because of the
merges it makes (issue 37's point 3); this shows which step of a merge grows with the library
and how much of it DuckDB's own memory limit covers.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.command_memory import fresh_state
from jezero_pipeline.config import load_config
from jezero_pipeline.engine.memory import share_heaps
from jezero_pipeline.library import build, segment
from jezero_pipeline.refused_imports import without_pandas
from jezero_pipeline.stages.index import library_sources, versions
from jezero_pipeline.workspace import Workspace

SAMPLE_SECONDS = 0.01
# (function, module, the step's name in the table), in the order a merge calls them
STEPS = (
    ("load_incoming", "build", "read changed partitions"),
    ("_dedupe", "build", "dedupe"),
    ("_write_pieces", "segment", "items and originals"),
    ("_copy_postings", "segment", "copy postings"),
    ("_write_index", "segment", "write index"),
    ("_write_meta", "build", "checkpoint"),  # what follows `_write_meta` is the checkpoint
)


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def one_merge(state: Path, share: float, work: Path) -> dict[str, object]:
    """One merge of a copy of the library of `state` (this process runs nothing else)."""
    ws = Workspace.open(load_config(state / "jezero.toml"))
    library = work / ws.library_path.name
    shutil.copy(ws.library_path, library)
    shutil.copytree(ws.library_state_dir, work / "state")
    found = versions(ws)
    marked = set(sorted(found)[: int(len(found) * share)])
    sources = {
        key: dataclasses.replace(src, version=src.version + ("-changed" if key in marked else ""))
        for key, src in library_sources(ws, found).items()
    }

    step = ["start"]
    rise: dict[str, float] = {}
    duck: dict[str, float] = {}
    cursors: list[object] = []
    lock = threading.Lock()

    def wrapped(module: object, name: str, label: str) -> None:
        inner = getattr(module, name)

        def run(*args: object, **kwargs: object) -> object:
            if name == "_write_meta":  # CHECKPOINT follows: it refuses to run beside a reader
                with lock:
                    while cursors:
                        cursors.pop().close()
            step.append(label)
            try:
                return inner(*args, **kwargs)
            finally:
                if name != "_write_meta":
                    step.append("between steps")

        setattr(module, name, run)

    configure = build._configure

    def configured(con: object, *args: object) -> None:
        configure(con, *args)
        cursors.append(con.cursor())

    build._configure = configured
    for name, module, label in STEPS:
        wrapped(build if module == "build" else segment, name, label)

    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            now, at = rss_mb(), step[-1]
            rise[at] = max(rise.get(at, 0.0), now - start)
            with lock:
                if cursors:
                    (used,) = cursors[0].execute("SELECT sum(memory_usage_bytes) FROM duckdb_memory()").fetchone()
                    duck[at] = max(duck.get(at, 0.0), (used or 0) / 2**20)
            time.sleep(SAMPLE_SECONDS)

    start = rss_mb()
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.perf_counter()
    report = build.refresh_library(library, work / "state", sources)
    seconds = time.perf_counter() - t0
    done.set()
    sampler.join()
    return {
        "mode": report.mode,
        "items": report.items,
        "items_read": report.items_read,
        "seconds": round(seconds, 1),
        "rss_start": round(start),
        "rise": {k: round(v) for k, v in rise.items()},
        "duckdb": {k: round(v) for k, v in duck.items()},
        "file_mb": round(library.stat().st_size / 1e6),
    }


def state_for(n: int, work: Path) -> Path:
    """A state after a first run at latency 0 on `n` generated sessions (made once per workdir)."""
    state = work / f"states-{n}" / "ours-state"
    if (state / "library.duckdb").exists():
        return state
    with fresh_state(n, work) as (side, state, _):
        side.run(state)
    return state


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", default="2000,10000", help="corpus sizes, comma-separated")
    ap.add_argument("--share", type=float, default=0.15, help="share of the partitions marked changed")
    ap.add_argument("--repeats", type=int, default=3, help="merges per size, each in a fresh process")
    ap.add_argument("--workdir", help="keep corpora and states here (default: a temp folder)")
    ap.add_argument("--one", metavar="STATE", help=argparse.SUPPRESS)  # a single merge, in this process
    args = ap.parse_args(argv)
    if args.one:
        # As the command runs a refresh: pandas kept out (DuckDB would load it), the C heaps shared.
        sys.meta_path.insert(0, without_pandas())
        share_heaps()
        with tempfile.TemporaryDirectory(prefix="merge-") as tmp:
            print(json.dumps(one_merge(Path(args.one), args.share, Path(tmp))))
        return 0

    sizes = [int(s) for s in args.sessions.split(",")]
    by_size: dict[int, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="merge-memory-") as tmp:
        work = Path(args.workdir or tmp)
        work.mkdir(parents=True, exist_ok=True)
        states = {n: state_for(n, work) for n in sizes}
        for _ in range(args.repeats):  # sizes take turns, so a busier stretch slows both
            for n in sizes:
                cmd = [sys.executable, "-m", "bench.merge_memory", "--one", str(states[n]), "--share", str(args.share)]
                done = subprocess.run(cmd, capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1])
                if done.returncode:
                    raise SystemExit(f"the merge at {n} sessions failed:\n{done.stderr}")
                one = json.loads(done.stdout.strip().splitlines()[-1])
                if one["mode"] != "merge":
                    raise SystemExit(f"at {n} sessions the refresh was a {one['mode']}, not a merge: raise --share")
                by_size.setdefault(n, []).append(one)

    labels = [label for _, _, label in STEPS]
    print(f"Merges of a first run's library, {args.share:.0%} of its partitions read again; medians of {args.repeats}.")
    print("RSS rise over the start of the refresh, MB, the largest in each step (DuckDB's own, MB):\n")
    print("| sessions | items (read again) | s | " + " | ".join(labels) + " | **largest** | file MB |")
    print("|---:|---:|---:|" + "---:|" * (len(labels) + 2))
    for n in sizes:
        runs = by_size[n]
        cells = []
        for label in labels:
            if not any(label in r["rise"] for r in runs):
                cells.append("–")  # over before a sample fell in it
                continue
            rise = statistics.median(r["rise"].get(label, 0) for r in runs)
            duck = statistics.median(r["duckdb"].get(label, 0) for r in runs)
            cells.append(f"{rise:.0f} ({duck:.0f})" if label != "checkpoint" else f"{rise:.0f}")
        largest = statistics.median(max(r["rise"].values()) for r in runs)
        seconds = statistics.median(r["seconds"] for r in runs)
        file_mb = statistics.median(r["file_mb"] for r in runs)
        print(
            f"| {n:,} | {runs[0]['items']:,} ({runs[0]['items_read']:,}) | {seconds:.1f} | "
            + " | ".join(cells)
            + f" | **{largest:.0f}** | {file_mb:.0f} |"
        )
    print("\nEach merge, largest rise (MB): " + "; ".join(
        f"{n:,}: " + ", ".join(str(max(r["rise"].values())) for r in by_size[n]) for n in sizes
    ))  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
