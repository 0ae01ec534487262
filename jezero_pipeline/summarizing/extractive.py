"""The offline summariser: no key, no network, no model.

It fills the same five-field schema from the text itself, so the whole pipeline runs (and
is tested) without an API key. It is a fallback, not a substitute for a model: the title is
the title hint or the first request, the summary says what was asked, what changed and how
it ended, the questions are built around the segment's distinctive names (error codes,
files, functions, tests), and the atoms are lines and sentences that are one, copied
verbatim (extractive_atoms.py).
"""

from __future__ import annotations

import re

from ..models import Atom, Summary
from .extractive_atoms import extract_atoms
from .extractive_dialogue import Turn, dialogue, sentences
from .extractive_questions import questions
from .prompt import SummaryRequest
from .results import SummaryResult
from .schema import MAX_QUESTIONS, MAX_TITLE_CHARS

TITLE_CHARS = 80
SUMMARY_PART_CHARS = 240
_DANGLING = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "so",
        "to",
        "of",
        "for",
        "in",
        "on",
        "at",
        "with",
        "by",
        "from",
        "that",
        "which",
        "because",
        "as",
        "is",
        "are",
        "was",
        "if",
        "then",
        "my",
        "our",
        "your",
        "this",
        "these",
        "those",
        "when",
        "while",
        "after",
        "before",
        "since",
        "into",
        "it",
        "i",
    ]
)
_FILLER = re.compile(r"^(?:(?:hey|hi|hello|ok|okay|so|well|um|uh|please)\b[,!.]?\s+)+", re.I)
_CLAUSE = re.compile(r", | - |; |: | (?:and|but|because|so|which|while|since) ")
_ACK = re.compile(
    r"^(?:(?:done|fixed|ok|okay|great|perfect|all set|that works now)[\s!.,]*$|(?:great|glad)\b.*!$)", re.I
)
_OFFER = re.compile(r"^(?:let me|do you want|would you like|shall i|want me to|if you want|you can|you could)\b", re.I)
_PLAN = re.compile(r"^(?:I|we)(?:'ll| will|'m going to)\b", re.I)
_ENDS_SENTENCE = re.compile(r"[.!?][`\"')\]]*$")
_RESULT = re.compile(
    r"\b(?:pass(?:es|ed)?|succeed(?:s|ed)?|works?|worked|is (?:green|clean|fixed|gone)|are (?:green|gone))\b",
    re.I,
)


def _cut(text: str, limit: int) -> str:
    """`text` flattened to one line and at most `limit` characters: cut after a clause when one
    fits, else at a word, never ending on a connecting word or a colon."""
    flat = " ".join(text.split())
    if len(flat) > limit:
        clauses = [m.start() for m in _CLAUSE.finditer(flat, limit // 2, limit) if len(flat[: m.start()].split()) >= 4]
        flat = flat[: clauses[-1]] if clauses else flat[: limit + 1].rsplit(" ", 1)[0]
        words = flat.split()
        while len(words) > 1 and words[-1].lower().strip(",;:") in _DANGLING:
            words.pop()
        flat = " ".join(words)
    return flat.rstrip(" ,;:-(")


def _full_stop(text: str) -> str:
    text = text.rstrip(" :")
    return text if not text or _ENDS_SENTENCE.search(text) else f"{text}."


def _first_request(turns: list[Turn]) -> Turn | None:
    """The person's first request: a user turn with prose (UI commands, their output and
    injected `<tag>…</tag>` blocks are not requests)."""
    for t in turns:
        if t.role == "user" and t.kind == "said" and sentences(t.text, person=True):
            text = t.text.strip()
            if not (text.startswith("<") and text.endswith(">")):
                return t
    return None


def _gist(turn: Turn | None, limit: int) -> str:
    """The first sentences of a turn's prose, up to `limit` characters."""
    out = ""
    for s in sentences(turn.text, person=turn.role == "user", quoted=True) if turn else []:
        joined = f"{out} {_full_stop(_FILLER.sub('', s))}".strip()
        if out and len(joined) > limit:
            break
        out = joined
    return _capital(_full_stop(_cut(out, limit))) if out else ""


def _capital(text: str) -> str:
    """A sentence's first letter in capitals when its first word is a plain lowercase word."""
    return text[0].upper() + text[1:] if re.match(r"[a-z]+(?:'[a-z]+)?\b(?![./_-]\w)", text) else text


def _outcome(turns: list[Turn], changed: str) -> str:
    """How it ended: in the last assistant answer with a substantial sentence, the one that
    reports a result; with no change to report, its first substantial sentence."""
    for t in reversed(turns):
        if t.role == "user" or t.kind != "said":
            continue
        said = [
            s
            for s in sentences(t.text)
            if len(s.split()) >= 4 and not (_ACK.match(s) or _OFFER.match(s) or _PLAN.match(s) or s.endswith("?"))
        ]
        if said:
            results = [s for s in said if _RESULT.search(s) and s not in changed]
            best = results[0] if results else (None if changed else said[0])
            return _full_stop(_cut(best, SUMMARY_PART_CHARS)) if best else ""
    return ""


def _summary(turns: list[Turn], request: Turn | None, atoms: list[Atom]) -> str:
    parts = []
    asked = _gist(request, SUMMARY_PART_CHARS)
    opening = "" if asked else _gist(next((t for t in turns if t.kind == "said"), None), SUMMARY_PART_CHARS)
    if asked:
        parts.append(f"Asked: {asked}")
    elif opening:
        parts.append(f"Continues: {opening}")
    fixes = [a.text for a in atoms if a.kind == "fix"]
    changed = fixes[-1] if fixes else ""
    outcome = _outcome(turns, changed)
    if changed and changed not in outcome and changed not in opening:  # else a sentence already says it
        parts.append(f"Changed: {_full_stop(_cut(changed, SUMMARY_PART_CHARS))}")
    if outcome and outcome not in opening:
        parts.append(f"Outcome: {outcome}")
    return " ".join(parts) or "No request or answer in this segment."


def _title(title_hint: str | None, request: Turn | None, turns: list[Turn]) -> str:
    """The title hint; else the first request's first sentence (the opening prose when the
    segment has no request), cut at a clause to TITLE_CHARS."""
    if title_hint and title_hint.strip():
        return title_hint.strip()[:MAX_TITLE_CHARS]
    source = request or next((t for t in turns if t.kind in ("said", "tool_result")), None)
    first = next(iter(sentences(source.text, person=source.role == "user", quoted=True)), "") if source else ""
    title = _cut(_FILLER.sub("", first).rstrip(":").replace("`", ""), TITLE_CHARS).rstrip(".")
    return _capital(title) or "Untitled session"


def summarize_extractive(text: str, title_hint: str | None, project_hint: str | None) -> Summary:
    """The five fields from the segment's own text (deterministic, never raises on text)."""
    turns = dialogue(text)
    request = _first_request(turns)
    atoms = extract_atoms(turns)
    title = _title(title_hint, request, turns)
    return Summary(
        title=title,
        summary=_summary(turns, request, atoms),
        questions=questions(title, request.text if request else "", atoms, turns)[:MAX_QUESTIONS],
        atoms=atoms,
        project=project_hint,
    )


class ExtractiveProvider:
    """The offline summariser behind the providers' interface. It leaves `project` empty: the
    pipeline fills it from the segment's project hint, as it does for a model that answers null."""

    name = "extractive"

    def summarize(self, req: SummaryRequest) -> SummaryResult:
        return SummaryResult(summarize_extractive(req.text, req.title_hint, None), 0, 0)
