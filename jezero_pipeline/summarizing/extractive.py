"""The offline summariser: no key, no network, no model.

It fills the same five-field schema from the text itself, so the whole pipeline runs (and
is tested) without an API key. It is a fallback, not a substitute for a model: titles are
the first request, the summary is the first request plus the last answer, and atoms are
lines that look like errors, commands or decisions, copied verbatim.
"""

from __future__ import annotations

import json
import re

from ..models import Atom, Summary
from .prompt import SummaryRequest
from .results import SummaryResult

_LINE = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d\] (?P<role>[\w -]+?): (?P<text>.*)$")
_ERROR = re.compile(
    r"(Traceback \(most recent call last\)|\b[A-Z][A-Za-z]*(Error|Exception)\b|\berror\b[:\[]|\bERR_[A-Z_]+|"
    r"\b[EW]\d{3,5}\b|\bfailed\b|\bpanic(ked)?\b|exit code [1-9])",
)
_COMMAND = re.compile(r"^(shell: |\(command\) |tool call: Bash |\$ )")
_DECISION = re.compile(
    r"\b(decided|decide to|we('ll| will) (use|go with|keep|switch)|chose|choose|let's (use|go with)|"
    r"instead of|switch(ed)? to|going with|settled on|prefer)\b",
    re.I,
)
_RATIONALE = re.compile(r"\b(because|so that|since|the reason)\b", re.I)
_FIX = re.compile(r"\b(fixed|the fix|fixes|resolved|works now|now passes)\b", re.I)
_RISK = re.compile(r"\b(risk|careful|caveat|beware|might break|warning)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{3,}")
_STOP = frozenset(
    [
        "that",
        "this",
        "with",
        "from",
        "have",
        "what",
        "when",
        "will",
        "would",
        "could",
        "should",
        "there",
        "their",
        "about",
        "which",
        "into",
        "your",
        "they",
        "them",
        "then",
        "than",
        "were",
        "been",
        "just",
        "like",
        "also",
        "some",
        "more",
        "make",
        "made",
        "need",
        "want",
        "here",
        "only",
    ]
)


def _dialogue(text: str) -> list[tuple[str, str]]:
    out = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            out.append((m["role"].strip(), m["text"].strip()))
        elif out and line.strip():
            role, prev = out[-1]
            out[-1] = (role, f"{prev}\n{line.strip()}")
    return out


def _first_sentence(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    first = _SENTENCE.split(flat, maxsplit=1)[0] if flat else ""
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


_TOOL_COMMAND = re.compile(
    r'^tool call: (?:Bash|shell|exec_command|run_shell_command)\b.*?"(?:command|cmd)"\s*:\s*"((?:[^"\\]|\\.)*)"?'
)


def _command_of(line: str) -> str | None:
    """The command a line runs: `shell: …`, `(command) …`, `$ …`, or a Bash tool call's argument."""
    m = _TOOL_COMMAND.match(line)
    if m:
        try:
            return json.loads(f'"{m.group(1)}"')
        except ValueError:
            return m.group(1)
    if _COMMAND.match(line) and not line.startswith("tool call"):
        return re.sub(r"^(shell: |\(command\) |\$ )", "", line)
    return None


def _keywords(text: str, n: int) -> list[str]:
    counts: dict[str, int] = {}
    for w in _WORD.findall(text):
        lw = w.lower().strip(".-")
        if lw not in _STOP and len(lw) > 3:
            counts[lw] = counts.get(lw, 0) + 1
    return [w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]


def _atoms(turns: list[tuple[str, str]]) -> list[Atom]:
    atoms: list[Atom] = []
    seen: set[str] = set()

    def add(kind: str, text: str) -> None:
        text = text.strip()[:300]
        if text and text not in seen and len(atoms) < 12:
            seen.add(text)
            atoms.append(Atom(kind, text))

    for role, text in turns:
        for line in text.splitlines():
            line = line.strip().lstrip("-* ").strip()
            command = _command_of(line)
            if command:
                add("command", command)
            elif _ERROR.search(line) and not line.startswith("tool call"):
                add("error", line)
        for sentence in _SENTENCE.split(text):
            s = sentence.strip()
            if not s or len(s) > 300 or s.startswith("tool call"):
                continue
            if _DECISION.search(s):
                add("decision", s)
            elif _FIX.search(s) and role == "assistant":
                add("fix", s)
            elif _RATIONALE.search(s) and role == "assistant":
                add("rationale", s)
            elif _RISK.search(s) and role == "assistant":
                add("risk", s)
    return atoms


def summarize_extractive(text: str, title_hint: str | None, project_hint: str | None) -> Summary:
    turns = _dialogue(text)
    users = [t for r, t in turns if r == "user"]
    answers = [t for r, t in turns if r == "assistant"]
    first_request = users[0] if users else (turns[0][1] if turns else text)
    title = (title_hint or _first_sentence(first_request, 80) or "Untitled session")[:200]
    parts = [f"Asked: {_first_sentence(first_request, 240)}"]
    substantial = [a for a in answers if len(a) >= 40 and not a.startswith("tool call")]
    if substantial:
        parts.append(f"Last answer: {_first_sentence(substantial[-1], 240)}")
    summary = " ".join(parts)
    keywords = _keywords(" ".join(t for r, t in turns if not t.startswith("tool call")) or text, 3)
    questions = [f"How was {title.rstrip('.?!')} handled?"] + [f"What happened with {k}?" for k in keywords]
    return Summary(
        title=title,
        summary=summary,
        questions=questions[:6],
        atoms=_atoms(turns),
        project=project_hint,
    )


class ExtractiveProvider:
    """The offline summariser behind the providers' interface. It leaves `project` empty: the
    pipeline fills it from the segment's project hint, as it does for a model that answers null."""

    name = "extractive"

    def summarize(self, req: SummaryRequest) -> SummaryResult:
        return SummaryResult(summarize_extractive(req.text, req.title_hint, None), 0, 0)
