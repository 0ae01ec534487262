"""The inbox server on 127.0.0.1 in a thread (uvicorn, as `serve --inbox` runs it), and host configs."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from jezero_pipeline.config import Config, load_config
from jezero_pipeline.inbox.server import InboxApp

HOST_CONFIG = """
[storage]
path = "library.duckdb"
staging_dir = "staging"
[summarizer]
provider = "extractive"
[inbox]
dir = "inbox"
devices_file = "devices.json"
max_mb = {max_mb}
{quota}
[[connectors]]
name = "uploads"
type = "inbox"
[connectors.options]
dir = "inbox"
settle_minutes = 0
min_chars = 10
"""


def host_config(workdir: Path, max_mb: float = 8, max_device_mb: float | None = None) -> Config:
    workdir.mkdir(parents=True, exist_ok=True)
    quota = f"max_device_mb = {max_device_mb}" if max_device_mb else ""
    (workdir / "jezero.toml").write_text(HOST_CONFIG.format(max_mb=max_mb, quota=quota))
    return load_config(workdir / "jezero.toml")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def inbox_server(cfg: Config) -> Iterator[str]:
    """Serve `cfg`'s inbox on a free loopback port; yields its base URL."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(InboxApp(cfg).starlette(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the inbox server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
