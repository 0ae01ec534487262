"""The five assets. Each one calls a stage in `pipeline.py` and reports its figures.

Partitions are the config's connector names; sessions are rows. The summaries asset's
`code_version` is the summariser generation, so a prompt or model change shows every
partition as unsynced, and only a deliberate re-materialisation pays for new summaries.
"""

from collections.abc import Iterator
from contextlib import contextmanager

import dagster as dg

from .. import maintenance, pipeline
from ..config import Config
from ..locking import library_lock
from ..summarizing.generation import generation_fingerprint
from .automation import library_condition, resummarize_condition
from .checks import build_checks
from .resources import JezeroResource

STAGE_VERSION = "1"  # bump when a stage's output for the same input changes


class CollectConfig(dg.Config):
    limit: int = 0  # at most this many new or changed sessions; the rest wait for the next run


class SummarizeConfig(dg.Config):
    max_calls: int = -1  # -1: the config's [summarizer] max_calls_per_run
    force_ids: list[str] = []  # segment ids to summarise again even if a summary exists


@contextmanager
def _recording_failure(jezero: JezeroResource, name: str) -> Iterator[None]:
    """A step that raises leaves its (redacted) error in the connector state, for `health`."""
    try:
        yield
    except Exception as err:
        maintenance.record_outcome(jezero.staging, name, jezero.redactor.redact(f"{type(err).__name__}: {err}")[0])
        raise


