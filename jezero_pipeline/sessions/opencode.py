"""OpenCode sessions: its SQLite store (`db_path`) or a folder of `opencode export` files.

- `db_path` (default `$XDG_DATA_HOME/opencode/opencode.db`, i.e. `~/.local/share/…`; a glob
  allowed), opened read-only. v1 tables `session`, `message`, `part` (data as JSON), and the
  v2 beta tables `session_v2` / `session_message` when present. The `event` table is never
  read. Block ordinal = the message's rowid. A session is a unit: the listing reads only ids,
  counts and times; only the sessions whose rows changed are read.
- `export_dir`: `<anything>.json` files shaped `{info: {id, directory, title, time},
  messages: [{info: {id, role, time}, parts: [...]}]}`. Block ordinal = message index.

Kept: user and assistant text, one line per tool call. Dropped: reasoning, tool output, step
markers, synthetic (injected) text, compaction summaries, read-only tools (read, grep, glob,
list, todoread, webfetch, invalid) and `skip_tools` (["todowrite"]).
"""

from __future__ import annotations

import fnmatch
import json
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..text import parse_time
from .base import FileState, ScanResult
from .rendering import BlockCollector, emit_session
from .sqlite_store import DatabaseConnector, StoredSession, row_bytes, rows_in, sqlite_tables
from .stores import AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"read", "grep", "glob", "list", "todoread", "webfetch", "invalid"})
DEFAULT_SKIP_TOOLS = ("todowrite",)
_DEFAULT_TITLE = re.compile(r"^(New session|Child session) - ")


@dataclass
class _Message:
    ordinal: int
    role: str
    at: datetime | None
    parts: list[dict[str, Any]]


@dataclass
class _Session:
    id: str
    directory: str | None
    title: str | None
    parent: str | None
    updated: datetime | None
    messages: list[_Message] = field(default_factory=list)


class OpenCodeConnector(DatabaseConnector[_Session]):
    type = "opencode"
    store = AgentStore(
        option="db_path",
        default="${XDG_DATA_HOME:-~/.local/share}/opencode/opencode.db",
        paths=session_paths(r"opencode\.db"),
        database="opencode.db",
    )
    label = "OpenCode"
    known_options = frozenset({"db_path", "export_dir", "skip_tools", "skip_dir_globs"})

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if self.options.get("db_path") and self.options.get("export_dir"):
            raise ValueError(f"connector {self.cfg.name!r}: set db_path or export_dir, not both")

    def default_database(self) -> str:
        return self.store.location()

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        if not self.reads_exports():
            for db in self.databases():
                self.scan_database(db, previous, now, result)
            return
        for root in self.roots("export_dir", ""):
            for key, mtime, doc in self.changed_json_files(root, previous, now, result):
                session = _export_session(doc)
                if session is None:
                    result.warnings.append(f"{key}: not an OpenCode export (no info.id), file skipped")
                    continue
                self._emit(session, key, mtime, now, result)

    def list_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[_Session]]:
        return _list_db(conn)

    def read_sessions(self, conn: sqlite3.Connection, ids: list[str]) -> tuple[dict[str, _Session], int]:
        sessions, nbytes = _read_db(conn, ids)
        return {s.id: s for s in sessions}, nbytes

    def emit(self, session: StoredSession[_Session], key: str, now: float, result: ScanResult) -> None:
        last = session.last.timestamp() if session.last else now
        if session.data is not None:
            self._emit(session.data, key, last, now, result)

    # shared ----------------------------------------------------------------------------

    def _emit(self, s: _Session, path: str, mtime: float, now: float, result: ScanResult) -> None:
        if s.parent and not self.agent.include_subagents:
            return
        globs = self.options.get("skip_dir_globs") or []
        if s.directory and any(fnmatch.fnmatch(s.directory, g) for g in globs):
            return
        last = (
            s.updated or max((m.at for m in s.messages if m.at), default=None) or datetime.fromtimestamp(mtime, tz=UTC)
        )
        if not self.settled(last.timestamp(), now):
            result.deferred += 1
            return
        skip = tuple(self.options.get("skip_tools", DEFAULT_SKIP_TOOLS))
        c = BlockCollector(self, READ_ONLY_TOOLS, skip)
        for m in s.messages:
            ts = m.at or last
            for part in m.parts:
                _add_part(c, m, ts, part)
        title = s.title if s.title and not _DEFAULT_TITLE.match(s.title) else None
        meta = {"subagent_of": s.parent} if s.parent else {}
        emit_session(
            self,
            result,
            c,
            session_id=s.id,
            ref_prefix="opencode-session",
            cwd=s.directory,
            path=path,
            mtime=mtime,
            title=title,
            meta=meta,
        )


