"""What every connector shares: the interface, file states, the JSONL reader, keep rules.

A connector turns an agent's on-disk store into `Session`s. It never reads a file whose size
and mtime match the previous run's state: the asset reuses that file's sessions instead, so
a run with nothing changed reads no transcript bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, ClassVar

from ..config import ConnectorConfig, ProjectsConfig
from ..models import Block, Session

MAX_LINE_BYTES = 16 * 1024 * 1024  # a longer JSONL line is skipped, as Jezero does


@dataclass
class FileState:
    """What the last run knew about one source file."""

    path: str
    size: int
    mtime: float
    prefix_sha256: str = ""  # hash of the bytes consumed, to tell "grew" from "rewritten"
    consumed: int = 0  # bytes consumed (a trailing partial line is not)
    carry: str = ""  # JSON: parser state needed to resume after `consumed` (incremental reads)

    def unchanged(self, st: os.stat_result) -> bool:
        return st.st_size == self.size and st.st_mtime == self.mtime


@dataclass
class ScanResult:
    sessions: list[Session] = field(default_factory=list)
    states: dict[str, FileState] = field(default_factory=dict)  # path -> state after this scan
    unchanged: list[str] = field(default_factory=list)  # paths not read: reuse their sessions
    warnings: list[str] = field(default_factory=list)  # "<file>: <reason>", the run goes on
    deferred: int = 0  # sessions still active within settle_minutes
    too_short: int = 0  # sessions under min_chars
    bytes_read: int = 0
    files_seen: int = 0


@dataclass
class AgentOptions:
    """Options shared by agent connectors, with Jezero's defaults."""

    settle_minutes: float = 30
    min_chars: int = 400
    include_tool_calls: bool = True
    max_tool_args_chars: int = 200
    include_subagents: bool = False
    keep_read_only_commands: bool = False
    project_aliases: dict[str, str] = field(default_factory=dict)
    user_prompt_markers: list[str] = field(default_factory=list)
    user_prompt_drop_lines: list[str] = field(default_factory=list)

    @classmethod
    def pop_from(cls, options: dict[str, Any]) -> "AgentOptions":
        known = {k: options.pop(k) for k in list(options) if k in cls.__dataclass_fields__}
        return cls(**known)


