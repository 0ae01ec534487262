"""The library's search and tools on small hand-made libraries."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.config import SearchConfig
from jezero_pipeline.library import ranking
from jezero_pipeline.library.build import build_library
from jezero_pipeline.library.fts import (
    ascii_parts,
    ascii_tokens,
    create_index,
    create_tokenizer,
    extension_path,
    fts_connection,
    load_fts,
)
from jezero_pipeline.library.query import MAX_TERMS, QueryError, parse_query
from jezero_pipeline.library.reader import Library
from jezero_pipeline.library.render import format_results_rich
from jezero_pipeline.library.schema import (
    FIELDS,
    ORIGINAL_CHUNK,
    POS_FIELD_SHIFT,
    SCHEMA_VERSION,
    chunks_sql,
    joined_sql,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def item(
    ext,
    title="",
    summary="",
    *,
    source="claude_code",
    days_ago=10,
    questions=(),
    atoms=(),
    project="jez",
    trust="own",
    original="",
    original_ref=None,
):
    return {
        "source": source,
        "external_id": ext,
        "session_id": ext.split("#")[0],
        "occurred_at": NOW - timedelta(days=days_ago),
        "title": title,
        "summary": summary,
        "questions": list(questions),
        "atoms": [{"kind": k, "text": t} for k, t in atoms],
        "project": project,
        "trust": trust,
        "original": original,
        "original_ref": original_ref or f"ref:{ext}",
        "content_hash": f"h-{ext}",
    }


def make_lib(tmp_path: Path, rows, **cfg) -> Library:
    path = tmp_path / "library.duckdb"
    build_library(rows, path)
    return Library(path, SearchConfig(**cfg), now=lambda: NOW)


def id_of(lib, ext):
    return next(r["id"] for r in lib.timeline(limit=50)["results"] if r["external_id"] == ext)


def ids(res):
    return [r["external_id"] for r in res["results"]]


FILLER = "we looked at the logs and changed some settings in the service"


@pytest.mark.parametrize(
    "needle",
    [
        "E1102",
        "ERR_PNPM_OUTDATED_LOCKFILE",
        "duckdb_extension_fts",
        "test_segments_2",
        "segmenting.py",
        "429",
        "Déjà",
        "привет",
    ],
)
def test_exact_strings_are_findable(tmp_path, needle):
    rows = [item("a#0", "unrelated", FILLER), item("b#0", "other", f"{FILLER} then {needle} showed up")]
    lib = make_lib(tmp_path, rows)
    assert ids(lib.search(needle)) == ["b#0"]
    assert ids(lib.search(needle.lower())) == ["b#0"]


def test_accents_are_ignored(tmp_path):
    lib = make_lib(tmp_path, [item("a#0", "Déjà vu"), item("b#0", "other")])
    assert ids(lib.search("deja")) == ["a#0"]


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=40).map(lambda t: t.replace('"', " ")))  # quotes are query syntax
def test_query_tokenizer_is_the_index_tokenizer(tmp_path_factory, text):
    """Whatever a text indexes to, the same text as a query looks up exactly those terms:
    its whole words (the terms with positions) and, with their identifier parts, all of them."""
    tmp = tmp_path_factory.mktemp("tok")
    path = tmp / "library.duckdb"
    build_library([item("a#0", text, project=None)], path)  # only the title has words
    con = duckdb.connect(str(path), read_only=True)
    whole = {
        r[0]
        for r in con.execute(
            "SELECT DISTINCT term FROM terms JOIN postings USING (term_id) WHERE len(pos) > 0"
        ).fetchall()
    }
    indexed = {r[0] for r in con.execute("SELECT DISTINCT term FROM terms JOIN postings USING (term_id)").fetchall()}
    con.close()
    lib = Library(path)
    try:
        terms = lib.explain(text)["terms"]
    except QueryError:
        terms = []  # nothing but spaces or quotes
    finally:
        lib.close()
    stems = {s for t in terms for s in t["stems"] if s is not None}
    assert stems == whole
    assert stems <= indexed


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
def test_the_python_tokenizer_of_ascii_text_is_the_sql_one(text):
    """Queries in ASCII are split in Python (no DuckDB statement); the SQL macros decide."""
    con = duckdb.connect()
    load_fts(con)
    create_tokenizer(con)
    (sql,) = con.execute("SELECT list_transform(tokens(?), t -> {'t': t, 'p': word_parts(t)})", [text]).fetchone()
    con.close()
    assert [(t, ascii_parts(t)) for t in ascii_tokens(text)] == [(d["t"], d["p"]) for d in sql]


NO_NUL = st.text(max_size=30).map(lambda t: t.replace("\x00", " "))  # the extension stops at a NUL, we do not


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(NO_NUL, NO_NUL), min_size=1, max_size=4))
def test_postings_equal_the_fts_extension_index(tmp_path_factory, texts):
    """Our SQL-built postings of whole words hold exactly the (term, item) pairs, df and field
    lengths that the extension's own `create_fts_index` makes of the same items."""
    path = tmp_path_factory.mktemp("idx") / "library.duckdb"
    build_library([item(f"d{i}#0", t, summary=s, original=s + " " + t) for i, (t, s) in enumerate(texts)], path)
    con = duckdb.connect(str(path))
    load_fts(con)
    create_index(con, list(FIELDS))
    ours = con.execute(
        "SELECT t.term, d.id, count(*) OVER (PARTITION BY t.term) FROM postings p JOIN terms t USING (term_id) "
        "JOIN doclen d USING (doc) WHERE len(p.pos) > 0"
    ).fetchall()
    theirs = con.execute(
        "SELECT DISTINCT d.term, docs.name::BIGINT, d.df FROM fts_main_items_whole.terms t "
        "JOIN fts_main_items_whole.dict d USING (termid) JOIN fts_main_items_whole.docs docs USING (docid)"
    ).fetchall()
    lens = ", ".join(f"len_{n}" for n in FIELDS.values())
    our_lens = con.execute(f"SELECT id, [{lens}] FROM doclen").fetchall()
    their_lens = con.execute(
        f"SELECT docs.name::BIGINT, [{', '.join(f'count(t.termid) FILTER (WHERE t.fieldid = {i})' for i in range(len(FIELDS)))}] "
        "FROM fts_main_items_whole.docs docs LEFT JOIN fts_main_items_whole.terms t USING (docid) GROUP BY docs.name"
    ).fetchall()
    # Every occurrence has its position: per (term, item, field) as many as the extension's rows,
    # and the original's among them is `tf_original`.
    our_counts = con.execute(
        f"SELECT term, id, fno, count(*) FROM (SELECT t.term, d.id, unnest(p.pos) >> {POS_FIELD_SHIFT} AS fno "
        "FROM postings p JOIN terms t USING (term_id) JOIN doclen d USING (doc)) GROUP BY ALL"
    ).fetchall()
    their_counts = con.execute(
        "SELECT d.term, docs.name::BIGINT, t.fieldid, count(*) FROM fts_main_items_whole.terms t "
        "JOIN fts_main_items_whole.dict d USING (termid) JOIN fts_main_items_whole.docs docs USING (docid) GROUP BY ALL"
    ).fetchall()
    tf_original = con.execute(
        "SELECT t.term, d.id, p.tf_original FROM postings p JOIN terms t USING (term_id) JOIN doclen d USING (doc) "
        "WHERE p.tf_original > 0"
    ).fetchall()
    con.close()
    assert sorted(ours) == sorted(theirs)
    assert sorted(our_lens) == sorted(their_lens)
    assert sorted(our_counts) == sorted(their_counts)
    original = list(FIELDS).index("original")
    assert sorted(tf_original) == sorted((t, i, n) for t, i, f, n in their_counts if f == original)


