"""Grok Build CLI sessions: `<sessions_dir>/<percent-encoded cwd>/<uuid>/` folders.

A folder holds `summary.json` (id, cwd, times, title) and the transcript in one or both of
two files: `chat_history.jsonl` (records with no timestamps and no ids) and `updates.jsonl`,
the ACP event stream (Grok 0.2.118 writes only this one): `{timestamp (unix s), method,
params: {sessionId, update: {sessionUpdate, …}}}`. The folder is the unit of change; id and
cwd come from `summary.json` (`info.id`, `info.cwd`), never from directory names.

- Stream only: user and agent message chunks are joined per message (a block whose ordinal is
  the line of its first chunk), each tool call is one line of its own, thought chunks and
  tool results are dropped, and every line carries the stream's own time.
- Both files: the chat history wins for the text (ordinals are its line numbers) and the
  stream gives the times: a prompt's lines are rendered at its turn's first user chunk, the
  agent's lines at the turn's first agent event.
- Chat only: lines carry no time, so each is rendered at the session start (stable as the
  session grows) and its block time is the last activity (`occurred_at` stays right).

Both files are read from where the last run stopped when they only grew (`jsonl.read_streams`):
a grown message is re-emitted whole under its first line's ordinal, so the stored block is
replaced by its longer self. A rewind (a `rewind_marker` appended to the stream) reads the
folder whole again.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import Connector, FileState, ScanResult, Unit
from .jsonl import JsonLine, UnitCarry, read_streams
from .rendering import BlockCollector, emit_session, text_of
from .shell import is_read_only_call
from .stores import SEGMENT, AgentStore, session_paths

SUMMARY = "summary.json"
CHAT = "chat_history.jsonl"
UPDATES = "updates.jsonl"
# Tools that only look at things; dropped unless keep_read_only_commands (as Jezero does for
# OpenCode's read/grep/glob/list and Codex's read-only shell commands).
READ_ONLY_TOOLS = frozenset(
    {
        "read_file",
        "list_dir",
        "list_directory",
        "grep",
        "grep_search",
        "file_search",
        "codebase_search",
        "glob",
        "search",
        "web_search",
        "web_fetch",
        "view",
        "todo_read",
    }
)
READ_ONLY_KINDS = frozenset({"read", "search", "fetch", "think"})  # ACP tool-call kinds that change nothing
_USER_QUERY = re.compile(r"</?user_query>")


class GrokConnector(Connector):
    type = "grok"
    store = AgentStore(
        option="sessions_dir",
        default="~/.grok/sessions",
        paths=session_paths(rf"{SEGMENT}/{SEGMENT}/(?:summary\.json|chat_history\.jsonl|updates\.jsonl)"),
    )
    known_options = frozenset({"sessions_dir", "skip_tools"})

    def session_roots(self) -> list[Path]:
        return self.store_roots()

    def watch_paths(self) -> list[Path]:
        return self.session_roots()

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [
            (str(folder), [folder / SUMMARY, folder / CHAT, folder / UPDATES])
            for root in self.session_roots()
            for folder in _session_folders(root)
        ]

    def start_of(self, unit: Unit) -> datetime | None:
        """The session's start from summary.json, a small file (the chat lines carry no time)."""
        try:
            info = _read_summary(Path(unit.key) / SUMMARY, ScanResult())
        except OSError:
            return None
        return _times(info[0], unit.mtime)[0] if info else None

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for key, paths in self.unit_paths():
            stat = self.check_unit(result, previous, key, paths, now)
            if stat is None:
                continue
            size, mtime = stat
            folder = Path(key)
            try:
                state = self._read_folder(folder, result, size, mtime, previous.get(key))
            except OSError as err:  # permission denied, vanished mid-read: try again next run
                result.warnings.append(f"{err.filename or folder}: {err.strerror or err}")
                continue
            result.states[key] = state

    def _read_folder(
        self, folder: Path, result: ScanResult, size: int, mtime: float, prev: FileState | None
    ) -> FileState:
        state = FileState(str(folder), size, mtime)
        info = _read_summary(folder / SUMMARY, result)
        if info is None:
            return state  # warned; the stored copy stays; read again once the folder changes
        summary, session_id, cwd = info
        if _is_subagent(summary) and not self.agent.include_subagents:
            return state
        files = {"chat": folder / CHAT, "updates": folder / UPDATES}
        if not any(p.exists() for p in files.values()):
            result.warnings.append(f"{folder}: neither {CHAT} nor {UPDATES}, session {session_id} skipped")
            return state
        carry = UnitCarry.load(prev)
        reads, resumed = read_streams(files, carry, result)
        parsed = self._parse(reads, carry.state if (carry and resumed) else {}, summary, mtime)
        if parsed is None:  # a rewind in the new bytes: read the whole folder again
            reads, resumed = read_streams(files, None, result)
            parsed = self._parse(reads, {}, summary, mtime)
        collector, parser_state = parsed or (self._collector(), {})
        for name, r in reads.items():
            result.warnings.extend(f"{files[name]}: {p}" for p in r.read.problems)
        main = reads["chat"] if "chat" in reads else reads["updates"]
        state.prefix_sha256, state.consumed = main.cursor.sha, main.cursor.consumed
        cursors = {name: r.cursor for name, r in reads.items()}
        if not resumed and not main.read.lines:
            path = files["chat"] if "chat" in reads else files["updates"]
            if not main.read.problems:
                result.warnings.append(f"{path}: empty, session {session_id} not read (a stored copy is kept)")
            state.carry = UnitCarry(cursors, parser_state, False).dump()
            return state
        meta = {}
        if summary.get("current_model_id"):
            meta["models"] = str(summary["current_model_id"])
        if summary.get("parent_session_id"):
            meta["subagent_of"] = str(summary["parent_session_id"])
        additional = _info(summary).get("additional")
        title = (
            summary.get("generated_title")
            or summary.get("session_summary")
            or _info(summary).get("title")
            or (additional.get("title") if isinstance(additional, dict) else None)
        )
        kept = emit_session(
            self,
            result,
            collector,
            session_id=session_id,
            ref_prefix="grok-session",
            cwd=cwd,
            path=str(folder),
            mtime=mtime,
            title=str(title) if title else None,
            meta=meta,
            appended=resumed,
        )
        state.carry = UnitCarry(cursors, parser_state, kept).dump()
        return state

    def _collector(self) -> BlockCollector:
        return BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))

    def _parse(
        self, reads: dict[str, Any], state: dict[str, Any], summary: dict[str, Any], mtime: float
    ) -> tuple[BlockCollector, dict[str, Any]] | None:
        """The blocks of the records read and the parser state to resume from; None when the
        stream was rewound in records read on top of a stored session (read it whole)."""
        start, last = _times(summary, mtime)
        collector = self._collector()
        stream = AcpStream(self, state.get("acp"), start)
        chat_mode = "chat" in reads
        if "updates" in reads:
            rewound = stream.feed(reads["updates"].read.lines, None if chat_mode else collector)
            if rewound and state:
                return None
        out: dict[str, Any] = {"acp": stream.state()}
        if chat_mode:
            prompt = state.get("prompt", -1)
            timed = "updates" in reads
            for line in reads["chat"].read.lines:
                prompt = _add_record(collector, line.number, line.record, prompt, stream if timed else None,
                                     start, last)  # fmt: skip
            out["prompt"] = prompt
        return collector, out


