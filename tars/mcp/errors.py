"""Errors of MCP tool calls: ToolErrors, so the model hears about them and the session goes on."""

from __future__ import annotations

from tars.errors import ToolError, ToolTimeout

__all__ = ["McpToolFailed", "McpServerDown", "McpTimeout", "McpInterrupted"]


class McpToolFailed(ToolError):
    """The server ran the tool and it reported an error (`isError`), or refused the request."""


class McpServerDown(ToolError):
    """The server is not running: it failed to start, or exited during a call (restarted on next use)."""


class McpTimeout(ToolTimeout):
    """The server did not answer in time; it is stopped and restarted on its next use."""


class McpInterrupted(ToolError):
    """The user interrupted the call (Ctrl-C); the server was sent a cancellation."""