def test_title_beats_summary_beats_project(tmp_path):
    rows = [
        item("t#0", "zorblax crash", FILLER),
        item("s#0", "other", f"{FILLER} zorblax"),
        item("p#0", "other", FILLER, project="zorblax"),
    ]
    assert ids(make_lib(tmp_path, rows).search("zorblax")) == ["t#0", "s#0", "p#0"]


def test_atoms_and_questions_beat_summary(tmp_path):
    rows = [
        item("s#0", "x", f"{FILLER} zorblax"),
        item("a#0", "x", FILLER, atoms=[("error", "zorblax failed")]),
        item("q#0", "x", FILLER, questions=["why zorblax?"]),
    ]
    got = ids(make_lib(tmp_path, rows).search("zorblax"))
    assert got[-1] == "s#0" and set(got[:2]) == {"a#0", "q#0"}


def test_original_is_searched_at_a_low_weight(tmp_path):
    rows = [item("o#0", "x", FILLER, original=f"{FILLER} zorblax"), item("s#0", "x", f"{FILLER} zorblax")]
    assert ids(make_lib(tmp_path, rows).search("zorblax")) == ["s#0", "o#0"]
    # weight 0: the original alone adds nothing
    lib0 = make_lib(tmp_path / "z", rows, original_weight=0.0) if (tmp_path / "z").mkdir() is None else None
    res = lib0.search("zorblax")
    assert res["results"][0]["external_id"] == "s#0"
    assert [r["relevance"] for r in res["results"] if r["external_id"] == "o#0"] in ([], [0.0])


