"""The library item's columns, declared once; every other spelling of them derives from here.

An item is one summarised segment or one imported item. `COLUMNS` says, for each column: its
name, its Arrow type (in the batches the index stage hands the build: `ITEM_SCHEMA`), its
DuckDB type (in the `items` table), whether it may be null, whether the reader's answers
carry it, and its name in the staged summaries and imports when that differs. A list column
is staged as JSON text. From the declaration come the build's tables and column lists, the
index stage's mapping from staging (`from_staged`), the reader's item (`item_out`) and the
answers' `Item` type. So a new column that reaches the library is its staging table, its
stage and one line here.

Besides the declared columns, the `items` table holds `id` (given by the writer's state), `part`
(the partition the item came from) and the search text of the list columns (`SEARCH_TEXT`).
The original is not in it: it is kept apart in chunks (schema.py) and answered only when asked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

import pyarrow as pa

from .query import iso


@dataclass(frozen=True)
class Column:
    """One item column as the build receives it and the `items` table stores it."""

    name: str
    arrow: pa.DataType
    sql: str  # its DuckDB type in `items` (a timestamp is stored as naive UTC)
    nullable: bool = True  # False: a row without it is rejected, unless it has a `default`
    public: bool = True  # in the reader's answers
    staged: str | None = None  # its name in staging, when it differs
    default: str | None = None  # what a null becomes when the build conforms a batch

    @property
    def staged_name(self) -> str:
        return self.staged or self.name


class Atom(TypedDict):
    kind: str
    text: str


ATOM_TYPE = pa.struct([("kind", pa.string()), ("text", pa.string())])
ORIGINAL = "original"  # the redacted transcript text: tokenized, kept apart in chunks

COLUMNS: tuple[Column, ...] = (
    Column("source", pa.string(), "VARCHAR", nullable=False),
    Column("external_id", pa.string(), "VARCHAR", nullable=False, staged="segment_id"),
    Column("session_id", pa.string(), "VARCHAR"),
    Column("occurred_at", pa.timestamp("us", tz="UTC"), "TIMESTAMP", nullable=False),
    Column("title", pa.string(), "VARCHAR"),
    Column("summary", pa.string(), "VARCHAR"),
    Column("questions", pa.list_(pa.string()), "VARCHAR[]"),
    Column("atoms", pa.list_(ATOM_TYPE), "STRUCT(kind VARCHAR, text VARCHAR)[]"),
    Column("project", pa.string(), "VARCHAR"),
    Column("trust", pa.string(), "VARCHAR", nullable=False, default="own"),  # 'own' | 'external'
    Column(ORIGINAL, pa.string(), "VARCHAR", public=False),
    Column("original_ref", pa.string(), "VARCHAR"),
    Column("content_hash", pa.string(), "VARCHAR"),
)

# The search text of the list columns, one line per element (indexed as the `questions` and
# `atoms` fields, see schema.FIELDS): SQL over the item columns.
SEARCH_TEXT: dict[str, str] = {
    "questions_text": "array_to_string(questions, chr(10))",
    "atoms_text": "array_to_string(list_transform(atoms, a -> a.text), chr(10))",
}

# -- derived: what the build receives

ITEM_SCHEMA = pa.schema([pa.field(c.name, c.arrow, nullable=c.nullable) for c in COLUMNS])
ITEM_COLUMNS: list[str] = ITEM_SCHEMA.names

# -- derived: the `items` table

STORED = [c for c in COLUMNS if c.name != ORIGINAL]  # the declared columns `items` holds
STORED_COLUMNS = [c.name for c in STORED]
TABLE_COLUMNS = ["id", *STORED_COLUMNS, "part", *SEARCH_TEXT]  # `items`, in order
ITEMS_DDL = "CREATE TABLE items ({})".format(
    ", ".join(
        [
            "id BIGINT NOT NULL",
            *(f"{c.name} {c.sql}{'' if c.nullable else ' NOT NULL'}" for c in STORED),
            "part VARCHAR NOT NULL",
            *(f"{name} VARCHAR" for name in SEARCH_TEXT),
        ]
    )
)
STORED_DDL = ", ".join(f"{c.name} {c.sql}" for c in STORED)  # the stored columns, no constraints
# `items`' columns from a table holding the stored columns, `id` and `part`: the search text made.
TABLE_FROM_STORED = ", ".join(["id", *STORED_COLUMNS, "part", *SEARCH_TEXT.values()])

# -- derived: what callers see

PUBLIC = [c for c in STORED if c.public]
PUBLIC_COLUMNS = ["id", *(c.name for c in PUBLIC)]


def _answer_type(c: Column) -> Any:
    if pa.types.is_list(c.arrow):
        return list[Atom] if c.arrow.value_type == ATOM_TYPE else list[str]
    kind = str if pa.types.is_string(c.arrow) or pa.types.is_timestamp(c.arrow) else Any
    return kind if not c.nullable else kind | None


# One library item; `original` only when asked for, scores only in search results.
Item = TypedDict(  # the public columns' fields come from the declaration
    "Item",
    {
        "id": int,
        **{c.name: _answer_type(c) for c in PUBLIC},
        "original": NotRequired[str | None],
        "original_digest": NotRequired[str],  # Library.iter_items(original_digest=True)
        "matched_atoms": NotRequired[list[Atom]],  # atoms containing a query term
        "score": NotRequired[float],  # relevance after the recency re-rank
        "relevance": NotRequired[float],  # BM25F
    },
)


def _out(c: Column, value: Any) -> Any:
    if pa.types.is_timestamp(c.arrow):
        return iso(value)
    if pa.types.is_list(c.arrow):
        fields = [f.name for f in c.arrow.value_type] if pa.types.is_struct(c.arrow.value_type) else None
        return [{k: v[k] for k in fields} for v in value or []] if fields else list(value or [])
    return value


def item_out(row: Mapping[str, Any], include_original: bool = False) -> Item:
    """A row of `items` (a dict by column name) as the reader answers it: the public columns,
    timestamps as ISO 8601 with their +00:00 offset, lists never null; with the original when asked."""
    item: dict[str, Any] = {"id": row["id"]}
    for c in PUBLIC:
        item[c.name] = _out(c, row[c.name] if not c.nullable else row.get(c.name))
    if include_original:
        item[ORIGINAL] = row.get(ORIGINAL)
    return Item(**item)


# -- derived: from staging


def from_staged(rows: pa.Table, supplied: Mapping[str, pa.Array]) -> pa.Table:
    """Staged rows (summaries or imports) as a table of ITEM_SCHEMA: each column by its staged
    name, a list column decoded from its JSON text, and the `supplied` columns as given (the
    original, which the summaries do not hold). Column by column: only the JSON columns are
    decoded row by row."""
    columns = []
    for c in COLUMNS:
        if c.name in supplied:
            columns.append(supplied[c.name])
        elif pa.types.is_list(c.arrow):
            columns.append(pa.array([json.loads(v or "[]") for v in rows[c.staged_name].to_pylist()], c.arrow))
        else:
            columns.append(rows[c.staged_name])
    return pa.Table.from_arrays(columns, schema=ITEM_SCHEMA)


def to_staged(item: Mapping[str, Any]) -> dict[str, Any]:
    """An item's declared columns (those it has) by their staged names, list columns as JSON text."""
    out = {}
    for c in COLUMNS:
        if c.name in item:
            value = item[c.name]
            out[c.staged_name] = json.dumps(value or [], ensure_ascii=False) if pa.types.is_list(c.arrow) else value
    return out
