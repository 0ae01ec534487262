"""Goose sessions under `sessions_dir` (`${XDG_DATA_HOME:-~/.local/share}/goose/sessions`; on
Windows `%APPDATA%\\Block\\goose\\data\\sessions`): the SQLite `sessions.db` of current builds
(read-only, session by session, as `sqlite_store.py` does) and the legacy `<id>.jsonl` files
older builds wrote (a metadata line, then one message per line; rewritten whole: read whole).
A legacy file whose id the database also holds is left to the database (migrated copies stay).

Messages are `{role, created, content: [blocks], metadata?}`; blocks are camelCase-tagged.
Kept: user and assistant `text`, one line per `toolRequest` (`toolCall.value {name,
arguments}`). Dropped: `toolResponse` (results ride in user messages), thinking, images, UI
items, messages with `metadata.userVisible` false (shown to the agent only), sub-agent sessions
(`parent_session_id`, or a `session_type` other than user), read-only tools.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import FileState, ScanResult, Survey, Unit, unit_stat
from .docstore import as_dict, maybe_json, split_roots, text_value
from .jsonl import parse_jsonl_bytes
from .rendering import BlockCollector, emit_session
from .sqlite_store import DatabaseConnector, StoredSession, row_bytes, rows_in, sqlite_tables
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"developer__text_editor_view", "developer__list_windows", "developer__screen_capture"})
DATABASE = "sessions.db"
Data = tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]  # the session row, (ordinal, message)


class GooseConnector(DatabaseConnector[Data]):
    type = "goose"
    store = AgentStore(
        option="sessions_dir",
        default="${XDG_DATA_HOME:-~/.local/share}/goose/sessions",
        windows="${APPDATA:-~/AppData/Roaming}/Block/goose/data/sessions",
        paths=session_paths(r"sessions\.db", rf"{SEGMENT}\.jsonl"),
    )
    label = "Goose"
    known_options = frozenset({"sessions_dir", "skip_tools"})

    def reads_exports(self) -> bool:
        return False

    def databases(self) -> list[Path]:
        folders, files = split_roots(self.store_roots(), "sessions")
        found = [f for f in files if f.suffix == ".db"] + [root / DATABASE for root in folders]
        return found + sorted(p for root in folders for p in root.glob("*.db") if p.name != DATABASE)

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def legacy_files(self) -> list[Path]:
        known = {u.key.rsplit("#", 1)[1] for u in super().survey().units}
        folders, files = split_roots(self.store_roots(), "sessions")
        found = [f for f in files if f.suffix == ".jsonl"] + [
            p for root in folders for p in root.glob("*.jsonl") if p.is_file()
        ]
        return sorted(p for p in found if p.stem not in known)

    def survey(self) -> Survey:
        out = super().survey()
        for p in self.legacy_files():
            stat = unit_stat([p])
            if stat is not None:
                out.units.append(Unit(str(p), *stat))
        return out

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for db in self.databases():
            self.scan_database(db, previous, now, result)
        for path in self.legacy_files():
            key = str(path)
            stat = self.check_unit(result, previous, key, [path], now)
            if stat is None:
                continue
            try:
                data = path.read_bytes()
            except OSError as err:
                result.warnings.append(f"{key}: cannot read ({err.strerror or err})")
                continue
            result.bytes_read += len(data)
            result.states[key] = FileState(key, *stat)
            read = parse_jsonl_bytes(data, settled=True)
            result.warnings.extend(f"{key}: {p}" for p in read.problems)
            if not read.lines:
                continue
            head = read.lines[0].record
            first_is_meta = "role" not in head
            session = dict(head) if first_is_meta else {}
            session["id"] = path.stem
            messages = [(line.number, line.record) for line in read.lines[1 if first_is_meta else 0 :]]
            self._emit(session, messages, key, stat[1], now, result)

    def list_sessions(self, conn: sqlite3.Connection) -> list[StoredSession[Data]]:
        tables = sqlite_tables(conn)
        if not {"sessions", "messages"} <= tables.keys():
            raise sqlite3.DatabaseError("no sessions/messages tables")
        when = _first(tables["messages"], "created_timestamp", "timestamp", "created")
        counts = {
            str(r[0]): (r[1], parse_time(r[2]), parse_time(r[3]), r[4] or 0)
            for r in conn.execute(
                f"SELECT session_id, count(*), min({when}), max({when}), max(rowid) FROM messages GROUP BY session_id"
            )
        }
        cols = [c for c in ("created_at", "updated_at") if c in tables["sessions"]]
        out = []
        for r in conn.execute(f"SELECT {', '.join(['id', *cols])} FROM sessions ORDER BY id"):
            row = dict(zip(["id", *cols], r, strict=True))
            n, first, last, top = counts.get(str(row["id"]), (0, None, None, 0))
            times = [t for t in (last, parse_time(row.get("updated_at"))) if t]
            start = first or parse_time(row.get("created_at"))
            out.append(StoredSession(str(row["id"]), start, max(times, default=start), n * 1_000_000 + top))
        return out

    def read_sessions(self, conn: sqlite3.Connection, ids: list[str]) -> tuple[dict[str, Data], int]:
        tables = sqlite_tables(conn)
        when = _first(tables["messages"], "created_timestamp", "timestamp", "created")
        nbytes, out = 0, {}
        for r in rows_in(conn, "SELECT * FROM sessions WHERE id IN ({ids})", ids):
            nbytes += row_bytes(r)
            out[str(r["id"])] = (dict(r), [])
        sql = f"SELECT rowid AS rid, * FROM messages WHERE session_id IN ({{ids}}) ORDER BY {when}, rowid"
        for r in rows_in(conn, sql, list(out)):
            nbytes += row_bytes(r)
            row = dict(r)
            message = {"role": row.get("role"), "created": row.get(when),
                       "content": _loads(row.get("content_json", row.get("content"))),
                       "metadata": _loads(row.get("metadata_json", row.get("metadata")))}  # fmt: skip
            out[str(r["session_id"])][1].append((int(r["rid"]), message))
        return out, nbytes

    def emit(self, session: StoredSession[Data], key: str, now: float, result: ScanResult) -> None:
        if session.data is not None:
            last = session.last.timestamp() if session.last else now
            self._emit(*session.data, key, last, now, result)

    def _emit(self, session: dict[str, Any], messages: list[tuple[int, dict[str, Any]]], key: str, mtime: float,
              now: float, result: ScanResult) -> None:  # fmt: skip
        kind = str(session.get("session_type") or "user")
        if (session.get("parent_session_id") or kind not in ("user", "")) and not self.agent.include_subagents:
            return
        if not self.settled(mtime, now):
            result.deferred += 1
            return
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        ts = parse_time(session.get("created_at")) or datetime.fromtimestamp(mtime, tz=UTC)
        for n, m in messages:
            ts = parse_time(m.get("created")) or ts
            if as_dict(m.get("metadata")).get("userVisible") is False:
                continue
            _message(c, n, ts, str(m.get("role") or ""), m.get("content"))
        model = text_value(as_dict(_loads(session.get("model_config_json"))).get("model_name"))
        meta = {"models": model} if model else {}
        title = text_value(session.get("name")) or text_value(session.get("description"))
        emit_session(self, result, c, session_id=str(session["id"]), ref_prefix="goose-session",
                     cwd=text_value(session.get("working_dir")), path=key, mtime=mtime, title=title, meta=meta)  # fmt: skip


def _message(c: BlockCollector, n: int, ts: datetime, role: str, content: Any) -> None:
    said = []
    calls = []
    for block in map(as_dict, content if isinstance(content, list) else [{"type": "text", "text": content}]):
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str):
            said.append(block["text"])
        elif kind in ("toolRequest", "frontendToolRequest"):
            call = as_dict(as_dict(block.get("toolCall")).get("value")) or as_dict(block.get("toolCall"))
            calls.append((str(call.get("name") or ""), maybe_json(call.get("arguments", ""))))
    if role == "user":
        c.user(n, ts, "\n".join(said))
    elif role == "assistant":
        c.assistant(n, ts, "\n".join(said))
        for name, args in calls:
            c.tool_call(n, ts, name, args)


def _first(columns: set[str], *names: str) -> str:
    return next((n for n in names if n in columns), "rowid")


def _loads(raw: Any) -> Any:
    if isinstance(raw, (str, bytes)):
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return raw
    return raw


CONNECTOR = GooseConnector
