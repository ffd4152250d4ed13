"""The turn loop: model round, tool calls, results back, until the model stops or the bound is hit.

Each round streams one reply from the chosen provider and reads how it stopped: `tool_use` runs
the calls (a call to a tool not offered in that round is answered with an error, never run; a
round that only repeats calls already made gets them answered from what is there and the next
round offers no tools, where a reply that is only a call written as text gives way to tars's
answer from the results, see `answer_round`), `max_tokens` and `refusal` are told to the user, and anything else ends
the turn. A remote that fails hands the same turn to the primary (see `escalation`). Before each
round the request is fitted to the model's window (`compaction.fit_request`); a model that still
refuses it as too long gets it once more, compacted harder, and that is no reason to fall back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from tars.errors import ContextTooLong, ProviderError
from tars.events import (
    Event,
    ModelStart,
    Notice,
    Reply,
    SessionEvent,
    Status,
    Stop,
    TextDelta,
    ToolCall,
    ToolCallEvent,
    ToolResultEvent,
    Usage,
    accumulate,
)
from tars.providers.base import Provider
from tars.session.answer_round import answer_not_call
from tars.session.budget import Budget
from tars.session.compaction import fit_request
from tars.session.escalation import spec_of
from tars.session.repeats import RepeatGuard
from tars.session.turn import Turn
from tars.tokens import estimate_tokens
from tars.tool_hints import ToolHints
from tars.tools.base import Tool, ToolResult, not_offered
from tars.usage import billing_of

if TYPE_CHECKING:
    from tars.session.escalation import RouteResult
    from tars.session.session import Session

__all__ = ["run_turn"]


def run_turn(session: Session, text: str, route: RouteResult) -> Iterator[SessionEvent]:
    """Answer the latest user message (already in the context); `session.last_turn` is the Turn."""
    choice = session.escalation.choose(route)
    provider = choice.provider
    turn = session.last_turn = Turn(escalated=choice.escalated, route_reason=route.reason,
                                    escalation_skipped=choice.skipped)
    if choice.notice is not None:
        yield choice.notice
    if route.unavailable or route.told:  # tars answers: no model can do it, or tars knows the answer
        yield from _told_instead(session, turn, route)
        return
    hints = ToolHints.of(route)  # what the router tells the model: a paragraph natively, typed to the pipeline
    sections = session.context_sections(text)
    guard = RepeatGuard(session.tools)
    answer_now = False
    refused = harder = False  # a prompt refused as too long is compacted harder and retried, once a turn
    while turn.rounds < session.config.max_tool_rounds:
        tools = [] if answer_now else _offered(session, provider, hints)
        turn.model = str(spec_of(provider))
        yield ModelStart(model=turn.model, escalated=turn.escalated, fallback=turn.fell_back, round=turn.rounds + 1)
        told = hints.told_with(tools)
        system = session.system_prompt(sections, hints=told, tools=bool(tools) or turn.rounds > 0)
        if not getattr(provider, "loaded", True):  # a local model loads first: say so, it takes seconds
            yield Status(text="loading the model…")
            getattr(provider, "warm_up", lambda: None)()
        specs = [t.spec() for t in tools]
        budget = yield from fit_request(session, provider, system=system, sections=sections, tools=specs,
                                        harder=harder)
        harder = False
        turn.context_tokens, turn.context_window = budget.used, budget.window
        try:
            reply = yield from _model_round(session, provider, system, specs, turn, budget, hints=told,
                                            answer_now=answer_now, guard=guard)
        except ContextTooLong as exc:
            if refused:  # compacted harder and still refused: the user hears why, no fallback
                raise
            refused = harder = True
            session.meter.learn_rejection(provider, budget, str(exc))
            continue
        except ProviderError as exc:
            images = bool(session.context.messages[session.context.last_user_index()].attachments)
            if not session.escalation.can_fall_back(provider, turn.fell_back, images=images):
                raise
            yield session.escalation.fall_back(exc, partial=bool(turn.text))
            turn.fell_back, turn.escalated, turn.fallback_reason, turn.text = True, False, str(exc), ""
            provider = session.primary
            continue
        turn.rounds += 1
        turn.stop_reason = reply.stop_reason or "end_turn"
        calls = reply.tool_calls or _rescue(session, reply, provider, tools, turn)
        if not calls:
            yield from _ended(reply, turn)
            return
        if not reply.tool_calls:  # rescued: show them as calls like any other
            for call in calls:
                yield ToolCallEvent(call=call)
        if not session.auto_tools:
            offered = yield from _refuse_not_offered(session, calls, tools)
            session.context.pending = {c.id: c for c in offered}
            if offered:
                return
        else:
            repeats = yield from _run_calls(session, calls, tools, turn, guard)
            # a round that only repeats calls: the model answers from what it has, with no tools
            answer_now = repeats == len(calls)
        turn.text = ""
    turn.round_limit_hit = True
    yield Notice(level="warning", text=(
        f"stopped after {session.config.max_tool_rounds} tool rounds (TARS_MAX_TOOL_ROUNDS); "
        "the answer may be incomplete"))


def _told_instead(session: Session, turn: Turn, route: RouteResult) -> Iterator[SessionEvent]:
    """tars's own answer to a message: what no tool here does, a count of the text that came with
    it, or which tools are not set up and what the user must set."""
    text = route.told or (f"I can't do that yet: the tools it needs ({', '.join(route.tool_hints)}) are not set "
                            f"up. To use them, {route.unavailable}.")
    turn.text, turn.stop_reason, turn.model = text, "end_turn", "tars"
    turn.not_set_up = bool(route.unavailable) and not route.told
    session.context.add_reply(text)
    yield TextDelta(text=text)


def _offered(session: Session, provider: Provider, hints: ToolHints) -> list[Tool]:
    """Remote models get every tool; the primary gets the hinted ones (small contexts)."""
    if provider is session.remote or session.config.primary_tools == "all":
        return list(session.tools)
    return hints.offered(session.tools.get)


def _is_offered(session: Session, call: ToolCall, tools: list[Tool]) -> bool:
    """A call may run only if it names a tool offered this round, whatever the model says. A name
    no tool has counts as offered: the registry answers that it is unknown."""
    tool = session.tools.get(call.name)
    return tool is None or any(t.name == tool.name for t in tools)


def _refuse_not_offered(session: Session, calls: tuple[ToolCall, ...],
                        tools: list[Tool]) -> Generator[SessionEvent, None, list[ToolCall]]:
    """Answer calls to tools not offered with an error; the calls that may run are returned."""
    offered = []
    for call in calls:
        if _is_offered(session, call, tools):
            offered.append(call)
        else:
            yield ToolResultEvent(result=_refused(session, call, tools))
    return offered


def _refused(session: Session, call: ToolCall, tools: list[Tool]) -> ToolResult:
    """The error result of a call to a tool not offered this round: it never ran (no failure of a tool)."""
    return session.tool_call_result(call, not_offered(call.name, [t.name for t in tools]), is_error=True,
                                    skipped=True)


def _ended(reply: Reply, turn: Turn) -> Iterator[Notice]:
    """What the user is told when a round ends the turn in a way the answer alone does not show."""
    match turn.stop_reason:
        case "max_tokens":
            yield Notice(level="warning", text=(
                f"the answer was cut off: {turn.model} reached its output limit (max_tokens)"))
        case "refusal":
            yield Notice(level="warning", text=f"{turn.model} declined to answer (refusal)")
        case _ if not reply.text.strip() and turn.tool_results:
            yield Notice(level="warning",
                         text=f"{turn.model} gave no answer after its tool calls; their results are above")
        case _ if not reply.text.strip():  # e.g. only a call to a tool not offered, which is never shown
            yield Notice(level="warning", text=f"{turn.model} gave no answer")


def _run_calls(session: Session, calls: tuple[ToolCall, ...], tools: list[Tool], turn: Turn,
               guard: RepeatGuard) -> Generator[SessionEvent, None, int]:
    """Run every new call of a round that names an offered tool; a repeat gets the guard's answer,
    a call to a tool not offered an error. Returns how many were repeats. On Ctrl-C the rest get
    "interrupted" results (every call needs a result, or the next request to the model is malformed)."""
    done: set[str] = set()
    repeats = 0
    try:
        for call in calls:
            if (answer := guard.answer(call)) is not None:
                repeats += 1
                result = session.tool_call_result(call, answer, is_error=True, skipped=True)
            elif not _is_offered(session, call, tools):
                result = _refused(session, call, tools)
                guard.remember(call, failed=True)
            else:
                result = session.tools.run(call, confirm=session.confirm)
                session.record_result(call, result)
                guard.remember(call, failed=result.is_error)
            done.add(call.id)
            yield ToolResultEvent(result=result)
    except (KeyboardInterrupt, GeneratorExit):
        turn.interrupted = True
        for call in calls:
            if call.id not in done:
                session.tool_call_result(call, "interrupted by the user before it finished", is_error=True)
        raise
    return repeats


def _model_round(session: Session, provider: Provider, system: str, tools: list[dict[str, Any]],
                 turn: Turn, budget: Budget, *, hints: ToolHints | None = None,
                 answer_now: bool = False, guard: RepeatGuard | None = None) -> Generator[Event, None, Reply]:
    """Stream one model round into the context; keep the partial reply if interrupted. Asked to
    answer after a refused repeat, a reply that is only a call written as text is not the answer.
    A call the reply already made with the same arguments is dropped: the embedded model once wrote
    one call 128 times in a reply, whose refusals alone overflowed the window."""
    reply = Reply()
    made: set[tuple[str, str]] = set()
    session.meter.sent(budget)
    events = provider.stream(session.context.wire(), system=system, tools=tools, hints=hints)
    if answer_now:
        events = answer_not_call(events, lambda: session.messages)
    billing = billing_of(provider)
    try:
        with _closing(events):
            for event in events:
                if isinstance(event, ToolCallEvent) and guard is not None:
                    if (signature := guard.signature(event.call)) in made:
                        continue
                    made.add(signature)
                reply = accumulate(event, reply)
                if not isinstance(event, Stop):
                    turn.text = reply.text
                yield event
    except (KeyboardInterrupt, GeneratorExit):
        # the round happened, cut short: it counts, and what it used is tars's own count
        turn.interrupted, turn.rounds, turn.stop_reason = True, turn.rounds + 1, "interrupted"
        if reply.usage is not None:
            turn.record_round(billing, reply.usage)
        else:
            turn.record_round(billing, Usage(input_tokens=budget.used, output_tokens=estimate_tokens(reply.text)),
                              estimated=True)
        if reply.text:
            session.context.add_reply(reply.text, interrupted=True)
        raise
    # a ProviderError records nothing: the fallback model answers the turn afresh
    turn.record_round(billing, reply.usage)
    if not _pipelined(provider):  # a pipeline round reports its steps' prompts, not this one
        session.meter.learn(provider, budget, reply.input_tokens)
    session.context.add_reply(reply.text, reply.tool_calls)
    turn.tool_calls = reply.tool_calls
    turn.all_calls.extend(reply.tool_calls)
    return reply


def _pipelined(provider: Provider) -> bool:
    from tars.pipeline import PipelineProvider

    return isinstance(provider, PipelineProvider) and provider.active


@contextlib.contextmanager
def _closing(events: Iterator[Event]) -> Iterator[None]:
    """Close a provider's stream however the round ends: that cancels its request."""
    try:
        yield
    finally:
        close = getattr(events, "close", None)  # generators have it; a plain iterator has nothing to cancel
        if close is not None:
            close()


def _rescue(session: Session, reply: Reply, provider: Provider, tools: list[Tool], turn: Turn) -> tuple[ToolCall, ...]:
    """Calls rescued from a reply that only describes one (models without native calls only)."""
    if not tools or session.rescuer is None or reply.stop_reason not in (None, "end_turn") or provider.native_tools:
        return ()
    try:
        rescued = session.rescuer(reply.text, tools)
    except Exception:  # a failing rescue model costs the rescue, never the answer
        rescued = None
    if not rescued:
        return ()
    calls = tuple(rescued)
    # the prose is replaced by the calls, so the next round sees the tool results instead
    session.context.replace_last_reply(calls)
    turn.tool_calls = calls
    turn.all_calls.extend(calls)
    return calls
