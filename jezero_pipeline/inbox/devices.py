"""The approved devices: a name and the SHA-256 of its token, never the token itself.

Kept in one JSON file (`[inbox] devices_file`), rewritten atomically under a lock, and read
by the server on every request whose file changed, so a revocation takes effect at once.
A token is 32 random bytes (URL-safe base64); a request's token is hashed and compared in
constant time with each approved digest.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..staging.locks import file_lock
from ..staging.store import read_json, write_json_atomic

DEVICE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
DIGEST = re.compile(r"[0-9a-f]{64}")


class DeviceError(ValueError):
    """A device command cannot go on (unknown name, bad digest…); the message says why."""


@dataclass
class Device:
    name: str
    token_sha256: str
    approved_at: str
    rotated_at: str | None = None
    revoked_at: str | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


class Registry:
    """The devices file: load, change under a lock, find the device a token belongs to."""

    def __init__(self, path: Path):
        self.path = path
        self._cache: tuple[tuple[int, float], dict[str, Device]] | None = None

    def devices(self) -> dict[str, Device]:
        """name -> device, re-read only when the file's size or mtime moved."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return {}
        stamp = (st.st_size, st.st_mtime)
        if self._cache is None or self._cache[0] != stamp:
            raw = read_json(self.path)
            rows = raw.get("devices", []) if isinstance(raw, dict) else []
            found = {}
            for row in rows:
                try:
                    found[row["name"]] = Device(**row)
                except (TypeError, KeyError):
                    continue
            self._cache = (stamp, found)
        return dict(self._cache[1])

    def device_for(self, token: str | None) -> Device | None:
        """The device (active or revoked) whose token this is, compared in constant time."""
        if not token:
            return None
        digest = token_digest(token)
        match = None
        for device in self.devices().values():
            if hmac.compare_digest(device.token_sha256, digest):
                match = device
        return match

    def approve(self, name: str, digest: str | None = None) -> tuple[Device, str | None]:
        """Approve a new device (or a revoked one again). Returns it and the token when this
        command made one (printed once, never stored); with `digest` the device made its own."""
        _check_name(name)
        with self._editing() as devices:
            if name in devices and devices[name].active:
                raise DeviceError(f"device {name!r} is already approved; `device rotate {name}` gives it a new token")
            token, digest = _token_or(digest)
            devices[name] = Device(name, digest, _now())
            return devices[name], token

    def rotate(self, name: str, digest: str | None = None) -> tuple[Device, str | None]:
        """A new token for a device; the old one stops working at once."""
        with self._editing() as devices:
            device = _known(devices, name)
            token, device.token_sha256 = _token_or(digest)
            device.rotated_at = _now()
            return device, token

    def revoke(self, name: str) -> Device:
        """Refuse the device's token from now on; what it uploaded stays."""
        with self._editing() as devices:
            device = _known(devices, name)
            device.revoked_at = device.revoked_at or _now()
            return device

    @contextmanager
    def _editing(self) -> Iterator[dict[str, Device]]:
        """Load the devices under the file's lock; write them back atomically unless the body raised."""
        with file_lock(self.path.with_name(self.path.name + ".lock"), wait=True):
            self._cache = None
            devices = self.devices()
            yield devices
            write_json_atomic(
                self.path, {"devices": [asdict(d) for d in sorted(devices.values(), key=lambda d: d.name)]}
            )
            self._cache = None


def _check_name(name: str) -> None:
    if not DEVICE_NAME.fullmatch(name):
        raise DeviceError(f"device name {name!r} must be a lowercase slug (a-z, 0-9, _ and -, 64 at most)")


def _known(devices: dict[str, Device], name: str) -> Device:
    if name not in devices:
        raise DeviceError(f"no device named {name!r}; approved: {sorted(devices) or 'none'}")
    return devices[name]


def _token_or(digest: str | None) -> tuple[str | None, str]:
    if digest is None:
        token = new_token()
        return token, token_digest(token)
    digest = digest.strip().lower()
    if not DIGEST.fullmatch(digest):
        raise DeviceError("--digest must be the 64 hex characters of the token's SHA-256")
    return None, digest


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
