"""The library and the staged tables as pandas DataFrames: where analysts look, one row per item.

`items_frame` makes one of the reader's answers (search hits, a timeline, later items, every
item) a DataFrame: the public columns in their declared order, `occurred_at` as UTC
timestamps, `questions` and `atoms` as lists (an atom a `{"kind", "text"}` dict), and a
hit's `score` and `relevance` when it has them. `staged_frame` does the same for a staged
table (the summaries a downstream asset receives): its list columns, staged as JSON text,
decoded. pandas is imported when a frame is made, never by the reader, which answers JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from .library.items import COLUMNS, ORIGINAL, PUBLIC_COLUMNS

if TYPE_CHECKING:
    import pandas as pd

EXTRA = ["score", "relevance", "matched_atoms", ORIGINAL]  # in an item only when its answer has them
JSON_STAGED = [c.staged_name for c in COLUMNS if pa.types.is_list(c.arrow)]  # list columns, staged as JSON text


def items_frame(items: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """Items as the reader answers them, one row each, in their order."""
    import pandas as pd  # lazy: only a caller that asks for a DataFrame loads pandas

    rows = list(items)
    columns = PUBLIC_COLUMNS + [k for k in EXTRA if any(k in r for r in rows)]
    frame = pd.DataFrame.from_records([{k: r.get(k) for k in columns} for r in rows], columns=columns)
    frame["occurred_at"] = pd.to_datetime(frame["occurred_at"], utc=True, format="ISO8601")  # some have .%f
    return frame


def staged_frame(table: pa.Table) -> pd.DataFrame:
    """A staged table's rows, one row each, its JSON list columns (questions, atoms) as lists."""
    frame = table.to_pandas()  # timestamps stay UTC-aware
    for name in JSON_STAGED:
        if name in frame.columns and pa.types.is_string(table.schema.field(name).type):
            frame[name] = frame[name].map(lambda text: json.loads(text) if text else [])
    return frame
