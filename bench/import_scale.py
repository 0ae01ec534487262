"""`import-jsonl` at scale, ours vs Jezero 0.1.0 in one run: wall time and peak RSS of each command.

    .venv/bin/python bench/import_scale.py [--items 100000] [--days 365] [--path DIR]
        [--report bench/IMPORT_SCALE.md]

Writes the items of `bench/library_scale.py`'s corpus (summary, questions, atoms and a ~1.4 KB
original each) to one JSONL file, then imports it with each tool's own command as a whole
process, into an empty library: ours `jezero-pipeline import-jsonl` (validate, redact, stage
per day, build the library, its helper process included), Jezero's `jezero import-jsonl` (after
`jezero init`). Peak RSS: of the largest of a command's processes (`os.wait4`, exact), and of
all of them together (sampled).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.jezero_side import PYTHON as JEZERO_PYTHON
from bench.jezero_side import TOKENIZER as JEZERO_TOKENIZER
from bench.jezero_side import ensure_installed
from bench.library_scale import BENCH_DIR, Corpus, machine, write_jsonl

OURS = Path(sys.executable).parent / "jezero-pipeline"


def timed(cmd: list[str]) -> tuple[float, float, float]:
    """(wall seconds, peak RSS in MB of any one of its processes, peak RSS in MB of all its
    processes together) of one command. The first is exact (`os.wait4`); the second is sampled
    every 0.1 s (our import stores half its days in a helper process beside its own)."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    together = 0.0
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        together = max(together, _tree_rss(proc.pid))
        time.sleep(0.1)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{cmd[0]} failed (exit {os.waitstatus_to_exitcode(status)})")
    return seconds, usage.ru_maxrss / 1024, together


def _tree_rss(pid: int) -> float:
    """RSS in MB of `pid` and every process below it, now."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        total += next((int(ln.split()[1]) for ln in status.splitlines() if ln.startswith("VmRSS")), 0)
        todo += [int(c) for c in children]
    return total / 1024


def run_ours(items: Path, folder: Path) -> tuple[float, float]:
    config = folder / "jezero.toml"
    config.write_text(
        f'[storage]\npath = "{folder / "library.duckdb"}"\nstaging_dir = "{folder / "staging"}"\n'
        '[summarizer]\nprovider = "extractive"\n[projects]\ngit = false\n'
    )
    return timed([str(OURS), "-c", str(config), "import-jsonl", str(items), "--source", "imported"])


def run_jezero(items: Path, folder: Path) -> tuple[float, float]:
    config = folder / "jezero.toml"
    config.write_text(f'[storage]\npath = "{folder / "jezero.sqlite"}"\ntokenizer = "{JEZERO_TOKENIZER}"\n')
    jezero = str(JEZERO_PYTHON.parent / "jezero")
    subprocess.run([jezero, "-c", str(config), "init"], check=True, stdout=subprocess.DEVNULL)
    return timed([jezero, "-c", str(config), "import-jsonl", str(items), "--source", "imported"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--items", type=int, default=100_000)
    ap.add_argument("--days", type=int, default=365, help="day partitions per connector")
    ap.add_argument("--path", type=Path, default=None, help="work folder (default: a temp folder)")
    ap.add_argument("--report", type=Path, default=BENCH_DIR / "IMPORT_SCALE.md")
    ap.add_argument("--no-report", action="store_true", help="print only")
    args = ap.parse_args()
    version = ensure_installed()
    where = machine()
    with tempfile.TemporaryDirectory(prefix="import-scale-") as tmp:
        folder = args.path or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        items = folder / "items.jsonl"
        write_jsonl(Corpus(args.items, args.days), items)
        size = items.stat().st_size / 1e6
        print(f"{args.items:,} items, {size:.0f} MB", flush=True)
        (folder / "ours").mkdir(parents=True, exist_ok=True)
        (folder / "jezero").mkdir(parents=True, exist_ok=True)
        ours = run_ours(items, folder / "ours")
        print(f"ours: {ours[0]:.1f} s, peak RSS {ours[1]:.0f} MB ({ours[2]:.0f} MB together)", flush=True)
        theirs = run_jezero(items, folder / "jezero")
        print(
            f"jezero {version}: {theirs[0]:.1f} s, peak RSS {theirs[1]:.0f} MB ({theirs[2]:.0f} MB together)",
            flush=True,
        )
    lines = [
        "# `import-jsonl` at scale: ours vs Jezero 0.1.0",
        "",
        f"Generated by `python bench/import_scale.py --items {args.items} --days {args.days}` on "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC (do not edit by hand).",
        f"Machine: {where}. Shared and noisy: compare the ratios within this run.",
        f"{args.items:,} items in one {size:.0f} MB JSONL file, imported into an empty library by each "
        "tool's own command, one after the other.",
        "",
        f"| metric | ours | Jezero {version} | ours / Jezero |",
        "|---|---:|---:|---:|",
        f"| wall time, s | {ours[0]:.1f} | {theirs[0]:.1f} | {ours[0] / theirs[0]:.2f}x |",
        f"| peak RSS of one process, MB | {ours[1]:.0f} | {theirs[1]:.0f} | {ours[1] / theirs[1]:.2f}x |",
        f"| peak RSS of its processes together (sampled every 0.1 s), MB | {ours[2]:.0f} | {theirs[2]:.0f} "
        f"| {ours[2] / theirs[2]:.2f}x |",
        "",
        "Ours: validate every line, then store the days (about half of them in a helper process, from "
        "10,000 items), then build the library in its own process. Jezero: one process.",
    ]
    print("\n".join(lines[-8:]))
    if not args.no_report:
        args.report.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"written to {args.report}")


if __name__ == "__main__":
    main()
