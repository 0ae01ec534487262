"""The offline summariser's labelled sample: read it and score a summariser against it.

The sample (extractive_labels/, format in its README) holds hand-written dialogue excerpts with
the atoms a careful person would file. Scoring counts, per atom kind, how many filed atoms are
right (precision: they match a required or an acceptable label of the same kind) and how many
required labels were filed (recall); it also counts trap hits (an atom that is a line labelled
`not`) and checks the questions, titles and summaries. Shared by the precision test and
bench/extractive_precision.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from jezero_pipeline.models import ATOM_KINDS, Summary

LABELS = Path(__file__).resolve().parent / "extractive_labels"
SPLITS = ("tuning", "heldout")
_SECTIONS = ("atoms", "ok", "not", "names")
_WORD = re.compile(r"[a-z0-9]+")
_QUESTION_START = re.compile(r"^(What|Why|How|Which|Where|When|Who|Does|Do|Did|Is|Are|Was|Were|Can|Should|Since)\b")
# A title pasted into a question template: "How was Fix the build handled?"
_PASTED_TITLE = re.compile(
    r"\b(?:was|were|is|did) (?:Fix|Add|Make|Choose|Retry|Update|Remove|Use|Create|Write|Run|Set|Get|Pick|Bump|Move|"
    r"Rename|Deploy|Find|Can|Please)\b"
)
_GENERIC = re.compile(r"^What happened with [\w.-]+\?$")

Summarize = Callable[[str], Summary]


@dataclass
class Excerpt:
    """One labelled excerpt: the dialogue and what a person would file from it."""

    id: str
    agent: str
    about: str
    text: str
    atoms: list[tuple[str, str]] = field(default_factory=list)
    ok: list[tuple[str, str]] = field(default_factory=list)
    not_atoms: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)


def _labelled(line: str, where: str) -> tuple[str, str]:
    kind, sep, text = line.partition(" | ")
    if not sep or kind not in ATOM_KINDS or not text.strip():
        raise ValueError(f"{where}: expected `kind | text` with a kind of {ATOM_KINDS}, got {line!r}")
    return kind, text.strip()


def parse(text: str, source: str = "<labels>") -> list[Excerpt]:
    """The excerpts of one labels file."""
    excerpts: list[Excerpt] = []
    section = ""
    body: list[str] = []
    for n, line in enumerate(text.splitlines(), start=1):
        where = f"{source}:{n}"
        if line.startswith("=== "):
            if excerpts:
                excerpts[-1].text = "\n".join(body).strip("\n")
            ident, agent, about = ([*(p.strip() for p in line[4:].split("|", 2)), "", ""])[:3]
            excerpts.append(Excerpt(ident, agent, about, ""))
            section, body = "text", []
        elif not excerpts:
            if line.strip() and not line.startswith("#"):
                raise ValueError(f"{where}: text before the first `=== ` header")
        elif line.startswith("--- ") and line[4:].strip() in _SECTIONS:
            if section == "text":
                excerpts[-1].text = "\n".join(body).strip("\n")
            section = line[4:].strip()
        elif section == "text":
            body.append(line)
        elif line.strip():
            ex = excerpts[-1]
            if section == "atoms":
                ex.atoms.append(_labelled(line, where))
            elif section == "ok":
                ex.ok.append(_labelled(line, where))
            elif section == "not":
                ex.not_atoms.append(line.strip())
            else:
                ex.names.append(line.strip())
    if excerpts and section == "text":
        excerpts[-1].text = "\n".join(body).strip("\n")
    return excerpts


def load(split: str) -> list[Excerpt]:
    """The excerpts of one part of the sample: "tuning" or "heldout"."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
    path = LABELS / f"{split}.txt"
    return parse(path.read_text(encoding="utf-8"), path.name)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _covered(part: set[str], whole: set[str]) -> float:
    return len(part & whole) / len(part) if part else 0.0


def similarity(label: str, atom: str) -> float:
    """How much one text is the other: the smaller of the two word coverages (0..1)."""
    a, b = _words(label), _words(atom)
    return min(_covered(a, b), _covered(b, a))


def same_finding(label: str, atom: str) -> bool:
    """Most of the label's words are in the atom, and most of the atom's words in the label."""
    a, b = _words(label), _words(atom)
    return _covered(a, b) >= 0.7 and _covered(b, a) >= 0.5


