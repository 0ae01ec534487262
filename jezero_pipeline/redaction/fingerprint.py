"""The rules fingerprint: what shapes a redaction, so stored rows know when to be redone.

It hashes the source of every module of this package (a detector in any of them changes what
is found), the config's `[redaction]` table, and the labels of the secret env vars. Env
secret values are deliberately left out (not even hashed): a rotated key is still replaced
wherever it appears, and stored rows are re-checked by `redact-stored`.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import pkgutil
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

_PACKAGE = __name__.rpartition(".")[0]


def package_modules() -> list[str]:
    """Every module of the redaction package, the package itself first, by dotted name."""
    package = importlib.import_module(_PACKAGE)
    names = [m.name for m in pkgutil.walk_packages(package.__path__, prefix=_PACKAGE + ".")]
    return [_PACKAGE, *sorted(names)]


@lru_cache(maxsize=1)
def module_sources() -> dict[str, str]:
    """Source text of every module of the package (read once per process)."""
    return {name: inspect.getsource(importlib.import_module(name)) for name in package_modules()}


def digest(sources: Mapping[str, str], table: Mapping[str, Any], secret_labels: list[str]) -> str:
    """16 hex chars over the module sources, the [redaction] table and the secret labels."""
    h = hashlib.sha256()
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
    h.update(json.dumps(dict(table), sort_keys=True).encode())
    h.update(json.dumps(sorted(secret_labels)).encode())
    return h.hexdigest()[:16]


def rules_fingerprint(cfg: Any) -> str:
    """The fingerprint of the redaction code and of this config's redaction settings."""
    return digest(module_sources(), cfg.redaction.model_dump(), sorted(cfg.secret_values()))
