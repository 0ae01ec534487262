"""Codex CLI rollouts: `<sessions_dir>/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl[.zst]`.

Keeps what Jezero keeps (reference §3): user and assistant messages, `patch: update <file>`
for apply_patch, `shell: cmd ; cmd` for commands that change something, one `tool call:`
line for other tools. Drops injected user blocks (AGENTS.md, environment context, …),
developer/system messages, reasoning, tool output, every `event_msg` (token counts, and the
user_message/agent_message events that repeat the response items), sub-agent rollouts,
read-only commands and write_stdin polling (unless keep_read_only_commands).
"""

from __future__ import annotations

import fnmatch
import glob
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import zstandard

from ..models import Block, Session
from ..text import parse_time
from .base import FileState, ScanResult
from .jsonl import JsonlFileConnector, JsonLine, parse_jsonl_bytes
from .projects import sidecar_project
from .rendering import clean_user_prompt, compact_json, compile_patterns, is_own_summarizer_call, render_line, text_of
from .shell import command_of, render_patch, render_shell
from .stores import SEGMENT, AgentStore, session_paths

MAX_ROLLOUT_BYTES = 512 * 1024 * 1024  # Jezero stops reading a rollout here
_GLOB_CHARS = re.compile(r"[*?\[]")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
INJECTED_PREFIXES = (
    "<environment_context>",
    "<recommended_plugins>",
    "<user_instructions>",
    "<skills_instructions>",
    "<permissions instructions>",
    "<turn_aborted>",
    "# AGENTS.md instructions",
)
SHELL_TOOLS = ("exec_command", "shell", "shell_command", "container.exec", "local_shell")  # rendered `shell:`


