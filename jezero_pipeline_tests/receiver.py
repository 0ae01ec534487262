"""A loopback HTTP receiver that records what it is sent (webhooks, heartbeats)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Receiver:
    def __init__(self, status: int = 200):
        self.status = status
        self.requests: list[dict[str, Any]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def _record(self, body: bytes) -> None:
                receiver.requests.append({"method": self.command, "path": self.path,
                                          "body": json.loads(body) if body else None})  # fmt: skip
                self.send_response(receiver.status)
                self.end_headers()

            def do_POST(self) -> None:
                self._record(self.rfile.read(int(self.headers.get("Content-Length") or 0)))

            def do_GET(self) -> None:
                self._record(b"")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def posts(self) -> list[dict[str, Any]]:
        return [r["body"] for r in self.requests if r["method"] == "POST"]

    def gets(self) -> list[str]:
        return [r["path"] for r in self.requests if r["method"] == "GET"]

    def __enter__(self) -> Receiver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