def _add_part(c: BlockCollector, m: _Message, ts: datetime, part: dict[str, Any]) -> None:
    kind = part.get("type")
    if kind == "text":
        if part.get("synthetic") or part.get("ignored"):
            return  # injected by OpenCode, not typed or said
        text = str(part.get("text") or "")
        if m.role == "user":
            c.user(m.ordinal, ts, text)
        elif m.role == "assistant":
            c.assistant(m.ordinal, ts, text)
    elif kind == "tool" and m.role == "assistant":
        state = part.get("state") if isinstance(part.get("state"), dict) else {}
        name = str(part.get("tool") or part.get("name") or "")
        c.tool_call(
            m.ordinal,
            parse_time((state.get("time") or {}).get("start") if isinstance(state.get("time"), dict) else None) or ts,
            name,
            state.get("input", ""),
        )
    # reasoning, step-start/finish, file, patch, snapshot, compaction, agent, retry: dropped


def _loads(raw: Any) -> dict[str, Any]:
    if isinstance(raw, (bytes, str)):
        try:
            value = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return {}
        return value if isinstance(value, dict) else {}
    return {}


def _time_of(data: dict[str, Any], *fallbacks: Any) -> datetime | None:
    t = data.get("time")
    created = t.get("created") if isinstance(t, dict) else None
    return next((x for x in (parse_time(created), *map(parse_time, fallbacks)) if x), None)


def _column(columns: set[str], *names: str) -> str:
    """The first of these columns the table has, else NULL (older and newer schemas)."""
    return next((n for n in names if n in columns), "NULL")


def _list_db(conn: sqlite3.Connection) -> list[StoredSession[_Session]]:
    """Every session's start, last activity and size (messages + parts), from ids and times."""
    tables = sqlite_tables(conn)
    out: list[StoredSession[_Session]] = []
    if {"session", "message", "part"} <= tables.keys():
        created = _column(tables["message"], "time_created", "time_updated")
        updated = _column(tables["message"], "time_updated", "time_created")
        counts: dict[str, list[Any]] = {}
        for r in conn.execute(
            f"SELECT session_id, count(*) AS n, min({created}) AS first, max({updated}) AS last "
            "FROM message GROUP BY session_id"
        ):
            counts[str(r["session_id"])] = [r["n"], parse_time(r["first"]), parse_time(r["last"])]
        part_time = _column(tables["part"], "time_updated", "time_created")
        if "session_id" in tables["part"]:
            part_sql = f"SELECT session_id, count(*) AS n, max({part_time}) AS last FROM part GROUP BY session_id"
        else:
            part_sql = (
                f"SELECT m.session_id AS session_id, count(*) AS n, max({'NULL' if part_time == 'NULL' else 'p.' + part_time}) AS last "
                "FROM part p JOIN message m ON p.message_id = m.id GROUP BY m.session_id"
            )
        parts = {str(r["session_id"]): (r["n"], parse_time(r["last"])) for r in conn.execute(part_sql)}
        session_time = _column(tables["session"], "time_updated", "time_created")
        for r in conn.execute(f"SELECT id, {session_time} AS time_updated FROM session ORDER BY id"):
            sid = str(r["id"])
            n, first, last_msg = counts.get(sid, [0, None, None])
            np, last_part = parts.get(sid, (0, None))
            times = [t for t in (parse_time(r["time_updated"]), last_msg, last_part) if t]
            out.append(StoredSession(sid, first, max(times, default=None), n + np))
    if {"session_v2", "session_message"} <= tables.keys():
        seen = {s.id for s in out}
        counts2 = {
            str(r["session_id"]): (r["n"], parse_time(r["first"]), parse_time(r["last"]))
            for r in conn.execute(
                "SELECT session_id, count(*) AS n, min(time_updated) AS first, max(time_updated) AS last "
                "FROM session_message GROUP BY session_id"
            )
        }
        for r in conn.execute("SELECT id, time_updated FROM session_v2 ORDER BY id"):
            sid = str(r["id"])
            if sid in seen:
                continue
            n, first, last_msg = counts2.get(sid, (0, None, None))
            times = [t for t in (parse_time(r["time_updated"]), last_msg) if t]
            out.append(StoredSession(sid, first, max(times, default=None), n))
    return out


