"""The code location: `dagster dev -w workspace.yaml` loads `defs` from here.

It reads the config file at import (`$JEZERO_CONFIG`, else ./jezero.toml), which is why
nothing else imports this module: call `defs.build.build_definitions` instead.
"""

import os

from ..config import load_config
from .build import build_definitions

defs = build_definitions(load_config(os.environ.get("JEZERO_CONFIG") or None), os.environ.get("JEZERO_CONFIG", ""))
