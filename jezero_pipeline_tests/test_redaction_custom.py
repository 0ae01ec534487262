"""User patterns from [redaction] extra_patterns: compiled with a timeout, unsafe ones refused."""

from __future__ import annotations

import pytest

from jezero_pipeline.redaction import Redactor
from jezero_pipeline.redaction.custom import compile_patterns, find_custom, nested_quantifier


def test_a_custom_pattern_is_redacted_with_the_custom_label():
    r = Redactor(extra_patterns=[r"ACME-\d{6}"])
    assert r.redact("ticket ACME-123456 done") == ("ticket [REDACTED:custom] done", 1)


@pytest.mark.parametrize("pattern", ["(a+)+b", r"(?:\w+\s?)*x", "(a*b?)*c"])
def test_nested_quantifiers_are_refused_with_the_pattern_named(pattern):
    assert nested_quantifier(pattern)
    with pytest.raises(ValueError, match="nests quantifiers"):
        Redactor(extra_patterns=[pattern])


def test_broken_and_empty_matching_patterns_are_refused():
    with pytest.raises(ValueError, match="does not compile"):
        compile_patterns(["(unclosed"])
    with pytest.raises(ValueError, match="matches the empty string"):
        compile_patterns(["x*"])
    with pytest.raises(ValueError, match="empty or non-string"):
        compile_patterns([""])


def test_safe_repeats_are_allowed_and_found():
    assert not nested_quantifier(r"(ab){2,3}-\d+")
    found, timeouts = find_custom(compile_patterns([r"(ab){2,3}-\d+"]), "x abab-12 y")
    assert found == [(2, 9, "custom")] and timeouts == 0
