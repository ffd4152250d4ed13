"""Counting tokens: the one estimate tars uses wherever a prompt is measured against a window.

`estimate_tokens` is a cautious guess from the text's UTF-8 size (about 3.5 bytes per token
for English prose and code; a character outside ASCII counts for more). A `TokenCounter`
uses the model's own tokenizer when the provider has one locally (the embedded model), else
that estimate, and learns from the prompt sizes a provider reports (Ollama's
`prompt_eval_count`, Anthropic's and OpenAI's usage): after the first round its counts are
scaled to what the model really saw, which also covers the chat template's own tokens.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tars.messages import Message

__all__ = ["BYTES_PER_TOKEN", "TokenCounter", "estimate_tokens", "message_text", "tools_text"]

BYTES_PER_TOKEN = 3.5
MESSAGE_OVERHEAD = 5  # role markers and separators a chat template adds around each message
_CACHE_SIZE = 4096
_TOKENIZE_UP_TO = 256 * 1024  # characters; a longer text is estimated (it overflows any local window anyway)
_LOWEST, _HIGHEST = 0.85, 3.0  # how far a reported size may scale the raw counts
_CACHED_PROMPT = 0.6  # a report this far below the count is a server counting only uncached tokens


def estimate_tokens(text: str) -> int:
    """Tokens in `text` by the estimate (no tokenizer): never less than the text needs in practice
    for English or code; other scripts are over-counted, which errs on the safe side."""
    if not text:
        return 0
    return math.ceil(len(text.encode("utf-8", errors="replace")) / BYTES_PER_TOKEN)


def message_text(message: Message) -> str:
    """The text of a message that a model reads: its content and its calls' names and arguments."""
    if not message.tool_calls:
        return message.content
    calls = json.dumps([{"name": c.name, "arguments": c.arguments} for c in message.tool_calls],
                       ensure_ascii=False, default=str)
    return f"{message.content}\n{calls}" if message.content else calls


def tools_text(tools: Iterable[Mapping[str, Any]]) -> str:
    """Tool specs as a model is shown them (their JSON), for counting."""
    specs = list(tools)
    return json.dumps(specs, ensure_ascii=False, default=str) if specs else ""


class TokenCounter:
    """Counts tokens for one model: its tokenizer (`tokenize(text) -> count or None`) or the
    estimate, scaled by `scale`, which `calibrate` learns from the prompt sizes the model reports."""

    def __init__(self, tokenize: Callable[[str], int | None] | None = None) -> None:
        self._tokenize = tokenize
        self.exact = False  # whether counts come from the model's own tokenizer
        self.scale = 1.0
        self.calibrated = False
        self._cache: dict[str, int] = {}

    def raw(self, text: str) -> int:
        """Unscaled tokens of `text` (cached: a conversation is counted again every round)."""
        if not text:
            return 0
        cached = self._cache.get(text)
        if cached is not None:
            return cached
        counted = self._tokenize(text) if self._tokenize is not None and len(text) <= _TOKENIZE_UP_TO else None
        if counted is None:
            counted = estimate_tokens(text)
        else:
            self.exact = True
        if len(text) <= _TOKENIZE_UP_TO:  # a huge text is counted once, not kept
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            self._cache[text] = counted
        return counted

    def raw_message(self, message: Message) -> int:
        return self.raw(message_text(message)) + MESSAGE_OVERHEAD

    def scaled(self, raw: int) -> int:
        return math.ceil(raw * self.scale)

    def count(self, text: str) -> int:
        return self.scaled(self.raw(text))

    def count_message(self, message: Message) -> int:
        return self.scaled(self.raw_message(message))

    def count_messages(self, messages: Iterable[Message]) -> int:
        return self.scaled(sum(self.raw_message(m) for m in messages))

    def calibrate(self, raw_prompt: int, reported: int) -> None:
        """Learn from a round whose prompt counted `raw_prompt` (unscaled) and that the model
        reported as `reported` tokens. A larger report is taken at once; a smaller one halfway
        each time, and one far smaller is ignored (a server that reuses its cache reports only
        the tokens it had to read)."""
        if raw_prompt <= 0 or reported <= 0:
            return
        observed = reported / raw_prompt
        if observed < _CACHED_PROMPT:
            return
        observed = min(max(observed, _LOWEST), _HIGHEST)
        if not self.calibrated or observed > self.scale:
            self.scale = observed
        else:
            self.scale = (self.scale + observed) / 2
        self.calibrated = True
