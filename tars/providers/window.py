"""How many tokens each model's context window holds, and how many of them an answer needs.

The one place that decides it, for every provider, in this order: a per-model setting
(`TARS_CONTEXT_SIZES`), then `TARS_CONTEXT_SIZE` for the local models, then the source:
the embedded model loads with 4096; an Ollama model's own length (`/api/show`), capped at
8192 because a long window costs memory most machines lack (tars sends the result as `num_ctx`,
never leaving it to the server's default); an OpenAI-compatible server's report (`/v1/models`,
llama-server's `/props`), else 8192; Claude's window by model id (200k; the 1M window only when
configured). `explain` says how the window of a model was chosen, for `/context`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tars.config import Config

__all__ = ["CLAUDE_LONG_WINDOW", "CLAUDE_WINDOW", "Window", "answer_reserve", "decide", "explain"]

EMBEDDED_WINDOW = 4096
LOCAL_CAP = 8192  # Ollama models: longer windows only when asked for
ASSUMED_WINDOW = 8192  # a server that does not say
CLAUDE_WINDOW = 200_000
CLAUDE_LONG_WINDOW = 1_000_000  # Claude's long-context beta; only from TARS_CONTEXT_SIZES
_CLAUDE_OLDER = {"claude-2.0": 100_000}
_LOCAL = ("llamacpp", "ollama", "openai")


@dataclass(frozen=True)
class Window:
    """A context window in tokens, and in words how it was chosen."""

    tokens: int
    source: str


_DECIDED: dict[str, Window] = {}  # "provider:model" -> the latest decision, for `explain`


def decide(provider: str, model: str, config: Config, *, reported: int | None = None) -> Window:
    """The window of `provider:model`; `reported` is what the model's server says it holds."""
    window = _decide(provider, model, config, reported)
    _DECIDED[f"{provider}:{model}"] = window
    return window


def _decide(provider: str, model: str, config: Config, reported: int | None) -> Window:
    spec = f"{provider}:{model}"
    if spec in config.context_sizes:
        return Window(config.context_sizes[spec], "set by TARS_CONTEXT_SIZES")
    if provider == "claude":
        tokens = next((n for prefix, n in _CLAUDE_OLDER.items() if model.startswith(prefix)), CLAUDE_WINDOW)
        return Window(tokens, f"Claude's window for {model}")
    if provider in _LOCAL and config.context_size is not None:
        return Window(config.context_size, "set by TARS_CONTEXT_SIZE")
    match provider:
        case "llamacpp":
            return Window(EMBEDDED_WINDOW, "the embedded model's default (TARS_CONTEXT_SIZE changes it)")
        case "ollama" if reported and reported > LOCAL_CAP:
            return Window(LOCAL_CAP, f"the model holds {reported:,}; tars asks Ollama for {LOCAL_CAP:,} to spare "
                                     "memory (TARS_CONTEXT_SIZE changes it)")
        case "ollama" if reported:
            return Window(reported, "the model's own length (Ollama /api/show)")
        case "openai" if reported:
            return Window(reported, "as the server reports it")
    return Window(ASSUMED_WINDOW, "assumed: the server does not say (set TARS_CONTEXT_SIZE)")


def explain(spec: str) -> str | None:
    """How the window of `provider:model` was chosen in this process, if it was."""
    window = _DECIDED.get(spec)
    return window.source if window else None


def answer_reserve(window: int) -> int:
    """Tokens kept free for the answer of a model whose output tars does not cap itself."""
    return min(2048, max(256, window // 4))