def test_ranking_matches_duckdb_match_bm25_with_equal_weights(tmp_path):
    """With every weight 1 and no recency, our scores are DuckDB's match_bm25 scores.

    match_bm25 takes log10 for the idf where we take ln: a constant factor of ln(10).
    """
    words = ["alpha", "beta", "gamma", "delta"]
    rows = [
        item(
            f"d{i}#0",
            " ".join(words[: 1 + i % 4]),
            " ".join(words[i % 3 :]) + f" extra{i}",
            original="alpha " * (i % 5),
            questions=["beta gamma"] if i % 2 else [],
            project="gamma" if i % 3 == 0 else "p",
        )
        for i in range(12)
    ]
    path = tmp_path / "library.duckdb"
    saved = dict(ranking.FIELD_WEIGHTS)
    ranking.FIELD_WEIGHTS.update({k: 1.0 for k in saved} | {"parts": 0.0})  # the dict build and reader use
    try:
        build_library(rows, path)
        lib = Library(path, SearchConfig(recency_weight=0.0, original_weight=1.0), now=lambda: NOW)
        ours = {r["id"]: r["relevance"] for r in lib.search("alpha gamma", limit=50)["results"]}
        lib.close()
    finally:
        ranking.FIELD_WEIGHTS.update(saved)
    con = duckdb.connect(str(path))  # the extension's own index, built beside ours
    load_fts(con)
    create_index(con, list(FIELDS))
    theirs = dict(
        con.execute(
            "SELECT id, s FROM (SELECT id, fts_main_items_whole.match_bm25(id, 'alpha gamma') AS s FROM items_whole) WHERE s IS NOT NULL"
        ).fetchall()
    )
    con.close()
    assert set(ours) == set(theirs)
    for i in ours:
        assert ours[i] == pytest.approx(theirs[i] * math.log(10), rel=1e-4)


