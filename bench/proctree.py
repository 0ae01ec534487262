"""What a whole command costs the machine: its process tree's summed memory, sampled.

A command that starts children (a build process, an SDK host, an interpreter kept warm) pays
for each of them; the largest single process is not the cost. `TreeSampler` walks the tree of
a running process every `every` seconds and keeps the peak of the summed PSS (proportional
set size: a page shared by n processes counts 1/n in each, so the sum is what the tree holds)
and the most processes alive at once. Linux only (`/proc`).

    python -m bench.proctree -- COMMAND [ARG...]   # prints wall, peak summed PSS, most processes
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

SAMPLE_SECONDS = 0.05


def children_of(pid: int) -> list[int]:
    """The direct children of `pid` (every thread's children, from /proc)."""
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            out += [int(c) for c in Path(f"/proc/{pid}/task/{tid}/children").read_text().split()]
        except OSError:
            continue
    return out


def tree(root: int) -> list[int]:
    """`root` and every process below it."""
    seen, todo = [], [root]
    while todo:
        pid = todo.pop()
        seen.append(pid)
        todo += children_of(pid)
    return seen


def pss_kb(pid: int) -> int:
    """The process's PSS in KiB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def sharers(roots: list[Path]) -> dict[int, str]:
    """Processes besides this one and its parents that map a file under any of `roots` (a venv:
    its libraries), with their command lines. Such a process shares those pages with the measured
    command and so lowers its PSS: a command left running from the same venv once made a first
    run look 23 MB smaller."""
    skip = _ancestors()
    prefixes = tuple(str(r.resolve()) + os.sep for r in roots)
    found: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in skip:
            continue
        try:
            maps = Path(f"/proc/{entry}/maps").read_text()
            if not any(p in maps for p in prefixes):
                continue
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone, or not ours to read
            continue
        found[int(entry)] = cmd
    return found


def _ancestors() -> set[int]:
    pids, pid = set(), os.getpid()
    while pid > 1:
        pids.add(pid)
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return pids


class TreeSampler:
    """Samples the tree under `root` in a thread until `stop()`: peak summed PSS, most processes."""

    def __init__(self, root: int, every: float = SAMPLE_SECONDS):
        self.root, self.every = root, every
        self.peak_pss_kb = 0
        self.most_processes = 0
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tree-sampler", daemon=True)

    def start(self) -> TreeSampler:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            pids = tree(self.root)
            total = sum(pss_kb(p) for p in pids)
            alive = sum(1 for p in pids if os.path.exists(f"/proc/{p}"))
            self.peak_pss_kb = max(self.peak_pss_kb, total)
            self.most_processes = max(self.most_processes, alive)
            self.samples += 1
            self._stop.wait(self.every)

    def figures(self) -> dict[str, float]:
        return {"tree_pss_mb": self.peak_pss_kb / 1024, "processes": self.most_processes, "samples": self.samples}


def run_sampled(cmd: list[str], **popen: object) -> tuple[subprocess.CompletedProcess, dict[str, float]]:
    """Run `cmd` to its end under a TreeSampler; its completed process and the tree figures."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)  # type: ignore[call-overload]
    sampler = TreeSampler(proc.pid).start()
    try:
        out, err = proc.communicate()
    finally:
        sampler.stop()
    figures = {"wall": time.perf_counter() - t0, **sampler.figures()}
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), figures


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("cmd", nargs=argparse.REMAINDER, help="the command, after --")
    args = p.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        p.error("give a command after --")
    done, figures = run_sampled(cmd)
    sys.stderr.write(done.stderr)
    print(json.dumps({"returncode": done.returncode, **{k: round(v, 3) for k, v in figures.items()}}))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
