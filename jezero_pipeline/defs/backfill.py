"""`jezero-pipeline backfill`: the runs a UI backfill makes, launched from the command line.

`dagster job backfill` makes one run per (connector, day) partition, and Dagster's
`asset materialize --partition-range` refuses an asset whose backfill policy is not a single
run. This makes the runs the pipeline asset's backfill policy asks for, each a range of up to
31 days of one connector, and executes them one after another in this process, recorded in the
config's instance (the UI's Runs list shows them). A backfill re-summarises, as a UI one does:
the segments of those days whose summary is of an older generation are paid for again. The
library is refreshed by one more run at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

import dagster as dg

from ..config import Config
from ..stages.plan import PartitionRange, backfill_ranges
from .automation import RANGE_END, RANGE_START
from .definitions import build_definitions

QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}  # the progress lines say enough


@dataclass
class BackfillRun:
    job: str
    connectors: tuple[str, ...]
    first_day: str
    last_day: str
    run_id: str
    ok: bool
    error: str = ""

    def as_dict(self) -> dict:
        return {"job": self.job, "connectors": list(self.connectors), "first_day": self.first_day,
                "last_day": self.last_day, "run_id": self.run_id, "ok": self.ok, "error": self.error}  # fmt: skip


def plan(cfg: Config, names: list[str], first: date, last: date) -> list[PartitionRange]:
    """The runs a UI backfill of these days makes: `[partitions] per_backfill_run` days each."""
    return backfill_ranges(names, first, last, cfg.partitions.per_backfill_run)


def execute(
    cfg: Config, config_path: str, ranges: list[PartitionRange], instance: dg.DagsterInstance
) -> Iterator[BackfillRun]:
    """Each range as one run of `sessions_job`, then `library_job`; stops at a failed run."""
    defs = build_definitions(cfg, config_path)
    sessions, library = defs.resolve_job_def("sessions_job"), defs.resolve_job_def("library_job")
    for rect in ranges:
        tags = {RANGE_START: rect.start_key, RANGE_END: rect.end_key, "jezero/trigger": "backfill",
                "jezero/resummarize": "yes"}  # fmt: skip
        result = sessions.execute_in_process(instance=instance, tags=tags, run_config=QUIET, raise_on_error=False)
        yield BackfillRun("sessions_job", rect.connectors, rect.first_day, rect.last_day, result.run_id,
                          result.success, _failure(result))  # fmt: skip
        if not result.success:
            return
    result = library.execute_in_process(instance=instance, tags={"jezero/trigger": "backfill"},
                                        run_config=QUIET, raise_on_error=False)  # fmt: skip
    yield BackfillRun("library_job", (), "", "", result.run_id, result.success, _failure(result))


def _failure(result: dg.ExecuteInProcessResult) -> str:
    for event in result.all_events:
        if event.is_step_failure and event.step_failure_data is not None:
            return event.step_failure_data.error.message.strip() if event.step_failure_data.error else "failed"
    return "" if result.success else "failed"
