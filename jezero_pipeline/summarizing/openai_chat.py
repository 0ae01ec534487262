"""The OpenAI-compatible provider: chat completions with a json_schema response format.

Any base_url (local servers too). Its own module, as anthropic_messages, so a run imports
only the SDK its config names. OpenAI caches a request's longest prefix seen recently on its
own (from 1,024 tokens on, no marker, no charge to write) and reports the tokens it read as
`prompt_tokens_details.cached_tokens`: the fixed part (schema, system prompt) comes first, the
user message after it. Batches of the same requests go through `files` + `batches` (batches.py
says what they share); a server without them (404) is told apart by `batch_probe`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from .batches import (
    FIND_SKEW_SECONDS,
    SUBMISSION_KEY,
    BatchAnswer,
    BatchAnswers,
    BatchRefused,
    BatchState,
    Found,
    create_error,
    probe_answer,
)
from .model_provider import GatedSend, JezeroBackoff, ModelProvider, Tokens
from .prompt import JSON_ONLY_SUFFIX
from .results import SummarizerError

ENDPOINT = "/v1/chat/completions"
ENDED = ("completed", "failed", "expired", "cancelled")  # a batch's final statuses


class _OpenAIClient(JezeroBackoff, openai.OpenAI):
    pass


class _HttpClient(GatedSend, openai.DefaultHttpxClient):
    pass


class OpenAICompatibleProvider(BatchAnswers, ModelProvider):
    """Chat completions with a json_schema response format; any base_url (local servers too)."""

    name = "openai_compatible"
    sdk = openai
    client_class = _OpenAIClient
    http_client_class = _HttpClient

    def _params(self, system: str, user: str, tool: str, schema: dict[str, Any]) -> dict[str, Any]:
        return {
            "model": self._cfg.model or "",
            "messages": [
                {"role": "system", "content": system + JSON_ONLY_SUFFIX},
                {"role": "user", "content": user},
            ],
            "response_format": {"type": "json_schema", "json_schema": {"name": tool, "schema": schema}},
        }

    def _send(self, params: dict[str, Any]) -> Any:
        return self._client.chat.completions.create(**params)

    def _answer(self, completion: Any, tool: str, item: str) -> tuple[Any, Tokens]:
        try:
            content = completion.choices[0].message.content
        except (AttributeError, TypeError, IndexError) as err:
            raise SummarizerError(f"malformed answer for {item}: {type(err).__name__}: {err}") from None
        if not isinstance(content, str) or not content.strip():
            raise SummarizerError(f"malformed answer for {item}: empty message content")
        return content, self._tokens(completion)

    def _tokens(self, completion: Any) -> Tokens:
        return usage_tokens(getattr(completion, "usage", None))

    # Files + Batches -----------------------------------------------------------------------------

    def batch_probe(self) -> bool:
        try:
            self._client.batches.list(limit=1)
        except openai.APIError as err:
            return probe_answer(err, openai)
        return True

    def batch_submit(self, submission: str, lines: list[tuple[str, dict[str, Any]]]) -> str:
        body = "".join(json.dumps({"custom_id": c, "method": "POST", "url": ENDPOINT, "body": p}) + "\n"
                       for c, p in lines).encode()  # fmt: skip
        try:  # an upload that fails creates no batch (at worst an unused file)
            upload = self._client.files.create(file=(f"{submission}.jsonl", body, "application/jsonl"), purpose="batch")
        except openai.APIError as err:
            raise BatchRefused(f"batch input upload failed: {create_error(err, openai)}") from err
        once = self._client.with_options(max_retries=0)  # a retried create could make a second batch
        try:
            batch = once.batches.create(input_file_id=upload.id, endpoint=ENDPOINT, completion_window="24h",
                                        metadata={SUBMISSION_KEY: submission})  # fmt: skip
        except openai.APIError as err:
            raise create_error(err, openai) from err
        return batch.id

    def batch_find(self, submission: str, since: float, count: int) -> Found:
        """The batch whose metadata names this submission, among those created since the intent."""
        for batch in self._client.batches.list(limit=100):
            if batch.created_at < since - FIND_SKEW_SECONDS:
                break
            if (batch.metadata or {}).get(SUBMISSION_KEY) == submission:
                return Found(batch.id)
        return Found(None)

    def batch_state(self, provider_id: str) -> BatchState:
        batch = self._client.batches.retrieve(provider_id)
        c = batch.request_counts
        counts = {k: int(getattr(c, k, 0) or 0) for k in ("total", "completed", "failed")} if c else {}
        return BatchState(provider_id, batch.status, batch.status in ENDED, counts)

    def batch_answers(self, provider_id: str) -> Iterator[BatchAnswer]:
        """Every line of the output and error files; a request in neither (a cancelled or failed
        batch never ran it) has no answer."""
        batch = self._client.batches.retrieve(provider_id)
        for file_id in (batch.output_file_id, batch.error_file_id):
            if not file_id:
                continue
            for text in self._client.files.content(file_id).text.splitlines():
                if text.strip():
                    yield self._line_answer(json.loads(text))

    def _line_answer(self, line: dict[str, Any]) -> BatchAnswer:
        cid = str(line.get("custom_id"))
        response = line.get("response") or {}
        if response.get("status_code") == 200:
            try:
                completion = ChatCompletion.model_validate(response.get("body"))
            except ValueError as err:
                return BatchAnswer(cid, "malformed", error=f"malformed answer for {cid}: {str(err)[:200]}")
            return self.batch_answer(cid, completion)
        error = line.get("error") or (response.get("body") or {}).get("error") or {}
        outcome = "expired" if error.get("code") == "batch_expired" else "errored"
        return BatchAnswer(cid, outcome, error=str(error.get("message") or error)[:300])

    def batch_cancel(self, provider_id: str) -> None:
        self._client.batches.cancel(provider_id)


def usage_tokens(usage: Any) -> Tokens:
    """`prompt_tokens` counts every input token; the cached ones among them are in its details."""
    details = getattr(usage, "prompt_tokens_details", None)
    cached = int(getattr(details, "cached_tokens", 0) or 0)
    return Tokens(int(getattr(usage, "prompt_tokens", 0) or 0), int(getattr(usage, "completion_tokens", 0) or 0),
                  cached)  # fmt: skip
