"""Helpers the round-3 connector tests share: make a connector, scan it, write JSON/JSONL, and
the damage checks every parser must survive (warnings, never an exception)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from jezero_pipeline.config import ConnectorConfig, ProjectsConfig
from jezero_pipeline.sessions import make_connector

LATER = 10**6  # seconds past now: every unit has settled


def connector(type_: str, **options: Any):
    opts = {"settle_minutes": 0, "min_chars": 0, **options}
    return make_connector(ConnectorConfig(name=type_, type=type_, options=opts), ProjectsConfig(git=False), Path("."))


def scan(type_: str, previous=None, now=None, **options: Any):
    return connector(type_, **options).scan(previous or {}, now or time.time() + LATER)


def texts(result) -> list[tuple[str, list[str]]]:
    """(session id, block texts) of every session, sorted by id."""
    return sorted((s.session_id, [b.text for b in s.blocks]) for s in result.sessions)


def write_jsonl(path: Path, records: list[Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(jsonl_bytes(records))
    return path


def jsonl_bytes(records: list[Any]) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def write_json(path: Path, doc: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1))
    return path


def damaged(clean: bytes, cut: int, garbage: bytes, at: int) -> list[bytes]:
    """Damaged versions of a file: cut short, garbage spliced in at a byte, garbage appended."""
    cut = cut % (len(clean) + 1)
    at = at % (len(clean) + 1)
    return [clean[:cut], clean[:at] + garbage + clean[at:], clean + garbage, garbage]


def grown(type_: str, path: Path, tail: bytes, **options: Any):
    """Scan, append `tail` to a transcript, and scan again from the first scan's state."""
    first = scan(type_, **options)
    with path.open("ab") as f:
        f.write(tail)
    return scan(type_, previous=first.states, **options)
