"""Serving an ASGI app (the search page, the MCP server, the inbox) on a host and port.

The socket is bound before anything is announced: a port in use or an address this machine
does not have fails with one line naming it (`CannotListen`), and the address printed is one
that answers. Uvicorn then serves on that socket until interrupted.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Any


class CannotListen(OSError):
    """The server could not bind its address; the message names it and why."""


def check_port(value: str) -> int:
    """A port number from the command line: 1 to 65535 (argparse `type`)."""
    import argparse  # lazy: only the command line parses ports

    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range (1 to 65535)")
    return port


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port), or CannotListen naming the address and the reason."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host.strip("[]"), port), family=family, reuse_port=False)
    except OSError as err:
        reason = os.strerror(err.errno) if err.errno else str(err)
        raise CannotListen(f"cannot listen on {shown(host)}:{port}: {reason}") from None


def shown(host: str) -> str:
    return f"[{host.strip('[]')}]" if ":" in host else host


def serve_asgi(app: Any, host: str, port: int, announce: list[str]) -> None:
    """Bind, print the `announce` lines (stderr), then serve `app` until interrupted."""
    import uvicorn  # lazy: only a serving process needs the server

    sock = bind(host, port)
    for line in announce:
        print(line, file=sys.stderr)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])
