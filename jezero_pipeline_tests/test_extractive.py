"""The offline summariser: deterministic, schema-complete, errors and commands verbatim, and
an atom only where the text holds one (the labelled sample's scores: test_extractive_precision)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jezero_pipeline.models import ATOM_KINDS
from jezero_pipeline.summarizing.extractive import summarize_extractive

DOC = "\n".join(
    [
        "[2026-03-04 09:00] user: The nightly build fails on the new runner with",
        "ModuleNotFoundError: No module named 'duckdb_extension_fts'. Can you fix it?",
        '[2026-03-04 09:01] assistant: tool call: Bash {"command":"pip show duckdb-extension-fts","description":"x"}',
        "[2026-03-04 09:02] assistant: We decided to pin duckdb-extension-fts==1.5.5 because the versions must match.",
        "[2026-03-04 09:03] assistant: shell: pytest -k test_segments -x",
        "[2026-03-04 09:04] assistant: Fixed: the CI requirements now install the extension and the build passes.",
    ]
)


def test_fills_all_five_fields_deterministically():
    a = summarize_extractive(DOC, None, "agent-library")
    assert a == summarize_extractive(DOC, None, "agent-library")
    assert a.title.startswith("The nightly build fails on the new runner with ModuleNotFoundError")
    assert len(a.title) <= 80
    assert a.summary.startswith("Asked: The nightly build fails")
    # How it ended: the answer's result, not a bare "Fixed." (the label was "Last answer:" before).
    assert a.summary.endswith("Outcome: Fixed: the CI requirements now install the extension and the build passes.")
    assert 1 <= len(a.questions) <= 6 and len(a.atoms) <= 12
    assert a.project == "agent-library"
    assert {x.kind for x in a.atoms} <= set(ATOM_KINDS)


def test_errors_and_commands_copied_verbatim_and_decisions_found():
    atoms = {(x.kind, x.text) for x in summarize_extractive(DOC, "Fix the FTS build", None).atoms}
    kinds = {k for k, _ in atoms}
    assert ("command", "pip show duckdb-extension-fts") in atoms
    assert ("command", "pytest -k test_segments -x") in atoms
    assert any(k == "error" and "ModuleNotFoundError: No module named 'duckdb_extension_fts'" in t for k, t in atoms)
    assert any(k == "decision" and "pin duckdb-extension-fts==1.5.5" in t for k, t in atoms)
    assert "fix" in kinds


def test_title_hint_wins_and_empty_text_still_answers():
    assert summarize_extractive(DOC, "Fix the FTS build (part 2/3)", None).title == "Fix the FTS build (part 2/3)"
    empty = summarize_extractive("", None, None)
    assert empty.title == "Untitled session" and empty.summary


# --- what is an atom and what is not ----------------------------------------------------------


def atoms_of(*lines: str) -> set[tuple[str, str]]:
    return {(a.kind, a.text) for a in summarize_extractive("\n".join(lines), "t", None).atoms}


def at(role: str, text: str, minute: int = 0) -> str:
    return f"[2026-05-01 10:{minute:02d}] {role}: {text}"


def test_a_request_that_mentions_an_error_or_a_failure_is_no_atom():
    found = atoms_of(
        at(
            "user",
            "CI fails on `pnpm install --frozen-lockfile` with ERR_PNPM_OUTDATED_LOCKFILE. Fix it so CI is green.",
        ),
        at("user", "Can you improve the error handling? It fails silently."),
        at("user", "it failed again"),
        at("user", "What does ECONNRESET mean here?"),
    )
    assert found == set()


def test_an_error_is_a_printed_line_pasted_quoted_or_in_output():
    found = atoms_of(
        at("user", "The importer crashes:"),
        "Traceback (most recent call last):",
        '  File "/srv/app/db.py", line 3, in <module>',
        "ModuleNotFoundError: No module named 'psycopg2'",
        at("assistant", "The replay fails with `Error: read ECONNRESET` after 30 s.", 1),
        at("user", "(command) ! npm test", 2),
        at("user", "(output) FAIL src/cart/total.test.ts > applies the coupon once", 2),
    )
    errors = {t for k, t in found if k == "error"}
    assert errors == {
        "ModuleNotFoundError: No module named 'psycopg2'",
        "Error: read ECONNRESET",
        "FAIL src/cart/total.test.ts > applies the coupon once",
    }


def test_an_error_the_text_says_would_happen_is_no_atom():
    found = atoms_of(at("assistant", "Comparing naive datetimes would raise `TypeError: can't compare offset-naive`."))
    assert not any(k == "error" for k, _ in found)


def test_a_bare_completion_is_no_fix_and_a_fix_says_what_changed():
    found = atoms_of(
        at("assistant", "Fixed."),
        at("assistant", "Done."),
        at("assistant", "That works now."),
        at("assistant", "Fixed two things:"),
        at("assistant", "Pinned `pnpm` to 9.1 in package.json; CI passes.", 1),
        at("assistant", "Moved the lock before the write in `cache/shard.py`.", 2),
    )
    assert found == {
        ("fix", "Pinned `pnpm` to 9.1 in package.json"),
        ("fix", "Moved the lock before the write in `cache/shard.py`."),
    }


def test_a_command_is_one_that_ran():
    found = atoms_of(
        at("user", "(command) /cost"),
        at("user", "(output) Total cost: $0.41"),
        at("user", "(command) /model opus"),
        at("user", "Should I run `rm -rf node_modules`?"),
        at("assistant", "You can run `npm ci` later.", 1),
        at("assistant", 'tool call: Bash {"command":"npm run build","description":"Build"}', 1),
        at("assistant", 'tool call: Read {"file_path":"/src/a.py"}', 1),
        at("assistant", "shell: cargo test -p parser", 2),
        at("user", "(command) ! make test", 3),
        at("user", "(command) ! git diff --stat", 3),  # read-only: the connectors drop these too
        at("assistant", 'tool call: Bash {"command":"pytest tests/ -x -q --cov=src --cov-report=term-miss…', 4),
        at("user", "this is what I get:", 5),
        "$ make build",
    )
    assert {t for k, t in found if k == "command"} == {
        "npm run build",
        "cargo test -p parser",
        "make test",
        "make build",
    }
    assert found == {(k, t) for k, t in found if k == "command"}


def test_decisions_rationale_and_risks_need_substance():
    found = atoms_of(
        at("assistant", "I'll check the logs first."),
        at("assistant", "Instead of guessing, I'll profile it first."),
        at("assistant", "I'll be careful and only change config/dev.yaml."),
        at("assistant", "We'll go with lxml because the feeds are large and `iterparse` keeps memory flat.", 1),
        at("assistant", "Careful: `ALTER TABLE orders SET NOT NULL` scans the whole table under a lock.", 2),
        at("user", "Is there any risk in upgrading?", 3),
    )
    assert found == {
        ("decision", "We'll go with lxml"),
        ("rationale", "the feeds are large and `iterparse` keeps memory flat."),
        ("risk", "`ALTER TABLE orders SET NOT NULL` scans the whole table under a lock."),
    }


def test_a_person_decides_by_answering_the_options_they_were_offered():
    found = atoms_of(
        at("assistant", "Either change the password of `app@localhost` too, or drop that account."),
        at("user", "drop it, we don't need two accounts", 1),
        at("assistant", "Do you want me to update the README too?", 2),
        at("user", "no that's all, thanks!", 3),
    )
    assert found == {("decision", "drop it, we don't need two accounts")}


def test_questions_use_the_segments_names_and_read_as_questions():
    doc = "\n".join(
        [
            at("user", "test_cache_shard is flaky on CI, it fails one run in ten."),
            at("assistant", "FAILED tests/test_cache.py::test_cache_shard - AssertionError: assert 3 == 4", 1),
            at("assistant", "Moved the lock acquisition in `Shard.put()` before `read_index()`.", 2),
        ]
    )
    qs = summarize_extractive(doc, None, None).questions
    assert "Why was test_cache_shard flaky on CI?" in qs
    assert "How was the AssertionError fixed?" in qs
    assert all(q.endswith("?") and "What happened with" not in q for q in qs)
    hinted = summarize_extractive(doc, "Fix ERR_PNPM_OUTDATED_LOCKFILE in CI", None).questions
    assert hinted[0] == "How did we fix ERR_PNPM_OUTDATED_LOCKFILE in CI?"


def test_title_and_summary_say_what_was_asked_and_how_it_ended_without_cut_marks():
    doc = "\n".join(
        [
            at("user", "(command) /clear"),
            at(
                "user",
                "hey so the nightly backup has been failing for two days now and I really don't understand what "
                "is going on with it because sometimes it works and sometimes it doesn't",
            ),
            at("assistant", "Fixed.", 1),
            at("assistant", "I moved the backup cron to 03:30 in `crontab`; the backup passes now.", 2),
        ]
    )
    s = summarize_extractive(doc, None, None)
    assert s.title == "The nightly backup has been failing for two days now"  # cut before "and", no "…"
    assert "…" not in s.summary and s.summary.startswith("Asked: The nightly backup has been failing")
    # the answer that says what changed also says how it ended: one "Outcome:", no bare "Fixed."
    assert s.summary.endswith(". Outcome: I moved the backup cron to 03:30 in `crontab`; the backup passes now.")
    assert "Fixed." not in s.summary


# --- properties --------------------------------------------------------------------------------

_PIECES = [
    "user: ",
    "assistant: ",
    "tool call: Bash ",
    '{"command":"make test"}',
    "shell: ",
    "(command) ",
    "(command) ! ",
    "(output) ",
    "tool result: Task: ",
    "Error: ",
    "error[E0382]: ",
    "Traceback (most recent call last):",
    "FAILED ",
    "`",
    "``",
    "Fixed: ",
    "Pinned `x` in y.py",
    "We'll go with ",
    " because ",
    ", so I'll ",
    "; ",
    ": ",
    "Careful: ",
    "Cause: ",
    " now ",
    "$ ",
    "```",
    "\n",
    "\n  ",
    "…",
    "?",
    ". ",
    "ERR_PNPM_OUTDATED_LOCKFILE",
    "test_cache_shard",
]
_DIALOGUE = st.lists(
    st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)),
    max_size=60,
).map(lambda parts: "".join(f"\n[2026-05-01 10:00] {p}" if p in ("user: ", "assistant: ") else p for p in parts))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(_DIALOGUE, st.text(max_size=400)), hint=st.one_of(st.none(), st.text(max_size=40)))
def test_any_text_gives_a_valid_deterministic_summary_whose_atoms_are_its_own_text(text, hint):
    a = summarize_extractive(text, hint, None)
    assert a == summarize_extractive(text, hint, None)
    assert a.title and len(a.title) <= 200 and a.summary
    assert len(a.questions) <= 6 and len(a.atoms) <= 12
    for atom in a.atoms:
        assert atom.kind in ATOM_KINDS and atom.text == atom.text.strip() and atom.text
        # verbatim: a piece of the input, or a tool call's command as its JSON string holds it
        encoded = json.dumps(atom.text, ensure_ascii=False)[1:-1]
        assert atom.text in text or (atom.kind == "command" and encoded in text), atom
        assert "\n" not in atom.text
