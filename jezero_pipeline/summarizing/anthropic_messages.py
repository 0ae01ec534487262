"""The Anthropic Messages provider: one forced tool whose input schema is the answer's schema.

Its own module so that a run imports only the SDK its config names (anthropic alone takes about
a second of CPU to import, openai half that). The fixed part of every request comes first in the order the
API reads it (tools, then system) and, with `prompt_caching`, the system block carries
`cache_control`, which marks tools and system prompt together as one cacheable prefix. Batches
of the same requests go through `messages.batches` (batches.py says what they share).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anthropic

from .batches import FIND_SKEW_SECONDS, BatchAnswer, BatchAnswers, BatchState, Found, create_error, probe_answer
from .model_provider import GatedSend, JezeroBackoff, ModelProvider, Tokens
from .prompt import ANTHROPIC_MAX_TOKENS, TOOL_DESCRIPTION, TOOL_NAME
from .results import SummarizerError

CACHE_CONTROL = {"type": "ephemeral"}  # the 5-minute cache, refreshed by every read


class _AnthropicClient(JezeroBackoff, anthropic.Anthropic):
    pass


class _HttpClient(GatedSend, anthropic.DefaultHttpxClient):
    pass


class AnthropicProvider(BatchAnswers, ModelProvider):
    """Messages API with one forced tool whose input schema is the answer's schema."""

    name = "anthropic"
    sdk = anthropic
    client_class = _AnthropicClient
    http_client_class = _HttpClient

    def _params(self, system: str, user: str, tool: str, schema: dict[str, Any]) -> dict[str, Any]:
        description = TOOL_DESCRIPTION if tool == TOOL_NAME else "Record the document's project."
        system_param: Any = system
        if self._cfg.prompt_caching:
            system_param = [{"type": "text", "text": system, "cache_control": CACHE_CONTROL}]
        return {
            "model": self._cfg.model or "",
            "max_tokens": ANTHROPIC_MAX_TOKENS,
            "system": system_param,
            "messages": [{"role": "user", "content": user}],
            "tools": [{"name": tool, "description": description, "input_schema": schema}],
            "tool_choice": {"type": "tool", "name": tool},
        }

    def _send(self, params: dict[str, Any]) -> Any:
        return self._client.messages.create(**params)

    def _answer(self, message: Any, tool: str, item: str) -> tuple[Any, Tokens]:
        try:
            blocks = [
                b
                for b in message.content
                if getattr(b, "type", None) == "tool_use" and getattr(b, "name", None) == tool
            ]
        except (AttributeError, TypeError) as err:
            raise SummarizerError(f"malformed answer for {item}: {type(err).__name__}: {err}") from None
        if not blocks:
            raise SummarizerError(
                f"malformed answer for {item}: no {tool} tool_use block "
                f"(stop_reason={getattr(message, 'stop_reason', None)})"
            )
        return blocks[0].input, self._tokens(message)

    def _tokens(self, message: Any) -> Tokens:
        return usage_tokens(getattr(message, "usage", None))

    # Message Batches ---------------------------------------------------------------------------

    def batch_probe(self) -> bool:
        try:
            self._client.messages.batches.list(limit=1)
        except anthropic.APIError as err:
            return probe_answer(err, anthropic)
        return True

    def batch_submit(self, submission: str, lines: list[tuple[str, dict[str, Any]]]) -> str:
        once = self._client.with_options(max_retries=0)  # a retried create could make a second batch
        try:
            batch = once.messages.batches.create(requests=[{"custom_id": c, "params": p} for c, p in lines])
        except anthropic.APIError as err:
            raise create_error(err, anthropic) from err
        return batch.id

    def batch_find(self, submission: str, since: float, count: int) -> Found:
        """A batch carries no metadata here: the candidates are the batches created since the
        intent (newest first) with as many requests; an ended one is ours when its results' custom
        ids are; a running one cannot be read yet (unsure: look again later)."""
        unsure = False
        for batch in self._client.messages.batches.list(limit=100):
            if batch.created_at.timestamp() < since - FIND_SKEW_SECONDS:
                break
            if sum(_counts(batch).values()) != count:
                continue
            if batch.processing_status != "ended":
                unsure = True
                continue
            results = self._client.messages.batches.results(batch.id)
            try:
                first = next(iter(results), None)
            finally:
                results.http_response.close()
            if first is not None and first.custom_id.startswith(f"{submission}-"):
                return Found(batch.id)
        return Found(None, unsure)

    def batch_state(self, provider_id: str) -> BatchState:
        batch = self._client.messages.batches.retrieve(provider_id)
        return BatchState(provider_id, batch.processing_status, batch.processing_status == "ended", _counts(batch))

    def batch_answers(self, provider_id: str) -> Iterator[BatchAnswer]:
        for line in self._client.messages.batches.results(provider_id):
            result = line.result
            if result.type == "succeeded":
                yield self.batch_answer(line.custom_id, result.message)
            elif result.type == "errored":
                error = getattr(getattr(result.error, "error", None), "message", None) or str(result.error)
                yield BatchAnswer(line.custom_id, "errored", error=str(error)[:300])
            else:  # expired, canceled: never processed, never billed
                yield BatchAnswer(line.custom_id, result.type)

    def batch_cancel(self, provider_id: str) -> None:
        self._client.messages.batches.cancel(provider_id)


def _counts(batch: Any) -> dict[str, int]:
    c = batch.request_counts
    return {k: int(getattr(c, k, 0) or 0) for k in ("processing", "succeeded", "errored", "canceled", "expired")}


def usage_tokens(usage: Any) -> Tokens:
    """Anthropic counts input in three parts: after the last cache breakpoint (`input_tokens`),
    written to the cache and read from it; the total is their sum."""
    plain, written, read = (int(getattr(usage, k, 0) or 0) for k in
                            ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))  # fmt: skip
    return Tokens(plain + written + read, int(getattr(usage, "output_tokens", 0) or 0), read, written)
