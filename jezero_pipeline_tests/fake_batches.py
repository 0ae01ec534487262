"""The fake model server's batch APIs: Anthropic Message Batches and OpenAI Files + Batches.

A batch is held as its requests; it ends `seconds` after it was created (None: only when a
test calls `end()`), and ending it answers every request as the direct routes would (the same
deterministic summary, the same usage and prompt cache, billed to its document once), except
that a request whose document holds an `expire_when` text expires, one matching a
`fail_when_contains` rule errors, and after a cancel only the first `cancel_keeps` requests
were answered, the rest are cancelled. `expire_all` ends a batch as expired. `openai_api=False`
answers 404 on the OpenAI batch routes (a server with chat completions and no batch API).

Anthropic: POST/GET /v1/messages/batches, GET /v1/messages/batches/{id},
POST …/{id}/cancel, GET …/{id}/results (JSONL). OpenAI: POST /v1/files (multipart, purpose
batch), GET /v1/files/{id}/content, POST/GET /v1/batches, GET /v1/batches/{id}, POST …/{id}/cancel.
"""

from __future__ import annotations

import collections
import itertools
import json
import re
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

if TYPE_CHECKING:
    from fake_model_server import FakeModelServer

ANTHROPIC_ROOT = "/v1/messages/batches"
OPENAI_PATHS = re.compile(r"^/v1/(files|batches)(/.*)?$")


@dataclass
class FakeBatch:
    id: str
    kind: str  # anthropic | openai
    requests: list[tuple[str, dict[str, Any]]]  # (custom_id, params)
    created: float
    ends_at: float | None
    metadata: dict[str, str] = field(default_factory=dict)
    input_file_id: str = ""
    cancel_at: float | None = None
    ended: float | None = None
    results: dict[str, dict[str, Any]] = field(default_factory=dict)  # custom_id -> outcome
    status: str = "in_progress"  # the OpenAI word once it ends: completed, expired, cancelled


