"""Aider chat histories: `.aider.chat.history.md` in each repository aider ran in, found under
`projects_dir` (default the home folder) down to `max_depth` folders, hidden folders and
`node_modules` skipped. Aider keeps no central store.

One file holds every run: each launch appends `# aider chat started at YYYY-MM-DD HH:MM:SS`
(local time, no zone), and each such block is a session and a unit `<file>#<start>`. Knowing
what changed stays a `stat` per file: a file's blocks are listed again (a read of the file)
only when its size or mtime moved. A block before the last is finished (its mtime is the next
block's start); the last one grows, and a grown one is read from the start of its last message.
Lines: `#### ` is what the person typed (a slash command too; `<blank>` dropped), `> ` is tool
output, warnings and confirmations (dropped), anything else is the assistant's reply, edit
blocks included; inside a ``` fence every line is the reply's. Block ordinals are line numbers.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .base import Connector, FileState, ScanResult, Survey, Unit
from .rendering import BlockCollector, emit_session
from .stores import SEGMENT, AgentStore, session_paths

HISTORY = ".aider.chat.history.md"
_HEADER = re.compile(rb"^# aider chat started at (\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)", re.M)
_SKIPPED_DIRS = frozenset({"node_modules", "__pycache__", "site-packages", "Library", "AppData"})


@dataclass(frozen=True)
class Run:
    key: str  # "<file>#<start as written>"
    start: int  # byte offset of the header line
    end: int  # byte offset after the block
    line: int  # 1-based line number of the header
    started: datetime | None


class AiderConnector(Connector):
    type = "aider"
    store = AgentStore(
        option="projects_dir",
        default="~",
        paths=session_paths(rf"(?:{SEGMENT}/){{0,8}}\.aider\.chat\.history\.md"),
    )
    known_options = frozenset({"projects_dir", "max_depth", "history_file"})

    def watch_paths(self) -> list[Path]:
        return self.history_files()

    def history_files(self) -> list[Path]:
        name = str(self.options.get("history_file") or HISTORY)
        depth = int(self.options.get("max_depth", 4))
        found: set[Path] = set()
        for root in self.store_roots():
            if root.is_file():
                found.add(root)
            elif root.is_dir():
                found.update(_walk(root, name, depth))
        return sorted(found)

    def survey(self) -> Survey:
        out = Survey()
        for path in self.history_files():
            for run, size, mtime in self._runs(path, out.warnings):
                out.units.append(Unit(run.key, size, mtime, run.started))
        return out

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), [p]) for p in self.history_files()]

    def _runs(self, path: Path, warnings: list[str]) -> list[tuple[Run, int, float]]:
        """(run, size, mtime) of every run in a history file, listed again only when it changed."""
        try:
            st = path.stat()
        except OSError as err:
            warnings.append(f"{path}: {err.strerror or err}")
            return []
        cached = _LISTINGS.get(str(path))
        if cached is not None and cached[0] == (st.st_size, st.st_mtime):
            runs = cached[1]
        else:
            try:
                runs = _list_runs(path, path.read_bytes())
            except OSError as err:
                warnings.append(f"{path}: {err.strerror or err}")
                return []
            _LISTINGS[str(path)] = ((st.st_size, st.st_mtime), runs)
        out = []
        for i, run in enumerate(runs):
            following = runs[i + 1].started if i + 1 < len(runs) else None
            out.append((run, run.end - run.start, following.timestamp() if following else st.st_mtime))
        return out

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for path in self.history_files():
            runs = [r for r in self._runs(path, result.warnings) if self.wanted(r[0].key)]
            if not runs:
                continue
            try:
                with path.open("rb") as f:
                    for run, size, mtime in runs:
                        stat = self.check_state(result, previous, run.key, size, mtime, now)
                        if stat is not None:
                            self._read_run(f, path, run, previous.get(run.key), mtime, result)
            except OSError as err:
                result.warnings.append(f"{path}: {err.strerror or err}")

    def _read_run(self, f: Any, path: Path, run: Run, prev: FileState | None, mtime: float, result: ScanResult) -> None:
        resume = _resume_point(prev, run)
        offset, line = resume if resume else (run.start, run.line)
        f.seek(offset)
        data = f.read(run.end - offset)
        result.bytes_read += len(data)
        started = run.started or datetime.fromtimestamp(mtime, tz=UTC)
        c = BlockCollector(self)
        last_offset, last_line = _render(c, data, line, started, skip_header=resume is None)
        stamp = run.key.rsplit("#", 1)[1]
        rel = _relative(path.parent, self.store_roots())
        kept = emit_session(self, result, c, session_id=f"{rel}@{stamp}", ref_prefix="aider-chat", cwd=str(path.parent),
                            path=run.key, mtime=mtime, appended=resume is not None)  # fmt: skip
        state = FileState(run.key, run.end - run.start, mtime)
        if kept:  # where the last message starts: a grown run is read again from there
            state.consumed, state.carry = offset - run.start + last_offset, str(last_line)
        result.states[run.key] = state


def _resume_point(prev: FileState | None, run: Run) -> tuple[int, int] | None:
    """(byte offset, line number) of the last message the previous read saw, when the run
    only grew since (its size is at least what was read) and that read kept its session."""
    if prev is None or not prev.carry.isdigit() or prev.consumed <= 0 or run.end - run.start < prev.size:
        return None
    return run.start + prev.consumed, int(prev.carry)


def _render(c: BlockCollector, data: bytes, first_line: int, ts: datetime, skip_header: bool) -> tuple[int, int]:
    """Add the run's messages; returns (byte offset, line number) of the last message's start."""
    role: str | None = None
    lines: list[str] = []
    start_line, fence = first_line, False
    last, offset = (0, first_line), 0

    def flush() -> None:
        body = "\n".join(lines).strip()
        if role == "user":
            c.user(start_line, ts, "\n".join(x for x in body.splitlines() if x.strip() != "<blank>"))
        elif role == "assistant":
            c.assistant(start_line, ts, body)

    for n, raw in enumerate(data.splitlines(keepends=True), start=first_line):
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if n == first_line and skip_header and line.startswith("# aider chat started at"):
            offset += len(raw)
            continue
        if fence:
            kind = "assistant"
        elif line.startswith("####"):
            kind = "user"
        elif line.startswith(">"):
            kind = "tool"
        elif not line.strip() and role is not None:
            kind = role  # a blank line belongs to the message around it
        else:
            kind = "assistant"
        if kind == "assistant" and line.lstrip().startswith("```"):
            fence = not fence
        if kind != role:
            flush()
            role, lines, start_line = kind, [], n
            last = (offset, n)
        lines.append(line[4:].strip() if kind == "user" else line)
        offset += len(raw)
    flush()
    return last


def _list_runs(path: Path, data: bytes) -> tuple[Run, ...]:
    runs: list[Run] = []
    heads = list(_HEADER.finditer(data))
    if not heads and data.strip():  # no header (a copy cut from a longer file): one run
        return (Run(f"{path}#start", 0, len(data), 1, None),)
    seen: dict[str, int] = {}
    for i, m in enumerate(heads):
        stamp = m.group(1).decode().replace(" ", "T")
        seen[stamp] = seen.get(stamp, 0) + 1
        label = stamp if seen[stamp] == 1 else f"{stamp}-{seen[stamp]}"
        end = heads[i + 1].start() if i + 1 < len(heads) else len(data)
        line = data.count(b"\n", 0, m.start()) + 1
        runs.append(Run(f"{path}#{label}", m.start(), end, line, _local_time(stamp)))
    return tuple(runs)


def _local_time(stamp: str) -> datetime | None:
    try:
        return datetime.fromisoformat(stamp).astimezone()  # aider writes the machine's local time
    except (ValueError, OverflowError, OSError):
        return None


def _walk(root: Path, name: str, depth: int) -> list[Path]:
    found = []
    todo = [(str(root), 0)]
    while todo:
        folder, level = todo.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.name == name:
                found.append(Path(entry.path))
            elif level < depth and not entry.name.startswith(".") and entry.name not in _SKIPPED_DIRS:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        todo.append((entry.path, level + 1))
                except OSError:
                    continue
    return found


def _relative(folder: Path, roots: list[Path]) -> str:
    for root in roots:
        try:
            rel = folder.relative_to(root).as_posix()
        except ValueError:
            continue
        return rel if rel != "." else folder.name
    return folder.name


# history file -> ((size, mtime) when listed, its runs)
_LISTINGS: dict[str, tuple[tuple[int, float], tuple[Run, ...]]] = {}


CONNECTOR = AiderConnector
