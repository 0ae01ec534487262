"""The embedder interface, an embedding model's key, and the text of an item that is embedded.

An item is embedded from its redacted, summarised text: title, summary, the questions it
answers and its atoms (the original transcript is long and mostly tool noise; the summary is
what people remember), made in SQL by the embed stage (stages/embed.py, TEXT_SQL). Each vector is paid for once per (text, model): `text_key` is the
SHA-256 of that text, `model_key` a fingerprint of everything that shapes a vector (provider,
model, dimensions, the endpoint's address, the text recipe), so a model change is a new key.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Protocol

from ..config import EmbeddingsConfig
from ..text import mask_url
from . import integer_graph

if TYPE_CHECKING:
    import numpy as np

TEXT_RECIPE = 1  # bump when embed_text changes: every vector is then of an old recipe
LOCAL_MODEL = "all-MiniLM-L6-v2-int8"  # the bundled offline model (local.py)
LOCAL_WEIGHTS_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"  # its model.onnx


class EmbeddingError(RuntimeError):
    """An embedding that could not be made: the model is missing, a request failed, a bad answer."""


class Embedder(Protocol):
    name: str  # what the model is called, for people
    key: str  # model_key of the config that made it

    def embed(self, texts: list[str]) -> np.ndarray:
        """One L2-normalised float32 vector per text, in order (one request per call)."""
        ...


def model_label(cfg: EmbeddingsConfig) -> str:
    """The model as people name it: `local:all-MiniLM-L6-v2-int8`, `openai_compatible:<model>`."""
    if cfg.provider == "local":
        return f"local:{cfg.model or LOCAL_MODEL}"
    return f"{cfg.provider}:{cfg.model}" + (f"@{cfg.dimensions}" if cfg.dimensions else "")


def model_key(cfg: EmbeddingsConfig) -> str | None:
    """The fingerprint of everything that shapes a vector (None: no embeddings configured).

    Also the Dagster code version of the embeddings asset: a model change shows as unsynced."""
    if cfg.provider == "none":
        return None
    shape: dict[str, Any] = {"provider": cfg.provider, "model": cfg.model or LOCAL_MODEL, "recipe": TEXT_RECIPE,
                             "chars": cfg.max_input_chars}  # fmt: skip
    if cfg.provider == "local":
        shape["weights"] = LOCAL_WEIGHTS_SHA256
        shape["graph"] = integer_graph.RECIPE  # the graph the weights run in shapes the vectors too
    else:
        shape["dimensions"] = cfg.dimensions
        shape["base_url"] = mask_url(cfg.base_url or "")  # another server may serve other weights
    digest = hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()[:12]
    return f"{model_label(cfg)}#{digest}"


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def normalised(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (a zero row stays zero), as float32."""
    import numpy as np  # lazy: a config check or a model's key loads this module, not numpy

    v = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    return v / np.where(norms > 0, norms, 1.0)
