"""Mail: an mbox file (a mail export), a Maildir folder (a mail sync tool), or a folder of either.

Read with the standard library's `mailbox` and `email`. One item per thread: messages are
joined by `References`/`In-Reply-To` (a reply whose client dropped both joins the thread of
its subject), and a thread is a unit keyed `<path>#<thread id>`, its size the sum of its
messages and its time the latest arrival. Each message is one block: what its sender wrote
(mailtext.own_words: quoted replies and signatures dropped; an HTML-only mail as text), with
its attachments named (`(attachment: name, type)`) but never read. Newsletters and bulk mail
(`List-Unsubscribe`, `Precedence: bulk|list|junk`, `Auto-Submitted`) are skipped. Mail is
written by others: its trust defaults to `external`, so a search can leave it out.

Knowing what changed costs a header read per new Maildir file (cached by stat) or one pass
over an mbox whose size or mtime moved; a message body is read only for a thread that changed.
"""

from __future__ import annotations

import email
import email.errors
import email.header
import email.policy
import hashlib
import mailbox
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage, Message
from email.utils import getaddresses, parsedate_to_datetime
from pathlib import Path
from typing import Any

from ..models import Block
from .base import Connector, FileState, ScanResult, Survey, Unit
from .mailtext import html_to_text, own_words
from .rendering import BlockCollector, emit_session, render_line

HEADER_BYTES = 256 * 1024  # a Maildir message's header is read up to its first blank line, within this
_REPLY_PREFIX = re.compile(r"^\s*(?:(?:re|fw|fwd|aw|wg|sv|vs|tr|rv)\s*(?:\[\d+\])?\s*:\s*)+", re.I)
_MSGID = re.compile(r"<([^<>\s]+)>")


@dataclass(frozen=True)
class Header:
    """What threading and change detection need of one message, from its header alone."""

    where: str  # "<maildir file>" or "<mbox file>#<key>"
    size: int
    arrived: float  # the file's mtime (Maildir) or the Date, never after the mbox's mtime
    date: float | None
    message_id: str
    parents: tuple[str, ...]  # References then In-Reply-To, oldest first
    subject: str
    bulk: bool


