"""Vectors for search by meaning: what an item's text is, which model turns it into a vector.

model.py     the embedder interface, the model's key (its fingerprint) and an item's text
local.py     the offline default: a small sentence model from a PyPI package, on onnxruntime
endpoint.py  an OpenAI-compatible `/v1/embeddings` endpoint through the official SDK
providers.py `make_embedder`, the one road to an embedder (each imports only what it needs)
cache.py     the vectors paid for, once per (item text, model), kept beside the library's state

The stage that embeds the library is stages/embed.py; the vectors the reader searches are
library/vectors.py. Nothing here imports Dagster.
"""
