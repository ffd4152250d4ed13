"""The Session: conversation context, routing, the bounded tool loop, and fallback.

`send(text)` routes the message, streams the model's reply, runs the tool calls it asks for,
feeds the results back, and repeats for at most `max_tool_rounds` rounds. When an escalated turn's
remote model fails, the same turn is answered by the primary and the remote cools down.

Hooks for the other parts (none changes the loop): `tools` (a ToolRegistry: built-in and MCP
tools), `rescuer` (turns a reply that only describes a call into calls), `round_strategy`
(pipeline mode replaces one model round), `add_context` (memory sections for the system prompt).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import Any, Callable, Iterator

from tars.config import Config, load_config
from tars.cooldown import Cooldown
from tars.errors import ProviderError
from tars.events import (
    ModelStart, Notice, Reply, SessionEvent, Stop, ToolCall, ToolCallEvent, ToolResultEvent, Usage,
    accumulate,
)
from tars.messages import Message
from tars.providers.base import Provider
from tars.system_prompt import build_system_prompt
from tars.tools.base import Tool, ToolResult
from tars.tools.registry import Confirm, ToolRegistry
from tars.turn import Turn

__all__ = ["Session", "Turn", "known_tools", "close_stream"]

from tars.assembly import DeferredStrategy, known_tools  # noqa: E402  (re-exported: used by the CLI)

_REPEATED = "already called with these arguments in this turn; its result is above. Answer the user now."

RoundStrategy = Callable[[Provider, list[Message], str, list[Tool]], Iterator[Any]]


class Session:
    """A conversation with tars. See the module docstring; `from_config` builds a real one."""

    def __init__(
        self,
        config: Config,
        *,
        primary: Provider,
        remote: Provider | None = None,
        tools: ToolRegistry | None = None,
        auto_tools: bool = True,
        confirm: Confirm | None = None,
        cooldown: Cooldown | None = None,
    ) -> None:
        from tars.config import cache_dir

        self.config = config
        self.primary = primary
        self.remote = remote
        self.tools = tools if tools is not None else ToolRegistry()
        self.auto_tools = auto_tools
        self.confirm = confirm
        self.cooldown = cooldown or Cooldown(cache_dir() / "remote_cooldown.json", config.remote_cooldown)
        self.messages: list[Message] = []
        self.last_turn: Turn | None = None
        self.rescuer: Callable[[str, list[Tool]], list[ToolCall] | None] | None = None
        self.round_strategy: RoundStrategy | None = None
        self._contexts: list[Callable[[str], str | None]] = []
        self._pending: dict[str, ToolCall] = {}
        self._cooldown_told = False
        self.mcp = None  # the MCP manager, when servers are configured (see tars.mcp.attach)

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_config(
        cls, config: Config | None = None, *, confirm: Confirm | None = None, auto_tools: bool = True,
        mcp: bool = True,
    ) -> Session:
        """A session with the configured models, the built-in tools and (in the background) MCP."""
        from tars.providers import make_provider

        config = config or load_config()
        primary = make_provider(config.model_default, config)
        remote_spec = config.model_remote
        remote = make_provider(remote_spec, config) if remote_spec and remote_spec != config.model_default else None
        from tars import assembly

        tools = ToolRegistry(assembly.builtin_tools(config), policies=assembly.policies(config))
        session = cls(config, primary=primary, remote=remote, tools=tools, auto_tools=auto_tools, confirm=confirm)
        for section in assembly.context_sections(config):
            session.add_context(section)
        session.rescuer = assembly.rescuer(config)
        session.round_strategy = assembly.strategy(config, primary)
        session.mcp = assembly.attach_mcp(session) if mcp else None
        return session

    def add_context(self, section: Callable[[str], str | None]) -> None:
        """Add a function whose text (given the user's message) joins the system prompt each turn."""
        self._contexts.append(section)

    def route(self, text: str):
        """The router's decision for `text` with this session's current tools (MCP ones too)."""
        from tars.config import ModelSpec
        from tars.router import route

        # the router decides from the models this session really has (tests and the library
        # API may hand in providers that the settings do not name)
        config = self.config.replace(
            model_default=ModelSpec(self.primary.provider, self.primary.model),
            model_remote=ModelSpec(self.remote.provider, self.remote.model) if self.remote else None,
        )
        return route(text, config, list(self.tools))

    # -- the conversation -------------------------------------------------------------------
    def send(self, text: str) -> Turn:
        """Send a user message and run the turn to the end; returns the Turn."""
        for _ in self.stream(text):
            pass
        assert self.last_turn is not None
        return self.last_turn

    def stream(self, text: str) -> Iterator[SessionEvent]:
        """Like `send`, yielding events as they happen; the Turn is `self.last_turn` afterwards."""
        self._settle_pending()
        yield from self._background_notices()
        decision = self.route(text)
        self.messages.append(Message(role="user", content=text))
        yield from self._run(text, decision)

    def resume(self) -> Turn:
        """After the caller recorded results for pending calls (auto_tools=False), let the model go on."""
        for _ in self.stream_resume():
            pass
        assert self.last_turn is not None
        return self.last_turn

    def stream_resume(self) -> Iterator[SessionEvent]:
        self._settle_pending()
        user_text = next((m.content for m in reversed(self.messages) if m.role == "user"), "")
        yield from self._run(user_text, self.route(user_text))

    def call_tool(self, call: ToolCall) -> ToolResult:
        """Run one call through the registry and record its result in the context."""
        result = self.tools.run(call, confirm=self.confirm)
        self._record_result(call, result)
        return result

    def tool_call_result(self, call: ToolCall, output: Any, *, is_error: bool = False) -> ToolResult:
        """Record a result the caller produced itself for `call`."""
        result = ToolResult(call_id=call.id, name=call.name, output=output, is_error=is_error)
        self._record_result(call, result)
        return result

    def clear(self) -> None:
        self.messages.clear()
        self._pending.clear()

    def status(self) -> dict[str, Any]:
        """What `/model` shows: models, routing state, cool-down, rescue counters."""
        remote = str(self._spec(self.remote)) if self.remote else None
        cooling = self.cooldown.active(remote) if remote else None
        status = {
            "primary": self._spec(self.primary),
            "remote": remote,
            "remote_cooling_down": bool(cooling),
            "cooldown_seconds_left": round(cooling.seconds_left()) if cooling else 0,
            "cooldown_reason": cooling.reason if cooling else None,
            "tools": len(self.tools),
            "tool_mode": self._tool_mode(),
        }
        if self.mcp is not None:
            status["mcp"] = self.mcp.status()
        if self.rescuer is not None:
            status["rescue"] = {"fired": getattr(self.rescuer, "fired", 0),
                                "succeeded": getattr(self.rescuer, "succeeded", 0)}
        return status

    # -- internals ----------------------------------------------------------------------------
    def take_notices(self) -> list[str]:
        """What background parts (MCP servers starting, failing) reported and nobody has shown
        yet; the REPL shows them at the prompt, a turn shows the rest as it starts."""
        return self.mcp.take_notices() if self.mcp is not None else []

    def _background_notices(self) -> Iterator[Notice]:
        for text in self.take_notices():
            yield Notice(level="warning", text=text)

    def _tool_mode(self) -> str:
        strategy = self.round_strategy
        if isinstance(strategy, DeferredStrategy):
            strategy = strategy.chosen
            if isinstance(strategy, DeferredStrategy):
                return "auto (decided on the first message)"
        return "native" if strategy is None else "pipeline"

    @staticmethod
    def _spec(provider: Provider) -> str:
        return f"{provider.provider}:{provider.model}"

    def _choose(self, decision) -> tuple[Provider, bool, list[SessionEvent]]:
        """Pick the model for this turn; returns (provider, escalated, notices)."""
        if not (decision.escalate and self.remote):
            return self.primary, False, []
        cooling = self.cooldown.active(self._spec(self.remote))
        if cooling is None:
            return self.remote, True, []
        if self._cooldown_told:
            return self.primary, False, []
        self._cooldown_told = True
        return self.primary, False, [Notice(level="warning", text=(
            f"remote {self._spec(self.remote)} is cooling down after a failure ({cooling.reason}; "
            f"{cooling.seconds_left():.0f} s left): answering locally with {self._spec(self.primary)}"))]

    def _offered_tools(self, provider: Provider, hints: list[str]) -> list[Tool]:
        """Remote models get every tool; the primary gets the hinted ones (small contexts)."""
        if provider is self.remote or getattr(self.config, "primary_tools", "hinted") == "all":
            return list(self.tools)
        return [t for name in hints if (t := self.tools.get(name))]

    def _sections(self, text: str) -> list[str]:
        sections = []
        for section in self._contexts:
            try:
                sections.append(section(text) or "")
            except Exception:  # a broken context source must not cost the answer
                continue
        return sections

    def _system(self, provider: Provider, tools: list[Tool], hints: list[str], sections: list[str]) -> str:
        """Tool hints only help a model choosing among offered tools natively; a small model that
        is offered none (or whose pipeline router picks) reads them as something to talk about."""
        offered = bool(tools) and not self._pipelined(provider)
        return build_system_prompt(tool_hints=hints if offered else (), sections=sections)

    def _run(self, text: str, decision) -> Iterator[SessionEvent]:
        provider, escalated, notices = self._choose(decision)
        turn = Turn(escalated=escalated, route_reason=decision.reason)
        self.last_turn = turn
        yield from notices
        hints = list(decision.tool_hints)
        sections = self._sections(text)
        rounds_done, seen, answer_now = 0, set(), False
        while rounds_done < self.config.max_tool_rounds:
            tools = [] if answer_now else self._offered_tools(provider, hints)
            turn.model = self._spec(provider)
            yield ModelStart(model=turn.model, escalated=turn.escalated, fallback=turn.fell_back,
                             round=rounds_done + 1)
            try:
                system = self._system(provider, tools, hints, sections)
                reply = yield from self._model_round(provider, system, tools, turn)
            except ProviderError as exc:
                if provider is not self.remote or turn.fell_back:
                    raise
                yield self._fall_back(exc, turn)
                provider = self.primary
                continue
            rounds_done += 1
            turn.rounds = rounds_done
            calls = reply.tool_calls or self._rescue(reply, provider, tools)
            if not calls:
                if not reply.text.strip() and turn.tool_results:
                    yield Notice(level="warning", text=(
                        f"{turn.model} gave no answer after its tool calls; their results are above"))
                return
            if not reply.tool_calls:  # rescued: show them as calls like any other
                for call in calls:
                    yield ToolCallEvent(call=call)
            if not self.auto_tools:
                self._pending = {c.id: c for c in calls}
                return
            signatures = {self._signature(c) for c in calls}
            if signatures <= seen:
                # a small model that repeats its call instead of answering: answer it from the
                # results it already has, with no tools on offer in the next round
                for call in calls:
                    result = self.tool_call_result(call, _REPEATED, is_error=True)
                    yield ToolResultEvent(result=result)
                answer_now = True
            else:
                seen |= signatures
                yield from self._run_calls(calls, turn)
            turn.text = ""
        turn.round_limit_hit = True
        yield Notice(level="warning", text=(
            f"stopped after {self.config.max_tool_rounds} tool rounds (TARS_MAX_TOOL_ROUNDS); "
            "the answer may be incomplete"))

    def _signature(self, call: ToolCall) -> tuple[str, str]:
        """What makes two calls the same: the tool and the arguments its schema knows."""
        tool = self.tools.get(call.name)
        known = (tool.parameters.get("properties") or {}) if tool else call.arguments
        args = {k: v for k, v in call.arguments.items() if k in known} if isinstance(call.arguments, dict) else {}
        return (tool.name if tool else call.name, json.dumps(args, sort_keys=True, default=str))

    def _run_calls(self, calls: tuple[ToolCall, ...], turn: Turn) -> Iterator[SessionEvent]:
        """Run every call of a round; on Ctrl-C the rest get "interrupted" results (every call
        needs a result, or the next request to the model is malformed)."""
        done: set[str] = set()
        try:
            for call in calls:
                result = self.tools.run(call, confirm=self.confirm)
                self._record_result(call, result)
                done.add(call.id)
                yield ToolResultEvent(result=result)
        except (KeyboardInterrupt, GeneratorExit):
            turn.interrupted = True
            for call in calls:
                if call.id not in done:
                    self.tool_call_result(call, "interrupted by the user before it finished", is_error=True)
            raise

    def _model_round(self, provider: Provider, system: str, tools: list[Tool], turn: Turn):
        """Stream one model round into the context; keep the partial reply if interrupted."""
        reply = Reply()
        if self.round_strategy is not None:
            events = self.round_strategy(provider, self._wire_messages(), system, tools)
        else:
            events = provider.stream(self._wire_messages(), system=system, tools=[t.spec() for t in tools])
        try:
            with contextlib.closing(events):
                for event in events:
                    reply = accumulate(event, reply)
                    if isinstance(event, Usage):
                        turn.input_tokens = _add(turn.input_tokens, event.input_tokens)
                        turn.output_tokens = _add(turn.output_tokens, event.output_tokens)
                    if not isinstance(event, Stop):
                        turn.text = reply.text
                    yield event
        except (KeyboardInterrupt, GeneratorExit):
            turn.interrupted = True
            if reply.text:
                self.messages.append(Message(role="assistant", content=reply.text, interrupted=True))
            raise
        except ProviderError:
            raise  # nothing is recorded: the fallback model answers the turn afresh
        self.messages.append(Message(role="assistant", content=reply.text, tool_calls=reply.tool_calls))
        turn.tool_calls = reply.tool_calls
        turn.all_calls.extend(reply.tool_calls)
        return reply

    def _pipelined(self, provider: Provider) -> bool:
        """Pipeline rounds choose tools in a router step; their prose is never a described call."""
        strategy = self.round_strategy
        if isinstance(strategy, DeferredStrategy):
            strategy = strategy.resolve()
        return strategy is not None and getattr(strategy, "provider", provider) is provider

    def _rescue(self, reply: Reply, provider: Provider, tools: list[Tool]) -> tuple[ToolCall, ...]:
        """Calls rescued from a reply that only describes one (non-native models only)."""
        if not tools or self.rescuer is None or provider.native_tools or self._pipelined(provider):
            return ()
        try:
            rescued = self.rescuer(reply.text, tools)
        except Exception:
            rescued = None
        if not rescued:
            return ()
        calls = tuple(rescued)
        # the prose is replaced by the calls, so the next round sees the tool results instead
        self.messages[-1] = dataclasses.replace(self.messages[-1], content="", tool_calls=calls)
        assert self.last_turn is not None
        self.last_turn.tool_calls = calls
        self.last_turn.all_calls.extend(calls)
        return calls

    def _fall_back(self, exc: ProviderError, turn: Turn) -> Notice:
        reason = str(exc)
        self.cooldown.trip(self._spec(self.remote), reason)
        self._cooldown_told = True  # this notice already says we are answering locally
        turn.fell_back, turn.escalated, turn.fallback_reason = True, False, reason
        cut = " (its partial answer above is cut off)" if turn.text else ""
        turn.text = ""
        return Notice(level="warning", text=(
            f"remote {self._spec(self.remote)} failed: {reason}{cut}; "
            f"answering with {self._spec(self.primary)}"))

    def _record_result(self, call: ToolCall, result: ToolResult) -> None:
        self._pending.pop(call.id, None)
        self.messages.append(Message(role="tool", content=result.text, tool_call_id=call.id,
                                     name=call.name, is_error=result.is_error))
        if self.last_turn is not None:
            self.last_turn.tool_results.append(result)

    def _settle_pending(self) -> None:
        """Calls the caller left unanswered get an error result: every call needs a result."""
        for call in list(self._pending.values()):
            self.tool_call_result(call, "the caller did not run this call", is_error=True)

    def _wire_messages(self) -> list[Message]:
        """The context as sent to a model; an interrupted answer is marked as such."""
        return [
            dataclasses.replace(m, content=m.content + "\n\n[answer interrupted by the user]")
            if m.interrupted else m
            for m in self.messages
        ]


def close_stream(events: Any) -> None:
    """Close a `Session.stream` generator after Ctrl-C: cancels the model request and keeps the
    partial answer. A second Ctrl-C during the clean-up must not skip it."""
    for _ in range(3):
        try:
            events.close()
            return
        except KeyboardInterrupt:
            continue
        except Exception:
            return


def _add(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else a + b
