"""The budget of one request: what the prompt holds, in tokens, against the model's window.

A request is the system prompt (with the memory sections in it), the offered tools, the
conversation as `Context.wire()` shows it (the summary of compacted turns apart) and the room
kept free for the answer. `Meter` counts them for each model with its own `TokenCounter` and
learns from what each model reports; `/context`, the footer and compaction read its `Budget`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tars.messages import Message
from tars.providers.base import Provider
from tars.session.context import is_summary
from tars.tokens import TokenCounter, tools_text

__all__ = ["Budget", "Meter"]

# sizes next to the word "tokens": "230000 tokens > 200000 maximum", "resulted in 9100 tokens",
# "Requested tokens (4500) exceed context window of 4096"; the largest is the prompt's
_SIZES = re.compile(r"(\d+)\s*tokens|tokens\s*\((\d+)\)")


@dataclass(frozen=True, kw_only=True)
class Budget:
    """Tokens of one request by part; `window` is None for a model without one (never compacted)."""

    model: str
    window: int | None
    reserve: int  # kept free for the answer
    system: int
    memory: int
    tools: int
    history: int
    summary: int
    messages: int = 0  # of the conversation, the summary apart
    raw: int = 0  # the same total before calibration, for learning from the model's report

    @property
    def used(self) -> int:
        return self.system + self.memory + self.tools + self.history + self.summary

    @property
    def room(self) -> int | None:
        """Tokens the prompt may take: the window less the answer's reserve."""
        return None if self.window is None else self.window - self.reserve

    @property
    def share(self) -> float:
        """The part of the window the prompt takes (0 without a window)."""
        return self.used / self.window if self.window else 0.0

    def fits(self) -> bool:
        return self.room is None or self.used <= self.room

    def parts(self) -> list[tuple[str, int]]:
        return [("system", self.system), ("tools", self.tools), ("memory", self.memory),
                ("history", self.history), ("summary", self.summary)]


class Meter:
    """Counts requests for each model, remembers the last one, and learns from reports."""

    def __init__(self) -> None:
        self._counters: dict[str, TokenCounter] = {}
        self.last: Budget | None = None  # the budget of the latest request sent
        self.reported: int | None = None  # what the model said that request held

    def counter(self, provider: Provider) -> TokenCounter:
        key = f"{provider.provider}:{provider.model}"
        if key not in self._counters:
            self._counters[key] = TokenCounter(provider.count_tokens)
        return self._counters[key]

    def how_counted(self, model: str) -> str:
        """How the requests to `provider:model` are counted, in words for `/context`."""
        counter = self._counters.get(model)
        if counter is not None and counter.exact:
            return "counted with the model's own tokenizer"
        if counter is not None and counter.calibrated:
            return f"estimated, scaled by {counter.scale:.2f} to match what the model reported"
        return "estimated (about 3.5 bytes a token)"

    def measure(self, provider: Provider, *, system: str, sections: Sequence[str],
                tools: Sequence[Mapping[str, Any]], messages: Sequence[Message]) -> Budget:
        """The budget of sending `messages` with `system` and `tools` to `provider`."""
        counter = self.counter(provider)
        memory_text = "\n\n".join(s.strip() for s in sections if s and s.strip())
        raw_system, raw_memory = counter.raw(system), counter.raw(memory_text)
        raw_tools = counter.raw(tools_text(tools))
        summary = [m for m in messages[:1] if is_summary(m)]
        raw_summary = sum(counter.raw_message(m) for m in summary)
        raw_history = sum(counter.raw_message(m) for m in messages[len(summary):])
        window = provider.context_window
        return Budget(
            model=f"{provider.provider}:{provider.model}", window=window,
            reserve=provider.max_output_tokens if window is not None else 0,
            system=counter.scaled(max(0, raw_system - raw_memory)), memory=counter.scaled(raw_memory),
            tools=counter.scaled(raw_tools), history=counter.scaled(raw_history),
            summary=counter.scaled(raw_summary), messages=len(messages) - len(summary),
            raw=raw_system + raw_tools + raw_summary + raw_history)

    def sent(self, budget: Budget) -> None:
        self.last, self.reported = budget, None

    def sent_nothing(self) -> None:
        """A new conversation: no request of it was sent yet."""
        self.last, self.reported = None, None

    def learn(self, provider: Provider, budget: Budget, reported: int | None) -> None:
        """The model answered a request of `budget` and said its prompt held `reported` tokens."""
        if reported:
            self.reported = reported
            self.counter(provider).calibrate(budget.raw, reported)

    def learn_rejection(self, provider: Provider, budget: Budget, message: str) -> None:
        """The model refused the request as too long: count higher from now on, by what it said
        the prompt held when it says so, else by a quarter."""
        counter = self.counter(provider)
        size = max((int(a or b) for a, b in _SIZES.findall(message.replace(",", ""))), default=0)
        if size > budget.used:
            counter.calibrate(budget.raw, size)
        else:
            counter.calibrate(budget.raw, int(counter.scaled(budget.raw) * 1.25) + 1)
