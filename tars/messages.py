"""The conversation as tars keeps it, independent of any provider's wire shape."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tars.events import ToolCall

__all__ = ["Attachment", "Message", "latest_user_text"]


@dataclass(frozen=True)
class Attachment:
    """A picture (or other media) saved as a file: one a tool returned, or one the user attached
    (`name` is then what they called it); models that see images get it."""

    mime_type: str
    path: str
    size: int
    name: str = ""

    @property
    def is_image(self) -> bool:
        return self.mime_type in ("image/png", "image/jpeg", "image/gif", "image/webp")

    def base64(self) -> str | None:
        """The file as base64 for a model's request, or None when it is gone."""
        import base64

        try:
            with open(self.path, "rb") as fh:
                return base64.b64encode(fh.read()).decode("ascii")
        except OSError:
            return None


@dataclass(kw_only=True, frozen=True)
class Message:
    """One turn. Tool results are `role="tool"` messages that carry the call's id."""

    role: Literal["user", "assistant", "tool"]
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None
    is_error: bool = False
    interrupted: bool = False
    attachments: tuple[Attachment, ...] = ()  # images of a tool result or a user message (the text names each)


def latest_user_text(messages: Sequence[Message]) -> str:
    """The text of the latest user message ("" when there is none): what this turn asks."""
    return next((m.content for m in reversed(messages) if m.role == "user"), "")
