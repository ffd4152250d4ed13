"""Cues for well-known kinds of MCP server (time, calendar), found through their tools' vocabulary.

A learned family whose name and description words meet a kind's trigger words gets that kind's
hand-written cues, which know how people ask ("what time is it in Lima") better than bare words do.
The patterns stay (weight, pattern) pairs here and are compiled only when such a server is configured.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ServerKind", "SERVER_KINDS"]

Pairs = tuple[tuple[float, str], ...]


@dataclass(frozen=True)
class ServerKind:
    """Cues (weight, pattern) a learned family gets when its vocabulary meets `trigger`."""

    trigger: frozenset[str]
    cues: Pairs
    negatives: Pairs = ()


_TIME: Pairs = (
    (3, r"\bwhat (?:time|hour)(?: is|'s) it\b|\bwhat'?s the hour\b|\bwhat'?s the (?:current |local )?time\b|"
        r"\bwhat is the (?:current |local )?time\b"),
    (3, r"\b(?:current|local|exact) time\b|\btime (?:difference|zones?)\b|\btimezones?\b|\bo'?clock\b"),
    (3, r"^(?:the )?(?:current |local )?time (?:in|at|over in|now in)\b|\btime (?:is it|it is) (?:in|there|now)\b"),
    (3, r"\bis it (?:still |already )?(?:after|before|past) (?:midnight|noon|\d)|"
        r"\bis it (?:still |already )?(?:the )?(?:morning|night|late|early|evening|afternoon|daytime|night-?time|dark|"
        r"middle of the (?:night|day)|bedtime|business hours|working hours|office hours|"
        r"midnight|noon|"
        r"lunchtime)\b.{0,20}\bin\b"),
    (3, r"\b(?:convert|what'?s|what is|when is)\b.{0,30}\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d|noon|"
        r"midnight)\b.{0,30}\b(?:time|in|to)\b"),
    (3, r"\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d)\s+(?:[a-z]+ ){1,2}time\b|\bin (?:[a-z]+ ){1,2}time\b"),
    (3, r"\bwhat(?:'s| is) (?:the |today's )?date(?: today)?\b|\bwhat day is (?:it|today)\b|\btoday'?s date\b|"
        r"\bdaylight sav(?:ing|ings)\b"),
    (2, r"\b(?:how long|how many (?:hours|minutes)) (?:until|till|to) (?:midnight|noon|\d)"),
    (2, r"\b(?:utc|gmt|est|edt|cst|cdt|pst|pdt|cet|cest|bst|jst|ist|aest|iana)\b|\btime (?:in|at|there|now|"
        r"here)\b|\bhours? (?:ahead|behind)\b"),
)
_TIME_NEG: Pairs = (
    (3, r"\btime (?:complexity|dilation|travel|period|series|signature|management|machine|crystal|frame|limit|"
        r"out)s?\b"),
    (3, r"\bspace-?time\b|\b(?:run|compile|load|up|screen|down|lead|half|life|bed|prime|day|spare|free|over|part|"
        r"full)[- ]?time\b"),
)
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
