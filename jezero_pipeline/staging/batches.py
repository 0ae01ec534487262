"""The batches of summary requests a command submitted, one JSON document each under `batches/`.

A document is written (atomically, fsynced) before its batch is created, and again at each
step, so a crash at any point leaves it saying what was intended and how far it got:

    prepared ──create──► submitted ──ended──► landed        (its answers are in the journals)
        │  (unconfirmed: the create failed without an answer, or the command died after it)
        ├── found again by batch_find ──► submitted
        └── not found after UNCONFIRMED_GRACE_SECONDS ──► abandoned   (it never existed)
    prepared ──the provider refused it──► abandoned

While a document is prepared or submitted its segments are waiting: no run sends them again,
directly or in another batch. Once landed or abandoned, what got no answer (errored, expired,
cancelled, never created) goes back to the normal path. Landed and abandoned documents are
kept for a week (the `batches` command lists them), then deleted.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ..models import Partition
from .store import Store

FOLDER = "batches"
SUPPORT_FOLDER = "batch_support"  # one document per server without a batch API (said once)
WAITING = ("prepared", "submitted")
OPEN = (*WAITING, "ended")  # ended: its answers are being written to the journals
UNCONFIRMED_GRACE_SECONDS = 900  # a create whose answer was lost: a batch it made is listed by then
KEEP_SECONDS = 7 * 86400


@dataclass
class Request:
    """One request of a batch: the segment it summarises and how its row is written back."""

    part: str  # partition key
    segment_id: str
    content_hash: str
    project: str | None = None  # the segment's project hint (an answer without a project keeps it)


@dataclass
class BatchDoc:
    submission: str  # ours, decided before the batch exists: `<submission>-<n>` are its custom ids
    provider: str
    model: str
    endpoint: str  # the provider's base URL: another server's batches are not ours to poll
    generation: str  # the one its answers are stored under, whatever the config says by then
    resummarize: bool  # it re-summarised: what gets no answer is asked again in that mode
    requests: dict[str, Request]  # custom id -> request
    state: str = "prepared"
    prepared_at: float = field(default_factory=time.time)
    provider_id: str | None = None
    ended_at: float | None = None  # when it was first seen ended: the time of its answers
    status: str = ""  # the provider's last word on it
    counts: dict[str, int] = field(default_factory=dict)  # what the provider counts so far
    outcomes: dict[str, int] = field(default_factory=dict)  # succeeded, errored, expired, ... once ended
    landed: list[str] = field(default_factory=list)  # partitions whose answers are journalled
    input_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0  # what its answers cost, at the batch price, once landed
    error: str | None = None
    updated_at: float = field(default_factory=time.time)
    requested: bool = False  # runs of its partitions were requested (the Dagster sensor)

    @property
    def label(self) -> str:
        return f"{self.submission} ({self.provider_id})" if self.provider_id else self.submission

    def partitions(self) -> list[Partition]:
        return sorted({Partition.parse(r.part) for r in self.requests.values()})

    @classmethod
    def load(cls, data: dict[str, Any]) -> BatchDoc:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        values["requests"] = {k: Request(**v) for k, v in data.get("requests", {}).items()}
        return cls(**values)


def submission_id(generation: str, keys: Iterable[str]) -> str:
    """The same requests asked under the same generation get the same id (a re-run after a crash
    names the same submission); 20 hex characters."""
    h = hashlib.sha256(generation.encode())
    for key in sorted(keys):
        h.update(b"\n" + key.encode())
    return "jz" + h.hexdigest()[:18]


def save(store: Store, doc: BatchDoc) -> None:
    doc.updated_at = time.time()
    store.write_doc(FOLDER, f"{doc.submission}.json", obj=asdict(doc))


def load(store: Store, submission: str) -> BatchDoc | None:
    data = store.read_doc(FOLDER, f"{submission}.json")
    return BatchDoc.load(data) if isinstance(data, dict) else None


def all_docs(store: Store) -> list[BatchDoc]:
    """Every batch document, oldest first."""
    docs = []
    for name in store.list_docs(FOLDER):
        data = store.read_doc(FOLDER, name) if name.endswith(".json") else None
        if isinstance(data, dict):
            docs.append(BatchDoc.load(data))
    return sorted(docs, key=lambda d: d.prepared_at)


def open_docs(store: Store) -> list[BatchDoc]:
    return [d for d in all_docs(store) if d.state in OPEN]


def waiting(store: Store) -> dict[Partition, dict[str, BatchDoc]]:
    """partition -> content hash -> the batch it waits on (prepared or submitted)."""
    out: dict[Partition, dict[str, BatchDoc]] = {}
    for doc in all_docs(store):
        if doc.state in WAITING:
            for r in doc.requests.values():
                out.setdefault(Partition.parse(r.part), {})[r.content_hash] = doc
    return out


def prune(store: Store, now: float | None = None) -> int:
    """Delete landed and abandoned documents older than KEEP_SECONDS; how many."""
    now = time.time() if now is None else now
    old = [d for d in all_docs(store) if d.state not in OPEN and now - d.updated_at > KEEP_SECONDS]
    for doc in old:
        store.delete_doc(FOLDER, f"{doc.submission}.json")
    return len(old)


def support_key(provider: str, endpoint: str) -> str:
    return hashlib.sha256(f"{provider}\n{endpoint}".encode()).hexdigest()[:16] + ".json"


def unsupported(store: Store, provider: str, endpoint: str) -> bool:
    """The server was found to have no batch API (its document says when and why)."""
    return store.read_doc(SUPPORT_FOLDER, support_key(provider, endpoint)) is not None


def mark_unsupported(store: Store, provider: str, endpoint: str, reason: str) -> None:
    store.write_doc(SUPPORT_FOLDER, support_key(provider, endpoint),
                    obj={"provider": provider, "endpoint": endpoint, "reason": reason, "at": time.time()})  # fmt: skip
