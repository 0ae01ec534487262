"""Cursor's agent transcripts and the Cursor CLI's own store, under `${CURSOR_CONFIG_DIR:-~/.cursor}`.

- `projects/<path slug>/agent-transcripts/`: one transcript per agent conversation, written by
  the IDE's agent mode and by `cursor-agent`: nested `<id>/<id>.jsonl` (current), flat
  `<id>.jsonl`, legacy `<id>.txt` (a `.jsonl` wins over a `.txt` of the same id), sub-agents in
  `<id>/subagents/` (read with include_subagents). JSONL lines are `{role, message: {content}}`
  with Anthropic-style parts; they only grow, so a grown one is read from where it stopped. The
  user's text is inside `<user_query>`; a `<timestamp>` block before it dates the turn (the file
  has no other time: the mtime before the first one). `[REDACTED]` assistant text is a
  placeholder, not said. The legacy text form starts turns with `user:`/`assistant:` lines and
  indents `[Thinking]`, `[Tool call] Name` and `[Tool result]` blocks.
- `chats/<md5 of cwd>/<chat id>/store.db`: the CLI's chat (read-only SQLite: `meta` holds hex
  JSON naming the root blob; the root blob is protobuf whose field 1 lists the message blobs'
  32-byte ids; each message blob is JSON `{role, content}`), and `meta.json` beside it holds
  the cwd. Read only for a chat with no transcript (the transcript is the simpler record).
Kept: user and assistant text, one line per tool call. Dropped: thinking/reasoning, tool
results, `<user_info>` and other injected context, read-only tools. The cwd: the chat's
`meta.json`, else the project slug resolved against the file system (a lossy name).
"""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from ..models import Session
from ..text import parse_time
from . import protowire as pw
from .base import ScanResult, sqlite_files
from .docstore import JsonlAndWholeFiles, add_message, as_dict, as_list, cached_json, own_call, text_value
from .jsonl import JsonLine
from .rendering import BlockCollector, emit_session, make_session
from .sqlite_store import open_sqlite_readonly
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset({"Read", "Glob", "Grep", "LS", "ReadLints", "SemanticSearch", "WebSearch", "WebFetch",
                             "TodoWrite", "read_file", "list_dir", "grep", "glob_file_search"})  # fmt: skip
_QUERY = re.compile(r"<user_query>\s*(.*?)\s*</user_query>", re.S)
_STAMP = re.compile(r"<timestamp>\s*(?:\w+,\s*)?(\w+ \d{1,2}, \d{4}, \d{1,2}:\d\d\s*[AP]M)\s*"
                    r"(?:\((?:UTC|GMT)\s*([+-]\d{1,2})(?::?(\d\d))?\))?\s*</timestamp>", re.S)  # fmt: skip
_OTHER_TAGS = re.compile(r"<(timestamp|user_info|attached_files|open_and_recently_viewed_files|git_status|"
                         r"system_reminder|rules|agent_skills)\b[^>]*>.*?</\1>", re.S)  # fmt: skip
_TXT_TURN = re.compile(r"^(user|assistant):\s*$")
_TXT_BLOCK = re.compile(r"^\s*\[(Thinking|Tool call|Tool result)\]\s*(.*)$")