class AcpStream:
    """Grok's ACP event stream (`updates.jsonl`) as blocks and per-prompt times.

    A message is a run of chunks of one role; it stays open across runs (its text is kept in
    the state), so a message still streaming when a run read it is re-emitted whole later.
    """

    def __init__(self, connector: Connector, raw: Any, start: datetime):
        s = raw if isinstance(raw, dict) else {}
        self.connector = connector
        self.open: dict[str, Any] | None = s.get("open") if isinstance(s.get("open"), dict) else None
        self.prompt: int = int(s.get("prompt", -1))
        self.turn_text: bool = bool(s.get("turn_text"))
        self.last_ts: float = float(s.get("last_ts") or start.timestamp())
        self.times: dict[str, list[float | None]] = s.get("times") if isinstance(s.get("times"), dict) else {}
        self.prompts: dict[str, int] = {}  # block ordinal -> prompt, for a rewind within this read

    def state(self) -> dict[str, Any]:
        return {"open": self.open, "prompt": self.prompt, "turn_text": self.turn_text, "last_ts": self.last_ts,
                "times": self.times}  # fmt: skip

    def user_time(self, prompt: int) -> datetime | None:
        t = self.times.get(str(prompt))
        return datetime.fromtimestamp(t[0], tz=UTC) if t and t[0] is not None else None

    def agent_time(self, prompt: int) -> datetime | None:
        t = self.times.get(str(prompt))
        if not t:
            return None
        when = t[1] if t[1] is not None else t[0]
        return datetime.fromtimestamp(when, tz=UTC) if when is not None else None

    def feed(self, lines: list[JsonLine], c: BlockCollector | None) -> bool:
        """Read stream records into `c` (None: only the times). True when a rewind was seen."""
        rewound = False
        for line in lines:
            env = line.record
            params = env.get("params") if isinstance(env.get("params"), dict) else env
            update = params.get("update") if isinstance(params, dict) else None
            if not isinstance(update, dict):
                continue
            ts = _stream_time(env, update, params) or self.last_ts
            self.last_ts = ts
            kind = update.get("sessionUpdate")
            meta = update.get("_meta") if isinstance(update.get("_meta"), dict) else {}
            if kind == "user_message_chunk":
                index = meta.get("promptIndex")
                new_turn = (self.open or {}).get("role") != "user" or (isinstance(index, int) and index != self.prompt)
                if new_turn:
                    self._close(c)
                    self.prompt = index if isinstance(index, int) else self.prompt + 1
                    self.turn_text = False
                    self.times[str(self.prompt)] = [ts, None]
                    self.open = {"role": "user", "ordinal": line.number, "text": "", "ts": ts, "done": -1}
                self.open["text"] += _chunk_text(update.get("content"))
            elif kind == "agent_message_chunk":
                self._agent_event(ts)
                if (self.open or {}).get("role") != "agent":
                    self._close(c)
                    self.open = {"role": "agent", "ordinal": line.number, "text": "", "ts": ts, "done": -1}
                text = _chunk_text(update.get("content"))
                self.open["text"] += text
                self.turn_text = self.turn_text or bool(text.strip())
            elif kind == "tool_call":
                self._agent_event(ts)
                self._close(c)
                if c is not None:
                    self._tool_call(c, line.number, ts, update, meta)
            elif kind == "turn_completed":
                self._close(c)
                result = update.get("agent_result")
                if c is not None and not self.turn_text and isinstance(result, str) and result.strip():
                    when = datetime.fromtimestamp(ts, tz=UTC)
                    c.assistant(line.number, when, result, at=when)
                    self.prompts[str(line.number)] = self.prompt
                self.turn_text = False
            elif kind == "rewind_marker":
                target = update.get("target_prompt_index")
                if isinstance(target, int):
                    rewound = True
                    self._close(c)
                    if c is not None:
                        c.blocks = [b for b in c.blocks if self.prompts.get(str(b.ordinal), -1) < target]
                    self.times = {k: v for k, v in self.times.items() if int(k) < target}
                    self.prompt = min(self.prompt, target - 1)
            # agent_thought_chunk, tool_call_update (results), plan, mode and usage updates: dropped
        if c is not None and self.open is not None:
            self._emit(c, self.open)  # the last message stays open: it may still grow
        return rewound

    def _agent_event(self, ts: float) -> None:
        t = self.times.get(str(self.prompt))
        if t is not None and t[1] is None:
            t[1] = ts

    def _close(self, c: BlockCollector | None) -> None:
        if self.open is not None and c is not None:
            self._emit(c, self.open)
        self.open = None

    def _emit(self, c: BlockCollector, msg: dict[str, Any]) -> None:
        """A message's whole text, unless this very text was emitted already (a resumed run)."""
        if len(msg["text"]) == msg.get("done", -1):
            return
        when = datetime.fromtimestamp(msg["ts"], tz=UTC)
        before = len(c.blocks)
        if msg["role"] == "user":
            c.user(msg["ordinal"], when, _USER_QUERY.sub("", msg["text"]), at=when)
        else:
            c.assistant(msg["ordinal"], when, msg["text"], at=when)
        msg["done"] = len(msg["text"])
        if len(c.blocks) > before:
            self.prompts[str(msg["ordinal"])] = self.prompt

    def _tool_call(self, c: BlockCollector, ordinal: int, ts: float, update: dict[str, Any], meta: dict) -> None:
        kind = str(update.get("kind") or "")
        name = str(
            update.get("toolName") or update.get("name") or meta.get("toolName") or update.get("title") or kind or ""
        )
        args = update.get("rawInput", "")
        if not self.connector.agent.keep_read_only_commands and (
            kind in READ_ONLY_KINDS or (kind == "execute" and is_read_only_call("execute", args))
        ):
            return
        when = datetime.fromtimestamp(ts, tz=UTC)
        before = len(c.blocks)
        c.tool_call(ordinal, when, name, args, at=when)
        if len(c.blocks) > before:
            self.prompts[str(ordinal)] = self.prompt


