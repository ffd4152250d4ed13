"""The tool listing `tars tools list` and `/tools` both print: every tool, its source, its
confirmation policy and what it does, or why it is not available. One place, so the two agree."""

from __future__ import annotations

from dataclasses import dataclass

from tars.tools.base import Tool
from tars.tools.registry import ToolRegistry

__all__ = ["ToolRow", "tool_rows", "listing_lines", "ARGUMENT_POLICY_NOTE"]

ARGUMENT_POLICY_NOTE = "* asks for some arguments only (completing a task by text, overwriting an existing note)"


@dataclass(frozen=True)
class ToolRow:
    name: str
    source: str  # "builtin" or the MCP server's name
    policy: str  # auto, ask, deny; "ask*" when it depends on the arguments
    description: str  # the first sentence
    unavailable: str | None = None  # why the tool cannot work as configured

    @property
    def source_label(self) -> str:
        return "built-in" if self.source == "builtin" else f"mcp:{self.source}"

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "source": self.source, "policy": self.policy, "description": self.description,
                "available": self.unavailable is None, "unavailable": self.unavailable}


def _first_sentence(text: str) -> str:
    return " ".join(text.split()).split(". ")[0][:90]


def _order(tool: Tool) -> tuple[bool, str, str]:
    return (tool.source != "builtin", tool.source, tool.name)


def tool_rows(registry: ToolRegistry, *, matching: str = "") -> list[ToolRow]:
    """Available tools (built-in first, then by source), then those that are not, each saying why."""
    rows = []
    available = sorted(registry, key=_order)
    for tool in available + sorted(registry.unavailable(), key=_order):
        policy: str = registry.policy(tool)
        if tool.policy_for is not None and not registry.overridden(tool.name):
            policy = f"{policy}*"  # depends on the arguments
        rows.append(ToolRow(tool.name, tool.source, policy, _first_sentence(tool.description), tool.unavailable))
    if matching:
        key = matching.lower()
        rows = [r for r in rows if key in r.name.lower() or key in r.source.lower()]
    return rows


def listing_lines(rows: list[ToolRow]) -> list[str]:
    """One line per tool in aligned columns, then what the marks mean."""
    if not rows:
        return []
    name_w = max(len(r.name) for r in rows)
    source_w = max(len(r.source_label) for r in rows)
    lines = []
    for r in rows:
        what = f"not available: {r.unavailable}" if r.unavailable else r.description
        lines.append(f"{r.name:<{name_w}}  {r.source_label:<{source_w}}  {r.policy:<5}  {what}")
    if any(r.policy.endswith("*") for r in rows):
        lines.append(ARGUMENT_POLICY_NOTE)
    return lines
