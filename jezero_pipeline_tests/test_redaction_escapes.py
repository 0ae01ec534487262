"""The decoded view of escaped lines, and spans mapped back onto the escaped original."""

from __future__ import annotations

import html
import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.redaction import Redactor
from jezero_pipeline.redaction.escapes import decode_view

TOKEN = "ghp_k3Q9zR1mW7xT5vN2pL8cY4hB6jD0fS3aE1gH"


def test_a_json_escaped_prefix_is_found_and_the_escaped_form_replaced():
    text = "printf '%s' $'\\u0067hp_" + TOKEN[4:] + "' > token.txt"
    assert Redactor().redact(text) == ("printf '%s' $'[REDACTED:github_token]' > token.txt", 1)


def test_shell_hex_octal_and_html_escapes_are_decoded():
    r = Redactor()
    for escaped in ("\\x67\\x68\\x70_", "\\147hp_", "&#103;&#104;&#112;_", "&#x67;hp_"):
        out, n = r.redact(f"echo {escaped}{TOKEN[4:]} done")
        assert (out, n) == ("echo [REDACTED:github_token] done", 1), escaped


def test_percent_escapes_count_only_where_a_secret_is_named():
    nested = urllib.parse.quote("https://app.example.com/cb?access_token=Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB", safe="")
    out, n = Redactor().redact(f"GET /login?redirect_uri={nested} HTTP/1.1")
    assert n == 1 and "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB" not in out
    assert decode_view("https://example.com/search?q=reset%20password%20help") is not None  # names a password
    assert decode_view("https://example.com/search?q=cheap%20flights%20now") is None


def test_escapes_of_control_and_non_ascii_characters_leave_no_view():
    assert decode_view("\\u001b[31mERROR\\u001b[0m \\u00e9t\\u00e9") is None
    assert decode_view("plain text, no escapes at all") is None


_PLAIN = st.text(alphabet="abcXYZ019 =:_-\n", max_size=8)
_CHARS = st.sampled_from("ghp_Aa9=:/'\"<>&@#!")


def _escaped(ch: str) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            f"\\u{ord(ch):04x}",
            f"\\x{ord(ch):02x}",
            f"\\{ord(ch):03o}",
            f"&#{ord(ch)};",
            f"&#x{ord(ch):x};",
            html.escape(ch) if html.escape(ch) != ch else f"&#{ord(ch)};",
        ]
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_PLAIN, _CHARS.flatmap(lambda c: st.tuples(st.just(c), _escaped(c)))), max_size=20))
def test_every_decoded_character_maps_back_to_the_characters_it_came_from(pieces):
    text = "".join(p if isinstance(p, str) else p[1] for p in pieces)
    view = decode_view(text)
    if view is None:
        return
    assert len(view.text) == len(view.starts) == len(view.ends)
    for i, ch in enumerate(view.text):
        source = text[view.starts[i] : view.ends[i]]
        if view.ends[i] > len(text):
            assert ch == "\n"  # the line end the view adds after a last line
        elif len(source) == 1:
            assert source == ch
        else:
            decoded = decode_view(source + "\n")
            assert decoded is not None and decoded.text == ch + "\n"
