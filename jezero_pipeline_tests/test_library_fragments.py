"""Pasted fragments (cut identifiers, parts of names) and quoted phrases in order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library.build import build_library
from jezero_pipeline.library.query import MAX_EXPANSIONS
from jezero_pipeline.library.reader import Library

NOW = datetime(2026, 1, 1, tzinfo=UTC)
IDENT = "orders_customer_id_key"
ERROR = f'duplicate key value violates unique constraint "{IDENT}" DETAIL: Key (customer_id)=(42) already exists'
COMMAND = "pytest tests/test_cache_48213.py -k shard_17 --maxfail=1"
# Sessions that share every common word of the needles and differ in one identifier.
OTHERS = [
    "orders_product_id_key",
    "order_items_pkey",
    "users_email_key",
    "customers_pkey",
    "invoices_customer_id_fkey",
    "test_cache_48214",
    "test_cash_48213",
    "shared_17",
]


def item(ext: str, text: str, days_ago: int = 5) -> dict:
    return {
        "source": "claude_code",
        "external_id": ext,
        "session_id": ext,
        "occurred_at": NOW - timedelta(days=days_ago),
        "title": "database migration failed",
        "summary": text,
        "questions": ["why does the insert fail?"],
        "atoms": [{"kind": "error", "text": text}],
        "project": "shop",
        "trust": "own",
        "original": f"we ran the migration. {text}. then we looked at the logs",
        "original_ref": f"ref:{ext}",
        "content_hash": f"h:{ext}",
    }


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    rows = [item("target-error", ERROR), item("target-command", f"ran {COMMAND}")]
    for i, other in enumerate(OTHERS):
        rows.append(item(f"other-{i}", ERROR.replace(IDENT, other)))
        rows.append(item(f"cmd-{i}", f"ran {COMMAND.replace('test_cache_48213', other).replace('shard_17', other)}"))
    rows.append(item("camel", "the CobaltScheduler48213 restarted twice"))
    rows.append(item("reset-a", "connection reset by peer while pushing"))
    rows.append(item("reset-b", "we had to reset the connection pool"))
    path = tmp_path_factory.mktemp("frag") / "library.duckdb"
    build_library(rows, path)
    library = Library(path, SearchConfig(recency_weight=0.0), now=lambda: NOW)
    yield library
    library.close()


def top(lib: Library, query: str, n: int = 5) -> list[str]:
    return [r["external_id"] for r in lib.search(query, limit=n)["results"]]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=len('duplicate key value violates unique constraint "ord'), max_value=len(ERROR)))
def test_an_error_pasted_up_to_any_character_finds_its_session(lib, cut):
    """Cut anywhere from the third letter of the identifier on: the session comes first once the
    cut passes what it shares with another session's identifier ("orders_"), and is in the top
    3 before that."""
    fragment = ERROR[:cut]
    ident_chars = cut - ERROR.index(IDENT)
    got = top(lib, fragment)
    if ident_chars > len("orders_"):
        assert got[0] == "target-error", fragment
    else:
        assert "target-error" in got[:3], fragment


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=len(IDENT) - 3))
def test_an_error_pasted_from_any_character_of_the_identifier_finds_its_session(lib, start):
    """Within the top k + 1 when what is left of the identifier also ends k other sessions' one
    (so first when it ends no other)."""
    fragment = ERROR[ERROR.index(IDENT) + start :]
    shared = sum(o.endswith(IDENT[start:]) for o in OTHERS)
    assert "target-error" in top(lib, fragment, 10)[: shared + 1], fragment


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=20))
def test_a_command_cut_at_both_ends_finds_its_session(lib, start, end_cut):
    fragment = COMMAND[start : len(COMMAND) - end_cut].strip()
    assert top(lib, fragment)[0] == "target-command", fragment


def test_a_part_of_a_camel_case_name_finds_it(lib):
    assert top(lib, "Scheduler")[0] == "camel"
    assert top(lib, "cobalt scheduler")[0] == "camel"
    assert top(lib, "48213 restarted")[0] == "camel"


def test_the_last_word_is_expanded_as_a_prefix(lib):
    assert set(top(lib, "connection res", 2)) == {"reset-a", "reset-b"}  # "res" is no word: reset, ...
    slots = lib.explain("connection res")["terms"][1]["slots"]
    assert "reset" in slots[0]["alternatives"]


def test_expansion_is_bounded_and_never_for_one_or_two_letters(tmp_path):
    words = " ".join(f"con{n:04d}" for n in range(300))
    path = tmp_path / "library.duckdb"
    build_library([item("many", words)], path)
    with Library(path) as many:
        (con,) = many.explain("con")["terms"]
        assert len(con["slots"][0]["alternatives"]) == MAX_EXPANSIONS
        # shortest first, then in order: "con" (a part of each word), con0000 ... con0030
        assert sorted(con["slots"][0]["alternatives"]) == ["con"] + [f"con{n:04d}" for n in range(31)]
        (c,) = many.explain("co")["terms"]
        assert c["slots"] == []  # nothing to look for
        assert many.search("co")["count"] == 0


def test_a_quoted_phrase_matches_only_in_order(lib):
    assert top(lib, '"connection reset"') == ["reset-a"]
    assert top(lib, '"reset the connection"') == ["reset-b"]
    assert set(top(lib, "connection reset")) >= {"reset-a", "reset-b"}  # unquoted: any order
    assert top(lib, '"reset by peer"') == ["reset-a"]  # the stopword keeps its place
    assert top(lib, '"peer by reset"') == []


def test_a_phrase_does_not_run_from_one_field_into_the_next(tmp_path):
    path = tmp_path / "library.duckdb"
    row = item("x", "beta gamma")
    row["title"] = "alpha"
    build_library([row], path)
    with Library(path) as one:
        assert one.search('"beta gamma"')["count"] == 1
        assert one.search('"alpha beta"')["count"] == 0
