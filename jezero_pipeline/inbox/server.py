"""`serve --inbox`: approved devices upload their agents' session files over HTTP.

    PUT  /inbox/v1/<agent>/<relpath>   store a file (Content-Encoding identity, gzip or zstd);
                                       with `X-Jezero-Append-Offset: N`, append to a transcript
    HEAD /inbox/v1/<agent>/<relpath>   the stored size and SHA-256 (X-Jezero-Size, X-Jezero-Sha256),
                                       so a device resumes where its last upload ended

Every request carries `Authorization: Bearer <device token>`; the token's SHA-256 must be an
approved, unrevoked device's (401 unknown, 403 revoked). Answers as Jezero gives them: 413
past `[inbox] max_mb` (the body is counted while it arrives and while it is decompressed),
415 for another encoding, 507 past the device's quota. A body is spooled to a hidden folder
of the inbox, then stored by `receive.store` in a worker thread. A refused body is read on and
dropped up to a bound before the answer (a lingering close, as nginx does), so a client still
sending sees the 413 instead of a broken pipe.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..config import Config
from .devices import Device, Registry
from .receive import UploadError, file_digest, store, target_path

SPOOL = ".spool"  # under the inbox; not a device name (device names are slugs)
DISCARD_BYTES, DISCARD_SECONDS = 64 * 1024 * 1024, 10.0  # what a refused body may still send before we close


async def discard(chunks: AsyncIterator[bytes]) -> None:
    """Read the rest of a refused body into nothing, within the bounds; then the connection may close."""
    seen = 0
    try:
        async with asyncio.timeout(DISCARD_SECONDS):
            async for chunk in chunks:
                seen += len(chunk)
                if seen > DISCARD_BYTES:
                    return
    except (TimeoutError, OSError, RuntimeError):
        return  # the client went away or the stream ended oddly: nothing left to be polite to


class InboxApp:
    """The upload endpoint over one config's `[inbox]`."""

    def __init__(self, cfg: Config):
        self.inbox = cfg.resolve(cfg.inbox.dir)
        self.registry = Registry(cfg.resolve(cfg.inbox.devices_file))
        self.max_bytes = int(cfg.inbox.max_mb * 1024 * 1024)
        self.quota = int(cfg.inbox.max_device_mb * 1024 * 1024) if cfg.inbox.max_device_mb else None

    def starlette(self) -> Starlette:
        return Starlette(routes=[Route("/inbox/v1/{agent}/{relpath:path}", self.handle, methods=["PUT", "HEAD"])])

    async def handle(self, request: Request) -> Response:
        try:
            device = self.authorize(request)
            target = target_path(self.inbox, device.name, request.path_params["agent"], request.path_params["relpath"])
            if request.method == "HEAD":
                if not target.is_file():
                    return Response(status_code=404)
                size, digest = await run_in_threadpool(file_digest, target)
                return Response(status_code=200, headers={"X-Jezero-Size": str(size), "X-Jezero-Sha256": digest})
            return await self.put(request, device, target)
        except UploadError as err:
            return JSONResponse({"error": str(err)}, status_code=err.status)

    def authorize(self, request: Request) -> Device:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        device = self.registry.device_for(token.strip() if scheme.lower() == "bearer" else None)
        if device is None:
            raise UploadError(401, "unknown device token")
        if not device.active:
            raise UploadError(403, f"device {device.name!r} was revoked")
        claimed = request.headers.get("x-jezero-device")
        if claimed and claimed != device.name:
            raise UploadError(403, f"this token belongs to another device than {claimed!r}")
        return device

    async def put(self, request: Request, device: Device, target: Path) -> Response:
        encoding = request.headers.get("content-encoding", "identity").strip().lower() or "identity"
        raw_offset = request.headers.get("x-jezero-append-offset")
        try:
            offset = int(raw_offset) if raw_offset is not None else None
        except ValueError:
            raise UploadError(400, "X-Jezero-Append-Offset must be a byte count") from None
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > self.max_bytes:
            await discard(request.stream())
            raise UploadError(413, f"body of {declared} bytes is over the upload cap of {self.max_bytes}")
        spool = self.inbox / SPOOL
        spool.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=spool, suffix=".body")
        spooled = Path(name)
        try:
            received = 0
            with os.fdopen(fd, "wb") as out:
                chunks = aiter(request.stream())
                async for chunk in chunks:
                    received += len(chunk)
                    if received > self.max_bytes:
                        await discard(chunks)
                        raise UploadError(413, f"body over the upload cap of {self.max_bytes} bytes")
                    out.write(chunk)
            done = await run_in_threadpool(
                store,
                spooled,
                encoding,
                target,
                self.inbox / device.name,
                max_bytes=self.max_bytes,
                quota=self.quota,
                offset=offset,
            )
        finally:
            spooled.unlink(missing_ok=True)
        body: dict[str, Any] = {"device": device.name, "size": done.size}
        if done.appended is not None:
            body["appended"] = done.appended
        return JSONResponse(body, status_code=200 if done.appended is not None else 201)


def serve_inbox(cfg: Config, host: str, port: int) -> None:
    """Serve the inbox until interrupted (the address printed once bound)."""
    from ..listen import serve_asgi, shown  # lazy: only the server needs uvicorn

    serve_asgi(InboxApp(cfg).starlette(), host, port, [f"inbox: http://{shown(host)}:{port}/inbox/v1/"])
