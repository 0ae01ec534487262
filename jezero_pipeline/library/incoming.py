"""The build's input: each changed partition's items streamed into the temp tables `incoming`.

A partition reaches the build as a `PartitionSource`: a cheap version token and a `read()`
that streams its items as Arrow batches of ITEM_SCHEMA (items.py). Each batch is conformed
to that schema, its bad rows dropped with a message naming the partition, the row and the
field, and the rest inserted: `incoming` holds every stored item column with the row's
partition, its `seq` (the order read, which the de-duplication keeps the last of), its `id`
(given later) and the length of its text; `incoming_original` holds the originals cut into
INCOMING_CHUNK characters, so that a scan of them, which holds a whole vector of 2,048 rows,
holds a few MB whatever the originals' size.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from ..models import TRUST_VALUES
from .items import COLUMNS, ITEM_COLUMNS, ITEM_SCHEMA, ORIGINAL, STORED_COLUMNS, STORED_DDL
from .schema import chunks_sql

log = logging.getLogger(__name__)
T = TypeVar("T")

INSERT_ROWS = 2_000  # items handed to DuckDB per INSERT, gathered across partitions, ...
INSERT_BYTES = 8 << 20  # ... or about this much Arrow data, whichever comes first
INCOMING_CHUNK = 1_000  # characters of an original per row of `incoming_original`: 2 MB a vector

INCOMING_DDL = f"""
CREATE TEMP TABLE incoming ({STORED_DDL}, part VARCHAR, seq BIGINT, id BIGINT, text_len BIGINT);
CREATE TEMP TABLE incoming_original (seq BIGINT, n INTEGER, chunk VARCHAR);
"""
# The text a piece of the build tokenizes, measured while it streams in (see segment._pieces).
_TEXT_LEN = " + ".join(f"coalesce(length({c}), 0)" for c in ("title", "summary", ORIGINAL, "project"))


class LibraryBuildError(ValueError):
    """Input the library cannot be built from; the message names the partition and field."""


@dataclass(frozen=True)
class PartitionSource:
    """One partition as the library sees it: a cheap version token and its complete items."""

    version: str
    read: Callable[[], Iterable[pa.RecordBatch]]


def load_incoming(
    con: duckdb.DuckDBPyConnection, changed: list[str], partitions: Mapping[str, PartitionSource]
) -> tuple[int, list[str]]:
    """Stream every changed partition's batches into `incoming`; the rows read and the messages
    of those rejected.

    Batches are gathered across partitions into INSERTs of up to INSERT_ROWS items: an INSERT
    has a fixed cost of a few milliseconds, and a day partition often holds a handful of items.
    The next INSERT's batches are read and conformed on a thread while DuckDB (which releases
    the GIL) runs this one: reading is Python and pyarrow, about two thirds of the load.
    """
    con.execute(INCOMING_DDL)
    tally = _Tally()
    for tables in one_ahead(_gathered(changed, partitions, tally)):
        _insert(con, tables)
    if tally.rejected:
        log.warning("library: %d row(s) skipped, e.g. %s", len(tally.rejected), tally.rejected[0])
    return tally.read, tally.rejected


@dataclass
class _Tally:
    read: int = 0  # rows read, rejected ones included
    rejected: list[str] = field(default_factory=list)


def _gathered(changed: list[str], partitions: Mapping[str, PartitionSource], tally: _Tally) -> Iterator[list[pa.Table]]:
    """The changed partitions' conformed rows, with `part` and `seq`, an INSERT's worth at a time."""
    held: list[pa.Table] = []
    held_rows = held_bytes = 0
    for part in changed:
        row0 = 0
        for batch in partitions[part].read():
            table, bad = conform_batch(batch, part, row0)
            row0 += batch.num_rows
            tally.rejected += bad
            n = table.num_rows
            if n:
                table = table.append_column("part", pa.array([part] * n, pa.string()))
                held.append(table.append_column("seq", pa.array(range(tally.read, tally.read + n), pa.int64())))
                held_rows, held_bytes = held_rows + n, held_bytes + table.nbytes
            tally.read += batch.num_rows
            if held_rows >= INSERT_ROWS or held_bytes >= INSERT_BYTES:
                yield held
                held, held_rows, held_bytes = [], 0, 0
    if held:
        yield held


def one_ahead(items: Iterator[T]) -> Iterator[T]:
    """`items`, each next one made on a thread while the caller works on the last."""
    done = object()
    with ThreadPoolExecutor(1, thread_name_prefix="read-ahead") as pool:
        coming = pool.submit(next, items, done)
        while (item := coming.result()) is not done:
            coming = pool.submit(next, items, done)
            yield item


def _insert(con: duckdb.DuckDBPyConnection, tables: list[pa.Table]) -> None:
    con.register("batch_in", pa.concat_tables(tables))
    con.execute(f"INSERT INTO incoming SELECT {', '.join(STORED_COLUMNS)}, part, seq, NULL, {_TEXT_LEN} FROM batch_in")
    con.execute(f"INSERT INTO incoming_original {chunks_sql(ORIGINAL, 'seq', 'batch_in', INCOMING_CHUNK)}")
    con.unregister("batch_in")


def conform_batch(batch: pa.RecordBatch, part: str, row0: int = 0) -> tuple[pa.Table, list[str]]:
    """`batch` cast to ITEM_SCHEMA (timestamps made naive UTC, nulls given their column's
    default), its bad rows dropped and described."""
    where = f"partition {part!r}"
    missing = [c for c in ITEM_COLUMNS if c not in batch.schema.names]
    if missing:
        raise LibraryBuildError(f"{where}: missing column(s) {missing}; expected {ITEM_COLUMNS}")
    cols = []
    for c in COLUMNS:
        try:
            col = batch.column(c.name).cast(c.arrow)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError) as err:
            raise LibraryBuildError(f"{where}: field {c.name!r} is not {c.arrow}: {err}") from None
        if pa.types.is_timestamp(c.arrow) and c.arrow.tz is not None:
            col = col.cast(pa.timestamp(c.arrow.unit))  # UTC wall time, as the library stores it
        if c.default is not None:
            col = pc.fill_null(col, c.default)
        cols.append(col)
    table = pa.Table.from_arrays(cols, names=ITEM_COLUMNS)
    problems: list[tuple[pa.Array, str]] = []
    for c in COLUMNS:
        if not c.nullable and c.default is None:
            col = table.column(c.name)
            empty = pc.is_null(col)
            if pa.types.is_string(c.arrow):
                empty = pc.or_kleene(empty, pc.equal(pc.utf8_length(col), 0))
            problems.append((empty, f"field {c.name!r} is empty"))
    problems.append(
        (
            pc.invert(pc.is_in(table.column("trust"), pa.array(TRUST_VALUES))),
            "field 'trust' must be 'own' or 'external'",
        )
    )
    problems.append((_bad_atoms(table.column("atoms")), "field 'atoms': each atom needs string 'kind' and 'text'"))
    bad = pa.array([False] * table.num_rows)
    messages = []
    for mask, text in problems:
        mask = pc.fill_null(mask, True)
        for i in pc.indices_nonzero(mask).to_pylist():
            messages.append(f"{where} row {row0 + i}: {text}" + _shown(table, i, text))
        bad = pc.or_(bad, mask)
    if messages:
        table = table.filter(pc.invert(bad))
    return table, messages


def _shown(table: pa.Table, i: int, text: str) -> str:
    if "trust" in text:
        return f", got {table.column('trust')[i].as_py()!r}"
    return ""


def _bad_atoms(atoms: pa.ChunkedArray) -> pa.Array:
    """Per row: True when an atom (or its kind or text) is null."""
    arr = atoms.combine_chunks()
    flat = pc.list_flatten(arr)
    if len(flat) == 0:
        return pa.array([False] * len(arr))
    parents = pc.list_parent_indices(arr)
    atom_bad = pc.or_(
        pc.is_null(flat),
        pc.or_(pc.is_null(pc.struct_field(flat, [0])), pc.is_null(pc.struct_field(flat, [1]))),
    )
    rows = set(pc.filter(parents, pc.fill_null(atom_bad, True)).to_pylist())
    return pa.array([i in rows for i in range(len(arr))])


def items_table(items: Any) -> pa.Table:
    """Rows (dicts with ITEM_COLUMNS) as an Arrow table of ITEM_SCHEMA."""
    rows = list(items)
    missing = sorted({c for c in ITEM_COLUMNS for r in rows if c not in r})
    if missing:
        raise LibraryBuildError(f"items: missing column(s) {missing}; expected {ITEM_COLUMNS}")
    cols = {c: [r[c] for r in rows] for c in ITEM_COLUMNS}
    try:
        return pa.Table.from_pydict(cols, schema=_loose_schema())
    except (pa.ArrowInvalid, pa.ArrowTypeError) as err:
        raise LibraryBuildError(f"items: {err}") from None


def _loose_schema() -> pa.Schema:
    """ITEM_SCHEMA with every field nullable, so bad rows reach the per-row checks."""
    return pa.schema([pa.field(f.name, f.type) for f in ITEM_SCHEMA])