class Connector:
    """Base of all connectors. Subclasses set `type` and implement `scan`."""

    type: ClassVar[str] = ""
    required_options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, cfg: ConnectorConfig, projects: ProjectsConfig, base_dir: Path):
        self.cfg = cfg
        self.projects = projects
        self.base_dir = base_dir
        opts = dict(cfg.options)
        self.agent = AgentOptions.pop_from(opts)
        self.options = opts  # what is left: type-specific options
        for name in self.required_options:
            if not self.options.get(name):
                raise ValueError(f"connector {cfg.name!r}: option {name!r} is required")

    def scan(self, previous: dict[str, FileState], now: float) -> ScanResult:
        raise NotImplementedError

    # helpers for subclasses -------------------------------------------------------------

    def path_option(self, name: str) -> Path:
        value = os.path.expanduser(str(self.options[name]))
        p = Path(value)
        return p if p.is_absolute() else (self.base_dir / p)

    def settled(self, mtime: float, now: float) -> bool:
        return now - mtime >= self.agent.settle_minutes * 60

    def cut_args(self, args: str) -> str:
        limit = self.agent.max_tool_args_chars
        return args if len(args) <= limit else args[:limit] + "…"

    def check_unit(self, result: "ScanResult", previous: dict[str, FileState], key: str,
                   paths: list[Path], now: float, settle: bool = True) -> tuple[int, float] | None:
        """Decide whether a unit (a file, a folder's files, a DB and its -wal) must be read.

        Returns its combined (size, mtime) when it must be read. Returns None when it is
        unchanged (the previous state is carried over and the key listed as unchanged), still
        active within settle_minutes (counted as deferred; a previous state is carried so the
        stored copy keeps being served, else no state is recorded), or gone.
        `settle=False` is for stores holding many sessions (a SQLite DB), settled one by one.
        """
        stat = unit_stat(paths)
        if stat is None:
            return None
        result.files_seen += 1
        size, mtime = stat
        prev = previous.get(key)
        if prev is not None and prev.size == size and prev.mtime == mtime:
            result.unchanged.append(key)
            result.states[key] = prev
            return None
        if settle and not self.settled(mtime, now):
            result.deferred += 1
            if prev is not None:  # keep serving the stored copy, as JsonlFileConnector does
                result.unchanged.append(key)
                result.states[key] = prev
            return None
        return stat

    def changed_json_files(self, root: Path, previous: dict[str, FileState], now: float,
                           result: "ScanResult") -> Iterator[tuple[str, float, Any]]:
        """(key, mtime, document) of each changed, settled `*.json` export under root.

        An unreadable or non-JSON file becomes a warning naming it; the scan goes on.
        """
        paths = sorted(p for p in root.rglob("*.json") if p.is_file()) if root.is_dir() else []
        for path in paths:
            key = str(path)
            stat = self.check_unit(result, previous, key, [path], now)
            if stat is None:
                continue
            size, mtime = stat
            try:
                data = path.read_bytes()
            except OSError as err:
                result.warnings.append(f"{path}: {err.strerror or err}")
                continue
            result.states[key] = FileState(key, size, mtime)
            result.bytes_read += len(data)
            try:
                doc = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as err:
                result.warnings.append(f"{path}: not JSON ({err}), file skipped")
                continue
            yield key, mtime, doc

    def project_for(self, cwd: str | None) -> str | None:
        """Project hint for a session's cwd (sessions/projects.py), else the connector's `project`."""
        try:
            from .projects import project_hint
        except ImportError:  # projects.py not written yet: fall back to the configured project
            return self.cfg.project
        return project_hint(cwd, self.projects, self.agent.project_aliases, self.cfg.project)


def dialogue_chars(session: Session) -> int:
    return sum(len(b.text) for b in session.blocks)


def parse_time(value: Any) -> datetime | None:
    """ISO-8601 (Z or offset; naive means UTC) or epoch seconds/milliseconds."""
    if value is None or value == "":
        return None
    try:
        if isinstance(value, (int, float)):
            v = float(value)
            return datetime.fromtimestamp(v / 1000 if v > 1e11 else v, tz=timezone.utc)
        s = str(value).strip()
        if re.fullmatch(r"\d+(\.\d+)?", s):
            return parse_time(float(s))
        dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)
    except (ValueError, OverflowError, OSError):
        return None


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


def read_jsonl(path: Path, settled: bool, start: int = 0) -> JsonlRead:
    """Read JSON objects line by line, losing nothing before any damage (see parse_jsonl_bytes)."""
    return parse_jsonl_bytes(path.read_bytes(), settled, start)


def parse_jsonl_bytes(data: bytes, settled: bool, start: int = 0) -> JsonlRead:
    """Parse JSON objects line by line from bytes already read (a file, a decompressed .zst).

    A bad line (not JSON, not an object, invalid UTF-8, over 16 MiB) is reported and skipped.
    An unterminated last line is consumed only when the file has settled and it parses: real
    exported transcripts often lack a final newline, while a live one may be half-written, and
    a half-written line left unconsumed is read whole once the writer finishes it.
    Lines before `start` (a byte offset at a line start) are counted but not parsed, so line
    numbers stay those of the whole file when a grown file is read from where the last run
    stopped.
    """
    lines: list[JsonLine] = []
    problems: list[str] = []
    pos = 0
    number = 0
    consumed = 0
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
                    consumed = end
                else:
                    problems[-1] += " (unterminated last line, left for the next run)"
            elif not raw.strip():
                consumed = end
            break
        consumed = end + 1
        if pos >= start:
            _parse_line(raw, number, lines, problems)
        pos = end + 1
    prefix = hashlib.sha256(data[:consumed]).hexdigest()
    return JsonlRead(lines, consumed, n, prefix, problems)


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


