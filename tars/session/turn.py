"""`Turn`: what one `Session.send` produced — the answer, its tool calls and how it was made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tars.events import ToolCall, Usage
from tars.tools.base import ToolResult
from tars.usage import Billing, Tally

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
    usage: Tally = field(default_factory=Tally)  # tokens per model that answered a round of this turn
    rounds: int = 0
    stop_reason: str | None = None
    interrupted: bool = False
    round_limit_hit: bool = False
    route_reason: str = ""
    context_tokens: int | None = None  # the last request's prompt, by tars's count
    context_window: int | None = None  # the window of the model it went to
    not_set_up: bool = False  # tars answered that the tools the request needs are not set up: nothing was done

    @property
    def input_tokens(self) -> int | None:
        return self.usage.total().input_tokens

    @property
    def output_tokens(self) -> int | None:
        return self.usage.total().output_tokens

    @property
    def usage_estimated(self) -> bool:
        """A round ended before its model reported usage: tars counted its tokens itself."""
        return self.usage.total().estimated

    @property
    def truncated(self) -> bool:
        return self.stop_reason == "max_tokens"

    @property
    def tools_failed(self) -> bool:
        """Every tool call of the turn failed (or was refused without asking): the answer, whoever
        wrote it, has no result behind it, which a script reads in the exit code. A skipped call (the
        user declined it, a tool not here, a repeat) is no failure."""
        ran = [r for r in self.tool_results if not r.skipped]
        return bool(ran) and all(r.is_error for r in ran)

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
            "usage": {**self.usage.as_dict(), "estimated": self.usage_estimated},
            "rounds": self.rounds,
            "stop_reason": self.stop_reason,
            "truncated": self.truncated,
            "interrupted": self.interrupted,
            "round_limit_hit": self.round_limit_hit,
            "context": {"tokens": self.context_tokens, "window": self.context_window},
        }

    def record_round(self, billing: Billing, usage: Usage | None, *, estimated: bool = False) -> None:
        """A model round of this turn ended (on `self.model`), with what it reported or None."""
        self.usage.record(self.model, billing, usage, estimated=estimated)
