"""The offline summariser: deterministic, schema-complete, errors and commands verbatim."""

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
    assert a.summary.startswith("Asked: The nightly build fails") and "Last answer: Fixed" in a.summary
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
