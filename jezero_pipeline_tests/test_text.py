"""The shared text helpers: one copy each, with the rules their callers rely on."""

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from jezero_pipeline.text import clean_text, digest, is_loopback, middle_cut, parse_time, sha256


def test_lone_surrogates_become_replacement_characters_and_pairs_are_joined():
    assert clean_text("a\ud800b") == "a\ufffdb"
    assert clean_text("\udc00") == "\ufffd"
    assert clean_text("\ud83d\ude00") == "\U0001f600"


def test_terminal_sequences_and_controls_are_removed_but_newlines_and_tabs_stay():
    assert clean_text("\x1b[31mRed\x1b[0m\x07 a\x1b]0;title\x07b\tc\nd\x9b2J") == "Red ab\tc\nd"


@given(st.text())
def test_clean_text_leaves_no_controls_and_is_idempotent(s):
    out = clean_text(s)
    assert not any(ord(ch) < 32 and ch not in "\n\t" for ch in out)
    assert not any(0x7F <= ord(ch) <= 0x9F for ch in out)
    assert not any("\ud800" <= ch <= "\udfff" for ch in out)
    assert clean_text(out) == out


def test_digest_ignores_order_and_sha256_accepts_lone_surrogates():
    assert digest(["a", "b"]) == digest(["b", "a"]) != digest(["a", "c"])
    assert len(sha256("x\ud800")) == 64


def test_parse_time_reads_iso_and_epoch_seconds_and_milliseconds():
    want = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    assert parse_time("2025-03-01T12:00:00Z") == want
    assert parse_time("2025-03-01T13:00:00+01:00") == want
    assert parse_time("2025-03-01T12:00:00") == want  # naive means UTC
    assert parse_time(want.timestamp()) == want
    assert parse_time(int(want.timestamp() * 1000)) == want
    assert parse_time("yesterday") is None and parse_time(True) is None and parse_time("") is None


def test_middle_cut_keeps_both_ends():
    cut = middle_cut("A" * 600 + "C" * 600, 1000)
    assert cut.startswith("A" * 480) and cut.endswith("C" * 480) and "characters omitted" in cut
    assert middle_cut("short", 1000) == "short"


def test_loopback_means_this_machine_only():
    for host in ("localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.8.8.8", "::1", "[::1]"):
        assert is_loopback(host), host
    for host in ("", None, "example.com", "10.0.0.1", "localhost.example.com", "0.0.0.0"):
        assert not is_loopback(host), host
