"""Tool calls from any model's text: a format registry, a streaming parser, detection, prompts.

    from tars.toolcalls import parse, StreamParser, ParseResult
    result = parse(text, tools=["weather_now"])      # calls, content, reasoning, format, errors

The names below are loaded on first use, so importing one small submodule stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tars.toolcalls.detect import detect_format
    from tars.toolcalls.formats import format_names
    from tars.toolcalls.markup import ToolSet
    from tars.toolcalls.parsing import ParseResult, collect, parse
    from tars.toolcalls.prompt import prompt_for
    from tars.toolcalls.stream import StreamParser

__all__ = ["parse", "StreamParser", "ParseResult", "prompt_for", "detect_format", "format_names", "collect", "ToolSet"]

_LAZY = {
    "parse": "tars.toolcalls.parsing",
    "ParseResult": "tars.toolcalls.parsing",
    "collect": "tars.toolcalls.parsing",
    "StreamParser": "tars.toolcalls.stream",
    "ToolSet": "tars.toolcalls.markup",
    "prompt_for": "tars.toolcalls.prompt",
    "detect_format": "tars.toolcalls.detect",
    "format_names": "tars.toolcalls.formats",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'tars.toolcalls' has no attribute {name!r}")
