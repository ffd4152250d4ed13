"""Parsing a whole reply at once: the calls, prose and reasoning a StreamParser finds in it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tars.events import ToolCall, fold
from tars.toolcalls.stream import StreamParser

__all__ = ["ParseResult", "parse", "collect"]


@dataclass(frozen=True)
class ParseResult:
    """Calls found in a model's text, the prose left over, the reasoning split out, the format
    used (the one asked for, else the one whose markup was found) and what was dropped."""

    calls: list[ToolCall] = field(default_factory=list)
    content: str = ""
    reasoning: str = ""
    format: str = "auto"
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": [{"name": c.name, "arguments": c.arguments} for c in self.calls],
            "content": self.content,
            "reasoning": self.reasoning,
            "format": self.format,
            "errors": self.errors,
        }


def collect(parser: StreamParser, events: Iterable[Any], format: str | None = None) -> ParseResult:
    """Fold a parser's events into a ParseResult."""
    reply = fold(events)
    chosen = parser.sniffed if parser.format == "auto" and parser.sniffed else parser.format
    return ParseResult(list(reply.tool_calls), reply.text, reply.reasoning, chosen, list(parser.errors))


def parse(text: str, *, format: str | None = None, model: str | None = None,
          tools: Iterable[Any] | None = None, thinking: bool | None = None) -> ParseResult:
    """Parse a whole reply. `tools` (names, spec dicts or Tool objects): calls to other names
    are dropped and reported in `errors`; fenced/bare JSON counts only for offered names.
    `thinking` as for StreamParser."""
    parser = StreamParser(format, tools, model=model, thinking=thinking)
    events = parser.feed(text) + parser.finish()
    return collect(parser, events, format)
