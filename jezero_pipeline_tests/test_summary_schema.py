"""Loose validation of model answers (Jezero's `_parse` rules) and the schema itself."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.models import ATOM_KINDS, Atom
from jezero_pipeline.summarizing.schema import (
    SUMMARY_SCHEMA,
    SummaryError,
    parse_summary,
)

BASE = {"title": "Fix the parser", "summary": "It was fixed.", "questions": [], "atoms": [], "project": None}


def answer(**fields):
    return {**BASE, **fields}


def test_schema_requires_all_five_fields_and_knows_the_seven_kinds():
    assert SUMMARY_SCHEMA["required"] == ["title", "summary", "questions", "atoms", "project"]
    kinds = SUMMARY_SCHEMA["properties"]["atoms"]["items"]["properties"]["kind"]["enum"]
    assert kinds == list(ATOM_KINDS)
    jsonschema.Draft202012Validator.check_schema(SUMMARY_SCHEMA)
    jsonschema.validate(answer(atoms=[{"kind": "fix", "text": "x"}], project="p"), SUMMARY_SCHEMA)


def test_a_well_formed_answer_passes_through():
    s = parse_summary(answer(questions=["Why?"], atoms=[{"kind": "decision", "text": "Use DuckDB"}], project="Jezero"))
    assert (s.title, s.summary, s.questions) == ("Fix the parser", "It was fixed.", ["Why?"])
    assert s.atoms == [Atom("decision", "Use DuckDB")]
    assert s.project == "jezero"


def test_a_json_string_answer_is_decoded_first():
    assert parse_summary(json.dumps(answer())).title == "Fix the parser"


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", "42", [BASE], None])
def test_non_objects_are_rejected_with_a_clear_message(raw):
    with pytest.raises(SummaryError, match="not JSON|expected a JSON object"):
        parse_summary(raw)


@pytest.mark.parametrize("field", ["title", "summary"])
@pytest.mark.parametrize("value", [None, "", "   ", ["a list"], "\x1b[31m\x1b[0m"])
def test_title_and_summary_are_required(field, value):
    raw = answer(**{field: value})
    with pytest.raises(SummaryError, match=f"no {field}"):
        parse_summary(raw)
    del raw[field]
    with pytest.raises(SummaryError, match=f"no {field}"):
        parse_summary(raw)


def test_title_is_stripped_and_cut_at_200():
    s = parse_summary(answer(title="  " + "x" * 300 + "  "))
    assert s.title == "x" * 200


def test_json_encoded_lists_are_decoded():
    s = parse_summary(
        answer(
            questions=json.dumps(["Why DuckDB?", "How fast?"]),
            atoms=json.dumps([{"kind": "fix", "text": "pin duckdb"}]),
        )
    )
    assert s.questions == ["Why DuckDB?", "How fast?"]
    assert s.atoms == [Atom("fix", "pin duckdb")]


def test_a_non_json_string_is_a_one_element_list():
    s = parse_summary(answer(questions="Why DuckDB?", atoms="error: disk full"))
    assert s.questions == ["Why DuckDB?"]
    assert s.atoms == [Atom("error", "disk full")]


def test_string_atoms_split_at_the_first_colon():
    s = parse_summary(
        answer(
            atoms=[
                "command: git commit -m 'a: b'",
                "Risk : data loss",
                "note: unknown kind",
                "no colon at all",
            ]
        )
    )
    assert s.atoms == [
        Atom("command", "git commit -m 'a: b'"),
        Atom("risk", "data loss"),
        Atom("fact", "note: unknown kind"),
        Atom("fact", "no colon at all"),
    ]


def test_unknown_dict_kinds_become_fact_and_bad_entries_are_dropped():
    s = parse_summary(
        answer(
            atoms=[
                {"kind": "insight", "text": "Parquet is columnar"},
                {"kind": "FIX", "text": "  retry on 429  "},
                {"kind": "error", "text": ""},
                {"kind": "error"},
                {"text": "no kind"},
                42,
                None,
                ["nested"],
            ],
            questions=["ok?", "", 7, None, {"q": 1}],
        )
    )
    assert s.atoms == [Atom("fact", "Parquet is columnar"), Atom("fix", "retry on 429"), Atom("fact", "no kind")]
    assert s.questions == ["ok?", "7"]


def test_caps_of_six_questions_and_twelve_atoms():
    s = parse_summary(
        answer(questions=[f"q{i}" for i in range(10)], atoms=[{"kind": "fact", "text": f"a{i}"} for i in range(20)])
    )
    assert s.questions == [f"q{i}" for i in range(6)]
    assert [a.text for a in s.atoms] == [f"a{i}" for i in range(12)]


@pytest.mark.parametrize("value, expected", [("MyProj", "myproj"), ("", None), ("  ", None), (None, None), (3, "3")])
def test_project_is_lowercased_and_empty_means_none(value, expected):
    assert parse_summary(answer(project=value)).project == expected


def test_terminal_escapes_and_control_characters_are_stripped():
    s = parse_summary(
        answer(
            title="\x1b[31mRed\x1b[0m title\x07",
            summary="line one\nline\ttwo\x1b]0;evil title\x07 end\r\x00",
            atoms=["error: \x1b[1mBoom\x1b[22m\x9b2J"],
        )
    )
    assert s.title == "Red title"
    assert s.summary == "line one\nline\ttwo end"
    assert s.atoms == [Atom("error", "Boom")]


def test_a_lone_surrogate_in_an_answer_becomes_a_replacement_character():
    s = parse_summary('{"title": "x\\ud800y", "summary": "ok", "questions": [], "atoms": [], "project": null}')
    assert s.title == "x\ufffdy"
    s.title.encode("utf-8")  # storable


# --- property: whatever arrives, the result is safe or a SummaryError --------------------

_FORBIDDEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_text = st.text(
    alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF), max_size=40
) | st.sampled_from(["error: x", "fix:", "\x1b[31m", "RISK: y", '["a", "b"]', '[{"kind": "fix", "text": "t"}]', "   "])
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | _text,
    lambda children: (
        st.lists(children, max_size=15)
        | st.dictionaries(_text | st.sampled_from(["kind", "text"]), children, max_size=4)
    ),
    max_leaves=40,
)
_answers = (
    st.fixed_dictionaries(
        {},
        optional={k: _json for k in ("title", "summary", "questions", "atoms", "project")},
    )
    | _json
)


def _check_text(value: str) -> None:
    assert not _FORBIDDEN.search(value), repr(value)


@settings(max_examples=300, deadline=None)
@given(_answers)
def test_parse_summary_never_raises_anything_else_and_always_respects_the_caps(raw):
    try:
        s = parse_summary(raw)
    except SummaryError:
        return
    assert 0 < len(s.title) <= 200 and s.summary
    assert len(s.questions) <= 6 and len(s.atoms) <= 12
    assert all(a.kind in ATOM_KINDS and a.text for a in s.atoms)
    assert s.project is None or (s.project and s.project == s.project.lower())
    for text in [s.title, s.summary, *s.questions, *(a.text for a in s.atoms), s.project or ""]:
        _check_text(text)
