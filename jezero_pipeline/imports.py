"""Store pre-summarised items from `import-jsonl`, redacted, beside the connectors' summaries.

Imported items have no transcript and are never summarised: they live in their own
staging folder (`imports/<source>.parquet`) and the library build reads them with the rest.
A second import of the same source updates items by external id and keeps the others.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa

from . import pipeline
from .config import Config
from .jsonl_import import read_import_file
from .redaction import Redactor
from .staging import Staging

IMPORTS_SCHEMA = pipeline.SUMMARIES_SCHEMA.append(pa.field("original", pa.string()))


def import_jsonl(
    cfg: Config, path: Path, source: str, project: str | None = None, trust: str = "own"
) -> dict[str, Any]:
    redactor = Redactor.from_config(cfg)
    rows, problems = read_import_file(path, source, project, trust)
    staging = Staging(cfg.staging_dir)
    existing = {r["segment_id"]: r for r in staging.read_rows("imports", source)}
    redactions = 0
    for row in rows:
        clean, n = redactor.redact_obj(row)
        redactions += n
        original = clean.get("original") or ""
        existing[clean["external_id"]] = {
            "segment_id": clean["external_id"],
            "source": source,
            "session_id": clean["external_id"],
            "occurred_at": datetime.fromisoformat(clean["occurred_at"]).astimezone(UTC),
            "content_hash": pipeline.sha256(original or clean["title"] + "\n" + clean["summary"]),
            "generation": "imported",
            "status": "ok",
            "error": None,
            "title": clean["title"],
            "summary": clean["summary"],
            "questions": json.dumps(clean.get("questions") or [], ensure_ascii=False),
            "atoms": json.dumps(clean.get("atoms") or [], ensure_ascii=False),
            "project": clean.get("project"),
            "trust": clean.get("trust") or trust,
            "original_ref": clean.get("original_ref") or "",
            "input_tokens": 0,
            "output_tokens": 0,
            "summarized_at": datetime.now(UTC),
            "original": original,
        }
    if rows:
        staging.write_rows("imports", source, list(existing.values()), IMPORTS_SCHEMA)
        from .maintenance import rebuild_library

        rebuild_library(cfg)
    return {
        "source": source,
        "imported": len(rows),
        "redactions": redactions,
        "problems": [redactor.redact(p)[0] for p in problems],
    }
