"""Pipeline mode as a provider: each tool round of the inner model is router -> executor -> summariser.

`PipelineProvider(inner)` has the same `stream(messages, system=, tools=, hints=)` as every provider, so
the session's loop treats it like any model. A round that picks a tool ends with that one call
(`Stop("tool_use")`); the loop runs it and streams again, so a second tool goes through router ->
executor again within the round bound. A round offered no tools after tool results (the loop
asks for the answer) goes to the summariser, which turns this turn's results into the answer.
The keyword router's decision, handed over typed (`hints`), shapes the round (`plan`): sure of
one tool, there is no router step (after its result, straight to the summariser); sure of a
family, the model chooses among its tools only, with no "none"; sure that no tool is needed
(nothing offered), no tool step runs; unsure, the model decides among the hinted tools in a
canonical order. When every call of the turn failed, or each confirmed what it did, tars writes
the answer itself (`own_answers`). Each step announces itself with a `Status`.
In `auto` mode it decides on the first stream whether the inner model needs the pipeline, since
asking may load the model or query a server, which building a session must not do.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tars.errors import ToolError
from tars.events import Event, Status, Stop, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message, latest_user_text
from tars.pipeline import prompts
from tars.pipeline.arithmetic_check import correction
from tars.pipeline.grounding import Grounds
from tars.pipeline.own_answers import confirmations, missing_note, nothing_useful, own_answer
from tars.pipeline.steps import Arguments, Decision, StepRun, execute, route
from tars.pipeline.unnamed_place import placed, unplaced
from tars.providers.base import Provider
from tars.system_prompt import without_tool_hints
from tars.tool_hints import ToolHints
from tars.tools.base import Tool

__all__ = ["PipelineProvider", "Plan", "Settled", "wants_pipeline", "SMALL_CONTEXT"]

SMALL_CONTEXT = 8192  # tokens; below this, every tool schema at once crowds the prompt out


def wants_pipeline(mode: str, provider: Provider) -> bool:
    """Whether `mode` (native|pipeline|auto) means pipeline for this provider."""
    if mode == "auto":
        window = provider.context_window
        return not provider.native_tools or (window is not None and window < SMALL_CONTEXT)
    return mode == "pipeline"


@dataclass
class Plan:
    """What one round does before any model call (see `PipelineProvider.plan`)."""

    step: Literal["own", "summarise", "answer", "call", "route"]
    tools: list[Tool] = field(default_factory=list)
    allow_none: bool = True
    sure: bool = False  # the keyword router is sure these are the tools to choose from

    @property
    def asks_for_details(self) -> bool:
        """Whether a required detail the message lacks is asked for. Only when the keyword router is
        sure a tool is wanted: when it is unsure and the model's pick cannot be filled from the
        message (or is filled only with values the model chose), the pick is likely wrong, and the
        message is answered without a tool instead."""
        return self.step == "call" or self.sure


@dataclass
class Settled:
    """What a round's tool steps decided (see `PipelineProvider.settle`): the plan, the model's
    router answer when that step ran, and the tool chosen with the executor's arguments."""

    plan: Plan
    routed: Decision | None = None
    tool: Tool | None = None
    call: Arguments | None = None

    @property
    def outcome(self) -> Literal["own", "summarise", "call", "clarify", "none"]:
        """What the round does next: tars's own answer, the summary of results, the call, a question
        for a missing detail, or an answer with no tool."""
        if self.plan.step in ("own", "summarise"):
            return self.plan.step
        if self.routed is not None and self.routed.choice == "clarify":
            return "clarify"
        if self.call is None:
            return "none"
        if self.call.question is None:  # an unsure pick holding nothing the user gave is no request for it
            return "call" if self.call.given or self.plan.asks_for_details else "none"
        return "clarify" if self.plan.asks_for_details else "none"

    @property
    def question(self) -> str | None:
        """The question a "clarify" outcome asks (the router's, or the executor's for a missing detail)."""
        if self.call is not None and self.call.question is not None:
            return self.call.question
        return self.routed.question if self.routed is not None else None


