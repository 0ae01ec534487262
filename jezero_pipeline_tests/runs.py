"""Run the pipeline as `jezero-pipeline run` does, on a test's own Dagster instance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jezero_pipeline.cli.operate import run_changed
from jezero_pipeline.config import load_config
from jezero_pipeline.models import Partition
from jezero_pipeline.workspace import Workspace


def workspace(workdir: Path) -> Workspace:
    return Workspace.open(load_config(workdir / "jezero.toml"))


def run(workdir: Path, instance: Any, names: list[str] | None = None, **kw: Any) -> tuple[dict, dict, bool]:
    """(the first connector's report, the library's report, all ok) of one `run`."""
    ws = workspace(workdir)
    done = run_changed(ws, str(workdir / "jezero.toml"), names or [c.name for c in ws.cfg.enabled_connectors],
                       instance=instance, **kw)  # fmt: skip
    assert done is not None, "the run lock was held"
    reports, ok = done
    return reports[0], reports[-1], ok


def day(key: str) -> Partition:
    return Partition.parse(key)