@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.tuples(*[st.lists(st.sampled_from(["alpha", "beta", "gamma", "delta"]), max_size=5).map(" ".join)] * 4),
        min_size=1,
        max_size=5,
    )
)
def test_stored_term_frequencies_equal_the_weights_applied_to_field_counts(tmp_path_factory, rows):
    """`f_base` and `tf_original` as the build stores them (SQL) equal ranking.f_base computed in
    Python from each field's term counts, as the extension's own index counts them."""
    path = tmp_path_factory.mktemp("fb") / "library.duckdb"
    build_library(
        [
            item(f"d{i}#0", t, summary=s, questions=[q] if q else [], original=o, project=None)
            for i, (t, s, q, o) in enumerate(rows)
        ],
        path,
    )
    con = duckdb.connect(str(path))
    load_fts(con)
    create_index(con, list(FIELDS))
    stored = {
        (term, i): (fb, tfo)
        for term, i, fb, tfo in con.execute(
            "SELECT t.term, d.id, p.f_base, p.tf_original FROM postings p JOIN terms t USING (term_id) "
            "JOIN doclen d USING (doc)"
        ).fetchall()
    }
    counts: dict = {}
    names = list(FIELDS.values())
    for term, i, fieldid, n in con.execute(
        "SELECT d.term, docs.name::BIGINT, t.fieldid, count(*) FROM fts_main_items_whole.terms t "
        "JOIN fts_main_items_whole.dict d USING (termid) JOIN fts_main_items_whole.docs docs USING (docid) GROUP BY ALL"
    ).fetchall():
        counts.setdefault((term, i), {})[names[fieldid]] = n
    con.close()
    assert stored.keys() == counts.keys()
    for key, by_field in counts.items():
        assert stored[key][0] == pytest.approx(ranking.f_base(by_field), rel=1e-6)
        assert stored[key][1] == by_field.get("original", 0)


def test_recency_rerank(tmp_path):
    rows = [item("old#0", "zorblax", days_ago=400), item("new#0", "zorblax", days_ago=1)]
    assert ids(make_lib(tmp_path, rows).search("zorblax")) == ["new#0", "old#0"]
    lib = make_lib(tmp_path / "x", rows, recency_weight=0.0) if (tmp_path / "x").mkdir() is None else None
    res = lib.search("zorblax")
    assert res["results"][0]["score"] == res["results"][1]["score"]


def test_copies_from_two_sources_collapse(tmp_path):
    rows = [
        item("s1#0", "zorblax", source="host", original_ref="cc:s1"),
        item("s1#0", "zorblax", source="inbox", original_ref="cc:s1"),
        item("s2#0", "zorblax", source="host", original_ref="cc:s2"),
    ]
    lib = make_lib(tmp_path, rows)
    assert sorted(ids(lib.search("zorblax"))) == ["s1#0", "s2#0"]
    assert lib.timeline()["count"] == 2


@pytest.mark.parametrize(
    "q",
    [
        "zorblax OR",
        "NOT zorblax",
        '"zorblax',
        "zorblax)",
        "(zorblax",
        "zorblax*",
        "zorblax'; DROP TABLE items; --",
        "zorblax NEAR(a b)",
        '"zorblax crash"',
    ],
)
def test_queries_are_literal(tmp_path, q):
    lib = make_lib(tmp_path, [item("a#0", "zorblax crash"), item("b#0", "other thing")])
    assert ids(lib.search(q)) == ["a#0"]
    assert lib.stats()["items"] == 2


def test_field_syntax_is_not_an_operator(tmp_path):
    """`title:zorblax` is the literal word "title zorblax" (both tokens needed), not a filter."""
    lib = make_lib(tmp_path, [item("a#0", "zorblax crash"), item("b#0", "title zorblax")])
    assert ids(lib.search("title:zorblax")) == ["b#0"]


def test_phrase_needs_all_its_words(tmp_path):
    lib = make_lib(tmp_path, [item("a#0", "connection reset by peer"), item("b#0", "connection refused")])
    assert ids(lib.search('"connection reset"')) == ["a#0"]
    assert set(ids(lib.search("connection reset"))) == {"a#0", "b#0"}


@pytest.mark.parametrize("q", ["", "   ", "\x00\x01", '""'])
def test_empty_query_is_an_error(tmp_path, q):
    lib = make_lib(tmp_path, [item("a#0", "x")])
    with pytest.raises(QueryError, match="empty query"):
        lib.search(q)


def test_punctuation_only_query_is_an_error(tmp_path):
    with pytest.raises(QueryError, match="no searchable words"):
        make_lib(tmp_path, [item("a#0", "x")]).search("!!! ---")


def test_query_limits():
    terms = parse_query(" ".join(f"w{i}" for i in range(200)))
    assert len(terms) == MAX_TERMS
    assert parse_query("x" * 500) == [("x" * 100, False)]
    long = ("abc " * 2000).strip()
    assert parse_query(long) == [("abc", False)]  # dedup; cut at 4096 chars between words
    assert parse_query('a "b c" d') == [("a", False), ("b c", True), ("d", False)]


