"""Typed stream events every provider yields, and `accumulate`, which folds them into a reply.

Providers yield these from one streaming method; callers `match` on `kind`. Because
`accumulate` is pure, a caller interrupted by Ctrl-C still holds the partial reply it had.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "ToolCall",
    "TextDelta",
    "ReasoningDelta",
    "ToolCallEvent",
    "Usage",
    "Stop",
    "StopReason",
    "Status",
    "Event",
    "ModelStart",
    "ToolResultEvent",
    "Notice",
    "SessionEvent",
    "Reply",
    "accumulate",
    "fold",
    "new_call_id",
]

_ids = itertools.count(1)


def new_call_id() -> str:
    """A process-unique id for a tool call that the model gave none for."""
    return f"call_{next(_ids):04d}"


@dataclass(kw_only=True, frozen=True)
class ToolCall:
    """One call the model asked for: a tool name and its arguments as a JSON object."""

    id: str = field(default_factory=new_call_id)
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(kw_only=True, frozen=True)
class TextDelta:
    kind: Literal["text"] = "text"
    text: str


@dataclass(kw_only=True, frozen=True)
class ReasoningDelta:
    """Thinking text split out of the answer (`<think>` blocks); not shown as the answer."""

    kind: Literal["reasoning"] = "reasoning"
    text: str


@dataclass(kw_only=True, frozen=True)
class ToolCallEvent:
    kind: Literal["tool_call"] = "tool_call"
    call: ToolCall


@dataclass(kw_only=True, frozen=True)
class Usage:
    """Tokens one model round used, as the model's API reported them (None: not reported).
    `input_tokens` is the whole prompt; the cache counts are the parts of it that were read from
    or written to a prompt cache (Anthropic reports them; they are billed at other prices)."""

    kind: Literal["usage"] = "usage"
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None


# Why a model round ended, in one vocabulary every provider maps its API's words onto:
# `max_tokens` is an answer cut at the output limit, `refusal` one the model or a filter declined.
StopReason = Literal["end_turn", "tool_use", "max_tokens", "refusal", "error", "interrupted"]


@dataclass(kw_only=True, frozen=True)
class Stop:
    """The model finished a round, for `reason`."""

    kind: Literal["stop"] = "stop"
    reason: StopReason


@dataclass(kw_only=True, frozen=True)
class Status:
    """What the model is busy with while nothing shows yet ("choosing a tool…"): shown dim, never kept."""

    kind: Literal["status"] = "status"
    text: str


Event = TextDelta | ReasoningDelta | ToolCallEvent | Usage | Stop | Status


# -- events the Session adds on top of the provider's stream ---------------------------------
@dataclass(kw_only=True, frozen=True)
class ModelStart:
    """A model round begins: which model, and whether the turn was escalated or fell back."""

    kind: Literal["model"] = "model"
    model: str
    escalated: bool = False
    fallback: bool = False
    round: int = 1


@dataclass(kw_only=True, frozen=True)
class ToolResultEvent:
    kind: Literal["tool_result"] = "tool_result"
    result: Any  # tars.tools.base.ToolResult (typed loosely to keep this module import-free)


@dataclass(kw_only=True, frozen=True)
class Notice:
    """One line for the user (fallback, cool-down, round limit); `level` is info or warning."""

    kind: Literal["notice"] = "notice"
    text: str
    level: Literal["info", "warning"] = "info"


SessionEvent = Event | ModelStart | ToolResultEvent | Notice


@dataclass(kw_only=True, frozen=True)
class Reply:
    """What one model round produced so far (or in all)."""

    text: str = ""
    reasoning: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None
    stop_reason: str | None = None

    @property
    def usage(self) -> Usage | None:
        """What the round reported, added up (None when it reported nothing)."""
        if self.input_tokens is None and self.output_tokens is None:
            return None
        return Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens,
                     cache_read_tokens=self.cache_read_tokens, cache_write_tokens=self.cache_write_tokens)


def _add(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else a + b


def accumulate(event: Event, snapshot: Reply) -> Reply:
    """Return a new snapshot with `event` folded in (pure: the old snapshot is unchanged)."""
    match event:
        case TextDelta(text=text):
            return dataclasses.replace(snapshot, text=snapshot.text + text)
        case ReasoningDelta(text=text):
            return dataclasses.replace(snapshot, reasoning=snapshot.reasoning + text)
        case ToolCallEvent(call=call):
            return dataclasses.replace(snapshot, tool_calls=(*snapshot.tool_calls, call))
        case Usage(input_tokens=i, output_tokens=o, cache_read_tokens=r, cache_write_tokens=w):
            return dataclasses.replace(
                snapshot,
                input_tokens=_add(snapshot.input_tokens, i),
                output_tokens=_add(snapshot.output_tokens, o),
                cache_read_tokens=_add(snapshot.cache_read_tokens, r),
                cache_write_tokens=_add(snapshot.cache_write_tokens, w),
            )
        case Stop(reason=reason):
            return dataclasses.replace(snapshot, stop_reason=reason)
        case Status():
            return snapshot
    raise TypeError(f"not an event: {event!r}")


def fold(events: Iterable[Event], snapshot: Reply | None = None) -> Reply:
    """The reply that a whole sequence of events adds up to."""
    reply = snapshot or Reply()
    for event in events:
        reply = accumulate(event, reply)
    return reply
