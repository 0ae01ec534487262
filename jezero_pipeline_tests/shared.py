"""Where the read-only reference material lives: `../shared` beside the repository root.

A clone with nothing beside it still runs the suite: a test that needs `../shared` is skipped,
with one line saying what is missing and where it comes from, when it first uses it, never at
collection (under `CI=true`, where `.ci/run` provides it, a missing folder fails instead).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from services import missing

SHARED = Path(__file__).resolve().parents[2] / "shared"


class RealSessions(os.PathLike):
    """The folder of one agent's real transcripts (or a path inside it), checked when a test
    first uses it: joining a name (`FIXTURES / "x.jsonl"`, at import) checks nothing yet."""

    def __init__(self, agent: str, *parts: str):
        self.agent = agent
        self.parts = parts

    @property
    def path(self) -> Path:
        folder = SHARED / "fixtures" / "real-sessions" / self.agent
        if not folder.is_dir():
            missing(f"real session fixtures missing: {folder} (the read-only ../shared folder beside the repository)")
        return folder.joinpath(*self.parts)

    def __fspath__(self) -> str:
        return str(self.path)

    def __str__(self) -> str:
        return str(self.path)

    def __truediv__(self, other: str) -> RealSessions:
        return RealSessions(self.agent, *self.parts, other)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "pytestmark":  # pytest's probes while collecting: not a use
            raise AttributeError(name)
        return getattr(self.path, name)


def real_sessions(agent: str) -> RealSessions:
    """Transcripts the agents wrote themselves, read in place (never copied into the repository)."""
    return RealSessions(agent)
