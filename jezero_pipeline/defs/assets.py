"""The assets: four partitioned ones computed in one pipelined step, and the library.

raw_sessions → segments → redacted_segments → summaries are one `multi_asset` partitioned by
(connector, day): Dagster shows four assets with their lineage, and one step takes a run's
partitions through all four (the engine's pipeline), so model calls stay in flight across
partitions and each asset is recorded as soon as its stage is done. Selecting a subset (only
summaries, say) runs only those stages. The summaries' code version is the summariser
generation: after a prompt or model change they show as unsynced until a backfill
re-summarises them. search_index is the library, refreshed from every partition, with its
checks. A command (`jezero-pipeline run`) runs the same engine in its own process and records
the same materialisations (record.py).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

import dagster as dg

from ..config import Config
from ..engine.budget import Budget
from ..engine.pipeline import COLLECT, REDACT, SEGMENT, STAGES, SUMMARIZE, Pipeline, RunOptions, StageDone
from ..models import Partition
from ..progress import LineProgress
from ..stages import index, outcomes
from ..stages.outcomes import (
    EVERY_SEGMENT,
    NO_SECRET_IN_LIBRARY,
    NO_SECRET_LEFT,
    ROW_COUNT,
    SANITY_SEARCH,
    STAGE_VERSION,
)
from ..staging.locks import AlreadyRunning
from ..summarizing.generation import generation_fingerprint
from ..workspace import Workspace
from .automation import library_condition, resummarize_condition
from .io import KEY as STAGED_TABLES
from .record import as_dagster, check_result
from .resources import JezeroResource
from .runs import mark_run_worker

DESCRIPTIONS = {
    COLLECT: "Sessions read from the connector's files (dialogue only), one row per session, "
    "filed under the day the session started.",
    SEGMENT: "Sessions cut into pieces under max_input_chars, Jezero's rules.",
    REDACT: "Segments with secrets replaced by [REDACTED:<kind>], hashed after redaction.",
    SUMMARIZE: "One summary per segment: kept when its content hash matches, else one model call. "
    "Failures are recorded and retried next run.",
}


def partitions_def(cfg: Config) -> dg.MultiPartitionsDefinition:
    """Connector (the config's names) times day (UTC, from [partitions] first_day to today)."""
    return dg.MultiPartitionsDefinition(
        {
            "connector": dg.StaticPartitionsDefinition([c.name for c in cfg.connectors]),
            "day": dg.DailyPartitionsDefinition(start_date=cfg.partitions.first_day.isoformat(), end_offset=1),
        }
    )


class SessionsConfig(dg.Config):
    limit: int = 0  # at most this many new or changed sessions per connector; the rest wait
    resummarize: Literal["auto", "yes", "no"] = "auto"  # auto: a backfill re-summarises, other runs do not
    force_ids: list[str] = []  # segment ids to summarise again even if a summary exists
    max_calls: int = -1  # HTTP attempts for this run; -1: [summarizer] max_calls_per_run


@contextmanager
def redacted_failures(ws: Workspace) -> Iterator[None]:
    """Whatever a step raises reaches Dagster (event log, UI, CLI) redacted, never as it was."""
    try:
        yield
    except dg.Failure:
        raise
    except AlreadyRunning as err:
        raise dg.Failure(description=str(err), metadata={"error_type": "AlreadyRunning"}) from None
    except Exception as err:
        message = ws.redactor.redact(f"{type(err).__name__}: {err}")[0]
        raise dg.Failure(description=message, metadata={"error_type": type(err).__name__}) from None


def build_assets(cfg: Config) -> tuple[dg.AssetsDefinition, dg.AssetsDefinition, dg.MultiPartitionsDefinition]:
    partitions = partitions_def(cfg)
    generation = generation_fingerprint(cfg.summarizer)
    specs = [
        dg.AssetSpec(
            name,
            deps=STAGES[i - 1 : i],  # each stage reads the one before it
            description=DESCRIPTIONS[name],
            group_name="summaries" if name == SUMMARIZE else "sessions",
            code_version=generation if name == SUMMARIZE else STAGE_VERSION,
            kinds={"python", "parquet"},
            automation_condition=resummarize_condition(cfg) if name == SUMMARIZE else None,
            skippable=True,
        ).with_io_manager_key(STAGED_TABLES)  # downstream assets read them as DataFrames (io.py)
        for i, name in enumerate(STAGES)
    ]
    no_secret_left = dg.AssetCheckSpec(
        NO_SECRET_LEFT,
        asset=REDACT,
        blocking=True,
        description="Scans each segment right before it is sent to the model; one a detector still fires "
        "on is never sent, the run sends nothing more and fails.",
    )
    accounted = dg.AssetCheckSpec(
        EVERY_SEGMENT,
        asset=SUMMARIZE,
        description="Every segment of the run's partitions has a summary; failed and budget-deferred "
        "ones are listed (they are retried by the next run).",
    )

    @dg.multi_asset(
        name="sessions",
        specs=specs,
        check_specs=[no_secret_left, accounted],
        partitions_def=partitions,
        can_subset=True,
        pool="llm",
        # [partitions] per_backfill_run: 31 makes a two-year backfill ~24 runs per connector, not 730;
        # a cluster takes fewer per run, so that every worker gets its share (docs/scaling.md)
        backfill_policy=dg.BackfillPolicy.multi_run(max_partitions_per_run=cfg.partitions.per_backfill_run),
    )
    def sessions(context: dg.AssetExecutionContext, jezero: JezeroResource, config: SessionsConfig):
        ws = jezero.workspace
        keys = {Partition.parse(str(k)): k for k in context.partition_keys}
        selected = {k.to_user_string() for k in context.selected_asset_keys}
        tags = context.run.tags
        wanted = tags.get("jezero/resummarize") or config.resummarize  # the opt-in automation sets the tag
        options = RunOptions(
            limit=config.limit,
            resummarize=wanted == "yes" or (wanted == "auto" and bool(tags.get("dagster/backfill"))),
            force_ids=set(config.force_ids),
            follow_library=True,
        )
        budget = Budget.for_run(ws.cfg.summarizer, None if config.max_calls < 0 else config.max_calls)
        with redacted_failures(ws):
            worker = mark_run_worker(context)
            # The run's partitioned work is this one step: its locks are held from start to end.
            with ws.locks.holding(f"run {context.run.run_id}", keys):
                pipeline = Pipeline(ws, keys, budget, stages=selected, options=options, progress=LineProgress())
                for event in pipeline.events():
                    if isinstance(event, StageDone):
                        yield from _results(context, ws, keys, event, worker)

    @dg.asset(
        deps=[dg.AssetDep(SUMMARIZE, partition_mapping=dg.AllPartitionMapping())],
        code_version=STAGE_VERSION,
        group_name="library",
        kinds={"duckdb"},
        automation_condition=library_condition(),
        check_specs=[
            dg.AssetCheckSpec(
                ROW_COUNT,
                asset="search_index",
                description="Library rows equal the good summaries and imported items in staging.",
            ),
            dg.AssetCheckSpec(
                SANITY_SEARCH, asset="search_index", description="A word of the newest item's title finds that item."
            ),
            dg.AssetCheckSpec(
                NO_SECRET_IN_LIBRARY,
                asset="search_index",
                description="No redaction detector fires on any stored text.",
            ),
        ],  # fmt: skip
        description="The DuckDB library with full-text search, refreshed from every partition's summaries "
        "and swapped in atomically: readers never see half of it.",
    )
    def search_index(context: dg.AssetExecutionContext, jezero: JezeroResource):
        ws = jezero.workspace
        with redacted_failures(ws):
            worker = mark_run_worker(context)
            done = index.refresh(ws, inspect=True)
        assert done is not None
        mat = as_dagster(outcomes.library_materialization(ws, done))
        yield dg.MaterializeResult(metadata={**mat.metadata, **worker})
        for check in outcomes.library_checks(ws, done.inspection):
            yield check_result(check)

    return sessions, search_index, partitions


def _results(
    context: dg.AssetExecutionContext,
    ws: Workspace,
    keys: dict[Partition, Any],
    done: StageDone,
    worker: dict[str, Any] | None = None,
) -> Iterator[Any]:
    """A stage's Dagster results: each partition's own figures, then the stage's materialisation."""
    if dg.AssetKey(done.stage) not in context.selected_asset_keys:
        return
    totals: dict[str, float] = {}
    for part, rep in done.reports.items():
        mat = as_dagster(outcomes.partition_materialization(ws, done.stage, part, rep))
        context.add_asset_metadata({**mat.metadata, **(worker or {})}, asset_key=done.stage, partition_key=keys[part])
        for k, v in rep.as_metadata().items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                totals[k] = totals.get(k, 0) + v
        if done.stage == SUMMARIZE:
            for e in rep.errors[:5]:
                context.log.warning(e)
        elif done.stage == COLLECT:
            for w in rep.warnings[:20]:
                context.log.warning(ws.redactor.redact(w)[0])
    context.log.info(f"{done.stage}: {len(done.reports)} partition(s): {totals}")
    tags = None
    if done.stage == SUMMARIZE:
        reports = list(done.reports.values())
        tags = {outcomes.CODE_VERSION_TAG: outcomes.code_version(ws, done.stage, reports)}
        for check in outcomes.summaries_checks(reports, done.extra):
            if dg.AssetCheckKey(dg.AssetKey(check.asset), check.name) in context.selected_asset_check_keys:
                yield check_result(check)
    yield dg.MaterializeResult(asset_key=done.stage, tags=tags)
