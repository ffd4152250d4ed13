"""The conversation as tars keeps it, independent of any provider's wire shape."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tars.events import ToolCall

__all__ = ["Message"]


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
