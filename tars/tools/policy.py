"""Confirmation policy overrides from TARS_TOOL_POLICY (`note_write=ask,todoist_add_task=auto`).

Each tool carries its default policy (reads `auto`; writes `auto` but shown; destructive calls
`ask`); this module only parses the user's overrides for `ToolRegistry(policies=...)`.
"""

from __future__ import annotations

from typing import Any

from tars.errors import ConfigError
from tars.tools.base import Policy

__all__ = ["POLICIES", "parse_policies", "policies_from_config"]

POLICIES: tuple[Policy, ...] = ("auto", "ask", "deny")


def parse_policies(text: str, *, setting: str = "TARS_TOOL_POLICY") -> dict[str, Policy]:
    """`name=policy` pairs separated by commas or whitespace; a bad pair is a ConfigError."""
    out: dict[str, Policy] = {}
    for item in text.replace(";", ",").replace("\n", ",").split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip().lower()
        if not sep or not name:
            raise ConfigError(f"{setting}: {item!r} is not tool=policy (e.g. note_write=ask)")
        if value not in POLICIES:
            raise ConfigError(f"{setting}: {item!r}: policy must be one of {', '.join(POLICIES)}")
        out[name] = value  # type: ignore[assignment]
    return out


def policies_from_config(config: Any) -> dict[str, Policy]:
    """The overrides configured in TARS_TOOL_POLICY ({} when unset; config parses it at load)."""
    value = getattr(config, "tool_policy", None) or {}
    return dict(value) if isinstance(value, dict) else parse_policies(str(value))
