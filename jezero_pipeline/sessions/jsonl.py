"""Reading append-only JSONL transcripts: damage-tolerant parsing and the incremental scan.

A bad line is reported and skipped, never fatal; a file that only grew is parsed from where
the last run stopped; an unterminated last line waits until the file has settled.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from ..models import Session
from ..text import parse_time
from .base import Connector, FileState, ScanResult, Unit, dialogue_chars

MAX_LINE_BYTES = 16 * 1024 * 1024  # a longer JSONL line is skipped, as Jezero does
HEAD_BYTES = 256 * 1024  # enough for the first timestamped record of every format we read
PEEK_BYTES = 16 * 1024  # what a first look reads: most transcripts' first timestamp is in it


@dataclass
class JsonLine:
    number: int  # 1-based line number, the block ordinal for JSONL formats
    record: dict[str, Any]


@dataclass
class JsonlRead:
    lines: list[JsonLine]
    consumed: int  # bytes up to the end of the last complete line read
    size: int
    prefix_sha256: str
    problems: list[str]  # "line N: reason"
    lines_consumed: int = 0  # lines (good, bad or blank) up to `consumed`


def read_jsonl(path: Path, settled: bool, start: int = 0) -> JsonlRead:
    """Read JSON objects line by line, losing nothing before any damage (see parse_jsonl_bytes)."""
    return parse_jsonl_bytes(path.read_bytes(), settled, start)


def parse_jsonl_bytes(data: bytes, settled: bool, start: int = 0, first_number: int = 0) -> JsonlRead:
    """Parse JSON objects line by line from bytes already read (a file, a decompressed .zst).

    A bad line (not JSON, not an object, invalid UTF-8, over 16 MiB) is reported and skipped.
    An unterminated last line is consumed only when the file has settled and it parses: real
    exported transcripts often lack a final newline, while a live one may be half-written, and
    a half-written line left unconsumed is read whole once the writer finishes it.
    Lines before `start` (a byte offset at a line start) are counted but not parsed, so line
    numbers stay those of the whole file when a grown file is read from where the last run
    stopped. `first_number`: the lines before `data` when it is the tail of a file.
    """
    lines: list[JsonLine] = []
    problems: list[str] = []
    pos = 0
    number = first_number
    consumed = 0
    counted = first_number
    n = len(data)
    while pos < n:
        end = data.find(b"\n", pos)
        terminated = end != -1
        if not terminated:
            end = n
        raw = data[pos:end]
        number += 1
        if not terminated:
            if settled and pos >= start and raw.strip():
                before = len(lines)
                _parse_line(raw, number, lines, problems)
                if len(lines) > before:
                    consumed, counted = end, number
                else:
                    problems[-1] += " (unterminated last line, left for the next run)"
            elif not raw.strip():
                consumed, counted = end, number
            break
        consumed, counted = end + 1, number
        if pos >= start:
            _parse_line(raw, number, lines, problems)
        pos = end + 1
    prefix = hashlib.sha256(data[:consumed]).hexdigest()
    return JsonlRead(lines, consumed, n, prefix, problems, counted)


def _parse_line(raw: bytes, number: int, out: list[JsonLine], problems: list[str]) -> None:
    if not raw.strip():
        return
    if len(raw) > MAX_LINE_BYTES:
        problems.append(f"line {number}: longer than 16 MiB, skipped")
        return
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        problems.append(f"line {number}: invalid UTF-8 at byte {err.start}")
        return
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as err:
        problems.append(f"line {number}: not JSON ({err.msg} at column {err.colno})")
        return
    if not isinstance(obj, dict):
        problems.append(f"line {number}: not a JSON object")
        return
    out.append(JsonLine(number, obj))


def first_timestamp(head: bytes) -> datetime | None:
    """The `timestamp` of the first record that has one among the complete lines of `head`.

    Lines are parsed one at a time and the search stops at the first hit: a day peek of a new
    file parses a line or two, not the whole head (which was most of a first run's planning).
    """
    pos, end, number = 0, head.rfind(b"\n") + 1, 0
    while pos < end:
        stop = head.index(b"\n", pos)
        number += 1
        found: list[JsonLine] = []
        _parse_line(head[pos:stop], number, found, [])
        pos = stop + 1
        if found and (when := parse_time(found[0].record.get("timestamp"))) is not None:
            return when
    return None


# one-session-per-JSONL-file connectors (claude_code, codex): the incremental scan loop ----------


class JsonlFileConnector(Connector):
    """Scan loop shared by formats that keep one session per append-only JSONL file.

    Per file: unchanged size and mtime means not opened (listed in `unchanged`); still active
    within settle_minutes means deferred (the stored copy keeps being served: its previous
    state is carried and the path listed as unchanged); a file that only grew (its consumed
    prefix still hashes the same) is parsed from where the last run stopped, with the parser's
    state restored from `FileState.carry`, and its session comes back with `appended=True`
    and only the new blocks; anything else is parsed whole.

    Subclasses implement `session_files` and `parse_file`; `carry` is a JSON-able dict the
    parser keeps its cross-line state in (keys starting with "_" belong to this loop).
    """

    max_file_bytes: ClassVar[int | None] = None  # stop reading a file after this many bytes
    _listing: tuple[dict[str, dict[str, str]], list[str]] | None = None  # see pin_listing

    def pin_listing(self) -> None:
        # Kept as key -> context, a Path made again only for the units a scan reads: a run holds
        # the listing for its whole length (10,000 sessions: 7.1 MB as Paths each with its own
        # context, 2.3 as keys sharing their root's).
        found = ScanResult()
        self._listing = ({str(path): context for path, context in self.session_files(found)}, found.warnings)

    def _session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        if self._listing is None:
            return self.session_files(result)
        files, warnings = self._listing
        result.warnings.extend(warnings)
        keys = files if self.only is None else sorted(self.only.intersection(files))
        return [(Path(key), files[key]) for key in keys]

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        """(path, context meta) of every candidate file; problems go to result.warnings."""
        raise NotImplementedError

    def parse_file(
        self, path: Path, lines: list[JsonLine], carry: dict[str, Any], context: dict[str, str], mtime: float
    ) -> Session | None:
        """The session of these lines (only the new ones when `carry` was restored), or None
        when the whole file is to be skipped (sub-agent, skipped folder, our own calls)."""
        raise NotImplementedError

    def read_file_bytes(self, path: Path) -> tuple[bytes, list[str]]:
        """The file's bytes (capped at max_file_bytes, cut at a line end) and any notes."""
        cap = self.max_file_bytes
        with path.open("rb") as f:
            data = f.read() if cap is None else f.read(cap + 1)
        if cap is not None and len(data) > cap:
            data = data[: data.rfind(b"\n", 0, cap) + 1]
            return data, [f"stopped reading after {cap // (1024 * 1024)} MiB"]
        return data, []

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(path), [path]) for path, _ in self.session_files(ScanResult())]

    def start_of(self, unit: Unit) -> datetime | None:
        """The first record's timestamp, from the head of the file (the whole file only when
        the head holds none)."""
        for size in (PEEK_BYTES, HEAD_BYTES):
            try:
                head = self.read_head(Path(unit.key), size)
            except (OSError, ValueError):
                return None
            found = first_timestamp(head)
            if found is not None or len(head) < size:
                return found
        return super().start_of(unit)

    def read_head(self, path: Path, n: int) -> bytes:
        """The first `n` bytes of a transcript (decompressed, for compressed formats)."""
        with path.open("rb") as f:
            return f.read(n)

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for path, context in self._session_files(result):
            if self.wanted(str(path)):
                self.scan_file(path, context, previous, now, result)

    def scan_file(
        self, path: Path, context: dict[str, str], previous: dict[str, FileState], now: float, result: ScanResult
    ) -> None:
        key = str(path)
        try:
            st = path.stat()
        except OSError as err:
            result.warnings.append(f"{key}: cannot stat ({err.strerror or err})")
            return
        result.files_seen += 1
        prev = previous.get(key)
        if prev is not None and prev.unchanged(st):
            result.unchanged.append(key)
            result.states[key] = prev
            return
        if not self.settled(st.st_mtime, now):
            result.deferred += 1
            if prev is not None:
                result.unchanged.append(key)
                result.states[key] = prev
            return
        read, data, carry = self._read_new_bytes(path, prev, st, result)
        if read is None:
            return
        result.warnings.extend(f"{key}: {p}" for p in read.problems)
        work: dict[str, Any] = dict(carry or {})
        emitted = carry is not None
        if carry is None and not read.lines:
            if not read.problems:
                result.warnings.append(f"{key}: {'empty file' if not data.strip() else 'no JSON records'}")
            emitted = False
        else:
            session = self.parse_file(path, read.lines, work, context, st.st_mtime)
            if session is None:
                emitted = False
            elif carry is not None:
                session.appended = True
                if session.blocks:
                    result.sessions.append(session)
                else:
                    result.unchanged.append(key)  # grew by non-dialogue records only
            elif not session.blocks or dialogue_chars(session) < self.agent.min_chars:
                result.too_short += 1
                emitted = False
            else:
                result.sessions.append(session)
                emitted = True
        work["_emitted"] = emitted
        work["_lines"] = read.lines_consumed
        result.states[key] = FileState(key, st.st_size, st.st_mtime, read.prefix_sha256, read.consumed,
                                       json.dumps(work, ensure_ascii=False), st.st_ino)  # fmt: skip

    def _read_new_bytes(
        self, path: Path, prev: FileState | None, st: os.stat_result, result: ScanResult
    ) -> tuple[JsonlRead | None, bytes, dict[str, Any] | None]:
        """(the records to parse, the bytes read, the parser state to resume from or None).

        A file that only grew (same inode, not shorter, its last read emitted a session) is read
        from where the last run stopped: only the new bytes. Anything else, or a tail that does
        not start at a record boundary (the file was rewritten in place), is read whole.
        """
        key = str(path)
        carry = _carry(prev)
        if carry is not None and prev is not None and prev.inode == st.st_ino and st.st_size >= prev.consumed:
            try:
                tail = self.read_from(path, prev.consumed)
            except (OSError, ValueError):
                tail = None
            if tail is not None:
                read = parse_jsonl_bytes(tail, settled=True, first_number=int(carry.get("_lines", 0)))
                if not (read.problems and read.problems[0].startswith(f"line {int(carry.get('_lines', 0)) + 1}:")):
                    result.bytes_read += len(tail)
                    read.consumed += prev.consumed
                    read.prefix_sha256 = ""  # not re-hashed: the prefix was not read again
                    return read, tail, carry
        try:
            data, notes = self.read_file_bytes(path)
        except (OSError, ValueError) as err:  # no state recorded: retried next run
            reason = getattr(err, "strerror", None) or str(err) or type(err).__name__
            result.warnings.append(f"{key}: cannot read ({reason})")
            return None, b"", None
        result.bytes_read += len(data)
        result.warnings.extend(f"{key}: {n}" for n in notes)
        carry = resume_carry(prev, data)
        start = prev.consumed if (carry is not None and prev is not None) else 0
        return parse_jsonl_bytes(data, settled=True, start=start), data, carry

    def read_from(self, path: Path, offset: int) -> bytes | None:
        """The file's bytes from `offset` on, or None when the format cannot seek (compressed)."""
        with path.open("rb") as f:
            f.seek(offset)
            return f.read()


