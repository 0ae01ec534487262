"""Run the pipeline as `jezero-pipeline run` does; what it did is then recorded into a test's own
Dagster instance, as the daemon's `commands_recorded` sensor records it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jezero_pipeline import service
from jezero_pipeline.config import load_config
from jezero_pipeline.defs.record import record_into
from jezero_pipeline.engine.budget import Budget
from jezero_pipeline.engine.calls import CallLoop
from jezero_pipeline.models import Partition
from jezero_pipeline.stages.summarize import Summarizer
from jezero_pipeline.summarizing.providers import make_provider
from jezero_pipeline.workspace import Workspace


def workspace(workdir: Path) -> Workspace:
    return Workspace.open(load_config(workdir / "jezero.toml"))


def run_report(workdir: Path, instance: Any, names: list[str] | None = None, **kw: Any) -> service.RunReport:
    """One `run` of the workdir's config, then its record reported into `instance` (None: left in staging)."""
    ws = workspace(workdir)
    report = service.run(ws, names or [c.name for c in ws.cfg.enabled_connectors], **kw)
    assert not report.locked, "the run lock was held"
    if instance is not None:
        record_into(instance, ws.store)
    return report


def run(workdir: Path, instance: Any, names: list[str] | None = None, **kw: Any) -> tuple[dict, dict, bool]:
    """(the first connector's report, the library's report, all ok) of one `run`."""
    report = run_report(workdir, instance, names, **kw)
    return report.connectors[0].as_dict(), report.library.as_dict(), report.ok


def summarizer(ws: Workspace, **kw: Any) -> Summarizer:
    """A summarise stage that sends, as the engine builds it: the config's provider, its budget."""
    budget = Budget.for_run(ws.cfg.summarizer)
    provider = make_provider(ws.cfg.summarizer, ws.api_key(), budget=budget)
    return Summarizer(ws, CallLoop(ws.cfg.summarizer.max_concurrency, budget), provider, **kw)


def day(key: str) -> Partition:
    return Partition.parse(key)
