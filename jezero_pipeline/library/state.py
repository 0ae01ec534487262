"""The library's writer state, kept beside staging: item ids and segment generations.

It lives outside the library file so that a deleted library is rebuilt with the same ids:
an id, once given to a (source, external_id), stays with it for good, even while the item is
gone, and is never given to another. Ids are committed here before the library that uses
them is swapped in, so a crash in between burns ids but never gives one twice.
The generation counter numbers each base segment; a delta names the base it applies to, so a
reader can tell a stale delta (older base) from a half-seen swap (newer base).
"""

from __future__ import annotations

from pathlib import Path

import duckdb

STATE_FILE = "library_state.duckdb"


def state_path(state_dir: Path) -> Path:
    """The state database inside `state_dir`."""
    return Path(state_dir) / STATE_FILE


def attach_state(con: duckdb.DuckDBPyConnection, state_dir: Path, alias: str = "st") -> None:
    """Attach the state database to `con` (read-write), creating its tables the first time."""
    path = state_path(state_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    con.execute(f"ATTACH '{_quote(path)}' AS {alias}")
    con.execute(
        f"CREATE TABLE IF NOT EXISTS {alias}.ids (source VARCHAR NOT NULL, external_id VARCHAR NOT NULL, "
        "id BIGINT NOT NULL)"
    )
    con.execute(f"CREATE TABLE IF NOT EXISTS {alias}.counters (key VARCHAR PRIMARY KEY, value BIGINT NOT NULL)")


def assign_ids(con: duckdb.DuckDBPyConnection, alias: str = "st") -> int:
    """Give `incoming.id` from the map; new keys get the next ids, committed. Returns how many.

    New keys are numbered in (occurred_at, source, external_id) order, after the highest id
    ever given.
    """
    high = max(
        _counter(con, alias, "max_id"), int(con.execute(f"SELECT coalesce(max(id), 0) FROM {alias}.ids").fetchone()[0])
    )
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE new_ids AS
        SELECT source, external_id, {high} + row_number() OVER (ORDER BY occurred_at, source, external_id) AS id
        FROM incoming i
        WHERE NOT EXISTS (SELECT 1 FROM {alias}.ids s WHERE s.source = i.source AND s.external_id = i.external_id)
    """)
    (n,) = con.execute("SELECT count(*) FROM new_ids").fetchone()
    con.execute("BEGIN")  # one transaction may write one database: the state file alone
    try:
        con.execute(f"INSERT INTO {alias}.ids SELECT source, external_id, id FROM new_ids")
        _set_counter(con, alias, "max_id", high + int(n))
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute(f"""
        UPDATE incoming SET id = s.id FROM {alias}.ids s
        WHERE s.source = incoming.source AND s.external_id = incoming.external_id
    """)
    con.execute("DROP TABLE new_ids")
    return int(n)


def next_generation(con: duckdb.DuckDBPyConnection, alias: str = "st") -> int:
    """A new base generation number, higher than every one given before (committed)."""
    gen = _counter(con, alias, "generation") + 1
    _set_counter(con, alias, "generation", gen)
    return gen


def _counter(con: duckdb.DuckDBPyConnection, alias: str, key: str) -> int:
    row = con.execute(f"SELECT value FROM {alias}.counters WHERE key = ?", [key]).fetchone()
    return int(row[0]) if row else 0


def _set_counter(con: duckdb.DuckDBPyConnection, alias: str, key: str, value: int) -> None:
    con.execute(f"INSERT OR REPLACE INTO {alias}.counters VALUES (?, ?)", [key, value])


def _quote(path: Path) -> str:
    return str(path).replace("'", "''")
