"""TARS_TOOL_POLICY names of MCP tools that name no tool: one warning each, never an error.

A policy may name an MCP tool as `server__tool` or `server.tool` before its server is up (or while
it is offline), so such a name is checked only against what is known: a server that is not
configured, or one whose tools are listed (live or cached) without that name, is told with the
closest known tool name; a configured server that has not listed its tools yet is not.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from tars.tools.policy import mcp_name, wire_name

if TYPE_CHECKING:
    from tars.config import Config
    from tars.tools.base import Tool

__all__ = ["unknown_names", "offline_notices"]

SETTING = "TARS_TOOL_POLICY"


def unknown_names(names: Iterable[str], prefixes: Mapping[str, str], listed: Mapping[str, Sequence[Tool]],
                  known: Iterable[str]) -> list[str]:
    """A line for each MCP tool name in `names` that names no tool. `prefixes`: configured server ->
    its tools' name prefix; `listed`: server -> its tools (absent or empty: not listed yet);
    `known`: the tool names to suggest from."""
    servers = {**{p: s for s, p in prefixes.items()}, **{s: s for s in prefixes}}
    known = list(known)
    lines = []
    for name in names:
        if not mcp_name(name):
            continue
        wire = wire_name(name)
        server = servers.get(wire.partition("__")[0])
        if server is None:
            why = f" (no MCP server {wire.partition('__')[0]!r} is configured)"
        elif not listed.get(server) or any(wire in (t.name, *t.aliases) for t in listed[server]):
            continue
        else:
            why = ""
        close = difflib.get_close_matches(wire, known, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else "; `tars tools list` shows the tool names"
        lines.append(f"{SETTING}: no tool named {name!r}{why}{hint}")
    return lines


def offline_notices(config: Config, tools: Sequence[Tool]) -> list[str]:
    """unknown_names as a command that starts no server sees it: the configured servers and `tools`
    (built-in and cached MCP tools, each MCP tool's `source` its server)."""
    if not any(mcp_name(name) for name in config.tool_policy):
        return []
    from tars.mcp.config import load_servers
    from tars.mcp.tools import assign_prefixes

    servers, _ = load_servers(config)
    prefixes, _ = assign_prefixes(servers)
    listed: dict[str, list[Tool]] = {}
    for tool in tools:
        if tool.source in servers:
            listed.setdefault(tool.source, []).append(tool)
    return unknown_names(config.tool_policy, prefixes, listed, [t.name for t in tools])
