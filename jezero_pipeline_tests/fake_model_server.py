"""A fake model server on 127.0.0.1 speaking the Anthropic Messages and OpenAI chat wire formats.

Tests and benchmarks point the real SDKs (ours and Jezero's) at it, so retries, timeouts and
parsing run for real without network or cost. Answers are deterministic summaries derived
from the <document> text (title from the first user line, errors and commands copied as
atoms); latency, injected failures, counters and a request-body log are configurable.

    with FakeModelServer(latency=0.2) as srv:
        srv.plan(["429:0.05", "ok"])            # next requests, in arrival order
        srv.fail_when_contains("FAIL-ME", "500")  # every request whose document has it
        ...  # point a client at srv.anthropic_base_url or srv.openai_base_url
        srv.calls["/v1/messages"], srv.max_in_flight, srv.request_bodies

    python -m jezero_pipeline_tests.fake_model_server --port 0 --latency 0.2 [--log FILE]   # prints its URL

Routes: POST /v1/messages (Anthropic), POST /v1/chat/completions and /chat/completions
(OpenAI), POST /v1/embeddings (OpenAI embeddings: a deterministic bag-of-words vector per
input, `fake_embedding`), GET /stats (calls per path, max_in_flight as JSON), POST /stats/reset, and both
providers' batch APIs (fake_batches.py: `srv.batches`). Usage reports the prompt cache as the
providers do (fake_cache.py: `srv.cache.min_tokens`), and `srv.paid` counts the answers paid
for per document, direct or batched (`srv.paid_twice` lists any paid more than once).

Outcomes: "ok"; an HTTP status such as "500", "503", "400" (error body in the provider's
format); "429" (retry-after: 1) or "429:<seconds>"; "timeout" (hang `hang_seconds`, longer
than any test's client timeout); "drop" (close the connection without answering);
"malformed" (200 with a non-JSON body); "no_title" (a valid answer without a title); or
{"answer": obj} to send obj as the tool input / message content.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import itertools
import json
import re
import signal
import sys
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

try:  # beside it in the tests' folder (pytest's import path), or in the package `python -m` runs
    from fake_batches import FakeBatches
    from fake_cache import PromptCache
except ModuleNotFoundError:
    from jezero_pipeline_tests.fake_batches import FakeBatches
    from jezero_pipeline_tests.fake_cache import PromptCache

ANTHROPIC_PATH = "/v1/messages"
OPENAI_PATHS = ("/v1/chat/completions", "/chat/completions")
EMBEDDINGS_PATH = "/v1/embeddings"
EMBEDDING_DIMS = 64
TOOL_NAME = "record_summary"

_DOCUMENT = re.compile(r"<document>\n(.*)\n</document>", re.S)
_ROLE_PREFIX = re.compile(r"^(?:\[[^\]]*\]\s*)?(?:user|assistant)\s*:\s*", re.I)
_USER_LINE = re.compile(r"^(?:\[[^\]]*\]\s*)?user\s*:\s*(.+)", re.I)
_ERROR_LINE = re.compile(r"Error|error:|Traceback")
_COMMAND_LINE = re.compile(  # as the connectors render them: "[ts] assistant: shell: make test"
    r"^(?:\[[^\]]*\]\s*)?(?:(?:user|assistant):\s*)?"
    r"(?:tool call: (?:Bash|shell|exec_command|run_shell_command|execute_command)\b|shell:|\(command\)|\$ )"
)
_MAX_ATOM_CHARS = 300


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: str


# --- the deterministic answer -------------------------------------------------------------


def document_of(body: dict[str, Any]) -> str:
    """The text between <document> tags in the request's last user message ('' if none)."""
    for message in reversed(body.get("messages") or []):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, list):
            content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
        match = _DOCUMENT.search(content or "") if isinstance(content, str) else None
        return match.group(1) if match else (content if isinstance(content, str) else "")
    return ""


def fake_summary(document: str) -> dict[str, Any]:
    """A deterministic five-field answer; copies only short lines, never the whole document."""
    lines = [line.strip() for line in document.splitlines() if line.strip()]
    first = next((m.group(1) for m in map(_USER_LINE.match, lines) if m), lines[0] if lines else "")
    words = _ROLE_PREFIX.sub("", first).split()
    title = " ".join(words[:8])[:120] or "Untitled session"
    atoms: list[dict[str, str]] = []
    seen: set[str] = set()
    for line in lines:
        line = _ROLE_PREFIX.sub("", line)
        error = _ERROR_LINE.search(line)
        kind = "error" if error else "command" if _COMMAND_LINE.match(line) else None
        start = max(0, error.start() - 100) if error and len(line) > _MAX_ATOM_CHARS else 0
        text = line[start : start + _MAX_ATOM_CHARS]  # a long line keeps the part around the error
        if kind and text not in seen and len(atoms) < 12:
            seen.add(text)
            atoms.append({"kind": kind, "text": text})
    n_err = sum(a["kind"] == "error" for a in atoms)
    return {
        "title": title,
        "summary": (
            f"The user asked about {title}. The session has {len(lines)} lines, with "
            f"{n_err} error lines and {len(atoms) - n_err} command lines kept as atoms."
        ),
        "questions": [
            f"How was {title} done?",
            f"Which errors came up in {title}?",
            f"Which commands were run for {title}?",
        ],
        "atoms": atoms,
        "project": None,
    }


