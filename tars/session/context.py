"""The conversation as the session keeps it, and the view of it that goes to a model.

Every message of a session lives here: the user's, the models' (partial ones marked as
interrupted), and one result for every tool call, in order. Providers turn `wire()` into their
own chat shape; nothing else decides what a model is shown of the conversation.
"""

from __future__ import annotations

import dataclasses

from tars.events import ToolCall
from tars.messages import Message
from tars.tools.base import ToolResult

__all__ = ["Context"]

_INTERRUPTED = "\n\n[answer interrupted by the user]"


class Context:
    """An ordered list of messages plus the calls still waiting for a result."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.pending: dict[str, ToolCall] = {}  # calls handed to the caller (auto_tools=False)

    def add_user(self, text: str) -> None:
        self.messages.append(Message(role="user", content=text))

    def add_reply(self, text: str, calls: tuple[ToolCall, ...] = (), *, interrupted: bool = False) -> None:
        self.messages.append(Message(role="assistant", content=text, tool_calls=calls, interrupted=interrupted))

    def replace_last_reply(self, calls: tuple[ToolCall, ...]) -> None:
        """A reply that only described calls becomes those calls (its prose is not kept)."""
        self.messages[-1] = dataclasses.replace(self.messages[-1], content="", tool_calls=calls)

    def add_result(self, call: ToolCall, result: ToolResult) -> None:
        self.pending.pop(call.id, None)
        self.messages.append(Message(role="tool", content=result.text, tool_call_id=call.id,
                                     name=call.name, is_error=result.is_error))

    def last_user_text(self) -> str:
        return next((m.content for m in reversed(self.messages) if m.role == "user"), "")

    def clear(self) -> None:
        self.messages.clear()
        self.pending.clear()

    def wire(self) -> list[Message]:
        """The context as sent to a model; an interrupted answer is marked as such."""
        return [dataclasses.replace(m, content=m.content + _INTERRUPTED) if m.interrupted else m
                for m in self.messages]
