"""Cues for well-known kinds of MCP server (time, calendar), found through their tools' vocabulary.

A learned family whose name and description words meet a kind's trigger words gets that kind's
hand-written cues, which know how people ask ("what time is it in Lima") better than bare words do.
The patterns stay (weight, pattern) pairs here and are compiled only when such a server is configured.
"""

from __future__ import annotations

from dataclasses import dataclass

from tars.routing.cues.clock import CLOCK_NEGATIVES, CLOCK_PAIRS, DATE_PAIRS, Pairs

__all__ = ["ServerKind", "SERVER_KINDS"]

@dataclass(frozen=True)
class ServerKind:
    """Cues (weight, pattern) a learned family gets when its vocabulary meets `trigger`."""

    trigger: frozenset[str]
    cues: Pairs
    negatives: Pairs = ()


# a time server answers what the built-in clock does, and the date too
_TIME: Pairs = (*CLOCK_PAIRS, *DATE_PAIRS)
_TIME_NEG: Pairs = CLOCK_NEGATIVES

_CALENDAR: Pairs = (
    (3, r"\bmy (?:calendar|schedule|agenda|meetings?|appointments?|events?)\b|\bam i (?:free|busy|available)\b"),
    (3, r"\b(?:book|schedule|set up|arrange|move|cancel|reschedule) (?:a |an |the |my )?(?:meeting|call|"
        r"appointment|event)\b"),
    (2, r"\b(?:meetings?|appointments?|events?|calendar)\b"),
)

SERVER_KINDS: tuple[ServerKind, ...] = (
    ServerKind(frozenset({"time", "timezone", "clock"}), _TIME, _TIME_NEG),
    ServerKind(frozenset({"calendar", "event", "meeting", "appointment"}), _CALENDAR),
)