def _read_db(conn: sqlite3.Connection, ids: list[str]) -> tuple[list[_Session], int]:
    """These sessions with their messages and parts, and the bytes of the rows read."""
    tables = sqlite_tables(conn)
    sessions: list[_Session] = []
    nbytes = 0
    if {"session", "message", "part"} <= tables.keys():
        cols = tables["session"]
        title = "title" if "title" in cols else "NULL"
        parent = "parent_id" if "parent_id" in cols else "NULL"
        by_id: dict[str, _Session] = {}
        for r in rows_in(
            conn,
            f"SELECT id, directory, {title} AS title, {parent} AS parent, time_updated FROM session "
            "WHERE id IN ({ids}) ORDER BY id",
            ids,
        ):
            nbytes += row_bytes(r)
            s = _Session(str(r["id"]), r["directory"], r["title"], r["parent"], parse_time(r["time_updated"]))
            by_id[s.id] = s
            sessions.append(s)
        created = "time_created" if "time_created" in tables["message"] else "time_updated"
        messages: dict[str, _Message] = {}
        # one chunk holds all the rows of its sessions (messages) or messages (parts): SQL orders them
        rows = rows_in(
            conn,
            f"SELECT rowid AS rid, id, session_id, data, {created} AS t FROM message "
            f"WHERE session_id IN ({{ids}}) ORDER BY {created}, rowid",
            list(by_id),
        )
        for r in rows:
            nbytes += row_bytes(r)
            data = _loads(r["data"])
            s = by_id[str(r["session_id"])]
            m = _Message(int(r["rid"]), str(data.get("role") or ""), _time_of(data, r["t"]), [])
            messages[str(r["id"])] = m
            s.messages.append(m)
        part_rows = rows_in(
            conn,
            "SELECT id, message_id, data FROM part WHERE message_id IN ({ids}) ORDER BY message_id, id",
            list(messages),
        )
        for r in part_rows:
            nbytes += row_bytes(r)
            messages[str(r["message_id"])].parts.append(_loads(r["data"]))
    if {"session_v2", "session_message"} <= tables.keys():
        seen = {s.id for s in sessions}
        by_id = {}
        for r in rows_in(
            conn, "SELECT id, directory, time_updated FROM session_v2 WHERE id IN ({ids}) ORDER BY id", ids
        ):
            if str(r["id"]) in seen:
                continue
            nbytes += row_bytes(r)
            s = _Session(str(r["id"]), r["directory"], None, None, parse_time(r["time_updated"]))
            by_id[s.id] = s
            sessions.append(s)
        rows = rows_in(
            conn,
            "SELECT rowid AS rid, session_id, type, data, time_updated FROM session_message "
            "WHERE session_id IN ({ids}) ORDER BY time_updated, rowid",
            list(by_id),
        )
        for r in rows:
            nbytes += row_bytes(r)
            s = by_id[str(r["session_id"])]
            data = _loads(r["data"])
            role = str(r["type"] or data.get("role") or "")
            s.messages.append(_Message(int(r["rid"]), role, parse_time(r["time_updated"]), _v2_parts(role, data)))
    return sessions, nbytes


def _v2_parts(role: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    """v2 beta message data as v1-style parts: user {text, files}, assistant {content: [...]}."""
    if role == "user":
        return [{"type": "text", "text": data.get("text") or ""}]
    content = data.get("content")
    return [p for p in content if isinstance(p, dict)] if isinstance(content, list) else []


def _export_session(doc: Any) -> _Session | None:
    if not isinstance(doc, dict) or not isinstance(doc.get("info"), dict):
        return None
    info = doc["info"]
    if not isinstance(info.get("id"), str) or not info["id"]:
        return None
    t = info.get("time") if isinstance(info.get("time"), dict) else {}
    s = _Session(
        info["id"],
        info.get("directory"),
        info.get("title"),
        info.get("parentID") or info.get("parent_id"),
        parse_time(t.get("updated")),
    )
    for i, msg in enumerate(doc.get("messages") or []):
        if not isinstance(msg, dict):
            continue
        minfo = msg.get("info") if isinstance(msg.get("info"), dict) else {}
        parts = [p for p in msg.get("parts") or [] if isinstance(p, dict)]
        s.messages.append(_Message(i, str(minfo.get("role") or ""), _time_of(minfo), parts))
    return s


CONNECTOR = OpenCodeConnector
