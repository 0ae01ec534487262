"""Secret redaction: every transcript byte passes through here before a model, a log or the library.

values       the one placeholder / public-value test every detector's hits go through
shapes       what a value's own shape says: regular fillers, hashes, references, passwords
tuning       the few thresholds fitted on the labelled corpus
detectors/   the built-in detectors, one module per family, and the pass that runs them:
             provider formats as a fast path, then candidates by position (arguments, URL
             paths, labelled and unnamed values) decided by shape and context
escapes      a decoded view of escaped lines (\\u, \\x, octal, HTML, percent, a string's \\n), mapped back
gutters      a view of lines without their gutters (line numbers, grep's path:12:, a diff's +)
views        every view detectors run on (those two, and a JSON list's strings as lines), mapped back
custom       user `extra_patterns`, compiled with a timeout
redactor     Span, merging, the one rewrite pass (Redactor)
fingerprint  rules_fingerprint: the sources of all of the above plus the config
"""

from __future__ import annotations

from .fingerprint import rules_fingerprint
from .redactor import MARKER_RE, Redactor, Span

__all__ = ["MARKER_RE", "Redactor", "Span", "rules_fingerprint"]
