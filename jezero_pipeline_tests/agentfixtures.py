"""Builders for the formats no real sample exists of, written from their descriptions.

Antigravity conversations are encoded with the writer half of our own protobuf wire module
(the field numbers are those `sessions/antigravity.py` documents); Grok's ACP stream and mail
follow `../shared/reference/session-formats.md` and the standard library's `email`.
"""

from __future__ import annotations

import json
import mailbox
import os
import sqlite3
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from jezero_pipeline.sessions import protowire as pw

# --- Antigravity ---------------------------------------------------------------------------


def _meta(ts: datetime | None) -> bytes:
    if ts is None:
        return b""
    stamp = pw.encode([pw.varint_field(1, int(ts.timestamp())), pw.varint_field(2, ts.microsecond * 1000)])
    return pw.bytes_field(5, pw.bytes_field(1, stamp))


def user_step(text: str, ts: datetime | None) -> bytes:
    return pw.encode([pw.varint_field(1, 14), _meta(ts), pw.bytes_field(19, pw.bytes_field(1, text))])


def agent_step(text: str, ts: datetime | None, calls: list[tuple[str, Any]] = (), thinking: str | None = None) -> bytes:
    body = [pw.bytes_field(1, text)] if text else []
    if thinking:
        body.append(pw.bytes_field(3, thinking))
    for i, (name, args) in enumerate(calls):
        call = pw.encode([pw.bytes_field(1, f"call-{i}"), pw.bytes_field(2, name), pw.bytes_field(3, json.dumps(args))])
        body.append(pw.bytes_field(7, call))
    return pw.encode([pw.varint_field(1, 15), pw.varint_field(4, 3), _meta(ts), pw.bytes_field(20, pw.encode(body))])


def tool_result_step(text: str, ts: datetime | None) -> bytes:
    return pw.encode([pw.varint_field(1, 132), _meta(ts), pw.bytes_field(25, pw.bytes_field(1, text))])


def thinking_step(text: str, ts: datetime | None) -> bytes:
    return pw.encode([pw.varint_field(1, 101), _meta(ts), pw.bytes_field(30, pw.bytes_field(1, text))])


def write_conversation(data_dir: Path, cid: str, steps: list[bytes], workspace: str | None = None) -> Path:
    """`<data_dir>/conversations/<cid>.db` with a `steps` table and the trajectory metadata."""
    folder = data_dir / "conversations"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{cid}.db"
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE steps (idx INTEGER PRIMARY KEY, step BLOB NOT NULL)")
    db.execute("CREATE TABLE trajectory_metadata_blob (id TEXT PRIMARY KEY, data BLOB)")
    db.executemany("INSERT INTO steps (idx, step) VALUES (?, ?)", [(i, s) for i, s in enumerate(steps, 1)])
    if workspace:
        blob = pw.bytes_field(1, pw.bytes_field(1, workspace))
        db.execute("INSERT INTO trajectory_metadata_blob VALUES ('main', ?)", (blob,))
    db.commit()
    db.close()
    return path


def add_steps(path: Path, steps: list[bytes]) -> None:
    db = sqlite3.connect(path)
    start = db.execute("SELECT coalesce(max(idx), 0) FROM steps").fetchone()[0]
    db.executemany("INSERT INTO steps (idx, step) VALUES (?, ?)", [(start + i, s) for i, s in enumerate(steps, 1)])
    db.commit()
    db.close()


def write_titles(data_dir: Path, titles: dict[str, str]) -> Path:
    path = data_dir / "conversation_summaries.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS conversation_summaries (cascade_id TEXT PRIMARY KEY, data BLOB)")
    for cid, title in titles.items():
        db.execute("INSERT OR REPLACE INTO conversation_summaries VALUES (?, ?)", (cid, pw.bytes_field(1, title)))
    db.commit()
    db.close()
    return path


def write_history(data_dir: Path, rows: list[dict[str, Any]]) -> Path:
    path = data_dir / "history.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


# --- Grok's ACP stream -----------------------------------------------------------------------


def acp(ts: float, update: dict[str, Any], method: str = "session/update", session: str = "g1") -> dict[str, Any]:
    return {"timestamp": ts, "method": method, "params": {"sessionId": session, "update": update}}


def acp_chunk(kind: str, text: str, ts: float, prompt: int | None = None) -> dict[str, Any]:
    update: dict[str, Any] = {"sessionUpdate": kind, "content": {"type": "text", "text": text}}
    if prompt is not None:
        update["_meta"] = {"promptIndex": prompt}
    return acp(ts, update)


def acp_tool(ts: float, call_id: str, name: str, kind: str, args: dict[str, Any]) -> dict[str, Any]:
    return acp(ts, {"sessionUpdate": "tool_call", "toolCallId": call_id, "title": name, "kind": kind, "rawInput": args})


def jsonl(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


# --- mail -------------------------------------------------------------------------------------


def mail(
    sender: str,
    subject: str,
    body: str,
    when: datetime,
    msgid: str,
    *,
    to: str = "me@example.org",
    reply_to: list[str] = (),
    html: str | None = None,
    attachments: list[tuple[str, bytes, str]] = (),
    headers: dict[str, str] | None = None,
) -> EmailMessage:
    """One message; `reply_to`: the Message-IDs it answers (References, In-Reply-To: the last)."""
    m = EmailMessage()
    m["From"] = sender
    m["To"] = to
    m["Subject"] = subject
    m["Date"] = format_datetime(when.astimezone(UTC))
    m["Message-ID"] = f"<{msgid}>"
    if reply_to:
        m["References"] = " ".join(f"<{r}>" for r in reply_to)
        m["In-Reply-To"] = f"<{reply_to[-1]}>"
    for k, v in (headers or {}).items():
        m[k] = v
    m.set_content(body)
    if html is not None:
        m.add_alternative(html, subtype="html")
    for name, data, ctype in attachments:
        main, sub = ctype.split("/", 1)
        m.add_attachment(data, maintype=main, subtype=sub, filename=name)
    return m


def html_only(sender: str, subject: str, html: str, when: datetime, msgid: str) -> EmailMessage:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, "me@example.org", subject
    m["Date"], m["Message-ID"] = format_datetime(when.astimezone(UTC)), f"<{msgid}>"
    m.set_content(html, subtype="html")
    return m


def write_mbox(path: Path, messages: list[EmailMessage]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.mbox(str(path))
    box.lock()
    try:
        for m in messages:
            box.add(m)
        box.flush()
    finally:
        box.unlock()
        box.close()
    return path


def write_maildir(folder: Path, messages: list[EmailMessage], when: float | None = None) -> list[Path]:
    folder.parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.Maildir(str(folder), create=True)
    paths = []
    for m in messages:
        key = box.add(m)
        path = Path(folder) / "new" / key
        if when is not None:
            os.utime(path, (when, when))
        paths.append(path)
    box.close()
    return paths
