"""A scripted provider for tests and demos: it replays text and tool-call deltas you give it.

Each round is either a list of events/strings/ToolCalls, or a callable
`(messages, tools) -> list` (like pydantic-ai's FunctionModel), so a test can script a model
that reacts to tool results. Strings become text deltas; ToolCalls become tool-call events.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tars.errors import ProviderError
from tars.events import Event, Stop, TextDelta, ToolCall, ToolCallEvent
from tars.messages import Message
from tars.providers.stop import ending_with_stop

if TYPE_CHECKING:
    from tars.tool_hints import ToolHints

__all__ = ["ScriptedProvider", "Round"]

Item = Event | str | ToolCall | ProviderError
Round = Sequence[Item] | Callable[[Sequence[Message], Sequence[dict[str, Any]]], Sequence[Item]]


class ScriptedProvider:
    """Plays `rounds` in order, one per `stream` call; repeats the last one when they run out."""

    provider = "scripted"

    def __init__(self, rounds: Iterable[Round], *, model: str = "script", native_tools: bool = True,
                 delay: float = 0.0, context_window: int | None = None, max_output_tokens: int = 256,
                 sees_images: bool = False) -> None:
        self.rounds = list(rounds)
        self.model = model
        self.native_tools = native_tools
        self.delay = delay
        self.context_window = context_window  # None: no window, the session never compacts
        self.max_output_tokens = max_output_tokens
        self.sees_images = sees_images  # whether images the user attaches may be sent to it
        self.calls: list[dict[str, Any]] = []  # what each round was given, for assertions

    def count_tokens(self, text: str) -> int | None:
        return None  # the session's estimate

    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        index = min(len(self.calls), len(self.rounds) - 1)
        self.calls.append({"messages": list(messages), "system": system, "tools": list(tools),
                           "response_schema": response_schema, "hints": hints})
        round_ = self.rounds[index]
        items = round_(messages, tools) if callable(round_) else round_
        return self._play(items)

    def _play(self, items: Sequence[Item]) -> Iterator[Event]:
        """The round's events; a script may end it itself, e.g. with Stop(reason="max_tokens")."""
        stop = next((item for item in items if isinstance(item, Stop)), None)
        if stop is not None:
            yield from self._events(item for item in items if item is not stop)
            yield stop
        else:
            yield from ending_with_stop(self._events(items))

    def _events(self, items: Iterable[Item]) -> Generator[Event, None, str | None]:
        for item in items:
            if self.delay:
                time.sleep(self.delay)
            match item:
                case ProviderError():
                    raise item
                case str():
                    yield TextDelta(text=item)
                case ToolCall():
                    yield ToolCallEvent(call=item)
                case _:
                    yield item
        return None
