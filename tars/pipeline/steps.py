"""The router and executor steps: one small constrained model call each, timed and checked.

Both are plain functions over a provider so that `tars bench` measures exactly what a chat
session runs. Each returns what it decided plus the facts the bench scores: whether the first
answer was strict JSON, whether the arguments met the schema, and each call's latency.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tars.attachments.compose import request_of, requests_of
from tars.errors import ProviderRejected
from tars.events import TextDelta, ToolCallEvent, Usage
from tars.messages import Message, latest_user_text
from tars.pipeline import prompts
from tars.pipeline.conversation_text import content_stems
from tars.pipeline.grounding import Grounds, date_notes, ground, takes_place
from tars.pipeline.jsonout import Parsed, drop_null_optionals, parse_object, ruled_out, schema_error
from tars.pipeline.mentioned import mentioned
from tars.routing.follow_up import chain, new_value
from tars.tools import date_phrases
from tars.tools.base import Tool
from tars.tools.fact_wording import statement
from tars.tools.stated import carried_args, followed, stated_args, unreferred

__all__ = ["StepRun", "Decision", "Arguments", "run_step", "route", "execute", "CHOICES"]

CHOICES = ("call_tool", "clarify", "none")
_ROUTER_CAP = 600  # characters; a constrained answer is ~60, so more means the model is rambling
_WHOLE_STATEMENT = 3  # words: fewer is a bare name ("Porto"), not the fact the user stated
# "…, thanks", "… so don't suggest meat", "… and what is the weather there": more than one fact
_SECOND_CLAUSE = re.compile(r",\s|;|\b(?:and|so|but|because|which|then) (?:what|how|don'?t|do|please|can|could|"
                            r"tell|let|remind|i|you|we|it|that|this)\b", re.IGNORECASE)
_EXECUTOR_CAP = 1200  # a rambling string argument is cut here, then repaired or retried


@dataclass
class StepRun:
    """One model call of a step: its raw text, parse, latency and token usage."""

    step: str
    text: str
    parsed: Parsed
    seconds: float
    input_tokens: int | None = None
    output_tokens: int | None = None


@dataclass
class Decision:
    """The router's answer. `error` says why an answer was rejected (then choice is "none")."""

    choice: str
    tool: str | None = None
    question: str | None = None
    json_valid: bool = True
    error: str | None = None
    runs: list[StepRun] = field(default_factory=list)


@dataclass
class Arguments:
    """The executor's answer. `error` is set when neither try met the schema; `args` then holds
    the last arguments tried (or None when no JSON object came out at all)."""

    tool: str
    args: dict[str, Any] | None
    json_valid: bool
    schema_valid: bool
    repaired: bool = False
    error: str | None = None
    runs: list[StepRun] = field(default_factory=list)
    # set when a required argument is not in the conversation: ask this instead of calling
    question: str | None = None
    given: bool = True  # whether the arguments hold anything the user gave (`Grounded.given`)


def run_step(provider: Any, step: str, messages: Sequence[Message], system: str,
             schema: dict[str, Any], *, cap: int) -> StepRun:
    """One constrained call. A call event (a provider that parses calls from text) is read back
    as the JSON it stood for; output past `cap` characters is cut off by closing the stream."""
    started = time.perf_counter()
    try:
        text, usage = _collect(provider.stream(messages, system=system, tools=(), response_schema=schema), cap)
    except ProviderRejected:  # a backend that cannot compile this schema: ask without it
        text, usage = _collect(provider.stream(messages, system=system, tools=()), cap)
    return StepRun(step, text, parse_object(text), time.perf_counter() - started, *usage)


def _collect(events, cap: int) -> tuple[str, tuple[int | None, int | None]]:
    text, tokens_in, tokens_out = [], None, None
    size = 0
    try:
        for event in events:
            match event:
                case TextDelta(text=chunk):
                    text.append(chunk)
                    size += len(chunk)
                    if size > cap:
                        break
                case ToolCallEvent(call=call):
                    text.append(json.dumps({"tool": call.name, "args": call.arguments}))
                case Usage(input_tokens=i, output_tokens=o):
                    tokens_in = i if tokens_in is None else tokens_in + (i or 0)
                    tokens_out = o if tokens_out is None else tokens_out + (o or 0)
                case _:
                    pass
    finally:
        close = getattr(events, "close", None)
        if close:
            close()  # stops generation in a provider that streams lazily
    return "".join(text), (tokens_in, tokens_out)


