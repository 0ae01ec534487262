"""Commands for sessions that come from other machines: `push`, `device …`, and `serve --inbox`."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..config import Config
from ..inbox.devices import DeviceError, Registry
from ..text import is_loopback
from .common import FAILED, OK, CommandError, out

DEFAULT_TOKEN_ENV = "JEZERO_DEVICE_TOKEN"


def registry(cfg: Config) -> Registry:
    return Registry(cfg.resolve(cfg.inbox.devices_file))


def cmd_device(args: argparse.Namespace, cfg: Config) -> int:
    """approve | list | revoke | rotate the devices that may upload to this machine's inbox."""
    reg = registry(cfg)
    try:
        if args.action == "list":
            return _list(args, cfg, reg)
        if not args.name:
            raise CommandError(f"device {args.action} needs a NAME")
        if args.action == "revoke":
            device = reg.revoke(args.name)
            out(args, {"device": device.name, "revoked_at": device.revoked_at},
                f"revoked {device.name}: its token is refused from now on (its uploads stay)")  # fmt: skip
            return OK
        device, token = (reg.approve if args.action == "approve" else reg.rotate)(args.name, args.digest)
    except DeviceError as err:
        raise CommandError(str(err)) from None
    shown = {"device": device.name, "token_sha256": device.token_sha256}
    if token:
        shown["token"] = token
    text = f"{args.action}d {device.name} (token sha256 {device.token_sha256})"
    if token:
        text += f"\ntoken (shown once, store it on the device in ${DEFAULT_TOKEN_ENV}): {token}"
    out(args, shown, text)
    return OK


def _list(args: argparse.Namespace, cfg: Config, reg: Registry) -> int:
    from ..inbox.receive import usage  # lazy: only the listing sizes device folders

    inbox = cfg.resolve(cfg.inbox.dir)
    rows = [
        {
            "name": d.name,
            "active": d.active,
            "approved_at": d.approved_at,
            "rotated_at": d.rotated_at,
            "revoked_at": d.revoked_at,
            "bytes": usage(inbox / d.name) if (inbox / d.name).is_dir() else 0,
        }
        for d in sorted(reg.devices().values(), key=lambda d: d.name)
    ]
    text = "\n".join(f"{r['name']:<20} {'active ' if r['active'] else 'revoked'} {r['bytes']:>12} bytes" for r in rows)
    out(args, rows, text or "no device approved")
    return OK


def cmd_push(args: argparse.Namespace, cfg: Config) -> int:
    """Upload this machine's new and grown session files to another machine's inbox."""
    from ..inbox.push import Pusher, local_files  # lazy: zstd and the HTTP client load only to push

    token = os.environ.get(args.token_env)
    if not token:
        raise CommandError(f"push needs the device token in ${args.token_env} (see `device approve` on the host)")
    for name in args.connector or []:
        cfg.connector(name)
    files = local_files(cfg, args.connector or None)
    state = cfg.resolve(args.state) if args.state else cfg.staging_dir / "push" / f"{args.device}.json"
    if args.dry_run:
        out(
            args,
            [f"{f.agent.agent}/{f.relpath}" for f in files],
            "\n".join(f"{f.agent.agent}/{f.relpath}" for f in files),
        )
        return OK
    pusher = Pusher(args.url, args.device, token, state, max_kib_per_second=args.max_kib_per_second)
    report = pusher.push(files)
    body: dict[str, Any] = {k: getattr(report, k) for k in ("files", "unchanged", "replaced", "appended", "bytes_sent")}
    body["errors"] = report.errors
    out(args, body, " ".join(f"{k}={v}" for k, v in body.items() if k != "errors"))
    for e in report.errors:
        print(f"error: {e}", file=sys.stderr)
    return FAILED if report.errors else OK


def serve_inbox(args: argparse.Namespace, cfg: Config) -> int:
    """`serve --inbox`: the upload endpoint for approved devices."""
    from ..inbox.server import serve_inbox as serve  # lazy: Starlette and uvicorn load only to serve

    if not registry(cfg).devices():
        print("note: no device approved yet; `jezero-pipeline device approve NAME` makes one", file=sys.stderr)
    if not is_loopback(args.host):
        print(f"note: serving on {args.host} without TLS; put a TLS reverse proxy in front of it", file=sys.stderr)
    serve(cfg, args.host, args.port)
    return OK


def register(add: Any) -> None:
    d = add("device", cmd_device, "device approve|list|revoke|rotate: who may upload to this inbox")
    d.add_argument("action", choices=["approve", "list", "revoke", "rotate"], help="what to do")
    d.add_argument("name", nargs="?", help="the device (a lowercase slug)")
    d.add_argument("--digest", help="the token's SHA-256 when the device made its own token (else one is made)")

    p = add("push", cmd_push, "upload this machine's new and grown session files to an inbox")
    p.add_argument("--url", required=True, help="the inbox server, e.g. https://host:8765")
    p.add_argument("--device", required=True, help="this device's approved name")
    p.add_argument("--token-env", default=DEFAULT_TOKEN_ENV, help="env var holding this device's token")
    p.add_argument("--connector", action="append", help="only this connector's store (repeatable)")
    p.add_argument("--max-kib-per-second", type=float, default=1024, help="upload rate cap (0: none)")
    p.add_argument("--state", help="where to remember what was pushed (default staging/push/<device>.json)")
    p.add_argument("--dry-run", action="store_true", help="list the files it would consider; send nothing")


__all__ = ["register", "serve_inbox"]