def iter_files(root: Path, pattern: str) -> Iterator[Path]:
    """Files under root matching a glob, sorted so runs are deterministic."""
    if not root.exists():
        return iter(())
    return iter(sorted(p for p in root.glob(pattern) if p.is_file()))


def text_of(content: Any) -> str:
    """Text of a message content: a string, or a list of {type:text,text} parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict) and part.get("type") in ("text", "input_text", "output_text"):
                parts.append(str(part.get("text") or ""))
        return "\n".join(p for p in parts if p)
    return ""


def middle_cut(text: str, limit: int) -> str:
    """Keep both ends of an over-long text with Jezero's marker in between."""
    if len(text) <= limit:
        return text
    keep = max((limit - 40) // 2, 0)
    omitted = len(text) - 2 * keep
    return f"{text[:keep]}[... {omitted} characters omitted ...]{text[len(text) - keep:]}"


def render_line(ts: datetime, role: str, text: str) -> str:
    """`[YYYY-MM-DD HH:MM] role: text`, Jezero's rendered block."""
    return f"[{ts.astimezone(timezone.utc):%Y-%m-%d %H:%M}] {role}: {text}"


def compile_patterns(patterns: list[str]) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in patterns]


def clean_user_prompt(text: str, markers: list[re.Pattern[str]], drops: list[re.Pattern[str]]) -> str:
    """Jezero's PromptCleaner: keep from the first marker on, drop boilerplate lines."""
    for m in markers:
        hit = m.search(text)
        if hit:
            text = text[hit.start():]
            break
    if drops:
        text = "\n".join(line for line in text.splitlines() if not any(d.search(line) for d in drops))
    return text.strip()


# helpers added for the grok / gemini_cli / kiro / opencode / hermes connectors ---------------

_SUMMARIZER_CONTEXT_LINE = re.compile(r"(?m)^Context: source=\S+")


def is_own_summarizer_call(text: str) -> bool:
    """True when a session's first user message is one of this pipeline's summariser calls.

    Sent through an agent (or a proxy that logs like one), our own prompts would otherwise be
    summarised again and again. They are recognised by the document framing: a `<document>`
    block with the `Context: source=` line before it, or the `record_summary` tool name / the
    system prompt's opening.
    """
    if "<document>" not in text:
        return False
    if "record_summary" in text or "You index a searchable library" in text:
        return True
    head = text.split("<document>", 1)[0]
    return bool(_SUMMARIZER_CONTEXT_LINE.search(head))


INJECTED_TAGS = (
    "system-reminder", "memory-context", "user_info", "environment_context",
    "project_instructions", "user_instructions",
)
_TAG_BLOCK = {t: re.compile(rf"<{t}\b[^>]*>.*?</{t}>", re.S) for t in INJECTED_TAGS}


def strip_injected(text: str, tags: tuple[str, ...] = INJECTED_TAGS) -> str:
    """Remove injected-context blocks (`<system-reminder>…</system-reminder>` and the like).

    Agents splice these into user turns; they are scaffolding, not what the person said.
    """
    for tag in tags:
        pattern = _TAG_BLOCK.get(tag) or re.compile(rf"<{tag}\b[^>]*>.*?</{tag}>", re.S)
        text = pattern.sub("", text)
    return text.strip()


