"""MCP: external tool servers, configured in `mcpServers` JSON, that never take the session down.

`attach(session)` is all a session needs: with no servers configured it costs a file check and
imports nothing heavy; otherwise it offers the servers' cached tools at once, starts every server
in the background and swaps in the live tools as each becomes ready. See `tars.mcp.config` for
the sources, `tars.mcp.tools` for names and policies, `tars.mcp.manager` for the life cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from tars.mcp.manager import McpManager

__all__ = ["attach"]


def attach(session: Any, *, on_notice: Callable[[str], None] | None = None) -> McpManager | None:
    """Start the configured MCP servers for `session` and register their tools as they come up.

    Returns the manager (for `/mcp`, status lines and shutdown), or None when no server is
    configured and nothing was reported. Notices (bad entries, failed servers) go to `on_notice`,
    else to `session.notify(text)` when the session has one, else stay in `manager.notices`.
    """
    from tars.mcp.config import load_servers

    config = getattr(session, "config", None)
    servers, problems = load_servers(config)
    if not servers and not problems:
        return None
    from tars.mcp.manager import McpManager

    return McpManager.from_config(
        config,
        registry=getattr(session, "tools", None),
        on_notice=on_notice or getattr(session, "notify", None),
        loaded=(servers, problems),
    )
