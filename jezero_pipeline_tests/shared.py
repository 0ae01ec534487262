"""Where the read-only reference material lives: `../shared` beside the repository root."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def real_sessions(agent: str) -> Path:
    """Transcripts the agents wrote themselves, read in place (never copied into the repository)."""
    path = SHARED / "fixtures" / "real-sessions" / agent
    if not path.is_dir():
        pytest.fail(f"real session fixtures missing: looked for {path} (../shared beside the repository)",
                    pytrace=False)  # fmt: skip
    return path
