"""`import-jsonl`: pre-summarised items, one JSON object per line, stored beside the summaries.

Each line: {external_id (or id), occurred_at, title, summary, questions?, atoms?, project?,
trust?, original?, original_ref?}. A bad line is reported as "<path>: line N: <reason>" and
skipped; the rest of the file still imports. A record's own `trust` (and `project`) wins over
the command's. Terminal control and escape sequences are removed from every text field, since
imported text is later printed in terminals. Items are redacted before they are stored, one
partition per (source, day of `occurred_at`), and the library build reads them with the rest.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..config import Config
from ..engine.processes import helper_pool
from ..library.items import to_staged
from ..models import ATOM_KINDS, TRUST_VALUES, Partition
from ..sessions.jsonl import MAX_LINE_BYTES
from ..stages import index
from ..staging.tables import IMPORTS, ImportRow
from ..text import clean_text, parse_time, sha256
from ..workspace import Workspace

if TYPE_CHECKING:
    from ..redaction import Redactor

IMPORT_LOCK_PREFIX = "import:"  # an import source's partitions lock apart from a connector's


class _BadRecord(ValueError):
    pass


def read_import_file(
    path: str | Path, source: str, project: str | None = None, trust: str = "own"
) -> tuple[list[dict[str, Any]], list[str]]:
    """Parse and validate an import file into item rows, plus one problem per bad line.

    Rows carry the library's item columns: source, external_id, occurred_at (ISO-8601),
    title, summary, questions, atoms ([{kind, text}]), project, trust, original, original_ref.
    A later line with the same external_id replaces the earlier one (reported).
    """
    if trust not in TRUST_VALUES:
        raise ValueError(f"trust must be one of {TRUST_VALUES}, not {trust!r}")
    path = Path(path)
    rows: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                row = _row(raw, source, project, trust)
            except _BadRecord as err:
                problems.append(f"{path}: line {number}: {err}")
                continue
            if row["external_id"] in rows:
                problems.append(f"{path}: line {number}: {_repeats(row['external_id'])}")
                del rows[row["external_id"]]
            rows[row["external_id"]] = row
    return list(rows.values()), problems


def _row(raw: bytes, source: str, project: str | None, trust: str) -> dict[str, Any]:
    if len(raw) > MAX_LINE_BYTES:
        raise _BadRecord("longer than 16 MiB")
    try:
        rec = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise _BadRecord(f"invalid UTF-8 at byte {err.start}") from None
    except json.JSONDecodeError as err:
        raise _BadRecord(f"not JSON ({err.msg} at column {err.colno})") from None
    if not isinstance(rec, dict):
        raise _BadRecord("not a JSON object")

    external_id = rec.get("external_id", rec.get("id"))
    if isinstance(external_id, (int, float)) and not isinstance(external_id, bool):
        external_id = str(external_id)
    if not isinstance(external_id, str) or not clean_text(external_id).strip():
        raise _BadRecord("external_id (or id) is missing or not a string")
    occurred = parse_time(rec.get("occurred_at"))
    if occurred is None:
        raise _BadRecord(f"occurred_at {rec.get('occurred_at')!r} is missing or not a date")
    title = _required_text(rec, "title")
    summary = _required_text(rec, "summary")
    row_trust = rec.get("trust") if rec.get("trust") is not None else trust
    if row_trust not in TRUST_VALUES:
        raise _BadRecord(f"trust {row_trust!r} is not one of {', '.join(TRUST_VALUES)}")
    row_project = _optional_text(rec, "project")
    return {
        "source": source,
        "external_id": clean_text(external_id).strip(),
        "occurred_at": occurred.isoformat(),
        "title": title[:200],
        "summary": summary,
        "questions": _questions(rec.get("questions")),
        "atoms": _atoms(rec.get("atoms")),
        "project": (row_project.lower() if row_project else None) or project,
        "trust": row_trust,
        "original": _optional_text(rec, "original"),
        "original_ref": _optional_text(rec, "original_ref"),
    }


def _required_text(rec: dict[str, Any], name: str) -> str:
    value = rec.get(name)
    text = clean_text(value).strip() if isinstance(value, str) else ""
    if not text:
        raise _BadRecord(f"{name} is missing or not a non-empty string")
    return text


def _optional_text(rec: dict[str, Any], name: str) -> str | None:
    value = rec.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _BadRecord(f"{name} must be a string")
    return clean_text(value).strip() or None


def _questions(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(q, str) for q in value):
        raise _BadRecord("questions must be a list of strings")
    return [q for q in (clean_text(q).strip() for q in value) if q]


def _atoms(value: Any) -> list[dict[str, str]]:
    """[{kind, text}], or "kind: text" strings; an unknown kind is rejected, naming it."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise _BadRecord("atoms must be a list")
    atoms = []
    for i, atom in enumerate(value):
        if isinstance(atom, str) and ":" in atom:
            kind, text = atom.split(":", 1)
        elif isinstance(atom, dict):
            kind, text = atom.get("kind"), atom.get("text")
        else:
            raise _BadRecord(f"atoms[{i}] must be {{kind, text}}")
        if not isinstance(kind, str) or kind.strip().lower() not in ATOM_KINDS:
            raise _BadRecord(f"atoms[{i}].kind {kind!r} is not one of {', '.join(ATOM_KINDS)}")
        text = clean_text(text).strip() if isinstance(text, str) else ""
        if not text:
            raise _BadRecord(f"atoms[{i}].text is missing or empty")
        atoms.append({"kind": kind.strip().lower(), "text": text})
    return atoms


