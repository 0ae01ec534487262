"""Definitions built from a config: the partitions are its connector names and the
summaries' code version is its summariser generation. Tests and the CLI call
`build_definitions`; `definitions.py` is the code location that `dagster dev` loads.
"""

from __future__ import annotations

import dagster as dg

from ..config import Config
from .assets import build_assets
from .automation import change_sensor, connector_schedules
from .jobs import MAINTENANCE_JOBS
from .resources import JezeroResource


def build_definitions(cfg: Config, config_path: str = "") -> dg.Definitions:
    assets, checks, partitions = build_assets(cfg)
    raw_sessions, segments, redacted_segments, summaries, search_index = assets
    connector_job = dg.define_asset_job(
        "connector_job",
        selection=dg.AssetSelection.assets(raw_sessions, segments, redacted_segments, summaries),
        description="Collect, segment, redact and summarise one connector (one partition).",
    )
    summaries_job = dg.define_asset_job(
        "summaries_job",
        selection=dg.AssetSelection.assets(summaries),
        description="Summarise one partition again (resummarize, or after a model change).",
    )
    library_job = dg.define_asset_job(
        "library_job",
        selection=dg.AssetSelection.assets(search_index),
        description="Rebuild the DuckDB library from every partition's summaries.",
    )
    return dg.Definitions(
        assets=assets,
        asset_checks=checks,
        jobs=[connector_job, summaries_job, library_job, *MAINTENANCE_JOBS],
        schedules=connector_schedules(cfg, connector_job),
        sensors=[
            change_sensor(cfg, connector_job),
            # Runs the automation conditions (the library follows its summaries) whenever the
            # daemon runs (`dagster dev` or `dagster-daemon run`).
            dg.AutomationConditionSensorDefinition(
                "library_follows_summaries",
                target=dg.AssetSelection.all(),
                default_status=dg.DefaultSensorStatus.RUNNING,
            ),
        ],
        resources={"jezero": JezeroResource(config_path=config_path)},
    )
