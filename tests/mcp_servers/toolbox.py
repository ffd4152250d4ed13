"""A test MCP server built with the SDK's `MCPServer`: tools that succeed, fail, hang, crash.

Run over stdio:            python tests/mcp_servers/toolbox.py
Run over Streamable HTTP:  python tests/mcp_servers/toolbox.py http PORT   (serves 127.0.0.1:PORT/mcp)
Run over SSE (legacy):     python tests/mcp_servers/toolbox.py sse PORT    (serves 127.0.0.1:PORT/sse)
"""

from __future__ import annotations

import base64
import os
import sys
import time

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.types import Image
from mcp.types import ToolAnnotations

# A 1x1 transparent PNG, padded so the size line has something to report.
_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
) + b"\0" * 2048

server = MCPServer("toolbox", instructions="Test tools for tars.")


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def echo(text: str) -> str:
    """Echo the text back, prefixed with the server's process id."""
    return f"echo[{os.getpid()}]: {text}"


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def add(a: int, b: int) -> dict:
    """Add two whole numbers and return the sum as structured content."""
    return {"sum": a + b}


@server.tool()
def fail(message: str) -> str:
    """Always raise an error with the given message."""
    raise ToolError(message)


@server.tool()
def oops() -> str:
    """Fail with an unexpected exception (a bug in the tool)."""
    raise ZeroDivisionError("division by zero")


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def sleep(seconds: float) -> str:
    """Sleep for the given number of seconds, then answer."""
    time.sleep(seconds)
    return f"slept {seconds}"


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
async def freeze(seconds: float) -> str:
    """Block the server's whole event loop for the given number of seconds (a hung server)."""
    time.sleep(seconds)
    return f"froze {seconds}"


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def picture() -> Image:
    """Return a small PNG image."""
    return Image(data=_PNG, format="png")


@server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True))
def crash() -> str:
    """Exit the server process in the middle of the call."""
    sys.stdout.flush()
    os._exit(3)


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def getenv(name: str) -> str:
    """The value of an environment variable in the server's process, or <unset>."""
    return os.environ.get(name, "<unset>")


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def header(name: str, ctx: Context) -> str:
    """The value of an HTTP request header (Streamable HTTP only), or <none>."""
    headers = ctx.headers or {}
    return headers.get(name.lower()) or headers.get(name) or "<none>"


@server.tool()
async def grow(name: str, ctx: Context) -> str:
    """Add a new tool called `name` at run time and tell the client its tool list changed."""

    def extra(text: str) -> str:
        return f"{name}: {text}"

    server.add_tool(extra, name=name, description=f"A tool added at run time: {name}.",
                    annotations=ToolAnnotations(read_only_hint=True))
    await ctx.session.send_tool_list_changed()
    return f"added {name}"


if __name__ == "__main__":
    if os.environ.get("TOOLBOX_PIDFILE"):
        with open(os.environ["TOOLBOX_PIDFILE"], "w") as fh:
            fh.write(str(os.getpid()))
    if len(sys.argv) >= 3 and sys.argv[1] == "http":
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    elif len(sys.argv) >= 3 and sys.argv[1] == "sse":
        server.run("sse", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run()
