"""What the providers' batch APIs share: the names of a batch's parts and of its outcomes.

A batch carries the very requests a direct call would send (`summary_params`: same tools,
system prompt, cache marker and user message), each with a `custom_id` of
`<submission>-<n>`: the submission id is ours, chosen before the batch exists, so a batch can
be recognised as ours after a crash (OpenAI also keeps it in the batch's `metadata`). Both
providers answer within 24 hours at half the direct price, and bill nothing for a request that
errored, expired or was cancelled.

The calls themselves are methods of each provider (anthropic_messages: `messages.batches`;
openai_chat: `files` + `batches`), on the same SDK client as its direct calls, with one
difference: creating a batch is never retried by the SDK (a retry after a lost answer could
create it twice); a failure whose outcome is unknown is settled by `batch_find` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .model_provider import Tokens
from .results import SummarizerError, SummaryResult

SUBMISSION_KEY = "jezero_submission"  # OpenAI: the batch metadata key holding our submission id
MAX_REQUESTS = 10_000  # per batch (Anthropic allows 100,000, OpenAI 50,000)
MAX_BYTES = 32 * 2**20  # per batch (Anthropic allows 256 MB, OpenAI 200 MB); memory held until submitted
FIND_SKEW_SECONDS = 600  # a batch created up to this long before our intent was written may be ours
UNSUPPORTED_STATUSES = {404, 405, 501}  # the server has no batch API (a local OpenAI-style server)
ENDED = ("succeeded", "errored", "expired", "canceled", "malformed")  # a request's outcomes


class BatchRefused(SummarizerError):
    """The provider answered that it did not create the batch (a 4xx): nothing was submitted."""


class BatchUnsure(SummarizerError):
    """The create call failed in a way that leaves open whether the batch exists (a timeout, a
    dropped connection, a 5xx): `batch_find` settles it, a new submission must not."""


@dataclass
class BatchState:
    provider_id: str
    status: str  # the provider's word: in_progress, ended; validating, completed, expired, cancelled...
    ended: bool  # every request has its outcome: the results can be read
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class BatchAnswer:
    custom_id: str
    outcome: str  # one of ENDED
    result: SummaryResult | None = None  # when succeeded
    error: str | None = None
    tokens: Tokens = Tokens()  # billed: a succeeded request (even a malformed answer)


@dataclass
class Found:
    provider_id: str | None = None  # the batch holding this submission
    unsure: bool = False  # a batch that may hold it cannot be checked yet (it is still running)


class BatchProvider(Protocol):
    name: str

    def summary_params(self, req: Any) -> dict[str, Any]: ...
    def batch_probe(self) -> bool: ...
    def batch_submit(self, submission: str, lines: list[tuple[str, dict[str, Any]]]) -> str: ...
    def batch_find(self, submission: str, since: float, count: int) -> Found: ...
    def batch_state(self, provider_id: str) -> BatchState: ...
    def batch_answers(self, provider_id: str) -> Any: ...  # Iterator[BatchAnswer]
    def batch_cancel(self, provider_id: str) -> None: ...


def custom_id(submission: str, n: int) -> str:
    """The n-th request of a submission (letters, digits and '-': both APIs accept it)."""
    return f"{submission}-{n}"


def create_error(err: Exception, sdk: Any) -> SummarizerError:
    """Why creating a batch failed: refused (a 4xx other than a timeout or rate limit's
    ambiguity does not create it) or unsure (anything else)."""
    status = getattr(err, "status_code", None)
    detail = str(getattr(err, "message", "") or err)[:300]
    if isinstance(err, sdk.APIStatusError) and status is not None and status < 500 and status not in (408, 409):
        return BatchRefused(f"batch refused: HTTP {status}: {detail}")
    return BatchUnsure(f"batch submission unconfirmed ({type(err).__name__}: {detail})")


def probe_answer(err: Exception, sdk: Any) -> bool:
    """False when the error says the server has no batch API; re-raised otherwise."""
    if isinstance(err, sdk.APIStatusError) and err.status_code in UNSUPPORTED_STATUSES:
        return False
    raise err


class BatchAnswers:
    """Mixin for the providers (before ModelProvider, whose `summary_result` it uses, and beside
    the provider's own `_tokens`): a billed answer as a BatchAnswer, a malformed one with its tokens."""

    def batch_answer(self, cid: str, response: Any) -> BatchAnswer:
        tokens = self._tokens(response)  # type: ignore[attr-defined]
        try:
            return BatchAnswer(cid, "succeeded", self.summary_result(response, cid), tokens=tokens)  # type: ignore[attr-defined]
        except SummarizerError as err:
            return BatchAnswer(cid, "malformed", error=str(err), tokens=tokens)
