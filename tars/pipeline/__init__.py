"""Pipeline mode for small-context models: router -> executor -> tool -> summariser.

`PipelineProvider(inner)` wraps the primary model when `TARS_TOOL_MODE` says pipeline, or says
auto (then it decides on first use: pipeline when the model has a small context window or no
native tool calls, such as the embedded model).
"""

from __future__ import annotations

from tars.pipeline.provider import SMALL_CONTEXT, PipelineProvider, wants_pipeline

__all__ = ["PipelineProvider", "wants_pipeline", "SMALL_CONTEXT"]
