"""A scripted provider for tests and demos: it replays text and tool-call deltas you give it.

Each round is either a list of events/strings/ToolCalls, or a callable
`(messages, tools) -> list` (like pydantic-ai's FunctionModel), so a test can script a model
that reacts to tool results. Strings become text deltas; ToolCalls become tool-call events.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Iterator, Sequence, Union

from tars.errors import ProviderError
from tars.events import Event, Stop, TextDelta, ToolCall, ToolCallEvent
from tars.messages import Message

__all__ = ["ScriptedProvider", "Round"]

Item = Union[Event, str, ToolCall, ProviderError]
Round = Union[Sequence[Item], Callable[[Sequence[Message], Sequence[dict[str, Any]]], Sequence[Item]]]


class ScriptedProvider:
    """Plays `rounds` in order, one per `stream` call; repeats the last one when they run out."""

    provider = "scripted"
    context_window: int | None = None

    def __init__(self, rounds: Iterable[Round], *, model: str = "script", native_tools: bool = True,
                 delay: float = 0.0) -> None:
        self.rounds = list(rounds)
        self.model = model
        self.native_tools = native_tools
        self.delay = delay
        self.calls: list[dict[str, Any]] = []  # what each round was given, for assertions

    def stream(self, messages, *, system="", tools=(), response_schema=None) -> Iterator[Event]:
        index = min(len(self.calls), len(self.rounds) - 1)
        self.calls.append({"messages": list(messages), "system": system, "tools": list(tools),
                           "response_schema": response_schema})
        round_ = self.rounds[index]
        items = round_(messages, tools) if callable(round_) else round_
        saw_call = stopped = False
        for item in items:
            if self.delay:
                time.sleep(self.delay)
            match item:
                case ProviderError():
                    raise item
                case str():
                    yield TextDelta(text=item)
                case ToolCall():
                    saw_call = True
                    yield ToolCallEvent(call=item)
                case _:
                    saw_call = saw_call or isinstance(item, ToolCallEvent)
                    stopped = stopped or isinstance(item, Stop)
                    yield item
        if not stopped:  # a script may end its round itself, e.g. with Stop(reason="max_tokens")
            yield Stop(reason="tool_use" if saw_call else "end_turn")
