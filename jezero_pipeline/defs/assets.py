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
from datetime import date
from typing import Any, Literal

import dagster as dg

from ..config import Config
from ..embedding.model import model_key
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

GROUP = "jezero"  # one group: the UI's lineage opens on every asset, nothing to expand

DESCRIPTIONS = {
    COLLECT: "Sessions read from the connector's files (dialogue only), one row per session, "
    "filed under the day the session started.",
    SEGMENT: "Sessions cut into pieces under max_input_chars, Jezero's rules.",
    REDACT: "Segments with secrets replaced by [REDACTED:<kind>], hashed after redaction.",
    SUMMARIZE: "One summary per segment: kept when its content hash matches, else one model call. "
    "Failures are recorded and retried next run.",
}


def partitions_def(cfg: Config, first_day: date) -> dg.MultiPartitionsDefinition:
    """Connector (the config's names) times day (UTC, from the first day to today: see
    Workspace.first_day, the config's or the oldest session's)."""
    return dg.MultiPartitionsDefinition(
        {
            "connector": dg.StaticPartitionsDefinition([c.name for c in cfg.connectors]),
            "day": dg.DailyPartitionsDefinition(start_date=first_day.isoformat(), end_offset=1),
        }
    )


class SessionsConfig(dg.Config):
    limit: int = 0  # at most this many new or changed sessions per connector; the rest wait
    resummarize: Literal["auto", "yes", "no"] = "auto"  # auto: a backfill re-summarises, other runs do not
    force_ids: list[str] = []  # segment ids to summarise again even if a summary exists
    max_calls: int = -1  # HTTP attempts for this run; -1: [summarizer] max_calls_per_run
    # auto: as [summarizer] batch says ("backfill": a backfill or a re-summarise; "always": every run)
    batch: Literal["auto", "yes", "no"] = "auto"


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


def build_assets(
    cfg: Config, first_day: date
) -> tuple[dg.AssetsDefinition, dg.AssetsDefinition, dg.MultiPartitionsDefinition]:
    partitions = partitions_def(cfg, first_day)
    generation = generation_fingerprint(cfg.summarizer)
    specs = [
        dg.AssetSpec(
            name,
            deps=STAGES[i - 1 : i],  # each stage reads the one before it
            description=DESCRIPTIONS[name],
            group_name=GROUP,
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
        backfill = bool(tags.get("dagster/backfill"))
        resummarize = wanted == "yes" or (wanted == "auto" and backfill)
        options = RunOptions(
            limit=config.limit,
            resummarize=resummarize,
            force_ids=set(config.force_ids),
            follow_library=True,
            batch=ws.cfg.summarizer.batch_applies(backfill or resummarize, _yes_no(config.batch)),
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
        group_name=GROUP,
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


def _yes_no(value: str) -> bool | None:
    return None if value == "auto" else value == "yes"


def build_embeddings_asset(cfg: Config) -> dg.AssetsDefinition:
    """The vectors of the library's items: the embed stage after each library refresh. Its code
    version is the embedding model's key: after a model change it shows unsynced until
    `jezero-pipeline embed --reembed` (or this asset launched with `reembed: true`)."""

    @dg.asset(
        deps=["search_index"],
        code_version=model_key(cfg.embeddings) or "none",
        group_name=GROUP,
        kinds={"duckdb"},
        automation_condition=library_condition(),
        description="A vector per library item for search by meaning ([embeddings]: the bundled offline model "
        "or an OpenAI-compatible endpoint), paid once per (item text, model), in a file beside the library: "
        "search stays lexical whenever the vectors cannot answer.",
    )
    def embeddings(context: dg.AssetExecutionContext, jezero: JezeroResource, config: EmbeddingsRunConfig):
        from ..stages import embed  # lazy: DuckDB and the model's runtime load only when the asset runs

        ws = jezero.workspace
        with redacted_failures(ws):
            worker = mark_run_worker(context)
            done = embed.embed_library(ws, reembed=config.reembed, progress=_embed_progress(context))
        if not done.ok:
            raise dg.Failure(description="; ".join(done.errors) or "a secret check stopped the embedding",
                             metadata={"withheld": len(done.withheld)})  # fmt: skip
        mat = as_dagster(outcomes.embeddings_materialization(ws, done))
        return dg.MaterializeResult(metadata={**mat.metadata, **worker})

    return embeddings


class EmbeddingsRunConfig(dg.Config):
    reembed: bool = False  # pay for every vector of a new model (a model change is re-embedded on purpose)


def _embed_progress(context: dg.AssetExecutionContext) -> Any:
    def show(done: int, total: int) -> None:
        if done == total or done % 5000 < 256:
            context.log.info(f"embeddings: {done} of {total} text(s)")

    return show


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
    for warning in done.extra.get("warnings", []):
        context.log.warning(warning)
    for batch in done.extra.get("batches", []):
        context.log.info(f"submitted batch {batch['batch']}: {batch['requests']} requests over "
                         f"{batch['partitions']} partition(s); the summary_batches sensor lands it")  # fmt: skip
    tags = None
    if done.stage == SUMMARIZE:
        reports = list(done.reports.values())
        tags = {outcomes.CODE_VERSION_TAG: outcomes.code_version(ws, done.stage, reports)}
        for check in outcomes.summaries_checks(reports, done.extra):
            if dg.AssetCheckKey(dg.AssetKey(check.asset), check.name) in context.selected_asset_check_keys:
                yield check_result(check)
    yield dg.MaterializeResult(asset_key=done.stage, tags=tags)
