"""The offline summariser's atoms: a line or sentence of the segment becomes an atom only
when it is one.

Read from the segment's turns (extractive_dialogue.py). What each kind needs:

- error: a line a program printed (an exception with its message, `Error:`, `error[E…]:`,
  `ERR_…`, a failing test line, an exit code), pasted or quoted (a `code span` in prose), or
  in a command's output; never a request or question that only mentions a failure.
- command: one that ran: a shell tool call, a `shell:` line, a `! cmd` the person ran, a
  `$ cmd` in pasted output; never a slash command or a command someone only mentions.
- fix: the assistant saying what changed (a verb of change and an object), never "Fixed.".
- decision / rationale: a choice with its object (a reason split off as the rationale);
  risk: a caveat with substance; fact: a stated cause or an explanation naming code.

Every atom's text is a piece of one line of the input (a tool call's command is its JSON
string decoded), so errors and commands stay verbatim.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from ..models import Atom
from ..sessions.shell import SHELL_TOOLS, command_of, is_read_only_command, split_shell
from .extractive_dialogue import (
    CHANGE_VERB,
    CODE_SPAN,
    ERROR_START,
    IMPERATIVE_VERBS,
    MAX_ATOM_CHARS,
    TRAILING_PATH,
    Turn,
    printed_error,
    sentences,
)
from .schema import MAX_ATOMS

_PER_KIND_FIRST_PASS = 4  # no kind takes more than this until every kind had its turn


# errors ---------------------------------------------------------------------------------------

# Also an error inside a code span or a command's output, wherever it stands in it.
_ERROR_INSIDE = re.compile(r"\b(?:exit(?:ed)? (?:with )?(?:code|status)|Exit Code:?) *[1-9]\d*\b|\bOOMKilled\b", re.I)
# A quoted error the text says would happen, not one that did.
_HYPOTHETICAL = re.compile(r"\b(?:would|could|might|may|will) (?:raise|throw|fail|crash|error)\b[^.;]*$", re.I)


def _errors_in(text: str, printed: bool) -> Iterator[str]:
    """Errors in a turn: printed lines (at most two of a run), then quoted code spans.

    `printed`: the turn is a command's output or a sub-agent's report, where a line that
    only carries an exit code counts too.
    """
    run = 0
    for line in text.splitlines():
        error = printed_error(line)
        if error is None and printed and _ERROR_INSIDE.search(line) and len(line.strip()) <= MAX_ATOM_CHARS:
            error = line.strip()
        if error is not None:
            run += 1
            if run <= 2:
                yield error
            continue
        run = 0
        if "`" in line:
            for m in CODE_SPAN.finditer(line):
                span = m[1].strip()
                if (ERROR_START.match(span) or _ERROR_INSIDE.search(span)) and not _HYPOTHETICAL.search(
                    line, 0, m.start()
                ):
                    yield TRAILING_PATH.sub("", span)


# commands -------------------------------------------------------------------------------------

_COMMAND_VALUE = re.compile(r'"(?:command|cmd)"\s*:\s*"((?:[^"\\]|\\.)*)"')
_PROMPT = re.compile(r"^\s*\$ (\S.*)$", re.M)


def _tool_command(call: str) -> str | None:
    """The command of a shell tool call `Name {json}`; None for other tools or a command cut short."""
    name, _, args = call.partition(" ")
    if name.lower() not in SHELL_TOOLS:
        return None
    try:
        command = command_of(json.loads(args))
    except ValueError:  # the arguments were cut: take the command only if its string closed
        m = _COMMAND_VALUE.search(args)
        try:
            command = json.loads(f'"{m[1]}"') if m else None
        except ValueError:
            command = None
    return command


def _usable_command(command: str | None) -> str | None:
    if not command:
        return None
    command = command.strip()
    if not command or "\n" in command or command.endswith("…") or len(command) > MAX_ATOM_CHARS:
        return None
    return command


def _commands_in(turn: Turn) -> Iterator[str]:
    """Commands that ran in a turn (see the module's docstring)."""
    if turn.kind == "tool_call":
        command = _tool_command(turn.text)
    elif turn.kind == "shell":
        command = turn.text
    elif turn.kind == "bang":
        segments = split_shell(turn.text)
        command = None if segments and all(is_read_only_command(s) for s in segments) else turn.text
    elif turn.kind in ("output", "tool_result") or (turn.kind == "said" and turn.role == "user"):
        yield from filter(None, map(_usable_command, _PROMPT.findall(turn.text)))
        return
    else:
        return
    usable = _usable_command(command)
    if usable:
        yield usable


# sentences ------------------------------------------------------------------------------------

_CODEISH = re.compile(r"`[^`]+`|\w\.\w{1,5}\b|\w_\w|\w\(\)|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*|\d")
_NOT_A_FINDING = re.compile(
    r"^(?:let me|let['’]s see|do you|would you|shall i|should i|want me|if you want|tell me|thanks|thank you|"
    r"you can|you could|you may|you might)\b",
    re.I,
)

_FIX_START = re.compile(
    rf"^(?:(?:also|then|finally|so)[, ]+)?(?:(?:I|we)(?:'ve| have)? )?{CHANGE_VERB}\b\s+(?P<object>.+)", re.I
)
# What a fix's sentence goes on to say about the result: not part of what changed.
_OUTCOME_TAIL = re.compile(r"(?:,| and|;) [^;]*?\b(?:pass(?:es)?|succeeds?|works?|is (?:green|clean))\b.*$")
_SO_I_DID = re.compile(rf",? so (?=(?:I|we) {CHANGE_VERB}\b)", re.I)
_FIX_LABEL = re.compile(r"^(?:the )?(?:fix|fixed|done|change|changes)\s*:\s*(?P<rest>\S.*)", re.I)
_OUTCOME_VERB = r"(?:pass|passes|passing|work|works|working|succeeds?|builds?|compiles?|runs?|is green|is clean|green)"
_NOW_CHANGED = re.compile(
    rf"\bnow (?!{_OUTCOME_VERB}\b)[a-z]+s\b|\b(?:is|are) now [a-z]+ed\b|^now\b(?!,? (?:I|we|let)\b)", re.I
)

_DECIDED = re.compile(
    r"\b(?:decided|decide to|chose|settled on|opted|go with|going with|went with|switch(?:ed|ing)? to|"
    r"(?:we|I)(?:'ll| will) use|let['’]s (?:use|go with|do|keep|switch))\b",
    re.I,
)
_FUTURE = re.compile(r"\b(?:I|we)(?:'ll| will) (?P<verb>[a-z]+)", re.I)
_RECOMMEND = re.compile(r"^I['’]d (?:go with|use|set|pick|choose|keep|report|recommend|move|switch|add|drop|put)\b")
_CONTRAST = re.compile(r"\b(?:instead of|rather than|to avoid|so that)\b|^(?:instead|to avoid)\b", re.I)
_LOOKING = frozenset(
    [
        "check",
        "look",
        "read",
        "inspect",
        "investigate",
        "reproduce",
        "run",
        "rerun",
        "profile",
        "measure",
        "debug",
        "search",
        "grep",
        "find",
        "see",
        "try",
        "start",
        "launch",
        "have",
        "ask",
        "verify",
        "confirm",
        "test",
        "review",
        "examine",
        "trace",
        "dig",
        "explore",
        "compare",
        "benchmark",
        "open",
        "fetch",
        "print",
        "list",
        "scan",
        "analyse",
        "analyze",
        "be",
        "first",
        "now",
        "also",
        "go",
        "get",
    ]
)
_SO_I_WILL = re.compile(r",? so (?=(?:I|we)(?:'ll| will) )")
_REASON = re.compile(r",? because |, since |, so that ")
_CHOICE_COLON = re.compile(r"^(?P<choice>I['’]d go with [^:]{3,80}): (?P<why>\S.+)$")

_RISK_LABEL = re.compile(
    r"^(?:(?:one )?(?:careful|caution|caveat|beware|warning|problem|heads up)|note|be aware)\s*[:,]\s*(?P<rest>\S.*)"
    r"|^note that (?P<rest2>\S.*)",
    re.I,
)
_RISK_SAYS = re.compile(
    r"\b(?:would (?:lock|block|expose|break|lose|corrupt|delete|drop|wipe|leak|not fail)|only safe (?:when|if)|"
    r"(?:don['’]t|do not|never) run|still needs? (?:fixing|to be fixed))\b",
    re.I,
)
_DONT = re.compile(r"^(?:don['’]t|do not|never) ", re.I)
_ADVICE = re.compile(r"^(?:don['’]t|do not|never|avoid|make sure|be sure)\b", re.I)
# A secret shown where it should not be: printed, logged, exposed or leaked, or in plain text.
_SECRET_SHOWN = re.compile(
    r"\b(?:prints?|printed|logs|logged|exposes?|exposed|leaks?|leaked|shows?)\b[^.;]{0,40}?"
    r"\b(?:key|token|password|secret|credential|authorization|cookie)s?\b"
    r"|\b(?:key|token|password|secret|credential)s?\b[^.;]{0,30}?\bin plain text\b",
    re.I,
)
_CAUSE_LABEL = re.compile(r"^(?:root cause|cause|the cause|the problem|the issue)(?: is|:)\s*(?P<rest>\S.*)", re.I)
_EXPLAINS = re.compile(r"\b(?:so|because|since|when|but|while|instead of)\b|, which\b", re.I)
_PLAN = re.compile(r"^(?:I|we)(?:'ll| will|'m going to| am going to)\b|^(?:I|we) (?:can|could|should)\b", re.I)
# A clause that leans on the one before it ("since …", "which …") states nothing alone.
_DEPENDENT = re.compile(r"^(?:since|because|so|when|while|which|but|and|as|if|then|first)\b", re.I)
_ERROR_THEN_WHY = re.compile(r"`(?::| because) (?P<rest>\S.+)$")
# Each rule first looks for one of its words in the sentence's set of words: much faster
# than running its regexes over every sentence.
_WORD = re.compile(r"[a-z']+")
_WILL = frozenset({"i'll", "we'll", "will"})
_CHOICE_WORDS = frozenset(
    [
        "decided",
        "decide",
        "chose",
        "settled",
        "opted",
        "go",
        "going",
        "went",
        "switch",
        "switched",
        "switching",
        "use",
        "let's",
    ]
)
_RISK_WORDS = frozenset(["would", "safe", "don't", "not", "never", "needs", "need"])
_SECRET_WORDS = frozenset(
    ["key", "keys", "token", "tokens", "password", "passwords", "secret", "secrets", "credential", "credentials"]
)
_SECRET_WORDS |= {"authorization", "cookie", "cookies"}
_EXPLAIN_WORDS = frozenset(["so", "because", "since", "when", "but", "while", "instead", "which"])


def _words(text: str) -> int:
    return len(text.split())


def _specific(text: str, words: int = 8) -> bool:
    """Has something to find it by: a code-like name or number, or enough words."""
    return bool(_CODEISH.search(text)) or _words(text) >= words


def _first_clause(text: str) -> str:
    """Up to a `; ` when what comes before it stands on its own (6 words or more)."""
    head, sep, _ = text.partition("; ")
    return head if sep and _words(head) >= 6 else text


def _with_reason(kind: str, text: str) -> list[tuple[str, str]]:
    """`X because Y` as (kind, X) and (rationale, Y); a text without a reason as itself."""
    m = _REASON.search(text)
    if m and _words(text[: m.start()]) >= 3 and _words(text[m.end() :]) >= 3:
        return [(kind, text[: m.start()]), ("rationale", text[m.end() :])]
    return [(kind, text)]


Found = list[tuple[str, str]]


def _decision(s: str, words: frozenset[str]) -> Found:
    will = not _WILL.isdisjoint(words)
    so = _SO_I_WILL.search(s) if will and "so" in words else None
    if so and _words(s[: so.start()]) >= 3:
        choice = s[so.end() :]
        verb = _FUTURE.match(choice)
        if verb and verb["verb"].lower() not in _LOOKING:
            return [("decision", choice), ("rationale", s[: so.start()])]
    colon = _CHOICE_COLON.match(s)
    if colon:
        return [("decision", colon["choice"]), ("rationale", colon["why"])]
    future = _FUTURE.search(s) if will else None
    if (
        (not _CHOICE_WORDS.isdisjoint(words) and _DECIDED.search(s))
        or _RECOMMEND.match(s)
        or (future and _CONTRAST.search(s) and future["verb"].lower() not in _LOOKING)
    ):
        return _with_reason("decision", s)
    return []


def _fix(s: str, words: frozenset[str]) -> Found:
    so = _SO_I_DID.search(s) if "so" in words else None
    if so:
        s = s[so.end() :]
    label = _FIX_LABEL.match(s)
    if label:
        s = label["rest"]
    start = _FIX_START.match(s)
    if (start and _words(start["object"]) >= 2 and _specific(start["object"], 6)) or (
        (label or ("now" in words and _NOW_CHANGED.search(s))) and _specific(s) and not _PLAN.match(s)
    ):
        change = _first_clause(s)
        tail = _OUTCOME_TAIL.search(change)
        if tail and _words(change[: tail.start()]) >= 4:
            change = change[: tail.start()]
        return _with_reason("fix", change)
    return []


def _labelled_risk(s: str, words: frozenset[str]) -> Found:
    label = _RISK_LABEL.match(s)
    if not label:
        return []
    rest = label["rest"] or label["rest2"]
    return [("risk", _first_clause(rest))] if _specific(rest) and _words(rest) >= 5 else []


def _risk(s: str, words: frozenset[str]) -> Found:
    if _words(s) >= 6 and (
        (not _RISK_WORDS.isdisjoint(words) and _RISK_SAYS.search(s))
        or (not _SECRET_WORDS.isdisjoint(words) and _SECRET_SHOWN.search(s))
        or (_DONT.match(s) and "`" in s)
    ):
        _, sep, tail = s.partition("; ")
        return [("risk", s if sep and _ADVICE.match(tail) else _first_clause(s))]
    return []


def _labelled_cause(s: str, words: frozenset[str]) -> Found:
    label = _CAUSE_LABEL.match(s)
    if not label:
        return []
    rest = label["rest"]
    return [("fact", rest)] if _specific(rest) and _words(rest) >= 5 else []


def _fact(s: str, words: frozenset[str]) -> Found:
    why = _ERROR_THEN_WHY.search(s) if "`" in s else None
    if why and any(ERROR_START.match(m[1]) for m in CODE_SPAN.finditer(s, 0, why.start() + 1)):
        rest = why["rest"]
        return [("fact", rest)] if _specific(rest) and _words(rest) >= 5 else []
    if (
        6 <= _words(s) <= 60
        and not _EXPLAIN_WORDS.isdisjoint(words)
        and _EXPLAINS.search(CODE_SPAN.sub("`x`", s) if "`" in s else s)  # quoted output explains nothing
        and _CODEISH.search(s)
        and not _PLAN.match(s)
        and not s.startswith(("I ", "I'", "I’"))
        and s.split(" ", 1)[0].lower() not in IMPERATIVE_VERBS  # an instruction states no fact
        and not _DEPENDENT.match(s)
    ):
        return [("fact", s)]
    return []


def _rationale(s: str, words: frozenset[str]) -> Found:
    if s.lower().startswith(("because ", "the reason ", "this is because ")) and _specific(s):
        return [("rationale", s)]
    return []


_SENTENCE_RULES = (_labelled_risk, _labelled_cause, _decision, _fix, _risk, _fact, _rationale)


def _said_by_assistant(s: str, rules: tuple = _SENTENCE_RULES) -> Found:
    """The atoms one sentence of the assistant's prose is: the first rule that finds any wins.
    When what it found ends at a `; `, the clause after it is read too, but not as a fix: after
    a change, it tells the result."""
    if s.endswith(("?", ":")) or len(s) > MAX_ATOM_CHARS or _words(s) < 4 or _NOT_A_FINDING.match(s):
        return []
    words = frozenset(_WORD.findall(s.lower().replace("’", "'")))
    head, sep, tail = s.partition("; ")
    for rule in rules:
        found = rule(s, words)
        if found:
            if sep and any(head.endswith(text) for _, text in found):
                found += _said_by_assistant(tail, tuple(r for r in rules if r is not _fix))
            return found
    return _said_by_assistant(tail, rules) if sep else []


_OFFERS_CHOICE = re.compile(r"\?|\beither\b.*\bor\b|\boptions?\b|\(a\)|\btell me which\b", re.I | re.S)
_USER_DECIDES = re.compile(r"^(?:agreed|ok|okay|yes|sure)?[,.! ]*(?:let['’]s|go with|we['’]ll|we will|use)\b", re.I)
_ACK = re.compile(
    r"^(?:(?:thanks|thank you|ok|okay|great|perfect|cool|nice|no|yes|sure)\b[\s!.,]*$|no\b|nope\b|never ?mind\b|"
    r"that['’]s all\b|nothing\b)|.*\bthank",
    re.I,
)


def _said_by_user(text: str, after_choice: bool) -> list[tuple[str, str]]:
    """A person's decision: a choice they state, or a short answer to options they were offered."""
    first = sentences(text, person=True)
    if not first:
        return []
    s = first[0]
    if s.endswith("?") or _ACK.match(s):
        return []
    if _USER_DECIDES.match(s) or (after_choice and _words(text) <= 12 and "\n" not in text):
        return [("decision", s)]
    return []


# choosing -------------------------------------------------------------------------------------

_PRECEDENCE = ("error", "fix", "decision", "risk", "rationale", "fact", "command")


def _candidates(turns: list[Turn]) -> Iterator[tuple[str, str]]:
    """Every (kind, text) the turns hold, in the order of the text."""
    after_choice = False
    for turn in turns:
        yield from (("command", c) for c in _commands_in(turn))
        if turn.kind in ("said", "output", "tool_result"):
            printed = turn.kind != "said"
            yield from (("error", e) for e in _errors_in(turn.text, printed))
        if turn.kind == "said" and turn.role == "user":
            yield from _said_by_user(turn.text, after_choice)
        elif turn.kind in ("said", "tool_result"):
            for s in sentences(turn.text):
                yield from _said_by_assistant(s)
        if turn.kind == "said":
            after_choice = turn.role != "user" and bool(_OFFERS_CHOICE.search(turn.text))


def extract_atoms(turns: list[Turn]) -> list[Atom]:
    """At most MAX_ATOMS atoms in the order of the text; when there are more, kinds earlier in
    _PRECEDENCE win, each kind taking at most _PER_KIND_FIRST_PASS before the rest fill up."""
    seen: set[str] = set()
    found: list[tuple[int, str, str]] = []
    for kind, text in _candidates(turns):
        text = text.strip().rstrip(",;:").rstrip()
        if kind == "error" and (len(text.split()) < 2 or text.endswith("…")):  # no message, or a cut one
            continue
        if text and len(text) <= MAX_ATOM_CHARS and text.lower() not in seen:
            seen.add(text.lower())
            found.append((len(found), kind, text))
    if len(found) > MAX_ATOMS:
        ranked = sorted(found, key=lambda f: (_PRECEDENCE.index(f[1]), f[0]))
        per_kind: dict[str, int] = {}
        first: list[tuple[int, str, str]] = []
        later: list[tuple[int, str, str]] = []
        for f in ranked:
            per_kind[f[1]] = per_kind.get(f[1], 0) + 1
            (first if per_kind[f[1]] <= _PER_KIND_FIRST_PASS else later).append(f)
        found = sorted((first + later)[:MAX_ATOMS])
    return [Atom(kind, text) for _, kind, text in found]