class CodexConnector(JsonlFileConnector):
    type = "codex"
    store = AgentStore(
        option="sessions_dir",
        default="~/.codex/sessions",
        paths=session_paths(rf"\d{{4}}/\d{{2}}/\d{{2}}/rollout-{SEGMENT}\.jsonl(?:\.zst)?"),
    )
    required_options = ("sessions_dir",)
    known_options = frozenset({"sessions_dir", "session_index", "skip_tools", "skip_cwd_globs"})
    max_file_bytes = MAX_ROLLOUT_BYTES

    def __init__(self, cfg, projects, base_dir):
        super().__init__(cfg, projects, base_dir)
        o = self.options
        self.skip_tools = set(o.get("skip_tools", ["wait", "sleep", "list_agents"]))
        self.skip_cwd_globs = list(o.get("skip_cwd_globs", []))
        self.markers = compile_patterns(self.agent.user_prompt_markers)
        self.drops = compile_patterns(self.agent.user_prompt_drop_lines)
        self._titles: dict[str, str] | None = None

    # finding files -----------------------------------------------------------------------

    def session_roots(self) -> list[Path]:
        root = str(self.path_option("sessions_dir"))
        if _GLOB_CHARS.search(root):
            return [Path(p) for p in sorted(glob.glob(root)) if Path(p).is_dir()]
        return [Path(root)]

    def session_files(self, result: ScanResult) -> list[tuple[Path, dict[str, str]]]:
        files: list[tuple[Path, dict[str, str]]] = []
        for root in self.session_roots():
            if not root.is_dir():
                result.warnings.append(f"{root}: sessions_dir not found")
                continue
            context = {"root": str(root)}  # one for all the root's files: a listing is held for a run
            for pattern in ("rollout-*.jsonl", "rollout-*.jsonl.zst"):
                files += [(p, context) for p in sorted(root.rglob(pattern)) if p.is_file()]
        return files

    def read_file_bytes(self, path: Path) -> tuple[bytes, list[str]]:
        if path.suffix != ".zst":
            return super().read_file_bytes(path)
        data = _decompress(path, MAX_ROLLOUT_BYTES + 1)
        if len(data) > MAX_ROLLOUT_BYTES:
            return data[: data.rfind(b"\n", 0, MAX_ROLLOUT_BYTES) + 1], ["stopped reading after 512 MiB"]
        return data, []

    # titles from session_index.jsonl -----------------------------------------------------

    def titles(self, root: Path) -> dict[str, str]:
        """thread id -> thread_name, read once per scan and only when a rollout is parsed."""
        if self._titles is not None:
            return self._titles
        self._titles = {}
        if self.options.get("session_index"):
            candidates = [self.path_option("session_index")]
        else:
            candidates = [root.parent / "session_index.jsonl", root / "session_index.jsonl"]
        for index in candidates:
            try:
                data = index.read_bytes()
            except OSError:
                continue
            for line in parse_jsonl_bytes(data, settled=True).lines:
                r = line.record
                if r.get("id") and isinstance(r.get("thread_name"), str) and r["thread_name"].strip():
                    self._titles[str(r["id"])] = r["thread_name"].strip()  # later lines win
            break
        return self._titles

    def watch_paths(self) -> list[Path]:
        return self.session_roots()

    def read_from(self, path: Path, offset: int) -> bytes | None:
        return None if path.suffix == ".zst" else super().read_from(path, offset)

    def read_head(self, path: Path, n: int) -> bytes:
        return _decompress(path, n, partial=True) if path.suffix == ".zst" else super().read_head(path, n)

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        self._titles = None  # the index may have changed since the last scan
        super()._scan(result, previous, now)

    # parsing -----------------------------------------------------------------------------

    def parse_file(
        self, path: Path, lines: list[JsonLine], carry: dict[str, Any], context: dict[str, str], mtime: float
    ) -> Session | None:
        fallback_ts = datetime.fromtimestamp(mtime, tz=UTC)
        last_ts = parse_time(carry.get("last_ts"))
        models: list[str] = carry.setdefault("models", [])
        blocks: list[Block] = []
        for line in lines:
            r = line.record
            kind = r.get("type")
            payload = r.get("payload")
            ts = parse_time(r.get("timestamp")) or last_ts or fallback_ts
            last_ts = ts
            if not isinstance(payload, dict):
                continue
            if kind == "session_meta":
                if "meta_seen" not in carry:  # the first one is the thread's identity
                    carry["meta_seen"] = True
                    self._read_meta(payload, carry)
                continue
            if kind == "turn_context":
                model = payload.get("model")
                if isinstance(model, str) and model and model not in models:
                    models.append(model)
                if "cwd" not in carry and payload.get("cwd"):
                    carry["cwd"] = str(payload["cwd"])
                continue
            if kind != "response_item":
                continue  # event_msg repeats messages; compacted/world_state are not dialogue
            out = self._item_lines(payload, carry)
            if out:
                blocks.append(Block(line.number, ts, "\n".join(render_line(ts, role, t) for role, t in out)))
        if last_ts is not None:
            carry["last_ts"] = last_ts.isoformat()
        if carry.get("skip"):
            return None
        cwd = carry.get("cwd")
        if cwd and any(fnmatch.fnmatch(cwd, g) for g in self.skip_cwd_globs):
            return None
        session_id = carry.get("id") or _uuid_in_name(path.name) or path.name.split(".")[0]
        meta: dict[str, str] = {}
        for key in ("originator", "subagent_of"):
            if carry.get(key):
                meta[key] = carry[key]
        if models:
            meta["models"] = ",".join(models)
        return Session(
            source=self.cfg.name,
            session_id=session_id,
            blocks=blocks,
            cwd=cwd,
            title_hint=self.titles(Path(context.get("root", path.parent))).get(session_id),
            project_hint=sidecar_project(path) or self.project_for(cwd),
            trust=self.trust,
            original_ref=f"codex-session:{session_id}",
            meta=meta,
            path=str(path),
            mtime=mtime,
        )

    def _read_meta(self, meta: dict[str, Any], carry: dict[str, Any]) -> None:
        if meta.get("id"):
            carry["id"] = str(meta["id"])
        if meta.get("cwd"):
            carry["cwd"] = str(meta["cwd"])
        if meta.get("originator"):
            carry["originator"] = str(meta["originator"])
        source = meta.get("source")
        subagent = source.get("subagent") if isinstance(source, dict) else None
        if subagent is not None or meta.get("thread_source") == "subagent":
            if not self.agent.include_subagents:
                carry["skip"] = "sub-agent session"
            spawn = subagent.get("thread_spawn") if isinstance(subagent, dict) else None
            parent = meta.get("parent_thread_id") or (spawn or {}).get("parent_thread_id")
            if parent:
                carry["subagent_of"] = str(parent)

    def _item_lines(self, item: dict[str, Any], carry: dict[str, Any]) -> list[tuple[str, str]]:
        kind = item.get("type")
        if kind == "message":
            role = item.get("role")
            if role == "user":
                return self._user_lines(item.get("content"), carry)
            if role == "assistant":
                text = text_of(item.get("content")).strip()
                return [("assistant", text)] if text else []
            return []  # developer / system
        if not self.agent.include_tool_calls:
            return []
        line = self._tool_line(item)
        return [("assistant", line)] if line else []

    def _user_lines(self, content: Any, carry: dict[str, Any]) -> list[tuple[str, str]]:
        parts = content if isinstance(content, list) else [content]
        kept = []
        for part in parts:
            text = text_of([part]) if isinstance(part, dict) else text_of(part)
            if text and not text.lstrip().startswith(INJECTED_PREFIXES):
                kept.append(text)
        text = "\n".join(kept)
        if text and "first_user" not in carry:
            carry["first_user"] = True
            if is_own_summarizer_call(text):
                carry["skip"] = "own summariser call"
        text = clean_user_prompt(text, self.markers, self.drops)
        return [("user", text)] if text else []

    def _tool_line(self, item: dict[str, Any]) -> str | None:
        kind = item.get("type")
        keep_ro = self.agent.keep_read_only_commands
        if kind in ("function_call", "custom_tool_call"):
            name = str(item.get("name") or "")
            raw = item.get("arguments") if kind == "function_call" else item.get("input")
            if name in self.skip_tools or not name:
                return None
            args = _json_or_raw(raw)
            if name == "apply_patch":
                patch = args.get("input") if isinstance(args, dict) else raw
                return render_patch(str(patch or ""))
            if name in SHELL_TOOLS:
                cmd = command_of(args)
                return self._shell(cmd) if cmd is not None else None
            if name == "write_stdin":
                chars = args.get("chars") if isinstance(args, dict) else None
                if not chars and not keep_ro:
                    return None  # polling a running command
            return f"tool call: {name} {self.cut_args(compact_json(args))}".rstrip()
        if kind == "local_shell_call":
            action = item.get("action") if isinstance(item.get("action"), dict) else {}
            cmd = command_of(action)
            return self._shell(cmd) if cmd is not None else None
        if kind == "web_search_call":
            action = item.get("action") if isinstance(item.get("action"), dict) else {}
            if "web_search" in self.skip_tools:
                return None
            return f"tool call: web_search {self.cut_args(compact_json(action))}".rstrip()
        return None  # reasoning, tool output, ghost snapshots, …

    def _shell(self, cmd: str) -> str | None:
        if cmd.lstrip().startswith("apply_patch"):
            return render_patch(cmd)
        return render_shell(cmd, self.agent.keep_read_only_commands, self.cut_args)


def _json_or_raw(raw: Any) -> Any:
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


def _uuid_in_name(name: str) -> str | None:
    found = _UUID.findall(name)
    return found[-1] if found else None


CONNECTOR = CodexConnector


def _decompress(path: Path, limit: int, partial: bool = False) -> bytes:
    """Up to `limit` bytes of a .zst file; a corrupt or truncated one is a ValueError (a warning).

    `partial`: only the head is wanted, so a file longer than `limit` is not an error.
    """
    stream = zstandard.ZstdDecompressor().decompressobj()
    chunks, size = [], 0
    with path.open("rb") as f:
        while size < limit and (block := f.read(1 << 20)):
            try:
                out = stream.decompress(block)
            except zstandard.ZstdError as err:
                raise ValueError(f"not a readable zstd file ({err})") from None
            chunks.append(out)
            size += len(out)
    if size < limit and not stream.eof and not partial:
        raise ValueError("truncated zstd file")
    return b"".join(chunks)
