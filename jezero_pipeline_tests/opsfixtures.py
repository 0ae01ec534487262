"""A small workspace with one Claude Code session, for the operations' tests."""

from __future__ import annotations

from pathlib import Path

from sessionfiles import long_turns, write_claude_session, write_config


def one_session_workspace(tmp_path: Path) -> Path:
    write_config(tmp_path, provider="extractive", model="")
    write_claude_session(tmp_path / "projects", "aaaa1111-0000-4000-8000-000000000001", long_turns("ledger"))
    return tmp_path
