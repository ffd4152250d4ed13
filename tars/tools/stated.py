"""Arguments a message states exactly, for tars's own tools: read by tars, not rewritten by a model.

A small model asked for "20% off 80" writes `0.2 * 80` (the discount, not the price), and asked for
"lines of code" leaves out which files. When the user's words already are the arguments, the
pipeline takes them as written and asks no model; anything less clear still goes to the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tars.tools.calc import CALCULATOR, expression_in
from tars.tools.folder import FOLDER_STATS, kind_in

__all__ = ["stated_args"]


def _expression(message: str) -> dict[str, Any] | None:
    expression = expression_in(message)
    return None if expression is None else {"expression": expression}


def _kind(message: str) -> dict[str, Any] | None:
    kind = kind_in(message)
    return None if kind is None else {"kind": kind}


_READERS: dict[str, Callable[[str], dict[str, Any] | None]] = {CALCULATOR: _expression, FOLDER_STATS: _kind}


def stated_args(tool_name: str, message: str) -> dict[str, Any] | None:
    """The arguments `message` gives tars's tool `tool_name` outright, or None for a model to work out.
    (MCP tools' names carry their server's, so these names are only ever tars's own tools.)"""
    reader = _READERS.get(tool_name)
    return reader(message) if reader is not None else None
