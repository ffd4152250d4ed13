"""Confirmation policy overrides from TARS_TOOL_POLICY (`note_write=ask,todoist_add_task=auto`).

Each tool carries its default policy (reads `auto`; writes `auto` but shown; destructive calls
`ask`); the settings parse the user's overrides at load, and this module hands them to
`ToolRegistry(policies=...)`.
"""

from __future__ import annotations

from tars.config import POLICIES, Config, Policy, parse_policies

__all__ = ["POLICIES", "parse_policies", "policies_from_config"]


def policies_from_config(config: Config) -> dict[str, Policy]:
    """The overrides configured in TARS_TOOL_POLICY ({} when unset), as a copy the caller may change."""
    return dict(config.tool_policy)
