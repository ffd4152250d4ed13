"""Confirmation policy overrides from TARS_TOOL_POLICY (`note_write=ask,todoist_add_task=auto`).

Each tool carries its default policy (reads `auto`; writes `auto` but shown; destructive calls
`ask`); the settings parse the user's overrides at load, and this module checks each name against
the tools there are and hands them to `ToolRegistry(policies=...)`. A name that is no tool (a
typo such as `web-read`) is a configuration error, never silently ignored: a misspelt `deny` would
leave the tool running. An MCP tool's name (`server__tool`, `server.tool`) may name a server that
is not up, so it is only warned about, once known to name no tool (`tars.mcp.policies`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from tars.config import POLICIES, Config, Policy, parse_policies
from tars.errors import ConfigError
from tars.tools.base import Tool

__all__ = ["POLICIES", "mcp_name", "parse_policies", "policies_from_config", "wire_name"]


def policies_from_config(config: Config, tools: Iterable[Tool] | None = None) -> dict[str, Policy]:
    """The overrides configured in TARS_TOOL_POLICY ({} when unset), as a copy the caller may change.

    With `tools`, every name must be one of them (or an alias), or name an MCP tool as
    `server__tool` / `server.tool` (those servers may not have listed their tools yet)."""
    if tools is None:
        return dict(config.tool_policy)
    names: dict[str, str] = {}
    for tool in tools:
        names[tool.name] = tool.name
        for alias in tool.aliases:
            names.setdefault(alias, tool.name)
    out: dict[str, Policy] = {}
    for name, policy in config.tool_policy.items():
        if name in names:
            out[names[name]] = policy
        elif mcp_name(name):  # checked against the servers' tools once known (`tars.mcp.policies`)
            out[wire_name(name)] = policy
        else:
            close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]}?" if close else "; `tars tools list` shows the tool names"
            raise ConfigError(f"TARS_TOOL_POLICY: no tool named {name!r}{hint}")
    return out


def mcp_name(name: str) -> bool:
    """Whether `name` has the form of an MCP tool's: `server__tool` or `server.tool`."""
    server, sep, tool = wire_name(name).partition("__")
    return bool(sep and server.strip() and tool.strip())


def wire_name(name: str) -> str:
    """`server.tool` written as the `server__tool` a tool's name has."""
    return name.replace(".", "__", 1)
