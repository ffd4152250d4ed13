"""Pipeline mode as a Session round strategy: router -> executor -> (tool) -> summariser.

The Session calls the strategy once per model round. A round that picks a tool ends with that
one call (`Stop("tool_use")`); the Session runs it and calls again, so a second tool goes
through router -> executor again within the round bound, and a round that needs no further
tool turns this turn's tool results into the answer without offering any tool.
"""

from __future__ import annotations

import json
import time
from typing import Any, Iterator, Sequence

from tars.events import Event, Stop, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.pipeline import prompts
from tars.pipeline.steps import StepRun, execute, route
from tars.tools.base import Tool

__all__ = ["PipelineStrategy"]


class PipelineStrategy:
    """Callable `(provider, messages, system, tools) -> events`; keeps every step's latency."""

    def __init__(self, provider: Any = None) -> None:
        self.provider = provider  # the model this was chosen for; others (an escalation) stay native
        self.timings: list[tuple[str, float]] = []  # (step, seconds), oldest first
        self.trace: list[dict[str, Any]] = []  # what each round decided, for /model and debugging

    def __call__(self, provider: Any, messages: Sequence[Message], system: str,
                 tools: Sequence[Tool]) -> Iterator[Event]:
        tools = list(tools)
        if self.provider is not None and provider is not self.provider:
            yield from provider.stream(messages, system=system, tools=[t.spec() for t in tools])
            return
        if not tools:
            yield from self._answer(provider, messages, system)
            return
        decision = route(provider, messages, tools)
        yield from self._account(decision.runs)
        self.trace.append({"choice": decision.choice, "tool": decision.tool, "error": decision.error})
        match decision.choice:
            case "clarify":
                yield TextDelta(text=decision.question or "")
                yield Stop(reason="end_turn")
            case "call_tool":
                yield from self._call(provider, messages, system, _by_name(tools, decision.tool))
            case _ if _after_tool(messages):
                yield from self._summarise(provider, messages, system)
            case _:
                yield from self._answer(provider, messages, system)

    def _call(self, provider: Any, messages: Sequence[Message], system: str, tool: Tool) -> Iterator[Event]:
        result = yield from self._execute(provider, messages, tool)
        if result.error is not None:
            # no tool name here: a rescuer that scans replies for tool names must not revive the call
            yield TextDelta(text=f"I could not work out valid details for that ({result.error}). "
                                 "Could you say it with the details spelled out?")
            yield Stop(reason="end_turn")
        elif _already_made(messages, tool.name, result.args or {}):
            # A small model asks again for what it already has: answer from the results instead.
            yield from self._summarise(provider, messages, system)
        else:
            yield ToolCallEvent(call=ToolCall(name=tool.name, arguments=result.args or {}))
            yield Stop(reason="tool_use")

    def _execute(self, provider: Any, messages: Sequence[Message], tool: Tool):
        result = execute(provider, messages, tool)
        yield from self._account(result.runs)
        self.trace[-1].update(args=result.args, repaired=result.repaired, args_error=result.error)
        return result

    def _summarise(self, provider: Any, messages: Sequence[Message], system: str) -> Iterator[Event]:
        request = [Message(role="user", content=prompts.summary_request(messages))]
        yield from self._timed("summariser", provider.stream(
            request, system=prompts.summariser_system(system), tools=()))

    def _answer(self, provider: Any, messages: Sequence[Message], system: str) -> Iterator[Event]:
        yield from self._timed("answer", provider.stream(messages, system=system, tools=()))

    def _timed(self, step: str, events: Iterator[Event]) -> Iterator[Event]:
        """Pass a streamed step through, dropping any call it makes (these steps may not call)."""
        started = time.perf_counter()
        try:
            for event in events:
                match event:
                    case ToolCallEvent():
                        continue
                    case Stop(reason="tool_use"):
                        yield Stop(reason="end_turn")
                    case _:
                        yield event
        finally:
            self.timings.append((step, time.perf_counter() - started))

    def _account(self, runs: Sequence[StepRun]) -> Iterator[Event]:
        for run in runs:
            self.timings.append((run.step, run.seconds))
            if run.input_tokens is not None or run.output_tokens is not None:
                yield Usage(input_tokens=run.input_tokens, output_tokens=run.output_tokens)


def _by_name(tools: Sequence[Tool], name: str | None) -> Tool:
    return next(t for t in tools if t.name == name)


def _after_tool(messages: Sequence[Message]) -> bool:
    return bool(messages) and messages[-1].role == "tool"


def _already_made(messages: Sequence[Message], name: str, args: dict[str, Any]) -> bool:
    """True when this exact call was already made since the latest user message."""
    key = json.dumps(args, sort_keys=True)
    for message in reversed(messages):
        if message.role == "user":
            return False
        if any(c.name == name and json.dumps(c.arguments, sort_keys=True) == key for c in message.tool_calls):
            return True
    return False
