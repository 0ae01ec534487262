"""Where a secret-dense line's redaction time goes: the figure behind "why not 5× Jezero".

On a short line that holds a secret or a look-alike, our redactor is level with Jezero. This
splits one call per line into the detectors' own work (each timed where it runs, by name), the
value test every candidate they propose goes through (`values.stands_in`, replayed alone on
the same candidates in the same order, caches cold) and the one pass itself (triggers,
views, merging, the rewrite: what the pass costs with every detector a no-op), and sets them
against the time per line that five times Jezero's speed allows. The value test is what the
look-alike figures rest on; when it alone, or the pass with nothing to detect, takes most of
that time, no tuning of the detectors reaches 5×.

`redaction_bench.py` writes this table into REDACTION.md; `--dense-only` prints it alone.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from jezero_pipeline.redaction import Redactor, detectors

SHOWN = 4  # the costliest detectors named in the table; the others are summed


@dataclass(frozen=True)
class Breakdown:
    """Seconds over all lines, best of the rounds, each part measured in its own pass."""

    whole: float  # the redaction calls, uninstrumented
    skeleton: float  # the same calls with every detector a no-op: the one pass's own cost
    detectors: dict[str, float]  # each detector's own time inside the calls, by function name
    value_test: float  # `stands_in` replayed alone on the candidates the calls put to it
    value_calls: int  # how many candidates that was


def breakdown(lines: list[str], repeats: int, cold: Callable[[], None]) -> Breakdown:
    """Time the lines' redaction three ways (`cold` empties the per-value caches before each pass)."""
    r = Redactor()
    r.redact("warm up password=abc123xyz")
    whole = skeleton = float("inf")
    spent: dict[str, float] = {}
    asked: list[tuple[str, int]] = []
    for _ in range(repeats):
        cold()
        t0 = time.perf_counter()
        for line in lines:
            r.redact(line)
        whole = min(whole, time.perf_counter() - t0)
        cold()
        with _timed_detectors() as times, _recorded_value_tests() as calls:
            for line in lines:
                r.redact(line)
        spent = {name: min(spent.get(name, float("inf")), t) for name, t in times.items()}
        asked = calls
        cold()
        with _idle_detectors():
            t0 = time.perf_counter()
            for line in lines:
                r.redact(line)
            skeleton = min(skeleton, time.perf_counter() - t0)
    value_test = float("inf")
    for _ in range(repeats):
        cold()
        t0 = time.perf_counter()
        for value, head in asked:
            detectors.stands_in(value, head)
        value_test = min(value_test, time.perf_counter() - t0)
    return Breakdown(whole, skeleton, spent, value_test, len(asked))


@contextmanager
def _timed_detectors() -> Iterator[Counter[str]]:
    """Every built-in detector timed where it runs; a detector's nested scan (a decoded value
    scanned again) counts once, inside the detector that started it."""
    times: Counter[str] = Counter()
    depth = [0]

    def timed(detect: detectors.Detector) -> detectors.Detector:
        def run(scan: detectors.Scan) -> None:
            depth[0] += 1
            t0 = time.perf_counter()
            try:
                detect(scan)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    times[detect.__name__] += time.perf_counter() - t0

        return run

    with _detectors_as(timed):
        yield times


@contextmanager
def _idle_detectors() -> Iterator[None]:
    """Every built-in detector a no-op under its own triggers: the pass plans and calls as before."""
    with _detectors_as(lambda detect: _idle):
        yield


def _idle(scan: detectors.Scan) -> None:
    return None


@contextmanager
def _detectors_as(wrap: Callable[[detectors.Detector], detectors.Detector]) -> Iterator[None]:
    """Each built-in detector replaced by `wrap(detector)`, under its own triggers, for the block."""
    saved = detectors.BUILTIN
    detectors.BUILTIN = tuple((wrap(detect), triggers) for detect, triggers in saved)
    try:
        yield
    finally:
        detectors.BUILTIN = saved


@contextmanager
def _recorded_value_tests() -> Iterator[list[tuple[str, int]]]:
    """Every (value, head) the one pass puts to `stands_in`, in order."""
    calls: list[tuple[str, int]] = []
    test = detectors.stands_in

    def recorded(value: str, head: int = 0) -> bool:
        calls.append((value, head))
        return test(value, head)

    detectors.stands_in = recorded
    try:
        yield calls
    finally:
        detectors.stands_in = test


def section(b: Breakdown, n_lines: int, jezero_seconds: float | None) -> list[str]:
    """REDACTION.md's table: microseconds per line for each part, and 5× Jezero's allowance."""

    def us(seconds: float) -> str:
        return f"{seconds / n_lines * 1e6:.1f}"

    ranked = sorted(b.detectors.items(), key=lambda kv: -kv[1])
    in_detectors = sum(b.detectors.values())
    rows = [
        "",
        "### Where a dense line's time goes (ours)",
        "",
        "Each part in its own pass over the same lines, best of the rounds (`bench/redaction_dense.py`): "
        "the detectors are timed inside the calls, the value test is replayed alone on the candidates "
        "the calls put to it. Measured in separate passes, the parts need not add up to the whole; the "
        "machine's noise moves each by up to a third between runs:",
        "",
        "| part | µs per line |",
        "|---|---:|",
        f"| the whole redaction call | {us(b.whole)} |",
        f"| the detectors' own work | {us(in_detectors)} |",
    ]
    rows += [f"| … `{name}` | {us(t)} |" for name, t in ranked[:SHOWN]]
    rows += [
        f"| … the other {len(ranked) - SHOWN} that ran | {us(sum(t for _, t in ranked[SHOWN:]))} |",
        f"| the value test (`stands_in`) on their {b.value_calls / n_lines:.2f} candidates per line "
        f"| {us(b.value_test)} |",
        f"| the same call with every detector a no-op (the one pass alone) | {us(b.skeleton)} |",
    ]
    if jezero_seconds is not None:
        allowed = jezero_seconds / 5
        rows += [
            f"| **what 5× Jezero's speed allows for the whole call** | **{us(allowed)}** |",
            "",
            f"The value test alone takes {b.value_test / allowed:.0%} of that allowance, the one pass with no "
            f"detector at work {b.skeleton / allowed:.0%} of it, and the detectors' own work "
            f"{in_detectors / allowed:.1f} times it.",
        ]
    return rows
