"""Write small Claude Code transcripts in the real on-disk shape, and damage JSONL transcripts,
for pipeline and parser tests."""

from __future__ import annotations

import json
import os
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def write_claude_session(
    projects_dir: Path,
    session_id: str,
    turns: list[tuple[str, str]],
    cwd: str = "/home/dev/projects/ledger",
    start: datetime = T0,
    mtime: float | None = None,
) -> Path:
    """One `<slug>/<session_id>.jsonl` with alternating user/assistant records."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in cwd)
    path = projects_dir / slug / f"{session_id}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for i, (role, text) in enumerate(turns):
        ts = (start + timedelta(minutes=i)).isoformat().replace("+00:00", "Z")
        content = text if role == "user" else [{"type": "text", "text": text}]
        lines.append(
            json.dumps(
                {
                    "type": role,
                    "sessionId": session_id,
                    "cwd": cwd,
                    "timestamp": ts,
                    "uuid": f"{session_id}-{i}",
                    "parentUuid": None,
                    "isSidechain": False,
                    "userType": "external",
                    "message": {"role": role, "content": content},
                }
            )
        )
    path.write_text("\n".join(lines) + "\n")
    stamp = mtime if mtime is not None else (start - timedelta(days=1)).timestamp()
    os.utime(path, (stamp, stamp))
    return path


def long_turns(topic: str, n: int = 6, size: int = 900) -> list[tuple[str, str]]:
    """Dialogue about `topic`, about n × size characters, so small max_input_chars splits it."""
    filler = textwrap.shorten(("We look at the " + topic + " code path and its tests. ") * 60, size, placeholder=".")
    turns = []
    for i in range(n):
        role = "user" if i % 2 == 0 else "assistant"
        turns.append((role, f"[{topic} step {i}] {filler}"))
    return turns


CONFIG = """
[storage]
path = "library.duckdb"
staging_dir = "staging"
[summarizer]
provider = "{provider}"
{model_line}
base_url = "{base_url}"
max_concurrency = {concurrency}
max_input_chars = 2000
timeout_seconds = 5
{extra}
[[connectors]]
name = "cc"
type = "claude_code"
[connectors.options]
projects_dir = "projects"
settle_minutes = 0
min_chars = 10
"""


def write_config(
    workdir: Path,
    provider: str = "anthropic",
    base_url: str = "",
    model: str = "fake-model",
    concurrency: int = 4,
    extra: str = "",
) -> Path:
    p = workdir / "jezero.toml"
    p.write_text(
        CONFIG.format(
            provider=provider,
            base_url=base_url,
            concurrency=concurrency,
            extra=extra,
            model_line=f'model = "{model}"' if model else "",
        )
    )
    return p


SAMPLES_CONFIG = """
[storage]
path = "{storage}/library.duckdb"
staging_dir = "{storage}/staging"
[summarizer]
provider = "extractive"
{summarizer_extra}
[[connectors]]
name = "claude-code"
type = "claude_code"
[connectors.options]
projects_dir = "{samples}/claude-code/projects"
settle_minutes = 0
[[connectors]]
name = "codex"
type = "codex"
[connectors.options]
sessions_dir = "{samples}/codex/sessions"
settle_minutes = 0
"""


def write_samples_config(path: Path, samples: Path, storage: Path, summarizer_extra: str = "") -> Path:
    """The repo's two sample connectors, with the library and staging kept under `storage`."""
    path.write_text(SAMPLES_CONFIG.format(samples=samples, storage=storage, summarizer_extra=summarizer_extra))
    return path


def damaged(source: bytes, cut_share: float, inserts: list[tuple[float, bytes]], first: int = 0) -> tuple[bytes, int]:
    """`source` cut at `cut_share` of its length, with each garbage line of `inserts` put in at
    its share of the lines (never before line `first`, 0-based); and the 1-based number of the
    first damaged line: the line the cut left partial, or the first one put in. Every record on
    the lines before it must be read as from the clean file."""
    lines = source[: round(cut_share * len(source))].split(b"\n")
    damage = len(lines)
    for share, junk in sorted(inserts, reverse=True):
        at = max(first, round(share * len(lines)))
        lines.insert(at, junk)
        damage = min(damage, at + 1)
    return b"\n".join(lines), damage
