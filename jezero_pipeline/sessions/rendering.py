"""Jezero's keep/drop rules as shared helpers: rendered lines, prompt cleaning, tool-call
lines, injected-context stripping, and turning collected blocks into a Session.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

from ..models import Block, Session
from .base import Connector, ScanResult, dialogue_chars
from .shell import is_read_only_call


def text_of(content: Any) -> str:
    """Text of a message content: a string, or a list of {type:text,text} parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict) and part.get("type") in ("text", "input_text", "output_text"):
                parts.append(str(part.get("text") or ""))
        return "\n".join(p for p in parts if p)
    return ""


def render_line(ts: datetime, role: str, text: str) -> str:
    """`[YYYY-MM-DD HH:MM] role: text`, Jezero's rendered block."""
    return f"[{ts.astimezone(UTC):%Y-%m-%d %H:%M}] {role}: {text}"


def compile_patterns(patterns: list[str]) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in patterns]


def clean_user_prompt(text: str, markers: list[re.Pattern[str]], drops: list[re.Pattern[str]]) -> str:
    """Jezero's PromptCleaner: keep from the first marker on, drop boilerplate lines."""
    for m in markers:
        hit = m.search(text)
        if hit:
            text = text[hit.start() :]
            break
    if drops:
        text = "\n".join(line for line in text.splitlines() if not any(d.search(line) for d in drops))
    return text.strip()


# helpers added for the grok / gemini_cli / kiro / opencode / hermes connectors ---------------

_SUMMARIZER_CONTEXT_LINE = re.compile(r"(?m)^Context: source=\S+")


def is_own_summarizer_call(text: str) -> bool:
    """True when a session's first user message is one of this pipeline's summariser calls.

    Sent through an agent (or a proxy that logs like one), our own prompts would otherwise be
    summarised again and again. They are recognised by the document framing: a `<document>`
    block with the `Context: source=` line before it, or the `record_summary` tool name / the
    system prompt's opening.
    """
    if "<document>" not in text:
        return False
    if "record_summary" in text or "You index a searchable library" in text:
        return True
    head = text.split("<document>", 1)[0]
    return bool(_SUMMARIZER_CONTEXT_LINE.search(head))


INJECTED_TAGS = (
    "system-reminder",
    "memory-context",
    "user_info",
    "environment_context",
    "project_instructions",
    "user_instructions",
)
_TAG_BLOCK = {t: re.compile(rf"<{t}\b[^>]*>.*?</{t}>", re.S) for t in INJECTED_TAGS}


def strip_injected(text: str, tags: tuple[str, ...] = INJECTED_TAGS) -> str:
    """Remove injected-context blocks (`<system-reminder>…</system-reminder>` and the like).

    Agents splice these into user turns; they are scaffolding, not what the person said.
    """
    for tag in tags:
        pattern = _TAG_BLOCK.get(tag) or re.compile(rf"<{tag}\b[^>]*>.*?</{tag}>", re.S)
        text = pattern.sub("", text)
    return text.strip()


def compact_json(value: Any) -> str:
    """Tool arguments as one compact line: JSON for structures, the string itself otherwise."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    except (TypeError, ValueError):
        return str(value)


class BlockCollector:
    """Turns one session's records into Blocks with the shared keep/drop rules applied.

    Every rendered line of one source record (a message with its tool calls) goes into one
    Block, so ordinals (line number, row id, message index) stay unique and a segment never
    starts in the middle of a record. Tool calls named in `skip_tools`, or read-only ones
    (read-only tools, and shell calls whose every command is read-only: shell.py) unless
    `keep_read_only_commands`, are dropped.
    """

    def __init__(
        self, connector: Connector, read_only_tools: frozenset[str] = frozenset(), skip_tools: tuple[str, ...] = ()
    ):
        self.connector = connector
        opts = connector.agent
        self.markers = compile_patterns(opts.user_prompt_markers)
        self.drops = compile_patterns(opts.user_prompt_drop_lines)
        skipped = set(skip_tools)
        if not opts.keep_read_only_commands:
            skipped |= read_only_tools
        self.skipped_tools = skipped
        self.blocks: list[Block] = []
        self.first_user_raw: str | None = None

    def user(self, ordinal: int, ts: datetime, text: str, at: datetime | None = None) -> None:
        """A person's message: injected tags stripped, then the prompt cleaner applied."""
        if self.first_user_raw is None and text.strip():
            self.first_user_raw = text
        text = clean_user_prompt(strip_injected(text), self.markers, self.drops)
        if text:
            self._add(ordinal, ts, render_line(ts, "user", text), at)

    def assistant(self, ordinal: int, ts: datetime, text: str, at: datetime | None = None) -> None:
        text = text.strip()
        if text:
            self._add(ordinal, ts, render_line(ts, "assistant", text), at)

    def tool_call(self, ordinal: int, ts: datetime, name: str, args: Any, at: datetime | None = None) -> None:
        """`tool call: Name {args cut}`, Jezero's one line per call."""
        if not self.connector.agent.include_tool_calls or not name or name in self.skipped_tools:
            return
        if not self.connector.agent.keep_read_only_commands and is_read_only_call(name, args):
            return
        line = f"tool call: {name} {self.connector.cut_args(compact_json(args))}".rstrip()
        self._add(ordinal, ts, render_line(ts, "assistant", line), at)

    def _add(self, ordinal: int, ts: datetime, line: str, at: datetime | None) -> None:
        stamp = at or ts
        if self.blocks and self.blocks[-1].ordinal == ordinal:
            last = self.blocks[-1]
            self.blocks[-1] = Block(ordinal, max(last.timestamp, stamp), f"{last.text}\n{line}")
        else:
            self.blocks.append(Block(ordinal, stamp, line))


def make_session(
    connector: Connector,
    collector: BlockCollector,
    *,
    session_id: str,
    ref_prefix: str,
    cwd: str | None,
    path: str,
    mtime: float,
    title: str | None = None,
    meta: dict[str, str] | None = None,
    appended: bool = False,
    project: str | None = None,
) -> Session:
    """The Session of collected blocks (`emit_session` judges and adds it; scan loops that judge
    it themselves, such as JsonlFileConnector's, take it as it is)."""
    return Session(
        source=connector.cfg.name,
        session_id=session_id,
        blocks=collector.blocks,
        cwd=cwd,
        title_hint=(title or None),
        project_hint=project or connector.project_for(cwd),
        trust=connector.trust,
        original_ref=f"{ref_prefix}:{session_id}",
        meta=dict(meta or {}),
        path=path,
        mtime=mtime,
        appended=appended,
    )


def emit_session(connector: Connector, result: ScanResult, collector: BlockCollector, **fields: Any) -> bool:
    """Add a parsed session (`make_session`'s fields) to the result unless it is our own
    summariser call or too short.

    Returns True when the session was kept. The project hint is `project` when the source
    names one, else it comes from the cwd (via sessions/projects.py) with the connector's
    `project` as the fallback. `appended`: the
    blocks are only the new (or grown) ones of a stored session that was kept before, so it
    is neither judged again nor counted short; with no new block it is left as stored.
    """
    session = make_session(connector, collector, **fields)
    appended = session.appended
    if appended:
        if session.blocks:
            result.sessions.append(session)
        else:
            result.unchanged.append(session.path)  # grew by records that hold no dialogue
        return True
    if collector.first_user_raw and is_own_summarizer_call(collector.first_user_raw):
        return False
    if not session.blocks or dialogue_chars(session) < connector.agent.min_chars:
        result.too_short += 1
        return False
    result.sessions.append(session)
    return True
