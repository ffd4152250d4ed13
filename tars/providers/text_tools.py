"""Tools as text, for a model or server that takes no `tools` field: the tools are described in
the system prompt, earlier calls are written back in the same format, results go back as user
text, and the reply's calls are parsed out of its text by `tars.toolcalls.StreamParser`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tars.messages import Message

if TYPE_CHECKING:
    from tars.toolcalls import StreamParser

__all__ = ["TextTools", "text_parser"]


def text_parser(format: str | None, tools: Iterable[str], *, model: str | None = None,
                thinking: bool | None = None) -> StreamParser:
    """A parser that turns calls to `tools` written in the reply into events and lets prose through."""
    from tars.toolcalls import StreamParser

    return StreamParser(format, list(tools), model=model, thinking=thinking)


@dataclass(frozen=True)
class TextTools:
    """Tools described and calls written in one tool-call format (a `tars.toolcalls` name)."""

    format: str

    @classmethod
    def like(cls, parser: StreamParser | None) -> TextTools:
        """The format the parser expects; plain JSON while it is still detecting one."""
        return cls("json" if parser is None or parser.format == "auto" else parser.format)

    def system(self, system: str, tools: Sequence[dict[str, Any]]) -> str:
        """The system prompt with the tools and how to call them appended."""
        from tars.toolcalls import prompt_for

        return "\n\n".join(part for part in (system, prompt_for(self.format, tools)) if part)

    def calls(self, message: Message) -> dict[str, Any]:
        """An assistant turn with its calls written out as the model would have written them."""
        from tars.toolcalls.formats import get_format

        written = get_format(self.format).render([(c.name, c.arguments) for c in message.tool_calls])
        return {"role": "assistant", "content": f"{message.content}\n{written}".strip()}

    def result(self, message: Message) -> dict[str, Any]:
        """A tool result as user text; the text says when it is an error (there is no flag for it)."""
        content = f"Error: {message.content}" if message.is_error else message.content
        return {"role": "user",
                "content": f'<tool_response name="{message.name or ""}">\n{content}\n</tool_response>'}
