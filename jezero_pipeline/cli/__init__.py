"""The `jezero-pipeline` command (see main.py)."""

from .main import main

__all__ = ["main"]
