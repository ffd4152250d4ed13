"""The Session: one conversation with tars, and the library's front door.

`send(text)` routes the message, lets the chosen model answer through the bounded tool loop
(`tars.session.loop`), and returns the Turn. Which model answers lives in
`tars.session.escalation`, what the models are shown in `tars.session.context`. Parts plug in
without changing the loop: `tools` (built-in and MCP tools), `rescuer` (turns a reply that only
describes a call into calls), `add_context` (memory sections for the system prompt). Pipeline
mode is a provider like any other (`tars.pipeline.PipelineProvider`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tars.config import Config, cache_dir, load_config
from tars.cooldown import Cooldown
from tars.events import Notice, SessionEvent, ToolCall
from tars.messages import Message
from tars.modelspec import retirement_notice
from tars.providers.base import Provider
from tars.rescue import Rescuer
from tars.routing import Decision, Router
from tars.routing.follow_up import answered, chain, routed_on
from tars.routing.recap import recap_told
from tars.session.budget import Budget, Meter
from tars.session.compaction import Compactor, fit_request
from tars.session.context import Compaction, Context
from tars.session.escalation import Escalation, RouteResult
from tars.session.loop import run_turn
from tars.session.summary import Summariser
from tars.session.turn import Turn
from tars.system_prompt import Instructions, build_system_prompt
from tars.tools.base import Tool, ToolResult
from tars.tools.registry import Confirm, ToolRegistry
from tars.tools.selection import ToolSelection
from tars.usage import ConversationUsage, cost_warning

if TYPE_CHECKING:
    from tars.attachments import Attached
    from tars.mcp.manager import McpManager
    from tars.roles import Role
    from tars.tool_hints import ToolHints

__all__ = ["Session", "Rescue"]

# reply text and offered tools -> the calls it describes, or None
Rescue = Callable[[str, list[Tool]], "list[ToolCall] | None"]


class Session:
    """A conversation with tars. `from_config` builds one with the configured models and tools."""

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
        self.config = config
        self.tools = tools if tools is not None else ToolRegistry()
        self.auto_tools = auto_tools
        self.confirm = confirm
        self.escalation = Escalation(primary, remote, cooldown or Cooldown(
            cache_dir() / "remote_cooldown.json", config.remote_cooldown))
        self.router = Router([*self.tools, *self.tools.unavailable()])
        # MCP tools arriving teach the router; tools not set up are learned to say so when asked for
        self.tools.subscribe(lambda registry: self.router.update_tools([*registry, *registry.unavailable()]))
        self.context = Context()
        self.meter = Meter()  # tokens of each request against the model's window
        self.compactor = Compactor(config.compact_at)
        self.last_turn: Turn | None = None
        self.usage = ConversationUsage()  # every turn's tokens, kept with the stored conversation
        # told at the first prompt or turn: a configured model Anthropic retires, the cost warning of a
        # turn that ended by an interruption
        self._warnings: list[str] = [line for p in (primary, remote) if p is not None and p.provider == "claude"
                                     and (line := retirement_notice(p.model, dt.date.today()))]
        self.rescuer: Rescue | None = None
        self.mcp: McpManager | None = None  # the MCP manager, when servers are configured
        self._sections: list[Callable[[str], str | None]] = []
        self.instructions = Instructions()  # role, project file and --system: what the user added to the prompt
        self.role: Role | None = None
        # the settings a role would give (flags still winning): set by the command that built the session
        self.settings_for_role: Callable[[Role | None], Config] | None = None

    @classmethod
    def from_config(cls, config: Config | None = None, *, confirm: Confirm | None = None,
                    auto_tools: bool = True, mcp: bool = True) -> Session:
        """A session with the configured models, the built-in tools and (in the background) MCP."""
        from tars.session import assembly

        return assembly.build_session(cls, config or load_config(), confirm=confirm, auto_tools=auto_tools,
                                      mcp=mcp)

    # -- the parts ------------------------------------------------------------------------------
    @property
    def primary(self) -> Provider:
        return self.escalation.primary

    @property
    def remote(self) -> Provider | None:
        return self.escalation.remote

    @property
    def messages(self) -> list[Message]:
        return self.context.messages

    def add_context(self, section: Callable[[str], str | None]) -> None:
        """Add a function whose text (given the user's message) joins the system prompt each turn."""
        self._sections.append(section)

    def add_system(self, text: str) -> None:
        """Add the caller's own instructions (`--system`) to tars's system prompt, every turn;
        they join it (`tars.system_prompt` says where), they do not replace it."""
        self.instructions = dataclasses.replace(self.instructions, user=text.strip())

    def use_role(self, role: Role | None, config: Config | None = None) -> None:
        """Answer in `role` (None: in none): its prompt joins the system prompt and, when it names
        tools, only those are offered. Its model and temperature are settings (`load_config(role=)`):
        `config`, loaded with the role, replaces the models when they differ (switching in chat)."""
        selection = None
        if role is not None and role.tools is not None:
            servers = list(self.mcp.servers) if self.mcp is not None else []
            known = [*self.tools, *self.tools.unavailable(), *self.tools.withheld()]
            selection = ToolSelection(role.tools, where=role.where("tools")).check(known, servers)
        if config is not None and _models_of(config) != _models_of(self.config):
            from tars.session import assembly

            self.escalation.primary, self.escalation.remote = assembly.models(config)
            self.config = config
        self.role = role
        self.instructions = dataclasses.replace(self.instructions, role=role.prompt if role else "",
                                                role_name=role.name if role else "")
        self.tools.restrict(selection)

    def use_project_instructions(self, text: str, file_name: str) -> None:
        """The working folder's trusted instruction file joins the system prompt."""
        self.instructions = dataclasses.replace(self.instructions, project=text, project_file=file_name)

    def system_prompt(self, sections: Sequence[str], *, hints: ToolHints | None = None, tools: bool = False) -> str:
        """The system prompt of one request (`tars.system_prompt` assembles it)."""
        return build_system_prompt(hints=hints, sections=sections, tools=tools, instructions=self.instructions)

    def context_sections(self, text: str) -> list[str]:
        sections = []
        for section in self._sections:
            try:
                sections.append(section(text) or "")
            except Exception:  # a broken context source must not cost the answer
                continue
        return sections

    def route(self, text: str, *, attached: str = "") -> RouteResult:
        """Where `text` would go with this session's models and current tools (MCP ones too);
        `attached`: the text that came with it (files, pages, piped input). A follow-up that names
        no tool of its own ("and in london?") goes where the request it carries on went."""
        from tars.attachments.compose import requests_of

        earlier = requests_of(self.context.messages)
        if earlier and earlier[-1] == text:  # resuming: the latest message is `text` itself
            earlier.pop()
        decision = self.router.decide(text, attached=attached)
        if not attached.strip() and (told := recap_told(text, earlier)):  # "what was my first question?"
            decision = Decision(needs_tools=False, family=None, tool_hints=(), told=told,
                                reason="asks about this conversation: tars answers from it")
        elif decision.band != "sure" and not decision.unavailable and not decision.told and earlier \
                and self._asked_back() and (routed := answered(self.router, earlier[-1], text, decision, attached)):
            decision = dataclasses.replace(routed, reason=f"an answer to the question asked ({routed.reason})")
        elif not decision.needs_tools and not decision.unavailable and not decision.told:
            carried = chain([*earlier, text])
            if len(carried) > 1 and (routed := routed_on(self.router, carried, attached)) is not None:
                decision = dataclasses.replace(routed, reason=f"a follow-up ({routed.reason})")
        return self.escalation.route(decision)

    def _asked_back(self) -> bool:
        """Whether the last turn's whole reply was a short question to the user ("Which place do
        you mean?"), so that a short message now may be its answer."""
        messages = self.context.messages
        if messages and messages[-1].role == "user":  # resuming: the message being routed is already in
            messages = messages[:-1]
        if len(messages) < 2 or messages[-1].role != "assistant" or messages[-2].role != "user":
            return False
        reply = messages[-1]
        return not reply.tool_calls and reply.content.rstrip().endswith("?") and len(reply.content) <= 200

    # -- the conversation -----------------------------------------------------------------------
    def send(self, text: str, *, attachment: str | Sequence[Attached] | None = None) -> Turn:
        """Send a user message and run the turn to the end; returns the Turn.

        `attachment` is what the request is about: text piped to `tars ask` (a str), or files,
        pages and images the user attached (`tars.attachments.load`). The model gets them after
        `text` (`tars.attachments.user_message`), and the route is decided on `text` alone; images
        for a model that takes none raise AttachmentError before anything is sent."""
        for _ in self.stream(text, attachment=attachment):
            pass
        assert self.last_turn is not None
        return self.last_turn

    def stream(self, text: str, *, attachment: str | Sequence[Attached] | None = None,
               ) -> Generator[SessionEvent, None, None]:
        """Like `send`, yielding events as they happen; the Turn is `self.last_turn` afterwards."""
        from tars.attachments import Attached, user_message

        self._settle_pending()
        for notice in self.take_notices():
            yield Notice(level="warning", text=notice)
        attached = [Attached.piped(attachment)] if isinstance(attachment, str) else list(attachment or ())
        message = user_message(text, attached)
        route = self.route(text, attached="\n".join(a.block() for a in attached if a.image is None))
        if message.attachments:
            route = self.escalation.for_images(route, [a.name for a in attached if a.image is not None])
        self.context.add_user(message.content, message.attachments)
        yield from self._counted(run_turn(self, text, route))

    def resume(self) -> Turn:
        """After the caller recorded results for pending calls (auto_tools=False), let the model go on."""
        for _ in self.stream_resume():
            pass
        assert self.last_turn is not None
        return self.last_turn

    def stream_resume(self) -> Generator[SessionEvent, None, None]:
        from tars.attachments.compose import request_of

        self._settle_pending()
        content = self.context.last_user_text()
        text = request_of(content)  # the request, as `stream` routed it, without what was attached
        yield from self._counted(run_turn(self, text, self.route(text, attached=content[len(text):])))

    def _counted(self, events: Iterator[SessionEvent]) -> Generator[SessionEvent, None, None]:
        """Run a turn and add its usage to the conversation's, however it ends; a cost that passed
        TARS_COST_WARN is told once, after the turn (or at the next prompt when it was cut short)."""
        before = self.last_turn
        try:
            yield from events
        finally:
            turn = self.last_turn
            if turn is not None and turn is not before and turn.usage.models:
                threshold = self.config.cost_warn
                before_cost = self.usage.total().cost() if threshold else None  # priced only when asked to warn
                self.usage.turns.append(turn.usage)
                if before_cost is not None:
                    warning = cost_warning(before_cost, self.usage.total().cost(), threshold)
                    if warning:
                        self._warnings.append(warning)
        for warning in self._take_warnings():
            yield Notice(level="warning", text=warning)

    def warn(self, text: str) -> None:
        """A warning told once, at the next prompt or turn."""
        self._warnings.append(text)

    def _take_warnings(self) -> list[str]:
        warnings, self._warnings = self._warnings, []
        return warnings

    def call_tool(self, call: ToolCall) -> ToolResult:
        """Run one call through the registry and record its result in the context."""
        result = self.tools.run(call, confirm=self.confirm)
        self.record_result(call, result)
        return result

    def tool_call_result(self, call: ToolCall, output: Any, *, is_error: bool = False,
                         skipped: bool = False) -> ToolResult:
        """Record a result the caller produced itself for `call` (`skipped`: the call was not run)."""
        result = ToolResult(call_id=call.id, name=call.name, output=output, is_error=is_error, skipped=skipped)
        self.record_result(call, result)
        return result

    def record_result(self, call: ToolCall, result: ToolResult) -> None:
        self.context.add_result(call, result)
        if self.last_turn is not None:
            self.last_turn.tool_results.append(result)

    def clear(self) -> None:
        self.context.clear()
        self.meter.sent_nothing()
        self.usage = ConversationUsage()

    def restore(self, messages: list[Message], compaction: Compaction | None = None,
                usage: ConversationUsage | None = None) -> None:
        """Go on with a stored conversation: its messages, and the compaction and usage stored with them."""
        self.clear()
        self.context.restore(messages, compaction)
        self.usage = usage or ConversationUsage()

    # -- the window -----------------------------------------------------------------------------
    def summarise(self, previous: str, messages: Sequence[Message], limit: int, focus: str) -> str:
        """Fold `messages` into the summary `previous` with the primary model (local and free)."""
        from tars.pipeline import PipelineProvider

        primary = self.primary.inner if isinstance(self.primary, PipelineProvider) else self.primary
        return Summariser(primary, self.meter.counter(primary))(previous, messages, limit=limit, focus=focus)

    def compact(self, focus: str = "") -> list[Notice]:
        """Compact now (`/compact`): every turn but the latest into the summary, keeping in full
        what `focus` names; the notice says what was done (none when there was nothing to do)."""
        provider = self._window_provider()
        sections = self.context_sections(focus or self.context.last_user_text())
        return list(fit_request(self, provider, system=self.system_prompt(sections), sections=sections,
                                tools=(), force=True, focus=focus))

    def context_budget(self) -> Budget:
        """What `/context` shows: the latest request sent, or (before any) the next one, measured."""
        if self.meter.last is not None:
            return self.meter.last
        sections = self.context_sections(self.context.last_user_text())
        return self.meter.measure(self._window_provider(), system=self.system_prompt(sections),
                                  sections=sections, tools=(), messages=self.context.wire())

    def _window_provider(self) -> Provider:
        """The model whose window the conversation is kept within between turns: the one that
        answered last, else the primary."""
        last = self.meter.last
        remote = self.remote
        if last is not None and remote is not None and last.model == f"{remote.provider}:{remote.model}":
            return remote
        return self.primary

    def status(self) -> dict[str, Any]:
        """What `/model` shows: models, routing state, cool-down, rescue counters."""
        from tars.pipeline import PipelineProvider

        primary = self.primary
        status: dict[str, Any] = {
            **self.escalation.status(),
            "tools": len(self.tools),
            "tool_mode": primary.tool_mode if isinstance(primary, PipelineProvider) else "native",
        }
        if self.mcp is not None:
            status["mcp"] = self.mcp.status()
        if isinstance(self.rescuer, Rescuer):
            status["rescue"] = {"fired": self.rescuer.fired, "succeeded": self.rescuer.succeeded}
        return status

    def take_notices(self) -> list[str]:
        """What background parts (MCP servers starting, failing) reported and nobody has shown
        yet; the REPL shows them at the prompt, a turn shows the rest as it starts."""
        return [*self._take_warnings(), *(self.mcp.take_notices() if self.mcp is not None else [])]

    def _settle_pending(self) -> None:
        """Calls the caller left unanswered get an error result: every call needs a result."""
        for call in list(self.context.pending.values()):
            self.tool_call_result(call, "the caller did not run this call", is_error=True)


def _models_of(config: Config) -> tuple[object, ...]:
    """What a role may change in the models: which ones, and how they sample."""
    return config.model_default, config.model_remote, config.temperature
