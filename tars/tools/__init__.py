"""Tools: the `Tool` type, the registry that validates and runs calls, and the built-in tools."""

from tars.tools.base import Policy, Tool, ToolResult
from tars.tools.registry import ToolRegistry

__all__ = ["Policy", "Tool", "ToolResult", "ToolRegistry"]
