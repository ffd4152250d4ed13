"""Which tools a role offers: a list of tool names, families (`web`, `notes`) or MCP server names.

An entry shaped like an MCP tool (`server__tool`, `server.tool`) names one tool of a server that
may not have listed its tools yet. A name that matches nothing is a configuration error, never
silently ignored: a misspelt entry would quietly leave the role with fewer tools than meant.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from tars.errors import ConfigError
from tars.tools.base import Tool

__all__ = ["ToolSelection"]


class ToolSelection:
    """The tools `entries` allow; an empty selection allows none."""

    def __init__(self, entries: Iterable[str], *, where: str = "tools") -> None:
        self.entries = tuple(entries)
        self.where = where
        self._wanted = {e.replace(".", "__", 1) if "." in e else e for e in self.entries} | set(self.entries)

    def allows(self, tool: Tool) -> bool:
        names = {tool.name, *tool.aliases, tool.source if tool.source != "builtin" else "", tool.family or ""}
        return bool(names & self._wanted)

    def check(self, tools: Iterable[Tool], servers: Iterable[str] = ()) -> ToolSelection:
        """Raise ConfigError naming the first entry that names no tool, family or server; else self."""
        servers = set(servers)
        known: set[str] = set(servers)
        for tool in tools:
            known.update({tool.name, *tool.aliases, tool.family or ""})
            if tool.source != "builtin":
                known.add(tool.source)
        for entry in self.entries:
            server, sep, rest = entry.replace(".", "__", 1).partition("__")
            if entry in known or (sep and rest and server in servers):
                continue
            close = difflib.get_close_matches(entry, sorted(k for k in known if k), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]}?" if close else "; `tars tools list` shows the tools and families"
            raise ConfigError(f"{self.where}: no tool, family or MCP server named {entry!r}{hint}")
        return self
