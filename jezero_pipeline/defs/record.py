"""A command's results recorded in Dagster as they happen: Dagster records, the engine runs.

`jezero-pipeline run` and `resummarize` run the engine in their own process (service.py) and
report what it did to the instance the UI shows, with Dagster's public API for work done
outside a run (`report_runless_asset_event`): one materialisation per stage and partition,
with the same metadata and code version a run's step records, the run's checks, then the
library's materialisation and its checks. The asset pages, partition grids, lineage and
staleness are then the same as after a run the daemon launched; the command's runs are not
in the Runs list (it made none), and their progress is on the command's terminal.
"""

from __future__ import annotations

import dagster as dg

from ..config import Config
from ..engine.pipeline import SUMMARIZE, PartitionDone, StageDone
from ..stages.index import LibraryRefresh
from ..workspace import Workspace
from .instance import instance_for
from .results import (
    CODE_VERSION_TAG,
    STAGE_VERSION,
    code_version,
    library_checks,
    library_metadata,
    partition_metadata,
    partition_tags,
    summaries_checks,
)

LIBRARY_ASSET = "search_index"


class DagsterRecorder:
    """Records into `instance` (the CLI's: instance_for(config); a test's own)."""

    def __init__(self, ws: Workspace, instance: dg.DagsterInstance):
        self.ws = ws
        self.instance = instance

    def partition(self, done: PartitionDone) -> None:
        tags = {CODE_VERSION_TAG: code_version(self.ws, done.stage, [done.report]), **partition_tags(done.part)}
        self.instance.report_runless_asset_event(
            dg.AssetMaterialization(
                asset_key=done.stage,
                partition=done.part.key,
                metadata=partition_metadata(self.ws, done.stage, done.report),
                tags=tags,
            )
        )

    def stage(self, done: StageDone) -> None:
        if done.stage == SUMMARIZE:
            for check in summaries_checks(done):
                self.instance.report_runless_asset_event(check.evaluation())

    def library(self, refresh: LibraryRefresh) -> None:
        self.instance.report_runless_asset_event(
            dg.AssetMaterialization(
                asset_key=LIBRARY_ASSET,
                metadata=library_metadata(self.ws, refresh),
                tags={CODE_VERSION_TAG: STAGE_VERSION},
            )  # fmt: skip
        )
        for check in library_checks(self.ws, refresh.inspection, LIBRARY_ASSET):
            self.instance.report_runless_asset_event(check.evaluation())


def recorder_for(ws: Workspace, cfg: Config | None = None) -> DagsterRecorder:
    """The recorder of a command: the instance the UI of this config shows."""
    return DagsterRecorder(ws, instance_for(cfg or ws.cfg))
