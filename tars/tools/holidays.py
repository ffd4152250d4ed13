"""The holidays tars reads as dates ("christmas", "easter 2027", "thanksgiving next year"), each a
rule that gives its day in a year.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

__all__ = ["HOLIDAYS", "HOLIDAY_PATTERNS", "HOLIDAY_SPAN", "HOLIDAY_RANGE"]


def _easter(year: int) -> dt.date:
    """Western Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    m = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 22 * m) // 451
    month, day = divmod(h + m - 7 * n + 114, 31)
    return dt.date(year, month, day + 1)


def _thanksgiving(year: int) -> dt.date:
    first = dt.date(year, 11, 1)
    return first + dt.timedelta(days=(3 - first.weekday()) % 7 + 21)


HOLIDAYS: dict[str, Callable[[int], dt.date]] = {
    r"christmas eve|xmas eve": lambda y: dt.date(y, 12, 24),
    r"christmas(?: day)?|xmas": lambda y: dt.date(y, 12, 25),
    r"boxing day": lambda y: dt.date(y, 12, 26),
    r"new year'?s eve": lambda y: dt.date(y, 12, 31),
    r"new year'?s?(?: day)?": lambda y: dt.date(y, 1, 1),
    r"valentine'?s(?: day)?": lambda y: dt.date(y, 2, 14),
    r"halloween": lambda y: dt.date(y, 10, 31),
    r"(?:the )?fourth of july|independence day": lambda y: dt.date(y, 7, 4),
    # the days Easter and Thanksgiving place, before the names they start with
    r"good friday": lambda y: _easter(y) - dt.timedelta(days=2),
    r"(?:maundy|holy) thursday": lambda y: _easter(y) - dt.timedelta(days=3),
    r"palm sunday": lambda y: _easter(y) - dt.timedelta(days=7),
    r"ash wednesday": lambda y: _easter(y) - dt.timedelta(days=46),
    r"shrove tuesday|pancake day|mardi gras": lambda y: _easter(y) - dt.timedelta(days=47),
    r"easter monday": lambda y: _easter(y) + dt.timedelta(days=1),
    r"(?:pentecost|whit sunday|whitsun)(?: sunday)?": lambda y: _easter(y) + dt.timedelta(days=49),
    r"easter(?: sunday)?": _easter,
    r"black friday": lambda y: _thanksgiving(y) + dt.timedelta(days=1),
    r"cyber monday": lambda y: _thanksgiving(y) + dt.timedelta(days=4),
    r"thanksgiving(?: day)?": _thanksgiving,
}
# a holiday's year: written out, or "this/next/last year" ("christmas this year")
_YEAR = r"(?:,?\s+(\d{4})(?!\d)|\s+((?:this|next|last) year))?"
HOLIDAY_PATTERNS = [(re.compile(r"(?:" + p + r")" + _YEAR), f) for p, f in HOLIDAYS.items()]
# a holiday in running text is a date only after a word that says so ("until Christmas"; not "christmas gifts")
_NAMED = r"(?:the\s+)?((?:" + "|".join(HOLIDAYS) + r")(?:,?\s+\d{4}(?!\d)|\s+(?:this|next|last) year)?)\b"
HOLIDAY_SPAN = re.compile(r"\b(until|till|til|before|after|on|by|since|from|"
                          r"(?:when|day|date|week|weekday) (?:is|was|will be))\s+" + _NAMED, re.IGNORECASE)
# two holidays that bound a stretch of days: "from christmas to new year" (its start is no "since")
HOLIDAY_RANGE = re.compile(r"\b(?:from|between)\s+" + _NAMED + r"\s+(?:to|until|till|through|and)\s+" + _NAMED,
                           re.IGNORECASE)
