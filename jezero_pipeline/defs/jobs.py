"""The jobs: the pipeline's asset jobs, and maintenance as jobs (the CLI's commands, in the UI)."""

import dagster as dg

from ..engine.pipeline import STAGES, SUMMARIZE
from ..operations import connectors, preview, redact_stored, retag
from .resources import JezeroResource

PARTITIONED = list(STAGES)


def asset_jobs() -> list:
    return [
        dg.define_asset_job(
            "sessions_job",
            selection=dg.AssetSelection.assets(*PARTITIONED),
            description="Collect, segment, redact and summarise (connector, day) partitions.",
        ),
        dg.define_asset_job(
            "summaries_job",
            selection=dg.AssetSelection.assets(SUMMARIZE),
            description="Summarise partitions again from their staged redacted segments (re-summarise).",
        ),
        dg.define_asset_job(
            "library_job",
            selection=dg.AssetSelection.assets("search_index"),
            description="Refresh the DuckDB library from every partition's summaries.",
        ),
    ]


class RedactStoredConfig(dg.Config):
    dry_run: bool = False


class RetagConfig(dg.Config):
    connector: str = ""  # empty: every connector
    dry_run: bool = False
    ask_model: bool = False  # one model call per untagged item whose tag its text does not mention


class ConnectorResetConfig(dg.Config):
    connector: str  # required: resetting everything by accident is not a default


class PreviewConfig(dg.Config):
    connector: str = ""  # empty: every enabled connector
    dry_run: bool = True  # collect and redact only: no model call
    sample: int = 0  # >0: summarise the newest N sessions (model calls), store nothing


@dg.op(description="`run --dry-run` / `run --sample N`: report what a run would do; stores nothing.")
def preview_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: PreviewConfig) -> None:
    ws = jezero.workspace
    names = [config.connector] if config.connector else [c.name for c in ws.cfg.enabled_connectors]
    for name in names:
        report = preview.preview(ws, name, dry_run=config.dry_run and not config.sample, sample=config.sample)
        context.log.info(str({k: v for k, v in report.items() if k != "items"}))


@dg.op(description="Re-apply current redaction rules to staging and the library; no model call.")
def redact_stored_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: RedactStoredConfig) -> None:
    report = redact_stored.redact_stored(jezero.workspace, dry_run=config.dry_run, owner=f"run {context.run_id}")
    context.log.info(str(report))


@dg.op(description="Re-apply project hints (paths, git, roots, aliases); no model call unless ask_model.")
def retag_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: RetagConfig) -> None:
    ws = jezero.workspace
    names = [config.connector] if config.connector else [c.name for c in ws.cfg.connectors]
    for name in names:
        context.log.info(str(retag.retag(ws, name, dry_run=config.dry_run, ask_model=config.ask_model,
                                         owner=f"run {context.run_id}")))  # fmt: skip


@dg.op(description="Forget which files a connector read; items stay and unchanged ones are not paid again.")
def connector_reset_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: ConnectorResetConfig) -> None:
    context.log.info(str(connectors.connector_reset(jezero.workspace, config.connector, owner=f"run {context.run_id}")))


@dg.op(description="Each connector: type, on/off, units tracked, summaries ok and failed, last run.")
def connector_list_op(context: dg.OpExecutionContext, jezero: JezeroResource) -> None:
    for row in connectors.connector_list(jezero.workspace):
        context.log.info(str(row))


@dg.job(description="jezero-pipeline redact-stored")
def redact_stored_job() -> None:
    redact_stored_op()


@dg.job(description="jezero-pipeline retag")
def retag_job() -> None:
    retag_op()


@dg.job(description="jezero-pipeline connector reset NAME")
def connector_reset_job() -> None:
    connector_reset_op()


@dg.job(description="jezero-pipeline connector list")
def connector_list_job() -> None:
    connector_list_op()


@dg.job(description="jezero-pipeline run --dry-run | --sample N (no state is written)")
def preview_job() -> None:
    preview_op()


MAINTENANCE_JOBS = [preview_job, redact_stored_job, retag_job, connector_reset_job, connector_list_job]