class CursorAgentConnector(JsonlAndWholeFiles):
    type = "cursor_agent"
    store = AgentStore(
        option="cursor_dir",
        default="${CURSOR_CONFIG_DIR:-~/.cursor}",
        paths=session_paths(
            rf"projects/{SEGMENT}/agent-transcripts/(?:{SEGMENT}/(?:subagents/)?)?{SEGMENT}\.(?:jsonl|txt)",
            rf"chats/{SEGMENT}/{SEGMENT}/(?:store\.db|meta\.json)",
        ),
    )
    known_options = frozenset({"cursor_dir", "skip_tools"})

    def watch_paths(self) -> list[Path]:
        return [p for root in self.store_roots() for p in (root / "projects", root / "chats")]

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        found: dict[str, tuple[Path, dict[str, str]]] = {}
        for root in self.store_roots():
            for folder in sorted(root.glob("projects/*/agent-transcripts")) + [root] * (
                root.name == "agent-transcripts"
            ):
                patterns = ["*.txt", "*.jsonl", "*/*.jsonl"] + ["*/subagents/*.jsonl"] * self.agent.include_subagents
                for path in sorted(p for pattern in patterns for p in folder.glob(pattern)):
                    rel = path.relative_to(folder).parts
                    sub = len(rel) == 3
                    ctx = {"slug": folder.parent.name, **({"parent": rel[0]} if sub else {})}
                    key = f"{rel[0]}/{path.stem}" if sub else path.stem
                    if key not in found or found[key][0].suffix == ".txt":
                        found[key] = (path, ctx)
            for db in sorted(root.glob("chats/*/*/store.db")):
                found.setdefault(db.parent.name, (db, {}))  # a transcript of the same chat wins
        return sorted(found.values(), key=lambda pc: str(pc[0]))

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), sqlite_files(p) if p.suffix == ".db" else [p]) for p, _ in self.session_files(ScanResult())]

    def parse_file(
        self, path: Path, lines: list[JsonLine], carry: dict[str, Any], context: dict[str, str], mtime: float
    ) -> Session | None:
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        ts = parse_time(carry.get("last_ts")) or datetime.fromtimestamp(mtime, tz=UTC)
        for line in lines:
            r = line.record
            role = str(r.get("role") or as_dict(r.get("message")).get("role") or "")
            content = as_dict(r.get("message")).get("content", r.get("content"))
            if role == "user":
                ts = _stamp(content) or ts
                content = _user_text(content)
            add_message(c, line.number, ts, role, _without_placeholders(content))
        carry["last_ts"] = ts.isoformat()
        if own_call(carry, c):
            return None
        return self._session(c, path, context, mtime)

    def _session(self, c: BlockCollector, path: Path, context: dict[str, str], mtime: float, **extra: Any) -> Session:
        sid = f"{context['parent']}/{path.stem}" if context.get("parent") else path.stem
        meta = {"subagent_of": context["parent"]} if context.get("parent") else {}
        cwd = self._cwd(path.stem, context.get("slug"))
        return make_session(self, c, session_id=sid, ref_prefix="cursor-composer", cwd=cwd, path=str(path), mtime=mtime,
                          meta=meta, **extra)  # fmt: skip

    def _cwd(self, chat_id: str, slug: str | None) -> str | None:
        for root in self.store_roots():
            for meta in root.glob(f"chats/*/{chat_id}/meta.json"):
                cwd = text_value(as_dict(cached_json(meta)).get("cwd"))
                if cwd:
                    return cwd
        return _resolve_slug(slug) if slug else None

    def whole_files(self, path: Path) -> list[Path]:
        return sqlite_files(path) if path.suffix == ".db" else [path]

    def read_whole(self, path: Path, context: dict[str, str], mtime: float, result: ScanResult) -> None:
        if path.suffix == ".db":
            self._read_store(path, mtime, result)
            return
        data = path.read_bytes()
        result.bytes_read += len(data)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        _legacy_text(c, data.decode("utf-8", "replace"), datetime.fromtimestamp(mtime, tz=UTC))
        s = self._session(c, path, context, mtime)
        emit_session(self, result, c, session_id=s.session_id, ref_prefix="cursor-composer", cwd=s.cwd, path=str(path),
                     mtime=mtime, meta=s.meta)  # fmt: skip

    def _read_store(self, db: Path, mtime: float, result: ScanResult) -> None:
        conn = open_sqlite_readonly(db)
        try:
            meta, messages, nbytes = _store_messages(conn)
        finally:
            conn.close()
        result.bytes_read += nbytes
        ts = parse_time(meta.get("createdAt")) or datetime.fromtimestamp(mtime, tz=UTC)
        c = BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))
        for n, m in enumerate(messages, start=1):
            role, content = str(m.get("role") or ""), m.get("content")
            add_message(c, n, ts, role, _without_placeholders(_user_text(content) if role == "user" else content))
        sid = text_value(meta.get("agentId")) or db.parent.name
        extra = {"models": meta["lastUsedModel"]} if text_value(meta.get("lastUsedModel")) else {}
        emit_session(self, result, c, session_id=sid, ref_prefix="cursor-composer", cwd=self._cwd(db.parent.name, None),
                     path=str(db), mtime=mtime, title=text_value(meta.get("name")), meta=extra)  # fmt: skip


