"""Whether a call repeats one already made in this turn: the one repeated-call guard.

A small model that has its result often asks for the same call again instead of answering, and
one whose call failed tends to make it again, failing again. A repeat is never run: it is
answered from what the turn already has. Two calls are the same when they name the same tool
with the same arguments that the tool's schema knows (an extra key the model made up does not
make a call new).
"""

from __future__ import annotations

import json

from tars.events import ToolCall
from tars.tools.registry import ToolRegistry

__all__ = ["RepeatGuard", "REPEATED", "FAILED_BEFORE"]

REPEATED = "already called with these arguments in this turn; its result is above. Answer the user now."
FAILED_BEFORE = ("this call already failed with these arguments in this turn (see its result above); it is not "
                 "tried again. Answer the user from what you have, and say what could not be done.")


class RepeatGuard:
    """Remembers the calls of one turn and whether each failed."""

    def __init__(self, tools: ToolRegistry) -> None:
        self._tools = tools
        self._seen: dict[tuple[str, str], bool] = {}  # signature -> whether it failed

    def signature(self, call: ToolCall) -> tuple[str, str]:
        tool = self._tools.get(call.name)
        known = (tool.parameters.get("properties") or {}) if tool else call.arguments
        args = {k: v for k, v in call.arguments.items() if k in known}
        return (tool.name if tool else call.name, json.dumps(args, sort_keys=True, default=str))

    def answer(self, call: ToolCall) -> str | None:
        """What a repeated call gets instead of running (None: it is new, run it)."""
        failed = self._seen.get(self.signature(call))
        if failed is None:
            return None
        return FAILED_BEFORE if failed else REPEATED

    def remember(self, call: ToolCall, *, failed: bool) -> None:
        self._seen.setdefault(self.signature(call), failed)