def compact_json(value: Any) -> str:
    """Tool arguments as one compact line: JSON for structures, the string itself otherwise."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    except (TypeError, ValueError):
        return str(value)


def unit_stat(paths: list[Path]) -> tuple[int, float] | None:
    """Combined (size, mtime) of a multi-file unit (a DB and its -wal, a session folder).

    Used as one FileState so the whole unit is skipped when none of its files changed;
    files that do not exist are left out. None when none exists.
    """
    size, mtime, found = 0, 0.0, False
    for p in paths:
        try:
            st = p.stat()
        except FileNotFoundError:
            continue
        size += st.st_size
        mtime = max(mtime, st.st_mtime)
        found = True
    return (size, mtime) if found else None


class BlockCollector:
    """Turns one session's records into Blocks with the shared keep/drop rules applied.

    Every rendered line of one source record (a message with its tool calls) goes into one
    Block, so ordinals (line number, row id, message index) stay unique and a segment never
    starts in the middle of a record. Tool calls named in `skip_tools`, or read-only ones
    unless `keep_read_only_commands`, are dropped.
    """

    def __init__(self, connector: "Connector", read_only_tools: frozenset[str] = frozenset(),
                 skip_tools: tuple[str, ...] = ()):
        self.connector = connector
        opts = connector.agent
        self.markers = compile_patterns(opts.user_prompt_markers)
        self.drops = compile_patterns(opts.user_prompt_drop_lines)
        skipped = set(skip_tools)
        if not opts.keep_read_only_commands:
            skipped |= read_only_tools
        self.skipped_tools = skipped
        self.blocks: list[Block] = []
        self.first_user_raw: str | None = None

    def user(self, ordinal: int, ts: datetime, text: str, at: datetime | None = None) -> None:
        """A person's message: injected tags stripped, then the prompt cleaner applied."""
        if self.first_user_raw is None and text.strip():
            self.first_user_raw = text
        text = clean_user_prompt(strip_injected(text), self.markers, self.drops)
        if text:
            self._add(ordinal, ts, render_line(ts, "user", text), at)

    def assistant(self, ordinal: int, ts: datetime, text: str, at: datetime | None = None) -> None:
        text = text.strip()
        if text:
            self._add(ordinal, ts, render_line(ts, "assistant", text), at)

    def tool_call(self, ordinal: int, ts: datetime, name: str, args: Any,
                  at: datetime | None = None) -> None:
        """`tool call: Name {args cut}`, Jezero's one line per call."""
        if not self.connector.agent.include_tool_calls or not name or name in self.skipped_tools:
            return
        line = f"tool call: {name} {self.connector.cut_args(compact_json(args))}".rstrip()
        self._add(ordinal, ts, render_line(ts, "assistant", line), at)

    def _add(self, ordinal: int, ts: datetime, line: str, at: datetime | None) -> None:
        stamp = at or ts
        if self.blocks and self.blocks[-1].ordinal == ordinal:
            last = self.blocks[-1]
            self.blocks[-1] = Block(ordinal, max(last.timestamp, stamp), f"{last.text}\n{line}")
        else:
            self.blocks.append(Block(ordinal, stamp, line))