class MailConnector(Connector):
    type = "mail"
    required_options = ("path",)
    known_options = frozenset({"path"})
    shared_options = frozenset({"settle_minutes", "min_chars"})
    shared_defaults = {"min_chars": 200, "settle_minutes": 0}
    default_trust = "external"

    def mailboxes(self) -> list[tuple[str, Path]]:
        """("maildir" | "mbox", path) of every mailbox under `path` (globs expanded), sorted."""
        found: list[tuple[str, Path]] = []
        for root in self.roots("path", ""):
            found += _mailboxes(root)
        return sorted(set(found), key=lambda m: str(m[1]))

    def watch_paths(self) -> list[Path]:
        out: list[Path] = []
        for kind, path in self.mailboxes():
            out += [path / "cur", path / "new"] if kind == "maildir" else [path]
        return out

    def prefix(self) -> str:
        return str(self.path_option("path"))

    # listing ------------------------------------------------------------------------------

    def headers(self, warnings: list[str]) -> list[Header]:
        out: list[Header] = []
        for kind, path in self.mailboxes():
            try:
                out += _maildir_headers(path) if kind == "maildir" else _mbox_headers(path)
            except (OSError, mailbox.Error, ValueError) as err:
                warnings.append(f"{path}: not a readable {kind} ({getattr(err, 'strerror', None) or err})")
        return out

    def threads(self, warnings: list[str]) -> dict[str, list[Header]]:
        """thread key -> its messages (bulk mail left out), oldest first."""
        return {f"{self.prefix()}#{tid}": msgs for tid, msgs in thread(self.headers(warnings)).items()}

    def survey(self) -> Survey:
        out = Survey()
        for key, msgs in self.threads(out.warnings).items():
            dates = [m.date for m in msgs if m.date is not None]
            start = datetime.fromtimestamp(min(dates), tz=UTC) if dates else None
            out.units.append(Unit(key, sum(m.size for m in msgs), max(m.arrived for m in msgs), start))
        return out

    def start_of(self, unit: Unit) -> datetime | None:
        return unit.start

    # reading ------------------------------------------------------------------------------

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for key, msgs in self.threads(result.warnings).items():
            if not self.wanted(key):
                continue
            size, mtime = sum(m.size for m in msgs), max(m.arrived for m in msgs)
            if self.check_state(result, previous, key, size, mtime, now) is None:
                continue
            self._read_thread(key, msgs, mtime, result)
            result.states[key] = FileState(key, size, mtime)

    def _read_thread(self, key: str, msgs: list[Header], mtime: float, result: ScanResult) -> None:
        c = BlockCollector(self)
        subject = ""
        boxes: dict[str, mailbox.mbox] = {}
        try:
            for ordinal, h in enumerate(msgs):
                try:
                    data = _message_bytes(h.where, boxes)
                except (OSError, KeyError, mailbox.Error) as err:
                    result.warnings.append(f"{h.where}: cannot read ({getattr(err, 'strerror', None) or err})")
                    continue
                result.bytes_read += len(data)
                msg = email.message_from_bytes(data, policy=email.policy.default)
                subject = subject or _normal_subject(h.subject)
                when = datetime.fromtimestamp(h.date if h.date is not None else h.arrived, tz=UTC)
                try:
                    text = self.message_text(msg, result, h.where)
                except (LookupError, ValueError, TypeError, AttributeError, IndexError, AssertionError) as err:
                    result.warnings.append(f"{h.where}: a malformed message ({type(err).__name__}), skipped")
                    continue
                if ordinal == 0 and subject:
                    text = f"(subject) {subject}\n{text}".strip()
                if text:
                    c.blocks.append(Block(ordinal, when, render_line(when, _sender(msg), text)))
        finally:
            for box in boxes.values():
                box.close()
        emit_session(
            self,
            result,
            c,
            session_id=key.rsplit("#", 1)[1],
            ref_prefix="mail-thread",
            cwd=None,
            path=key,
            mtime=mtime,
            title=subject or None,
            meta={"messages": str(len(msgs))},
        )

    def message_text(self, msg: Message, result: ScanResult, where: str) -> str:
        """What the sender wrote (plain part, else the HTML part as text) and the attachments' names."""
        body = ""
        part = msg.get_body(preferencelist=("plain", "html")) if isinstance(msg, EmailMessage) else None
        if part is not None:
            try:
                content = part.get_content()
            except (LookupError, UnicodeError, AssertionError, ValueError):
                raw = part.get_payload(decode=True)
                content = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else ""
                result.warnings.append(f"{where}: body in an unknown charset, read as UTF-8")
            if isinstance(content, str):
                body = html_to_text(content) if part.get_content_subtype() == "html" else content
        lines = [own_words(body)] if body.strip() else []
        if isinstance(msg, EmailMessage):
            for att in msg.iter_attachments():
                name = att.get_filename() or "unnamed"
                lines.append(f"(attachment: {name}, {att.get_content_type()})")
        return "\n".join(x for x in lines if x).strip()


def _mailboxes(root: Path) -> list[tuple[str, Path]]:
    if root.is_file():
        return [("mbox", root)] if _is_mbox(root) else []
    if not root.is_dir():
        return []
    found: list[tuple[str, Path]] = []
    if (root / "cur").is_dir() and (root / "new").is_dir():
        found.append(("maildir", root))
    for child in sorted(root.iterdir()):
        if child.name in ("cur", "new", "tmp") and found and found[0][1] == root:
            continue
        if child.is_dir():
            found += _mailboxes(child)
        elif child.is_file() and _is_mbox(child):
            found.append(("mbox", child))
    return found