def test_limit_defaults_and_cap(tmp_path):
    rows = [item(f"x{i}#0", "zorblax") for i in range(60)]
    lib = make_lib(tmp_path, rows)
    assert lib.search("zorblax")["count"] == 10
    assert lib.search("zorblax", limit=0)["count"] == 10
    assert lib.search("zorblax", limit=1000)["count"] == 50


def test_filters(tmp_path):
    rows = [
        item("a#0", "zorblax", project="p1", source="s1", days_ago=5, atoms=[("fix", "zorblax")]),
        item("b#0", "zorblax", project="p2", source="s2", days_ago=50, trust="external"),
        item("c#0", "zorblax", project="p1", source="s2", days_ago=100, atoms=[("error", "x")]),
    ]
    lib = make_lib(tmp_path, rows)
    assert set(ids(lib.search("zorblax", project="p1"))) == {"a#0", "c#0"}
    assert set(ids(lib.search("zorblax", source="s2"))) == {"b#0", "c#0"}
    assert ids(lib.search("zorblax", kind="fix")) == ["a#0"]
    assert ids(lib.search("zorblax", trust="external")) == ["b#0"]
    since = (NOW - timedelta(days=60)).date().isoformat()
    assert set(ids(lib.search("zorblax", since=since))) == {"a#0", "b#0"}
    assert ids(lib.search("zorblax", since=since, until=(NOW - timedelta(days=10)).isoformat())) == ["b#0"]
    with pytest.raises(QueryError, match="bad date for 'since'"):
        lib.search("zorblax", since="last tuesday")
    with pytest.raises(QueryError, match="unknown atom kind"):
        lib.search("zorblax", kind="nope")


def test_date_without_offset_is_utc(tmp_path):
    lib = make_lib(tmp_path, [item("a#0", "zorblax", days_ago=0)])  # 2026-01-01T00:00Z
    assert lib.search("zorblax", since="2026-01-01T00:00:00")["count"] == 1
    assert lib.search("zorblax", since="2026-01-01T00:00:01")["count"] == 0
    assert lib.search("zorblax", since="2026-01-01T01:00:00+01:00")["count"] == 1


def test_matched_atoms(tmp_path):
    lib = make_lib(tmp_path, [item("a#0", "x", atoms=[("error", "E1102 in segmenting"), ("fact", "other")])])
    (r,) = lib.search("e1102")["results"]
    assert r["matched_atoms"] == [{"kind": "error", "text": "E1102 in segmenting"}]


def test_get_item_with_and_without_original(tmp_path):
    lib = make_lib(tmp_path, [item("a#0", "x", original="the [REDACTED:api_key] text")])
    got = lib.get_item(1)
    assert got["found"] and "original" not in got["item"]
    assert got["item"]["occurred_at"].endswith("+00:00")
    assert lib.get_item(1, include_original=True)["item"]["original"] == "the [REDACTED:api_key] text"
    assert lib.get_item(999) == {"found": False, "item": None}
    with pytest.raises(QueryError, match="64-bit"):
        lib.get_item(2**70)


def test_timeline_order_and_half_open_period(tmp_path):
    rows = [item(f"d{d}#0", f"day {d}", days_ago=d) for d in (1, 2, 3, 4)]
    lib = make_lib(tmp_path, rows)
    assert ids(lib.timeline()) == ["d1#0", "d2#0", "d3#0", "d4#0"]
    since, until = (NOW - timedelta(days=3)).isoformat(), (NOW - timedelta(days=1)).isoformat()
    assert ids(lib.timeline(since=since, until=until)) == ["d2#0", "d3#0"]
    assert lib.timeline(limit=2)["count"] == 2


