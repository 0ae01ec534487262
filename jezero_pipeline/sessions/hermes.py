"""Hermes Agent sessions: its `state.db` (`db_path`) or an `export_dir` of session JSON files.

Exactly one of the two options must be set.
- `db_path`: SQLite (a glob allowed), opened read-only. Tables `sessions` (id, source, title,
  cwd?, started_at, ended_at, …) and `messages` (id, session_id, role, content, tool_calls
  JSON, timestamp, …). Block ordinal = the message row id. A session is a unit: the listing
  reads only ids, counts and times; only the sessions whose rows changed are read.
- `export_dir`: `<session>.json` files `{session: {...}, messages: [...]}` (the flat
  `~/.hermes/sessions/*.json` shape `{session_id, cwd, …, messages}` is read too).
  Block ordinal = message index.

Kept: user and assistant text (memory-context / system-reminder tags and "[System note: …]"
stripped), one line per tool call. Dropped: tool results, system messages, reasoning, and
sessions whose `source` is in `skip_session_sources` (["cron", "subagent"]).
"""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import UTC, datetime
from typing import Any

from ..text import parse_time
from .base import FileState, ScanResult
from .rendering import BlockCollector, emit_session, text_of
from .sqlite_store import DatabaseConnector, StoredSession, row_bytes, rows_in, sqlite_tables
from .stores import AgentStore, session_paths

DEFAULT_SKIP_SOURCES = ("cron", "subagent")
_SYSTEM_NOTE = re.compile(r"\[System note:[^\]]*\]", re.I)


Messages = list[tuple[int, dict[str, Any]]]


class HermesConnector(DatabaseConnector[tuple[dict[str, Any], Messages]]):
    type = "hermes"
    # The connector itself has no default: it takes exactly one of db_path and export_dir.
    store = AgentStore(
        option="db_path", default="~/.hermes/state.db", paths=session_paths(r"state\.db"), database="state.db"
    )
    label = "Hermes"
    known_options = frozenset({"db_path", "export_dir", "skip_session_sources", "skip_tools"})

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        has_db, has_export = bool(self.options.get("db_path")), bool(self.options.get("export_dir"))
        if has_db == has_export:
            raise ValueError(
                f"connector {self.cfg.name!r} (hermes): set exactly one of options.db_path and options.export_dir"
            )
        skip = set(self.options.get("skip_session_sources", DEFAULT_SKIP_SOURCES))
        if self.agent.include_subagents:
            skip.discard("subagent")
        self.skip_sources = skip

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        if not self.reads_exports():
            for db in self.databases():
                self.scan_database(db, previous, now, result)
            return
        for root in self.roots("export_dir", ""):
            for key, mtime, doc in self.changed_json_files(root, previous, now, result):
                parsed = _export_session(doc)
                if parsed is None:
                    result.warnings.append(f"{key}: not a Hermes session export (no session id), file skipped")
                    continue
                self._emit(*parsed, key, mtime, now, result)

    def list_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[tuple[dict[str, Any], Messages]]]:
        return _list_db(conn)

    def read_sessions(
        self, conn: sqlite3.Connection, ids: list[str]
    ) -> tuple[dict[str, tuple[dict[str, Any], Messages]], int]:
        return _read_db(conn, ids)

    def emit(
        self, session: StoredSession[tuple[dict[str, Any], Messages]], key: str, now: float, result: ScanResult
    ) -> None:
        last = session.last.timestamp() if session.last else now
        if session.data is not None:
            self._emit(*session.data, key, last, now, result)

    def _emit(
        self,
        session: dict[str, Any],
        messages: list[tuple[int, dict[str, Any]]],
        path: str,
        mtime: float,
        now: float,
        result: ScanResult,
    ) -> None:
        if str(session.get("source") or session.get("platform") or "") in self.skip_sources:
            return
        times = [parse_time(m.get("timestamp")) for _, m in messages]
        last = max(
            [t for t in times if t]
            + [
                t
                for t in (
                    parse_time(session.get("ended_at")),
                    parse_time(session.get("last_updated")),
                    parse_time(session.get("started_at")),
                    parse_time(session.get("session_start")),
                )
                if t
            ],
            default=None,
        ) or datetime.fromtimestamp(mtime, tz=UTC)
        if not self.settled(last.timestamp(), now):
            result.deferred += 1
            return
        start = parse_time(session.get("started_at") or session.get("session_start")) or last
        c = BlockCollector(self, frozenset(), tuple(self.options.get("skip_tools", ())))
        ts = start
        for ordinal, m in messages:
            ts = parse_time(m.get("timestamp")) or ts
            role = m.get("role")
            text = _SYSTEM_NOTE.sub("", text_of(m.get("content")))
            if role == "user":
                c.user(ordinal, ts, text)
            elif role == "assistant":
                c.assistant(ordinal, ts, text)
                for name, args in _tool_calls(m.get("tool_calls")):
                    c.tool_call(ordinal, ts, name, args)
            # tool results, system messages and reasoning are dropped
        meta = {}
        if session.get("model"):
            meta["models"] = str(session["model"])
        if session.get("source") or session.get("platform"):
            meta["channel"] = str(session.get("source") or session.get("platform"))
        cwd = session.get("cwd")
        emit_session(
            self,
            result,
            c,
            session_id=str(session.get("id") or session["session_id"]),
            ref_prefix="hermes-session",
            cwd=cwd if isinstance(cwd, str) else None,
            path=path,
            mtime=mtime,
            title=session.get("title") if isinstance(session.get("title"), str) else None,
            meta=meta,
        )


