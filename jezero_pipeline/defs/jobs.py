"""Maintenance jobs: the same functions as the CLI commands, launchable from the UI."""

import dagster as dg

from .. import maintenance
from .resources import JezeroResource


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
    from ..preview import preview

    cfg = jezero.config
    names = [config.connector] if config.connector else [c.name for c in cfg.enabled_connectors]
    for name in names:
        report = preview(cfg, name, dry_run=config.dry_run and not config.sample, sample=config.sample)
        context.log.info(str({k: v for k, v in report.items() if k != "items"}))


@dg.op(description="Re-apply current redaction rules to staging and the library; no model call.")
def redact_stored_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: RedactStoredConfig) -> None:
    report = maintenance.redact_stored(jezero.config, jezero.redactor, dry_run=config.dry_run)
    context.log.info(str(report))
    context.log_event(
        dg.AssetObservation(
            asset_key="search_index",
            metadata={f"redact_stored_{k}": v for k, v in report.items() if isinstance(v, (int, bool))},
        )
    )


@dg.op(description="Re-apply project hints (paths, git, roots, aliases); no model call.")
def retag_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: RetagConfig) -> None:
    names = [config.connector] if config.connector else [c.name for c in jezero.config.connectors]
    for name in names:
        context.log.info(
            str(maintenance.retag(jezero.config, name, dry_run=config.dry_run, ask_model=config.ask_model))
        )


@dg.op(description="Forget which files a connector read; items stay and unchanged ones are not paid again.")
def connector_reset_op(context: dg.OpExecutionContext, jezero: JezeroResource, config: ConnectorResetConfig) -> None:
    context.log.info(str(maintenance.connector_reset(jezero.config, config.connector)))


@dg.job(description="jezero-pipeline redact-stored")
def redact_stored_job() -> None:
    redact_stored_op()


@dg.job(description="jezero-pipeline retag")
def retag_job() -> None:
    retag_op()


@dg.job(description="jezero-pipeline connector reset NAME")
def connector_reset_job() -> None:
    connector_reset_op()


@dg.job(description="jezero-pipeline run --dry-run | --sample N (no state is written)")
def preview_job() -> None:
    preview_op()


MAINTENANCE_JOBS = [preview_job, redact_stored_job, retag_job, connector_reset_job]