def _store_messages(conn: sqlite3.Connection) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """(meta, message blobs in order, bytes read) of a chat's store.db."""
    row = conn.execute("SELECT value FROM meta WHERE key = '0'").fetchone()
    raw = row[0] if row else None
    try:
        text = bytes.fromhex(raw).decode("utf-8") if isinstance(raw, str) else (raw or b"{}").decode("utf-8")
        meta = as_dict(json.loads(text))
    except (ValueError, UnicodeDecodeError, AttributeError):
        meta = {}
    blobs = {str(r[0]): r[1] for r in conn.execute("SELECT id, data FROM blobs ORDER BY rowid")}
    nbytes = sum(len(v) for v in blobs.values() if isinstance(v, (bytes, str)))
    order: list[str] = []
    root = blobs.get(str(meta.get("latestRootBlobId") or ""))
    if isinstance(root, bytes):
        try:
            order = [v.hex() for v in pw.decode(root).get(1, []) if isinstance(v, bytes) and len(v) == 32]
        except pw.WireError:
            order = []
    ids = order if any(i in blobs for i in order) else list(blobs)
    messages = []
    for i in ids:
        data = blobs.get(i)
        try:
            doc = json.loads(data) if isinstance(data, (bytes, str)) else None
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(doc, dict) and doc.get("role") in ("user", "assistant"):
            messages.append(doc)
    return meta, messages, nbytes


def _user_text(content: Any) -> Any:
    """What the person typed: the `<user_query>` text, else the text without injected blocks."""
    text = content if isinstance(content, str) else "\n".join(
        str(as_dict(p).get("text") or "") for p in as_list(content) if as_dict(p).get("type") == "text")  # fmt: skip
    found = _QUERY.findall(text)
    return "\n".join(found) if found else _OTHER_TAGS.sub("", text).strip()


def _without_placeholders(content: Any) -> Any:
    if isinstance(content, str):
        return "" if content.strip() == "[REDACTED]" else content
    return [p for p in as_list(content) if str(as_dict(p).get("text", "")).strip() != "[REDACTED]"]


def _stamp(content: Any) -> datetime | None:
    text = content if isinstance(content, str) else json.dumps(content)
    m = _STAMP.search(text)
    if not m:
        return None
    try:
        when = datetime.strptime(" ".join(m.group(1).split()), "%b %d, %Y, %I:%M %p")
    except ValueError:
        try:
            when = datetime.strptime(" ".join(m.group(1).split()), "%B %d, %Y, %I:%M %p")
        except ValueError:
            return None
    hours, minutes = int(m.group(2) or 0), int(m.group(3) or 0)
    offset = timedelta(hours=hours, minutes=minutes if hours >= 0 else -minutes)
    return when.replace(tzinfo=timezone(offset)).astimezone(UTC)


def _legacy_text(c: BlockCollector, text: str, ts: datetime) -> None:
    role, lines, start, skipping = None, [], 0, False

    def flush() -> None:
        body = "\n".join(lines).strip()
        if role == "user":
            c.user(start, ts, str(_user_text(body)))
        elif role == "assistant":
            c.assistant(start, ts, "" if body == "[REDACTED]" else body)

    for n, line in enumerate(text.splitlines(), start=1):
        turn = _TXT_TURN.match(line)
        if turn:
            flush()
            role, lines, start, skipping = turn.group(1), [], n, False
            continue
        block = _TXT_BLOCK.match(line) if role == "assistant" else None
        if block:
            flush()
            lines, start, skipping = [], n + 1, True
            if block.group(1) == "Tool call" and block.group(2).strip():
                c.tool_call(n, ts, block.group(2).strip(), "")
            continue
        if skipping and (not line.strip() or line[:1] in (" ", "\t")):
            continue  # the indented body of a thinking, tool call or tool result block
        skipping = False
        lines.append(line)
    flush()


def _resolve_slug(slug: str) -> str | None:
    """The folder a project slug names (`/`, `.` and spaces turned into `-`), when one exists."""
    want = slug.strip("-")

    def walk(folder: Path, rest: str, depth: int) -> str | None:
        if not rest:
            return str(folder)
        if depth > 24:
            return None
        try:
            names = sorted((p.name for p in folder.iterdir() if p.is_dir()), key=len, reverse=True)
        except OSError:
            return None
        for name in names:
            flat = re.sub(r"[/. _]", "-", name)
            if rest == flat or rest.startswith(flat + "-"):
                found = walk(folder / name, rest[len(flat) + 1 :], depth + 1)
                if found:
                    return found
        return None

    return walk(Path("/"), want, 0) if want else None


CONNECTOR = CursorAgentConnector
