"""The offline catalogue: every configured server's tools as last seen, known before any server is up.

The router must know a server's tools from the first message of a session, and `tars route` must
decide the same way a session would; both start from this catalogue, read from the cache file.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from tars.errors import ToolError
from tars.mcp.cache import cached_definitions
from tars.mcp.config import load_servers
from tars.mcp.tools import Caller, McpTool, assign_prefixes, make_tools, tool_timeout

if TYPE_CHECKING:
    from tars.config import Config
    from tars.mcp.manager import McpManager

__all__ = ["cached_tools"]


def cached_tools(config: Config) -> list[McpTool]:
    """Tools of every configured server as last seen, without starting any server.

    Used by `tars route` and other one-shot commands. Calling one starts its server in this
    process (once) and runs the call, so `tars tools call time__get_current_time` works too.
    """
    servers, _problems = load_servers(config)
    if not servers:
        return []
    prefixes, _ = assign_prefixes(servers)
    tools: list[McpTool] = []
    for name, definitions in cached_definitions(servers).items():
        made, _ = make_tools(name, prefixes[name], definitions, _lazy_caller(config),
                             timeout=tool_timeout(config.mcp_timeout, config.mcp_max_timeout))
        tools.extend(made)
    return tools


_LOCK = threading.Lock()
_MANAGERS: dict[tuple[str, float, str], McpManager] = {}


def _lazy_caller(config: Config) -> Caller:
    """A caller that starts a background manager for this process on first use."""

    def call(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        from tars.mcp.manager import McpManager

        # one manager per distinct MCP configuration in this process
        key = (config.mcp_servers, config.mcp_timeout, os.getcwd())
        with _LOCK:
            manager = _MANAGERS.get(key)
            if manager is None:
                manager = _MANAGERS[key] = McpManager.from_config(config, autostart=False)
        if server not in manager.servers:
            raise ToolError(f"MCP server {server!r} is no longer configured")
        return manager.call(server, tool, arguments)

    return call
