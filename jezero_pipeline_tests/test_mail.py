"""Mail: mbox and Maildir built with the standard library, threads, keep/drop, redaction, damage."""

from __future__ import annotations

import json
import mailbox
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from agentfixtures import html_only, mail, write_maildir, write_mbox
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jezero_pipeline.config import Config, ConnectorConfig, ProjectsConfig
from jezero_pipeline.redaction import Redactor
from jezero_pipeline.sessions import make_connector
from jezero_pipeline.sessions.mailtext import html_to_text, own_words

T0 = datetime(2026, 4, 2, 8, 0, tzinfo=UTC)
NOW = time.time() + 10**6
CORPUS = Path(__file__).parent / "redaction_corpus" / "mail.jsonl"


def connector(path: Path, trust: str | None = None, **options):
    opts = {"path": str(path), "min_chars": 0, **options}
    fields = {"name": "mail", "type": "mail", "options": opts, **({"trust": trust} if trust else {})}
    return make_connector(ConnectorConfig(**fields), ProjectsConfig(git=False), Path("."))


def scan(path: Path, previous=None, **options):
    return connector(path, **options).scan(previous or {}, NOW)


def thread_messages() -> list:
    first = mail(
        "Alice Example <alice@example.org>",
        "Ledger export fails on leap days",
        "The nightly ledger export crashes on 29 February.\nCan you look at the date parser?\n\n-- \nAlice\nFinance team",
        T0,
        "m1@example.org",
        attachments=[("trace.log", b"SECRET ATTACHMENT CONTENT", "text/plain")],
    )
    reply = mail(
        "Bob Builder <bob@example.org>",
        "Re: Ledger export fails on leap days",
        "Found it: the parser assumes 28 days. Fix is in review.\n\n"
        "On Thu, 2 Apr 2026 at 08:00, Alice Example <alice@example.org> wrote:\n"
        "> The nightly ledger export crashes on 29 February.\n> Can you look at the date parser?\n\n"
        "Sent from my iPhone",
        T0 + timedelta(hours=1),
        "m2@example.org",
        reply_to=["m1@example.org"],
    )
    html = html_only(
        "Alice Example <alice@example.org>",
        "RE: Ledger export fails on leap days",
        "<html><head><style>p{color:red}</style></head><body><p>Thanks, <b>merged</b> the fix.</p>"
        "<blockquote>Found it: the parser assumes 28 days.</blockquote><script>alert(1)</script></body></html>",
        T0 + timedelta(hours=2),
        "m3@example.org",
    )  # a reply whose client dropped References and In-Reply-To: joined by its subject
    news = mail(
        "Weekly <news@example.com>",
        "This week in ledgers",
        "Newsletter body " * 20,
        T0,
        "n1@example.com",
        headers={"List-Unsubscribe": "<mailto:unsubscribe@example.com>"},
    )
    bulk = mail("Deals <deals@example.com>", "Sale", "Bulk body " * 30, T0, "b1@example.com",
                headers={"Precedence": "bulk"})  # fmt: skip
    other = mail("Carol <carol@example.org>", "Lunch on Friday?", "Shall we try the new place on Friday at noon?",
                 T0 + timedelta(days=1), "c1@example.org")  # fmt: skip
    return [first, reply, html, news, bulk, other]


def by_title(result):
    return {s.title_hint: s for s in result.sessions}


def check_thread(result) -> None:
    sessions = by_title(result)
    assert set(sessions) == {"Ledger export fails on leap days", "Lunch on Friday?"}  # news and bulk skipped
    s = sessions["Ledger export fails on leap days"]
    assert s.trust == "external" and s.original_ref.startswith("mail-thread:") and s.meta == {"messages": "3"}
    assert [b.text for b in s.blocks] == [
        "[2026-04-02 08:00] Alice Example: (subject) Ledger export fails on leap days\n"
        "The nightly ledger export crashes on 29 February.\nCan you look at the date parser?\n"
        "(attachment: trace.log, text/plain)",
        "[2026-04-02 09:00] Bob Builder: Found it: the parser assumes 28 days. Fix is in review.",
        "[2026-04-02 10:00] Alice Example: Thanks, merged the fix.",
    ]
    joined = "\n".join(b.text for b in s.blocks)
    for dropped in ("SECRET ATTACHMENT CONTENT", "Finance team", "iPhone", "alert(1)", "color:red", "> The nightly"):
        assert dropped not in joined


