"""In-process runs for the CLI: the same jobs the daemon runs, recorded in the same instance.

Before it starts, the CLI marks failed the runs of this machine whose process is gone (killed,
crashed) and frees the pool slots they held (the daemon does the same every minute); otherwise a
crashed run would keep its `llm` slots forever and every later run would wait. All the runs of
one CLI command share one budget and one progress display.
"""

from __future__ import annotations

import copy
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dagster as dg
import yaml
from dagster._core.instance.ref import InstanceRef  # the public API has no `overrides` argument

from ..config import Config
from ..stages import index
from ..stages.context import RunContext, sharing
from ..stages.plan import Rectangle
from ..workspace import Workspace
from .automation import RANGE_END, RANGE_START
from .definitions import build_definitions
from .runs import HOST, LAUNCHER, PID, reap_dead_runs

QUIET = {"console": {"config": {"log_level": "WARNING"}}}  # the report is the output; the UI has the logs
_RELATIVE_PATHS = (
    ("storage", "sqlite", "base_dir"),
    ("run_storage", "config", "base_dir"),
    ("event_log_storage", "config", "base_dir"),
    ("schedule_storage", "config", "base_dir"),
    ("local_artifact_storage", "config", "base_dir"),
    ("compute_logs", "config", "base_dir"),
)


def instance_for(cfg: Config) -> dg.DagsterInstance:
    """The persistent instance the UI shows: $DAGSTER_HOME, else the config's folder when it holds
    a dagster.yaml, else `data/dagster` beside the config (created, with absolute paths).

    Relative paths in dagster.yaml (which `dagster dev` resolves from the repository root) are
    resolved against the instance's folder, so the CLI works from any working folder.
    """
    home = Path(os.environ["DAGSTER_HOME"]) if os.environ.get("DAGSTER_HOME") else cfg.base_dir
    if not (home / "dagster.yaml").exists() and not os.environ.get("DAGSTER_HOME"):
        home = cfg.base_dir / "data" / "dagster"
        home.mkdir(parents=True, exist_ok=True)
        (home / "dagster.yaml").write_text(
            f"telemetry:\n  enabled: false\nevent_log_storage:\n  module: jezero_pipeline.defs.storage\n"
            f"  class: PooledSqliteEventLogStorage\n  config:\n    base_dir: {home / 'history' / 'runs'}\n"
            f"local_artifact_storage:\n  module: dagster._core.storage.root\n  class: LocalArtifactStorage\n"
            f"  config:\n    base_dir: {home / 'artifacts'}\n"
        )
    home = home.resolve()
    raw = yaml.safe_load((home / "dagster.yaml").read_text()) or {}
    overrides: dict[str, Any] = {}
    for top, *inner in _RELATIVE_PATHS:
        section = copy.deepcopy(raw.get(top))
        node = section
        for key in inner[:-1]:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict) and isinstance(node.get(inner[-1]), str) and not os.path.isabs(node[inner[-1]]):
            node[inner[-1]] = str(home / node[inner[-1]])
            overrides[top] = section
    return dg.DagsterInstance.from_ref(InstanceRef.from_dir(str(home), overrides=overrides))


@dataclass
class RunOutcome:
    run_id: str
    success: bool
    partitions: list[str]
    metadata: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # asset -> partition -> values
    errors: list[str] = field(default_factory=list)  # the cause of each failed step, one line each


def execute(
    ws: Workspace,
    config_path: str,
    job_name: str,
    rectangles: list[Rectangle] | None,
    instance: dg.DagsterInstance,
    run_config: dict[str, Any] | None = None,
    tags: dict[str, str] | None = None,
) -> list[RunOutcome]:
    """Execute a job in this process, once per rectangle of partitions (once when unpartitioned)."""
    defs = build_definitions(ws.cfg, config_path)
    job = defs.resolve_job_def(job_name)
    own = {LAUNCHER: "cli", HOST: socket.gethostname(), PID: str(os.getpid()), **(tags or {})}
    outcomes = []
    for rect in rectangles if rectangles is not None else [None]:
        run_tags = dict(own)
        if rect is not None:
            run_tags.update({RANGE_START: rect.start_key, RANGE_END: rect.end_key})
        result = job.execute_in_process(instance=instance, tags=run_tags, raise_on_error=False,
                                        run_config={"loggers": QUIET, **(run_config or {})})  # fmt: skip
        ws.locks.release(f"run {result.run_id}")
        outcomes.append(_outcome(result, [p.key for p in rect.partitions()] if rect else []))
    return outcomes


def _outcome(result: Any, partitions: list[str]) -> RunOutcome:
    out = RunOutcome(result.run_id, result.success, partitions)
    for event in result.all_events:
        if event.is_step_materialization:
            mat = event.step_materialization_data.materialization
            key = mat.asset_key.to_user_string()
            out.metadata.setdefault(key, {})[str(mat.partition or "")] = {
                k: getattr(v, "value", v) for k, v in mat.metadata.items()
            }
        elif event.is_step_failure:
            out.errors.append(step_failure_cause(event))
    return out


def step_failure_cause(event: Any) -> str:
    """The cause of a failed step in one line: the Failure's description, not Dagster's wrapper."""
    error = event.event_specific_data.error
    while error is not None and error.cause is not None and "Error occurred while executing" in error.message:
        error = error.cause
    message = (getattr(error, "message", "") or "").strip()
    return message.splitlines()[0] if message else "step failed"


@dataclass
class LaunchResult:
    outcomes: list[RunOutcome]
    library: RunOutcome | None  # None: the library was current, not refreshed
    reaped: list[str]  # runs of this machine whose process was gone, marked failed first


def launch(
    ws: Workspace,
    config_path: str,
    rectangles: list[Rectangle],
    *,
    job_name: str = "sessions_job",
    run_config: dict[str, Any] | None = None,
    shared: RunContext | None = None,
    instance: dg.DagsterInstance | None = None,
) -> LaunchResult:
    """The CLI's runs: reap dead ones, run each rectangle, then the library job after any run
    (it records the library and its checks in Dagster, even when the run's library follower left
    its refresh nothing to do) or when the library is not current."""
    instance = instance or instance_for(ws.cfg)
    reaped = reap_dead_runs(instance)
    with sharing(shared or RunContext()):
        outcomes = execute(ws, config_path, job_name, rectangles, instance, run_config) if rectangles else []
        library = None
        if outcomes or not index.is_current(ws):
            library = execute(ws, config_path, "library_job", None, instance)[0]
    return LaunchResult(outcomes, library, reaped)
