"""A fake Paperclip API on 127.0.0.1, with faults on demand (429, 5xx, a slow answer, a bad page).

It answers the GET endpoints `sessions/paperclip.py` reads, pages issue listings by
`limit`/`offset`, wants `Authorization: Bearer <key>`, and logs every request (method, path,
query, time) so a test can see what was asked and when. Any other method is answered 405
and logged, so a test can prove the connector only ever reads.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

KEY = "pc_agent_test_key_not_secret_0123456789"


class FakePaperclip:
    def __init__(self, company: str = "cmp-1"):
        self.company = company
        self.issues: list[dict[str, Any]] = []
        self.comments: dict[str, list[dict[str, Any]]] = {}
        self.documents: dict[str, list[dict[str, Any]]] = {}
        self.interactions: dict[str, list[dict[str, Any]]] = {}
        self.projects = [{"id": "prj-1", "name": "Billing Service"}]
        self.agents = [{"id": "agt-1", "name": "CodexDev"}, {"id": "agt-2", "name": "Reviewer"}]
        # path -> what its next answers do: "ok", "429:<secs>", "503", "slow:<secs>", "bad" (cut JSON), "raw:<body>"
        self.faults: dict[str, deque[str]] = {}
        self.log: list[tuple[str, str, dict[str, list[str]], float]] = []
        self._server: ThreadingHTTPServer | None = None

    # state helpers -------------------------------------------------------------------------

    def add_issue(self, n: int, updated: str = "2026-06-01T10:00:00Z", **fields: Any) -> dict[str, Any]:
        issue = {
            "id": f"iss-{n}",
            "identifier": f"BIL-{n}",
            "title": f"Issue {n}",
            "status": "in_progress",
            "projectId": "prj-1",
            "assigneeAgentId": "agt-1",
            "createdByUserId": "usr-1",
            "description": f"Description of issue {n}.",
            "createdAt": "2026-06-01T09:00:00Z",
            "updatedAt": updated,
            **fields,
        }
        self.issues.append(issue)
        return issue

    def fault(self, path: str, *faults: str) -> None:
        self.faults.setdefault(path, deque()).extend(faults)

    def requests_to(self, path: str) -> list[float]:
        return [t for m, p, _, t in self.log if p == path and m == "GET"]

    # the server ----------------------------------------------------------------------------

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/api"

    def __enter__(self) -> FakePaperclip:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                fake._handle(self)

            def _refuse(self) -> None:
                fake.log.append((self.command, urlsplit(self.path).path, {}, time.monotonic()))
                self.send_response(405)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_POST = do_PUT = do_PATCH = do_DELETE = _refuse

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(h.path)
        path, query = parts.path, parse_qs(parts.query)
        self.log.append(("GET", path, query, time.monotonic()))
        if h.headers.get("Authorization") != f"Bearer {KEY}":
            return _send(h, 401, {"error": "unauthorized"})
        queued = self.faults.get(path)
        if queued:
            fault = queued.popleft()
            if fault.startswith("429"):
                return _send(h, 429, {"error": "slow down"}, {"Retry-After": fault.split(":", 1)[1]})
            if fault.startswith("slow:"):
                time.sleep(float(fault.split(":", 1)[1]))
            elif fault == "bad":
                return _send_raw(h, 200, b'{"items": [{"id": "iss-9", "updatedAt": ')
            elif fault.isdigit():
                return _send(h, int(fault), {"error": "server error"})
            elif fault.startswith("raw:"):
                return _send_raw(h, 200, fault[4:].encode("utf-8", "surrogateescape"))
        answer = self._answer(path, query)
        if answer is None:
            return _send(h, 404, {"error": "not found"})
        _send(h, 200, answer)

    def _answer(self, path: str, query: dict[str, list[str]]) -> Any:
        p = path.removeprefix("/api/").strip("/").split("/")
        if p == ["agents", "me"]:
            return {"id": "agt-1", "companyId": self.company, "name": "CodexDev"}
        if len(p) == 3 and p[0] == "companies" and p[1] == self.company:
            if p[2] == "issues":
                limit, offset = int(query.get("limit", ["50"])[0]), int(query.get("offset", ["0"])[0])
                rows = [{k: v for k, v in i.items() if k != "description"} for i in self.issues]
                return {"items": rows[offset : offset + limit]}
            if p[2] == "projects":
                return self.projects
            if p[2] == "agents":
                return self.agents
        if p[0] == "issues" and len(p) >= 2:
            issue = next((i for i in self.issues if i["id"] == p[1]), None)
            if issue is None:
                return None
            if len(p) == 2:
                return issue
            table = {"comments": self.comments, "documents": self.documents, "interactions": self.interactions}
            if len(p) == 3 and p[2] in table:
                return table[p[2]].get(p[1], [])
            if len(p) == 4 and p[2] == "documents":
                return next((d for d in self.documents.get(p[1], []) if d.get("key") == p[3]), None)
        return None


def _send(h: BaseHTTPRequestHandler, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
    _send_raw(h, status, json.dumps(body).encode(), headers)


def _send_raw(h: BaseHTTPRequestHandler, status: int, data: bytes, headers: dict[str, str] | None = None) -> None:
    try:
        h.send_response(status)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the client gave up (a timeout test)