# validating ----------------------------------------------------------------------------------

VALIDATE_HELPER_BYTES = 64 << 20  # a file this big is validated in two halves, one in a helper process


@dataclass
class Validated:
    """The valid lines of one stretch of a file: each external id's day and the byte offset of
    its last line, in the order of those last lines; the line its first valid line is on
    (counted from the stretch's start, 1 first); (line, reason) of each problem; lines read."""

    where: dict[str, tuple[str, int]] = field(default_factory=dict)
    first_line: dict[str, int] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)
    lines: int = 0


def _validate(
    ws: Workspace, path: Path, source: str, project: str | None, trust: str
) -> tuple[dict[str, tuple[str, int]], list[tuple[int, str]]]:
    """Every external id's (day, offset of its last line), and (line, reason) of every problem in
    line order. A file of VALIDATE_HELPER_BYTES or more is read in two halves at once, the second
    in a helper process (validating is a JSON parse and text checks per line, on one core), and
    the halves are `joined` as if read in one pass."""
    size = path.stat().st_size
    middle = _line_start(path, size // 2) if size >= VALIDATE_HELPER_BYTES else size
    if middle >= size:
        first = validate_lines(ws, path, source, project, trust, 0, middle)
        return first.where, first.problems
    with helper_pool() as pool:
        second = pool.submit(_validate_apart, ws.cfg, path, source, project, trust, middle, size)
        first = validate_lines(ws, path, source, project, trust, 0, middle)
        return joined(first, second.result())


def joined(first: Validated, second: Validated) -> tuple[dict[str, tuple[str, int]], list[tuple[int, str]]]:
    """Two consecutive stretches as one pass over both would have validated them (`first` is
    consumed): an id of `second` that `first` holds takes its place in `second`, reported on
    its first line there."""
    where, problems = first.where, first.problems
    problems += [(first.lines + n, reason) for n, reason in second.problems]
    for ext, spot in second.where.items():
        if ext in where:
            problems.append((first.lines + second.first_line[ext], _repeats(ext)))
            del where[ext]
        where[ext] = spot
    problems.sort(key=lambda p: p[0])
    return where, problems


def _line_start(path: Path, offset: int) -> int:
    """The offset of the first line that starts at or after `offset`."""
    if offset == 0:
        return 0
    with path.open("rb") as fh:
        fh.seek(offset - 1)
        fh.readline()
        return fh.tell()


def _repeats(ext: str) -> str:
    return f"external_id {ext!r} repeats an earlier line, this one wins"


def _validate_apart(cfg: Config, *args: Any) -> Validated:
    return validate_lines(Workspace(cfg), *args)


def validate_lines(
    ws: Workspace, path: Path, source: str, project: str | None, trust: str, start: int, stop: int
) -> Validated:
    """Validate the lines of `path` that start in [start, stop) (each starts a line)."""
    out = Validated()
    with path.open("rb") as fh:
        fh.seek(start)
        offset = start
        while offset < stop:
            raw = fh.readline()
            if not raw:
                break
            out.lines += 1
            line, offset = offset, offset + len(raw)
            if not raw.strip():
                continue
            try:
                row = _row(raw, source, project, trust)
            except _BadRecord as err:
                out.problems.append((out.lines, str(err)))
                continue
            ext = row["external_id"]
            if ext in out.where:
                out.problems.append((out.lines, _repeats(ext)))
                del out.where[ext]  # the later line's place in the order, as read_import_file
            else:
                out.first_line[ext] = out.lines
            occurred = datetime.fromisoformat(row["occurred_at"]).astimezone(UTC)
            out.where[ext] = (ws.partition(source, occurred.date().isoformat()).day, line)
    return out


# storing -------------------------------------------------------------------------------------


def import_jsonl(
    ws: Workspace, path: Path, source: str, project: str | None = None, trust: str = "own", owner: str | None = None
) -> dict[str, Any]:
    """Store an import file's items, redacted, one partition per (source, day), then refresh the
    library. A second import of the same source updates items by external id and keeps the rest.

    Two passes, so memory is set by the largest day, not by the file: the first validates every
    line and keeps only where each item's last line starts and its day (a big file in two
    halves at once, see `_validate`); the second reads one day's lines at a time, redacts and
    stores them. An import of HELPER_ITEMS or more leaves about half of its days to a helper
    process (engine.processes), on the second core: redaction is most of its time before the
    library build.
    """
    if trust not in TRUST_VALUES:
        raise ValueError(f"trust must be one of {TRUST_VALUES}, not {trust!r}")
    path = Path(path)
    where, problems = _validate(ws, path, source, project, trust)
    by_day: dict[str, list[int]] = defaultdict(list)
    for day, start in where.values():
        by_day[day].append(start)
    del where
    now = datetime.now(UTC)
    locks = [Partition(f"{IMPORT_LOCK_PREFIX}{source}", day) for day in by_day]
    redactions = 0
    with ws.locks.holding(owner or f"import-jsonl (pid {os.getpid()})", locks):
        mine, theirs = _share(by_day)
        if theirs:
            with helper_pool() as pool:
                helper = pool.submit(_store_days_apart, ws.cfg, path, theirs, source, project, trust, now)
                redactions = store_days(ws, path, mine, source, project, trust, now)
                redactions += helper.result()
        else:
            redactions = store_days(ws, path, mine, source, project, trust, now)
        if by_day:
            index.refresh(ws)
    return {"source": source, "imported": sum(len(v) for v in by_day.values()), "redactions": redactions,
            "partitions": len(by_day), "problems": [ws.redactor.redact(f"{path}: line {n}: {p}")[0] for n, p in problems]}  # fmt: skip


HELPER_ITEMS = 10_000  # an import this big stores about half its days in a child process


def _share(by_day: dict[str, list[int]]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The days this process stores and those a helper process stores (none for a small import,
    whose time would not pay for the helper's start): the days dealt out by item count."""
    if sum(len(v) for v in by_day.values()) < HELPER_ITEMS:
        return dict(by_day), {}
    shares: tuple[dict[str, list[int]], dict[str, list[int]]] = ({}, {})
    counts = [0, 0]
    for day, starts in sorted(by_day.items()):
        side = 0 if counts[0] <= counts[1] else 1
        shares[side][day] = starts
        counts[side] += len(starts)
    return shares


def _store_days_apart(cfg: Config, *args: Any) -> int:
    return store_days(Workspace(cfg), *args)


def store_days(
    ws: Workspace,
    path: Path,
    days: dict[str, list[int]],
    source: str,
    project: str | None,
    trust: str,
    now: datetime,
) -> int:
    """Read, redact and store the lines at `days`' offsets, a day at a time, merged into what
    each day's partition holds; the markers written."""
    redactions = 0
    with path.open("rb") as fh:
        for day, starts in sorted(days.items()):
            new = []
            for start in starts:
                fh.seek(start)
                clean, n = _redacted(ws.redactor, _row(fh.readline(), source, project, trust))
                redactions += n
                new.append(_stored(clean, source, trust, now))
            part = Partition(source, day)
            merged = {r["segment_id"]: r for r in ws.store.read(IMPORTS, part)}
            merged.update((r["segment_id"], r) for r in new)
            ws.store.write(IMPORTS, part, list(merged.values()), info={"docs": len(merged)})
    return redactions


def _redacted(redactor: Redactor, row: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The row with its text redacted in one scan (`Redactor.redact_texts`), and the markers
    written. Source, occurred_at, trust and atom kinds are checked values, not free text."""
    texts, n = redactor.redact_texts([
        row["external_id"], row["title"], row["summary"], row["project"] or "", row["original"] or "",
        row["original_ref"] or "", *row["questions"], *(a["text"] for a in row["atoms"]),
    ])  # fmt: skip
    ext, title, summary, project, original, ref, *rest = texts
    questions, atom_texts = rest[: len(row["questions"])], rest[len(row["questions"]) :]
    return {
        **row, "external_id": ext, "title": title, "summary": summary, "questions": questions,
        "atoms": [{"kind": a["kind"], "text": t} for a, t in zip(row["atoms"], atom_texts, strict=True)],
        "project": project if row["project"] is not None else None,
        "original": original if row["original"] is not None else None,
        "original_ref": ref if row["original_ref"] is not None else None,
    }, n  # fmt: skip


def _stored(clean: dict[str, Any], source: str, trust: str, now: datetime) -> ImportRow:
    """A redacted item row as the imports table stores it: its item columns by their staged
    names (library/items.py), and what an import stands in for a summary's bookkeeping."""
    original = clean.get("original") or ""
    return {
        **to_staged(clean), "source": source, "session_id": clean["external_id"],
        "occurred_at": datetime.fromisoformat(clean["occurred_at"]).astimezone(UTC),
        "content_hash": sha256(original or clean["title"] + "\n" + clean["summary"]),
        "generation": "imported", "status": "ok", "error": None, "trust": clean.get("trust") or trust,
        "original_ref": clean.get("original_ref") or "", "input_tokens": 0, "output_tokens": 0,
        "summarized_at": now, "original": original,
    }  # fmt: skip