def _tool_calls(raw: Any) -> list[tuple[str, Any]]:
    """OpenAI-style `[{function: {name, arguments}}]`, stored as JSON text or a list."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError:
            return []
    calls = []
    for call in raw if isinstance(raw, list) else []:
        if not isinstance(call, dict):
            continue
        fn = call.get("function") if isinstance(call.get("function"), dict) else call
        args = fn.get("arguments", fn.get("input", ""))
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except json.JSONDecodeError:
                pass
        calls.append((str(fn.get("name") or call.get("tool_name") or ""), args))
    return calls


_SESSION_TIMES = ("started_at", "session_start", "ended_at", "last_updated")


def _list_db(conn: sqlite3.Connection) -> list[StoredSession[tuple[dict[str, Any], Messages]]]:
    """Every session's start, last activity and size (its messages), from ids and times only."""
    tables = sqlite_tables(conn)
    if not {"sessions", "messages"} <= tables.keys():
        raise sqlite3.DatabaseError("no sessions/messages tables")
    times = [c for c in _SESSION_TIMES if c in tables["sessions"]]
    stamp = "timestamp" if "timestamp" in tables["messages"] else "NULL"
    counts = {
        str(r["session_id"]): (r["n"], parse_time(r["first"]), parse_time(r["last"]))
        for r in conn.execute(
            f"SELECT session_id, count(*) AS n, min({stamp}) AS first, max({stamp}) AS last "
            "FROM messages GROUP BY session_id"
        )
    }
    out = []
    for r in conn.execute(f"SELECT {', '.join(['id', *times])} FROM sessions ORDER BY id"):
        sid = str(r["id"])
        n, first, last = counts.get(sid, (0, None, None))
        row = dict(r)
        start = parse_time(row.get("started_at") or row.get("session_start")) or first
        moments = [t for t in (last, *(parse_time(row.get(c)) for c in times)) if t]
        out.append(StoredSession(sid, start, max(moments, default=None), n))
    return out


def _read_db(conn: sqlite3.Connection, ids: list[str]) -> tuple[dict[str, tuple[dict[str, Any], Messages]], int]:
    """These sessions with their messages, and the bytes of the rows read."""
    tables = sqlite_tables(conn)
    if not {"sessions", "messages"} <= tables.keys():
        raise sqlite3.DatabaseError("no sessions/messages tables")
    nbytes = 0
    sessions: dict[str, tuple[dict[str, Any], Messages]] = {}
    for r in rows_in(conn, "SELECT * FROM sessions WHERE id IN ({ids}) ORDER BY id", ids):
        nbytes += row_bytes(r)
        sessions[str(r["id"])] = (dict(r), [])
    for r in rows_in(
        conn, "SELECT rowid AS rid, * FROM messages WHERE session_id IN ({ids}) ORDER BY rowid", list(sessions)
    ):
        nbytes += row_bytes(r)
        sessions[str(r["session_id"])][1].append((int(r["rid"]), dict(r)))
    return sessions, nbytes


def _export_session(doc: Any) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]] | None:
    if not isinstance(doc, dict):
        return None
    session = doc.get("session") if isinstance(doc.get("session"), dict) else doc
    if not (session.get("id") or session.get("session_id")):
        return None
    raw = doc.get("messages") if isinstance(doc.get("messages"), list) else []
    return session, [(i, m) for i, m in enumerate(raw) if isinstance(m, dict)]


CONNECTOR = HermesConnector
