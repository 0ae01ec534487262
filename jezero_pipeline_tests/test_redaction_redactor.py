"""The Redactor: one rewrite pass over merged spans, markers kept whole, and its properties."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_redaction_corpus import LOOKALIKES, SECRETS

from jezero_pipeline.redaction import MARKER_RE, Redactor, Span
from jezero_pipeline.redaction.redactor import merge

TOKEN = "ghp_k3Q9zR1mW7xT5vN2pL8cY4hB6jD0fS3aE1gH"


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


def test_the_longer_span_names_a_merged_span():
    assert merge([(0, 50, "private_key"), (10, 30, "aws_access_key"), (60, 70, "x"), (65, 80, "y")]) == [
        (0, 50, "private_key"),
        (60, 80, "y"),
    ]


def test_literals_replace_configured_secret_values():
    r = Redactor(literals={"summarizer_api_key": "plain-words-secret-value", "short": "abc"})
    out, n = r.redact("key plain-words-secret-value and abc")
    assert out == "key [REDACTED:summarizer_api_key] and abc" and n == 1


def test_disabled_redactor_changes_nothing():
    assert Redactor(enabled=False).redact("password=hunter2x") == ("password=hunter2x", 0)


def test_redact_obj_redacts_values_not_keys():
    obj = {"password": "password=hunter2x", "list": ["ok", (TOKEN,)], "n": 3}
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

# Text with no secret in it, as transcripts hold it: identifiers, hashes, UUIDs, paths, base64
# of public data and words. Identifiers never name a secret or a context a rule reads (a UUID
# after `token =` is a secret by design), and a bare base64 run is never exactly 40 characters
# (what an AWS secret key looks like, redacted by design).
_CONTEXT_WORDS = re.compile(
    r"pass|pwd|secret|token|key|auth|cred|sig|jwt|session|verifier|clave|contrase|heroku|twilio|bearer|basic|"
    r"ssws|cookie|login|machine|mysql|maria|sshpass|sqlcmd|curl|base64|b64|atob|env|private|pgpass|kind|docker|redis"
)
_IDENTIFIERS = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True).filter(lambda s: not _CONTEXT_WORDS.search(s))
_WORDS = st.sampled_from(
    [
        "the",
        "run",
        "failed",
        "because",
        "cache",
        "was",
        "stale",
        "so",
        "we",
        "rebuilt",
        "index",
        "and",
        "tests",
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
    ]
)


def _hex_digest(data: bytes) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [hashlib.md5(data).hexdigest(), hashlib.sha1(data).hexdigest(), hashlib.sha256(data).hexdigest()]
    )


_HASHES = st.binary(max_size=32).flatmap(_hex_digest) | st.binary(max_size=8).map(
    lambda b: hashlib.sha1(b).hexdigest()[:7]
)
_UUIDS = st.uuids().map(str)
_PATHS = st.lists(_IDENTIFIERS, min_size=1, max_size=5).map(lambda parts: "/home/dev/" + "/".join(parts) + ".py")
_BASE64 = (
    st.dictionaries(_IDENTIFIERS, _IDENTIFIERS | st.integers(), max_size=4)
    .map(lambda d: base64.b64encode(json.dumps(d).encode()).decode())
    .filter(lambda b: len(b.rstrip("=")) != 40)
)
_SEPARATORS = st.sampled_from([" ", " ", "\n", ", ", " = ", ": ", " (", ") ", " / ", " - ", ". "])
safe_text = st.lists(
    st.tuples(st.one_of(_WORDS, _IDENTIFIERS, _HASHES, _UUIDS, _PATHS, _BASE64), _SEPARATORS), max_size=40
).map(lambda pairs: "".join(a + b for a, b in pairs))

_SECRET_SNIPPETS = [c.text for c in SECRETS[::4]] + [
    "[REDACTED:password]",
    "[REDACTED:",
    "]",
    "password=",
    "token: ",
    "Bearer ",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "\\n",
    "\\u0067",
    "&#x41;",
    "mysql -p",
    "://u:p@",
]
mixed_text = st.lists(
    st.one_of(safe_text, st.sampled_from(_SECRET_SNIPPETS), st.text(max_size=6)),
    max_size=12,
).map("".join)

_R = Redactor()


@settings(max_examples=300, deadline=None)
@given(mixed_text)
@example("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA" + "x" * 64 + "\n-----END RSA PRIVATE KEY-----"
         "582014 is your Slack confirmation code")  # a code glued to the key's armour  # fmt: skip
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


@settings(max_examples=500, deadline=None)
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


# `redact_texts`: a record's fields in one scan. Every labelled case of the corpus (secrets and
# look-alikes), between ordinary neighbouring fields, comes out exactly as redacted alone; a
# neighbour that is context for a secret (a private key's BEGIN line, a netrc `machine` line) can
# only add markers, never let a secret through.
_ORDINARY = ["Fix the flaky deploy test", "", "ran pytest -k deploy", "password:", "token ="]
_CONTEXT = ["-----BEGIN OPENSSH PRIVATE KEY-----", "machine github.com login me"]
_ALL_CASES = SECRETS + LOOKALIKES


@pytest.mark.parametrize("case", _ALL_CASES, ids=lambda c: f"{c.file}:{c.line}")
def test_a_field_scanned_with_its_record_is_redacted_as_alone(case):
    r = Redactor()
    alone, n = r.redact(case.text)
    for before, after in zip(_ORDINARY, reversed(_ORDINARY), strict=True):
        out, count = r.redact_texts([before, case.text, after])
        assert out == [r.redact(before)[0], alone, r.redact(after)[0]]
        assert count == n + r.redact(before)[1] + r.redact(after)[1]
    for context in _CONTEXT:
        for texts, i in (([context, case.text], 1), ([case.text, context], 0)):
            got = r.redact_texts(texts)[0][i]
            if case.secret and case.secret not in alone:
                assert case.secret not in got


def test_a_span_that_would_cross_into_the_next_field_means_field_by_field():
    r = Redactor()
    cut_key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"  # no END line
    fields = ["see:", cut_key, "the summary stays", "AKIAIOSFODNN7EXAMPLE"]
    alone = [r.redact(t) for t in fields]
    assert r.redact_texts(fields) == ([t for t, _ in alone], sum(n for _, n in alone))
    assert r.redact_texts(fields)[0][2] == "the summary stays"
    assert r.redact_texts(["a", "b"]) == (["a", "b"], 0)
    assert Redactor(enabled=False).redact_texts([cut_key]) == ([cut_key], 0)
