"""`Turn`: what one `Session.send` produced — the answer, its tool calls and how it was made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tars.events import ToolCall

__all__ = ["Turn"]


@dataclass(kw_only=True)
class Turn:
    """The reply object of the session protocol.

    `tool_calls` are the calls of the last model round. With `auto_tools=False` they are the
    calls still waiting for the caller (`Session.call_tool` / `Session.tool_call_result`).
    """

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_results: list[Any] = field(default_factory=list)  # tars.tools.base.ToolResult
    model: str = ""
    escalated: bool = False
    fell_back: bool = False
    fallback_reason: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    rounds: int = 0
    interrupted: bool = False
    round_limit_hit: bool = False
    route_reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of `tars ask --json` (no secrets: nothing here carries one)."""
        results = {r.call_id: r for r in self.tool_results}
        return {
            "answer": self.text,
            "model": self.model,
            "escalated": self.escalated,
            "fell_back": self.fell_back,
            "fallback_reason": self.fallback_reason,
            "tool_calls": [
                {
                    "id": r.call_id,
                    "name": r.name,
                    "arguments": self._arguments_of(r.call_id),
                    "result": r.output,
                    "is_error": r.is_error,
                }
                for r in results.values()
            ],
            "usage": {"input_tokens": self.input_tokens, "output_tokens": self.output_tokens},
            "rounds": self.rounds,
            "interrupted": self.interrupted,
            "round_limit_hit": self.round_limit_hit,
        }

    # calls made in any round, kept so as_dict can show the arguments beside each result
    all_calls: list[ToolCall] = field(default_factory=list)

    def _arguments_of(self, call_id: str) -> dict[str, Any]:
        return next((c.arguments for c in self.all_calls if c.id == call_id), {})
