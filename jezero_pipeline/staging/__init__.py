"""Staging: the files the stages pass between them (see store.py), their tables, the
per-connector inventory, connector state and the locks that keep writers apart."""