class PipelineProvider:
    """Wraps a provider; keeps every step's latency (`timings`) and decision (`trace`)."""

    def __init__(self, inner: Provider, *, mode: Literal["pipeline", "auto"] = "pipeline",
                 grounds: Grounds | None = None) -> None:
        self.inner = inner
        self.mode = mode
        self.grounds = grounds or Grounds()  # the moment and default place the executor relies on
        self._active: bool | None = True if mode == "pipeline" else None
        self.timings: list[tuple[str, float]] = []  # (step, seconds), oldest first
        self.trace: list[dict[str, Any]] = []  # what each round decided, for /model and debugging

    def __repr__(self) -> str:
        return f"PipelineProvider({self.inner!r}, mode={self.mode!r})"

    # -- what the loop and /model see ---------------------------------------------------------
    @property
    def provider(self) -> str:
        return self.inner.provider

    @property
    def model(self) -> str:
        return self.inner.model

    @property
    def context_window(self) -> int | None:
        return self.inner.context_window

    @property
    def max_output_tokens(self) -> int:
        return self.inner.max_output_tokens

    def count_tokens(self, text: str) -> int | None:
        return self.inner.count_tokens(text)

    @property
    def sees_images(self) -> bool:
        from tars.providers.vision import sees_images

        return sees_images(self.inner)

    @property
    def active(self) -> bool:
        """Whether rounds go through the pipeline (decided on first use in auto mode)."""
        if self._active is None:
            self._active = wants_pipeline(self.mode, self.inner)
        return self._active

    @property
    def native_tools(self) -> bool:
        # pipeline calls are always structured: a reply never merely describes one
        return True if self.active else self.inner.native_tools

    @property
    def tool_mode(self) -> str:
        if self._active is None:
            return "auto (decided on the first message)"
        return "pipeline" if self._active else "native"

    @property
    def loaded(self) -> bool:
        return bool(getattr(self.inner, "loaded", True))

    def warm_up(self) -> None:
        warm = getattr(self.inner, "warm_up", None)  # only local models have something to load
        if warm is not None:
            warm()

    # -- one round ------------------------------------------------------------------------------
    def stream(self, messages: Sequence[Message], *, system: str = "", tools: Sequence[dict[str, Any]] = (),
               response_schema: dict[str, Any] | None = None, hints: ToolHints | None = None) -> Iterator[Event]:
        if response_schema is not None or not self.active:
            return self.inner.stream(messages, system=system, tools=tools, response_schema=response_schema,
                                     hints=hints)
        return self._counted(self._round(list(messages), system, [_described(spec) for spec in tools], hints))

    def plan(self, messages: Sequence[Message], tools: Sequence[Tool], hints: ToolHints | None = None) -> Plan:
        """What a round does, from the session's decisions alone (no model call): the keyword
        router's hints and how sure it is, and the tools offered.

        "own": tars answers (every call failed, or each confirmed what it did); "summarise" or
        "answer" with no tool step; "call" the one tool the sure router narrowed to, no router step;
        "route": the model chooses among `tools` ("none" too, unless the router is sure)."""
        hints = hints or ToolHints()
        sure = hints.sure and bool(hints.names)  # sure of nothing is not sure
        narrowed = sure and len(tools) == 1 and hints.names == (tools[0].name,)
        after_tool = _after_tool(messages)
        if after_tool and (nothing_useful(messages) or confirmations(messages)):
            return Plan("own")
        if not tools or (after_tool and narrowed):  # the one tool narrowed to has answered
            return Plan("summarise" if after_tool else "answer")
        if narrowed:
            return Plan("call", list(tools), sure=True)
        return Plan("route", list(tools), allow_none=after_tool or not sure, sure=sure)

    def settle(self, messages: Sequence[Message], tools: Sequence[Tool],
               hints: ToolHints | None = None) -> Generator[Event, None, Settled]:
        """Plan the round and run its tool steps: the model's router step when the plan asks for
        one, then the executor for the tool chosen. Each step announces itself with a `Status` and
        reports its usage; nothing of the answer is written. `tars bench` scores what this returns."""
        plan = self.plan(messages, tools, hints)
        settled = Settled(plan)
        if plan.step in ("own", "summarise"):
            return settled
        if plan.step == "answer":
            self.trace.append({"choice": "none", "tool": None, "error": None, "router": "skipped"})
            return settled
        if plan.asks_for_details and (question := unplaced(plan.tools, messages, self.grounds)) is not None:
            tool = plan.tools[0]  # "what's the weather?" with no place known: ask before any model step
            self.trace.append({"choice": "clarify", "tool": tool.name, "error": None, "router": "skipped",
                               "question": question})
            settled.tool = tool
            settled.call = Arguments(tool.name, {}, json_valid=True, schema_valid=False, question=question)
            return settled
        if plan.step == "call" and (args := placed(plan.tools[0], messages, self.grounds)) is not None:
            tool = plan.tools[0]  # "what's the weather?" with a default place: that place, no model step
            self.trace.append({"choice": "call_tool", "tool": tool.name, "error": None, "router": "skipped",
                               "args": args})
            settled.tool = tool
            settled.call = Arguments(tool.name, args, json_valid=True, schema_valid=True)
            return settled
        if plan.step == "call":
            tool = plan.tools[0]
            self.trace.append({"choice": "call_tool", "tool": tool.name, "error": None, "router": "skipped"})
        else:
            yield Status(text="choosing a tool…")
            routed = route(self.inner, messages, plan.tools, allow_none=plan.allow_none)
            yield from self._account(routed.runs)
            self.trace.append({"choice": routed.choice, "tool": routed.tool, "error": routed.error})
            settled.routed = routed
            if routed.choice != "call_tool":
                return settled
            tool = _not_storing_a_question(messages, plan.tools, routed.tool or "")
        yield Status(text=f"calling {tool.name}…")
        call = execute(self.inner, messages, tool, self.grounds)
        yield from self._account(call.runs)
        self.trace[-1].update(args=call.args, repaired=call.repaired, args_error=call.error)
        settled.tool, settled.call = tool, call
        match settled.outcome:
            case "clarify":
                self.trace[-1].update(choice="clarify", question=call.question)
            case "none":  # an unsure pick the message gives no details for: no tool after all
                self.trace[-1].update(choice="none")
        return settled

    def _round(self, messages: list[Message], system: str, tools: list[Tool],
               hints: ToolHints | None) -> Iterator[Event]:
        settled = yield from self.settle(messages, tools, hints)
        # tool hints help a model choosing among schemas; the steps that answer read them as a topic
        system = without_tool_hints(system, hints)
        match settled.outcome:
            case "own":
                yield from self._own_answer(messages)
            case "summarise":
                yield from self._summarise(messages, system)
            case "clarify":
                yield TextDelta(text=settled.question or "")
                yield Stop(reason="end_turn")
            case "call" if settled.call is not None and settled.call.error is not None:
                # no tool name here: a rescuer that scans replies for tool names must not revive the call
                yield TextDelta(text=f"I could not work out valid details for that ({settled.call.error}). "
                                     "Could you say it with the details spelled out?")
                yield Stop(reason="end_turn")
            case "call" if settled.tool is not None and settled.call is not None:
                yield ToolCallEvent(call=ToolCall(name=settled.tool.name, arguments=settled.call.args or {}))
                yield Stop(reason="tool_use")
            case _ if _after_tool(messages):
                yield from self._summarise(messages, system)
            case _:
                yield from self._answer(messages, system)

    def _own_answer(self, messages: list[Message]) -> Iterator[Event]:
        """Every call failed (tars says so rather than let the model guess), or every call confirmed
        what it did (tars passes that on rather than have it retold)."""
        confirmed = confirmations(messages)
        self.trace.append({"choice": "confirmed" if confirmed else "told_failure", "tool": None, "error": None})
        yield TextDelta(text=own_answer(messages))
        yield Stop(reason="end_turn")

    def _summarise(self, messages: list[Message], system: str) -> Iterator[Event]:
        yield Status(text="reading the results…")
        request = [Message(role="user", content=prompts.summary_request(messages))]
        stop = yield from self._checked(self._timed("summariser", self.inner.stream(
            request, system=prompts.summariser_system(system), tools=())))
        if note := missing_note(messages):  # what failed or found nothing, told by tars, not retold
            yield TextDelta(text="\n\n" + note)
        yield stop

    def _answer(self, messages: list[Message], system: str) -> Iterator[Event]:
        stop = yield from self._checked(self._timed("answer", self.inner.stream(_as_told(messages), system=system,
                                                                                tools=())))
        yield stop

    @staticmethod
    def _checked(events: Iterator[Event]) -> Generator[Event, None, Stop]:
        """Pass an answer through, holding back its end: a sum the model got wrong ("17 × 23 = 411")
        is then named with the calculator's value, after the text and before the end."""
        stop, text = Stop(reason="end_turn"), []
        for event in events:
            match event:
                case Stop():
                    stop = event
                case TextDelta(text=delta):
                    text.append(delta)
                    yield event
                case _:
                    yield event
        if stop.reason == "end_turn" and (note := correction("".join(text))):
            yield TextDelta(text="\n\n" + note)
        return stop

    def _timed(self, step: str, events: Iterator[Event]) -> Iterator[Event]:
        """Pass a streamed step through. These steps are offered no tools; a call the model makes
        anyway goes to the session's loop, which never runs it and tells the model it is not
        available, so the turn goes on (dropping it would end the turn with no answer)."""
        started = time.perf_counter()
        try:
            yield from events
        finally:
            self.timings.append((step, time.perf_counter() - started))

    def _counted(self, events: Iterator[Event]) -> Iterator[Event]:
        """A round's events; one that asked no model anything ("12 × 13 = 156", read and run by tars)
        reports the none it used, so the footer says so rather than "tokens not reported" (which
        stays for a model that ran and reported none). Every model step leaves a timing."""
        steps, reported = len(self.timings), False
        for event in events:
            if isinstance(event, Usage):
                reported = True
            elif isinstance(event, Stop) and not reported and len(self.timings) == steps:
                yield Usage(input_tokens=0, output_tokens=0)
                reported = True
            yield event

    def _account(self, runs: Sequence[StepRun]) -> Iterator[Event]:
        for run in runs:
            self.timings.append((run.step, run.seconds))
            if run.input_tokens is not None or run.output_tokens is not None:
                yield Usage(input_tokens=run.input_tokens, output_tokens=run.output_tokens)


