"""Tool-call rescue: when a model describes a call in prose instead of making it, a small
rescue model (TARS_RESCUE_MODEL, e.g. ollama:functiongemma) turns the prose into real calls.

The cheap check comes first: only a reply that mentions an offered tool by name or alias costs
a rescue request. Any error, empty result or timeout returns None, and the original reply
passes through unchanged. `fired` and `succeeded` count what happened, for `/model`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from typing import Any

from tars.config import Config
from tars.events import TextDelta, ToolCall, ToolCallEvent, fold
from tars.messages import Message
from tars.tools.base import Tool

__all__ = ["RESCUE_SYSTEM", "Rescuer", "mentioned_tools"]

RESCUE_SYSTEM = (
    "You turn an assistant's reply into the tool calls it describes. The reply below says what it "
    "would do with the tools offered to you. Call each tool the reply clearly intends, with the "
    "arguments it states. Do not invent calls or arguments. If the reply intends no tool call, "
    "answer with the single word NONE."
)


def _names(tool: Tool) -> set[str]:
    names = {tool.name, *tool.aliases}
    names |= {n.rsplit(".", 1)[-1] for n in names}  # time.get_current_time -> get_current_time
    return {n for n in names if len(n) >= 3}


def mentioned_tools(text: str, tools: Sequence[Tool]) -> list[Tool]:
    """The offered tools whose name or alias appears in `text` as a whole word (no model call)."""
    found = []
    for tool in tools:
        for name in _names(tool):
            if re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", text, re.IGNORECASE):
                found.append(tool)
                break
    return found


class Rescuer:
    """`rescuer(reply_text, offered_tools) -> list[ToolCall] | None`, backed by any Provider."""

    def __init__(self, provider: Any, *, timeout: float = 20.0) -> None:
        self.provider = provider
        self.timeout = timeout
        self.fired = 0  # rescue requests made (the cheap check passed)
        self.succeeded = 0  # of those, how many produced calls

    @classmethod
    def from_config(cls, config: Config) -> Rescuer | None:
        """A Rescuer for TARS_RESCUE_MODEL, or None when it is not configured."""
        if config.rescue_model is None:
            return None
        from tars.providers import make_provider

        return cls(make_provider(config.rescue_model, config, where=config.origin("rescue_model")),
                   timeout=config.rescue_timeout)

    def __repr__(self) -> str:
        model = f"{getattr(self.provider, 'provider', '?')}:{getattr(self.provider, 'model', '?')}"
        return f"Rescuer({model}, fired={self.fired}, succeeded={self.succeeded})"

    def __call__(self, reply_text: str, offered_tools: list[Tool]) -> list[ToolCall] | None:
        if not reply_text or not reply_text.strip() or not offered_tools:
            return None
        tools = mentioned_tools(reply_text, offered_tools)
        if not tools:
            return None  # an ordinary answer: costs nothing
        self.fired += 1
        try:
            calls = self._ask(reply_text, tools)
        except Exception:  # noqa: BLE001  any failure of the rescue model: the original reply stands
            return None
        if not calls:
            return None
        self.succeeded += 1
        return calls

    # -- the rescue request -------------------------------------------------------------------
    def _ask(self, text: str, tools: list[Tool]) -> list[ToolCall] | None:
        outcome: dict[str, Any] = {}

        def run() -> None:
            try:
                outcome["events"] = list(self.provider.stream(
                    [Message(role="user", content=f"Reply to convert:\n\n{text}")],
                    system=RESCUE_SYSTEM, tools=[t.spec() for t in tools]))
            except BaseException as exc:  # noqa: BLE001  reported through `outcome`, never raised in the thread
                outcome["error"] = exc

        worker = threading.Thread(target=run, name="tars-rescue", daemon=True)
        worker.start()
        worker.join(self.timeout)
        if worker.is_alive() or "events" not in outcome:
            return None  # timed out (the thread is abandoned) or failed
        return self._calls(outcome["events"], tools)

    @staticmethod
    def _calls(events: list[Any], tools: list[Tool]) -> list[ToolCall]:
        from tars.toolcalls import ToolSet, parse

        offered = ToolSet(tools)
        reply = fold(e for e in events if isinstance(e, (ToolCallEvent, TextDelta)))
        structured = list(reply.tool_calls)
        if not structured and reply.text:
            structured = parse(reply.text, tools=tools).calls  # a rescue model that writes calls as text
        calls = []
        for call in structured:
            name = offered.resolve(call.name)
            if name is not None and isinstance(call.arguments, dict):
                calls.append(ToolCall(name=name, arguments=call.arguments))  # fresh ids for this session
        return calls