def _carry(prev: FileState | None) -> dict[str, Any] | None:
    """The parser state of a previous read that emitted its session, if any."""
    if prev is None or not prev.carry or prev.consumed <= 0:
        return None
    try:
        carry = json.loads(prev.carry)
    except ValueError:
        return None
    return carry if isinstance(carry, dict) and carry.get("_emitted") else None


def resume_carry(prev: FileState | None, data: bytes) -> dict[str, Any] | None:
    """The parser state to resume from, when the whole file was read and only grew (its consumed
    prefix hashes the same) since an emitted read."""
    carry = _carry(prev)
    if carry is None or prev is None or len(data) < prev.consumed or not prev.prefix_sha256:
        return None
    if hashlib.sha256(data[: prev.consumed]).hexdigest() != prev.prefix_sha256:
        return None  # rewritten: read whole
    return carry


# grown files inside multi-file units (grok, gemini_cli, kiro): one cursor per JSONL stream ------


@dataclass
class Cursor:
    """Where the last read of one append-only JSONL file stopped."""

    consumed: int = 0  # bytes up to the end of the last complete line read
    lines: int = 0  # lines (good, bad or blank) up to `consumed`
    inode: int = 0  # a file replaced by another is read whole, never resumed
    sha: str = ""  # sha256 of the consumed prefix, known when the whole file was read

    @classmethod
    def from_json(cls, raw: Any) -> Cursor | None:
        if not isinstance(raw, dict):
            return None
        try:
            return cls(int(raw["consumed"]), int(raw["lines"]), int(raw["inode"]), str(raw.get("sha", "")))
        except (KeyError, TypeError, ValueError):
            return None

    def as_json(self) -> dict[str, Any]:
        return {"consumed": self.consumed, "lines": self.lines, "inode": self.inode, "sha": self.sha}


