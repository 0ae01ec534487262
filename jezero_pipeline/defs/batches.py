"""The `summary_batches` sensor: Dagster drives batch mode, nobody waits for a batch.

A run in batch mode redacts, checks and submits its requests, records which batch each
partition waits on (its summaries' metadata: `waiting_on_batch`) and ends. This sensor, on by
default whenever the daemon runs, lands the open batches every `batch_poll_seconds` (60) (stages/batch_land.py:
found again after a crash, polled, answers journalled under each partition's lock) and, for
each batch that landed (or never existed), requests runs of `summaries_job` over its
partitions: they find every answer journalled, pay nothing for them, write the partitions
(`landed_from_batch`, `batch_cost_usd` in their metadata) and the library follows. A request
that got no answer is summarised by that run as its mode says (directly, or in a new batch
when the batch was a re-summarise under `batch = "backfill"`).

Each landed batch is requested once: its runs carry a run key, and the document is marked
requested by the tick after the one that requested them (the cursor says which), as
`commands_recorded` deletes a record only once its events are stored. The run key names the
submission and when it was prepared: the same requests asked again later (after their document
was pruned, or with staging started afresh beside the same instance) get the same submission id,
and a key the instance has seen would have their runs silently skipped.
"""

from __future__ import annotations

import json

import dagster as dg

from ..stages.batch_land import has_open, land
from ..stages.plan import plan_ranges
from ..staging import batches as docs
from .assets import SessionsConfig
from .automation import run_requests
from .resources import JezeroResource


def run_key(doc: docs.BatchDoc) -> str:
    """What this landing's runs are keyed by: one submission, prepared once."""
    return f"batch:{doc.submission}@{doc.prepared_at:.3f}"


def batches_sensor(job: dg.UnresolvedAssetJobDefinition, poll_seconds: int = 60) -> dg.SensorDefinition:
    @dg.sensor(
        name="summary_batches",
        job=job,
        minimum_interval_seconds=poll_seconds,
        default_status=dg.DefaultSensorStatus.RUNNING,
        description="Polls the open summary batches; when one ends, writes its answers to the "
        "journals and requests runs of its partitions (they pay nothing for what the batch answered).",
    )
    def summary_batches(context: dg.SensorEvaluationContext, jezero: JezeroResource):
        ws = jezero.workspace
        store = ws.store
        cursor = json.loads(context.cursor or "{}")
        for submission in cursor.get("requested", []):  # the last tick's requests are stored now
            doc = docs.load(store, submission)
            if doc is not None and not doc.requested:
                doc.requested = True
                docs.save(store, doc)
        landing = land(ws, "sensor summary_batches") if has_open(ws) else None
        for error in landing.errors if landing else []:
            context.log.warning(error)
        order = [c.name for c in ws.cfg.connectors]
        requests: list[dg.RunRequest] = []
        requested: list[str] = []
        for doc in docs.all_docs(store):
            if doc.state not in ("landed", "abandoned") or doc.requested:
                continue
            # A re-summarise's runs re-summarise what got no answer, unless the prompt or model changed
            # meanwhile: then its answers are stored under the generation they were asked with, and
            # paying for the new one stays a deliberate backfill.
            again = doc.resummarize and doc.generation == ws.generation
            config = dg.RunConfig(ops={"sessions": SessionsConfig(resummarize="yes" if again else "no")})
            ranges = plan_ranges(doc.partitions(), order)
            requests += run_requests(ranges, "batch", run_key=run_key(doc), run_config=config)
            requested.append(doc.submission)
            context.log.info(f"batch {doc.label} {doc.state}: {doc.outcomes or doc.error}, ${doc.cost_usd:.4f}")
        new_cursor = json.dumps({"requested": requested})
        if not requests:
            waiting = len(landing.waiting) if landing else 0
            skip = f"{waiting} summary batch(es) still open" if waiting else "no summary batch is open"
            return dg.SensorResult(skip_reason=skip, cursor=new_cursor)
        return dg.SensorResult(run_requests=requests, cursor=new_cursor)

    return summary_batches
