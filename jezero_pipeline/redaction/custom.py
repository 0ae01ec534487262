"""User patterns from `[redaction] extra_patterns`, compiled with the `regex` module.

`regex` gives each search a timeout, which stdlib `re` lacks, and a pattern that nests
quantifiers (`(a+)+`, exponential on a near miss) is refused at load time with a message
that names it.
"""

from __future__ import annotations

import re
import re._parser as sre_parse  # the stdlib's own pattern parser (Python 3.11+): the pattern's tree
from collections.abc import Sequence
from re._constants import BRANCH, MAX_REPEAT, MAXREPEAT, MIN_REPEAT, SUBPATTERN
from typing import Any

import regex  # third-party: user patterns get a timeout, which stdlib `re` lacks

TIMEOUT_S = 0.5


def nested_quantifier(pattern: str) -> bool:
    """True when a repeated group contains an unbounded repeat: `(a+)+`, `(a*b?)*`, `(?:\\w+\\s?)*`."""
    try:
        tree = sre_parse.parse(pattern)
    except Exception:
        # Syntax only the `regex` module knows: fall back to a textual check.
        return bool(re.search(r"\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]", pattern))

    def walk(items: Any, in_repeat: bool) -> bool:
        for op, av in items:
            if op in (MAX_REPEAT, MIN_REPEAT):
                _lo, hi, sub = av
                unbounded = hi == MAXREPEAT or hi > 100
                if in_repeat and unbounded:
                    return True
                if walk(sub, in_repeat or hi > 1):
                    return True
            elif op == SUBPATTERN:
                if walk(av[-1], in_repeat):
                    return True
            elif op == BRANCH:
                if any(walk(b, in_repeat) for b in av[1]):
                    return True
        return False

    return walk(tree, False)


def compile_patterns(patterns: Sequence[str]) -> list[Any]:
    """The compiled patterns; ValueError naming the first one that is empty, broken or unsafe."""
    compiled = []
    for p in patterns:
        if not isinstance(p, str) or not p:
            raise ValueError(f"redaction.extra_patterns: empty or non-string pattern {p!r}")
        try:
            rx = regex.compile(p)
        except regex.error as err:
            raise ValueError(f"redaction.extra_patterns: pattern {p!r} does not compile: {err}") from None
        if nested_quantifier(p):
            raise ValueError(
                f"redaction.extra_patterns: pattern {p!r} nests quantifiers (like (a+)+), "
                "which can take exponential time; rewrite it without a repeated repeat"
            )
        if rx.search("") is not None and rx.fullmatch("") is not None:
            raise ValueError(f"redaction.extra_patterns: pattern {p!r} matches the empty string")
        compiled.append(rx)
    return compiled


def find_custom(patterns: Sequence[Any], text: str) -> tuple[list[tuple[int, int, str]], int]:
    """(spans labelled `custom`, how many patterns ran out of time on this text)."""
    found: list[tuple[int, int, str]] = []
    timeouts = 0
    for rx in patterns:
        try:
            for m in rx.finditer(text, timeout=TIMEOUT_S):
                found.append((m.start(), m.end(), "custom"))
        except TimeoutError:
            timeouts += 1
    return found, timeouts
