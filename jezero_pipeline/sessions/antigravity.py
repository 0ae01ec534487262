"""Antigravity CLI conversations: `<data_dir>/conversations/<id>.db`, one conversation per file.

Each conversation is a SQLite file (opened read-only) whose `steps` rows hold one protobuf
step each, with no published schema: `protowire` decodes the wire format and this module
picks the fields below. Unknown fields are skipped, so a newer build that adds fields still
reads; a step that does not decode is a warning naming the file and the step, and the
others are kept. A conversation of `unreadable_min_steps` steps or more that yields no text
at all is a warning too (the format has probably moved), which the run reports.

The fields read (from Jezero's description: step type 14 is the user's input, 15 an agent
turn, 132 a tool result; thinking is dropped):

    step        1: type (varint)   5: metadata {1: created_at {1: seconds, 2: nanos}}
                19: user_input {1: text, 2: items [{1: text}]}
                20: agent turn {1: text, 3: thinking (dropped), 7: tool calls [{1: id, 2: name, 3: arguments JSON}]}
    trajectory_metadata_blob (id = 'main'): {1: {1: workspace URI, `file://…`}}

Titles come from `<data_dir>/conversation_summaries.db` (table `conversation_summaries`, one
protobuf per conversation id: {1: title}); prompts are cross-checked with
`<data_dir>/history.jsonl` (`{display, timestamp (ms), workspace, conversationId?, type?}`):
a prompt there gives a user step with no time its time, and the workspace when the
conversation records none. The unit of change is the conversation file and its `-wal`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ..text import parse_time
from . import protowire as pw
from .base import Connector, FileState, ScanResult, Unit, sqlite_files
from .jsonl import parse_jsonl_bytes
from .rendering import BlockCollector, emit_session
from .sqlite_store import open_sqlite_readonly, row_bytes, sqlite_tables
from .stores import SEGMENT, AgentStore, session_paths

USER_INPUT, AGENT_TURN, TOOL_RESULT = 14, 15, 132
# step fields
F_TYPE, F_METADATA, F_USER_INPUT, F_AGENT_TURN = 1, 5, 19, 20
F_CREATED_AT = 1  # in metadata: a Timestamp {1: seconds, 2: nanos}
F_TEXT, F_ITEMS, F_THINKING, F_TOOL_CALLS = 1, 2, 3, 7
F_CALL_ID, F_CALL_NAME, F_CALL_ARGS = 1, 2, 3
READ_ONLY_TOOLS = frozenset(
    {
        "view_file",
        "view_file_outline",
        "view_code_item",
        "list_dir",
        "grep_search",
        "find_by_name",
        "codebase_search",
        "read_url_content",
        "search_web",
        "read_terminal",
        "command_status",
    }
)


@dataclass
class Step:
    ordinal: int  # the step's row
    kind: int
    at: datetime | None
    text: str = ""
    calls: list[tuple[str, Any]] = field(default_factory=list)


@dataclass
class Prompt:
    """One line of history.jsonl."""

    text: str
    at: datetime | None
    workspace: str | None
    conversation: str | None


class AntigravityConnector(Connector):
    type = "antigravity"
    store = AgentStore(
        option="data_dir",
        default="~/.gemini/antigravity-cli",
        paths=session_paths(rf"conversations/{SEGMENT}\.db", r"conversation_summaries\.db", r"history\.jsonl"),
    )
    known_options = frozenset({"data_dir", "unreadable_min_steps", "skip_tools"})

    def data_dirs(self) -> list[Path]:
        return self.store_roots()

    def watch_paths(self) -> list[Path]:
        out: list[Path] = []
        for root in self.data_dirs():
            out += [root / "conversations", *sqlite_files(root / "conversation_summaries.db"), root / "history.jsonl"]
        return out

    def conversations(self) -> list[tuple[Path, Path]]:
        """(data_dir, conversation database) of every conversation, sorted."""
        found = []
        for root in self.data_dirs():
            folder = root / "conversations"
            if folder.is_dir():
                found += [(root, p) for p in sorted(folder.glob("*.db")) if p.is_file()]
        return found

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(db), sqlite_files(db)) for _, db in self.conversations()]

    def start_of(self, unit: Unit) -> datetime | None:
        """The first step's time: one row of the conversation (else the day of its mtime)."""
        try:
            steps, _, _ = _read_steps(Path(unit.key), limit=1)
        except (sqlite3.DatabaseError, OSError):
            return None
        return steps[0].at if steps and steps[0].at else None

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        titles: dict[Path, dict[str, str]] = {}
        history: dict[Path, list[Prompt]] = {}
        for root, db in self.conversations():
            key = str(db)
            stat = self.check_unit(result, previous, key, sqlite_files(db), now)
            if stat is None:
                continue
            size, mtime = stat
            try:
                steps, workspace, nbytes = _read_steps(db)
            except sqlite3.OperationalError as err:  # locked or busy: no state, so the next run tries again
                result.warnings.append(f"{db}: cannot read now ({err}); tried again next run")
                continue
            except sqlite3.DatabaseError as err:
                result.warnings.append(f"{db}: not a readable Antigravity conversation ({err})")
                result.states[key] = FileState(key, size, mtime)  # read again once it changes
                continue
            except OSError as err:
                result.warnings.append(f"{db}: {err.strerror or err}")
                continue
            result.bytes_read += nbytes
            result.states[key] = FileState(key, size, mtime)
            if root not in titles:
                titles[root] = _titles(root / "conversation_summaries.db", result)
                history[root] = _history(root / "history.jsonl", result)
            self._emit(db, steps, workspace, titles[root], history[root], mtime, result)

    def _emit(
        self,
        db: Path,
        steps: list[Step | str],
        workspace: str | None,
        titles: dict[str, str],
        history: list[Prompt],
        mtime: float,
        result: ScanResult,
    ) -> None:
        cid = db.stem
        prompts = {p.text.strip(): p for p in history if p.conversation in (None, cid) and p.text.strip()}
        fallback = datetime.fromtimestamp(mtime, tz=UTC)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        last: datetime | None = None
        users = 0
        for step in steps:
            if isinstance(step, str):
                result.warnings.append(f"{db}: {step}")
                continue
            prompt = prompts.get(step.text.strip()) if step.kind == USER_INPUT else None
            at = step.at or (prompt.at if prompt else None) or last or fallback
            last = at
            if step.kind == USER_INPUT:
                users += bool(step.text.strip())
                workspace = workspace or (prompt.workspace if prompt else None)
                c.user(step.ordinal, at, step.text)
            elif step.kind == AGENT_TURN:
                c.assistant(step.ordinal, at, step.text)
                for name, args in step.calls:
                    c.tool_call(step.ordinal, at, name, args)
            # tool results (132), thinking and every other step type: dropped
        decoded = [s for s in steps if isinstance(s, Step)]
        minimum = int(self.options.get("unreadable_min_steps", 2))
        if len(steps) >= minimum and not any(s.text.strip() or s.calls for s in decoded):
            result.warnings.append(
                f"{db}: {len(steps)} steps but no readable text (an unknown step format?); conversation skipped"
            )
            return
        typed = [p for p in history if p.conversation == cid]
        if typed and not users:
            result.warnings.append(f"{db}: history.jsonl holds {len(typed)} prompt(s) of it, its steps none")
        emit_session(
            self,
            result,
            c,
            session_id=cid,
            ref_prefix="antigravity-conversation",
            cwd=workspace,
            path=str(db),
            mtime=mtime,
            title=titles.get(cid),
        )


