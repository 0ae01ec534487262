"""Read the library: `Library`, the one reader every caller uses (CLI, MCP server, web page, checks).

A `Library` follows the library at its path (snapshot.py): each call reads one whole snapshot
of base and delta, opened again when a refresh swapped either file. Searching is search.py,
the other tools are tools.py; here are the arguments' checks, the lock that serialises calls
on the one DuckDB connection, and the scan of every item. Every method returns the typed dicts
of `answers.py` (JSON-ready) for the CLI's `--json` and the MCP server.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..config import EmbeddingsConfig, SearchConfig
from . import delta_path, meaning, tools
from .answers import ExplainAnswer, ItemAnswer, LaterAnswer, SearchAnswer, SourcesAnswer, StatsAnswer, TimelineAnswer
from .items import Item, item_out
from .query import LibraryMissing, QueryError, check_id, check_limit, filters, parse_query
from .search import Search
from .snapshot import LatestSnapshot

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Library", "LibraryMissing", "QueryError"]

LATER_DEFAULT_LIMIT = 5
TIMELINE_DEFAULT_LIMIT = 20
SYNC_SECONDS = 15.0  # how often a reader of a published library asks whether it changed
LEAN_MEMORY = "128MB"  # DuckDB block cache of a lean reader


class Library:
    """A read-only view of the library that follows atomic swaps of its files.

    Calls are serialised by a lock: a DuckDB connection is not for concurrent use.
    """

    def __init__(
        self,
        path: Path,
        search_cfg: SearchConfig | None = None,
        now: Callable[[], datetime] | None = None,
        sync: Callable[[], Any] | None = None,
        lean: bool = False,
        embeddings: EmbeddingsConfig | None = None,
        embedder: Any = None,
    ):
        """`sync`: brings the local files up to date with a published library (staging on object
        storage); called before a call at most every SYNC_SECONDS, never during one.
        `lean`: for a reader used once (the checks, a command's one question): DuckDB's block
        cache capped at LEAN_MEMORY and neither postings nor the items' columns held in memory, so
        its memory stays flat in the library's size; a long-lived reader (MCP, web) keeps them for
        speed.
        `embeddings`: the config's [embeddings] (None: off), for search by meaning (meaning.py);
        `embedder`: the query embedder to use instead of the configured one (tests)."""
        self.path = Path(path)
        self.delta_path = delta_path(self.path)
        self.cfg = search_cfg or SearchConfig()
        self._now = now or (lambda: datetime.now(UTC))
        self._sync = sync
        self._synced_at = float("-inf")
        self._lean = lean
        self._lock = threading.RLock()
        self._files: LatestSnapshot | None = None
        self._search: Search | None = None  # of the latest snapshot
        self._pinned = 0  # >0 while one call runs: all its queries read the same snapshot
        self.meaning = meaning.QuerySide(self.path, embeddings, embedder)

    def close(self) -> None:
        with self._lock:
            if self._files is not None:
                self._files.close()
            self._files, self._search = None, None
            self.meaning.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _opened(self) -> Iterator[Search]:
        """Hold the lock and one snapshot for a whole call, even if a refresh swaps files meanwhile."""
        with self._lock:
            search = self._current()
            self._pinned += 1
            try:
                yield search
            finally:
                self._pinned -= 1

    def _current(self) -> Search:
        if self._pinned and self._search is not None:
            return self._search
        if self._sync is not None and time.monotonic() - self._synced_at >= SYNC_SECONDS:
            self._synced_at = time.monotonic()
            try:
                self._sync()
            except Exception:  # the store is unreachable: keep serving the local copy
                pass
        if self._files is None:
            self._files = LatestSnapshot(self.path, LEAN_MEMORY if self._lean else None)
        try:
            snap = self._files.current()
        except LibraryMissing:
            self._search = None
            raise
        if self._search is None or self._search.snap is not snap:
            self._search = None  # the old one's arrays go before the new one's are read
            self._search = Search(snap, self.cfg, self._now, hold=not self._lean)
        return self._search

    # -- search

    def search(
        self,
        query: str,
        project: str | None = None,
        source: str | None = None,
        since: Any = None,
        until: Any = None,
        kind: str | None = None,
        trust: str | None = None,
        limit: int | None = None,
        mode: str | None = None,
    ) -> SearchAnswer:
        """Items matching the query, best first. `mode`: "lexical" (its literal terms), "semantic"
        (by meaning: the nearest vectors), "hybrid" (both, fused); None: hybrid when the library
        has vectors of the configured model, else lexical. Whenever the vector side cannot answer
        (off, no vectors, another model, the endpoint down) the answer is lexical, with a notice."""
        terms = parse_query(query)
        n = check_limit(limit, self.cfg.default_limit, self.cfg.max_limit)
        where, params = filters(project, source, since, until, kind, trust)
        wanted = meaning.check_mode(mode)
        pending, notice = self.meaning.start(query, wanted)  # its vector is made while the lexical side scores
        with self._opened() as search:
            if pending is None:
                answer = search.search(terms, where, params, n)
            else:
                answer, notice = self.meaning.search(search, terms, pending, where, params, n, wanted)
        answer["mode"] = "lexical" if pending is None else answer.get("mode", wanted or "hybrid")
        if notice:
            answer["notice"] = notice
        return answer

    def search_frame(self, query: str, **filters: Any) -> pd.DataFrame:
        """`search` as a pandas DataFrame: one row per hit, best first, with `score` and
        `relevance` (frames.items_frame); takes the same filters and `limit`."""
        from ..frames import items_frame  # lazy: pandas loads only for a caller that wants a DataFrame

        return items_frame(self.search(query, **filters)["results"])

    def items_frame(self, include_original: bool = False) -> pd.DataFrame:
        """Every live item as a pandas DataFrame, one row each, in id order; the redacted
        original as a column only when asked for."""
        from ..frames import items_frame  # lazy: as above

        return items_frame(self.iter_items(include_original=include_original))

    def explain(self, query: str) -> ExplainAnswer:
        """How a query is read: its terms, tokens, stems, and what each slot may match."""
        terms = parse_query(query)
        with self._opened() as search:
            return search.explain(terms)

    # -- the other tools

    def get_item(self, item_id: int, include_original: bool = False) -> ItemAnswer:
        """One item by id; `original` (the redacted segment text) only when asked for."""
        iid = check_id(item_id)
        with self._opened() as search:
            return tools.get_item(search.snap, iid, include_original)

    def timeline(
        self,
        project: str | None = None,
        source: str | None = None,
        since: Any = None,
        until: Any = None,
        limit: int | None = None,
    ) -> TimelineAnswer:
        """Items in [since, until), newest first, copies removed."""
        n = check_limit(limit, TIMELINE_DEFAULT_LIMIT, self.cfg.max_limit)
        where, params = filters(project, source, since, until)
        with self._opened() as search:
            return tools.timeline(search.snap, where, params, n)

    def later(self, item_id: int, query: str | None = None, limit: int | None = None) -> LaterAnswer:
        """Newer items on the same subject in the same project, else the project's timeline
        (see tools.later)."""
        iid = check_id(item_id)
        n = check_limit(limit, LATER_DEFAULT_LIMIT, self.cfg.max_limit)
        with self._opened() as search:
            return tools.later(search, iid, query, n)

    def list_sources(self) -> SourcesAnswer:
        """Each source with its item count and latest item date."""
        with self._opened() as search:
            return tools.list_sources(search.snap)

    def stats(self) -> StatsAnswer:
        """Counts and build facts about the library."""
        with self._opened() as search:
            size = sum(p.stat().st_size for p in (self.path, self.delta_path) if p.exists())
            return tools.stats(search.snap, self.path, size)

    def item_ids(self) -> tuple[np.ndarray, np.ndarray]:
        """The live items' ids, and those of them in the delta (the items refreshes added or
        replaced since the base was last written), both of one library, in id order."""
        with self._opened() as search:
            return tools.live_ids(search.snap), search.snap.delta_ids()

    def newest_item(self) -> Item | None:
        """The item that happened last (of a tie, the lowest id); None in an empty library."""
        with self._opened() as search:
            return tools.newest_item(search.snap)

    def iter_items(
        self, include_original: bool = True, batch: int = 2000, ids: Iterable[int] | None = None,
        original_digest: bool = False,
    ) -> Iterator[Item]:  # fmt: skip
        """Every live item in id order (only those of `ids`, when given), `batch` at a time (for
        checks that scan the whole library). `original_digest`: each item also has one of its
        original, made by DuckDB, which decodes no original into Python for it.

        A lean reader closes its connection after each batch: DuckDB keeps what a scan of the
        originals decoded until its connection closes (~3x their size), which would grow with
        the library. A change of the library between batches is an error, never a mixed scan.
        """
        with self._opened() as search:
            live = tools.live_ids(search.snap)
            files = search.snap.key
        if ids is not None:
            live = np.intersect1d(live, np.fromiter(ids, dtype=live.dtype))
        for lo in range(0, len(live), batch):
            chosen = live[lo : lo + batch]
            where, params = "id BETWEEN ? AND ?", [int(chosen[0]), int(chosen[-1])]
            if ids is not None:  # the range lets DuckDB skip row groups; the list picks the items
                where, params = f"{where} AND list_contains(?, id)", [*params, chosen.tolist()]
            with self._opened() as search:
                if search.snap.key != files:
                    raise QueryError(f"{self.path}: the library changed during a scan of every item; scan again")
                rows = tools.items_batch(search.snap, where, params, include_original, original_digest)
            if self._lean:
                self.close()
            for row in rows:
                item = item_out(row, include_original)
                if original_digest:
                    item["original_digest"] = row["original_digest"]
                yield item
