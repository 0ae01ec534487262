"""`run --dry-run` and `run --sample N`: look before paying, and leave no state behind.

Both read the previous run's staging (to know what is unchanged) but write nothing: no
staging file, no journal, no library, no Dagster materialisation.
"""

from __future__ import annotations

from typing import Any

from . import pipeline
from .config import Config
from .redaction import Redactor
from .staging import Staging
from .summarizing.generation import generation_fingerprint


def preview(cfg: Config, connector: str, dry_run: bool = True, sample: int = 0) -> dict[str, Any]:
    staging = Staging(cfg.staging_dir)
    redactor = Redactor.from_config(cfg)
    sessions, col = pipeline.collect(cfg, connector, staging, write=False)
    if sample:
        sessions = sorted(sessions, key=lambda s: s.blocks[-1].timestamp if s.blocks else 0, reverse=True)[:sample]
    segs, _ = pipeline.segment(cfg, connector, staging, sessions=sessions, write=False)
    red, rrep = pipeline.redact_segments(cfg, connector, staging, redactor, segments=segs, write=False)
    generation = generation_fingerprint(cfg.summarizer)
    cache = pipeline.summary_cache(staging, generation)
    todo = [r for r in red if r["content_hash"] not in cache]
    report: dict[str, Any] = {
        "connector": connector,
        "mode": "dry-run" if dry_run else f"sample {sample}",
        "sessions": len(sessions),
        "docs": len(red),
        "unchanged": len(red) - len(todo),
        "to_summarise": len(todo),
        "input_chars": sum(len(r["text"]) for r in todo),
        "redactions": rrep.redactions,
        "deferred_sessions": col.deferred,
        "bytes_read": col.bytes_read,
        "warnings": [redactor.redact(w)[0] for w in col.warnings],
    }
    if dry_run:
        return report
    rows, srep = pipeline.summarize(cfg, connector, staging, redactor, generation, redacted=red, write=False)
    report.update(
        calls=srep.calls,
        failed=srep.failed,
        input_tokens=srep.input_tokens,
        output_tokens=srep.output_tokens,
        items=[{k: r[k] for k in ("segment_id", "status", "title", "summary", "error")} for r in rows],
    )
    return report