def emit_session(connector: "Connector", result: ScanResult, collector: BlockCollector, *,
                 session_id: str, ref_prefix: str, cwd: str | None, path: str, mtime: float,
                 title: str | None = None, meta: dict[str, str] | None = None) -> bool:
    """Add a parsed session to the result unless it is our own summariser call or too short.

    Returns True when the session was kept. The project hint comes from the cwd (via
    sessions/projects.py) with the connector's `project` as the fallback.
    """
    if collector.first_user_raw and is_own_summarizer_call(collector.first_user_raw):
        return False
    session = Session(
        source=connector.cfg.name, session_id=session_id, blocks=collector.blocks, cwd=cwd,
        title_hint=(title or None), project_hint=connector.project_for(cwd),
        trust=connector.cfg.trust, original_ref=f"{ref_prefix}:{session_id}",
        meta=dict(meta or {}), path=path, mtime=mtime,
    )
    if not session.blocks or dialogue_chars(session) < connector.agent.min_chars:
        result.too_short += 1
        return False
    result.sessions.append(session)
    return True


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

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        """(path, context meta) of every candidate file; problems go to result.warnings."""
        raise NotImplementedError

    def parse_file(self, path: Path, lines: list[JsonLine], carry: dict[str, Any],
                   context: dict[str, str], mtime: float) -> Session | None:
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

    def scan(self, previous: dict[str, FileState], now: float) -> ScanResult:
        result = ScanResult()
        for path, context in self.session_files(result):
            self.scan_file(path, context, previous, now, result)
        return result

    def scan_file(self, path: Path, context: dict[str, str], previous: dict[str, FileState],
                  now: float, result: ScanResult) -> None:
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
        try:
            data, notes = self.read_file_bytes(path)
        except (OSError, ValueError) as err:  # no state recorded: retried next run
            reason = getattr(err, "strerror", None) or str(err) or type(err).__name__
            result.warnings.append(f"{key}: cannot read ({reason})")
            return
        result.bytes_read += len(data)
        result.warnings.extend(f"{key}: {n}" for n in notes)
        carry = resume_carry(prev, data)
        start = prev.consumed if (carry is not None and prev is not None) else 0
        read = parse_jsonl_bytes(data, settled=True, start=start)
        result.warnings.extend(f"{key}: {p}" for p in read.problems)
        work: dict[str, Any] = dict(carry or {})
        emitted = carry is not None
        if start == 0 and not read.lines:
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
        result.states[key] = FileState(key, st.st_size, st.st_mtime, read.prefix_sha256,
                                       read.consumed, json.dumps(work, ensure_ascii=False))


def resume_carry(prev: FileState | None, data: bytes) -> dict[str, Any] | None:
    """The parser state to resume from, when the file only grew since an emitted read."""
    if prev is None or not prev.carry or prev.consumed <= 0 or len(data) < prev.consumed:
        return None
    if hashlib.sha256(data[: prev.consumed]).hexdigest() != prev.prefix_sha256:
        return None  # rewritten: read whole
    try:
        carry = json.loads(prev.carry)
    except ValueError:
        return None
    return carry if isinstance(carry, dict) and carry.get("_emitted") else None


def open_sqlite_readonly(path: Path) -> "sqlite3.Connection":
    """Open an agent's SQLite store read-only (never writes, never creates), rows as dicts.

    Raises sqlite3.DatabaseError for a corrupt or truncated file; the schema is checked
    right away so that error comes here, not halfway through a session.
    """
    from urllib.parse import quote

    conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=5)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        conn.close()
        raise
    return conn


def sqlite_tables(conn: Any) -> dict[str, set[str]]:
    """Table name -> column names, so readers can tolerate older and newer schemas."""
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {t: {r[1] for r in conn.execute(f"PRAGMA table_info('{t}')")} for t in tables}


# shell commands and patches as one line (codex; reusable by any agent with a shell tool) -----

# Jezero drops these read-only commands (unless keep_read_only_commands); `cd` alone is dropped
# too since it changes nothing. Filters may follow a read-only command in a pipeline.
READ_ONLY_COMMANDS = frozenset({"sed", "rg", "grep", "cat", "head", "tail", "ls", "nl", "wc", "find",
                                "pwd", "tree", "stat", "file", "which", "cd"})
READ_ONLY_GIT = frozenset({"status", "diff", "log", "show", "branch", "rev-parse", "ls-files"})
PIPE_FILTERS = frozenset({"sort", "uniq", "cut", "tr", "column", "head", "tail", "wc", "grep", "rg", "nl"})
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_0-9]+)\1")
_PATCH_FILE = re.compile(r"^\*\*\* (Update|Add|Delete) File: (.+?)\s*$", re.M)


