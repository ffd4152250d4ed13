"""The conversation as the session keeps it, and the view of it that goes to a model.

Every message of a session lives here: the user's, the models' (partial ones marked as
interrupted), and one result for every tool call, in order. Compaction never removes any of
them: it records a `Compaction` (a summary that stands for the oldest messages, one-line
stand-ins for old tool results), and `wire()` applies it. Providers turn `wire()` into their
own chat shape; nothing else decides what a model is shown of the conversation.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from tars.events import ToolCall
from tars.messages import Attachment, Message, latest_user_text
from tars.tools.base import ToolResult

__all__ = ["Compaction", "Context", "SUMMARY_HEADING", "is_summary"]

_INTERRUPTED = "\n\n[answer interrupted by the user]"
SUMMARY_HEADING = "[Summary of the earlier conversation, written when it grew too long for the context window]\n"


@dataclass(frozen=True)
class Compaction:
    """What a model is no longer sent verbatim: `summary` stands for the first `covered`
    messages, and `elided[i]` is the one-line stand-in for the tool result at index i."""

    summary: str = ""
    covered: int = 0
    elided: dict[int, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.summary or self.covered or self.elided)


def is_summary(message: Message) -> bool:
    """Whether a message of `wire()` is the summary of the earlier conversation."""
    return message.role == "user" and message.content.startswith(SUMMARY_HEADING)


class Context:
    """An ordered list of messages, the calls still waiting for a result, and the compaction."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.pending: dict[str, ToolCall] = {}  # calls handed to the caller (auto_tools=False)
        self.compaction = Compaction()

    def add_user(self, text: str, images: tuple[Attachment, ...] = ()) -> None:
        self.messages.append(Message(role="user", content=text, attachments=images))

    def add_reply(self, text: str, calls: tuple[ToolCall, ...] = (), *, interrupted: bool = False) -> None:
        self.messages.append(Message(role="assistant", content=text, tool_calls=calls, interrupted=interrupted))

    def replace_last_reply(self, calls: tuple[ToolCall, ...]) -> None:
        """A reply that only described calls becomes those calls (its prose is not kept)."""
        self.messages[-1] = dataclasses.replace(self.messages[-1], content="", tool_calls=calls)

    def add_result(self, call: ToolCall, result: ToolResult) -> None:
        self.pending.pop(call.id, None)
        self.messages.append(Message(role="tool", content=result.text, tool_call_id=call.id,
                                     name=call.name, is_error=result.is_error,
                                     attachments=tuple(result.attachments)))

    def last_user_text(self) -> str:
        return latest_user_text(self.messages)

    def last_user_index(self) -> int:
        """Where the latest turn starts (the index of the latest user message; 0 if none)."""
        return next((i for i in range(len(self.messages) - 1, -1, -1) if self.messages[i].role == "user"), 0)

    def clear(self) -> None:
        self.messages.clear()
        self.pending.clear()
        self.compaction = Compaction()

    def restore(self, messages: list[Message], compaction: Compaction | None = None) -> None:
        """Replace the conversation with stored messages and the compaction stored with them."""
        self.clear()
        self.messages.extend(messages)
        if compaction is not None and compaction.covered <= len(messages):
            self.compaction = compaction

    def summary_message(self) -> Message | None:
        summary = self.compaction.summary
        return Message(role="user", content=SUMMARY_HEADING + summary) if summary else None

    def view(self, index: int) -> Message:
        """Message `index` as a model is sent it: a stand-in for an elided tool result, an
        interrupted answer marked as such."""
        message = self.messages[index]
        if index in self.compaction.elided:
            message = dataclasses.replace(message, content=self.compaction.elided[index])
        if message.interrupted:
            message = dataclasses.replace(message, content=message.content + _INTERRUPTED)
        return message

    def wire(self) -> list[Message]:
        """The context as sent to a model: the summary in place of the messages it covers, then
        every later message as `view` shows it."""
        summary = self.summary_message()
        return ([summary] if summary else []) + [self.view(i) for i in range(self.compaction.covered,
                                                                             len(self.messages))]