def _stream_time(env: dict[str, Any], update: dict[str, Any], params: dict[str, Any]) -> float | None:
    """A stream line's time: the envelope's unix seconds, else the agent's milliseconds."""
    ts = env.get("timestamp")
    if isinstance(ts, (int, float)) and not isinstance(ts, bool) and ts > 0:
        return float(ts)
    for holder in (update, params):
        meta = holder.get("_meta") if isinstance(holder.get("_meta"), dict) else {}
        ms = meta.get("agentTimestampMs")
        if isinstance(ms, (int, float)) and not isinstance(ms, bool) and ms > 0:
            return ms / 1000
    parsed = parse_time(ts)
    return parsed.timestamp() if parsed else None


def _chunk_text(content: Any) -> str:
    """A chunk's text: one content block (the streamed delta) or a list of them."""
    blocks = content if isinstance(content, list) else [content]
    return "".join(str(b.get("text") or "") for b in blocks if isinstance(b, dict) and b.get("type") == "text")


def _session_folders(root: Path) -> list[Path]:
    """Every folder holding a summary.json, a chat_history.jsonl or an updates.jsonl, sorted."""
    if not root.is_dir():
        return []
    folders = {p.parent for name in (SUMMARY, CHAT, UPDATES) for p in root.rglob(name) if p.is_file()}
    return sorted(folders)


