"""Kiro CLI sessions, both engines, under `sessions_dir` (default `~/.kiro/sessions`).

- v2: a flat store `cli/<uuid>.jsonl` (events) + `<uuid>.json` (metadata: session_id, cwd,
  times, title, parent). The pair is the unit of change; `<uuid>.history` (typed prompts
  again) is not needed.
- v3: `<bucket>/sess_<uuid>/messages.jsonl` + `session.json` (id, workspacePaths).

Block ordinals are line numbers. v2 lines rarely carry a time (the real sample has one on the
prompt only), so a line takes the latest time seen before it, starting at the metadata's
`created_at`: a line's time never changes as the file grows. An events file that only grew is
read from where the last run stopped (the latest time is carried); the small metadata file
is read again.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..text import parse_time
from .base import Connector, FileState, ScanResult, Unit
from .jsonl import JsonLine, UnitCarry, read_streams
from .rendering import BlockCollector, emit_session, text_of
from .stores import SEGMENT, AgentStore, session_paths

READ_ONLY_TOOLS = frozenset(
    {
        "read",
        "fs_read",
        "grep",
        "glob",
        "ls",
        "list",
        "web_search",
        "web_fetch",
        "introspect",
    }
)


class KiroConnector(Connector):
    type = "kiro"
    store = AgentStore(
        option="sessions_dir",
        default="~/.kiro/sessions",
        paths=session_paths(rf"cli/{SEGMENT}\.jsonl?", rf"{SEGMENT}/sess_{SEGMENT}/(?:messages\.jsonl|session\.json)"),
    )
    known_options = frozenset({"sessions_dir", "skip_tools"})

    def session_roots(self) -> list[Path]:
        return self.store_roots()

    def watch_paths(self) -> list[Path]:
        return self.session_roots()

    def event_files(self) -> list[tuple[str, Path, Path, bool]]:
        """(key, events file, metadata file, is v3) of every session."""
        files = sorted(
            {p for root in self.session_roots() if root.is_dir() for p in root.rglob("*.jsonl") if p.is_file()}
        )
        out = []
        for path in files:
            v3 = path.name == "messages.jsonl" and (
                (path.parent / "session.json").exists() or path.parent.name.startswith("sess_")
            )
            meta_path = path.parent / "session.json" if v3 else path.with_suffix(".json")
            out.append((str(path.parent if v3 else path), path, meta_path, v3))
        return out

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(key, [events, meta]) for key, events, meta, _ in self.event_files()]

    def start_of(self, unit: Unit) -> datetime | None:
        """The session's creation time from its small metadata file, else the first record."""
        path = Path(unit.key)
        meta = _read_meta(path / "session.json" if path.is_dir() else path.with_suffix(".json"), ScanResult())
        return parse_time(meta.get("created_at") or meta.get("createdAt")) or super().start_of(unit)

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for key, path, meta_path, v3 in self.event_files():
            stat = self.check_unit(result, previous, key, [path, meta_path], now)
            if stat is None:
                continue
            size, mtime = stat
            state = FileState(key, size, mtime)
            carry = UnitCarry.load(previous.get(key))
            try:
                meta = _read_meta(meta_path, result)
                reads, resumed = read_streams({"events": path}, carry, result)
            except OSError as err:
                result.warnings.append(f"{err.filename or path}: {err.strerror or err}")
                continue
            result.states[key] = state
            read = reads["events"]
            result.warnings.extend(f"{path}: {p}" for p in read.read.problems)
            state.prefix_sha256, state.consumed = read.cursor.sha, read.cursor.consumed
            known = carry.state if (carry is not None and resumed) else {}
            parser_state: dict[str, Any] = {}
            if not resumed and not read.read.lines:
                if not read.read.problems:
                    result.warnings.append(f"{path}: empty, no session read (a stored copy is kept)")
                kept = False
            elif v3:
                kept = self._emit_v3(path, key, meta, read.read.lines, mtime, result, known, parser_state, resumed)
            else:
                kept = self._emit_v2(path, key, meta, read.read.lines, mtime, result, known, parser_state, resumed)
            state.carry = UnitCarry({"events": read.cursor}, parser_state, kept).dump()

    def _collector(self) -> BlockCollector:
        return BlockCollector(self, READ_ONLY_TOOLS, tuple(self.options.get("skip_tools", ())))

    def _emit_v2(
        self,
        path: Path,
        key: str,
        meta: dict[str, Any],
        lines: list[JsonLine],
        mtime: float,
        result: ScanResult,
        known: dict[str, Any],
        out: dict[str, Any],
        appended: bool,
    ) -> bool:
        session_id = str(meta.get("session_id") or path.stem)
        if session_id != path.stem:
            result.warnings.append(
                f"{path.with_suffix('.json')}: session_id {session_id!r} "
                f"differs from the file name, using {path.stem!r}"
            )
            session_id = path.stem
        parent = meta.get("parent_session_id")
        is_sub = meta.get("session_created_reason") == "subagent" or bool(parent)
        if is_sub and not self.agent.include_subagents:
            return False
        ts = (
            parse_time(known.get("ts"))
            or parse_time(meta.get("created_at"))
            or parse_time(meta.get("updated_at"))
            or datetime.fromtimestamp(mtime, tz=UTC)
        )
        c = self._collector()
        for line in lines:
            rec = line.record
            if rec.get("version") != "v1":
                result.warnings.append(
                    f"{path}: line {line.number}: unknown envelope version {rec.get('version')!r}, skipped"
                )
                continue
            data = rec.get("data") if isinstance(rec.get("data"), dict) else {}
            ts = (
                parse_time((data.get("meta") or {}).get("timestamp") if isinstance(data.get("meta"), dict) else None)
                or ts
            )
            kind = rec.get("kind")
            parts = [p for p in data.get("content") or [] if isinstance(p, dict)]
            if kind == "Prompt":
                c.user(line.number, ts, _texts(parts))
            elif kind == "AssistantMessage":
                c.assistant(line.number, ts, _texts(parts))
                for p in parts:
                    if p.get("kind") == "toolUse" and isinstance(p.get("data"), dict):
                        c.tool_call(line.number, ts, str(p["data"].get("name") or ""), p["data"].get("input", ""))
            # ToolResults, thinking parts and other kinds are dropped
        out["ts"] = ts.isoformat()
        extra = {"subagent_of": str(parent)} if parent else {}
        return emit_session(
            self,
            result,
            c,
            session_id=session_id,
            ref_prefix="kiro-session",
            cwd=meta.get("cwd") if isinstance(meta.get("cwd"), str) else None,
            path=key,
            mtime=mtime,
            title=_str(meta.get("title")),
            meta=extra,
            appended=appended,
        )

    def _emit_v3(
        self,
        path: Path,
        key: str,
        meta: dict[str, Any],
        lines: list[JsonLine],
        mtime: float,
        result: ScanResult,
        known: dict[str, Any],
        out: dict[str, Any],
        appended: bool,
    ) -> bool:
        folder = path.parent.name
        session_id = str(meta.get("id") or (folder[5:] if folder.startswith("sess_") else folder))
        workspaces = meta.get("workspacePaths")
        cwd = workspaces[0] if isinstance(workspaces, list) and workspaces and isinstance(workspaces[0], str) else None
        ts = (
            parse_time(known.get("ts"))
            or parse_time(meta.get("createdAt") or meta.get("created_at"))
            or datetime.fromtimestamp(mtime, tz=UTC)
        )
        c = self._collector()
        for line in lines:
            rec = line.record
            ts = parse_time(rec.get("timestamp")) or ts
            payload = rec.get("payload") if isinstance(rec.get("payload"), dict) else {}
            kind = payload.get("type")
            if kind == "user":
                c.user(line.number, ts, text_of(payload.get("content")))
            elif kind == "assistant" and payload.get("operationType", "Say") == "Say":
                c.assistant(line.number, ts, text_of(payload.get("content")))
            elif kind == "tool_call":
                c.tool_call(line.number, ts, str(payload.get("toolName") or ""), payload.get("args", ""))
            # tool_result, session_metadata, usage_summary, turn markers: dropped
        out["ts"] = ts.isoformat()
        return emit_session(
            self,
            result,
            c,
            session_id=session_id,
            ref_prefix="kiro-session",
            cwd=cwd,
            path=key,
            mtime=mtime,
            title=_str(meta.get("title")),
            appended=appended,
        )


def _texts(parts: list[dict[str, Any]]) -> str:
    return "\n".join(
        p["data"] for p in parts if p.get("kind") == "text" and isinstance(p.get("data"), str) and p["data"]
    )


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _read_meta(path: Path, result: ScanResult) -> dict[str, Any]:
    """The metadata document, or {} with a warning when it is unreadable as JSON."""
    if not path.exists():
        return {}
    data = path.read_bytes()
    result.bytes_read += len(data)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        result.warnings.append(f"{path}: not readable JSON ({err}), metadata ignored")
        return {}
    if not isinstance(doc, dict):
        result.warnings.append(f"{path}: not a JSON object, metadata ignored")
        return {}
    return doc


CONNECTOR = KiroConnector
