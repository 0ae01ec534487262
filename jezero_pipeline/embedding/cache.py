"""The vectors paid for: one row per (model, text key), kept for good beside the library's state.

A DuckDB file (`embeddings.duckdb` in the library's state folder). Each batch of answers is
committed as it arrives, so a command killed mid-way keeps every vector it paid for and the
next one asks only for the rest. Vectors of an older model stay: going back to it costs
nothing. Only the embed stage writes it, under its lock.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa

CACHE_FILE = "embeddings.duckdb"
CACHE_DDL = """
CREATE TABLE IF NOT EXISTS {alias}.vectors (
    model VARCHAR NOT NULL, text_key VARCHAR NOT NULL, vec FLOAT[] NOT NULL, PRIMARY KEY (model, text_key))
"""


def cache_path(state_dir: Path) -> Path:
    return Path(state_dir) / CACHE_FILE


def attach_cache(con: duckdb.DuckDBPyConnection, state_dir: Path, alias: str = "cache") -> None:
    """Attach the cache to `con` read-write as `alias`, creating it the first time."""
    path = cache_path(state_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    con.execute(f"ATTACH '{str(path).replace(chr(39), chr(39) * 2)}' AS {alias}")
    con.execute(CACHE_DDL.format(alias=alias))


def put(con: duckdb.DuckDBPyConnection, model: str, keys: list[str], vectors: np.ndarray, alias: str = "cache") -> None:
    """Store one batch of vectors (committed at once: a crash after it loses nothing of it)."""
    v = np.ascontiguousarray(vectors, dtype=np.float32)
    flat = pa.array(v.reshape(-1), pa.float32())
    offsets = pa.array(np.arange(0, len(keys) + 1, dtype=np.int32) * v.shape[1], pa.int32())
    batch = pa.table({"text_key": pa.array(keys, pa.string()), "vec": pa.ListArray.from_arrays(offsets, flat)})
    con.register("vec_batch", batch)
    try:
        con.execute(
            f"INSERT OR IGNORE INTO {alias}.vectors SELECT ?, text_key, vec FROM vec_batch", [model]
        )  # fmt: skip
    finally:
        con.unregister("vec_batch")
