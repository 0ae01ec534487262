"""Summarising segments: prompt, schema and loose validation, model providers, generation.

The offline extractive summariser lives in `extractive.py`; caching and concurrency live
in the runner. Import the submodules directly; this package keeps no imports of its own so
that importing the extractive summariser does not load the model SDKs.
"""
