"""The library's vectors: a DuckDB file beside it, written aside and swapped in, read by the reader.

`<library>.vectors` holds one row per live item that has a vector of the model it names
(`meta.model`): its id, the key of the text it was made from, and the vector quantised to
int8 with a per-vector scale (384 bytes for the bundled model: 38 MB at 100,000 items).
It is a file of its own, written by the embed stage only (stages/embed.py), never by the
library's build: nothing the vector side does (a failed endpoint, a killed backfill, a
model change, a damaged or missing file) can touch the items or their full-text index, and a
reader that cannot use the vectors searches lexically. The file is rewritten whole when its
vectors changed (at 100,000 items a second or so: bench/MEANING.md), and only then.

The reader (`VectorIndex`) holds the int8 matrix aligned with the index's documents, and a
sign bit per dimension: above EXACT_UP_TO documents a query scores every document's bits
first (Hamming distance, 48 bytes each) and the best RESCORE by their int8 vectors; below,
every document exactly. The choice of an exact scan over DuckDB's `vss` (HNSW) index:
bench/MEANING.md.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow.compute as pc

from .index import SegmentIndex

EXACT_UP_TO = 20_000  # documents scored exactly; above, a sign-bit prefilter first
RESCORE = 2_000  # documents rescored exactly after the prefilter (at least 10x the pool)
VECTORS_DDL = """
CREATE TABLE vectors (id BIGINT NOT NULL, text_key VARCHAR NOT NULL, scale FLOAT NOT NULL, q TINYINT[] NOT NULL);
CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL);
"""
# From cache rows (`vec` FLOAT[], unit length): the int8 vector and the scale that undoes it.
QUANTISED_SQL = """
    SELECT id, text_key, scale, list_transform(vec, x -> round(x / scale)::TINYINT) AS q FROM (
        SELECT id, text_key, vec, greatest(list_max(list_transform(vec, x -> abs(x))), 1e-12) / 127.0 AS scale
        FROM {source})
"""


def vectors_path(library: Path) -> Path:
    return Path(library).with_name(Path(library).name + ".vectors")


def read_meta(path: Path) -> dict[str, str] | None:
    """The vectors file's meta (None when it is missing or unreadable)."""
    if not path.exists():
        return None
    con = duckdb.connect(":memory:")
    try:
        con.execute(f"ATTACH '{quoted(path)}' AS v (READ_ONLY)")
        return dict(con.execute("SELECT key, value FROM v.meta").fetchall())
    except duckdb.Error:
        return None
    finally:
        con.close()