# Earlier work of the same project, as a coding library holds it: a subject's own words are rare,
# "fix" and "build" are everywhere.
OTHER_WORK = [
    item(f"w{i}#0", title, FILLER, days_ago=70 + i)
    for i, title in enumerate(
        ["Fix the lunch menu", "Rotate the signing keys", "Fix the linter build", "Fix a flaky upload test",
         "Docs typo fix", "Cache warmup in the nightly build", "Release notes", "Fix the disk quota alert",
         "Retry budget", "Build the pager rota"]
    )
]  # fmt: skip


def test_later_by_subject(tmp_path):
    rows = [
        *OTHER_WORK,
        item("base#0", "zorblax migration plan", days_ago=50),
        item("n1#0", "zorblax migration redo", days_ago=40),
        item("n2#0", "zorblax migration again", days_ago=30),
        item("n3#0", "zorblax migration final", days_ago=20),
        item("n4#0", "zorblax migration done", days_ago=10),
        item("old#0", "zorblax migration idea", days_ago=60),
        item("far#0", "zorblax migration", days_ago=5, project="other"),
        item("unrel#0", "lunch menu", days_ago=15),
    ]
    lib = make_lib(tmp_path, rows)
    res = lib.later(id_of(lib, "base#0"), limit=3)
    assert res["found"] and res["matched_by"] == "subject"
    got = [r["external_id"] for r in res["later"]]
    # the 2 closest always stay, the rest of the room goes to the newest; newest first
    assert got == ["n4#0", "n2#0", "n1#0"]


def test_later_leaves_out_an_item_that_shares_only_a_common_word_of_the_title(tmp_path):
    """The title's rare words make its subject: an item with "fix" and "build" in its title is
    not on the subject of "Fix the duckdb extension import in the search build"."""
    rows = [
        *OTHER_WORK,
        item("fts#0", "Fix the duckdb extension import in the search build", FILLER, days_ago=50),
        item("e1102#0", "Fix E1102 in the segmenting build", FILLER, days_ago=45),
        item("again#0", "duckdb extension import fails again", FILLER, days_ago=40),
        item("fix#0", "Fix the pager", FILLER, days_ago=30),
    ]
    lib = make_lib(tmp_path, rows)
    res = lib.later(id_of(lib, "fts#0"))
    assert res["matched_by"] == "subject"
    assert [r["external_id"] for r in res["later"]] == ["again#0"]
    asked = lib.later(id_of(lib, "fts#0"), query="segmenting")  # a query the item itself does not match
    assert asked["matched_by"] == "subject" and [r["external_id"] for r in asked["later"]] == ["e1102#0"]


def test_later_with_nothing_on_the_subject_says_so_and_lists_the_project(tmp_path):
    rows = [
        *OTHER_WORK,
        item("fts#0", "Fix the duckdb extension import in the search build", FILLER, days_ago=50),
        item("e1102#0", "Fix E1102 in the segmenting build", FILLER, days_ago=45),
    ]
    lib = make_lib(tmp_path, rows)
    res = lib.later(id_of(lib, "fts#0"))
    assert res["matched_by"] == "project_timeline"
    assert [r["external_id"] for r in res["later"]] == ["e1102#0"]


def test_later_falls_back_to_project_timeline(tmp_path):
    rows = [
        item("base#0", "zorblax plan", days_ago=50),
        item("n1#0", "lunch menu", days_ago=40),
        item("n2#0", "coffee", days_ago=30, project="other"),
    ]
    lib = make_lib(tmp_path, rows)
    res = lib.later(id_of(lib, "base#0"))
    assert res["matched_by"] == "project_timeline"
    assert [r["external_id"] for r in res["later"]] == ["n1#0"]
    assert lib.later(999)["found"] is False


def test_list_sources_and_stats(tmp_path):
    rows = [
        item("a#0", "x", source="s1", days_ago=3),
        item("b#0", "x", source="s1", days_ago=1),
        item("c#0", "x", source="s2"),
    ]
    lib = make_lib(tmp_path, rows)
    src = lib.list_sources()["sources"]
    assert src[0] == {"source": "s1", "items": 2, "latest": (NOW - timedelta(days=1)).isoformat()}
    st_ = lib.stats()
    assert st_["items"] == 3 and st_["schema_version"] == str(SCHEMA_VERSION)


