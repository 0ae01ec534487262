"""Where each agent keeps its sessions, and which paths inside that store are session files.

Shared by the inbox (an upload's path must mirror its agent's own store, so nothing else can
be written there), the push client (what to upload) and the `inbox` connector (which reader
an uploaded folder needs). The agent names are those of the upload URL, as in Jezero.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEG = r"[A-Za-z0-9_\-][A-Za-z0-9._%+@=,\-]{0,254}"  # one path segment: never `.`/`..`, never hidden


@dataclass(frozen=True)
class AgentStore:
    agent: str  # in the URL: /inbox/v1/<agent>/<relpath>
    type: str  # the connector type that reads it
    option: str  # the connector option that names the store
    database: str | None  # a store that is one SQLite file: its name in the uploaded folder
    default: str  # where the agent keeps it on a machine
    paths: re.Pattern[str]  # the relative paths (POSIX) of its session files

    def mirrors(self, relpath: str) -> bool:
        """True when `relpath` is a session file's place in this agent's store."""
        return len(relpath) <= 1024 and self.paths.fullmatch(relpath) is not None


def _store(agent: str, type_: str, option: str, default: str, *patterns: str, database: str | None = None):
    return AgentStore(agent, type_, option, database, default, re.compile("|".join(f"(?:{p})" for p in patterns)))


AGENT_STORES: dict[str, AgentStore] = {
    s.agent: s
    for s in (
        _store(
            "claude-code",
            "claude_code",
            "projects_dir",
            "~/.claude/projects",
            rf"{_SEG}/{_SEG}\.jsonl",
            rf"{_SEG}/{_SEG}/subagents/{_SEG}\.jsonl",
        ),
        _store(
            "codex",
            "codex",
            "sessions_dir",
            "~/.codex/sessions",
            rf"\d{{4}}/\d{{2}}/\d{{2}}/rollout-{_SEG}\.jsonl(?:\.zst)?",
        ),
        _store(
            "grok",
            "grok",
            "sessions_dir",
            "~/.grok/sessions",
            rf"{_SEG}/{_SEG}/(?:summary\.json|chat_history\.jsonl|updates\.jsonl)",
        ),
        _store("gemini-cli", "gemini_cli", "sessions_dir", "~/.gemini/tmp", rf"{_SEG}/chats/session-{_SEG}\.jsonl?"),
        _store(
            "kiro",
            "kiro",
            "sessions_dir",
            "~/.kiro/sessions",
            rf"cli/{_SEG}\.jsonl?",
            rf"{_SEG}/sess_{_SEG}/(?:messages\.jsonl|session\.json)",
        ),
        _store(
            "opencode",
            "opencode",
            "db_path",
            "~/.local/share/opencode/opencode.db",
            r"opencode\.db",
            database="opencode.db",
        ),
        _store("hermes", "hermes", "db_path", "~/.hermes/state.db", r"state\.db", database="state.db"),
        _store(
            "antigravity",
            "antigravity",
            "data_dir",
            "~/.gemini/antigravity-cli",
            rf"conversations/{_SEG}\.db",
            r"conversation_summaries\.db",
            r"history\.jsonl",
        ),
    )
}
BY_TYPE: dict[str, AgentStore] = {s.type: s for s in AGENT_STORES.values()}
