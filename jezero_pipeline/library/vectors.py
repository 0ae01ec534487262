"""The library's vectors: a DuckDB file beside it, and the reader's copy of its rows, swapped in.

`<library>.vectors` holds one row per live item that has a vector of the model it names
(`meta.model`): its id, the key of the text it was made from, and the vector quantised to
int8 with a per-vector scale (384 bytes for the bundled model: 38 MB at 100,000 items).
It is a file of its own, written by the embed stage only (stages/embed.py), never by the
library's build: nothing the vector side does (a failed endpoint, a killed backfill, a
model change, a damaged or missing file) can touch the items or their full-text index, and a
reader that cannot use the vectors searches lexically. The file is rewritten whole when its
vectors changed (at 100,000 items 8-11 s, hubness included: bench/MEANING_SCALE.md), and
only then.

Beside it, the same rows as flat arrays (`<library>.vectors.<token>.rows`, the token in the
DuckDB file's meta): ids, scales, hubness, the int8 vectors and their sign bits. The reader reads
them from there, not from DuckDB: below EXACT_UP_TO documents it holds the int8 matrix and
scores every document; above, it holds the rows' documents, scales and lifts (17 bytes a
row), reads the rows' sign bits at each query a word at a time (48 bytes a row in all) to rank
every document by the Hamming distance of its bits to the query's, and reads the int8
vectors of the best RESCORE to rescore them. So a reader of 100,000 vectors holds 1.7 MB for
them, not 44 (6.5 with the bits held; reading them again costs a query 0.3 ms). The choice of
an exact scan over DuckDB's `vss` (HNSW) index: bench/MEANING.md.

A query ranks documents by their cosine raised for those in sparse parts of the library: a
document near many others (a "hub": the generated filler of one project, a family of
look-alike bugs) is near most queries too, and would crowd the top of every list by that
alone. Each row's hubness is its mean cosine to its HUB_NEIGHBOURS nearest among a fixed
sample of the library's rows, worked out when the rows file is written; a query scores
cosine + HUB_WEIGHT * (1 - hubness), which ranks as CSLS does (Conneau et al., 2018, "Word
translation without parallel data"). On the paraphrase set's dev questions it lifted hit@5
by vectors alone from 0.452 to 0.500 (bench/MEANING.md has the held-out figures).
"""

from __future__ import annotations

import functools
import os
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import numpy as np

if TYPE_CHECKING:
    from .index import SegmentIndex

EXACT_UP_TO = 20_000  # documents scored exactly; above, a sign-bit prefilter first
RESCORE = 2_000  # documents rescored exactly after the prefilter (at least 10x the pool)
ROWS_MAGIC = b"JZROWS02"  # 01: without hubness (the embed stage writes such a file again)
ROWS_HEADER = 64  # magic, token (32 hex characters), rows and dimensions (uint64 each), padding
HUB_SAMPLE = 2_000  # rows a row's hubness is measured against (evenly spaced in id order)
HUB_NEIGHBOURS = 10  # the nearest of them that count (CSLS's k)
HUB_WEIGHT = 0.5  # CSLS: 2 cos - hubness ranks as cos - hubness / 2
HUB_CHUNK = 1_024  # rows whose hubness is worked out at once (a chunk x sample float32 matrix: 8 MB)
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


def rows_path(vectors: Path, token: str) -> Path:
    return vectors.with_name(f"{vectors.name}.{token}.rows")


