"""Dagster's SQLite event log, minus a new database engine for every statement.

Per (connector, day) partitions mean a run over a month of history writes a few thousand events
(each asset's materialisation and its planned event, per partition). Dagster's SQLite event log
creates a SQLAlchemy engine and opens and closes a connection for each statement, about four per
event, and asks for each event whether a table exists: most of a first run's bookkeeping time. This
subclass keeps one engine per database file and process, with a small connection pool, and changes
nothing else: same files, same schema, same locking (`_db_lock` still serialises this process's
access; other processes wait on SQLite's own lock as before), except that commits do not wait for
the disk (`synchronous=NORMAL`, safe in the WAL mode Dagster already sets: a power cut may lose the
last events, never corrupt the file; a killed process loses nothing), and that a batch of asset
events (a run's planned events, a stage's materialisations of many partitions) is written in one
transaction per file instead of two per event. `dagster.yaml` names it as the
`event_log_storage`; the PostgreSQL instance (`deploy/dagster-postgres.yaml`) does not need it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import groupby
from typing import Any

import sqlalchemy as db
from dagster._core.events import ASSET_EVENTS
from dagster._core.events.log import EventLogEntry
from dagster._core.storage.event_log.schema import SqlEventLogStorageTable
from dagster._core.storage.event_log.sqlite.sqlite_event_log import SQLITE_BUSY_TIMEOUT_SECONDS, SqliteEventLogStorage
from sqlalchemy.pool import QueuePool

BATCH_SIZE_ENV = "DAGSTER_EVENT_BATCH_SIZE"
EVENT_BATCH_SIZE = 1_000  # events per write: a run's planned events, a stage's partitions


class PooledSqliteEventLogStorage(SqliteEventLogStorage):
    """SqliteEventLogStorage with one pooled engine per shard file and process."""

    @classmethod
    def from_config_value(cls, inst_data: Any, config_value: Any) -> PooledSqliteEventLogStorage:
        os.environ.setdefault(BATCH_SIZE_ENV, str(EVENT_BATCH_SIZE))  # read by Dagster at every event
        return cls(inst_data=inst_data, **config_value)

    @contextmanager
    def _connect(self, shard: str) -> Iterator[Any]:
        engines: dict[tuple[int, str], Any] = self.__dict__.setdefault("_pooled_engines", {})
        with self._db_lock:
            key = (os.getpid(), shard)  # a forked process never reuses its parent's connections
            engine = engines.get(key)
            if engine is None:
                engine = db.create_engine(
                    self.conn_string_for_shard(shard),
                    poolclass=QueuePool,
                    pool_size=1,
                    max_overflow=2,
                    connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
                )
                db.event.listen(engine, "connect", _no_fsync_per_commit)
                engines[key] = engine
            if shard not in self._initialized_dbs:
                self._initdb(engine)
                self._initialized_dbs.add(shard)
            with engine.connect() as conn, conn.begin():  # one transaction per use, as the base class
                yield conn

    def store_event_batch(self, events: Sequence[EventLogEntry]) -> None:
        """A batch (a run's planned events, a step's materialisations of many partitions) in one
        transaction per shard instead of two per event; any other event is stored as one.

        Dagster hands batches to the storage only when DAGSTER_EVENT_BATCH_SIZE is set, which
        `from_config_value` does unless the environment says otherwise.
        """
        for (asset_events, _run), group in groupby(events, key=lambda e: (_is_asset_event(e), e.run_id)):
            if asset_events:  # consecutive asset events of one run, written together
                self._store_asset_events(list(group))
            else:
                for event in group:
                    self.store_event(event)

    def _store_asset_events(self, events: list[EventLogEntry]) -> None:
        """What store_event does for each asset event of one run, in one transaction per shard:
        each event serialised once for both, the cross-run copy's ids returned in the batch's order."""
        rows = [self._event_to_row(event) for event in events]
        with self.run_connection(events[0].run_id) as conn:
            conn.execute(SqlEventLogStorageTable.insert(), rows)
        with self.index_transaction() as conn:  # the cross-run copy
            insert = SqlEventLogStorageTable.insert().returning(
                SqlEventLogStorageTable.c.id, sort_by_parameter_order=True
            )
            ids = list(conn.execute(insert, rows).scalars())
            for i in _last_of_each_kind(events):
                self._store_asset_event(conn, events[i], ids[i])
            self._store_asset_event_tags(conn, events, ids)

    def has_table(self, table_name: str) -> bool:
        """Asked before every asset event, answered by a new engine each time: a table, once there, stays."""
        known: set[str] = self.__dict__.setdefault("_known_tables", set())
        if table_name not in known and super().has_table(table_name):
            known.add(table_name)
        return table_name in known

    def dispose(self) -> None:
        for engine in self.__dict__.get("_pooled_engines", {}).values():
            engine.dispose()
        super().dispose()


def _no_fsync_per_commit(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute("PRAGMA synchronous=NORMAL")


def _last_of_each_kind(events: list[EventLogEntry]) -> list[int]:
    """Indexes, in order, of the last event of each (asset, event type): an asset's row keeps,
    column by column, what the last event that sets it wrote, and the events of one type all
    set the same columns, so writing the earlier ones is wasted (1,440 row updates for a run's
    planned events of 360 partitions, 4 with this)."""
    last = {(e.dagster_event.asset_key, e.dagster_event_type): i for i, e in enumerate(events)}  # type: ignore[union-attr]
    return sorted(last.values())


def _is_asset_event(event: EventLogEntry) -> bool:
    return event.is_dagster_event and event.dagster_event_type in ASSET_EVENTS