# how a tool's own answer opens ("Remembered: You prefer metric units."): a small model answering
# the next message with no tool copied the opening ("Remembered: 10 miles is 628.3 kilometers.")
_TOLD_BY_A_TOOL = re.compile(r"^(?:Remembered|Updated|Forgotten|From memory): ")


def _as_told(messages: Sequence[Message]) -> list[Message]:
    """The conversation as the user saw it: each turn's request and answer, without the calls and
    results in between, and without the opening words of answers a tool gave. A small model
    answering with no tool, shown earlier turns' calls, wrote one of its own as the answer
    (`{"name": "joke", …}`); each answer already says what its calls found."""
    return [dataclasses.replace(m, content=_TOLD_BY_A_TOOL.sub("", m.content, count=1)) if m.role == "assistant" else m
            for m in messages if m.role != "tool" and not (m.role == "assistant" and m.tool_calls and
                                                           not m.content.strip())]


def _not_here(**_: Any) -> None:
    raise ToolError("pipeline steps choose calls; the session runs them")


def _described(spec: dict[str, Any]) -> Tool:
    """The steps read a tool's name, description and schema; the call itself runs in the session."""
    return Tool(name=spec["name"], description=spec.get("description") or "",
                parameters=spec.get("parameters") or {"type": "object", "properties": {}}, func=_not_here,
                said_by_user=tuple(spec.get("said_by_user") or ()))


def _not_storing_a_question(messages: Sequence[Message], tools: Sequence[Tool], name: str) -> Tool:
    """The chosen tool, or its recalling sibling when it would store a question as a fact."""
    from tars.routing.cues import BUILTIN_FAMILIES
    from tars.routing.family import recall_instead

    last = latest_user_text(messages)
    recall = recall_instead(BUILTIN_FAMILIES, name, last)
    by_name = {t.name: t for t in tools}
    return by_name.get(recall or "") or by_name[name]


def _after_tool(messages: Sequence[Message]) -> bool:
    return bool(messages) and messages[-1].role == "tool"
