"""The one value test: placeholders, masks, templates, documented examples and public values."""

from __future__ import annotations

import base64
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.redaction.shapes import b64_text, basic_pair_password
from jezero_pipeline.redaction.values import (
    is_placeholder,
    is_public_value,
    is_template,
    stands_in,
)

ALNUM = string.ascii_letters + string.digits


@pytest.mark.parametrize(
    "value",
    [
        "xxxxxxxxxxxxxxxxxxxx",
        "XXXXXXXXXXXX",
        "aaaaaaaaaaaaaaaa",
        "********",
        "••••••••",
        "your-api-key-here",
        "YOUR_CLIENT_SECRET",
        "not-a-real-key-just-for-tests",
        "dummy-password-123",
        "changeme",
        "myPassword",
        "123456",
        "abcabcabcabc",
        "${DB_PASSWORD}",
        "${{ secrets.NPM_TOKEN }}",
        "{{ .Values.apiKey }}",
        "<your-token>",
        "%(password)s",
        "$(gcloud auth print-access-token)",
        "!Ref DatabasePassword",
        "${USER}:${PASS}",
    ],
)
def test_stand_ins_are_placeholders(value):
    assert is_placeholder(value)


@pytest.mark.parametrize(
    "value",
    [
        "my-9fK2mQ7xLpZ3",  # starts with my- but has a random part
        "example9fK2mQ7xLpZ3",  # contains example but has a random part
        "9fK2xxxxmQ7xLpZ3wR",  # a run of x inside a random value
        "hunter2hunter",
        "correct-horse-battery-staple",
        "p{4]$#>Xq9",  # symbols that only look like template brackets
        "$uper{S3cret}>",
        "Xq9Lm2Pw8Zt",
        "4471k",
    ],
)
def test_values_with_a_random_part_are_not_placeholders(value):
    assert not is_placeholder(value)


def test_a_provider_prefix_is_skipped_so_the_random_part_decides():
    assert stands_in("ghp_" + "x" * 36, 4)
    assert stands_in("sk_live_aaaaaaaaaaaaaaaaaaaaaaaa", 8)
    assert stands_in("xoxb-your-bot-token-here", 5)
    assert not stands_in("ghp_" + "k3Q9zR1mW7xT5vN2pL8cY4hB6jD0fS3aE1gH", 4)


def test_documented_examples_are_left_alone_whatever_their_shape():
    assert stands_in("AKIAIOSFODNN7EXAMPLE", 4)
    assert stands_in("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    assert stands_in("sk_test_4eC39HqLyjWDarjtT1zdp7dc", 8)


@pytest.mark.parametrize(
    "value",
    [
        "io.jsonwebtoken:jjwt-api:0.12.6",
        "com.example.auth:token-client-2.4.1",
        "tiktoken==0.6.0",
        "jwt-decode@4.0.0",
        "sha512-" + base64.b64encode(bytes(range(64))).decode(),
        "sha256:" + "ab" * 32,
        "h1:" + base64.b64encode(bytes(range(32))).decode(),
        "pk_live_" + "Zr4" * 8,
        "age1" + ("qpzry9x8gf2tvdw0s3jn54khce6mua7l" * 2)[:58],
    ],
)
def test_package_coordinates_digests_and_public_keys_are_public(value):
    assert is_public_value(value)


def test_a_version_shape_does_not_swallow_a_token_that_starts_like_one():
    assert not is_public_value("v1.0-" + "a" * 24 + "-" + "b" * 146)


def test_templates_need_nothing_random_left_over():
    assert is_template("Bearer ${TOKEN}")
    assert not is_template("${PREFIX}Zx81kLq0PwQ7")


def test_base64_user_password_pairs_are_decoded():
    pair = base64.b64encode(b"ci-bot:s3cr3t-V4lue").decode()
    assert b64_text(pair) == "ci-bot:s3cr3t-V4lue"
    assert basic_pair_password(pair) == "s3cr3t-V4lue"
    assert basic_pair_password(base64.b64encode(bytes(range(200, 240))).decode()) is None


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**64), st.sampled_from(["ghp_", "sk_live_", "glpat-", "npm_", ""]))
def test_a_random_token_is_never_taken_for_a_stand_in(seed, prefix):
    rnd = random.Random(seed)  # the characters come from a real random source, not from hypothesis
    token = "".join(rnd.choice(ALNUM) for _ in range(32))
    assert not stands_in(prefix + token, len(prefix))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from("xX*•.#"), st.integers(min_value=8, max_value=60), st.sampled_from(["ghp_", "sk-proj-", ""]))
def test_a_mask_of_any_length_behind_any_prefix_is_a_stand_in(ch, n, prefix):
    assert stands_in(prefix + ch * n, len(prefix))
