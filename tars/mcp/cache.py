"""Each MCP server's last tool list, kept in the cache dir between sessions.

The router must know a server's tools from the first message of a session, before the server is
up, and `tars route` must decide the same way a session would; both read this file. An entry is
used only while the server's definition (command/url) is unchanged.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from tars.atomic import atomic_write
from tars.errors import ToolError

__all__ = ["cache_path", "read_cache", "store_tools", "cached_definitions", "cached_tools"]

_LOCK = threading.Lock()


def cache_path() -> Path:
    from tars.config import cache_dir

    return cache_dir() / "mcp_tools.json"


def read_cache(path: Path | None = None) -> dict[str, Any]:
    """The cache's `servers` mapping ({} when missing or unreadable: it is only a cache)."""
    path = path or cache_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    servers = data.get("servers") if isinstance(data, dict) else None
    return servers if isinstance(servers, dict) else {}


def store_tools(server: str, fingerprint: str, definitions: list[dict[str, Any]], path: Path | None = None) -> None:
    """Record one server's tool list (atomically: write a temp file, then rename)."""
    path = path or cache_path()
    with _LOCK:
        servers = read_cache(path)
        servers[server] = {"fingerprint": fingerprint, "updated": int(time.time()), "tools": definitions}
        text = json.dumps({"version": 1, "servers": servers}, ensure_ascii=False, indent=1)
        try:
            atomic_write(path, text)
        except OSError:
            pass  # a cache that cannot be written costs only a slower first message next time


def cached_definitions(servers: dict[str, Any], path: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Configured server name -> its cached tool definitions, for entries whose definition still matches."""
    cache = read_cache(path)
    out = {}
    for name, server in servers.items():
        entry = cache.get(name)
        if isinstance(entry, dict) and entry.get("fingerprint") == server.fingerprint():
            tools = entry.get("tools")
            if isinstance(tools, list) and all(_well_formed(t) for t in tools):
                out[name] = tools
    return out


def _well_formed(definition: Any) -> bool:
    """A cached definition tars can turn into a Tool (the file may have been edited by hand)."""
    return (
        isinstance(definition, dict)
        and isinstance(definition.get("name"), str)
        and isinstance(definition.get("description", ""), str)
        and isinstance(definition.get("input_schema", {}), dict)
        and isinstance(definition.get("annotations", {}), dict)
    )


def cached_tools(config: Any = None) -> list[Any]:
    """Tools of every configured server as last seen, without starting any server.

    Used by `tars route` and other one-shot commands. Calling one starts its server in this
    process (once) and runs the call, so `tars tools call time__get_current_time` works too.
    """
    from tars.mcp.config import load_servers
    from tars.mcp.tools import assign_prefixes, make_tools, tool_timeout

    servers, _problems = load_servers(config)
    if not servers:
        return []
    prefixes, _ = assign_prefixes(servers)
    timeout = float(getattr(config, "mcp_timeout", 30.0) or 30.0)
    tools: list[Any] = []
    for name, definitions in cached_definitions(servers).items():
        made, _ = make_tools(name, prefixes[name], definitions, _lazy_caller(config),
                             timeout=tool_timeout(timeout))
        tools.extend(made)
    return tools


_LAZY: dict[Any, Any] = {}


def _lazy_caller(config: Any):
    """A caller that starts a background manager for this process on first use."""

    def call(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        from tars.mcp.manager import McpManager

        # one manager per distinct MCP configuration in this process
        key = (getattr(config, "mcp_servers", None), getattr(config, "mcp_timeout", None), os.getcwd())
        with _LOCK:
            manager = _LAZY.get(key)
            if manager is None:
                manager = _LAZY[key] = McpManager.from_config(config, autostart=False)
        if server not in manager.servers:
            raise ToolError(f"MCP server {server!r} is no longer configured")
        return manager.call(server, tool, arguments)

    return call
