"""Where staging lives, as the config names it: a local folder, or `s3://bucket/prefix`."""

from __future__ import annotations

from pathlib import Path

from .store import Store


def open_store(location: str | Path, local_dir: Path) -> Store:
    """The store at a local folder, or at an `s3://bucket/prefix` (objects.py) with this
    machine's side folder `local_dir` for what must stay local (its lock files)."""
    if str(location).startswith("s3://"):
        from .objects import ObjectStore  # lazy: s3fs loads only for object storage

        return ObjectStore(str(location), local_dir)
    return Store(Path(location))
