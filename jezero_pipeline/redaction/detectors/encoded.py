"""Secrets written in base64 inside config: Kubernetes Secret data, `.dockerconfigjson`, and
values piped through `base64 -d` / `b64decode` / `atob`.

Each base64 value there is decoded and the decoded text is run through the detectors once
more (never deeper); the base64 value is redacted when they find a secret in it. Only texts
that show one of these contexts pay for this.
"""

from __future__ import annotations

import re

from ..shapes import b64_text
from .base import Scan

TRIGGERS = ("kind: secret", '"kind": "secret"', "base64", "b64decode", "atob(")
_CANDIDATE = re.compile(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{16,}={0,2}(?![A-Za-z0-9+/=_\-])")


def detect_encoded(scan: Scan) -> None:
    """Base64 values whose decoded text holds a secret."""
    if scan.nested is None:
        return  # already inside a decoded value
    for m in _CANDIDATE.finditer(scan.text):
        decoded = b64_text(m.group())
        if decoded is not None and scan.nested(decoded):
            scan.add(m.start(), m.end(), "encoded_secret", trusted=True)
