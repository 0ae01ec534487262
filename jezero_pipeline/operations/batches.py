"""`jezero-pipeline batches`: the summary batches, landed when they have ended; `--cancel`.

What a person needs to watch a batch without the Dagster UI: each batch's state, the
provider's counts, its partitions and, once landed, its outcomes and cost. Listing lands
every batch that has ended (its answers into the journals); the next `run` writes them.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from ..stages.batch_land import ProviderCache, has_open, land
from ..staging import batches as docs
from ..workspace import Workspace


def batch_status(ws: Workspace, owner: str, poll: bool = True) -> dict[str, Any]:
    """Every batch document (newest first), after landing what has ended (unless `poll` is off)."""
    landing = land(ws, owner) if poll and has_open(ws) else None
    now = time.time()
    rows = [describe(d, now) for d in reversed(docs.all_docs(ws.store))]
    return {"batches": rows, "errors": landing.errors if landing else [],
            "locked_partitions": landing.locked if landing else []}  # fmt: skip


def describe(doc: docs.BatchDoc, now: float) -> dict[str, Any]:
    parts = doc.partitions()
    return {
        "submission": doc.submission, "provider_id": doc.provider_id, "state": doc.state, "status": doc.status,
        "provider": doc.provider, "model": doc.model, "generation": doc.generation, "requests": len(doc.requests),
        "partitions": len(parts), "first": parts[0].key if parts else None, "last": parts[-1].key if parts else None,
        "submitted": datetime.fromtimestamp(doc.prepared_at, UTC).isoformat(timespec="seconds"),
        "age_hours": round((now - doc.prepared_at) / 3600, 2), "counts": doc.counts, "outcomes": doc.outcomes,
        "cost_usd": round(doc.cost_usd, 6), "error": doc.error,
    }  # fmt: skip


def cancel_batch(ws: Workspace, submission: str) -> dict[str, Any]:
    """Ask the provider to cancel a batch (by our submission id or the provider's id); what it had
    answered lands as usual, the rest goes back to the normal path."""
    doc = next((d for d in docs.all_docs(ws.store) if submission in (d.submission, d.provider_id)), None)
    if doc is None:
        raise ValueError(f"no batch {submission!r} (see `jezero-pipeline batches`)")
    if doc.state != "submitted" or doc.provider_id is None:
        raise ValueError(f"batch {doc.label} is {doc.state}: only a submitted batch can be cancelled")
    ProviderCache(ws)(doc).batch_cancel(doc.provider_id)
    return {"cancelled": doc.label, "note": "its answers so far land with the next `batches` or `run`"}
