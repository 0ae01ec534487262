"""The few numbers the value decisions are tuned on, in one place so a benchmark can refit them.

They are fitted on the labelled corpus (`bench/redaction_loso.py` refits them leaving one
source out at a time, to show how they do on a source they were not fitted on). Everything
else is a rule; only these thresholds are fitted.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Params:
    """Thresholds of the value decisions."""

    # A value at least this regular (sequences, keyboard walks, repeats) is a placeholder.
    patterned: float = 0.85
    # A value under a name that says nothing, in config or output, is a secret when it is at
    # least this long and random (bits per character) ...
    neutral_len: int = 32
    neutral_entropy: float = 4.0
    # ... and a password passed as an argument has at least this many characters.
    argument_len: int = 8


PARAMS = Params()


def current() -> Params:
    return PARAMS


@contextmanager
def using(**changes: float) -> Iterator[Params]:
    """Run the redactor with some thresholds changed (a benchmark's refit), then restore them."""
    global PARAMS
    saved = PARAMS
    PARAMS = replace(saved, **changes)
    try:
        yield PARAMS
    finally:
        PARAMS = saved