@dataclass
class VectorIndex:
    """The vectors of one opened library, aligned with its index's documents."""

    model: str  # the model key they were made with
    q: np.ndarray  # int8 (docs, dims); zero rows for documents without a vector
    scale: np.ndarray  # float32 (docs,)
    has: np.ndarray  # bool (docs,)
    bits: np.ndarray | None  # uint64 (dims/64, docs) sign bits, for large libraries: a word of every document in a row

    @property
    def dims(self) -> int:
        return int(self.q.shape[1])

    @classmethod
    def load(cls, path: Path, index: SegmentIndex) -> VectorIndex | None:
        """The vectors of `index`'s live documents from the file at `path` (None: no usable file)."""
        meta = read_meta(path)
        if meta is None or "model" not in meta:
            return None
        con = duckdb.connect(":memory:")
        try:
            con.execute(f"ATTACH '{quoted(path)}' AS v (READ_ONLY)")
            table = con.execute("SELECT id, scale, q FROM v.vectors ORDER BY id").to_arrow_table()
        except duckdb.Error:
            return None
        finally:
            con.close()
        n_docs = len(index.ids)
        dims = int(meta.get("dims", 0))
        if not dims or not table.num_rows:
            return None
        ids = table.column("id").to_numpy()
        flat = pc.list_flatten(table.column("q").combine_chunks()).to_numpy(zero_copy_only=False)
        if len(flat) != len(ids) * dims:
            return None  # not one vector of `dims` per row: a file this reader does not trust
        docs_all = np.full(len(ids), -1, dtype=np.int64)
        pos = np.clip(np.searchsorted(index.live_ids, ids), 0, max(len(index.live_ids) - 1, 0))
        ok = (index.live_ids[pos] == ids) if len(index.live_ids) else np.zeros(len(ids), bool)
        docs_all[ok] = index.live_id_docs[pos[ok]]
        q = np.zeros((n_docs, dims), dtype=np.int8)
        scale = np.zeros(n_docs, dtype=np.float32)
        has = np.zeros(n_docs, dtype=bool)
        keep = docs_all >= 0
        q[docs_all[keep]] = flat.astype(np.int8, copy=False).reshape(len(ids), dims)[keep]
        scale[docs_all[keep]] = table.column("scale").to_numpy()[keep]
        has[docs_all[keep]] = True
        bits = _sign_bits(q) if n_docs > EXACT_UP_TO else None
        return cls(meta["model"], q, scale, has, bits)

    def nearest(self, query: np.ndarray, allowed: np.ndarray | None, k: int) -> tuple[np.ndarray, np.ndarray]:
        """The `k` documents most similar to the unit vector `query` (cosine), best first, among
        those with a vector and `allowed` (a mask, None: all)."""
        mask = self.has if allowed is None else self.has & allowed
        if self.bits is not None:
            qbits = _sign_bits(query[None, :].astype(np.float32))[:, 0]
            dist = np.zeros(self.bits.shape[1], dtype=np.uint16)  # a row at a time: 4x faster than per document
            for word, qword in zip(self.bits, qbits, strict=True):
                dist += np.bitwise_count(word ^ qword)
            dist[~mask] = np.iinfo(np.uint16).max
            n = min(max(RESCORE, 10 * k), int(mask.sum()))
            cand = np.argpartition(dist, n - 1)[:n] if 0 < n < len(dist) else np.flatnonzero(mask)
            cand = cand[mask[cand]]
        else:
            cand = np.flatnonzero(mask)
        if not len(cand):
            return cand, np.zeros(0, dtype=np.float32)
        sims = (self.q[cand].astype(np.float32) @ query.astype(np.float32)) * self.scale[cand]
        top = np.argsort(-sims, kind="stable")[:k] if len(cand) <= k else None
        if top is None:
            part = np.argpartition(-sims, k - 1)[:k]
            top = part[np.argsort(-sims[part], kind="stable")]
        return cand[top], sims[top]


def _sign_bits(q: np.ndarray) -> np.ndarray:
    """The rows' sign bits as uint64 words, word-major: (dims/64, rows)."""
    bits = np.packbits(q > 0, axis=1)
    pad = (-bits.shape[1]) % 8
    if pad:
        bits = np.pad(bits, ((0, 0), (0, pad)))
    return np.ascontiguousarray(bits.view(np.uint64).T)


def write_vectors(con: duckdb.DuckDBPyConnection, wanted: str, cache: str, path: Path, meta: dict[str, str]) -> int:
    """Write the vectors file at `path` aside and swap it in: the rows of the table `wanted`
    (id, text_key) whose vector of model `meta['model']` the attached `cache` holds. Returns
    the vectors written."""
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    con.execute(f"ATTACH '{quoted(tmp)}' AS vout")
    try:
        for ddl in VECTORS_DDL.strip().split(";\n"):
            con.execute(ddl.replace("CREATE TABLE ", "CREATE TABLE vout."))
        source = f"(SELECT w.id, w.text_key, c.vec FROM {wanted} w JOIN {cache}.vectors c ON c.model = ? AND c.text_key = w.text_key)"
        con.execute(f"INSERT INTO vout.vectors {QUANTISED_SQL.format(source=source)} ORDER BY id", [meta["model"]])
        (n,) = con.execute("SELECT count(*) FROM vout.vectors").fetchone()
        (dims,) = con.execute("SELECT coalesce(max(len(q)), 0) FROM vout.vectors").fetchone()
        rows = {**meta, "items": str(n), "dims": str(dims)}
        con.execute(
            "INSERT INTO vout.meta SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[])", [list(rows), list(rows.values())]
        )
        con.execute("DETACH vout")
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            con.execute("DETACH vout")
        except duckdb.Error:
            pass
        tmp.unlink(missing_ok=True)
        raise
    return int(n)


def quoted(path: Path) -> str:
    return str(path).replace("'", "''")
