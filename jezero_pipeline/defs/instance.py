"""Which Dagster instance a command records into: the one the UI of this config shows.

`$DAGSTER_HOME` when it is set (as `dagster dev` uses it; a folder without a `dagster.yaml`
gets Dagster's defaults), else the config's folder when it holds a `dagster.yaml` (the
repository's), else `data/dagster` beside the config, created with telemetry off. Relative
paths in a `dagster.yaml` (which `dagster dev` resolves from the folder it starts in, the
repository root) are resolved against the instance's folder, so a command works from any
working folder.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import dagster as dg
import yaml

from ..config import Config, ConfigError
from ..dagster_home import home_problem

_RELATIVE_PATHS = (
    ("storage", "sqlite", "base_dir"),
    ("run_storage", "config", "base_dir"),
    ("event_log_storage", "config", "base_dir"),
    ("schedule_storage", "config", "base_dir"),
    ("local_artifact_storage", "config", "base_dir"),
    ("compute_logs", "config", "base_dir"),
)
DEFAULT_HOME_YAML = "telemetry:\n  enabled: false\n"


def instance_home(cfg: Config) -> Path:
    """The instance's folder for this config (see the module docstring); created when it is the default."""
    env = os.environ.get("DAGSTER_HOME")
    if env:
        problem = home_problem(env)
        if problem:
            raise ConfigError(problem)
        return Path(env).expanduser().resolve()
    if (cfg.base_dir / "dagster.yaml").exists():
        return cfg.base_dir.resolve()
    home = cfg.base_dir / "data" / "dagster"
    home.mkdir(parents=True, exist_ok=True)
    if not (home / "dagster.yaml").exists():
        (home / "dagster.yaml").write_text(DEFAULT_HOME_YAML)
    return home.resolve()


def instance_for(cfg: Config) -> dg.DagsterInstance:
    """The persistent instance of this config, its relative storage paths resolved against its folder."""
    home = instance_home(cfg)
    yaml_path = home / "dagster.yaml"
    raw = (yaml.safe_load(yaml_path.read_text()) if yaml_path.exists() else None) or {}
    overrides: dict[str, Any] = {}
    for top, *inner in _RELATIVE_PATHS:
        section = copy.deepcopy(raw.get(top))
        node = section
        for key in inner[:-1]:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict) and isinstance(node.get(inner[-1]), str) and not os.path.isabs(node[inner[-1]]):
            node[inner[-1]] = str(home / node[inner[-1]])
            overrides[top] = section
    # `local_temp` is Dagster's public constructor of a persistent instance on a given folder
    # that takes overrides; the folder here is the instance's own, not a temporary one.
    return dg.DagsterInstance.local_temp(tempdir=str(home), overrides=overrides or None)