@dataclass
class KindCount:
    filed: int = 0  # atoms of this kind the summariser filed
    right: int = 0  # of those, matching a required or acceptable label of this kind
    required: int = 0  # labels of this kind a person files
    found: int = 0  # of those, matched by an atom

    @property
    def precision(self) -> float | None:
        return self.right / self.filed if self.filed else None

    @property
    def recall(self) -> float | None:
        return self.found / self.required if self.required else None


@dataclass
class Miss:
    """What one excerpt got wrong: atoms not labelled, labels not found, traps hit."""

    excerpt: str
    wrong: list[tuple[str, str]] = field(default_factory=list)
    missed: list[tuple[str, str]] = field(default_factory=list)
    traps: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Score:
    kinds: dict[str, KindCount] = field(default_factory=lambda: {k: KindCount() for k in ATOM_KINDS})
    traps: int = 0
    questions: int = 0
    well_formed: int = 0
    specific: int = 0
    generic: int = 0
    with_names: int = 0  # excerpts that list names
    asked_by_name: int = 0  # of those, with at least one question using a name
    cut_titles: int = 0  # titles or summaries with a cut mark or a dangling end
    cut_summaries: int = 0
    misses: list[Miss] = field(default_factory=list)

    @property
    def total(self) -> KindCount:
        out = KindCount()
        for c in self.kinds.values():
            out.filed += c.filed
            out.right += c.right
            out.required += c.required
            out.found += c.found
        return out


def _pair(atoms: list[tuple[str, str]], labels: list[tuple[str, str]]) -> tuple[set[int], set[int]]:
    """Match atoms to labels one to one, best pairs first; the indices of matched atoms and labels."""
    pairs = [
        (similarity(lt, at), i, j)
        for i, (ak, at) in enumerate(atoms)
        for j, (lk, lt) in enumerate(labels)
        if ak == lk and same_finding(lt, at)
    ]
    used_atoms: set[int] = set()
    used_labels: set[int] = set()
    for _, i, j in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
        if i not in used_atoms and j not in used_labels:
            used_atoms.add(i)
            used_labels.add(j)
    return used_atoms, used_labels


def well_formed(question: str) -> bool:
    """A question as a person writes one: a question word first, a question mark last, no cut
    marks, balanced quotes and brackets, no title pasted in as an imperative."""
    q = question.strip()
    return bool(
        _QUESTION_START.match(q)
        and q.endswith("?")
        and "…" not in q
        and 3 <= len(q.split()) <= 20
        and q.count("`") % 2 == 0
        and q.count("(") == q.count(")")
        and not _PASTED_TITLE.search(q)
    )


def names_in(text: str, names: Iterable[str]) -> bool:
    low = text.lower()
    return any(n.lower() in low for n in names)


def _cut(text: str, source: str) -> bool:
    """A title or summary cut mid-thought: a cut mark the source does not have, or ending on a
    colon or a comma."""
    return text.count("…") > source.count("…") or text.rstrip().endswith((":", ",", "(", "-"))


def score(excerpts: Iterable[Excerpt], summarize: Summarize) -> Score:
    """Run `summarize` on every excerpt and count what it got right."""
    out = Score()
    for ex in excerpts:
        summary = summarize(ex.text)
        atoms = [(a.kind, a.text) for a in summary.atoms]
        matched, found = _pair(atoms, ex.atoms)
        rest = [i for i in range(len(atoms)) if i not in matched]
        ok_matched, _ = _pair([atoms[i] for i in rest], ex.ok)
        right = matched | {rest[i] for i in ok_matched}
        miss = Miss(ex.id)
        for i, (kind, text) in enumerate(atoms):
            out.kinds[kind].filed += 1
            if i in right:
                out.kinds[kind].right += 1
                continue
            miss.wrong.append((kind, text))
            if any(same_finding(t, text) for t in ex.not_atoms):
                miss.traps.append((kind, text))
        for j, (kind, text) in enumerate(ex.atoms):
            out.kinds[kind].required += 1
            if j in found:
                out.kinds[kind].found += 1
            else:
                miss.missed.append((kind, text))
        out.traps += len(miss.traps)
        for q in summary.questions:
            out.questions += 1
            out.well_formed += well_formed(q)
            out.generic += bool(_GENERIC.match(q.strip()))
            out.specific += names_in(q, ex.names)
        if ex.names:
            out.with_names += 1
            out.asked_by_name += any(names_in(q, ex.names) for q in summary.questions)
        out.cut_titles += _cut(summary.title, ex.text)
        out.cut_summaries += _cut(summary.summary, ex.text)
        if miss.wrong or miss.missed:
            out.misses.append(miss)
    return out