def split_shell(cmd: str) -> list[str]:
    """Top-level commands of a shell line: split at `;`, `&&`, `||`, `&` and newlines, never
    inside quotes, `$(…)`/`(…)` or heredoc bodies (which are left out). Pipelines stay whole."""
    segments: list[str] = []
    cur: list[str] = []
    quote: str | None = None
    depth = 0
    heredocs: list[str] = []
    i, n = 0, len(cmd)

    def flush() -> None:
        text = "".join(cur).strip()
        if text:
            segments.append(text)
        cur.clear()

    while i < n:
        c = cmd[i]
        if quote:
            cur.append(c)
            if c == "\\" and quote == '"' and i + 1 < n:
                cur.append(cmd[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
            i += 1
            continue
        if c == "\\" and i + 1 < n:
            cur.append(cmd[i:i + 2])
            i += 2
            continue
        if c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif depth:
            pass
        elif c == "<" and cmd.startswith("<<", i) and not cmd.startswith("<<<", i):
            m = _HEREDOC.match(cmd, i)
            if m:
                heredocs.append(m.group(2))
                cur.append(m.group(0))
                i = m.end()
                continue
        elif c == "\n":
            flush()
            i += 1
            for delim in heredocs:  # skip each heredoc body up to its delimiter line
                while i < n:
                    end = cmd.find("\n", i)
                    end = n if end == -1 else end
                    line = cmd[i:end]
                    i = end + 1
                    if line.strip() == delim:
                        break
            heredocs.clear()
            continue
        elif cmd.startswith("&&", i) or cmd.startswith("||", i):
            flush()
            i += 2
            continue
        elif c == ";" or (c == "&" and not (cmd[i - 1:i] in (">", "<") or cmd[i + 1:i + 2] == ">")):
            flush()
            i += 1
            continue
        cur.append(c)
        i += 1
    flush()
    return segments


def is_read_only_command(segment: str) -> bool:
    """True for a pipeline of read-only commands (and filters) that writes no file."""
    import shlex

    try:
        lexer = shlex.shlex(segment, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        tokens = list(lexer)
    except ValueError:
        return False
    stages: list[list[str]] = [[]]
    for i, tok in enumerate(tokens):
        if tok == "|":
            stages.append([])
        elif tok in (">", ">>", "&>", "&>>", ">|") and (tokens[i + 1:i + 2] or [""])[0] != "/dev/null":
            return False
        else:
            stages[-1].append(tok)
    for n, stage in enumerate(stages):
        words = [w for w in stage if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", w)] if stage else []
        if not words:
            return False
        name = words[0].rsplit("/", 1)[-1]
        args = words[1:]
        if n > 0 and name in PIPE_FILTERS and name != "sed":
            continue
        if name == "sed":
            if "-n" not in args or any(a.startswith("-i") or a == "--in-place" for a in args):
                return False
        elif name == "find":
            if any(a in ("-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint") for a in args):
                return False
        elif name == "git":
            sub = _git_subcommand(args)
            if sub not in READ_ONLY_GIT:
                return False
        elif name not in READ_ONLY_COMMANDS:
            return False
    return True


def _git_subcommand(args: list[str]) -> str | None:
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-C", "-c", "--git-dir", "--work-tree", "--namespace"):
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        return a
    return None


def render_shell(cmd: str, keep_read_only: bool, cut: Any = None) -> str | None:
    """`shell: cmd ; cmd` with read-only commands dropped; None when nothing is left."""
    segments = split_shell(cmd)
    if not keep_read_only:
        segments = [s for s in segments if not is_read_only_command(s)]
    if not segments:
        return None
    text = " ; ".join(" ".join(s.split()) if "\n" not in s else s.replace("\n", " ") for s in segments)
    return f"shell: {cut(text) if cut else text}"


def render_patch(patch: str) -> str | None:
    """`patch: update a.py ; add b.py` from an apply_patch body; None when it names no file."""
    files = [f"{op.lower()} {path}" for op, path in _PATCH_FILE.findall(patch)]
    return f"patch: {' ; '.join(files)}" if files else None
