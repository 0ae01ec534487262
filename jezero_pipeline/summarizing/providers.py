"""`make_provider`, the one road to a provider: the offline summariser, or the SDK provider the
config names (the Anthropic one in anthropic_messages, the OpenAI-compatible one in
openai_chat), importing only that SDK (about a second of CPU for anthropic, half for openai).
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from jezero_pipeline.config import SummarizerConfig
from jezero_pipeline.engine.budget import Budget
from jezero_pipeline.refused_imports import RefusedImport
from jezero_pipeline.summarizing.endpoint import check_base_url
from jezero_pipeline.summarizing.model_provider import (
    DEFAULT_BACKOFF_SECONDS,
    ModelProvider,
    Provider,
    retry_delay,
)
from jezero_pipeline.summarizing.results import SummarizerError, SummaryResult

__all__ = [
    "Provider",
    "SummarizerError",
    "SummaryResult",
    "endpoint_of",
    "make_provider",
    "provider_class",
    "retry_delay",
]

DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1"
BACKOFF_ENV = "JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS"  # tests and benchmarks shrink it


def retry_backoff(explicit: float | None) -> float:
    if explicit is not None:
        return explicit
    env = os.environ.get(BACKOFF_ENV)
    try:
        return float(env) if env else DEFAULT_BACKOFF_SECONDS
    except ValueError:
        raise ValueError(f"{BACKOFF_ENV}={env!r} is not a number of seconds") from None


def make_provider(
    cfg: SummarizerConfig,
    api_key: str | None,
    *,
    backoff_seconds: float | None = None,
    budget: Budget | None = None,
) -> Provider:
    """The provider for cfg.provider: the offline summariser, or an SDK provider whose every HTTP
    attempt is drawn from `budget`, when given. `backoff_seconds` (else
    $JEZERO_PIPELINE_RETRY_BACKOFF_SECONDS, else 2 s) is the first retry wait; it doubles per retry."""
    if cfg.provider == "extractive":
        from .extractive import ExtractiveProvider  # lazy: only the configured provider loads

        return ExtractiveProvider()
    backoff = retry_backoff(backoff_seconds)
    base_url = endpoint_of(cfg)
    check_base_url(base_url, cfg.allow_insecure_http)
    if cfg.provider == "anthropic" and not api_key:
        raise ValueError(f"provider 'anthropic' needs an API key: set ${cfg.api_key_env}")
    if cfg.provider == "openai_compatible":
        api_key = api_key or "unused"  # local servers need no key, but the SDK insists on one
    provider = provider_class(cfg.provider)  # raises for a name that is not a model provider
    return provider(cfg, api_key, base_url, backoff, budget)


def endpoint_of(cfg: SummarizerConfig) -> str:
    """The base URL the provider's SDK client talks to."""
    if cfg.provider == "anthropic":
        return cfg.effective_base_url or "https://api.anthropic.com"
    return cfg.base_url or DEFAULT_OPENAI_BASE_URL


def provider_class(name: str) -> type[ModelProvider]:
    """The provider class of a config's provider name. Importing it imports that SDK alone
    (about a second of CPU), so each provider lives in its own module; the import runs with
    the cyclic garbage collector paused (`collector_paused`) and without the SDK's optional
    aiohttp transport (`aiohttp_hidden`)."""
    if name == "anthropic":
        with collector_paused(), aiohttp_hidden():
            from .anthropic_messages import AnthropicProvider  # lazy: each SDK costs a second to import

        return AnthropicProvider
    if name == "openai_compatible":
        with collector_paused(), aiohttp_hidden():
            from .openai_chat import OpenAICompatibleProvider  # lazy: as above

        return OpenAICompatibleProvider
    raise ValueError(f"provider {name!r} is not a model provider (the extractive summariser is separate)")


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection inside the block, for an SDK's import: it builds thousands
    of pydantic classes, none of them garbage, and the collections its allocations set off
    were a fifth of its time; on an appended session's run that import is the longest step.
    The collector is process-wide: other threads go without it for that second too."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def aiohttp_hidden() -> Iterator[None]:
    """Inside the block, this thread cannot import aiohttp.

    Both SDKs try to import aiohttp as they load, for an optional async transport
    (`DefaultAioHttpClient`) we never use; they fall back to a stub when it is missing. It is
    installed whenever s3fs is (the `s3` extra, which `make install` includes), and importing
    it is about a tenth of the SDK's import: on an appended session's run, 0.15 s of the
    longest step. Other threads, and this one after the block, import it as usual (s3fs
    needs it); when it is already imported the SDK simply uses it.
    test_providers fails once neither SDK imports aiohttp on load, and this can go."""
    finder = RefusedImport("aiohttp", "not imported with a model SDK", threading.get_ident())
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
