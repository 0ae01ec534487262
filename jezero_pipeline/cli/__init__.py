"""The `jezero-pipeline` command (see main.py)."""

from .main import entry, main

__all__ = ["entry", "main"]
