"""The offline summariser's reading of a segment: its turns, the lines a program printed,
and the sentences of its prose.

The segment is rendered dialogue (sessions/rendering.py): `[time] role: text` turns, tool
calls, Codex `shell:` and `patch:` lines, Claude Code's `(command) …`/`(output) …` lines and
sub-agent reports. Prose is what is left of a turn without code fences, pasted or printed
output, indented lines, tables and headings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

MAX_ATOM_CHARS = 300

_LINE = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d\] (?P<role>[\w -]+?): (?P<text>.*)$")
_PREFIXES = (
    ("tool call: ", "tool_call"),
    ("tool result: ", "tool_result"),
    ("shell: ", "shell"),
    ("patch: ", "patch"),
    ("(command) ! ", "bang"),
    ("(command) ", "slash"),
    ("(output) ", "output"),
)


@dataclass(frozen=True, slots=True)
class Turn:
    """One rendered turn: who, what kind of line, and its text without the kind's prefix.

    kind: "said" (prose), "tool_call", "tool_result", "shell", "patch", "slash" (a UI
    command such as /cost), "bang" (a shell command the person ran), "output".
    """

    role: str
    kind: str
    text: str


def dialogue(text: str) -> list[Turn]:
    """The turns of a segment; a line without the `[time] role:` prefix continues the turn."""
    heads: list[tuple[str, str]] = []  # (role, kind) of each turn
    bodies: list[list[str]] = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            body, kind = m["text"], "said"
            for prefix, name in _PREFIXES:
                if body.startswith(prefix):
                    kind, body = name, body[len(prefix) :]
                    break
            if kind == "tool_result":
                body = body.split(": ", 1)[-1]  # "Task: report…"
            heads.append((m["role"].strip(), kind))
            bodies.append([body])
        elif bodies and line.strip():
            bodies[-1].append(line)
    return [Turn(role, kind, "\n".join(body)) for (role, kind), body in zip(heads, bodies, strict=True)]


# Verbs that say something was changed, as a regex alternative: "Pinned …", "I moved …".
CHANGE_VERB = (
    r"(?:added|removed|replaced|renamed|moved|changed|pinned|set|updated|bumped|upgraded|downgraded|"
    r"reverted|restored|switched|wrapped|merged|marked|created|deleted|dropped|installed|reinstalled|rebuilt|"
    r"regenerated|rewrote|increased|decreased|raised|lowered|disabled|enabled|excluded|extracted|split|inlined|"
    r"put|made|converted|undid|rebased|registered|guarded|escaped|limited|capped|reordered|refactored|fixed|"
    r"patched|corrected|adjusted|skipped|introduced|implemented|wired|mounted|migrated|committed|configured|"
    r"stripped|trimmed|ported|deduplicated|cached|swapped|tightened|relaxed)"
)

# Verbs that open an instruction or a request: "Fix the build", "Check the logs first".
IMPERATIVE_VERBS = frozenset(
    [
        "add",
        "allow",
        "avoid",
        "build",
        "bump",
        "call",
        "check",
        "choose",
        "clean",
        "compare",
        "configure",
        "convert",
        "create",
        "debug",
        "define",
        "deploy",
        "disable",
        "document",
        "enable",
        "emit",
        "ensure",
        "find",
        "fix",
        "gate",
        "get",
        "handle",
        "hash",
        "implement",
        "improve",
        "initialise",
        "initialize",
        "install",
        "investigate",
        "keep",
        "make",
        "migrate",
        "move",
        "open",
        "pass",
        "pick",
        "pin",
        "provide",
        "push",
        "read",
        "recommend",
        "record",
        "reduce",
        "refactor",
        "reference",
        "regenerate",
        "remove",
        "rename",
        "repair",
        "replace",
        "resolve",
        "restore",
        "retry",
        "return",
        "run",
        "set",
        "speed",
        "split",
        "start",
        "stop",
        "support",
        "test",
        "update",
        "upgrade",
        "use",
        "validate",
        "verify",
        "wrap",
        "write",
    ]
)


# printed errors -------------------------------------------------------------------------------

# What a program prints when something failed, matched at the start of a line or code span.
ERROR_START = re.compile(
    r"""(?x)
    (?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)(?:\[\w+\])?:\s*\S   # TypeError: …, a.b.IntegrityError: …
    | Exception\ in\ thread\ "
    | (?:Error|ERROR|error)(?:\[E\d+\])?:\s*\S                        # Error: …, error[E0382]: …
    | ERROR\s+\S                                                      # ERROR 1045 (28000): …
    | (?:FATAL|fatal|Fatal(?:\ Python)?\ error):\s                    # fatal: …, Fatal Python error: …
    | panic:\s
    | npm\ ERR!\s
    | ERR_[A-Z0-9_]{3,}\b
    | YN\d{4}:\s
    | FAILED\s+\S | FAIL\b | ---\ FAIL:\s                             # test runners
    | E\s{2,}\S                                                       # pytest's E lines
    | ×\s
    | Segmentation\ fault
    | Aborted\b
    | [\w./-]+(?::\d+){1,2}:\s*(?:error|undefined|fatal\ error)\b     # file:line: error …
    | [\w./-]+\(\d+,\d+\):\ error\ TS\d+:                             # tsc
    | [\w.@+-]+:\ (?:error|fatal):\s                                  # pg_dump: error: …
    | [\w.@+-]+:\ \S[^:]*:\ (?:Cannot\ open|Permission\ denied|No\ such\ file\ or\ directory)
    | '[^']+'\ is\ not\ recognized\ as\ an\ internal\ or\ external\ command
    | Access\ to\ \w+\ at\ '[^']*'\ from\ origin\ '[^']*'\ has\ been\ blocked\ by\ CORS\ policy
    | \[\w+\]\ (?:\w+\ )*?error:                                      # [vite] Internal server error:
    """
)
# Build logs put a step time or an arrow before the message; logs a time stamp and a level.
_LOG_PREFIX = re.compile(r"^(?:#\d+\s+)?(?:\d+\.\d+\s+|=>\s+|\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s+)")
TRAILING_PATH = re.compile(r"\s+\((?:/|[A-Za-z]:\\)[^()]*\)$")
# A code span: closes at a backtick that no word or backtick follows; pairs inside are kept.
CODE_SPAN = re.compile(r"(?<![\w`])`((?:[^`\n]|`[^`\n]*`)+?)`(?![\w`])")


def printed_error(line: str) -> str | None:
    """The error a printed line shows, trimmed of log prefixes and a trailing file path."""
    text = _LOG_PREFIX.sub("", line.strip(), count=1)
    if not ERROR_START.match(text):
        return None
    text = TRAILING_PATH.sub("", text)
    return text if len(text) <= MAX_ATOM_CHARS else None


# prose ----------------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'(\[])")
_LIST_MARK = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_PROSE = re.compile(r"^[A-Za-z][^\t]*[.?!]$")
_NOT_PROSE = re.compile(r"^(?:#{1,6} |\||\$ |Traceback \(most recent call last\))")


_LEADS_INTO_OUTPUT = re.compile(r"\b(?:with|says|said|shows|gives|prints|printed|returns|throws|raises|get|got)$")


def _prose_lines(text: str, person: bool = False, quoted: bool = False) -> Iterator[str]:
    """The lines of prose in a turn: no code fences, printed output, indented lines, tables or
    headings. In a person's turn, the lines after one ending in a colon are pasted output
    until a blank line or a line of prose (a sentence with its full stop). `quoted`: a line
    ending "fails with" goes on with the error pasted after it (for reading, not for atoms,
    which must stay one line of the input)."""
    fenced = pasting = False
    held = ""
    for line in text.splitlines():
        if held:
            error = printed_error(line) if line.strip() else None
            if line.strip():
                yield f"{held} {error}" if error else held
                held = ""
                if error:
                    continue
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if not stripped:
            pasting = False
            continue
        if (
            fenced
            or (pasting and not (_PROSE.match(stripped) and len(stripped.split()) >= 4))
            or _NOT_PROSE.match(stripped)
            or (line[:1] in " \t" and not _LIST_MARK.match(line))
            or printed_error(line)
        ):
            continue
        pasting = person and stripped.endswith(":")
        prose = _LIST_MARK.sub("", stripped, count=1).strip("* ")
        if quoted and person and _LEADS_INTO_OUTPUT.search(prose):
            held = prose
        else:
            yield prose
    if held:
        yield held


def _split(line: str) -> Iterator[str]:
    """A line's sentences; a full stop inside a code span ends none."""
    masked = CODE_SPAN.sub(lambda m: "`" + "x" * (len(m[0]) - 2) + "`", line) if "`" in line else line
    start = 0
    for m in _SENTENCE_END.finditer(masked):
        yield line[start : m.start()]
        start = m.end()
    yield line[start:]


def sentences(text: str, person: bool = False, quoted: bool = False) -> list[str]:
    """The sentences of a turn's prose (see _prose_lines), list marks and emphasis stripped."""
    return [s.strip() for line in _prose_lines(text, person, quoted) for s in _split(line) if s.strip()]
