"""The staged assets as inputs: a downstream asset of one's own receives them as DataFrames.

The stages write their own Parquet files (staging/), so Dagster stores no value for the four
partitioned assets; this IO manager only loads. An asset that takes `summaries` (or
`raw_sessions`, `segments`, `redacted_segments`) as an input gets one pandas DataFrame of the
partitions it asked for (its partition mapping decides which: all of them, a day, a range),
read from staging with pyarrow, one row per staged row, its list columns (`questions`,
`atoms`) as lists (frames.py). `defs.load_asset_value("summaries",
partition_key=...)` goes the same way.
"""

from __future__ import annotations

from typing import Any

import dagster as dg

from ..models import Partition
from ..staging.tables import STAGED_ASSETS
from .resources import JezeroResource

KEY = "staged_tables"
_TABLES = {t.name: t for t in STAGED_ASSETS}


class StagedTablesIOManager(dg.ConfigurableIOManager):
    """Loads a staged asset's partitions as one DataFrame; stores nothing (the stages did)."""

    jezero: JezeroResource

    def handle_output(self, context: dg.OutputContext, obj: Any) -> None:
        return None  # the stage wrote its partition files itself

    def load_input(self, context: dg.InputContext) -> Any:
        import pyarrow as pa  # lazy: only an asset that asks for a DataFrame reads staging (and loads pandas)

        from ..frames import staged_frame  # lazy: as above

        table = _TABLES[context.asset_key.to_user_string()]
        store = self.jezero.workspace.store
        if context.has_asset_partitions:
            parts = [Partition.parse(str(k)) for k in context.asset_partition_keys]
        else:
            parts = store.partitions(table)
        pieces = [t for t in (store.read_arrow(table, p) for p in sorted(parts)) if t is not None]
        if not pieces:
            return staged_frame(table.schema.empty_table())
        return staged_frame(pa.concat_tables(pieces, promote_options="default"))
