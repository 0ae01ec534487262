"""The generation fingerprint: one short hash of everything that shapes a summary.

A stored summary is reused only when its (content hash, generation) matches, and the
fingerprint is the summaries asset's code_version, so it must change with the prompt, the
schema, the provider or model (for the offline summariser, its rules' version), the output
language and the known projects, and with nothing
else: concurrency, timeouts, prices or the server's address do not change what is written.
"""

from __future__ import annotations

import hashlib
import json

from jezero_pipeline.config import SummarizerConfig
from jezero_pipeline.summarizing import prompt, schema

# The offline summariser's rules shape its summaries as the prompt shapes a model's: bump this
# when they change what it writes, so a library of its summaries shows as unsynced.
EXTRACTIVE_VERSION = "2"


def generation_fingerprint(cfg: SummarizerConfig) -> str:
    """16 hex characters of a SHA-256 over the prompt, schema and model choice."""
    parts = {
        "system_prompt": prompt.SYSTEM_PROMPT,
        "user_message": [
            prompt.USER_MESSAGE_VERSION,
            prompt.LANGUAGE_LINE,
            prompt.KNOWN_PROJECTS_LINE,
            prompt.TITLE_LINE,
            prompt.CONTEXT_LINE,
            prompt.DOCUMENT_BLOCK,
        ],
        "schema": json.dumps(schema.SUMMARY_SCHEMA, sort_keys=True),
        "caps": [schema.MAX_TITLE_CHARS, schema.MAX_QUESTIONS, schema.MAX_ATOMS],
        "provider": cfg.provider,
        **({"extractive": EXTRACTIVE_VERSION} if cfg.provider == "extractive" else {}),
        "call": [prompt.TOOL_NAME, prompt.TOOL_DESCRIPTION, prompt.ANTHROPIC_MAX_TOKENS, prompt.JSON_ONLY_SUFFIX],
        "model": cfg.model,
        "output_language": cfg.output_language,
        "known_projects": sorted(cfg.known_projects),
    }
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]
