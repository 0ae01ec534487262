"""The offline summariser's questions: what a person would ask, by the segment's own names.

A question is made only from something the segment shows: the request itself (a question, an
imperative "Fix X" turned into "How did we fix X?", a complaint "X fails on Y" into "Why did
X fail on Y?"), the error it hit (its code or exception name), the test that failed, the files
a fix changed, the choice a decision made, a risk's subject. No question is made from a
common word, so a segment with nothing distinctive gets few or none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..models import Atom
from .extractive_dialogue import CHANGE_VERB, IMPERATIVE_VERBS, Turn, sentences
from .schema import MAX_QUESTIONS

_ERROR_CODE = re.compile(
    r"\b(?:ERR_[A-Z0-9_]{3,}|E\d{4}|TS\d{4}|YN\d{4}|"
    r"E(?:CONNRESET|CONNREFUSED|NOENT|ACCES|ADDRINUSE|RESOLVE|PERM|TIMEDOUT|PIPE|EXIST|NOTFOUND))\b"
)
_EXCEPTION = re.compile(r"\b[A-Z][A-Za-z0-9]+(?:Error|Exception)\b")
_TEST = re.compile(r"\b(?:test_\w+|Test[A-Z]\w+)\b(?!\.\w)")
_PATH = re.compile(
    r"(?<![\w/.-])(?:[\w.-]+/)*[\w-]+\.(?:py|ts|tsx|js|jsx|go|rs|java|rb|c|h|cpp|cs|swift|sql|sh|yaml|yml|toml|json|"
    r"md|txt|cfg|ini|lock|conf|xml|html|css|env)\b"
)
_SPAN_NAME = re.compile(r"`([^`\s]{3,60})`")
# A name someone would search for: a path, or an identifier with a dot, underscore, `::`,
# brackets or inner capitals; not a plain word, an option, a hash, a value or an expression.
_DISTINCTIVE = re.compile(
    r"^(?=.*[A-Za-z])(?:[\w./@-]*[._/]\w[\w./@-]*|\w+::\w+|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|"
    r"[a-z0-9]+(?:-[a-z0-9]+)+|--?[A-Za-z][\w-]{2,})$"
)
_CAMEL = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b")
_PRODUCTS = frozenset(["GitHub", "GitLab", "JavaScript", "TypeScript", "PostgreSQL", "MySQL", "MongoDB", "OpenAI"])
_IDENTIFIER = re.compile(r"^[A-Za-z_][\w.]*(?:::\w+)*(?:\(\))?$")
_PROPER = re.compile(r"(?<=[a-z,] )[A-Z][a-z]+[A-Z]?\w*\b")  # a capitalised name inside a sentence
_CHOSE = re.compile(
    r"\b(?:chose|choose|go with|went with|going with|use|pick)\s+(?P<x>[\w.+-]+(?: [\w.+-]+)?)\s+"
    r"(?:over|instead of|rather than)\s+(?P<y>[\w.+-]+)",
    re.I,
)
# "Pinned `x` in …": the change and its object, to ask why it was made.
_CHANGED_OBJECT = re.compile(
    rf"^(?:I |we )?(?!(?:set|put|made)\b)(?P<verb>{CHANGE_VERB}) (?:the )?`(?P<object>[^`]{{2,40}})`", re.I
)
_QUESTION_WORD = re.compile(r"^(?:what|why|how|which|where|when|who|is|are|does|do|did|can|should|since when)\b", re.I)
_POLITE = re.compile(r"^(?:(?:hey|hi|ok|so|please)[,!]?\s+)*(?:can|could|would) you\s+(?:please\s+)?", re.I)
_FAILS = re.compile(
    r"^(?P<subject>.+?) (?P<verb>fails|failed|crashes|crashed|breaks|broke|hangs|dies|died|panics|panicked|"
    r"keeps failing|keeps dying|times out|returns \d{3})\b(?P<rest>.*)$"
)
_IS_BAD = re.compile(
    r"^(?P<subject>.+?) (?:is|are) (?P<state>flaky|slow|blank|broken|red|empty|wrong|stuck|in [A-Z]\w+)\b(?P<rest>.*)$"
)
_BASE = {
    "failed": "fail",
    "crashed": "crash",
    "broke": "break",
    "died": "die",
    "panicked": "panic",
    "keeps failing": "keep failing",
    "keeps dying": "keep dying",
    "times out": "time out",
}
_PRONOUN = frozenset(["it", "this", "that", "they", "he", "she", "there"])
_NOT_A_SUBJECT = re.compile(r"\b(?:but|and|says|said|that|which|who)\b")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|me|my|mine)\b")
_CLAUSE_END = re.compile(r",|;|:| - | (?:since|after|when|because|and|but|so|though|then|until|while)\b")
_MAX_WORDS = 18


def _plain(text: str) -> str:
    return " ".join(text.replace("`", "").split()).strip(" .,;:")


def _first_clause(text: str) -> str:
    """Up to the first clause break, when what comes before has 3 words or more."""
    for m in _CLAUSE_END.finditer(text):
        if len(text[: m.start()].split()) >= 3:
            return text[: m.start()]
    return text


def _complaint(text: str) -> str | None:
    """ "X fails on Y" as "Why did X fail on Y?", "X is flaky" as "Why was X flaky?"."""
    text = _first_clause(text)
    fails, bad = _FAILS.match(text), _IS_BAD.match(text)
    if fails and bad:
        fails, bad = (fails, None) if len(fails["subject"]) <= len(bad["subject"]) else (None, bad)
    m = fails or bad
    if (
        not m
        or m["subject"].lower() in _PRONOUN
        or _FIRST_PERSON.search(m["subject"])
        or _NOT_A_SUBJECT.search(m["subject"])
        or len(m["subject"].split()) > 8
    ):
        return None
    rest = m["rest"]
    cut = _CLAUSE_END.search(rest)
    rest = rest[: cut.start()] if cut else rest
    subject = m["subject"]
    if subject[:1].isupper() and subject[1:2].islower():
        subject = subject[0].lower() + subject[1:]
    if bad:
        return f"Why was {subject} {bad['state']}{rest.rstrip()}?"
    verb = fails["verb"]
    base = _BASE.get(verb) or (verb[:-2] if verb.endswith("es") and verb[-3] in "hsx" else verb[:-1])
    if verb.startswith("returns"):
        base = verb.replace("returns", "return")
    return f"Why did {subject} {base}{rest.rstrip()}?"


def _from_request(request: str) -> str | None:
    """The request asked again as a question: its own question, "How did we <do it>?" or
    "Why did <it> fail …?"; None when it reads as neither."""
    first = next(iter(sentences(request, person=True, quoted=True)), "")
    asked = first.rsplit(": ", 1)[-1]
    if asked.endswith("?") and _QUESTION_WORD.match(asked) and not _POLITE.match(asked) and len(asked.split()) >= 4:
        q = _plain(asked.rstrip("?"))
        return q[0].upper() + q[1:] + "?" if len(q.split()) <= _MAX_WORDS else None
    text = _plain(_POLITE.sub("", first).rstrip("?!.: "))
    if not text:
        return None
    complaint = _complaint(text)  # first: "Build broke …" is no imperative
    word = text.split()[0].lower()
    if complaint or word not in IMPERATIVE_VERBS:
        return complaint
    text = _first_clause(text)
    rest = text.split()[1:]
    if _FIRST_PERSON.search(text) or len(rest) > 13 or (rest[:1] and rest[0].lower().strip(",.;:") in _PRONOUN):
        return None  # "How did we fix it?" names nothing
    return f"How did we {word}{text[len(word) :]}?"


def _error_name(errors: str, request: str) -> str | None:
    """The failure's name: an error code, else "the <Exception>", from the errors, else the request."""
    for source in (errors, request):
        m = _ERROR_CODE.search(source)
        if m:
            return m[0]
    for source in (errors, request):
        m = _EXCEPTION.search(source)
        if m:
            return f"the {m[0]}"
    return None


