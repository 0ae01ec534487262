"""The assets: four partitioned ones computed in one pipelined step, and the library.

raw_sessions → segments → redacted_segments → summaries are one `multi_asset` partitioned by
(connector, day): Dagster shows four assets with their lineage, and one step takes a run's
partitions through all four, so model calls stay in flight across partitions and each asset
is recorded as soon as its stage is done. Selecting a subset (only summaries, say) runs only
those stages. The summaries' code version is the summariser generation: after a prompt or
model change they show as unsynced until a backfill re-summarises them. search_index is the
library, refreshed from every partition.
"""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Literal

import dagster as dg

from ..config import Config
from ..models import Partition
from ..stages import context as run_context
from ..stages import follow, index
from ..stages.run import COLLECT, REDACT, SUMMARIZE, PartitionRun, RunOptions, StageDone
from ..staging.locks import AlreadyRunning
from ..summarizing.generation import generation_fingerprint
from ..workspace import Workspace
from .automation import library_condition, resummarize_condition
from .resources import JezeroResource
from .runs import mark_run_worker

STAGE_VERSION = "2"  # bump when a stage's output for the same input changes
DAYS_PER_BACKFILL_RUN = 31  # a backfill of two years is ~24 runs per connector, not 730

DESCRIPTIONS = {
    "raw_sessions": "Sessions read from the connector's files (dialogue only), one row per session, "
    "filed under the day the session started.",
    "segments": "Sessions cut into pieces under max_input_chars, Jezero's rules.",
    "redacted_segments": "Segments with secrets replaced by [REDACTED:<kind>], hashed after redaction.",
    "summaries": "One summary per segment: kept when its content hash matches, else one model call. "
    "Failures are recorded and retried next run.",
}


def partitions_def(cfg: Config) -> dg.MultiPartitionsDefinition:
    """Connector (the config's names) times day (UTC, from [partitions] first_day to today)."""
    defn = dg.MultiPartitionsDefinition(
        {
            "connector": dg.StaticPartitionsDefinition([c.name for c in cfg.connectors]),
            "day": dg.DailyPartitionsDefinition(start_date=cfg.partitions.first_day.isoformat(), end_offset=1),
        }
    )
    defn.get_partition_keys_in_range = _remembered(defn.get_partition_keys_in_range)  # type: ignore[method-assign]
    return defn


def _remembered(keys_in_range: Callable[..., Sequence[str]]) -> Callable[..., Sequence[str]]:
    """The keys of a range, listed once per range (an explicit range's keys never change).

    Dagster lists every key of the run's range each time a step adds one partition's metadata, so
    a run of n partitions built n² keys: 5 ms per partition at 180 days, 20 ms at 730. Only this
    instance's method is wrapped: the class, its name and its snapshot stay Dagster's own.
    """
    memo: dict[Any, Sequence[str]] = {}

    def wrapped(partition_key_range: Any, dynamic_partitions_store: Any = None) -> Sequence[str]:
        keys = memo.get(partition_key_range)
        if keys is None:
            keys = memo[partition_key_range] = keys_in_range(partition_key_range, dynamic_partitions_store)
            if len(memo) > 64:  # a long-lived code server sees many ranges: keep the newest
                memo.pop(next(iter(memo)))
        return keys

    return wrapped


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
    deps = {"raw_sessions": [], "segments": ["raw_sessions"], "redacted_segments": ["segments"],
            "summaries": ["redacted_segments"]}  # fmt: skip
    specs = [
        dg.AssetSpec(
            name,
            deps=deps[name],
            description=DESCRIPTIONS[name],
            group_name="summaries" if name == "summaries" else "sessions",
            code_version=generation if name == "summaries" else STAGE_VERSION,
            kinds={"python", "parquet"},
            automation_condition=resummarize_condition(cfg) if name == "summaries" else None,
            skippable=True,
        )
        for name in deps
    ]
    no_secret_left = dg.AssetCheckSpec(
        "no_secret_left",
        asset="redacted_segments",
        blocking=True,
        description="Scans each segment right before it is sent to the model; one a detector still fires "
        "on is never sent, the run sends nothing more and fails.",
    )

    accounted = dg.AssetCheckSpec(
        "every_segment_accounted_for",
        asset="summaries",
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
        backfill_policy=dg.BackfillPolicy.multi_run(max_partitions_per_run=DAYS_PER_BACKFILL_RUN),
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
            max_calls=None if config.max_calls < 0 else config.max_calls,
        )
        with redacted_failures(ws):
            worker = mark_run_worker(context)
            # The run's partitioned work is this one step: its locks are held from start to end.
            with ws.locks.holding(f"run {context.run.run_id}", keys):
                run = PartitionRun(ws, keys, selected, options, progress=run_context.progress())
                for done in run.events():
                    yield from _results(context, ws, keys, done, worker)

    @dg.asset(
        deps=[dg.AssetDep("summaries", partition_mapping=dg.AllPartitionMapping())],
        code_version=STAGE_VERSION,
        group_name="library",
        kinds={"duckdb"},
        automation_condition=library_condition(),
        description="The DuckDB library with full-text search, refreshed from every partition's summaries "
        "and swapped in atomically: readers never see half of it.",
    )
    def search_index(context: dg.AssetExecutionContext, jezero: JezeroResource) -> dg.MaterializeResult:
        ws = jezero.workspace
        with redacted_failures(ws):
            worker = mark_run_worker(context)
            follow.wait_for_catch_up()  # the run before this one, when it ran in this process
            stats = index.refresh(ws, inspect=True)  # for the library checks that follow
        web = ws.cfg.web.public_url
        return dg.MaterializeResult(
            metadata={
                "path": dg.MetadataValue.path(str(ws.library_path)),
                **({"web": dg.MetadataValue.url(web)} if web else {}),
                **{k: v for k, v in stats.items() if isinstance(v, (int, float)) and not isinstance(v, bool)},
                "mode": stats["mode"],  # unchanged, delta, merge or full
                "built_apart": dg.MetadataValue.bool(stats["built_apart"]),  # in a child process
                **({"published": stats["published"]} if "published" in stats else {}),
                **worker,
            }
        )

    return sessions, search_index, partitions


