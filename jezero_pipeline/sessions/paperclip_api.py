"""A GET-only JSON client for the Paperclip task board's HTTP API, patient with a busy server.

Only GET exists here: the connector can never change the board. A 429 waits for its
`Retry-After` (seconds or an HTTP date, capped), a 5xx or a timeout is retried with backoff,
and anything else (a 4xx, a page that is not JSON, a refused connection after the retries)
becomes a `PaperclipError` naming the URL, never the API key.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from email.utils import parsedate_to_datetime
from typing import Any

from ..text import mask_url

MAX_RETRY_AFTER = 120.0  # a server asking for longer is waited for this long, then asked again
MAX_BODY_BYTES = 64 * 1024 * 1024


class PaperclipError(Exception):
    """The API did not answer usefully; the message names the URL and the reason."""


class PaperclipClient:
    def __init__(
        self,
        api_url: str,
        api_key: str | None,
        *,
        timeout: float = 30.0,
        retries: int = 4,
        backoff: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.api_url = api_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.sleep = sleep
        self.requests = 0  # GETs sent, retries included

    def url(self, path: str, params: dict[str, Any] | None = None) -> str:
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        return f"{self.api_url}/{path.lstrip('/')}{query}"

    def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        """The JSON answer of `GET <api_url>/<path>?<params>`."""
        url = self.url(path, params)
        headers = {"Accept": "application/json", "User-Agent": "jezero-pipeline"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        attempt = 0
        while True:
            attempt += 1
            self.requests += 1
            wait: float | None = None
            try:
                request = urllib.request.Request(url, headers=headers, method="GET")
                with urllib.request.urlopen(request, timeout=self.timeout) as resp:
                    body = resp.read(MAX_BODY_BYTES + 1)
                if len(body) > MAX_BODY_BYTES:
                    raise PaperclipError(f"GET {mask_url(url)}: answer over {MAX_BODY_BYTES // (1024 * 1024)} MiB")
                try:
                    return json.loads(body.decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError) as err:
                    raise PaperclipError(f"GET {mask_url(url)}: not JSON ({err})") from None
            except urllib.error.HTTPError as err:
                if err.code == 429:
                    wait = retry_after(err.headers.get("Retry-After"), self._backoff(attempt))
                elif err.code >= 500:
                    wait = self._backoff(attempt)
                else:
                    raise PaperclipError(f"GET {mask_url(url)}: HTTP {err.code} {err.reason}") from None
                reason = f"HTTP {err.code}"
            except TimeoutError:
                wait, reason = self._backoff(attempt), f"timed out after {self.timeout:g} s"
            except urllib.error.URLError as err:
                timed_out = isinstance(err.reason, TimeoutError)
                wait, reason = self._backoff(attempt), "timed out" if timed_out else str(err.reason)
            except OSError as err:  # reset or refused mid-answer
                wait, reason = self._backoff(attempt), str(err)
            if attempt > self.retries:
                raise PaperclipError(f"GET {mask_url(url)}: {reason}, gave up after {attempt} attempts")
            self.sleep(wait)

    def _backoff(self, attempt: int) -> float:
        return min(self.backoff * 2 ** (attempt - 1), 60.0)


def retry_after(value: str | None, default: float) -> float:
    """Seconds a `Retry-After` header asks for (delta seconds or an HTTP date), capped."""
    if not value:
        return default
    try:
        return min(max(float(value.strip()), 0.0), MAX_RETRY_AFTER)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return default
    return min(max(when.timestamp() - time.time(), 0.0), MAX_RETRY_AFTER)