def test_an_mbox_export_is_read_thread_by_thread(tmp_path):
    box = write_mbox(tmp_path / "export.mbox", thread_messages())
    r = scan(box)
    assert r.warnings == []
    check_thread(r)


def test_a_maildir_is_read_thread_by_thread(tmp_path):
    write_maildir(tmp_path / "Mail", thread_messages())
    r = scan(tmp_path / "Mail")
    assert r.warnings == []
    check_thread(r)


def test_a_folder_of_mailboxes_threads_across_them(tmp_path):
    msgs = thread_messages()
    write_maildir(tmp_path / "mail" / "INBOX", [msgs[0], msgs[2], msgs[5]])
    write_mbox(tmp_path / "mail" / "Sent.mbox", [msgs[1], msgs[3], msgs[4]])  # the reply was sent from here
    c = connector(tmp_path / "mail")
    assert [k for k, _ in c.mailboxes()] == ["maildir", "mbox"]
    check_thread(c.scan({}, NOW))


def test_trust_is_external_unless_set(tmp_path):
    box = write_mbox(tmp_path / "a.mbox", thread_messages())
    assert {s.trust for s in scan(box).sessions} == {"external"}
    assert {s.trust for s in connector(box, trust="own").scan({}, NOW).sessions} == {"own"}


def test_a_new_reply_changes_only_its_thread_and_reads_only_its_messages(tmp_path):
    folder = tmp_path / "Mail"
    msgs = thread_messages()
    write_maildir(folder, msgs)
    c = connector(folder)
    before = {u.key: (u.size, u.mtime) for u in c.survey().units}
    first = c.scan({}, NOW)
    again = connector(folder).scan(first.states, NOW)
    assert again.sessions == [] and again.bytes_read == 0
    late = time.time() + 60
    (added,) = write_maildir(folder, [mail("Bob Builder <bob@example.org>", "Re: Ledger export fails on leap days",
                                           "Released in 2.3.1.", T0 + timedelta(hours=5), "m4@example.org",
                                           reply_to=["m1@example.org", "m2@example.org"])], when=late)  # fmt: skip
    after = {u.key: (u.size, u.mtime) for u in connector(folder).survey().units}
    changed = [k for k in after if after[k] != before.get(k)]
    assert len(changed) == 1 and after.keys() == before.keys()
    grown = connector(folder).scan(first.states, NOW)
    (s,) = grown.sessions
    assert s.blocks[-1].text.endswith("Bob Builder: Released in 2.3.1.") and len(s.blocks) == 4
    thread_files = [p for p in folder.rglob("*") if p.is_file() and b"Ledger export" in p.read_bytes()]
    assert grown.bytes_read == sum(p.stat().st_size for p in thread_files)  # the other threads were not opened
    assert added in thread_files


def test_one_time_codes_and_reset_links_never_survive_redaction(tmp_path):
    secret_code, token = "493027", "8f14e45fceea167a5a36dedd4bea2543"
    msg = mail(
        "Example Accounts <no-reply@accounts.example.com>",
        "Your sign-in code and a reset link",
        f"Your verification code is {secret_code}. It expires in 10 minutes.\n"
        f"To choose a new password open https://app.example.org/password/reset/{token} within an hour.\n"
        "If this was not you, reply to this mail and tell us what happened, so we can lock the account.",
        T0,
        "otp1@accounts.example.com",
    )
    (s,) = scan(write_mbox(tmp_path / "a.mbox", [msg])).sessions
    text = "\n".join(b.text for b in s.blocks)
    assert secret_code in text and token in text  # the connector keeps the text; redaction removes them
    redacted, n = Redactor.from_config(Config()).redact(text)
    assert secret_code not in redacted and token not in redacted and n == 2
    assert "[REDACTED:one_time_code]" in redacted and "[REDACTED:account_link]" in redacted


