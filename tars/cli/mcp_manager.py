"""The MCP manager the `tars mcp` commands share: the configured servers, not started yet."""

from __future__ import annotations

from typing import Any

__all__ = ["command_manager"]


def command_manager(*, autostart: bool) -> tuple[Any, Any]:
    """(settings, an McpManager for every configured server, or None when none is configured)."""
    from tars.cli.settings import load_settings
    from tars.mcp.config import load_servers

    config = load_settings()
    servers, problems = load_servers(config)
    if not servers and not problems:
        return config, None
    from tars.mcp.manager import McpManager

    return config, McpManager.from_config(config, autostart=autostart, loaded=(servers, problems))
