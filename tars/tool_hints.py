"""What the keyword router tells the model about one message's tools, as a typed value.

The session builds it once per turn from the route (`ToolHints.of`) and the primary is offered
the hinted tools (`ToolHints.offered`); a native model reads the hints as a paragraph of its system
prompt (`tars.system_prompt.hint_paragraph`), pipeline mode reads this value (`stream(hints=)`,
`PipelineProvider.plan`). The bench builds and offers them the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tars.tools.base import Tool

__all__ = ["ToolHints"]


class _Routed(Protocol):
    """A router decision or the route made of it: the tools it hints and how sure it is."""

    @property
    def tool_hints(self) -> tuple[str, ...]: ...

    @property
    def band(self) -> str: ...


@dataclass(frozen=True, kw_only=True)
class ToolHints:
    """The tools a message most likely needs, in the router's order, and whether the router is sure
    they are the ones to choose from (its "sure" band; never sure of no tools)."""

    names: tuple[str, ...] = ()
    sure: bool = False

    @classmethod
    def of(cls, route: _Routed) -> ToolHints:
        return cls(names=tuple(route.tool_hints), sure=route.band == "sure" and bool(route.tool_hints))

    def offered(self, lookup: Callable[[str], Tool | None]) -> list[Tool]:
        """What the primary is offered (TARS_PRIMARY_TOOLS=hinted): the hinted tools that exist, in order."""
        return [tool for name in self.names if (tool := lookup(name)) is not None]

    def told_with(self, tools: Sequence[Tool]) -> ToolHints | None:
        """What the model is told alongside `tools`: nothing when no tools are offered to choose among."""
        return self if tools else None