# -- router --------------------------------------------------------------------------------
def route(provider: Any, messages: Sequence[Message], tools: Sequence[Tool], *, allow_none: bool = True) -> Decision:
    """Ask which tool (if any) the latest message needs; one retry when the answer is unusable.
    The tools are shown in one canonical order (by name), so the order they came in cannot bias
    the choice; without `allow_none` the answer is a tool or a question."""
    tools = sorted(tools, key=lambda t: t.name)
    request = [*prompts.router_examples(tools), Message(role="user", content=prompts.request_text(messages))]
    system, schema = prompts.router_system(tools), prompts.router_schema(tools, allow_none=allow_none)
    runs: list[StepRun] = []
    error = None
    for attempt in range(2):
        run = run_step(provider, "router" if attempt == 0 else "router_retry", request, system, schema,
                       cap=_ROUTER_CAP)
        runs.append(run)
        decision, error = _read_decision(run.parsed.value, tools)
        if decision is not None:
            decision.json_valid, decision.runs = runs[0].parsed.strict, runs
            return decision
        request = [*request, Message(role="assistant", content=run.text),
                   Message(role="user", content=f"That answer was not usable: {error}. Reply again with JSON only.")]
    return Decision("none", json_valid=runs[0].parsed.strict, error=error, runs=runs)


def _read_decision(value: dict[str, Any] | None, tools: Sequence[Tool]) -> tuple[Decision | None, str | None]:
    if value is None:
        return None, "it was not a JSON object"
    if "choice" not in value and isinstance(value.get("tool"), str):  # a call written instead of a choice
        value = {**value, "choice": "call_tool"}
    choice = value.get("choice")
    if choice not in CHOICES:
        return None, f'"choice" must be one of {", ".join(CHOICES)}'
    if choice == "clarify":
        question = str(value.get("question") or "").strip() or "Could you give me the details I need for that?"
        return Decision("clarify", question=question), None
    if choice == "none":
        return Decision("none"), None
    name = value.get("tool")
    tool = _find(tools, name) if isinstance(name, str) else None
    if tool is None:
        names = ", ".join(t.name for t in tools)
        return None, f"tool {name!r} is not one of the offered tools ({names})"
    return Decision("call_tool", tool=tool.name), None


def _find(tools: Sequence[Tool], name: str) -> Tool | None:
    for tool in tools:
        if name == tool.name or name in tool.aliases:
            return tool
    return None


# -- executor ------------------------------------------------------------------------------
def execute(provider: Any, messages: Sequence[Message], tool: Tool, grounds: Grounds | None = None) -> Arguments:
    """Ask for `tool`'s arguments and validate them; on failure, one retry that shows the error.
    Valid arguments are then checked against the conversation (`grounding`)."""
    previous = _last_result(messages, followed(tool.name))
    if (question := unreferred(tool.name, request_of(latest_user_text(messages)), previous)) is not None:
        return Arguments(tool.name, {}, json_valid=True, schema_valid=False, question=question)
    if (stated := _stated_args(tool, messages, previous)) is not None:
        return Arguments(tool.name, stated, json_valid=True, schema_valid=True)
    grounds = grounds or Grounds()
    now = grounds.moment(messages)
    request = [Message(role="user", content=prompts.request_text(messages))]
    # the default place only for a tool that takes a place: a small model copies any line it is shown
    place = grounds.default_place() if takes_place(tool.parameters) else None
    system = prompts.executor_system(tool, now, place=place, dates=date_notes(messages, now))
    schema = prompts.executor_schema(tool, mentioned(tool.parameters, latest_user_text(messages)))
    run = run_step(provider, "executor", request, system, schema, cap=_EXECUTOR_CAP)
    args, error = _read_args(run.parsed.value, tool)
    result = Arguments(tool.name, args, json_valid=run.parsed.strict, schema_valid=error is None,
                       error=error, runs=[run])
    if error is not None:
        retry = [*request, Message(role="assistant", content=run.text),
                 Message(role="user", content=f"Those arguments are invalid: {error}. "
                         f'Reply again with corrected JSON only: {{"tool": "{tool.name}", "args": {{...}}}}.')]
        run2 = run_step(provider, "repair", retry, system, schema, cap=_EXECUTOR_CAP)
        args, error = _read_args(run2.parsed.value, tool)
        result.runs.append(run2)
        result.args, result.error, result.repaired = args, error, True
        result.schema_valid = error is None
    if args is not None:  # invalid arguments too: a missing detail is the better thing to ask about
        if error is not None:
            out = ruled_out(tool.parameters, args)
            args = {name: value for name, value in args.items() if name not in out}
        _ground(result, tool, args, messages, grounds)
    return result


