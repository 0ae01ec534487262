"""`$DAGSTER_HOME` checked as Dagster checks it, without importing Dagster.

Dagster refuses a `DAGSTER_HOME` that is not an absolute path to an existing folder; a folder
without a `dagster.yaml` is fine (Dagster's defaults). A local `run` never opens the instance
(the `commands_recorded` sensor records what it did), so it would not meet the problem itself:
`run` and `check-config` say it anyway, one line each, before `dagster dev` or the daemon does.
"""

from __future__ import annotations

import os
from pathlib import Path


def home_problem(env: str | None = None) -> str | None:
    """What is wrong with `DAGSTER_HOME` (`env`, else the environment's), or None when it is
    unset or usable; the line names the fix."""
    value = os.environ.get("DAGSTER_HOME") if env is None else env
    if not value:
        return None
    home = Path(value).expanduser()
    if not home.is_absolute():
        return f"DAGSTER_HOME={value!r} is not an absolute path, which Dagster requires: use {Path.cwd() / home}"
    if not home.is_dir():
        what = "is a file, not a folder" if home.exists() else "does not exist"
        return (
            f"DAGSTER_HOME={value} {what}, and Dagster refuses it: create it (mkdir -p {value}) or unset DAGSTER_HOME"
        )
    return None


def home_note(env: str | None = None) -> str | None:
    """A usable `DAGSTER_HOME` without a `dagster.yaml`: Dagster's defaults apply (not the
    repository's pool limit and run monitoring). None otherwise."""
    value = os.environ.get("DAGSTER_HOME") if env is None else env
    if not value or home_problem(value) is not None:
        return None
    if (Path(value).expanduser() / "dagster.yaml").exists():
        return None
    return (f"DAGSTER_HOME={value} has no dagster.yaml: Dagster's defaults apply (copy the repository's "
            "dagster.yaml there for its llm pool limit and run monitoring)")  # fmt: skip
