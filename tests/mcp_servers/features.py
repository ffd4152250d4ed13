"""A test MCP server (the SDK's `MCPServer`) that uses the client's side of the protocol.

Its tools report who the client says it is, log, report progress, wait to be cancelled, list the
client's roots, ask the client's model (sampling) and its user (elicitation), and return images,
audio, embedded resources and resource links. It also has resources, a resource template, a
prompt with argument completion, and one tool that requires task augmentation.

Run over stdio:            python tests/mcp_servers/features.py
Run over Streamable HTTP:  python tests/mcp_servers/features.py http PORT
`FEATURES_MARK=path`: the cancelled tool writes "cancelled" there when the client cancels it.
"""

from __future__ import annotations

import base64
import json
import os
import sys

import anyio
import mcp_types as types
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.utilities.types import Audio, Image

_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
) + b"\0" * 12000  # about 12 KB, as base64 16,000 characters


class FeatureServer(MCPServer):
    async def list_tools(self) -> list[types.Tool]:
        tools = await super().list_tools()
        for tool in tools:
            if tool.name == "needs_task":
                tool.execution = types.ToolExecution(task_support="required")
        return tools


server = FeatureServer("features", instructions="Tests tars's MCP client features.")
ROOTS_CHANGES = [0]


async def _roots_changed(ctx, params) -> None:
    ROOTS_CHANGES[0] += 1


server._lowlevel_server.add_notification_handler("notifications/roots/list_changed", types.NotificationParams,
                                                 _roots_changed)


@server.tool()
def whoami(ctx: Context) -> str:
    """The client's name, version and capabilities as it announced them."""
    params = ctx.session.client_params
    caps = ctx.client_capabilities
    return json.dumps({
        "name": params.client_info.name if params else None,
        "version": params.client_info.version if params else None,
        "sampling": bool(caps and caps.sampling),
        "elicitation": bool(caps and caps.elicitation),
        "roots": bool(caps and caps.roots),
    })


@server.tool()
async def chatty(ctx: Context) -> str:
    """Send two log messages, then answer."""
    await ctx.info("first log line from chatty")
    await ctx.warning({"careful": True})
    return "logged"


@server.tool()
async def slow(seconds: float, ctx: Context) -> str:
    """Work for `seconds`, reporting progress every 0.2 s (writes $FEATURES_MARK when cancelled)."""
    steps = max(1, int(seconds / 0.2))
    try:
        for i in range(steps):
            await anyio.sleep(0.2)
            await ctx.report_progress(i + 1, steps, f"step {i + 1} of {steps}")
    except anyio.get_cancelled_exc_class():
        _mark()
        raise
    return f"worked {seconds}"


@server.tool()
async def wait_cancel(ctx: Context) -> str:
    """Wait until cancelled (writes 'cancelled' to $FEATURES_MARK when it is)."""
    try:
        await anyio.sleep(120)
    except anyio.get_cancelled_exc_class():
        _mark()
        raise
    return "never cancelled"


def _mark() -> None:
    mark = os.environ.get("FEATURES_MARK")
    if mark:
        with open(mark, "w") as fh:
            fh.write("cancelled")


@server.tool()
async def roots(ctx: Context) -> str:
    """The client's roots, one URI per line."""
    result = await ctx.session.list_roots()
    listed = "\n".join(str(r.uri) for r in result.roots) or "(no roots)"
    return f"{listed}\nchanges: {ROOTS_CHANGES[0]}"


@server.tool()
async def ask_model(prompt: str, ctx: Context) -> str:
    """Ask the client's model (sampling) and return its answer with the model's name."""
    result = await ctx.session.create_message(
        [types.SamplingMessage(role="user", content=types.TextContent(type="text", text=prompt))],
        max_tokens=100, system_prompt="Answer briefly.",
    )
    text = result.content.text if isinstance(result.content, types.TextContent) else str(result.content)
    return f"{result.model}: {text}"


FORM = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name", "minLength": 2, "default": "Ada"},
        "age": {"type": "integer", "minimum": 0, "maximum": 150, "default": 36},
        "subscribe": {"type": "boolean", "default": False},
        "color": {"type": "string", "enum": ["red", "green", "blue"], "default": "green"},
    },
    "required": ["name", "age"],
}


@server.tool()
async def ask_user(with_defaults: bool, ctx: Context) -> str:
    """Ask the user a form (elicitation); returns the action and content as JSON."""
    schema = json.loads(json.dumps(FORM))
    if not with_defaults:
        for prop in schema["properties"].values():
            prop.pop("default", None)
    result = await ctx.session.elicit_form("Tell me about you", schema, related_request_id=ctx.request_id)
    return json.dumps({"action": result.action, "content": result.content})


@server.tool()
def media() -> list:
    """An image, an audio clip, an embedded text resource and a resource link."""
    return [
        Image(data=_PNG, format="png").to_image_content(),
        Audio(data=b"RIFF" + b"\0" * 4000, format="wav").to_audio_content(),
        types.EmbeddedResource(type="resource", resource=types.TextResourceContents(
            uri="notes://today", mime_type="text/plain", text="Buy milk.")),
        types.ResourceLink(type="resource_link", uri="notes://archive", name="archive", title="The archive"),
    ]


@server.tool()
def needs_task() -> str:
    """A tool that may only run as a task."""
    return "ran without a task"


@server.resource("notes://today", name="today", description="Today's note", mime_type="text/plain")
def today() -> str:
    return "Buy milk."


@server.resource("notes://day/{day}", name="day", description="The note of a day")
def day(day: str) -> str:
    return f"Note of {day}."


@server.prompt(description="Review a piece of code")
def review(code: str, style: str = "short") -> str:
    return f"Review this code in a {style} style:\n{code}"


@server.completion()
async def complete(ref, argument, context):
    if argument.name == "style":
        return types.Completion(values=[v for v in ("short", "strict", "friendly") if v.startswith(argument.value)])
    return None


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "http":
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
