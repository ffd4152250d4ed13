"""Whether a call repeats one already made in this turn: the one repeated-call guard.

A small model that has its result often asks for the same call again instead of answering. Two
calls are the same when they name the same tool with the same arguments that the tool's schema
knows (an extra key the model made up does not make a call new).
"""

from __future__ import annotations

import json
from typing import Iterable

from tars.events import ToolCall
from tars.tools.registry import ToolRegistry

__all__ = ["RepeatGuard", "REPEATED"]

REPEATED = "already called with these arguments in this turn; its result is above. Answer the user now."


class RepeatGuard:
    """Remembers the calls of one turn; `all_seen` tells a round that only repeats them."""

    def __init__(self, tools: ToolRegistry) -> None:
        self._tools = tools
        self._seen: set[tuple[str, str]] = set()

    def signature(self, call: ToolCall) -> tuple[str, str]:
        tool = self._tools.get(call.name)
        known = (tool.parameters.get("properties") or {}) if tool else call.arguments
        args = {k: v for k, v in call.arguments.items() if k in known}
        return (tool.name if tool else call.name, json.dumps(args, sort_keys=True, default=str))

    def all_seen(self, calls: Iterable[ToolCall]) -> bool:
        return {self.signature(c) for c in calls} <= self._seen

    def remember(self, calls: Iterable[ToolCall]) -> None:
        self._seen |= {self.signature(c) for c in calls}