def _is_mbox(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(5) == b"From "
    except OSError:
        return False


# header caches: a file's headers are parsed again only when its size or mtime moved
_MAILDIR: dict[str, tuple[tuple[int, float], Header]] = {}
_MBOX: dict[str, tuple[tuple[int, float], list[Header]]] = {}


def _maildir_headers(folder: Path) -> list[Header]:
    out = []
    for sub in ("cur", "new"):
        d = folder / sub
        for path in sorted(d.iterdir()) if d.is_dir() else []:
            if not path.is_file() or path.name.startswith("."):
                continue
            st = path.stat()
            stamp = (st.st_size, st.st_mtime)
            cached = _MAILDIR.get(str(path))
            if cached is None or cached[0] != stamp:
                with path.open("rb") as f:
                    head = f.read(HEADER_BYTES)
                end = head.find(b"\n\n")
                end = head.find(b"\r\n\r\n") if end == -1 else end
                cached = (stamp, _header(str(path), head[: end + 1] if end != -1 else head, st.st_size, st.st_mtime))
                _MAILDIR[str(path)] = cached
            out.append(cached[1])
    return out


def _mbox_headers(path: Path) -> list[Header]:
    st = path.stat()
    stamp = (st.st_size, st.st_mtime)
    cached = _MBOX.get(str(path))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    box = mailbox.mbox(str(path), create=False)
    try:
        out = []
        for key in box.iterkeys():
            data = box.get_bytes(key)
            out.append(_header(f"{path}#{key}", data, len(data), st.st_mtime, clamp=True))
    finally:
        box.close()
    _MBOX[str(path)] = (stamp, out)
    return out


def _header(where: str, data: bytes, size: int, mtime: float, clamp: bool = False) -> Header:
    msg = email.message_from_bytes(data, policy=email.policy.compat32)
    date = _date(msg.get("Date"))
    arrived = min(date, mtime) if (clamp and date is not None) else mtime
    subject = _decoded(msg.get("Subject"))
    own = _ids(msg.get("Message-ID"))
    mid = (
        own[0]
        if own
        else "synth-" + hashlib.sha256(f"{msg.get('From')}|{msg.get('Date')}|{subject}".encode()).hexdigest()[:16]
    )
    parents = tuple(x for x in (*_ids(msg.get("References")), *_ids(msg.get("In-Reply-To"))) if x != mid)
    precedence = str(msg.get("Precedence") or "").strip().lower()
    auto = str(msg.get("Auto-Submitted") or "no").strip().lower()
    bulk = bool(msg.get("List-Unsubscribe")) or precedence in ("bulk", "list", "junk") or auto not in ("", "no")
    return Header(where, size, arrived, date, mid, parents, subject, bulk)


def thread(headers: list[Header]) -> dict[str, list[Header]]:
    """Thread id -> messages (oldest first), joined by References/In-Reply-To, then by subject
    for a reply that carries neither. Bulk mail is left out. The id is a hash of the root the
    thread's oldest message names (its first reference, else its own Message-ID)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    kept = [h for h in headers if not h.bulk]
    for h in kept:
        find(h.message_id)
        for p in h.parents:
            union(h.message_id, p)
    by_subject: dict[str, str] = {}
    for h in sorted(kept, key=lambda h: (h.date or h.arrived, h.message_id)):
        subj = _normal_subject(h.subject).lower()
        if subj and not h.parents and _REPLY_PREFIX.match(h.subject) and subj in by_subject:
            union(h.message_id, by_subject[subj])
        if subj:
            by_subject.setdefault(subj, h.message_id)
    groups: dict[str, list[Header]] = {}
    for h in kept:
        groups.setdefault(find(h.message_id), []).append(h)
    out: dict[str, list[Header]] = {}
    for msgs in groups.values():
        msgs.sort(key=lambda h: (h.date if h.date is not None else h.arrived, h.message_id))
        oldest = msgs[0]
        root = oldest.parents[0] if oldest.parents else oldest.message_id
        out[hashlib.sha256(root.encode()).hexdigest()[:16]] = msgs
    return dict(sorted(out.items()))


def _message_bytes(where: str, boxes: dict[str, mailbox.mbox]) -> bytes:
    path, sep, key = where.rpartition("#")
    if sep and key.isdigit() and Path(path).is_file() and not Path(where).exists():
        if path not in boxes:
            boxes[path] = mailbox.mbox(path, create=False)
        return boxes[path].get_bytes(int(key))
    return Path(where).read_bytes()


def _ids(value: Any) -> list[str]:
    return _MSGID.findall(str(value)) if value else []


def _date(value: Any) -> float | None:
    if not value:
        return None
    try:
        when = parsedate_to_datetime(str(value))
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def _decoded(value: Any) -> str:
    if not value:
        return ""
    try:
        return str(email.header.make_header(email.header.decode_header(str(value))))
    except (UnicodeError, LookupError, ValueError, email.errors.HeaderParseError):
        return str(value)


def _normal_subject(subject: str) -> str:
    return _REPLY_PREFIX.sub("", subject or "").strip()


def _sender(msg: Message) -> str:
    """The sender's display name, else the address (the block's role)."""
    try:
        raw = str(msg.get("From") or "")
    except (AttributeError, IndexError, ValueError, email.errors.HeaderParseError):
        # the stdlib's header parser fails on some damaged headers (`From: A <a@b.` + `.`): the raw text
        raw = next((str(v) for k, v in msg.raw_items() if k.lower() == "from"), "")
    pairs = getaddresses([raw])
    name, addr = pairs[0] if pairs else ("", "")
    return (name or addr or "unknown sender").strip()


CONNECTOR = MailConnector