def build_assets(
    cfg: Config,
) -> tuple[list[dg.AssetsDefinition], list[dg.AssetChecksDefinition], dg.StaticPartitionsDefinition]:
    partitions = dg.StaticPartitionsDefinition([c.name for c in cfg.connectors])
    generation = generation_fingerprint(cfg.summarizer)

    @dg.asset(
        partitions_def=partitions,
        code_version=STAGE_VERSION,
        group_name="sessions",
        kinds={"python", "parquet"},
        description="Sessions read from the connector's files (dialogue only), one row per session.",
    )
    def raw_sessions(
        context: dg.AssetExecutionContext, jezero: JezeroResource, config: CollectConfig
    ) -> dg.MaterializeResult:
        name = context.partition_key
        with jezero.partition_lock(name), _recording_failure(jezero, name):
            _, rep = pipeline.collect(jezero.config, name, jezero.staging, limit=config.limit)
            maintenance.record_collect(jezero.staging, name, rep.new_or_changed, len(rep.warnings))
        warnings = [jezero.redactor.redact(w)[0] for w in rep.warnings]
        for w in warnings:
            context.log.warning(w)
        return dg.MaterializeResult(
            metadata={
                "sessions": rep.sessions,
                "new_or_changed": rep.new_or_changed,
                "reused_unchanged": rep.reused,
                "deferred_sessions": rep.deferred,
                "too_short": rep.too_short,
                "left_for_next_run": rep.left_for_next_run,
                "files_seen": rep.files_seen,
                "files_unchanged": rep.files_unchanged,
                "bytes_read": rep.bytes_read,
                "skipped_files": len(warnings),
                "skipped_reasons": dg.MetadataValue.md("\n".join(f"- {w}" for w in warnings[:50]) or "none"),
                "unchanged_partition": rep.current,
            },
            data_version=dg.DataVersion(rep.digest),
        )

    @dg.asset(
        partitions_def=partitions,
        deps=[raw_sessions],
        code_version=STAGE_VERSION,
        group_name="sessions",
        kinds={"python", "parquet"},
        description="Sessions cut into pieces under max_input_chars, Jezero's rules.",
    )
    def segments(context: dg.AssetExecutionContext, jezero: JezeroResource) -> dg.MaterializeResult:
        name = context.partition_key
        with jezero.partition_lock(name):
            _, rep = pipeline.segment(jezero.config, name, jezero.staging)
        return dg.MaterializeResult(
            metadata={
                "segments": rep.segments,
                "sessions": rep.sessions,
                "chars": rep.chars,
                "unchanged_partition": rep.current,
            },
            data_version=dg.DataVersion(rep.digest),
        )

    @dg.asset(
        partitions_def=partitions,
        deps=[segments],
        code_version=STAGE_VERSION,
        group_name="sessions",
        kinds={"python", "parquet"},
        description="Segments with secrets replaced by [REDACTED:<kind>], hashed after redaction.",
    )
    def redacted_segments(context: dg.AssetExecutionContext, jezero: JezeroResource) -> dg.MaterializeResult:
        name = context.partition_key
        with jezero.partition_lock(name):
            _, rep = pipeline.redact_segments(jezero.config, name, jezero.staging, jezero.redactor)
        return dg.MaterializeResult(
            metadata={
                "segments": rep.segments,
                "redactions": rep.redactions,
                "segments_with_redactions": rep.with_redactions,
                "reused": rep.reused,
                "unchanged_partition": rep.current,
            },
            data_version=dg.DataVersion(rep.digest),
        )

    @dg.asset(
        partitions_def=partitions,
        deps=[redacted_segments],
        code_version=generation,
        group_name="summaries",
        kinds={"python", "parquet"},
        pool="llm",
        automation_condition=resummarize_condition(cfg),
        description="One summary per segment: reused when (content hash, generation) matches, "
        "else one model call. Failures are recorded and retried next run.",
    )
    def summaries(
        context: dg.AssetExecutionContext, jezero: JezeroResource, config: SummarizeConfig
    ) -> dg.MaterializeResult:
        name = context.partition_key
        cfg = jezero.config
        with jezero.partition_lock(name), _recording_failure(jezero, name):
            _, rep = pipeline.summarize(
                cfg,
                name,
                jezero.staging,
                jezero.redactor,
                generation,
                force_ids=set(config.force_ids),
                max_calls=None if config.max_calls < 0 else config.max_calls,
            )
            maintenance.record_outcome(
                jezero.staging, name, f"{rep.failed} segment(s) failed: {rep.errors[0]}" if rep.failed else None
            )
        for e in rep.errors[:20]:
            context.log.warning(e)
        metadata = {
            "docs": rep.docs,
            "calls": rep.calls,
            "reused": rep.reused,
            "stored": rep.stored,
            "failed": rep.failed,
            "pending_budget": rep.pending,
            "input_chars": rep.input_chars,
            "input_tokens": rep.input_tokens,
            "output_tokens": rep.output_tokens,
            "summarize_seconds": round(rep.seconds, 3),
            "generation": generation,
            "provider": cfg.summarizer.provider,
            "model": cfg.summarizer.model or "",
            "failed_ids": dg.MetadataValue.json(rep.failed_ids[:200]),
            "unchanged_partition": rep.current,
        }
        if rep.estimated_cost_usd is not None:
            metadata["estimated_cost_usd"] = rep.estimated_cost_usd
        return dg.MaterializeResult(metadata=metadata, data_version=dg.DataVersion(rep.digest))

    @dg.asset(
        deps=[dg.AssetDep(summaries, partition_mapping=dg.AllPartitionMapping())],
        code_version=STAGE_VERSION,
        group_name="library",
        kinds={"duckdb"},
        automation_condition=library_condition(),
        description="The DuckDB library with full-text search, rebuilt from every partition's "
        "summaries into a temporary file and swapped in atomically.",
    )
    def search_index(context: dg.AssetExecutionContext, jezero: JezeroResource) -> dg.MaterializeResult:
        from ..library.build import build_library

        cfg = jezero.config
        parts = [c.name for c in cfg.connectors]
        with library_lock(cfg):
            built_from = jezero.staging.library_inputs(parts)
            items = pipeline.library_items(jezero.staging, parts)
            stats = build_library(items, cfg.library_path)
        return dg.MaterializeResult(
            metadata={
                "items": len(items),
                "path": dg.MetadataValue.path(str(cfg.library_path)),
                "built_from": dg.MetadataValue.json(built_from),
                **{k: v for k, v in stats.items() if isinstance(v, (int, float)) and k != "items"},
            },
            data_version=dg.DataVersion(pipeline.digest(list(items["content_hash"] + ":" + items["external_id"]))),
        )

    @dg.asset_check(
        asset=redacted_segments,
        blocking=True,
        description="Re-scans the redacted text that is about to be sent to the model; "
        "fails the run before any model call if a detector still fires.",
    )
    def no_secret_left(context: dg.AssetCheckExecutionContext, jezero: JezeroResource) -> dg.AssetCheckResult:
        st = jezero.staging
        parts = [context.partition_key] if context.has_partition_key else st.partitions("redacted_segments")
        cache = None
        offenders, scanned = [], 0
        for part in parts:
            done = st.info("summaries", part)
            if (
                done.get("open") == "0"
                and done.get("inputs") == f"{st.signature('redacted_segments', part)}|{generation}"
            ):
                continue  # every segment of this exact file already has a summary: none goes to the model
            cache = cache if cache is not None else pipeline.summary_cache(st, generation)
            for row in st.read_rows("redacted_segments", part):
                if row["content_hash"] in cache:
                    continue  # already summarised: nothing of it goes to the model again
                scanned += 1
                if any(jezero.redactor.spans(row[f] or "") for f in ("text", "title_hint", "meta")):
                    offenders.append(row["id"])
        return dg.AssetCheckResult(
            passed=not offenders,
            metadata={
                "scanned_segments": scanned,
                "offenders": len(offenders),
                "offending_ids": dg.MetadataValue.json(offenders[:100]),
            },
        )

    checks = [no_secret_left, *build_checks(summaries, search_index)]
    return [raw_sessions, segments, redacted_segments, summaries, search_index], checks, partitions