def fake_embedding(text: str, dims: int = EMBEDDING_DIMS) -> list[float]:
    """A deterministic vector: each lowercase word adds 1 to a dimension picked by its hash, so
    texts sharing words are near each other (unnormalised: the client normalises)."""
    import hashlib

    v = [0.0] * dims
    for w in re.findall(r"[a-z0-9]+", text.lower()):
        v[int.from_bytes(hashlib.sha256(w.encode()).digest()[:4], "big") % dims] += 1.0
    return v if any(v) else [1.0] + [0.0] * (dims - 1)


def _restricted_to_schema(answer: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """Only the properties the request's json_schema names, as a schema-following server would."""
    fmt = body.get("response_format") or {}
    schema = (fmt.get("json_schema") or {}).get("schema") if isinstance(fmt, dict) else None
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict):
        return answer
    return {k: answer.get(k) for k in props}


# --- the server ----------------------------------------------------------------------------


class FakeModelServer:
    """A threaded HTTP server in a background thread; use as a context manager."""

    def __init__(
        self,
        latency: float = 0.0,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        log_path: str | Path | None = None,
        hang_seconds: float = 10.0,
    ):
        self.latency = latency
        self.hang_seconds = hang_seconds
        self.error_message: str | None = None  # the text of injected errors (default: 'injected HTTP <status>')
        self.log_path = Path(log_path) if log_path else None
        self._host, self._port = host, port
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._plan: collections.deque[Any] = collections.deque()
        self._rules: list[tuple[str, Any]] = []
        self._ids = itertools.count(1)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.cache = PromptCache()  # `cache.min_tokens`: the shortest prefix a provider caches
        self.batches = FakeBatches(self)
        self.reset()

    # configuration
    def plan(self, outcomes: list[Any]) -> None:
        """Queue outcomes for the next requests, in arrival order; afterwards requests succeed."""
        for outcome in outcomes:
            _check_outcome(outcome)
        with self._lock:
            self._plan.extend(outcomes)

    def fail_when_contains(self, substring: str, outcome: Any = "500") -> None:
        """Every request whose document contains `substring` gets `outcome` (checked before the plan)."""
        _check_outcome(outcome)
        with self._lock:
            self._rules.append((substring, outcome))

    def reset(self) -> None:
        """Clear counters, the request log, the plan and the rules."""
        with self._lock:
            self.calls: collections.Counter[str] = collections.Counter()
            self.requests: list[RecordedRequest] = []
            self.in_flight = getattr(self, "in_flight", 0)  # requests still running stay counted
            self.max_in_flight = self.in_flight
            self._plan.clear()
            self._rules.clear()
            self.paid: collections.Counter[str] = collections.Counter()  # 200 answers per document digest
        self.cache.reset()
        self.batches.reset()

    def clear_rules(self) -> None:
        with self._lock:
            self._rules.clear()

    def bill(self, model: str, document: str) -> None:
        """One answer was paid for (a direct 200 or a batch's succeeded request), per model and
        document: the same document summarised by another model is another answer."""
        with self._lock:
            self.paid[hashlib.sha256(f"{model}\n{document}".encode()).hexdigest()[:16]] += 1

    def inspect(self, body: dict[str, Any]) -> tuple[str, Any]:
        """A request's document and the rule it matches (None: no rule)."""
        document = document_of(body)
        with self._lock:
            return document, next((o for sub, o in self._rules if sub in document), None)

    def answer(self, anthropic_format: bool, body: dict[str, Any], n: int) -> dict[str, Any]:
        """The successful answer to a request (a batch's), billed like a direct one."""
        return success_body(self, anthropic_format, body, fake_summary(document_of(body)), n)

    # observation
    @property
    def paid_twice(self) -> dict[str, int]:
        """Documents answered (and paid) more than once."""
        return {k: n for k, n in self.paid.items() if n > 1}

    @property
    def total_calls(self) -> int:
        return sum(self.calls.values())

    @property
    def request_bodies(self) -> list[str]:
        return [r.body for r in self.requests]

    def request_json(self, index: int = -1) -> dict[str, Any]:
        return json.loads(self.requests[index].body)

    def stats(self) -> dict[str, Any]:
        with self._lock:
            return {
                "calls": dict(self.calls),
                "total_calls": sum(self.calls.values()),
                "in_flight": self.in_flight,
                "max_in_flight": self.max_in_flight,
                "latency": self.latency,
            }

    # lifecycle
    @property
    def base_url(self) -> str:
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def anthropic_base_url(self) -> str:
        return self.base_url  # the SDK appends /v1/messages

    @property
    def openai_base_url(self) -> str:
        return self.base_url + "/v1"  # the SDK appends /chat/completions

    def start(self) -> FakeModelServer:
        self._stopping.clear()
        self._httpd = ThreadingHTTPServer((self._host, self._port), _make_handler(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-model-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes hanging and sleeping handlers
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeModelServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # request handling (called from handler threads)
    def _record(self, path: str, headers: dict[str, str], raw: bytes) -> None:
        body = raw.decode("utf-8", "replace")
        with self._lock:
            self.calls[path] += 1
            self.requests.append(RecordedRequest(path, headers, body))
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            if self.log_path:
                with self.log_path.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"path": path, "body": body}, ensure_ascii=False) + "\n")

    def _done(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def _outcome(self, document: str) -> Any:
        with self._lock:
            for substring, outcome in self._rules:
                if substring in document:
                    return outcome
            return self._plan.popleft() if self._plan else "ok"

    def _wait(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


_NAMED_OUTCOMES = ("ok", "timeout", "drop", "malformed", "no_title")
_STATUS_OUTCOME = re.compile(r"\d{3}(:[\d.]+)?")


def _check_outcome(outcome: Any) -> None:
    if isinstance(outcome, dict) and "answer" in outcome:
        return
    if not (outcome in _NAMED_OUTCOMES or (isinstance(outcome, str) and _STATUS_OUTCOME.fullmatch(outcome))):
        raise ValueError(
            f"unknown fake-server outcome {outcome!r}; use one of {_NAMED_OUTCOMES}, "
            "an HTTP status like '500', '429:0.5', or {'answer': ...}"
        )


def _error_body(anthropic_format: bool, status: int, message: str | None = None) -> dict[str, Any]:
    kind = {429: "rate_limit_error", 400: "invalid_request_error", 401: "authentication_error"}.get(status, "api_error")
    message = message or f"injected HTTP {status}"
    if anthropic_format:
        return {"type": "error", "error": {"type": kind, "message": message}}
    return {"error": {"message": message, "type": kind, "code": None}}


def success_body(server: FakeModelServer, anthropic_format: bool, body: dict[str, Any], answer: Any,
                 n: int) -> dict[str, Any]:  # fmt: skip
    """A 200 answer in the provider's format, its usage from the prompt cache; billed to its document."""
    model = str(body.get("model", "fake-model"))
    use = server.cache.usage(body, anthropic_format)
    server.bill(model, document_of(body))
    if anthropic_format:
        output_tokens = max(1, len(json.dumps(answer)) // 4)
        choice = body.get("tool_choice")
        tool = choice.get("name", TOOL_NAME) if isinstance(choice, dict) else TOOL_NAME  # the forced tool
        return {
            "id": f"msg_fake_{n}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "tool_use", "id": f"toolu_fake_{n}", "name": tool, "input": answer}],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {
                "input_tokens": use["input"] - use["cache_read"] - use["cache_write"],
                "cache_creation_input_tokens": use["cache_write"],
                "cache_read_input_tokens": use["cache_read"],
                "output_tokens": output_tokens,
            },
        }
    if isinstance(answer, dict) and "title" in answer:
        answer = _restricted_to_schema(answer, body)
    content = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    output_tokens = max(1, len(content) // 4)
    return {
        "id": f"chatcmpl-fake-{n}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": use["input"],
            "completion_tokens": output_tokens,
            "total_tokens": use["input"] + output_tokens,
            "prompt_tokens_details": {"cached_tokens": use["cache_read"]},
        },
    }


def _make_handler(server: FakeModelServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, like a real API; SDK pools reuse connections
        disable_nagle_algorithm = True  # else headers and body, written apart, wait ~40 ms for an ACK

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _send(self, status: int, payload: bytes, headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            if "content-type" not in (headers or {}):
                self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(payload)

        def _send_json(self, status: int, obj: Any, headers: dict[str, str] | None = None) -> None:
            self._send(status, json.dumps(obj, ensure_ascii=False).encode("utf-8"), headers)

        def _batches(self, method: str, raw: bytes) -> bool:
            path, _, query = self.path.partition("?")
            if not server.batches.handles(path):
                return False
            headers = {k.lower(): v for k, v in self.headers.items()}
            status, payload = server.batches.handle(method, path, query, headers, raw)
            if isinstance(payload, bytes):
                self._send(status, payload, {"content-type": "application/octet-stream"})
            else:
                self._send_json(status, payload)
            return True

        def do_GET(self) -> None:
            if self.path.rstrip("/") == "/stats":
                self._send_json(200, server.stats())
            elif not self._batches("GET", b""):
                self._send_json(404, {"error": {"message": f"no route {self.path}"}})

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            path = self.path.split("?", 1)[0]
            if self._batches("POST", raw):
                return
            if path == "/stats/reset":
                server.reset()
                self._send_json(200, server.stats())
                return
            if path == EMBEDDINGS_PATH:
                server._record(path, {k.lower(): v for k, v in self.headers.items()}, raw)
                try:
                    self._embeddings(raw)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    server._done()
                return
            if path != ANTHROPIC_PATH and path not in OPENAI_PATHS:
                self._send_json(404, {"error": {"message": f"no route {path}"}})
                return
            server._record(path, {k.lower(): v for k, v in self.headers.items()}, raw)
            try:
                self._answer(path == ANTHROPIC_PATH, raw)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (its timeout), as a real client would
            finally:
                server._done()

        def _embeddings(self, raw: bytes) -> None:
            try:
                body = json.loads(raw)
            except ValueError:
                self._send_json(400, _error_body(False, 400))
                return
            texts = body.get("input")
            texts = [texts] if isinstance(texts, str) else list(texts or [])
            outcome = server._outcome("\n".join(str(t) for t in texts))
            server._wait(server.latency)
            if isinstance(outcome, dict) and "answer" in outcome:
                self._send_json(200, outcome["answer"])
                return
            if self._fault(str(outcome), anthropic_format=False) is None:
                return
            dims = int(body.get("dimensions") or EMBEDDING_DIMS)
            data = [{"object": "embedding", "index": i, "embedding": fake_embedding(str(t), dims)}
                    for i, t in enumerate(texts)]  # fmt: skip
            tokens = sum(len(str(t).split()) for t in texts)
            self._send_json(200, {"object": "list", "data": data, "model": str(body.get("model", "fake")),
                                  "usage": {"prompt_tokens": tokens, "total_tokens": tokens}})  # fmt: skip

        def _fault(self, outcome: str, anthropic_format: bool) -> str | None:
            """The outcomes every endpoint answers alike: a hang (then an answer), a dropped
            connection, a body that is not JSON, an HTTP error status. Returns the outcome left
            for the endpoint to answer ("ok" or "no_title"), or None when it was answered here."""
            if outcome == "timeout":
                server._wait(server.hang_seconds)
                return "ok"
            if outcome in ("ok", "no_title"):
                return outcome
            if outcome == "drop":
                self.close_connection = True
                self.connection.shutdown(2)
            elif outcome == "malformed":
                self._send(200, b'{"this is": not JSON')
            elif _STATUS_OUTCOME.fullmatch(outcome):
                status, _, retry_after = outcome.partition(":")
                headers = {"retry-after": retry_after or "1"} if status == "429" else {}
                self._send_json(int(status), _error_body(anthropic_format, int(status), server.error_message), headers)
            else:
                raise ValueError(f"unknown fake-server outcome {outcome!r}")
            return None

        def _answer(self, anthropic_format: bool, raw: bytes) -> None:
            try:
                body = json.loads(raw)
            except ValueError:
                self._send_json(400, _error_body(anthropic_format, 400))
                return
            document = document_of(body)
            outcome = server._outcome(document)
            server._wait(server.latency)
            n = next(server._ids)
            if isinstance(outcome, dict) and "answer" in outcome:
                self._send_json(200, success_body(server, anthropic_format, body, outcome["answer"], n))
                return
            left = self._fault(str(outcome), anthropic_format)
            if left is None:
                return
            answer = fake_summary(document)
            if left == "no_title":
                del answer["title"]
            self._send_json(200, success_body(server, anthropic_format, body, answer, n))

    return Handler


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per call")
    parser.add_argument("--hang-seconds", type=float, default=10.0, help="how long a 'timeout' outcome hangs")
    parser.add_argument("--log", help="append every request body (one JSON line each) to this file")
    parser.add_argument(
        "--fail-contains",
        action="append",
        default=[],
        metavar="TEXT[=OUTCOME]",
        help="fail every request whose document contains TEXT (default outcome 500)",
    )
    args = parser.parse_args(argv)
    srv = FakeModelServer(
        args.latency, host=args.host, port=args.port, log_path=args.log, hang_seconds=args.hang_seconds
    )
    for rule in args.fail_contains:
        text, _, outcome = rule.partition("=")
        srv.fail_when_contains(text, outcome or "500")
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    signal.signal(signal.SIGINT, lambda *_: done.set())
    with srv:
        print(srv.base_url, flush=True)
        done.wait()
    print(json.dumps(srv.stats()), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
