"""The library: a DuckDB file of items with its own full-text index (see build.py)."""

from pathlib import Path


def delta_path(path: Path) -> Path:
    """Where the delta of the library at `path` lives (here, so finding it loads no DuckDB)."""
    return Path(path).with_name(Path(path).name + ".delta")
