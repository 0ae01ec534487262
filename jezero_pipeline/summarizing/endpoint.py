"""Where segments are sent: the one rule for the model's address, kept apart from the SDKs so a
config check (`check-config`, and `run` before it decides whether there is work) stays fast."""

from __future__ import annotations

from urllib.parse import urlsplit

from jezero_pipeline.text import is_loopback, mask_url


def check_base_url(url: str, allow_insecure_http: bool, section: str = "summarizer") -> None:
    """Refuse plain http to anything but this machine unless the config explicitly allows it."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{section}.base_url {mask_url(url)!r} must be an http(s) URL with a host")
    if parts.scheme == "http" and not allow_insecure_http and not is_loopback(parts.hostname):
        raise ValueError(
            f"{section}.base_url {mask_url(url)!r} sends documents unencrypted to another machine; "
            f"use https or set {section}.allow_insecure_http = true"
        )
