"""What every detector works on: one `Scan` of a text, and the `Hit`s it reports.

A detector finds positions; it does not decide whether a value is a placeholder (the registry
runs the one value test on every hit). The scan computes each view of the text once, on first
use: the lower-cased copy for case-insensitive rules, and class strings in which every
character of a token alphabet becomes `a`, so a long token is a run of `a` found with
`bytes.find` at memory speed instead of a regex tried at every position.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator
from typing import NamedTuple

BOUNDARY = frozenset(string.ascii_letters + string.digits + "_-")
MIN_RUN = 20  # the shortest token body a prefix rule looks at (AKIA + 16)


class Hit(NamedTuple):
    """A candidate secret at text[start:end]; `head` chars of fixed prefix are not tested."""

    start: int
    end: int
    kind: str
    head: int = 0
    trusted: bool = False  # a whole block (a private key): no value test


def make_table(chars: str, equals: bool = False) -> bytes:
    """A translation table for `Scan.runs`: each of `chars` becomes `a`, the rest a space."""
    table = bytearray(b" " * 256)
    for c in chars:
        table[ord(c)] = ord("a")
    if equals:
        table[ord("=")] = ord("=")
    return bytes(table)


_ALNUM = string.ascii_letters + string.digits
TOKEN_CLASS = make_table(_ALNUM + "_-")  # provider tokens, base64url
B64_CLASS = make_table(_ALNUM + "+/", equals=True)  # base64 (AWS secrets, key files)
DIGIT_CLASS = make_table(string.digits)  # numbers (one-time codes)
KEY_CLASS = make_table(_ALNUM + "+/_-")  # base64 and base64url: holds both alphabets above
KEY_RUN = 24  # the shortest key-character run a labelled blob may be


_EQUALS = ord("=")


def lowered(text: str) -> str:
    """text.lower() with the same length (a few characters such as İ lengthen when lower-cased)."""
    lower = text.lower()
    if len(lower) != len(text):
        lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    return lower


# From this length on, literals are first looked for among the text's distinct words.
WORDS_FROM = 2048
# Each literal's words, split once per process: the detectors ask for a hundred-odd literals.
_PARTS: dict[str, tuple[str, ...]] = {}


class Scan:
    """One text under detection, its shared views, and the hits found so far.

    `has(literal)` (lower-cased text) and `has_cased(literal)` (the text as written) say whether
    a literal occurs: most detectors start by asking for a few, and most are absent. In a short
    text each asks the text itself. A long text is read once into its distinct words (runs of
    non-space characters, each once, a space apart), a few times shorter than the text: a
    literal with no space in it occurs in the text exactly when it occurs in those words, so an
    absent literal costs a pass over them, not over the text.
    """

    has: Callable[[str], bool]
    has_cased: Callable[[str], bool]

    def __init__(self, text: str, nested: Callable[[str], bool] | None = None) -> None:
        self.text = text
        self.lower = lowered(text)
        self.hits: list[Hit] = []
        # Whether a decoded value holds a secret (base64 inside config); None inside a nested scan.
        self.nested = nested
        # The text as ASCII bytes, one byte per character (others become `?`): same offsets.
        self.ascii = text.encode("ascii", "replace")
        self._runs: dict[tuple[bytes, int], list[tuple[int, int]]] = {}
        if len(text) < WORDS_FROM:
            self.has, self.has_cased = self.lower.__contains__, text.__contains__
        else:
            self.has, self.has_cased = self._has, self._has_cased
            self._found: dict[str, bool] = {}
            self._lines: dict[str, list[tuple[int, int]]] = {}
            self.words = " ".join(set(self.lower.split()))

    def _has(self, literal: str) -> bool:
        found = self._found.get(literal)
        if found is None:
            parts = _PARTS.get(literal)
            if parts is None:
                parts = _PARTS[literal] = tuple(literal.split())
            if parts == (literal,):  # one word, as most literals are: one look in the words
                found = literal in self.words
            else:
                found = all(part in self.words for part in parts) and literal in self.lower
            self._found[literal] = found
        return found

    def _has_cased(self, literal: str) -> bool:
        # what occurs as written occurs lower-cased (`lowered` keeps every ASCII letter's place)
        return self._has(literal.lower()) and literal in self.text

    def add(self, start: int, end: int, kind: str, head: int = 0, trusted: bool = False) -> None:
        if end > start:
            self.hits.append(Hit(start, end, kind, head, trusted))

    def runs(self, table: bytes, min_len: int) -> list[tuple[int, int]]:
        """Maximal runs of the table's characters at least `min_len` long, as (start, end).

        A table turns every byte into `a`, a space or (with `equals`) `=`: a run ends at the first
        space or `=`, found with `bytes.find` (a regex for "not `a`" cost more than the rest).
        """
        key = (table, min_len)
        found = self._runs.get(key)
        if found is None:
            cls = self.ascii.translate(table)
            needle = b"a" * min_len
            equals = table[_EQUALS] == _EQUALS
            found = []
            pos = cls.find(needle)
            while pos != -1:
                end = cls.find(b" ", pos + min_len)
                if end == -1:
                    end = len(cls)
                if equals and (stop := cls.find(b"=", pos + min_len, end)) != -1:
                    end = stop
                found.append((pos, end))
                pos = cls.find(needle, end)
            self._runs[key] = found
        return found

    def token_runs(self) -> list[tuple[int, int]]:
        return self.runs(TOKEN_CLASS, MIN_RUN)

    def lines_with(self, literal: str) -> list[tuple[int, int]]:
        """(start, end) of each line of the lower-cased text that holds `literal`, with its newline.

        A pattern that matches within one line and holds the literal runs over these alone: in a
        long text most lines lack it, and a pattern that cannot start from a fixed string (`\\bop`)
        is otherwise tried at every position of the text. A short text is one region, as it is.
        """
        lower = self.lower
        if len(lower) < WORDS_FROM:
            return [(0, len(lower))] if literal in lower else []
        found = self._lines.get(literal)
        if found is None:
            found = self._lines[literal] = []
            at = lower.find(literal) if self.has(literal) else -1
            while at != -1:
                end = lower.find("\n", at + len(literal) - 1)
                end = len(lower) if end == -1 else end + 1
                found.append((lower.rfind("\n", 0, at) + 1, end))
                at = lower.find(literal, end)
        return found

    def line_at(self, pos: int) -> tuple[int, int]:
        """(start, end) of the line holding `pos`, without its newline."""
        start = self.text.rfind("\n", 0, pos) + 1
        end = self.text.find("\n", pos)
        return start, len(self.text) if end == -1 else end


# Calls that turn a literal into a key's bytes (from text, hex or base64): `[]byte("…")`,
# `bytes.fromhex("…")`, `Buffer.from("…")`, `Encoding.UTF8.GetBytes("…")`. The literal in one is
# the key; the call it is passed to, or the name it is assigned to, says so.
CONVERSIONS = (
    r"(?:\[\]byte|\bbytes|fromhex|b64decode|unhexlify|decodestring|getbytes|encode|hex2bin|base64_decode|\bfrom"
    r"|b(?:s|ase)?58\.decode)"
)


# An environment variable's reference, in capitals (`$CLIENT_SECRET`, `${TOKEN}`): a value that holds
# one keeps its secret in the variable (`<client id>:$CLIENT_SECRET`).
NAMED_VARIABLE = re.compile(r"\$\{?[A-Z_][A-Z0-9_]{2,}")


# A segment's tool-result prefix (`[2026-05-10 00:41] assistant: tool result: Bash: `), before the
# first line a command printed: rules that read a printed line from its start read it after this.
RESULT_PREFIX = r"(?:\[[^\]\n]{1,40}\][ \t]+\w+:[ \t]+tool result:[ \t]+[\w.\-]+:[ \t]+)?"


def lines_after(text: str, at: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each line after the one that ends at `at` (its newline, or the text's end),
    without their newlines: what a command printed, a block under its key, a table's rows."""
    while at < len(text):
        start = at + 1
        end = text.find("\n", start)
        end = len(text) if end == -1 else end
        yield start, end
        at = end


