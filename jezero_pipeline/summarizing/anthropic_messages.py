"""The Anthropic Messages provider: one forced tool whose input schema is the answer's schema.

Its own module so that a run imports only the SDK its config names (anthropic alone takes ~3 s
of CPU to import, openai ~1.5 s).
"""

from __future__ import annotations

from typing import Any

import anthropic

from .model_provider import GatedSend, JezeroBackoff, ModelProvider, summarizer_error
from .prompt import ANTHROPIC_MAX_TOKENS, TOOL_DESCRIPTION, TOOL_NAME
from .results import SummarizerError


class _AnthropicClient(JezeroBackoff, anthropic.Anthropic):
    pass


class _HttpClient(GatedSend, anthropic.DefaultHttpxClient):
    pass


class AnthropicProvider(ModelProvider):
    """Messages API with one forced tool whose input schema is the answer's schema."""

    name = "anthropic"
    sdk = anthropic
    client_class = _AnthropicClient
    http_client_class = _HttpClient

    def _call(self, system: str, user: str, tool: str, schema: dict[str, Any], item: str) -> tuple[Any, int, int]:
        description = TOOL_DESCRIPTION if tool == TOOL_NAME else "Record the document's project."
        try:
            message = self._client.messages.create(
                model=self._cfg.model or "",
                max_tokens=ANTHROPIC_MAX_TOKENS,
                system=system,
                messages=[{"role": "user", "content": user}],
                tools=[{"name": tool, "description": description, "input_schema": schema}],
                tool_choice={"type": "tool", "name": tool},
            )
            blocks = [
                b
                for b in message.content
                if getattr(b, "type", None) == "tool_use" and getattr(b, "name", None) == tool
            ]
            usage = message.usage
        except (anthropic.APIError, ValueError, AttributeError, TypeError) as err:  # ValueError: body not JSON
            raise summarizer_error(err, self._cfg.timeout_seconds, anthropic) from err
        if not blocks:
            raise SummarizerError(
                f"malformed answer for {item}: no {tool} tool_use block "
                f"(stop_reason={getattr(message, 'stop_reason', None)})"
            )
        return (
            blocks[0].input,
            int(getattr(usage, "input_tokens", 0) or 0),
            int(getattr(usage, "output_tokens", 0) or 0),
        )
