"""Redaction recall and precision on the labelled corpus (every file in redaction_corpus/).

A secret counts as caught only when every character of it lies inside a marker, so a password
whose last `!` stays outside, or a PEM body line left behind, is a miss. A look-alike counts
as altered when its text changes at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from jezero_pipeline.redaction import Redactor

CORPUS_DIR = Path(__file__).parent / "redaction_corpus"
FIRST_FILE = "corpus.jsonl"  # the first corpus; every later line names its source
MIN_RECALL = 0.97
MAX_ALTERED = 0.03


@dataclass(frozen=True)
class Case:
    """One labelled line: `secret` must vanish from `text`, or, when None, `text` must not change."""

    file: str
    line: int
    text: str
    secret: str | None
    kind: str
    source: str | None


def load_cases() -> list[Case]:
    cases = []
    for path in sorted(CORPUS_DIR.glob("*.jsonl")):
        for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip() or raw.startswith("#"):
                continue
            row = json.loads(raw)
            cases.append(Case(path.name, lineno, row["text"], row["secret"], row["kind"], row.get("source")))
    return cases


CASES = load_cases()
SECRETS = [c for c in CASES if c.secret]
LOOKALIKES = [c for c in CASES if not c.secret]


def fully_covered(redactor: Redactor, case: Case) -> bool:
    """Every occurrence of the secret lies inside the redactor's spans."""
    spans = redactor.spans(case.text)
    pos = case.text.find(case.secret)
    while pos != -1:
        for i in range(pos, pos + len(case.secret)):
            if not any(s.start <= i < s.end for s in spans):
                return False
        pos = case.text.find(case.secret, pos + 1)
    return True


def test_the_corpus_grew_by_at_least_120_sourced_lines_in_the_round_2_classes():
    later = [c for c in CASES if c.file != FIRST_FILE]
    assert len(later) >= 120
    assert {c.file for c in later} >= {
        "credential_files.jsonl",
        "provider_tokens.jsonl",
        "lookups.jsonl",
        "connection_strings.jsonl",
        "encodings.jsonl",
        "lookalikes.jsonl",
    }
    unsourced = [f"{c.file}:{c.line}" for c in later if not (c.source and c.source.strip())]
    assert not unsourced, f"lines without a source: {unsourced}"
    assert len(LOOKALIKES) >= 150 and len(SECRETS) >= 300


def test_every_labelled_secret_is_in_its_text():
    wrong = [f"{c.file}:{c.line}" for c in SECRETS if c.secret not in c.text]
    assert not wrong, f"secret is not a substring of text: {wrong}"


def test_corpus_recall_is_at_least_97_percent_and_at_most_3_percent_of_look_alikes_change():
    r = Redactor()
    missed = [c for c in SECRETS if not fully_covered(r, c)]
    altered = [(c, r.redact(c.text)[0]) for c in LOOKALIKES if r.redact(c.text)[0] != c.text]
    report = [f"MISSED {c.file}:{c.line} ({c.kind}): {c.text[:140]!r}" for c in missed]
    report += [f"ALTERED {c.file}:{c.line} ({c.kind}): {c.text[:90]!r} -> {out[:90]!r}" for c, out in altered]
    recall = 1 - len(missed) / len(SECRETS)
    altered_rate = len(altered) / len(LOOKALIKES)
    for name in sorted({c.file for c in CASES}):
        s = [c for c in SECRETS if c.file == name]
        a = [c for c in LOOKALIKES if c.file == name]
        print(
            f"{name}: {sum(1 for c in s if c not in missed)}/{len(s)} secrets, "
            f"{sum(1 for c, _ in altered if c.file == name)}/{len(a)} look-alikes altered"
        )
    print(f"recall {recall:.3f} of {len(SECRETS)} secrets, altered {altered_rate:.3f} of {len(LOOKALIKES)} look-alikes")
    print("\n".join(report))
    assert recall >= MIN_RECALL and altered_rate <= MAX_ALTERED, "\n".join(report)