class FakeBatches:
    def __init__(self, server: FakeModelServer):
        self.server = server
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.batches: dict[str, FakeBatch] = {}
            self.files: dict[str, bytes] = {}
            self.seconds: float | None = 0.0  # how long a batch takes (None: until end())
            self.expire_when: list[str] = []
            self.expire_all = False
            self.cancel_keeps = 0  # requests answered before a cancel took effect
            self.openai_api = True
            self.creates: collections.Counter[str] = collections.Counter()  # batches created, per API

    # test controls ----------------------------------------------------------------------------

    def end(self, batch_id: str | None = None) -> None:
        """End one batch (or every open one) now."""
        with self._lock:
            for b in self.batches.values():
                if batch_id in (None, b.id) and b.ended is None:
                    b.ends_at = time.time()
                    self._settle(b)

    def cancel(self, batch_id: str) -> None:
        with self._lock:
            b = self.batches[batch_id]
            if b.ended is None:
                b.cancel_at = time.time()

    # routing ------------------------------------------------------------------------------------

    def handles(self, path: str) -> bool:
        return path.startswith(ANTHROPIC_ROOT) or bool(OPENAI_PATHS.match(path))

    def handle(self, method: str, path: str, query: str, headers: dict[str, str], raw: bytes) -> tuple[int, Any]:
        """(status, JSON object, or bytes for a file or results stream)."""
        with self._lock:
            params = {k: v[0] for k, v in parse_qs(query).items()}
            if path.startswith(ANTHROPIC_ROOT):
                return self._anthropic(method, path[len(ANTHROPIC_ROOT) :].strip("/").split("/"), params, raw)
            if not self.openai_api:
                return 404, {"error": {"message": f"no route {path}", "type": "not_found"}}
            return self._openai(method, path[len("/v1/") :].strip("/").split("/"), params, headers, raw)

    def _anthropic(self, method: str, parts: list[str], params: dict[str, str], raw: bytes) -> tuple[int, Any]:
        if parts == [""] and method == "POST":
            body = json.loads(raw)
            reqs = [(r["custom_id"], r["params"]) for r in body["requests"]]
            b = self._create("anthropic", f"msgbatch_fake_{next(self._ids):04d}", reqs)
            return 200, self._anthropic_view(b)
        if parts == [""]:
            return 200, self._page([self._anthropic_view(b) for b in self._newest("anthropic")], params, "after_id")
        b = self.batches.get(parts[0])
        if b is None or b.kind != "anthropic":
            return 404, {"type": "error", "error": {"type": "not_found_error", "message": "no such batch"}}
        if parts[1:] == ["cancel"] and method == "POST":
            self.cancel(b.id)
            return 200, self._anthropic_view(b)
        if parts[1:] == ["results"]:
            self._refresh(b)
            if b.ended is None:
                return 400, {"type": "error", "error": {"type": "invalid_request_error", "message": "not ended"}}
            lines = [{"custom_id": cid, "result": self._anthropic_result(b.results[cid])} for cid, _ in b.requests]
            return 200, "".join(json.dumps(x) + "\n" for x in lines).encode()
        return 200, self._anthropic_view(b)

    def _openai(
        self, method: str, parts: list[str], params: dict[str, str], headers: dict[str, str], raw: bytes
    ) -> tuple[int, Any]:
        if parts[0] == "files":
            if method == "POST":
                content, name = _multipart_file(headers.get("content-type", ""), raw)
                fid = f"file-fake-{next(self._ids):04d}"
                self.files[fid] = content
                return 200, {"id": fid, "object": "file", "bytes": len(content), "created_at": int(time.time()),
                             "filename": name, "purpose": "batch", "status": "processed"}  # fmt: skip
            if len(parts) == 3 and parts[2] == "content" and parts[1] in self.files:
                return 200, self.files[parts[1]]
            return 404, {"error": {"message": "no such file", "type": "not_found"}}
        if len(parts) == 1 and method == "POST":
            body = json.loads(raw)
            lines = [json.loads(x) for x in self.files[body["input_file_id"]].decode().splitlines() if x.strip()]
            b = self._create("openai", f"batch_fake_{next(self._ids):04d}",
                             [(x["custom_id"], x["body"]) for x in lines])  # fmt: skip
            b.metadata, b.input_file_id = dict(body.get("metadata") or {}), body["input_file_id"]
            return 200, self._openai_view(b)
        if len(parts) == 1:
            return 200, self._page([self._openai_view(b) for b in self._newest("openai")], params, "after")
        b = self.batches.get(parts[1])
        if b is None or b.kind != "openai":
            return 404, {"error": {"message": "no such batch", "type": "not_found"}}
        if parts[2:] == ["cancel"] and method == "POST":
            self.cancel(b.id)
        return 200, self._openai_view(b)

    # lifecycle ---------------------------------------------------------------------------------

    def _create(self, kind: str, batch_id: str, reqs: list[tuple[str, dict[str, Any]]]) -> FakeBatch:
        now = time.time()
        ends = None if self.seconds is None else now + self.seconds
        b = self.batches[batch_id] = FakeBatch(batch_id, kind, reqs, now, ends)
        self.creates[kind] += 1
        return b

    def _newest(self, kind: str) -> list[FakeBatch]:
        found = [b for b in self.batches.values() if b.kind == kind]
        for b in found:
            self._refresh(b)
        return sorted(found, key=lambda b: (b.created, b.id), reverse=True)

    def _refresh(self, b: FakeBatch) -> None:
        now = time.time()
        if b.ended is None and (b.cancel_at is not None or (b.ends_at is not None and now >= b.ends_at)):
            self._settle(b)

    def _settle(self, b: FakeBatch) -> None:
        """Answer (or not) every request: the batch has ended."""
        b.ended = time.time()
        for i, (cid, params) in enumerate(b.requests):
            document, rule = self.server.inspect(params)
            if b.cancel_at is not None and i >= self.cancel_keeps:
                b.results[cid] = {"type": "canceled"}
            elif self.expire_all or any(t in document for t in self.expire_when):
                b.results[cid] = {"type": "expired"}
            elif rule is not None and rule != "ok":
                b.results[cid] = {"type": "errored", "message": f"injected {rule}"}
            else:
                body = self.server.answer(b.kind == "anthropic", params, i)
                b.results[cid] = {"type": "succeeded", "body": body}
        kinds = {r["type"] for r in b.results.values()}
        b.status = "cancelled" if b.cancel_at else "expired" if self.expire_all or kinds == {"expired"} else "completed"
        if b.kind == "openai":
            self._openai_files(b)

    def _openai_files(self, b: FakeBatch) -> None:
        out, err = [], []
        for cid, _ in b.requests:
            r = b.results[cid]
            if r["type"] == "succeeded":
                out.append({"id": f"batch_req_{cid}", "custom_id": cid, "error": None,
                            "response": {"status_code": 200, "request_id": cid, "body": r["body"]}})  # fmt: skip
            elif r["type"] == "errored":
                err.append({"id": f"batch_req_{cid}", "custom_id": cid, "error": None, "response": {
                    "status_code": 500, "request_id": cid, "body": {"error": {"message": r["message"]}}}})  # fmt: skip
            elif r["type"] == "expired":
                err.append({"id": f"batch_req_{cid}", "custom_id": cid, "response": None,
                            "error": {"code": "batch_expired", "message": "This request could not be executed "
                                      "before the completion window expired."}})  # fmt: skip
        for name, lines in (("output", out), ("error", err)):
            if lines:
                fid = f"file-fake-{next(self._ids):04d}"
                self.files[fid] = "".join(json.dumps(x) + "\n" for x in lines).encode()
                setattr(b, f"{name}_file_id", fid)

    # views ---------------------------------------------------------------------------------------

    def _counts(self, b: FakeBatch) -> collections.Counter[str]:
        return collections.Counter(r["type"] for r in b.results.values())

    def _anthropic_view(self, b: FakeBatch) -> dict[str, Any]:
        self._refresh(b)
        c = self._counts(b)
        status = "ended" if b.ended else "canceling" if b.cancel_at else "in_progress"
        return {
            "id": b.id, "type": "message_batch", "processing_status": status,
            "request_counts": {"processing": 0 if b.ended else len(b.requests), "succeeded": c["succeeded"],
                               "errored": c["errored"], "canceled": c["canceled"], "expired": c["expired"]},
            "created_at": _iso(b.created), "expires_at": _iso(b.created + 86400), "ended_at": _iso(b.ended),
            "cancel_initiated_at": _iso(b.cancel_at), "archived_at": None,
            "results_url": f"{self.server.base_url}{ANTHROPIC_ROOT}/{b.id}/results" if b.ended else None,
        }  # fmt: skip

    def _openai_view(self, b: FakeBatch) -> dict[str, Any]:
        self._refresh(b)
        c = self._counts(b)
        status = b.status if b.ended else "cancelling" if b.cancel_at else "in_progress"
        return {
            "id": b.id, "object": "batch", "endpoint": "/v1/chat/completions", "errors": None,
            "input_file_id": b.input_file_id, "completion_window": "24h", "status": status,
            "output_file_id": getattr(b, "output_file_id", None), "error_file_id": getattr(b, "error_file_id", None),
            "created_at": int(b.created), "in_progress_at": int(b.created), "expires_at": int(b.created + 86400),
            "completed_at": int(b.ended) if b.ended else None, "metadata": b.metadata,
            "request_counts": {"total": len(b.requests), "completed": c["succeeded"],
                               "failed": c["errored"] + c["expired"]},
        }  # fmt: skip

    @staticmethod
    def _page(items: list[dict[str, Any]], params: dict[str, str], cursor: str) -> dict[str, Any]:
        start = 0
        if params.get(cursor):
            ids = [x["id"] for x in items]
            start = ids.index(params[cursor]) + 1 if params[cursor] in ids else len(ids)
        limit = int(params.get("limit") or 20)
        page = items[start : start + limit]
        return {"object": "list", "data": page, "has_more": start + limit < len(items),
                "first_id": page[0]["id"] if page else None, "last_id": page[-1]["id"] if page else None}  # fmt: skip

    @staticmethod
    def _anthropic_result(r: dict[str, Any]) -> dict[str, Any]:
        if r["type"] == "succeeded":
            return {"type": "succeeded", "message": r["body"]}
        if r["type"] == "errored":
            return {"type": "errored", "error": {"type": "error", "error": {"type": "api_error",
                                                                             "message": r["message"]}}}  # fmt: skip
        return {"type": r["type"]}


def _iso(t: float | None) -> str | None:
    return None if t is None else datetime.fromtimestamp(t, UTC).isoformat().replace("+00:00", "Z")


def _multipart_file(content_type: str, raw: bytes) -> tuple[bytes, str]:
    """The `file` part of a multipart/form-data body, and its file name."""
    boundary = content_type.split("boundary=", 1)[1].strip('"').encode()
    for part in raw.split(b"--" + boundary):
        head, _, body = part.partition(b"\r\n\r\n")
        if b'name="file"' in head:
            name = re.search(rb'filename="([^"]*)"', head)
            return body.removesuffix(b"\r\n"), (name.group(1).decode() if name else "upload")
    raise ValueError("multipart body without a file part")
