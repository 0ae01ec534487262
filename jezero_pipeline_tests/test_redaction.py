"""Redaction: recall/precision on the labelled corpus, the span rules, and properties."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.redaction import MARKER_RE, Redactor, Span

CORPUS = Path(__file__).parent / "redaction_corpus" / "corpus.jsonl"
MIN_RECALL = 0.97
MAX_ALTERED = 0.03


def _corpus() -> list[dict]:
    cases = []
    for lineno, line in enumerate(CORPUS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        case = json.loads(line)
        case["line"] = lineno
        cases.append(case)
    return cases


CASES = _corpus()
SECRETS = [c for c in CASES if c["secret"]]
LOOKALIKES = [c for c in CASES if not c["secret"]]


def test_corpus_is_big_enough_and_well_formed():
    assert len(CASES) >= 150
    assert len(LOOKALIKES) >= 50
    for c in SECRETS:
        assert c["secret"] in c["text"], f"{CORPUS.name}:{c['line']}: secret is not in text"


def test_corpus_recall_and_precision():
    r = Redactor()
    missed = [c for c in SECRETS if c["secret"] in r.redact(c["text"])[0]]
    altered = [c for c in LOOKALIKES if r.redact(c["text"])[0] != c["text"]]
    report = [f"MISSED line {c['line']} ({c['kind']}): {c['text'][:120]!r}" for c in missed]
    report += [
        f"ALTERED line {c['line']} ({c['kind']}): {c['text'][:80]!r} -> {r.redact(c['text'])[0][:80]!r}"
        for c in altered
    ]
    recall = 1 - len(missed) / len(SECRETS)
    altered_rate = len(altered) / len(LOOKALIKES)
    print(f"recall {recall:.3f} ({len(SECRETS)} secrets), altered {altered_rate:.3f} ({len(LOOKALIKES)} look-alikes)")
    assert recall >= MIN_RECALL and altered_rate <= MAX_ALTERED, "\n".join(report)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("password=hunter2x", "password=[REDACTED:password]"),
        ('"api_key": "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB"', '"api_key": "[REDACTED:secret]"'),
        ("postgres://u:S3cr3tPa55@db:5432/x", "postgres://u:[REDACTED:url_password]@db:5432/x"),
        ("mysql -u root -pS3cretPw db", "mysql -u root -p[REDACTED:db_password] db"),
        ("ssh -p 2222 host", "ssh -p 2222 host"),
        ("Authorization: Bearer cfcabd11c7ed9a41b1a3e063c32d5114", "Authorization: Bearer [REDACTED:bearer_token]"),
    ],
)
def test_key_value_rules_keep_key_and_separator(text, expected):
    assert Redactor().redact(text)[0] == expected


def test_pem_with_escaped_newlines_and_missing_lines():
    body = "MIIEpAIBAAKCAQEA7bq9\\nQ2hhbmdlTWVQbGVhc2Ux\\nU29tZUJhc2U2NEJvZHk0"
    out, n = Redactor().redact(f'{{"k": "-----BEGIN RSA PRIVATE KEY-----\\n{body}\\n"}}')
    assert "QmFzZ" not in out and "Q2hhbmdl" not in out and n == 1
    tail = "garbage\nQ2hhbmdlTWVQbGVhc2Ux\nU29tZUJhc2U2NEJvZHk0\n-----END PRIVATE KEY-----\nok"
    assert Redactor().redact(tail)[0] == "garbage\n[REDACTED:private_key]\nok"


def test_one_pass_keeps_key_whose_begin_line_another_rule_touches():
    # The body contains an AWS-id-like run; the PEM span still covers the whole block.
    pem = "-----BEGIN PRIVATE KEY-----\nAKIAABCDEFGHIJ234567\nQ2hhbmdlTWVQbGVhc2Ux\n-----END PRIVATE KEY-----"
    out, n = Redactor().redact(pem)
    assert out == "[REDACTED:private_key]" and n == 1


def test_literals_replace_configured_secret_values():
    r = Redactor(literals={"summarizer_api_key": "plain-words-secret-value", "short": "abc"})
    out, n = r.redact("key plain-words-secret-value and abc")
    assert out == "key [REDACTED:summarizer_api_key] and abc" and n == 1


def test_custom_patterns_and_guard():
    r = Redactor(extra_patterns=[r"ACME-\d{6}"])
    assert r.redact("ticket ACME-123456 done") == ("ticket [REDACTED:custom] done", 1)
    with pytest.raises(ValueError, match=r"\(a\+\)\+"):
        Redactor(extra_patterns=["(a+)+b"])
    with pytest.raises(ValueError, match="does not compile"):
        Redactor(extra_patterns=["(unclosed"])


def test_disabled_redactor_changes_nothing():
    assert Redactor(enabled=False).redact("password=hunter2x") == ("password=hunter2x", 0)


def test_redact_obj_redacts_values_not_keys():
    obj = {"password": "password=hunter2x", "list": ["ok", ("ghp_" + "a1B2" * 9,)], "n": 3}
    out, n = Redactor().redact_obj(obj)
    assert out == {"password": "password=[REDACTED:password]", "list": ["ok", ("[REDACTED:github_token]",)], "n": 3}
    assert n == 2


def test_existing_markers_are_not_counted_or_split():
    r = Redactor()
    text = "Authorization: Bearer [REDACTED:bearer_token] and password=[REDACTED:password]"
    assert r.redact(text) == (text, 0)
    assert r.spans(text) == []


def test_from_config_uses_patterns_and_secret_env(monkeypatch):
    from jezero_pipeline.config import Config

    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "literal-summariser-key-123")
    cfg = Config.model_validate({"redaction": {"extra_patterns": [r"ACME-\d{6}"]}})
    r = Redactor.from_config(cfg)
    out, n = r.redact("ACME-123456 literal-summariser-key-123")
    assert out == "[REDACTED:custom] [REDACTED:summarizer_api_key]" and n == 2


# --------------------------------------------------------------------------- properties

_SAFE_WORDS = [
    "the",
    "run",
    "failed",
    "because",
    "the",
    "cache",
    "was",
    "stale",
    "so",
    "we",
    "rebuilt",
    "index",
    "and",
    "tests",
    "pass",
    "now",
    "segment",
    "summary",
    "library",
    "config",
    "file",
    "path",
    "line",
    "error",
    "fix",
    "decision",
    "rationale",
    "hash",
    "value",
    "function",
    "returns",
    "list",
    "of",
    "spans",
    "sorted",
    "merged",
    "rewrite",
    "once",
    "python",
    "duckdb",
    "dagster",
    "asset",
]
_SAFE_PUNCT = [" ", " ", " ", "\n", ". ", ", ", ": ", " = ", "(", ")", "-", "/"]
_SECRET_SNIPPETS = [c["text"] for c in SECRETS[:60]] + [
    "[REDACTED:password]",
    "[REDACTED:",
    "]",
    "password=",
    "token: ",
    "Bearer ",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "\\n",
    "mysql -p",
    "://u:p@",
]

safe_text = st.lists(st.one_of(st.sampled_from(_SAFE_WORDS), st.sampled_from(_SAFE_PUNCT)), max_size=80).map("".join)
mixed_text = st.lists(
    st.one_of(
        st.sampled_from(_SAFE_WORDS),
        st.sampled_from(_SAFE_PUNCT),
        st.sampled_from(_SECRET_SNIPPETS),
        st.text(max_size=6),
    ),
    max_size=30,
).map("".join)

_R = Redactor()


@settings(max_examples=300, deadline=None)
@given(mixed_text)
def test_redacting_twice_equals_once(text):
    once, _ = _R.redact(text)
    twice, n = _R.redact(once)
    assert twice == once and n == 0


@settings(max_examples=300, deadline=None)
@given(mixed_text)
def test_markers_never_split_or_nested(text):
    out, n = _R.redact(text)
    before = MARKER_RE.findall(text)
    after = MARKER_RE.findall(out)
    # Every marker already there survives whole, and each replacement adds exactly one whole
    # marker: a split or nested marker would change the count.
    assert all(out.count(m) >= text.count(m) for m in set(before))
    assert len(after) == len(before) + n


@settings(max_examples=300, deadline=None)
@given(safe_text)
def test_text_without_secrets_is_unchanged(text):
    assert _R.redact(text) == (text, 0)


@settings(max_examples=300, deadline=None)
@given(mixed_text)
def test_spans_sorted_disjoint_and_outside_markers(text):
    spans = _R.spans(text)
    assert all(isinstance(s, Span) and s.start < s.end for s in spans)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))
    markers = [(m.start(), m.end()) for m in MARKER_RE.finditer(text)]
    for s in spans:
        assert not any(ms < s.end and s.start < me for ms, me in markers)