def test_every_mail_line_of_the_redaction_corpus_is_caught_and_no_look_alike_changes():
    r = Redactor.from_config(Config())
    rows = [json.loads(line) for line in CORPUS.read_text().splitlines() if line and not line.startswith("#")]
    assert len(rows) >= 25
    for row in rows:
        out, _ = r.redact(row["text"])
        if row["secret"]:
            assert row["secret"] not in out, row
        else:
            assert out == row["text"], row


def test_a_body_in_an_unknown_charset_is_read_with_a_warning(tmp_path):
    raw = (
        b"From: x@example.org\nSubject: odd\nMessage-ID: <odd@x>\nDate: Thu, 02 Apr 2026 08:00:00 +0000\n"
        b"Content-Type: text/plain; charset=klingon-8\n\nPlain words in an unknown charset.\n"
    )
    folder = tmp_path / "Mail"
    box = mailbox.Maildir(str(folder), create=True)
    box.add(raw)
    box.close()
    r = scan(folder)
    assert r.sessions[0].blocks[0].text.endswith("Plain words in an unknown charset.")
    assert len(r.warnings) == 1 and "unknown charset" in r.warnings[0]


@pytest.mark.parametrize(
    "body, kept",
    [
        ("Done.\n\nOn Tue, 1 Apr 2026 at 10:00, Bob <b@x.org>\nwrote:\n> old\n", "Done."),
        ("Yes.\n\n-----Original Message-----\nFrom: Bob\nSent: Tuesday\nold text", "Yes."),
        ("Fine.\n\nFrom: Bob <b@x.org>\nSent: Tuesday, 1 April 2026\nTo: me\nSubject: x\n\nold", "Fine."),
        ("Agreed.\n\nAm 01.04.2026 um 10:00 schrieb Bob <b@x.org>:\n> alt\n", "Agreed."),
        ("Shipped.\n--\nBob\n+1 555 0100", "Shipped."),
        ("a\n> b\nc", "a\nc"),
    ],
)
def test_quoted_replies_and_signatures_are_cut(body, kept):
    assert own_words(body) == kept


def test_html_becomes_text_without_markup_scripts_or_quotes():
    html = '<div>Hi<br>see <a href="https://x.example.org/doc">the doc</a></div><style>x{}</style><blockquote>old</blockquote>'
    assert html_to_text(html) == "Hi\nsee the doc <https://x.example.org/doc>"


def _message(i: int):
    return mail(f"Sender {i} <s{i}@example.org>", f"Topic number {i}", f"Body of message {i}, kept whole.",
                T0 + timedelta(minutes=i), f"id{i}@example.org")  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0, max_value=5000), garbage=st.binary(max_size=80))
def test_fuzz_a_damaged_mbox_never_raises_and_keeps_every_earlier_message(cut, garbage):
    with tempfile.TemporaryDirectory() as d:
        path = write_mbox(Path(d) / "a.mbox", [_message(i) for i in range(5)])
        clean = path.read_bytes()
        starts = [i for i in range(len(clean)) if clean.startswith(b"From ", i) and (i == 0 or clean[i - 1] == 10)]
        full = {s.title_hint: [b.text for b in s.blocks] for s in scan(path).sessions}
        cut %= len(clean) + 1
        path.write_bytes(clean[:cut] + garbage + clean[cut:])
        r = scan(path)
        kept = {s.title_hint: [b.text for b in s.blocks] for s in r.sessions}
        damaged = max(i for i, s in enumerate(starts) if s <= max(cut - 1, 0))  # the message the damage is in
        if cut <= clean.find(b"\n", starts[damaged]):  # inside its `From ` line: the one before absorbs it
            damaged -= 1
        for i in range(damaged):  # every message before it reads exactly as before
            assert kept[f"Topic number {i}"] == full[f"Topic number {i}"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(garbage=st.binary(max_size=300))
def test_fuzz_a_damaged_maildir_message_never_raises_and_loses_no_other(garbage):
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d) / "Mail"
        paths = write_maildir(folder, [_message(i) for i in range(3)])
        paths[1].write_bytes(garbage)
        kept = {s.title_hint for s in scan(folder).sessions}
        assert {"Topic number 0", "Topic number 2"} <= kept