def before_closing_tag(text: str, start: int, end: int) -> int:
    """Where an unquoted value in text[start:end] ends: before a closing tag (`4096</pre>` in an
    HTML page is `4096`), else at `end`."""
    tag = text.find("</", start + 1, end)
    return end if tag == -1 else tag


def glued(text: str, pos: int) -> bool:
    """The character before `pos` joins a word to what starts there (`xmysql`, `UQghp_`).

    The end of a `[REDACTED:x]` marker counts as joined too: it stands for a secret that was
    glued there, so a second pass over redacted text finds nothing the first pass did not.
    """
    if pos <= 0:
        return False
    before = text[pos - 1]
    if before.isalnum() or before == "_":
        return True
    return before == "]" and "[redacted:" in text[max(0, pos - 80) : pos].lower()


Detector = Callable[[Scan], None]


# A map's opening line (`encryptedData:` and nothing after it), in a file, a log, a JSON list of lines
_MAP_OPENER = re.compile(r"[\w\-.]+[\"']?:[ \t]*(?=\r?\n|\\n|\"[,\]])")
_ENCRYPTED_MAP = re.compile(r"(?:^|[^a-z])(?:encrypted[\w\-]*|ciphertexts?)[\"']?:[ \t]*")
_MAP_REACH = 2000  # how far back the map's opening is looked for
_MAP_NAME = 60  # how far before `encrypted` the map's name may start (`spec_encryptedData`)


def in_encrypted_map(lower: str, at: int) -> bool:
    """The entry at `at` sits in a YAML map whose name says encrypted (`encryptedData:`), the
    last map opened before it: its values are ciphertext, whatever their names say (a
    SealedSecret's, which only its controller's key opens). Read by the map's opening, not by
    indents, so a file reader's or a log's gutter changes nothing."""
    floor = max(0, at - _MAP_REACH)
    said = max(lower.rfind("encrypted", floor, at), lower.rfind("ciphertext", floor, at))
    if said == -1:
        return False  # no such map opened near: most entries of a long text with one far away
    openers = [*_MAP_OPENER.finditer(lower, max(floor, said - _MAP_NAME), at)]
    return (
        bool(openers) and _ENCRYPTED_MAP.search(lower, max(0, openers[-1].start() - 1), openers[-1].end()) is not None
    )