@dataclass
class StreamRead:
    read: JsonlRead  # the records to parse: only the new ones when `resumed`
    resumed: bool  # True: the file only grew since `previous`, and only what follows it is here
    cursor: Cursor  # where this read stopped
    nbytes: int  # bytes read from disk


def read_stream(path: Path, previous: Cursor | None) -> StreamRead:
    """Read a JSONL file: only the bytes after `previous` when the file only grew.

    "Only grew" is the JsonlFileConnector rule: same inode, not shorter, and the new bytes
    start at a record boundary; then only those bytes are read. Otherwise the file is read
    whole, and when its first `previous.consumed` bytes still hash the same (the previous
    read was whole) parsing resumes there anyway. Raises OSError (the caller warns).
    """
    st = path.stat()
    if previous is not None and previous.inode == st.st_ino and st.st_size >= previous.consumed:
        with path.open("rb") as f:
            f.seek(previous.consumed)
            tail = f.read()
        read = parse_jsonl_bytes(tail, settled=True, first_number=previous.lines)
        if not (read.problems and read.problems[0].startswith(f"line {previous.lines + 1}:")):
            cursor = Cursor(previous.consumed + read.consumed, read.lines_consumed, st.st_ino, "")
            return StreamRead(read, True, cursor, len(tail))
    data = path.read_bytes()
    start = 0
    if (
        previous is not None
        and previous.sha
        and len(data) >= previous.consumed
        and hashlib.sha256(data[: previous.consumed]).hexdigest() == previous.sha
    ):
        start = previous.consumed
    read = parse_jsonl_bytes(data, settled=True, start=start)
    cursor = Cursor(read.consumed, read.lines_consumed, st.st_ino, read.prefix_sha256)
    return StreamRead(read, start > 0, cursor, len(data))