def _timestamp(fields: pw.Fields | None) -> datetime | None:
    if fields is None:
        return None
    seconds = pw.integer(fields, 1)
    if seconds is None:
        return None
    try:
        return datetime.fromtimestamp(seconds + (pw.integer(fields, 2) or 0) / 1e9, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None


def decode_step(ordinal: int, blob: bytes) -> Step:
    """One step's kind, time, text and tool calls. Raises protowire.WireError."""
    fields = pw.decode(blob)
    kind = pw.integer(fields, F_TYPE) or 0
    meta = pw.message(fields, F_METADATA)
    step = Step(ordinal, kind, _timestamp(pw.message(meta, F_CREATED_AT)) if meta else None)
    if kind == USER_INPUT:
        body = pw.message(fields, F_USER_INPUT)
        if body is not None:
            text = pw.string(body, F_TEXT)
            items = [t for item in pw.messages(body, F_ITEMS) if (t := pw.string(item, F_TEXT))]
            step.text = text if text else "\n".join(items)
    elif kind == AGENT_TURN:
        body = pw.message(fields, F_AGENT_TURN)
        if body is not None:
            step.text = pw.string(body, F_TEXT) or ""  # F_THINKING is never read
            for call in pw.messages(body, F_TOOL_CALLS):
                name = pw.string(call, F_CALL_NAME)
                if name:
                    step.calls.append((name, _json_or_raw(pw.string(call, F_CALL_ARGS) or "")))
    return step


def _json_or_raw(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _read_steps(db: Path, limit: int | None = None) -> tuple[list[Step | str], str | None, int]:
    """(steps, or "step N: reason" for one that does not decode; the workspace; bytes read)."""
    conn = open_sqlite_readonly(db)
    try:
        tables = sqlite_tables(conn)
        if "steps" not in tables:
            raise sqlite3.DatabaseError("no steps table")
        sql = "SELECT rowid AS rid, * FROM steps ORDER BY rowid" + (f" LIMIT {int(limit)}" if limit else "")
        out: list[Step | str] = []
        nbytes = 0
        for row in conn.execute(sql):
            nbytes += row_bytes(row)
            blob = next((v for v in tuple(row)[1:] if isinstance(v, bytes)), None)
            ordinal = int(row["rid"])
            if blob is None:
                out.append(f"step {ordinal}: no protobuf blob")
                continue
            try:
                out.append(decode_step(ordinal, blob))
            except pw.WireError as err:
                out.append(f"step {ordinal}: {err}, step skipped")
        workspace = None
        if "id" in tables.get("trajectory_metadata_blob", set()) and not limit:
            row = conn.execute("SELECT * FROM trajectory_metadata_blob WHERE id = 'main'").fetchone()
            blob = next((v for v in tuple(row) if isinstance(v, bytes)), None) if row else None
            if blob is not None:
                nbytes += len(blob)
                workspace = _workspace(blob)
        return out, workspace, nbytes
    finally:
        conn.close()


def _workspace(blob: bytes) -> str | None:
    """field 1 -> field 1 of the trajectory metadata: a `file://` URI, as a path."""
    try:
        inner = pw.message(pw.decode(blob), 1)
    except pw.WireError:
        return None
    uri = pw.string(inner, 1) if inner else None
    if not uri:
        return None
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def _titles(path: Path, result: ScanResult) -> dict[str, str]:
    """conversation id -> title, from conversation_summaries.db ({} when it is absent)."""
    if not path.exists():
        return {}
    titles: dict[str, str] = {}
    try:
        conn = open_sqlite_readonly(path)
        try:
            if "conversation_summaries" not in sqlite_tables(conn):
                return {}
            for row in conn.execute("SELECT * FROM conversation_summaries"):
                values = tuple(row)
                cid = next((v for v in values if isinstance(v, str)), None)
                blob = next((v for v in values if isinstance(v, bytes)), None)
                if cid is None or blob is None:
                    continue
                try:
                    title = pw.string(pw.decode(blob), 1)
                except pw.WireError:
                    continue
                if title and title.strip():
                    titles[cid] = title.strip()
        finally:
            conn.close()
    except sqlite3.DatabaseError as err:
        result.warnings.append(f"{path}: not a readable conversation summaries database ({err}), no titles")
    return titles


def _history(path: Path, result: ScanResult) -> list[Prompt]:
    """The prompts of history.jsonl (slash commands and shell lines left out)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as err:
        result.warnings.append(f"{path}: {err.strerror or err}")
        return []
    read = parse_jsonl_bytes(data, settled=True)
    out = []
    for line in read.lines:
        r = line.record
        if r.get("type") in ("slash_command", "shell") or not isinstance(r.get("display"), str):
            continue
        at = parse_time(r.get("timestamp"))
        ws = r.get("workspace")
        conv = r.get("conversationId")
        out.append(Prompt(r["display"], at, _path_of(ws), conv if isinstance(conv, str) else None))
    return out


def _path_of(workspace: Any) -> str | None:
    if not isinstance(workspace, str) or not workspace:
        return None
    parsed = urlparse(workspace)
    return unquote(parsed.path) if parsed.scheme == "file" else workspace


CONNECTOR = AntigravityConnector
