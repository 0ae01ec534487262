"""An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, LM Studio…) through the
official `openai` SDK: its retries and timeouts, with Jezero's backoff, `max_concurrency`
requests in flight (at the HTTP client) and every attempt drawn from the command's budget,
as the summariser's providers do (summarizing/model_provider.py). One request per batch.
"""

from __future__ import annotations

import threading

import numpy as np
import openai

from ..config import EmbeddingsConfig
from ..engine.budget import Budget, BudgetExhausted
from ..summarizing.model_provider import GatedSend, JezeroBackoff, attempt_hooks, summarizer_error
from .model import EmbeddingError, normalised


class _Client(JezeroBackoff, openai.OpenAI):
    pass


class _Http(GatedSend, openai.DefaultHttpxClient):
    pass


class EndpointEmbedder:
    """Vectors from the configured endpoint; thread-safe (the SDK client is)."""

    def __init__(
        self,
        cfg: EmbeddingsConfig,
        key: str,
        api_key: str,
        base_url: str,
        backoff: float,
        budget: Budget | None,
        timeout: float | None = None,
        max_retries: int | None = None,
    ):
        self.cfg, self.key, self.name = cfg, key, cfg.model or ""
        self.timeout = timeout or cfg.timeout_seconds
        http = _Http(event_hooks=attempt_hooks(budget))
        http.gate = threading.BoundedSemaphore(cfg.max_concurrency)
        self._client = _Client(api_key=api_key, base_url=base_url, timeout=self.timeout,
                               max_retries=cfg.max_retries if max_retries is None else max_retries,
                               http_client=http)  # fmt: skip
        self._client.backoff_base = backoff
        self._client.budget = budget

    def embed(self, texts: list[str]) -> np.ndarray:
        extra = {"dimensions": self.cfg.dimensions} if self.cfg.dimensions else {}
        try:
            answer = self._client.embeddings.create(model=self.name, input=texts, encoding_format="float", **extra)
            rows = sorted(answer.data, key=lambda d: d.index)
            vectors = np.array([r.embedding for r in rows], dtype=np.float32)
        except (openai.APIError, ValueError, AttributeError, TypeError) as err:
            failed = summarizer_error(err, self.timeout, openai)
            if isinstance(failed, BudgetExhausted):
                raise failed from None
            raise EmbeddingError(str(failed).replace("malformed answer", "malformed embeddings answer")) from err
        if vectors.ndim != 2 or len(vectors) != len(texts) or not vectors.shape[1]:
            raise EmbeddingError(f"malformed embeddings answer: {len(rows)} vector(s) for {len(texts)} text(s)")
        if self.cfg.dimensions and vectors.shape[1] != self.cfg.dimensions:
            raise EmbeddingError(f"the endpoint answered {vectors.shape[1]} dimensions, not the configured "
                                 f"embeddings.dimensions = {self.cfg.dimensions}")  # fmt: skip
        if not np.isfinite(vectors).all():
            raise EmbeddingError("malformed embeddings answer: a vector holds NaN or infinity")
        return normalised(vectors)
