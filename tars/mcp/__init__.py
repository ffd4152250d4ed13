"""MCP: external tool servers, configured in `mcpServers` JSON, that never take the session down.

`attach(session)` is all a session needs: with no servers configured it costs a file check and
imports nothing heavy; otherwise it offers the servers' cached tools at once, starts every server
in the background and swaps in the live tools as each becomes ready. See `tars.mcp.config` for
the sources, `tars.mcp.tools` for names and policies, `tars.mcp.manager` for the life cycle,
`tars.mcp.cache` for the tool cache file and `tars.mcp.catalog` for the tools known offline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tars.config import Config
    from tars.mcp.manager import McpManager
    from tars.tools.registry import ToolRegistry

__all__ = ["attach"]


class _Host(Protocol):
    """What MCP needs of a session: its settings and the registry its tools join."""

    config: Config
    tools: ToolRegistry


def attach(session: _Host, *, on_notice: Callable[[str], None] | None = None) -> McpManager | None:
    """Start the configured MCP servers for `session` and register their tools as they come up.

    Returns the manager (for `/mcp`, status lines and shutdown), or None when no server is
    configured and nothing was reported. Notices (bad entries, failed servers) go to `on_notice`,
    else stay in the manager until `take_notices()` (the session shows them once).
    """
    from tars.mcp.config import load_servers

    servers, problems = load_servers(session.config)
    if not servers and not problems:
        return None
    from tars.mcp.features import Features
    from tars.mcp.manager import McpManager

    return McpManager.from_config(
        session.config,
        registry=session.tools,
        on_notice=on_notice,
        loaded=(servers, problems),
        features=Features.for_session(session),
    )
