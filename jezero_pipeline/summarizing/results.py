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
    input_tokens: int
    output_tokens: int
