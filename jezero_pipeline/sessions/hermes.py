"""Hermes Agent sessions: its `state.db` (`db_path`) or an `export_dir` of session JSON files.

Exactly one of the two options must be set.
- `db_path`: SQLite, opened read-only; the DB and its `-wal` are one unit of change. Tables
  `sessions` (id, source, title, cwd?, started_at, ended_at, …) and `messages` (id, session_id,
  role, content, tool_calls JSON, timestamp, …). Block ordinal = the message row id.
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
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import FileState, ScanResult, json_files
from .rendering import BlockCollector, emit_session, text_of
from .sqlite_store import DatabaseConnector, StoredSession, sqlite_tables

DEFAULT_SKIP_SOURCES = ("cron", "subagent")
_SYSTEM_NOTE = re.compile(r"\[System note:[^\]]*\]", re.I)


Messages = list[tuple[int, dict[str, Any]]]


class HermesConnector(DatabaseConnector[tuple[dict[str, Any], Messages]]):
    type = "hermes"
    label = "Hermes"

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

    def database(self) -> Path | None:
        return self.path_option("db_path") if self.options.get("db_path") else None

    def watch_paths(self) -> list[Path]:
        db = self.database()
        return [db, Path(f"{db}-wal")] if db else [self.path_option("export_dir")]

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), [p]) for p in json_files(self.path_option("export_dir"))]

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        db = self.database()
        if db is not None:
            self.scan_database(db, previous, now, result)
            return
        for key, mtime, doc in self.changed_json_files(self.path_option("export_dir"), previous, now, result):
            parsed = _export_session(doc)
            if parsed is None:
                result.warnings.append(f"{key}: not a Hermes session export (no session id), file skipped")
                continue
            self._emit(*parsed, key, mtime, now, result)

    def read_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[tuple[dict[str, Any], Messages]]]:
        out = []
        for session, messages in _read_db(conn):
            times = [t for t in (parse_time(m.get("timestamp")) for _, m in messages) if t]
            start = parse_time(session.get("started_at") or session.get("session_start"))
            ended = parse_time(session.get("ended_at") or session.get("last_updated"))
            last = max([*times, *(t for t in (start, ended) if t)], default=None)
            out.append(
                StoredSession(
                    str(session["id"]), start or min(times, default=None), last, len(messages), (session, messages)
                )
            )
        return out

    def emit(
        self, session: StoredSession[tuple[dict[str, Any], Messages]], key: str, now: float, result: ScanResult
    ) -> None:
        last = session.last.timestamp() if session.last else now
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


def _read_db(conn: sqlite3.Connection) -> list[tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]]:
    tables = sqlite_tables(conn)
    if not {"sessions", "messages"} <= tables.keys():
        raise sqlite3.DatabaseError("no sessions/messages tables")
    sessions = {str(r["id"]): (dict(r), []) for r in conn.execute("SELECT * FROM sessions ORDER BY id")}
    for r in conn.execute("SELECT rowid AS rid, * FROM messages ORDER BY rowid"):
        entry = sessions.get(str(r["session_id"]))
        if entry is not None:
            entry[1].append((int(r["rid"]), dict(r)))
    return list(sessions.values())


def _export_session(doc: Any) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]] | None:
    if not isinstance(doc, dict):
        return None
    session = doc.get("session") if isinstance(doc.get("session"), dict) else doc
    if not (session.get("id") or session.get("session_id")):
        return None
    raw = doc.get("messages") if isinstance(doc.get("messages"), list) else []
    return session, [(i, m) for i, m in enumerate(raw) if isinstance(m, dict)]


CONNECTOR = HermesConnector
