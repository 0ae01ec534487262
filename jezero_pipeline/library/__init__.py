"""The library: a DuckDB file of items with its own full-text index (see build.py)."""

from pathlib import Path


def delta_path(path: Path) -> Path:
    """Where the delta of the library at `path` lives (here, so finding it loads no DuckDB)."""
    return Path(path).with_name(Path(path).name + ".delta")


def files_token(path: Path) -> str:
    """An identity of the library's files from `stat` alone: every refresh renames new files in."""
    out = []
    for p in (Path(path), delta_path(path)):
        try:
            st = p.stat()
        except FileNotFoundError:
            out.append("-")
            continue
        out.append(f"{st.st_ino}:{st.st_size}:{st.st_mtime_ns}")
    return "|".join(out)
