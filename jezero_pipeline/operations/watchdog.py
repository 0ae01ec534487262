"""The watchdog: tell someone when a connector goes wrong, and when it recovers.

`[watchdog] alert_webhook_env` names the environment variable holding a webhook URL: it gets a
JSON POST for each new problem, again every `realert_hours` while it lasts, and one when the
connector recovers. `heartbeat_url_env` names one holding an Uptime-Kuma-style push URL: it gets
a GET with `status=up` after each healthy check and `status=down` otherwise. Both URLs may hold
tokens, so they are secrets: they live in the environment, never in the config or a log line.
What was alerted is kept in `state/watchdog.json`, so a problem is announced once, not every
minute. A failed delivery is reported, never fatal.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..workspace import Workspace
from .health import health

TIMEOUT_SECONDS = 10


def watch(ws: Workspace, now: float | None = None) -> dict[str, Any]:
    """Check health, send what changed to the webhook and ping the heartbeat; what was sent."""
    now = time.time() if now is None else now
    ok, rows = health(ws, now)
    alerted: dict[str, Any] = ws.store.read_doc("state", "watchdog.json") or {}
    sent: list[dict[str, Any]] = []
    failures: list[str] = []
    webhook = _env(ws.cfg.watchdog.alert_webhook_env)
    realert = ws.cfg.watchdog.realert_hours * 3600
    for row in rows:
        name, before = row["connector"], alerted.get(row["connector"])
        if row["problems"]:
            fresh = before is None or before["problems"] != row["problems"]
            if fresh or now - before["at"] >= realert:
                message = {"status": "problem", "connector": name, "problems": row["problems"], "at": now}
                sent.append(message)
                alerted[name] = {"problems": row["problems"], "at": now}
        elif before is not None:
            sent.append({"status": "recovered", "connector": name, "problems": [], "at": now})
            alerted.pop(name)
    if webhook:
        for message in sent:
            failures += _deliver(ws, "webhook", webhook, json.dumps(message).encode())
    heartbeat = _env(ws.cfg.watchdog.heartbeat_url_env)
    if heartbeat:
        query = urllib.parse.urlencode({"status": "up" if ok else "down", "msg": "ok" if ok else "unhealthy"})
        failures += _deliver(ws, "heartbeat", f"{heartbeat}{'&' if '?' in heartbeat else '?'}{query}", None)
    ws.store.write_doc("state", "watchdog.json", obj=alerted)
    return {"ok": ok, "sent": sent, "failures": failures}


def _env(name: str | None) -> str | None:
    return os.environ.get(name) if name else None


def _deliver(ws: Workspace, what: str, url: str, body: bytes | None) -> list[str]:
    """POST `body` (GET when None); a failure comes back as one redacted line, never the URL."""
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                     headers={"Content-Type": "application/json"} if body else {})  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            response.read()
        return []
    except urllib.error.HTTPError as err:
        return [f"{what} delivery failed: HTTP {err.code}"]
    except (urllib.error.URLError, OSError) as err:
        reason = getattr(err, "reason", err)
        return [ws.redactor.redact(f"{what} delivery failed: {type(err).__name__}: {reason}")[0].replace(url, "<url>")]
