"""Assembling a session from settings: the parts that plug into a Session, each from its module.

Built-in tools, policies, memory context, rescue, pipeline mode and MCP are imported here only
when a session is built from settings, so `import tars.session` stays cheap.
"""

from __future__ import annotations

from typing import Any, Callable

from tars.config import Config
from tars.providers.base import Provider
from tars.tools.base import Tool

__all__ = ["builtin_tools", "policies", "context_sections", "rescuer", "strategy", "attach_mcp",
           "known_tools", "DeferredStrategy"]


def builtin_tools(config: Config) -> list[Tool]:
    from tars.tools import builtin

    return builtin.builtin_tools(config)


def policies(config: Config) -> dict[str, str]:
    from tars.tools.policy import policies_from_config

    return policies_from_config(config)


def context_sections(config: Config) -> list[Callable[[str], str | None]]:
    from tars.tools import builtin

    return builtin.context_sections(config)


def rescuer(config: Config):
    from tars.rescue import Rescuer

    return Rescuer.from_config(config)


def strategy(config: Config, primary: Provider):
    """The round strategy: None for native tool calls, else decided on the first message."""
    return None if config.tool_mode == "native" else DeferredStrategy(config, primary)


def attach_mcp(session: Any):
    from tars.mcp import attach

    return attach(session)


def known_tools(config: Config) -> list[Tool]:
    """The tools a new session knows from its first message: built-ins and cached MCP lists.

    `tars route` and `tars tools list` use this so their answers match a session's."""
    from tars.mcp.catalog import cached_tools

    tools = builtin_tools(config)
    names = {t.name for t in tools}
    return tools + [t for t in cached_tools(config) if t.name not in names]


class DeferredStrategy:
    """Chooses native or pipeline rounds on first use: asking a provider whether it has native
    tools may load a model or query a server, which building a session must not do."""

    def __init__(self, config: Config, primary: Provider) -> None:
        self._config, self._primary = config, primary
        self.chosen: Any = self  # `self` means "not decided yet"

    def resolve(self):
        if self.chosen is self:
            from tars.pipeline import strategy_for

            self.chosen = strategy_for(self._config, self._primary)
        return self.chosen

    def __call__(self, provider, messages, system, tools):
        chosen = self.resolve()
        if chosen is None:
            return provider.stream(messages, system=system, tools=[t.spec() for t in tools])
        return chosen(provider, messages, system, tools)
