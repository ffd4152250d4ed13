"""Pipeline mode for small-context models: router -> executor -> tool -> summariser.

`strategy_for(config, provider)` picks the round strategy a Session uses: None for native
tool calling, or a `PipelineStrategy` when `TARS_TOOL_MODE` says pipeline, or says auto and
the model has a small context window or no native tool calls (the embedded model).
"""

from __future__ import annotations

from typing import Any

from tars.pipeline.strategy import PipelineStrategy

__all__ = ["PipelineStrategy", "strategy_for", "wants_pipeline", "SMALL_CONTEXT"]

SMALL_CONTEXT = 8192  # tokens; at or below this, every tool schema at once crowds the prompt out


def wants_pipeline(mode: str, provider: Any) -> bool:
    """Whether `mode` (native|pipeline|auto) means pipeline for this provider."""
    if mode == "auto":
        window = getattr(provider, "context_window", None)
        return not getattr(provider, "native_tools", True) or (window is not None and window <= SMALL_CONTEXT)
    return mode == "pipeline"


def strategy_for(config: Any, provider: Any) -> PipelineStrategy | None:
    """The round strategy for `provider` under `config.tool_mode`; None means native tools."""
    mode = getattr(config, "tool_mode", "auto")
    return PipelineStrategy(provider) if wants_pipeline(mode, provider) else None
