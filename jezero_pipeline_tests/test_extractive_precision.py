"""The offline summariser against its labelled sample (extractive_labels/): per-kind precision,
a recall floor, no trap line filed, questions that read as questions and use the segment's names.

The floors sit a little under what the rules score, so a change that makes atoms noisier fails
here; `python -m bench.extractive_precision --split both` prints the full table, before and after.
"""

from __future__ import annotations

import pytest
from extractive_sample import SPLITS, load, parse, same_finding, score

from jezero_pipeline.models import ATOM_KINDS
from jezero_pipeline.summarizing.extractive import summarize_extractive

# Per kind: the least share of filed atoms that a person would file too, on each part.
PRECISION = {
    "tuning": {
        "error": 0.9,
        "command": 0.95,
        "fix": 0.9,
        "decision": 0.85,
        "rationale": 0.7,
        "fact": 0.85,
        "risk": 0.85,
    },
    "heldout": {
        "error": 0.85,
        "command": 0.9,
        "fix": 0.85,
        "decision": 0.6,
        "rationale": 0.5,
        "fact": 0.6,
        "risk": 0.6,
    },
}
RECALL = {"tuning": 0.85, "heldout": 0.7}  # of all labelled atoms
ASKED_BY_NAME = {"tuning": 0.9, "heldout": 0.6}  # excerpts with a question that uses a labelled name


def summarize(text: str):
    return summarize_extractive(text, None, None)


@pytest.fixture(scope="module", params=SPLITS)
def scored(request):
    return request.param, score(load(request.param), summarize)


def test_the_sample_covers_every_kind_and_every_trap():
    excerpts = [ex for split in SPLITS for ex in load(split)]
    assert len(excerpts) >= 80 and len({ex.id for ex in excerpts}) == len(excerpts)
    assert {k for ex in excerpts for k, _ in ex.atoms} == set(ATOM_KINDS)
    traps = " ".join(t for ex in excerpts for t in ex.not_atoms)
    for trap in ("/cost", "/clear", "Fixed.", "Done.", "That works now.", "Fix it so CI is green", "it failed again"):
        assert trap in traps
    assert all(ex.text.startswith("[20") for ex in excerpts)


def test_each_kind_is_precise(scored):
    split, s = scored
    low = {
        kind: f"{c.right}/{c.filed}"
        for kind, c in s.kinds.items()
        if c.filed and c.precision is not None and c.precision < PRECISION[split][kind]
    }
    assert low == {}, f"{split}: precision under the floor"


def test_most_labelled_atoms_are_found(scored):
    split, s = scored
    assert s.total.recall >= RECALL[split]


def test_no_request_bare_completion_or_ui_command_becomes_an_atom(scored):
    split, s = scored
    assert [(m.excerpt, m.traps) for m in s.misses if m.traps] == []


def test_questions_read_as_questions_and_use_the_names(scored):
    split, s = scored
    assert s.generic == 0 and s.well_formed >= 0.95 * s.questions
    assert s.asked_by_name >= ASKED_BY_NAME[split] * s.with_names
    assert s.cut_titles == 0 and s.cut_summaries == 0


def test_labels_parse_and_match_as_described():
    (ex,) = parse(
        "# comment\n=== x1 | codex | about\n[2026-01-01 10:00] user: hi\n--- atoms\nerror | Error: boom\n"
        "--- ok\nfact | a fact\n--- not\nDone.\n--- names\nboom\n"
    )
    assert (ex.id, ex.agent, ex.about, ex.text) == ("x1", "codex", "about", "[2026-01-01 10:00] user: hi")
    assert ex.atoms == [("error", "Error: boom")] and ex.ok == [("fact", "a fact")]
    assert ex.not_atoms == ["Done."] and ex.names == ["boom"]
    assert same_finding("Pinned `x==1` in req.txt", "Pinned `x==1` in req.txt; CI passes")
    assert not same_finding("Fixed.", "Fixed. The build check now passes and the index is ready.")
    with pytest.raises(ValueError, match="kind"):
        parse("=== x | a | b\ntext\n--- atoms\nidea | not a kind\n")
