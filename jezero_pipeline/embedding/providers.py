"""`make_embedder`, the one road to an embedder: the bundled model or the configured endpoint,
each importing only its own runtime (onnxruntime, or the openai SDK)."""

from __future__ import annotations

import functools
import os

from ..config import EmbeddingsConfig
from ..engine.budget import Budget
from ..summarizing.endpoint import check_base_url
from .model import LOCAL_MODEL, Embedder, EmbeddingError, model_key

DEFAULT_BASE_URL = "https://api.openai.com/v1"


def endpoint_url(cfg: EmbeddingsConfig) -> str:
    return cfg.base_url or DEFAULT_BASE_URL


def config_problems(cfg: EmbeddingsConfig) -> list[str]:
    """What keeps this config from embedding, found without loading any runtime."""
    if cfg.provider == "local" and cfg.model not in (None, LOCAL_MODEL):
        return [f"embeddings.model {cfg.model!r}: the local provider has one model, {LOCAL_MODEL!r}"]
    if cfg.provider == "openai_compatible":
        try:
            check_base_url(endpoint_url(cfg), cfg.allow_insecure_http, "embeddings")
        except ValueError as err:
            return [str(err)]
    return []


@functools.lru_cache(maxsize=2)
def _local(key: str, threads: int | None) -> Embedder:
    """One bundled model per process and thread count: a session and a query hold some 47 MB (bench/integer_graph.py)."""
    from .local import LocalEmbedder  # lazy: onnxruntime loads only for the local model

    return LocalEmbedder(key, threads=threads)


def make_embedder(
    cfg: EmbeddingsConfig,
    *,
    budget: Budget | None = None,
    backoff_seconds: float | None = None,
    for_queries: bool = False,
) -> Embedder | None:
    """The configured embedder (None for provider "none"). `for_queries`: a search's embedder,
    which gives up after `query_timeout_seconds` with no retry (the search then stays lexical)."""
    key = model_key(cfg)
    if key is None:
        return None
    problems = config_problems(cfg)
    if problems:
        raise EmbeddingError(problems[0])
    if cfg.provider == "local":
        return _local(key, 1 if for_queries else None)
    from ..summarizing.providers import retry_backoff  # lazy: the summariser's backoff rule, env included
    from .endpoint import EndpointEmbedder  # lazy: the openai SDK loads only for an endpoint

    api_key = os.environ.get(cfg.api_key_env) or "unused"  # local servers need no key; the SDK wants one
    if for_queries:
        return EndpointEmbedder(cfg, key, api_key, endpoint_url(cfg), 0.0, None, cfg.query_timeout_seconds, 0)
    return EndpointEmbedder(cfg, key, api_key, endpoint_url(cfg), retry_backoff(backoff_seconds), budget)
