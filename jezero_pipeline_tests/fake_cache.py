"""The fake model server's prompt caches, as far as a bill can tell them apart.

Anthropic caches only what a request marks: the prefix up to the last block carrying
`cache_control` (tools, then system blocks, then message blocks, in that order), once it is at
least `min_tokens` long; the first request writes it, a later one within `ttl` seconds reads it
(each read refreshes it). OpenAI caches on its own: a prompt of at least `min_tokens` reads the
longest prefix it shares with a recent prompt of the same model, counted in blocks of 128
tokens, when that prefix is itself at least `min_tokens` long. Tokens are characters / 4 here,
as everywhere in the fake server.
"""

from __future__ import annotations

import collections
import hashlib
import json
import threading
import time
from typing import Any

CHARS_PER_TOKEN = 4
OPENAI_BLOCK = 128  # OpenAI reports cache hits in increments of this many tokens
RECENT_PROMPTS = 16  # OpenAI: prompts of one model remembered to find a shared prefix


def _tokens(text: str) -> int:
    return len(text) // CHARS_PER_TOKEN


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def _text(block: Any) -> str:
    """What a block costs in tokens: a text block its text (not the wire's structure around it,
    nor a cache marker), a tool its definition."""
    if isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str):
        return block["text"]
    return _dump({k: v for k, v in block.items() if k != "cache_control"} if isinstance(block, dict) else block)


class PromptCache:
    def __init__(self, min_tokens: int = 1024, ttl: float = 300.0):
        self.min_tokens = min_tokens
        self.ttl = ttl
        self._lock = threading.Lock()
        self._written: dict[str, float] = {}  # Anthropic: prefix digest -> last use
        self._recent: dict[str, collections.deque[str]] = collections.defaultdict(
            lambda: collections.deque(maxlen=RECENT_PROMPTS)
        )

    def reset(self) -> None:
        with self._lock:
            self._written.clear()
            self._recent.clear()

    def usage(self, body: dict[str, Any], anthropic_format: bool, now: float | None = None) -> dict[str, int]:
        """input (every input token), cache_read and cache_write tokens of one request."""
        now = time.time() if now is None else now
        if anthropic_format:
            return self._anthropic(body, now)
        return self._openai(body)

    def _anthropic(self, body: dict[str, Any], now: float) -> dict[str, int]:
        system = body.get("system") or []
        blocks: list[Any] = list(body.get("tools") or [])
        blocks += [{"type": "text", "text": system}] if isinstance(system, str) else list(system)
        for message in body.get("messages") or []:
            content = message.get("content") if isinstance(message, dict) else None
            blocks += [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])
        texts = [_text(b) for b in blocks]
        total = max(1, sum(map(_tokens, texts)))
        marked = [i for i, b in enumerate(blocks) if isinstance(b, dict) and b.get("cache_control")]
        if not marked:
            return {"input": total, "cache_read": 0, "cache_write": 0}
        prefix = "".join(texts[: marked[-1] + 1])
        size = _tokens(prefix)
        if size < self.min_tokens:
            return {"input": total, "cache_read": 0, "cache_write": 0}  # too short: accepted, not cached
        key = hashlib.sha256(f"{body.get('model')}\n{prefix}".encode()).hexdigest()
        with self._lock:
            hit = now - self._written.get(key, float("-inf")) <= self.ttl
            self._written[key] = now
        return {"input": total, "cache_read": size if hit else 0, "cache_write": 0 if hit else size}

    def _openai(self, body: dict[str, Any]) -> dict[str, int]:
        messages = body.get("messages") or []
        prompt = _dump(body.get("response_format")) + "".join(_text({"type": "text", "text": m.get("content")})
                                                              for m in messages if isinstance(m, dict))  # fmt: skip
        total = max(1, _tokens(prompt))
        cached = 0
        with self._lock:
            recent = self._recent[str(body.get("model"))]
            if total >= self.min_tokens:
                shared = max((_common_prefix(prompt, other) for other in recent), default=0)
                blocks = _tokens(prompt[:shared]) // OPENAI_BLOCK * OPENAI_BLOCK
                cached = blocks if blocks >= self.min_tokens else 0
            recent.append(prompt)
        return {"input": total, "cache_read": cached, "cache_write": 0}


def _common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    lo, hi = 0, n  # the longest equal prefix, by bisection on slices (C-speed comparisons)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo
