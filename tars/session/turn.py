"""`Turn`: what one `Session.send` produced — the answer, its tool calls and how it was made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tars.events import ToolCall
from tars.tools.base import ToolResult

__all__ = ["Turn"]


@dataclass(kw_only=True)
class Turn:
    """The reply object of the session protocol.

    `tool_calls` are the calls of the last model round. With `auto_tools=False` they are the
    calls still waiting for the caller (`Session.call_tool` / `Session.tool_call_result`).
    `stop_reason` is why the last model round ended (`end_turn`, `tool_use`, `max_tokens`,
    `refusal`, ...); `truncated` is True when the answer was cut at the model's output limit.
    """

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_results: list[ToolResult] = field(default_factory=list)
    all_calls: list[ToolCall] = field(default_factory=list)  # every round's calls, for their arguments
    model: str = ""
    escalated: bool = False
    fell_back: bool = False
    fallback_reason: str | None = None
    escalation_skipped: str | None = None  # the route wanted the remote, which was not asked, and why
    input_tokens: int | None = None
    output_tokens: int | None = None
    usage_estimated: bool = False  # a round ended before its model reported usage: tars counted it
    rounds: int = 0
    stop_reason: str | None = None
    interrupted: bool = False
    round_limit_hit: bool = False
    route_reason: str = ""
    context_tokens: int | None = None  # the last request's prompt, by tars's count
    context_window: int | None = None  # the window of the model it went to

    @property
    def truncated(self) -> bool:
        return self.stop_reason == "max_tokens"

    def call(self, call_id: str) -> ToolCall | None:
        """The call of this turn with `call_id` (a result's call, for showing its arguments)."""
        return next((c for c in self.all_calls if c.id == call_id), None)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of `tars ask --json` (no secrets: nothing here carries one)."""
        results = {r.call_id: r for r in self.tool_results}
        return {
            "answer": self.text,
            "model": self.model,
            "escalated": self.escalated,
            "fell_back": self.fell_back,
            "fallback_reason": self.fallback_reason,
            "escalation_skipped": self.escalation_skipped,
            "tool_calls": [
                {
                    "id": r.call_id,
                    "name": r.name,
                    "arguments": call.arguments if (call := self.call(r.call_id)) else {},
                    "result": r.output,
                    "is_error": r.is_error,
                }
                for r in results.values()
            ],
            "usage": {"input_tokens": self.input_tokens, "output_tokens": self.output_tokens,
                      "estimated": self.usage_estimated},
            "rounds": self.rounds,
            "stop_reason": self.stop_reason,
            "truncated": self.truncated,
            "interrupted": self.interrupted,
            "round_limit_hit": self.round_limit_hit,
            "context": {"tokens": self.context_tokens, "window": self.context_window},
        }

    def add_usage(self, input_tokens: int | None, output_tokens: int | None) -> None:
        self.input_tokens = _add(self.input_tokens, input_tokens)
        self.output_tokens = _add(self.output_tokens, output_tokens)


def _add(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else a + b
