"""The code location: `dagster dev -w workspace.yaml` loads `defs` from here.

`defs` is built lazily from the config file (`$JEZERO_CONFIG`, else ./jezero.toml), so
importing this module reads nothing; tests call `build_definitions` directly. Every asset job
runs its steps in one process: a run's partition locks are held by that process from its first
step to its end, and a step spawns no interpreter of its own. The Celery code location
(celery.py) passes the Celery executor instead: the partitioned work is one step, so its locks
are still held by the one worker process that runs it.
"""

from __future__ import annotations

import os
import warnings

import dagster as dg

from ..config import Config, load_config
from ..workspace import Workspace
from .assets import build_assets, build_embeddings_asset
from .automation import change_sensor, connector_checks, library_catch_up, watchdog
from .batches import batches_sensor
from .io import KEY as STAGED_TABLES
from .io import StagedTablesIOManager
from .jobs import MAINTENANCE_JOBS, asset_jobs
from .record import commands_recorded
from .resources import JezeroResource
from .runs import reap_dead_runs_sensor

warnings.filterwarnings("ignore", category=dg.BetaWarning)  # backfill policies, pools: stable enough here


def build_definitions(
    cfg: Config, config_path: str = "", executor: dg.ExecutorDefinition = dg.in_process_executor
) -> dg.Definitions:
    first_day = Workspace.open(cfg).dagster_first_day()
    sessions, search_index, _ = build_assets(cfg, first_day)
    jezero = JezeroResource(config_path=config_path)
    jobs = asset_jobs()
    sessions_job, summaries_job = jobs[0], jobs[1]
    schedules, interval_sensors = connector_checks(cfg, sessions_job, first_day)
    library = dg.AssetSelection.assets("search_index", "embeddings")
    sensors = [
        change_sensor(sessions_job, first_day),
        batches_sensor(summaries_job, cfg.summarizer.batch_poll_seconds),
        reap_dead_runs_sensor,
        commands_recorded,
        watchdog,
        *interval_sensors,
        # Runs the automation conditions (the library follows its summaries) whenever the
        # daemon runs (`dagster dev` or `dagster-daemon run`).
        dg.AutomationConditionSensorDefinition(
            "library_follows_summaries", target=library, default_status=dg.DefaultSensorStatus.RUNNING
        ),
        library_catch_up(library),
    ]
    if cfg.automation.resummarize_on_code_change:
        sensors.append(
            dg.AutomationConditionSensorDefinition(
                "resummarize_after_code_change",
                target=dg.AssetSelection.assets("summaries"),
                run_tags={"jezero/resummarize": "yes"},
                default_status=dg.DefaultSensorStatus.RUNNING,
            )
        )
    return dg.Definitions(
        assets=[sessions, search_index, build_embeddings_asset(cfg)],
        jobs=[*jobs, *MAINTENANCE_JOBS],
        schedules=schedules,
        sensors=sensors,
        resources={"jezero": jezero, STAGED_TABLES: StagedTablesIOManager(jezero=jezero)},
        executor=executor,
    )


def from_environment() -> dg.Definitions:
    """The definitions of `$JEZERO_CONFIG` (else ./jezero.toml): what `defs` loads, and what a
    code location of one's own merges its assets into (README: a downstream asset)."""
    path = os.environ.get("JEZERO_CONFIG") or None
    return build_definitions(load_config(path), path or "")


@dg.definitions
def defs() -> dg.Definitions:
    return from_environment()