@dataclass
class UnitCarry:
    """The resume state of a multi-file unit, kept as JSON in `FileState.carry`."""

    cursors: dict[str, Cursor]  # stream name -> where its last read stopped
    state: dict[str, Any]  # the parser's cross-line state
    emitted: bool = False  # the last read gave a session: a grown unit continues it

    @classmethod
    def load(cls, prev: FileState | None) -> UnitCarry | None:
        """The carry of a previous read that emitted its session, else None (read whole)."""
        if prev is None or not prev.carry:
            return None
        try:
            raw = json.loads(prev.carry)
        except ValueError:
            return None
        if not isinstance(raw, dict) or not raw.get("emitted") or not isinstance(raw.get("cursors"), dict):
            return None
        cursors = {k: Cursor.from_json(v) for k, v in raw["cursors"].items()}
        if any(c is None for c in cursors.values()):
            return None
        state = raw.get("state") if isinstance(raw.get("state"), dict) else {}
        return cls({k: c for k, c in cursors.items() if c is not None}, state, True)

    def dump(self) -> str:
        cursors = {k: c.as_json() for k, c in self.cursors.items()}
        return json.dumps({"emitted": self.emitted, "cursors": cursors, "state": self.state}, ensure_ascii=False)


def read_streams(
    paths: dict[str, Path], carry: UnitCarry | None, result: ScanResult
) -> tuple[dict[str, StreamRead], bool]:
    """Read a unit's JSONL streams (name -> path; missing files left out) from their cursors.

    Returns the reads and whether every one resumed (only new records). When one stream was
    rewritten, the others are read whole again too, so the unit is parsed from the start.
    `bytes_read` counts what was read. Raises OSError.
    """
    present = {name: p for name, p in paths.items() if p.exists()}
    previous = carry.cursors if carry is not None else {}
    if carry is not None and set(previous) != set(present):
        previous = {}  # a stream appeared or vanished: read everything whole
    reads = {name: read_stream(p, previous.get(name)) for name, p in present.items()}
    result.bytes_read += sum(r.nbytes for r in reads.values())
    resumed = bool(previous) and all(r.resumed for r in reads.values())
    if previous and not resumed:
        for name, p in present.items():
            if reads[name].resumed:
                reads[name] = read_stream(p, None)
                result.bytes_read += reads[name].nbytes
    return reads, resumed