def _info(summary: dict[str, Any]) -> dict[str, Any]:
    info = summary.get("info")
    return info if isinstance(info, dict) else {}


def _read_summary(path: Path, result: ScanResult) -> tuple[dict[str, Any], str, str] | None:
    """summary.json as (document, id, cwd), or None with a warning naming the file."""
    if not path.exists():
        result.warnings.append(f"{path}: missing, folder skipped")
        return None
    data = path.read_bytes()
    result.bytes_read += len(data)
    if not data.strip():
        result.warnings.append(f"{path}: empty, folder skipped")
        return None
    try:
        summary = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        result.warnings.append(f"{path}: invalid UTF-8 at byte {err.start}, folder skipped")
        return None
    except json.JSONDecodeError as err:
        result.warnings.append(f"{path}: not JSON ({err.msg}), folder skipped")
        return None
    if not isinstance(summary, dict):
        result.warnings.append(f"{path}: not a JSON object, folder skipped")
        return None
    info = _info(summary)
    for field in ("id", "cwd"):
        if not isinstance(info.get(field), str) or not info[field].strip():
            result.warnings.append(f"{path}: lacks info.{field}, folder skipped")
            return None
    return summary, info["id"].strip(), info["cwd"]


def _is_subagent(summary: dict[str, Any]) -> bool:
    additional = _info(summary).get("additional")
    extra = additional if isinstance(additional, dict) else {}
    kind = summary.get("session_kind") or extra.get("session_kind")
    return kind in ("subagent", "subagent_fork") or bool(
        summary.get("parent_session_id") or extra.get("parent_session_id")
    )


def _times(summary: dict[str, Any], mtime: float) -> tuple[datetime, datetime]:
    """(start, last activity), from the documented info.* or the real Grok Build fields."""
    info = _info(summary)
    fallback = datetime.fromtimestamp(mtime, tz=UTC)
    last = next(
        (
            t
            for t in (
                parse_time(info.get("end")),
                parse_time(summary.get("last_active_at")),
                parse_time(summary.get("updated_at")),
            )
            if t
        ),
        fallback,
    )
    start = next((t for t in (parse_time(info.get("start")), parse_time(summary.get("created_at"))) if t), last)
    return start, last


def _add_record(
    c: BlockCollector,
    ordinal: int,
    rec: dict[str, Any],
    prompt: int,
    stream: AcpStream | None,
    start: datetime,
    last: datetime,
) -> int:
    """One chat_history record into `c`; returns the prompt it belongs to. With the stream, a
    prompt's lines carry its turn's times; without, the session start (block time: `last`)."""
    kind = rec.get("type")
    if kind == "user":
        # Injected scaffolding (<user_info>, <system-reminder>, project instructions) carries
        # a synthetic_reason or no prompt_index; only typed prompts are kept.
        if rec.get("synthetic_reason") or "prompt_index" not in rec:
            return prompt
        index = rec.get("prompt_index")
        prompt = index if isinstance(index, int) and not isinstance(index, bool) else prompt + 1
        when = stream.user_time(prompt) if stream else None
        c.user(ordinal, when or start, _USER_QUERY.sub("", text_of(rec.get("content"))), at=when or last)
    elif kind == "assistant":
        when = stream.agent_time(prompt) if stream else None
        c.assistant(ordinal, when or start, text_of(rec.get("content")), at=when or last)
        for call in rec.get("tool_calls") or []:
            if isinstance(call, dict):
                c.tool_call(ordinal, when or start, str(call.get("name") or ""), _arguments(call.get("arguments")),
                            at=when or last)  # fmt: skip
    # system, reasoning, tool_result, backend_tool_call: dropped
    return prompt


def _arguments(raw: Any) -> Any:
    """Arguments arrive as a JSON string; decode it so the line is compact JSON."""
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            return raw
    return raw if raw is not None else ""


CONNECTOR = GrokConnector
