"""The library on object storage: one writer publishes it, every reader fetches a local copy.

DuckDB reads a local file, and only one process may write it, so with staging on object
storage the library travels as objects: the builder (under the library lock) fetches the
newest published files, refreshes them locally and publishes them under a fresh version
prefix, then replaces `library/published.json`, the one small manifest naming them. A
reader compares the manifest's ETag with the one it last fetched and, when it changed,
downloads the files aside and renames them in, so it never opens half of one (the reader
already follows atomic swaps of its local files). Older versions are deleted after the
next publish, so a reader still downloading the previous one finds it.
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .location import open_store
from .store import Store, read_json, write_json_atomic

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..config import Config

MANIFEST = ("library", "published.json")


def _files(path: Path, state_dir: Path | None) -> dict[str, Path]:
    from ..library.build import delta_path  # lazy: DuckDB loads only where a library is built or read
    from ..library.state import state_path

    files = {"base": Path(path), "delta": delta_path(Path(path))}
    if state_dir is not None:
        files["state"] = state_path(state_dir)
    return files


def _sidecar(path: Path) -> Path:
    return Path(path).with_name(Path(path).name + ".published")


def publish(store: Store, path: Path, state_dir: Path) -> dict[str, Any]:
    """Upload the library's files under a new version, then the manifest naming them."""
    version = f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{uuid.uuid4().hex[:8]}"
    previous = published_version(store)
    names = {}
    for role, local in _files(path, state_dir).items():
        if local.exists():
            store.upload(local, "library", version, local.name)  # type: ignore[attr-defined]
            names[role] = local.name
    manifest = {"version": version, "files": names, "at": time.time()}
    store.write_doc(*MANIFEST, obj=manifest)
    _remember(store, path, manifest)
    _drop_old_versions(store, keep={version, previous})
    return manifest


def _remember(store: Store, path: Path, manifest: dict[str, Any]) -> None:
    etag = store.etag(store.key(*MANIFEST))  # type: ignore[attr-defined]
    write_json_atomic(_sidecar(path), {"etag": etag, "version": manifest["version"]})


def _drop_old_versions(store: Store, keep: set[str | None]) -> None:
    """Every version but the new one and the one it replaced (a reader may be fetching that);
    by the manifests, not by names or clocks, which differ between machines."""
    fs = store.fs  # type: ignore[attr-defined]
    prefix = store.key("library")  # type: ignore[attr-defined]
    try:
        versions = [p.rsplit("/", 1)[-1] for p in fs.ls(prefix, detail=False) if not p.endswith(".json")]
    except FileNotFoundError:
        return
    for old in versions:
        if old not in keep:
            fs.rm(f"{prefix}/{old}", recursive=True)


def fetch(store: Store, path: Path, state_dir: Path | None = None) -> bool:
    """Bring the local copy at `path` to the newest published library when the manifest's ETag
    changed (one HEAD otherwise). True when files were replaced; False when unchanged or none
    was published."""
    etag = store.etag(store.key(*MANIFEST))  # type: ignore[attr-defined]
    if etag is None:
        return False
    seen = read_json(_sidecar(path)) or {}
    local = _files(path, state_dir)
    if seen.get("etag") == etag and local["base"].exists():
        return False
    manifest = store.read_doc(*MANIFEST)
    if not isinstance(manifest, dict) or "version" not in manifest:
        return False
    names = manifest.get("files", {})
    # the delta first and the base last: the reader pairs them by the base's generation
    for role in ("state", "delta", "base"):
        if role not in local:
            continue
        if role in names:
            local[role].parent.mkdir(parents=True, exist_ok=True)
            if not store.download(local[role], "library", manifest["version"], names[role]):  # type: ignore[attr-defined]
                return False  # replaced meanwhile by a newer publish: the next call fetches that
        elif role == "delta":
            local[role].unlink(missing_ok=True)
    write_json_atomic(_sidecar(path), {"etag": etag, "version": manifest["version"]})
    return True


def published_version(store: Store) -> str | None:
    doc = store.read_doc(*MANIFEST)
    return doc.get("version") if isinstance(doc, dict) else None


def fetch_for(cfg: Config) -> bool:
    """A reader's local copy of the library its config's store publishes, brought up to date."""
    return fetch(open_store(cfg.staging_location, cfg.staging_dir), cfg.library_path)


def sync_for(cfg: Config) -> Callable[[], bool] | None:
    """For a long-lived reader (the servers): fetch when it changed; None with local staging."""
    return (lambda: fetch_for(cfg)) if cfg.staging_remote else None
