"""What a provider returns or raises: kept apart from the SDKs so the offline summariser and
a no-change run never import them (the SDK imports alone cost seconds)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.calls import CallFailed
from ..models import Summary


class SummarizerError(CallFailed):
    """This segment failed; the message says why. The run records it and goes on."""


@dataclass
class SummaryResult:
    summary: Summary
    input_tokens: int  # every input token, those read from or written to the prompt cache among them
    output_tokens: int
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