def _names(text: str, code_only: bool = False) -> Iterator[str]:
    """Distinctive names in a text, in order: one-word code spans, file paths, test names.
    `code_only`: identifiers of code only (no package, tool or option names)."""
    for m in _SPAN_NAME.finditer(text):
        name = m[1].strip(".,:;").removesuffix("()")
        if _DISTINCTIVE.match(name) and not re.fullmatch(r"[0-9a-f]{7,40}", name):
            if not (code_only and (name.startswith("-") or re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", name))):
                yield name
    yield from _PATH.findall(text)
    yield from _TEST.findall(text)


def _about_atom(atom: Atom) -> tuple[str | None, str | None]:
    """A question about one fix, decision or risk, and the name it uses."""
    text = atom.text
    name = next(_names(text, code_only=True), None)
    if atom.kind == "fix":
        changed = _CHANGED_OBJECT.match(text)
        if changed:
            obj = changed["object"]
            return f"Why was {obj} {changed['verb'].lower()}?", obj
        path = next(iter(_PATH.findall(text)), None)
        if path:
            return f"What was changed in {path}?", path
        return (f"How was {name} changed?", name) if name and _IDENTIFIER.match(name) else (None, None)
    if atom.kind == "decision":
        chose = _CHOSE.search(text.replace("`", ""))
        if chose:
            return f"Why was {chose['x']} chosen over {chose['y']}?", chose["x"]
        name = name or next(iter(_PROPER.findall(text)), None)
        return (f"What was decided about {name}?", name) if name else (None, None)
    if atom.kind == "risk" and name:
        return f"What is the risk with {name}?", name
    return None, None


def questions(title: str, request: str, atoms: list[Atom], turns: list[Turn]) -> list[str]:
    """At most MAX_QUESTIONS questions, each about something the segment names."""
    out: list[str] = []
    used: set[str] = set()

    def known(name: str) -> bool:
        key = name.lower().removesuffix("()")
        return any(key in u or u in key for u in used)

    def ask(question: str | None, *names: str) -> None:
        if question and question.lower() not in {q.lower() for q in out} and len(question.split()) <= _MAX_WORDS:
            out.append(question)
            used.update(n.lower().removesuffix("()") for n in names)

    ask(_from_request(title))
    ask(_from_request(request))
    fixed = any(a.kind == "fix" for a in atoms)
    errors = [a.text for a in atoms if a.kind == "error"]
    error = _error_name("\n".join(errors), request)
    if error:
        ask(f"How was {error} fixed?" if fixed else f"What caused {error}?", error)
        if fixed:
            ask(f"What caused {error}?", error)
    test = next(iter(_TEST.findall("\n".join(errors)) or _TEST.findall(request)), None)
    if test and not known(test):
        ask(f"How was {test} fixed?" if fixed else f"Why did {test} fail?", test)
    elif not error and errors and len(errors[0]) <= 70 and '"' not in errors[0]:
        ask(f'What caused "{errors[0]}"?', errors[0])
    for atom in atoms:
        question, name = _about_atom(atom)
        if name and not known(name):
            ask(question, name)
    if len(out) < 3:
        said = "\n".join(s for t in turns if t.kind == "said" for s in sentences(t.text, person=t.role == "user"))
        for name in [*_names(said, code_only=True), *(c for c in _CAMEL.findall(request) if c not in _PRODUCTS)]:
            if len(out) >= 3:
                break
            if not known(name):
                ask(f"What was said about {name}?", name)
    return out[:MAX_QUESTIONS]
