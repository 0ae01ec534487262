"""Paperclip: against a fake API of our own on loopback (paging, 429, 5xx, a timeout, bad pages)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fake_paperclip import KEY, FakePaperclip
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.sessions.paperclip_api import retry_after

NOW = time.time() + 10**6


@pytest.fixture(autouse=True)
def api_key(monkeypatch):
    monkeypatch.setenv("PAPERCLIP_API_KEY", KEY)


@pytest.fixture
def board():
    with FakePaperclip() as fake:
        yield fake


def connector(fake: FakePaperclip, **options):
    opts = {"api_url": fake.url, "retry_backoff_seconds": 0.01, "timeout_seconds": 2, "min_chars": 0, **options}
    opts = {k: v for k, v in opts.items() if v is not None}  # None: leave the option at its default
    return make_connector(
        ConnectorConfig(name="pc", type="paperclip", options=opts), ProjectsConfig(git=False), Path(".")
    )


def scan(fake, previous=None, only=None, **options):
    return connector(fake, **options).scan(previous or {}, NOW, only=only)


def seeded(fake: FakePaperclip) -> None:
    fake.add_issue(1, title="Invoices lose the VAT column", description="The CSV export drops VAT since 2.3.")
    fake.comments["iss-1"] = [
        {"id": "c2", "body": "Fixed in export.py; the header comes from the live schema now.",
         "authorAgentId": "agt-1", "createdAt": "2026-06-01T09:40:00Z"},
        {"id": "c1", "body": "I can reproduce it with the March data.", "authorUserId": "usr-1",
         "createdAt": "2026-06-01T09:10:00Z"},
        {"id": "c0", "body": "Status changed from todo to in_progress", "kind": "system",
         "createdAt": "2026-06-01T09:05:00Z"},
    ]  # fmt: skip
    fake.documents["iss-1"] = [
        {"key": "plan", "title": "Plan", "updatedAt": "2026-06-01T09:20:00Z",
         "latestRevision": {"body": "1. load schema 2. emit header"}, "authorAgentId": "agt-2"},
        {"key": "notes", "title": "Notes", "updatedAt": "2026-06-01T09:30:00Z", "authorAgentId": "agt-2"},
    ]  # fmt: skip
    fake.documents["iss-1-full"] = []
    fake.interactions["iss-1"] = [
        {"id": "q1", "kind": "approval", "question": "Ship the fix to the 2.3 branch too?", "answer": "Yes, backport it.",
         "createdAt": "2026-06-01T09:35:00Z", "authorAgentId": "agt-1"},
    ]  # fmt: skip
    fake.add_issue(2, status="cancelled")


def test_an_issue_is_one_item_header_description_comments_documents_interactions(board):
    seeded(board)
    board.documents["iss-1"][1]["body"] = None  # listed without a body: fetched at its last revision
    board.documents["iss-1"].append({"key": "extra", "title": "Extra", "updatedAt": "2026-06-01T09:45:00Z"})
    r = scan(board, skip_statuses=["cancelled"])
    assert r.warnings == []
    (s,) = r.sessions
    assert s.session_id == "cmp-1/BIL-1" and s.original_ref == "paperclip-issue:cmp-1/BIL-1"
    assert s.title_hint == "Invoices lose the VAT column" and s.trust == "own"
    assert s.project_hint == "billing-service"
    texts = [b.text for b in s.blocks]
    assert texts[0] == (
        "[2026-06-01 09:00] board: BIL-1: Invoices lose the VAT column | status: in_progress | "
        "project: Billing Service | assignee: CodexDev | author: board\nThe CSV export drops VAT since 2.3."
    )
    assert texts[1:] == [
        "[2026-06-01 09:10] board: I can reproduce it with the March data.",
        "[2026-06-01 09:20] Reviewer: (document Plan) 1. load schema 2. emit header",
        "[2026-06-01 09:35] CodexDev: (interaction approval) Ship the fix to the 2.3 branch too?\n(answer) Yes, backport it.",
        "[2026-06-01 09:40] CodexDev: Fixed in export.py; the header comes from the live schema now.",
    ]  # the system notice is dropped; a document with no body anywhere is left out
    assert all(m == "GET" for m, *_ in board.log)


def test_documents_interactions_and_system_notices_follow_their_options(board):
    seeded(board)
    (s,) = scan(board, include_documents=False, include_interactions=False, skip_system_notices=False,
                project_map={"billing service": "billing"}, skip_statuses=["cancelled"]).sessions  # fmt: skip
    joined = "\n".join(b.text for b in s.blocks)
    assert "(document" not in joined and "(interaction" not in joined
    assert "Status changed from todo to in_progress" in joined
    assert s.project_hint == "billing"
    assert not any("/documents" in p or "/interactions" in p for _, p, *_ in board.log)


def test_min_chars_and_max_block_chars(board):
    board.add_issue(3, description="x" * 20_000)
    r = scan(board, max_block_chars=1000)
    assert len(r.sessions[0].blocks[0].text) < 1200 and "characters omitted" in r.sessions[0].blocks[0].text
    board.issues.clear()
    board.add_issue(4, description="short")
    r = connector(board, min_chars=None).scan({}, NOW)  # the default min_chars is 200
    assert r.sessions == [] and r.too_short == 1


def test_only_issues_updated_since_their_last_read_are_fetched(board):
    seeded(board)
    c = connector(board)
    first = c.scan({}, NOW)
    assert {s.session_id for s in first.sessions} == {"cmp-1/BIL-1", "cmp-1/BIL-2"}
    board.log.clear()
    again = connector(board).scan(first.states, NOW)
    assert again.sessions == [] and len(again.unchanged) == 2
    assert not any(p.startswith("/api/issues/") for _, p, *_ in board.log)  # only the listing
    board.issues[1]["updatedAt"] = "2026-06-02T08:00:00Z"
    board.comments["iss-2"] = [{"body": "Reopened: the fix missed the PDF export.", "authorUserId": "u",
                                "createdAt": "2026-06-02T08:00:00Z"}]  # fmt: skip
    board.log.clear()
    changed = connector(board).scan(first.states, NOW)
    assert [s.session_id for s in changed.sessions] == ["cmp-1/BIL-2"]
    assert {p for _, p, *_ in board.log if p.startswith("/api/issues/")} == {
        "/api/issues/iss-2", "/api/issues/iss-2/comments", "/api/issues/iss-2/documents", "/api/issues/iss-2/interactions"
    }  # fmt: skip


def test_the_listing_is_read_page_by_page(board):
    for n in range(1, 251):
        board.add_issue(n)
    survey = connector(board, page_size=100).survey()
    assert len(survey.units) == 250 and survey.warnings == []
    offsets = sorted(int(q["offset"][0]) for _, p, q, _ in board.log if p.endswith("/issues"))
    assert offsets == [0, 100, 200]
    assert all(u.key.startswith(f"{board.url}#cmp-1/iss-") for u in survey.units)


def test_a_429_waits_for_its_retry_after(board):
    seeded(board)
    board.fault("/api/issues/iss-1/comments", "429:1")
    r = scan(board, skip_statuses=["cancelled"])
    assert r.warnings == [] and len(r.sessions) == 1
    first, second = board.requests_to("/api/issues/iss-1/comments")
    assert second - first >= 0.95  # Retry-After: 1 was honoured


def test_a_5xx_is_retried_with_backoff(board):
    seeded(board)
    board.fault("/api/companies/cmp-1/issues", "503", "502")
    r = scan(board, skip_statuses=["cancelled"])
    assert r.warnings == [] and len(r.sessions) == 1
    assert len(board.requests_to("/api/companies/cmp-1/issues")) == 3


def test_a_timeout_is_retried(board):
    seeded(board)
    board.fault("/api/issues/iss-1", "slow:1.5")
    r = scan(board, timeout_seconds=0.5, skip_statuses=["cancelled"])
    assert r.warnings == [] and len(r.sessions) == 1
    assert len(board.requests_to("/api/issues/iss-1")) == 2


def test_an_issue_that_keeps_failing_is_a_warning_read_again_next_run(board):
    seeded(board)
    board.fault("/api/issues/iss-1/comments", *["500"] * 10)
    r = scan(board, max_retries=2, skip_statuses=["cancelled"])
    assert r.sessions == [] and r.states == {}  # no state: the next run reads it again
    (w,) = r.warnings
    assert w.startswith(f"{board.url}#cmp-1/iss-1: GET {board.url}/issues/iss-1/comments: HTTP 500")
    assert "gave up after 3 attempts" in w and KEY not in w


def test_a_malformed_page_ends_the_listing_with_a_warning_and_keeps_what_came_before(board):
    for n in range(1, 8):
        board.add_issue(n)
    board.fault("/api/companies/cmp-1/issues", "ok", "bad")  # the first page fine, the second cut short
    survey = connector(board, page_size=3).survey()
    keys = sorted(u.key.rsplit("/", 1)[1] for u in survey.units)
    assert keys == ["iss-1", "iss-2", "iss-3"]
    (w,) = survey.warnings
    assert "not JSON" in w and "listing of company cmp-1 stopped at offset 3" in w


def test_an_unauthorised_key_is_a_warning_naming_no_secret(board, monkeypatch):
    monkeypatch.setenv("PAPERCLIP_API_KEY", "wrong-key-0000")
    survey = connector(board).survey()
    assert survey.units == [] and len(survey.warnings) == 1
    assert "HTTP 401" in survey.warnings[0] and "wrong-key-0000" not in survey.warnings[0]


def test_the_company_comes_from_agents_me_unless_company_ids_is_set(board):
    board.add_issue(1)
    connector(board).survey()
    assert board.requests_to("/api/agents/me")
    board.log.clear()
    assert connector(board, company_ids=["cmp-1"]).survey().units
    assert not board.requests_to("/api/agents/me")


@pytest.mark.parametrize(
    "value, expected",
    [("3", 3.0), ("0", 0.0), ("-5", 0.0), ("100000", 120.0), (None, 7.0), ("soon", 7.0),
     ("Wed, 21 Oct 2015 07:28:00 GMT", 0.0)],
)  # fmt: skip
def test_retry_after_takes_seconds_or_a_date_and_is_capped(value, expected):
    assert retry_after(value, 7.0) == expected


GOOD_COMMENT = {"body": "A comment long enough to be kept in the item.", "authorUserId": "u",
                "createdAt": "2026-06-01T09:10:00Z"}  # fmt: skip


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    garbage=st.one_of(
        st.binary(max_size=80).map(lambda b: b.decode("latin-1")),
        st.sampled_from(
            [
                '{"items": 5}',
                "[1, 2, 3]",
                '{"items": [{"nope": 1}]}',
                "null",
                '"text"',
                "[{]",
                '[{"key": "k", "latestRevision": "not an object", "body": 7}]',
                '[{"question": ["x"], "answer": {"a": 1}, "createdAt": [], "body": 3}]',
                '{"id": "iss-2", "title": 5, "description": {}, "projectId": [1], "assigneeAgentId": {"x": 1}}',
            ]
        ),
    ),
    where=st.sampled_from(
        [
            "/api/issues/iss-2/comments",
            "/api/issues/iss-2",
            "/api/issues/iss-2/documents",
            "/api/issues/iss-2/interactions",
            "/api/companies/cmp-1/issues",
        ]
    ),
)
def test_fuzz_a_damaged_answer_never_raises_and_never_loses_another_issue(board, garbage, where):
    board.issues.clear()
    board.faults.clear()
    board.add_issue(1, description="The first issue, which nothing damages, keeps its text.")
    board.add_issue(2)
    board.comments["iss-1"] = [GOOD_COMMENT]
    board.fault(where, *["raw:" + garbage] * 5)
    r = scan(board, page_size=100, max_retries=0)
    kept = {s.session_id: [b.text for b in s.blocks] for s in r.sessions}
    if where != "/api/companies/cmp-1/issues":
        assert kept["cmp-1/BIL-1"][1] == "[2026-06-01 09:10] board: A comment long enough to be kept in the item."
    for w in r.warnings:
        assert KEY not in w
