"""How a connector describes its agent's store: where the agent keeps it, the option naming it,
and which paths inside it are session files.

Each agent's connector declares its own (`Connector.store`, in its module). The inbox uses it
(an upload's path must mirror its agent's own store, so nothing else can be written there),
and so does the push client (what to upload); `registry.py` finds them.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass

SEGMENT = r"[A-Za-z0-9_\-][A-Za-z0-9._%+@=,\-]{0,254}"  # one path segment: never `.`/`..`, never hidden
_ENV_OR = re.compile(r"\$\{(\w+):-([^}]*)\}")  # ${VAR:-fallback}: VAR's value when set and not empty


def session_paths(*patterns: str) -> re.Pattern[str]:
    """One pattern matching any of these (relative POSIX paths of session files)."""
    return re.compile("|".join(f"(?:{p})" for p in patterns))


@dataclass(frozen=True)
class AgentStore:
    option: str  # the connector option that names the store
    # Where the agent keeps it: `~` is the home folder, `${VAR:-fallback}` an environment
    # variable's value when it is set. `default` holds on Linux, and on macOS and Windows
    # unless `macos` or `windows` says otherwise.
    default: str
    paths: re.Pattern[str]  # the relative paths (POSIX) of its session files (`session_paths`)
    database: str | None = None  # a store that is one SQLite file: its name in an uploaded folder
    macos: str | None = None
    windows: str | None = None

    def location(self, platform: str = sys.platform) -> str:
        """Where the agent keeps its store on `platform` (a `sys.platform` value)."""
        chosen = {"darwin": self.macos, "win32": self.windows}.get(platform) or self.default
        return _ENV_OR.sub(lambda m: os.environ.get(m[1]) or m[2], chosen)

    def mirrors(self, relpath: str) -> bool:
        """True when `relpath` is a session file's place in this agent's store."""
        return len(relpath) <= 1024 and self.paths.fullmatch(relpath) is not None
