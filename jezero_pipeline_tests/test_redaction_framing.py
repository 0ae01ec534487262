"""A secret is found however a transcript frames its line, and a look-alike is left however.

Each labelled line is framed as sessions show text (bench/redaction_framing.py: line numbers,
grep's `path:12:`, a diff's `+`, a segment's `[time] role:` lines, a tool call's JSON
argument, …) and must redact as it does bare. The views that make this so (decoded escapes,
lines without their gutters) are tested here on their own too.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.redaction_framing import FRAMINGS, HELD_OUT, framed_secret, labelled
from bench.redaction_loso import Line, caught
from jezero_pipeline.redaction import Redactor
from jezero_pipeline.redaction.gutters import gutter_view

R = Redactor()
LINES = labelled()
CAUGHT_BARE = [line for line in LINES if line.secret and caught(R, line)]
KEPT_BARE = [line for line in LINES if not line.secret and R.redact(line.text)[0] == line.text]
TOKEN = "cior9iINqlR6Gekj9kGlhRe2DMmjWwnPXwi"
AT = "[2026-05-10 00:41]"


@pytest.mark.parametrize("name", [*FRAMINGS, *HELD_OUT])
def test_a_labelled_line_redacts_framed_as_it_does_bare(name):
    applies, frame = {**FRAMINGS, **HELD_OUT}[name]
    lost = [
        line.text
        for line in CAUGHT_BARE
        if applies(line.text)
        and not caught(R, Line(frame(line.text), framed_secret(name, line.secret or ""), line.source))
    ]
    altered = [
        line.text for line in KEPT_BARE if applies(line.text) and R.redact(frame(line.text))[0] != frame(line.text)
    ]
    assert lost == [] and altered == []


def test_the_framings_cover_most_of_the_labelled_corpus():
    """The invariant above is asserted over many lines, not a few that happen to pass."""
    assert len(CAUGHT_BARE) > 700 and len(KEPT_BARE) > 500


_GUTTERS = st.sampled_from(
    ["", "    12→", "  7\t", "src/app.py:3:", "+", "> ", "- ", "web-1  | ", "[pod/a] ", "   3  "]
)
_BODIES = st.text(alphabet="abcXYZ019 =:_-$/\"'", max_size=30)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_GUTTERS, _BODIES), min_size=1, max_size=8))
def test_every_character_of_the_gutter_view_maps_back_to_itself(rows):
    text = "\n".join(g + b for g, b in rows)
    view = gutter_view(text)
    if view is None:
        return
    for i, ch in enumerate(view.text):
        start, end = view.original_span(i, i + 1)
        assert end == start + 1
        assert text[start:end] == ch or (ch == "\n" and start == len(text))


def test_a_secret_behind_a_gutter_is_replaced_where_it_is_written():
    text = f"    11→# deploy\n    12→$ cargo login {TOKEN}\n    13→"
    out, n = R.redact(text)
    assert n == 1 and out == "    11→# deploy\n    12→$ cargo login [REDACTED:argument]\n    13→"


@pytest.mark.parametrize(
    "text",
    [
        f'{AT} assistant: tool call: Bash {{"command":"cargo login {TOKEN}","description":"Log in"}}',
        f"{AT} assistant: shell: cd crates/app ; cargo login {TOKEN}",
        f"{AT} user: $ cargo login {TOKEN}",
        f"dev@box:~/app$ cargo login {TOKEN}",
        f"<pre>$ cargo login {TOKEN}</pre>",
    ],
)
def test_a_command_is_read_as_one_wherever_a_segment_shows_it(text):
    out, n = R.redact(text)
    assert TOKEN not in out and n == 1


def test_the_strings_of_a_json_list_are_read_as_lines():
    argv = f'{{"command":["bash","-lc","cargo login {TOKEN}"]}}'
    assert TOKEN not in R.redact(argv)[0]
    lines = '["$ cat ~/.netrc","machine api.heroku.com login dev@example.org password dyB&1R%u63vx"]'
    assert "dyB&1R%u63vx" not in R.redact(lines)[0]
    assert R.redact('["bash","-lc","cargo build --release"]') == ('["bash","-lc","cargo build --release"]', 0)


@pytest.mark.parametrize("opening", ['["', '[ "', '[\t"', '[  "'])
def test_a_json_list_is_read_as_lines_whatever_space_follows_its_bracket(opening):
    netrc = f'{opening}$ cat ~/.netrc", "machine api.heroku.com", "login dev@example.org", "password dyB&1R%u63vx"]'
    assert R.redact(netrc)[0] == netrc.replace("dyB&1R%u63vx", "[REDACTED:password]")


def test_a_blob_printed_by_a_tool_result_after_a_cat_of_a_key_file_is_found():
    call = f'{AT} assistant: tool call: Bash {{"command":"cat config/master.key","description":"Show it"}}'
    later = f"\n{AT} assistant: The key is in place."
    for after in ("", later):  # the segment's last line, or one with more after it
        text = f"{call}\n{AT} assistant: tool result: Bash: 10c3940e6d2648d6933f5367b877808d{after}"
        assert R.redact(text) == (f"{call}\n{AT} assistant: tool result: Bash: [REDACTED:key_file]{after}", 1)


def test_a_value_with_an_escape_inside_stays_redacted_where_no_reading_finds_it():
    assert R.redact("token: ab\\nCD12ef34GH56ij78") == ("token: [REDACTED:secret]", 1)


def test_json_string_escapes_are_read_decoded_and_do_not_glue_words():
    secret = "wJ8#kq2ZpT4vLx9R"
    text = json.dumps({"command": f'psql "postgresql://app:{secret}@db/app" -c "select 1"\necho done'})
    assert secret not in R.redact(text)[0]
    kept = json.dumps({"command": "ssh-keygen -lf key.pub\nSHA256:82yjnaTGYWETq8fG+Y1dDS93nDkF/5+qAVvJPeOqu8N dev"})
    assert R.redact(kept) == (kept, 0)  # `\nSHA256:…` is a fingerprint, not a word `nSHA256`
    pub = json.dumps({"output": "Wrote new keypair to id.json\npubkey: JZWtVwTFYEHgZBjrutRLdtgCoezBL23qbbiynDDe6iUv"})
    assert R.redact(pub) == (pub, 0)


def test_a_quote_closing_another_string_is_no_lookup_default():
    text = '{"command":"secretKey: process.env.SECRET_KEY","description":"Run it"}'
    assert R.redact(text) == (text, 0)
    out, n = R.redact('token = os.getenv("API_TOKEN", "q7Vb2LxN9pK4wZs8")')
    assert n == 1 and "q7Vb2LxN9pK4wZs8" not in out


def test_a_closing_tag_ends_an_unquoted_value():
    for kept in (
        "<pre>max_tokens=4096</pre>",
        "<pre>self.token = token</pre>",
        "<pre>curl -u <user:password> https://t.io/x</pre>",
    ):
        assert R.redact(kept) == (kept, 0), kept
    assert R.redact("<pre>password=Xk9#mQ2vL8zR</pre>") == ("<pre>password=[REDACTED:password]</pre>", 1)


def test_a_gutter_is_no_label_for_the_line_behind_it():
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo"
    text = f"web-1  | -----BEGIN PUBLIC KEY-----\nweb-1  | {body}\nweb-1  | -----END PUBLIC KEY-----"
    assert R.redact(text) == (text, 0)


def test_a_provider_placeholder_stays_whichever_rule_proposes_it():
    placeholder = "sk-ant-api03-REPLACE_WITH_YOUR_KEY_REPLACE_WITH_YOUR_KEY"
    for text in (placeholder, f"{AT} assistant: tool result: Bash: {placeholder}", f"key: {placeholder}"):
        assert R.redact(text) == (text, 0), text
    real = "sk-ant-api03-" + "Zq8vT2mW9xK4pL7nR3sY6bH1jD5fG0cE8aU2iO4t"
    assert real not in R.redact(f"{AT} assistant: tool result: Bash: {real}")[0]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(CAUGHT_BARE + KEPT_BARE), st.sampled_from(sorted(FRAMINGS)))
def test_redacting_a_framed_line_twice_equals_redacting_it_once(line, name):
    applies, frame = FRAMINGS[name]
    once = R.redact(frame(line.text))[0]
    assert R.redact(once)[0] == once
