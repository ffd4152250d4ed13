"""The time of day a phrase names: "17:30", "5pm", "at 5" (the afternoon, as people mean it),
"05:00" (a 24-hour clock's morning), "noon"; one no clock shows ("25:00") is a DateError."""

from __future__ import annotations

import datetime as dt
import re

from tars.errors import DateError

__all__ = ["time_of_day"]


def time_of_day(text: str) -> dt.time | None:
    """The time of day in `text`: `17:30`, `5pm`, `at 5`, `noon`; DateError for one no clock shows (25:00)."""
    t = text.lower()
    for word, hour in (("midnight", 0), ("noon", 12), ("midday", 12)):
        if re.search(rf"\b{word}\b", t):
            return dt.time(hour)
    m = (re.search(r"(?<![\d:+-])(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?![\d:])\s*(am|pm|a\.m\.|p\.m\.)?", t)
         or re.search(r"(?<![\d:-])(\d{1,2})()\s*(am|pm|a\.m\.|p\.m\.|o'?clock)(?!\w)", t)
         or re.search(r"(?:\bat|\bby|@)\s+(\d{1,2})()()(?![\d:])", t))
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").replace(".", "")
    if hour > 23 or minute > 59:
        raise DateError(f"{m.group(0).strip()!r} is not a time of day")
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    elif half not in ("am", "pm") and hour < 12:
        if re.search(r"\b(?:afternoon|evening|night|tonight)\b", t):
            hour += 12
        elif 1 <= hour <= 7 and not m.group(1).startswith("0") and not re.search(r"\bmorning\b|\d{4}-\d{2}-\d{2}", t):
            hour += 12  # "at 5": people mean the afternoon ("05:00" is a 24-hour clock's)
    return dt.time(hour, minute)
