"""The reader's side of search by meaning: the query's vector, the library's vectors, the notices.

Lexical search never depends on it. Whenever the vector side cannot answer, the search is
the lexical one with a one-line `notice` saying why: embeddings off (when a mode by meaning
was asked for), no vectors file yet, vectors of another model than the configured one (until
`embed --reembed`), a vectors file this reader cannot use, or the query's embedding failing
(the endpoint down or slow: `query_timeout_seconds`, no retry). The vectors are loaded at the
first search by meaning (never for a lexical-only reader) and again when their file changes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from ..config import EmbeddingsConfig
from . import hybrid
from .answers import SearchAnswer
from .query import QueryError
from .search import Search
from .snapshot import file_key
from .vectors import VectorIndex, read_meta, vectors_path

MODES = ("lexical", "semantic", "hybrid")
QUERY_CACHE = 256  # query vectors kept (a page searched as you type asks again and again)


def check_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in MODES:
        raise QueryError(f"mode {mode!r} is not one of {', '.join(MODES)}")
    return mode


class QuerySide:
    """Query vectors and the library's vectors for one `Library` (thread-safe)."""

    def __init__(self, library: Path, cfg: EmbeddingsConfig | None, embedder: Any = None):
        from ..embedding.model import model_key  # lazy: nothing of the embedding side loads for lexical search

        self.path = vectors_path(library)
        self.cfg = cfg
        self._embedder = embedder
        self.key = embedder.key if embedder is not None else (model_key(cfg) if cfg is not None else None)
        self._lock = threading.Lock()
        self._meta: tuple[Any, str | None] = (object(), None)  # (file key, model of the file)
        self._vectors: tuple[Any, Any, VectorIndex | None] = (None, None, None)  # (search, file key, index)
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self._pool: ThreadPoolExecutor | None = None  # makes query vectors beside the lexical scoring

    def library_model(self) -> str | None:
        """The model of the library's vectors file (None: no usable file); a `stat` when unchanged."""
        key = file_key(self.path)
        with self._lock:
            if self._meta[0] == key:
                return self._meta[1]
        meta = read_meta(self.path) if key is not None else None
        model = (meta or {}).get("model")
        with self._lock:
            self._meta = (key, model)
        return model

    def start(self, query: str, wanted: str | None) -> tuple[Future | None, str | None]:
        """The query's vector, being made on a thread of its own while the lexical side scores
        (onnxruntime and the HTTP wait release the interpreter); or None and the notice saying
        why the search is lexical."""
        if wanted == "lexical":
            return None, None
        if self.key is None:
            off = 'search by meaning is off ([embeddings] provider = "none"): lexical results'
            return None, off if wanted else None
        model = self.library_model()
        if model is None:
            return None, "the library has no vectors yet (`jezero-pipeline embed` makes them): lexical results"
        if model != self.key:
            return None, (f"the library's vectors are of {model}, the config names {self.key}: lexical results "
                          "until `jezero-pipeline embed --reembed`")  # fmt: skip
        with self._lock:
            cached = self._queries.get(query)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(2, thread_name_prefix="query-vector")
        done: Future = Future()
        if cached is not None:
            done.set_result(cached)
            return done, None
        return self._pool.submit(self._embed, query), None

    def _embed(self, query: str) -> np.ndarray:
        vector = self._query_embedder().embed([query])[0]
        with self._lock:
            self._queries[query] = vector
            while len(self._queries) > QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def query_vector(self, query: str, wanted: str | None) -> tuple[np.ndarray | None, str | None]:
        """The query's vector now, or None and the notice saying why the search is lexical."""
        pending, notice = self.start(query, wanted)
        return (None, notice) if pending is None else waited(pending)

    def _query_embedder(self) -> Any:
        if self._embedder is None:
            from ..embedding.providers import make_embedder  # lazy: the model's runtime loads at the first query

            self._embedder = make_embedder(self.cfg, for_queries=True)  # type: ignore[arg-type]
        return self._embedder

    def vectors_for(self, search: Search) -> VectorIndex | None:
        """The vectors of `search`'s snapshot, loaded once per snapshot and vectors file."""
        key = file_key(self.path)
        held_search, held_key, held = self._vectors
        if held_search is search and held_key == key:
            return held
        self.drop_vectors()  # the old vectors go before the new ones are read
        index = VectorIndex.load(self.path, search.index) if key is not None else None
        self._vectors = (search, key, index)
        return index

    def drop_vectors(self) -> None:
        self._vectors = (None, None, None)

    def close(self) -> None:
        self.drop_vectors()
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None

    def search(self, search: Search, terms: list[tuple[str, bool]], pending: Future, where: str, params: list,
               n: int, wanted: str | None) -> tuple[SearchAnswer, str | None]:  # fmt: skip
        """A search by meaning (semantic) or both ways (hybrid) of one snapshot, or the lexical
        one and a notice when the query's vector or the library's vectors are not usable."""
        qterms, lists = search.plan_terms(terms)
        docs, total, share = search.scored(qterms, where, params, lists, search.cfg.candidate_pool)
        lexical = search.rerank((docs, total), search.cfg.recency_weight, None, first=share >= 1.0)
        vector, notice = waited(pending)
        vectors = self.vectors_for(search) if vector is not None else None
        if vector is not None and vectors is None:
            notice = "the library's vectors cannot be read (`jezero-pipeline embed` writes them again): lexical results"
        elif vector is not None and (vectors.model != self.key or vectors.dims != len(vector)):
            notice = "the library's vectors file cannot be used with this model: lexical results"
        if vector is None or notice:
            answer = search.answer(qterms, lexical[:n])
            answer["mode"] = "lexical"
            return answer, notice
        assert vectors is not None
        nearest = hybrid.semantic(search, vectors, vector, where, params, None if wanted != "semantic" else n)
        if wanted == "semantic":
            ranked = nearest
        else:
            shares = dict(zip(search.index.ids[docs].tolist(), share.tolist()))
            first = [c for c in lexical if shares[c.id] >= 1.0]
            rest = [c for c in lexical if shares[c.id] < 1.0]
            ranked = hybrid.fuse(first, rest, nearest, n, [shares[c.id] for c in rest])
        answer = search.answer(qterms, ranked)
        answer["mode"] = wanted or "hybrid"
        return answer, None


def waited(pending: Future) -> tuple[np.ndarray | None, str | None]:
    """The vector a query's embedding made, or None and why not (any failure: lexical results)."""
    try:
        return pending.result(), None
    except Exception as err:  # the endpoint down or slow, the model missing: the search stays lexical
        reason = " ".join(str(err).split())[:160] or type(err).__name__
        return None, f"the query could not be embedded ({reason}): lexical results"
