"""The OpenAI-compatible provider: chat completions with a json_schema response format.

Any base_url (local servers too). Its own module, as anthropic_messages, so a run imports
only the SDK its config names.
"""

from __future__ import annotations

from typing import Any

import openai

from .model_provider import GatedSend, JezeroBackoff, ModelProvider, summarizer_error
from .prompt import JSON_ONLY_SUFFIX
from .results import SummarizerError


class _OpenAIClient(JezeroBackoff, openai.OpenAI):
    pass


class _HttpClient(GatedSend, openai.DefaultHttpxClient):
    pass


class OpenAICompatibleProvider(ModelProvider):
    """Chat completions with a json_schema response format; any base_url (local servers too)."""

    name = "openai_compatible"
    sdk = openai
    client_class = _OpenAIClient
    http_client_class = _HttpClient

    def _call(self, system: str, user: str, tool: str, schema: dict[str, Any], item: str) -> tuple[Any, int, int]:
        try:
            completion = self._client.chat.completions.create(
                model=self._cfg.model or "",
                messages=[
                    {"role": "system", "content": system + JSON_ONLY_SUFFIX},
                    {"role": "user", "content": user},
                ],
                response_format={"type": "json_schema", "json_schema": {"name": tool, "schema": schema}},
            )
            content = completion.choices[0].message.content
            usage = completion.usage
        except (openai.APIError, ValueError, AttributeError, TypeError, IndexError) as err:
            raise summarizer_error(err, self._cfg.timeout_seconds, openai) from err
        if not isinstance(content, str) or not content.strip():
            raise SummarizerError(f"malformed answer for {item}: empty message content")
        return (content, int(getattr(usage, "prompt_tokens", 0) or 0), int(getattr(usage, "completion_tokens", 0) or 0))