def _stated_args(tool: Tool, messages: Sequence[Message], previous: dict[str, Any] | None) -> dict[str, Any] | None:
    """Arguments the message states exactly (`tars.tools.stated`), when they meet the schema;
    `previous`: the output a follow-up may take further (`_last_result`)."""
    content = latest_user_text(messages)
    request = request_of(content)  # the request is read; what came attached only as its numbers
    args = stated_args(tool.name, request, attached=content[len(request):], previous=previous)
    if args is None:  # a follow-up: "and new year's day?" after "what day is christmas?"
        args = carried_args(tool.name, chain(requests_of(messages)), new_value)
    return args if args is not None and schema_error(tool.parameters, args) is None else None


def _last_result(messages: Sequence[Message], follows: tuple[str, bool]) -> dict[str, Any] | None:
    """The output of the latest successful call of the tool `follows` names before the latest user
    message (what "now subtract 100" takes further), in the turn just before when it says so; or None."""
    name, last_turn = follows
    users = [i for i, m in enumerate(messages) if m.role == "user"]
    latest = users[-1] if users else 0
    start = users[-2] if last_turn and len(users) > 1 else 0
    for message in reversed(messages[start:latest]):
        if message.role == "tool" and message.name == name and not message.is_error:
            try:
                value = json.loads(message.content)
            except ValueError:
                return None
            return value if isinstance(value, dict) else None
    return None


def _ground(result: Arguments, tool: Tool, args: dict[str, Any], messages: Sequence[Message],
            grounds: Grounds) -> None:
    checked = ground(tool.parameters, args, messages, grounds, stated=tool.said_by_user)
    last = latest_user_text(messages)
    # the user stated it; a small model rewrote it into what they did not say, cut it to a bare name,
    # or left out some of it ("my sister Ana lives in Porto" kept as "Ana lives in Porto")
    told = [name for name in tool.said_by_user if name in checked.missing
            or (isinstance(value := checked.args.get(name), str) and (len(value.split()) < _WHOLE_STATEMENT
                                                                      or _leaves_out(statement(last, value), value,
                                                                                     grounds.moment(messages))))]
    if told:
        args = {**args, **{name: statement(last, str(args.get(name) or "")) for name in told}}
        checked = ground(tool.parameters, args, messages, grounds, stated=tool.said_by_user)
    result.given = checked.given
    if checked.question is not None:
        result.question = checked.question
    elif result.error is None and schema_error(tool.parameters, checked.args) is None:
        result.args = checked.args


def _leaves_out(stated: str, value: str, now: dt.datetime) -> bool:
    """Whether `value` leaves out something the user stated (a word of what it is about). A
    statement with a question or a second clause is not taken whole, and its dates are the model's
    to resolve ("tomorrow" kept as a date stays right tomorrow)."""
    if "?" in stated or _SECOND_CLAUSE.search(stated):
        return False
    for phrase, _ in date_phrases.find(stated, now):
        stated = stated.replace(phrase, " ")
    return bool(content_stems(stated) - content_stems(value))


def _read_args(value: dict[str, Any] | None, tool: Tool) -> tuple[dict[str, Any] | None, str | None]:
    if value is None:
        return None, "the answer was not a JSON object"
    if value.get("tool") not in (None, tool.name, *tool.aliases):
        return None, f'"tool" must be "{tool.name}"'
    args = value.get("args", value.get("arguments"))
    if args is None and "tool" not in value:
        args = value  # the bare arguments object: accept it, the schema still decides
    if isinstance(args, str):  # arguments given as a JSON string
        args = parse_object(args).value
    if not isinstance(args, dict):
        return None, '"args" must be a JSON object'
    args = drop_null_optionals(tool.parameters, args)
    return args, schema_error(tool.parameters, args)