@dataclass(frozen=True)
class RowsLayout:
    """Where each array lies in a rows file of `n` vectors of `dims` dimensions."""

    n: int
    dims: int

    @property
    def words(self) -> int:
        return -(-self.dims // 64)

    @property
    def ids(self) -> int:
        return ROWS_HEADER

    @property
    def scale(self) -> int:
        return self.ids + 8 * self.n

    @property
    def hub(self) -> int:
        return self.scale + 4 * self.n

    @property
    def q(self) -> int:
        return self.hub + 4 * self.n

    @property
    def bits(self) -> int:  # word-major: word w of every row, then word w + 1
        return self.q + self.n * self.dims

    @property
    def size(self) -> int:
        return self.bits + 8 * self.words * self.n


class RowsWriter:
    """A rows file written a batch of rows at a time, in the order the rows come."""

    def __init__(self, path: Path, token: str, n: int, dims: int):
        if len(token) != 32 or not token.isascii():
            raise ValueError(f"a rows file's token is 32 ASCII characters, not {token!r}")
        self.layout = RowsLayout(n, dims)
        self.done = 0
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        os.ftruncate(self._fd, self.layout.size)
        head = ROWS_MAGIC + token.encode("ascii") + np.array([n, dims], dtype="<u8").tobytes()
        os.pwrite(self._fd, head.ljust(ROWS_HEADER, b"\0"), 0)

    def add(self, ids: np.ndarray, scale: np.ndarray, hub: np.ndarray, q: np.ndarray) -> None:
        lay, r = self.layout, self.done
        if r + len(ids) > lay.n or q.shape != (len(ids), lay.dims) or len(scale) != len(ids) or len(hub) != len(ids):
            raise ValueError(f"rows file: {len(ids)} rows of {q.shape[1:]} after {r} do not fit {lay.n} of {lay.dims}")
        os.pwrite(self._fd, ids.astype("<i8").tobytes(), lay.ids + 8 * r)
        os.pwrite(self._fd, scale.astype("<f4").tobytes(), lay.scale + 4 * r)
        os.pwrite(self._fd, hub.astype("<f4").tobytes(), lay.hub + 4 * r)
        os.pwrite(self._fd, np.ascontiguousarray(q, dtype=np.int8).tobytes(), lay.q + lay.dims * r)
        for w, word in enumerate(sign_bits(q)):
            os.pwrite(self._fd, word.astype("<u8").tobytes(), lay.bits + 8 * (w * lay.n + r))
        self.done += len(ids)

    def close(self) -> None:
        try:
            if self.done != self.layout.n:
                raise ValueError(f"rows file: {self.done} rows written of {self.layout.n}")
            os.fsync(self._fd)
        finally:
            os.close(self._fd)


@dataclass
class VectorIndex:
    """The vectors of one opened library, each row mapped to its index's document."""

    model: str  # the model key they were made with
    row_doc: np.ndarray  # int64 (rows,): the document of each row, -1 when it is not live in the index
    scale: np.ndarray  # float32 (rows,)
    lift: np.ndarray  # float32 (rows,): HUB_WEIGHT * (1 - hubness), added to each row's cosine
    has: np.ndarray  # bool (docs,): the document has a vector
    dims: int
    q: np.ndarray | None  # int8 (rows, dims) when held; None: the rows read from `fd` at each query
    fd: int | None = None  # the rows file, open (large libraries): closed when the index is collected
    layout: RowsLayout | None = None

    def __post_init__(self) -> None:
        if self.fd is not None:
            weakref.finalize(self, os.close, self.fd)

    @property
    def held_bytes(self) -> int:
        """What the index holds in memory."""
        arrays = (self.row_doc, self.scale, self.lift, self.has, self.q)
        return sum(a.nbytes for a in arrays if a is not None)

    @classmethod
    def load(cls, path: Path, index: SegmentIndex) -> VectorIndex | None:
        """The vectors of `index`'s live documents from the file at `path` (None: no usable file)."""
        meta = read_meta(path)
        if meta is None or "model" not in meta or "rows" not in meta:
            return None
        return cls.from_rows(meta["model"], rows_path(path, meta["rows"]), meta["rows"], index)

    @classmethod
    def from_rows(cls, model: str, path: Path, token: str, index: Any, exact_up_to: int = EXACT_UP_TO
                  ) -> VectorIndex | None:  # fmt: skip
        """The vectors of `index` (ids, live_ids, live_id_docs) from a rows file; None when it is
        missing, not the one its token names, or cut short."""
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return None
        large = len(index.ids) > exact_up_to
        try:
            layout = _layout(os.pread(fd, ROWS_HEADER, 0), token, os.fstat(fd).st_size)
            if layout is None:
                raise ValueError
            n, dims = layout.n, layout.dims
            ids = np.frombuffer(os.pread(fd, 8 * n, layout.ids), dtype="<i8").reshape(n)
            scale = np.frombuffer(os.pread(fd, 4 * n, layout.scale), dtype="<f4").astype(np.float32).reshape(n)
            hub = np.frombuffer(os.pread(fd, 4 * n, layout.hub), dtype="<f4").reshape(n)
            lift = (np.float32(1.0) - hub) * np.float32(HUB_WEIGHT)
            held = None  # large: the sign bits and the int8 rows read at each query
            if not large:  # every int8 row held, scored at each query
                held = np.frombuffer(os.pread(fd, n * dims, layout.q), dtype=np.int8).reshape(n, dims)
        except (ValueError, OSError):  # ValueError: cut short (a reshape of what was read)
            os.close(fd)
            return None
        if not large:
            os.close(fd)
        row_doc = np.full(n, -1, dtype=np.int64)
        live = index.live_ids
        pos = np.clip(np.searchsorted(live, ids), 0, max(len(live) - 1, 0))
        ok = (live[pos] == ids) if len(live) else np.zeros(n, bool)
        row_doc[ok] = index.live_id_docs[pos[ok]]
        has = np.zeros(len(index.ids), dtype=bool)
        has[row_doc[ok]] = True
        if large:
            return cls(model, row_doc, scale, lift, has, dims, None, fd, layout)
        return cls(model, row_doc, scale, lift, has, dims, held)

    def nearest(self, query: np.ndarray, allowed: np.ndarray | None, k: int) -> tuple[np.ndarray, np.ndarray]:
        """The `k` documents most similar to the unit vector `query`, best first, and their
        similarities (cosine + HUB_WEIGHT * (1 - hubness)), among those with a vector and
        `allowed` (a mask of documents, None: all)."""
        ok = self.row_doc >= 0
        if allowed is not None:
            ok[ok] = allowed[self.row_doc[ok]]
        query = query.astype(np.float32)
        if self.q is not None:
            cand = np.flatnonzero(ok)
            sims = self._similarities(self.q[cand], cand, query)
        else:
            cand, sims = self._prefiltered(query, ok, k)
        if not len(cand):
            return cand, np.zeros(0, dtype=np.float32)
        top = np.argsort(-sims, kind="stable")[:k] if len(cand) <= k else None
        if top is None:
            part = np.argpartition(-sims, k - 1)[:k]
            top = part[np.argsort(-sims[part], kind="stable")]
        return self.row_doc[cand[top]], sims[top]

    def _prefiltered(self, query: np.ndarray, ok: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Rows nearest by sign bits, rescored by their int8 vectors read from the rows file (read,
        not mapped: the kernel maps a mapped page's neighbours too, and a query's 2,000 scattered
        rows then held most of the file while it ran). The bits' Hamming distance d stands for
        the angle pi * d / dims, so the prefilter ranks by that angle's cosine plus the same
        hubness lift as the rescoring."""
        lay = self.layout
        assert lay is not None and self.fd is not None
        dist = np.zeros(lay.n, dtype=np.uint16)  # a word of every row at a time: 4x faster than per row
        word = np.empty(lay.n, dtype="<u8")
        for w, qword in enumerate(sign_bits(query[None, :])[:, 0]):
            os.preadv(self.fd, [word], lay.bits + 8 * w * lay.n)
            dist += np.bitwise_count(word ^ qword)
        approx = _angle_cosines(lay.dims)[dist]
        approx += self.lift
        approx[~ok] = -np.inf
        n = min(max(RESCORE, 10 * k), int(ok.sum()))
        cand = np.argpartition(-approx, n - 1)[:n] if 0 < n < len(approx) else np.flatnonzero(ok)
        cand = np.sort(cand[ok[cand]])  # in file order
        vectors = np.empty((len(cand), lay.dims), dtype=np.int8)
        fd, start, dims = self.fd, lay.q, lay.dims
        for row, r in zip(vectors, cand.tolist()):
            os.preadv(fd, [row], start + dims * r)
        return cand, self._similarities(vectors, cand, query)

    def _similarities(self, q: np.ndarray, rows: np.ndarray, query: np.ndarray) -> np.ndarray:
        """The score a query ranks by, of the int8 vectors `q` of these `rows`: their cosine to
        the unit `query`, plus their hubness lift."""
        return (q.astype(np.float32) @ query) * self.scale[rows] + self.lift[rows]


@functools.cache
def _angle_cosines(dims: int) -> np.ndarray:
    """cos(pi * d / dims) for each Hamming distance d of two rows' sign bits, 0 to dims."""
    return np.cos(np.arange(dims + 1) * (np.pi / dims)).astype(np.float32)


def hubness(unit: np.ndarray, ids: np.ndarray, sample: np.ndarray, sample_ids: np.ndarray) -> np.ndarray:
    """Each row's mean cosine to its HUB_NEIGHBOURS nearest rows of `sample`, itself not counted
    (rows and sample: vectors of unit length and their ids, each in ascending id order)."""
    k = min(HUB_NEIGHBOURS, len(sample) - 1)
    out = np.zeros(len(unit), dtype=np.float32)
    if k < 1:
        return out
    pos = np.clip(np.searchsorted(sample_ids, ids), 0, len(sample_ids) - 1)
    own = np.flatnonzero(sample_ids[pos] == ids)  # rows that are in the sample
    for lo in range(0, len(unit), HUB_CHUNK):
        sims = unit[lo : lo + HUB_CHUNK] @ sample.T
        mine = own[(own >= lo) & (own < lo + HUB_CHUNK)]
        sims[mine - lo, pos[mine]] = -np.inf
        out[lo : lo + HUB_CHUNK] = np.partition(sims, -k, axis=1)[:, -k:].mean(axis=1)
    return out


def sign_bits(q: np.ndarray) -> np.ndarray:
    """The rows' sign bits as uint64 words, word-major: (dims/64, rows)."""
    bits = np.packbits(q > 0, axis=1)
    pad = (-bits.shape[1]) % 8
    if pad:
        bits = np.pad(bits, ((0, 0), (0, pad)))
    return np.ascontiguousarray(bits.view("<u8").T)


def write_vectors(con: duckdb.DuckDBPyConnection, wanted: str, cache: str, path: Path, meta: dict[str, str]) -> int:
    """Write the vectors file at `path` and its rows file aside and swap them in: the rows of the
    table `wanted` (id, text_key) whose vector of model `meta['model']` the attached `cache`
    holds. Returns the vectors written."""
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    token = uuid.uuid4().hex
    rows = rows_path(path, token)
    con.execute(f"ATTACH '{quoted(tmp)}' AS vout")
    try:
        for ddl in VECTORS_DDL.strip().split(";\n"):
            con.execute(ddl.replace("CREATE TABLE ", "CREATE TABLE vout."))
        source = f"(SELECT w.id, w.text_key, c.vec FROM {wanted} w JOIN {cache}.vectors c ON c.model = ? AND c.text_key = w.text_key)"
        con.execute(f"INSERT INTO vout.vectors {QUANTISED_SQL.format(source=source)} ORDER BY id", [meta["model"]])
        (n, dims) = con.execute("SELECT count(*), coalesce(max(len(q)), 0) FROM vout.vectors").fetchone()
        if n:
            _write_rows(con, rows, token, int(n), int(dims))
        entries = {**meta, "items": str(n), "dims": str(dims), "rows": token}
        con.execute(
            "INSERT INTO vout.meta SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[])",
            [list(entries), list(entries.values())],
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
        rows.unlink(missing_ok=True)
        raise
    for old in path.parent.glob(f"{path.name}.*.rows"):  # a reader that opened one keeps reading it
        if old != rows:
            old.unlink(missing_ok=True)
    return int(n)


def _write_rows(con: duckdb.DuckDBPyConnection, rows: Path, token: str, n: int, dims: int) -> None:
    """The rows of `vout.vectors`, in id order, as a rows file, a batch at a time, each row's
    hubness measured against a sample of HUB_SAMPLE rows evenly spaced in id order."""
    import pyarrow.compute as pc  # lazy: only the writer flattens lists

    def arrays(batch: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        flat = pc.list_flatten(batch.column(2)).to_numpy(zero_copy_only=False)
        if len(flat) != len(batch) * dims:
            raise ValueError(f"vectors of more than one length in {rows.name}")
        return batch.column(0).to_numpy(), batch.column(1).to_numpy(), flat.reshape(len(batch), dims)

    def unit(scale: np.ndarray, q: np.ndarray) -> np.ndarray:
        return q.astype(np.float32) * scale.astype(np.float32)[:, None]

    step = -(-n // HUB_SAMPLE)
    sql = "SELECT id, scale, q FROM (SELECT *, row_number() OVER (ORDER BY id) - 1 AS r FROM vout.vectors) WHERE r % ? = 0 ORDER BY id"
    picked = con.execute(sql, [step]).to_arrow_table().combine_chunks()  # n > 0: one batch of at least one row
    sample_ids, sample_scale, sample_q = arrays(picked.to_batches()[0])
    sample = unit(sample_scale, sample_q)
    writer = RowsWriter(rows, token, n, dims)
    try:
        for batch in con.execute("SELECT id, scale, q FROM vout.vectors ORDER BY id").to_arrow_reader(8192):
            ids, scale, q = arrays(batch)
            writer.add(ids, scale, hubness(unit(scale, q), ids, sample, sample_ids), q)
    finally:
        writer.close()


def rows_usable(path: Path, meta: dict[str, str]) -> bool:
    """The rows file that the vectors file at `path` names in its `meta` (read_meta) is there and whole."""
    if "rows" not in meta:
        return False
    try:
        with open(rows_path(path, meta["rows"]), "rb") as f:
            return _layout(f.read(ROWS_HEADER), meta["rows"], os.fstat(f.fileno()).st_size) is not None
    except OSError:
        return False


def _layout(head: bytes, token: str, size: int) -> RowsLayout | None:
    """The layout a rows file's header states, when it is the file `token` names and whole."""
    if len(head) != ROWS_HEADER or head[:8] != ROWS_MAGIC or head[8:40] != token.encode("ascii"):
        return None
    layout = RowsLayout(*(int(x) for x in np.frombuffer(head[40:56], dtype="<u8")))
    return layout if layout.n and layout.dims and layout.size == size else None


def quoted(path: Path) -> str:
    return str(path).replace("'", "''")