def _results(
    context: dg.AssetExecutionContext,
    ws: Workspace,
    keys: dict[Partition, Any],
    done: StageDone,
    worker: dict[str, Any] | None = None,
) -> Iterator[Any]:
    """A stage's Dagster results: each partition's own figures, then the stage's materialisation."""
    selected = context.selected_asset_keys
    if dg.AssetKey(done.stage) not in selected:
        return
    totals: dict[str, float] = {}
    for part, rep in done.reports.items():
        meta: dict[str, Any] = {**rep.as_metadata(), **(worker or {})}
        if done.stage == COLLECT and rep.warnings:
            warnings = [ws.redactor.redact(w)[0] for w in rep.warnings]
            for w in warnings[:20]:
                context.log.warning(w)
            meta["skipped_reasons"] = dg.MetadataValue.md("\n".join(f"- {w}" for w in warnings[:50]))
        if done.stage == SUMMARIZE:
            meta.update(_generation_metadata(ws, rep))
            if rep.failed_ids:
                meta["failed_ids"] = dg.MetadataValue.json(rep.failed_ids[:200])
            for e in rep.errors[:5]:
                context.log.warning(e)
        context.add_asset_metadata(meta, asset_key=done.stage, partition_key=keys[part])
        for k, v in rep.as_metadata().items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                totals[k] = totals.get(k, 0) + v
    context.log.info(f"{done.stage}: {len(done.reports)} partition(s): {totals}")
    tags = {}
    if done.stage == SUMMARIZE:
        tags["dagster/code_version"] = _code_version_on(ws, done)
        if dg.AssetCheckKey(dg.AssetKey(REDACT), "no_secret_left") in context.selected_asset_check_keys:
            withheld = done.extra.get("withheld_ids", [])
            yield dg.AssetCheckResult(
                asset_key=REDACT,
                check_name="no_secret_left",
                passed=not withheld,
                metadata={
                    "scanned_segments": done.extra.get("scanned_segments", 0),
                    "offenders": len(withheld),
                    "offending_ids": dg.MetadataValue.json(withheld[:100]),
                },  # fmt: skip
            )
        if dg.AssetCheckKey(dg.AssetKey(SUMMARIZE), "every_segment_accounted_for") in context.selected_asset_check_keys:
            failed = sorted(i for rep in done.reports.values() for i in rep.failed_ids)
            pending = sum(rep.pending for rep in done.reports.values())
            yield dg.AssetCheckResult(
                asset_key=SUMMARIZE,
                check_name="every_segment_accounted_for",
                passed=not failed and not pending,
                severity=dg.AssetCheckSeverity.WARN,
                metadata={
                    "failed": len(failed),
                    "pending_budget": pending,
                    "failed_ids": dg.MetadataValue.json(failed[:100]),
                },  # fmt: skip
            )
    yield dg.MaterializeResult(asset_key=done.stage, tags=tags or None)


def _generation_metadata(ws: Workspace, rep: Any) -> dict[str, Any]:
    """Which generation a partition's summaries are on: what a re-summarise would cover."""
    return {
        "generation": ws.generation,
        "provider": ws.cfg.summarizer.provider,
        "model": ws.cfg.summarizer.model or "",
        "old_generation_summaries": rep.old_generation(ws.generation),
        "generations": dg.MetadataValue.json(rep.generations),
    }


def _code_version_on(ws: Workspace, done: StageDone) -> str:
    """The code version the run's summaries are really on: the current generation only when every
    summary is, else the oldest other one, so the UI keeps them unsynced until re-summarised."""
    others = sorted({g for rep in done.reports.values() for g in rep.generations if g != ws.generation})
    return others[0] if others else ws.generation
