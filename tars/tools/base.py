"""What a tool is: a name, a description, a JSON-Schema for its arguments and a callable."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tars.config import Policy  # the settings own the policy vocabulary (TARS_TOOL_POLICY)

__all__ = ["MediaOutput", "Policy", "Tool", "ToolResult", "is_not_offered", "jsonable", "not_offered"]


@dataclass(kw_only=True)
class Tool:
    """A callable the model may use.

    `func` takes the validated arguments as keyword arguments and returns any JSON-able value
    (a small structured summary, never a raw API payload) or raises; a `tars.errors.ToolError`
    message goes back to the model verbatim, any other exception as its type and message.
    `source` is "builtin" or the MCP server's name; `aliases` are extra names users and the
    router may write (e.g. `time.get_current_time`). `family` groups tools for the router.
    """

    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    func: Callable[..., Any]
    source: str = "builtin"
    policy: Policy = "auto"
    timeout: float = 30.0
    aliases: tuple[str, ...] = ()
    family: str | None = None
    # Optional: the policy for one call's arguments (e.g. completing a task by id runs, by fuzzy
    # text asks). A configured override (TARS_TOOL_POLICY) still wins over it.
    policy_for: Callable[[dict[str, Any]], Policy] | None = None
    # Optional: called when the user interrupts a running call (Ctrl-C), e.g. to cancel it remotely.
    cancel: Callable[[], None] | None = None
    # Why the tool cannot work as configured (e.g. "set TODOIST_API_TOKEN"); such a tool is never
    # offered to a model, and the tool listings say this instead.
    unavailable: str | None = None
    # Arguments that are what the user stated (a fact to remember): when a model's value is not in
    # the conversation, the user's own statement stands in for it rather than an invented one.
    said_by_user: tuple[str, ...] = ()

    def spec(self) -> dict[str, Any]:
        """The provider-neutral description handed to models."""
        spec = {"name": self.name, "description": self.description, "parameters": self.parameters}
        return {**spec, "said_by_user": list(self.said_by_user)} if self.said_by_user else spec


@dataclass(frozen=True)
class MediaOutput:
    """A tool's output with media: the text the model reads (naming each file) and the files."""

    text: str
    attachments: tuple[Any, ...] = ()  # tars.messages.Attachment

    def as_json(self) -> dict[str, Any]:
        """What `tars tools call` and `tars mcp call` print: the text and where each file was saved."""
        return {"text": self.text, "files": [{"mime_type": a.mime_type, "path": a.path, "size": a.size}
                                             for a in self.attachments]}


def jsonable(output: Any) -> Any:
    """A tool's output as JSON takes it (media as its text and files, not a Python repr)."""
    return output.as_json() if isinstance(output, MediaOutput) else output


@dataclass(kw_only=True, frozen=True)
class ToolResult:
    """The outcome of one call, sent back to the model under the call's id."""

    call_id: str
    name: str
    output: Any
    is_error: bool = False
    # not run, and no failure of a tool: the user declined it when asked, or it named a tool that is
    # not here, or repeated a call already answered (an error for the model all the same)
    skipped: bool = False

    @property
    def text(self) -> str:
        """The result as the model sees it."""
        if isinstance(self.output, str):
            return self.output
        if isinstance(self.output, MediaOutput):
            return self.output.text
        return json.dumps(self.output, ensure_ascii=False, default=str)

    @property
    def attachments(self) -> tuple[Any, ...]:
        """Media the tool returned (tars.messages.Attachment), for models that see images."""
        return self.output.attachments if isinstance(self.output, MediaOutput) else ()

    def summary(self, width: int = 80) -> str:
        """One line for the user's status output."""
        line = " ".join(self.text.split())
        prefix = "error: " if self.is_error else ""
        line = prefix + line
        return line if len(line) <= width else line[: width - 1] + "…"


def not_offered(name: str, offered: list[str]) -> str:
    """The error result of a call to a tool not offered in its round: the call never runs."""
    if not offered:
        return f"tool {name!r} is not available now: no tools are offered in this round. Answer the user."
    return f"tool {name!r} is not available in this round; the tools offered are: " + ", ".join(offered)


def is_not_offered(result: str, name: str) -> bool:
    """Whether a tool result is the refusal `not_offered` wrote for a call to `name`."""
    return result.startswith(f"tool {name!r} is not available")