def test_missing_library_is_a_clear_error(tmp_path):
    with pytest.raises(QueryError, match="no library at"):
        Library(tmp_path / "nope.duckdb").search("x")


def test_rich_output_highlights_hits(tmp_path):
    from rich.console import Console

    lib = make_lib(tmp_path, [item("a#0", "Failing zorblax", atoms=[("error", "zorblax E1102")])])
    res = lib.search("zorblax")
    console = Console(record=True, width=100, color_system="truecolor", force_terminal=True)
    console.print(format_results_rich(res, "zorblax"))
    text = console.export_text(clear=False)
    assert "Failing zorblax" in text and "E1102" in text and "jez" in text
    styled = console.export_text(styles=True)
    assert "\x1b[1;30;43mzorblax" in styled  # the hit, highlighted


ORIGINALS = st.one_of(
    st.none(),
    st.text(max_size=40),
    st.tuples(st.text(min_size=1, max_size=40), st.integers(1, ORIGINAL_CHUNK // 4)).map(
        lambda tk: tk[0] * tk[1]
    ),  # over a chunk
)


@settings(max_examples=100, deadline=None)
@given(st.lists(ORIGINALS, min_size=1, max_size=5))
def test_originals_cut_into_chunks_join_back_whole(originals):
    """The library holds each original in chunks of at most ORIGINAL_CHUNK characters (DuckDB pins
    2,048 rows at a time); joined back they are the original exactly, '' and null kept apart."""
    con = duckdb.connect()
    con.execute("CREATE TABLE src AS SELECT unnest(?::VARCHAR[]) AS original, generate_subscripts(?::VARCHAR[], 1) AS id",
                [originals, originals])  # fmt: skip
    con.execute(f"CREATE TABLE originals AS {chunks_sql('original', 'id', 'src')}")
    sizes = con.execute("SELECT id, count(*), max(length(chunk)) FROM originals GROUP BY id").fetchall()
    joined = dict(con.execute(joined_sql("originals", "true")).fetchall())
    con.close()
    assert [joined.get(i + 1) for i in range(len(originals))] == originals
    for i, n, longest in sizes:
        text = originals[i - 1]
        assert n == max(1, math.ceil(len(text) / ORIGINAL_CHUNK)) and longest <= ORIGINAL_CHUNK


def test_an_item_shows_its_original_as_it_was_stored(tmp_path):
    texts = {"none": None, "empty": "", "wide": "é🙂" * 2_500 + " tail", "short": "a short one"}
    path = tmp_path / "library.duckdb"
    build_library([item(k, f"title {k}", original=v) for k, v in texts.items()], path)
    with Library(path) as lib:
        ids = {r["external_id"]: r["id"] for r in lib.timeline(limit=10)["results"]}
        shown = {k: lib.get_item(ids[k], include_original=True)["item"]["original"] for k in texts}
        assert "original" not in lib.get_item(ids["wide"])["item"]
        everything = {i["external_id"]: i["original"] for i in lib.iter_items(batch=2)}
    assert shown == texts and everything == texts


def test_the_shipped_extension_passes_duckdb_signature_check_which_fts_connections_spare(tmp_path):
    """`fts_connection` skips the check at each load; here the shipped file still has to pass it,
    and a damaged copy is refused, so the check is real."""
    checked = duckdb.connect()
    load_fts(checked)
    assert checked.execute("SELECT stem('failing', 'porter')").fetchone() == ("fail",)
    damaged = tmp_path / "fts.duckdb_extension"
    data = bytearray(extension_path().read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    with pytest.raises(duckdb.Error, match="signature"):
        duckdb.connect().execute(f"LOAD '{damaged}'")
    con = fts_connection()
    load_fts(con)
    assert con.execute("SELECT stem('failing', 'porter')").fetchone() == ("fail",)
    autoload = con.execute(
        "SELECT current_setting('autoload_known_extensions'), current_setting('autoinstall_known_extensions')"
    ).fetchone()
    assert autoload == (False, False)
