"""A router's decision, apart from the models: whether a message wants tools, which, how surely
(its band), and why; or tars's own answer when no tool or model should give one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Band", "Decision", "SURE", "THRESHOLD", "band_of"]

# How sure the router is, in one place. A family's score at or above THRESHOLD means the message
# wants its tools (and goes to the remote, when there is one); at or above SURE it wants that
# family's tools and no other, so a model only chooses among them. Below THRESHOLD the router is
# sure no tool is needed. Between the two it is unsure: a model decides, "none" included.
THRESHOLD = 3.0
SURE = 4.0
Band = Literal["sure", "unsure", "none"]


@dataclass(frozen=True, kw_only=True)
class Decision:
    """The model-independent half of a route: whether tools are wanted, and why."""

    needs_tools: bool
    family: str | None
    tool_hints: tuple[str, ...]
    reason: str
    score: float = 0.0
    local: bool = False  # the family's tools serve the primary as well: no escalation needed
    # the message plainly wants tools that are not set up: what the user must set (no model can do it)
    unavailable: str = ""
    # tars's own answer, no model asked: what none of the family's tools does, or a count of the
    # text that came with the message
    told: str = ""

    @property
    def band(self) -> Band:
        """How sure the decision is: see THRESHOLD and SURE."""
        return band_of(self.score if self.needs_tools else 0.0)


def band_of(score: float) -> Band:
    """The band of a family's score: "sure" it is that family, "unsure", or "none" (no tool)."""
    return "sure" if score >= SURE else "unsure" if score >= THRESHOLD else "none"
