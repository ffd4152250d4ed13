"""Assembling a session from settings: the parts that plug into a Session, each from its module.

Built-in tools, policies, memory context, rescue, pipeline mode and MCP are imported here only
when a session is built from settings, so `import tars.session` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tars.config import Config
from tars.providers import make_provider
from tars.providers.base import Provider
from tars.tools.base import Tool
from tars.tools.registry import Confirm, ToolRegistry

if TYPE_CHECKING:
    from tars.session.session import Session

__all__ = ["build_session", "models", "primary_provider", "known_tools"]


def build_session(cls: type[Session], config: Config, *, confirm: Confirm | None, auto_tools: bool,
                  mcp: bool) -> Session:
    """A session with the configured models, the built-in tools and (in the background) MCP."""
    from tars.mcp import attach
    from tars.rescue import Rescuer
    from tars.tools import builtin
    from tars.tools.policy import policies_from_config

    primary, remote = models(config)
    builtins = builtin.builtin_tools(config)
    tools = ToolRegistry(builtins, policies=policies_from_config(config, builtins))
    session = cls(config, primary=primary, remote=remote, tools=tools, auto_tools=auto_tools, confirm=confirm)
    for section in builtin.context_sections(config):
        session.add_context(section)
    session.rescuer = Rescuer.from_config(config)
    session.mcp = attach(session) if mcp else None
    if session.mcp is None:  # else the MCP manager tells them, as the servers' tools become known
        from tars.mcp.policies import unknown_names

        for line in unknown_names(config.tool_policy, {}, {}, [t.name for t in builtins]):
            session.warn(line)
    return session


def models(config: Config) -> tuple[Provider, Provider | None]:
    """The primary and the remote (None when there is none, or it is the primary)."""
    remote_spec = config.model_remote
    remote = (make_provider(remote_spec, config, where=config.origin("model_remote"))
              if remote_spec and remote_spec != config.model_default else None)
    return primary_provider(config), remote


def primary_provider(config: Config) -> Provider:
    """The primary model, wrapped in pipeline mode unless TARS_TOOL_MODE says native."""
    primary = make_provider(config.model_default, config, where=config.origin("model_default"))
    if config.tool_mode == "native":
        return primary
    from tars.pipeline import PipelineProvider
    from tars.pipeline.grounding import Grounds
    from tars.tools.builtin import memory_folder
    from tars.tools.memory import remembered_home

    folder = memory_folder(config)
    return PipelineProvider(primary, mode=config.tool_mode,
                            grounds=Grounds.from_config(config, home=lambda: remembered_home(folder)))


def known_tools(config: Config) -> list[Tool]:
    """The tools a new session knows from its first message: built-ins and cached MCP lists.

    `tars route` and `tars tools list` use this so their answers match a session's."""
    from tars.mcp.catalog import cached_tools
    from tars.tools import builtin

    tools = builtin.builtin_tools(config)
    names = {t.name for t in tools}
    return tools + [t for t in cached_tools(config) if t.name not in names]
