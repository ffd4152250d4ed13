"""The date and time phrases in running text, each with the day it names (`tars.tools.when` reads one).

What grounding checks a date argument against, what the executor's prompt resolves for a small
model, and what the date readers count between. A holiday is a date only after a word that makes
it one ("until Christmas", "since Easter"); "since" and "from" mean its last occurrence, unless it
opens a stretch of days ("from christmas to new year"), whose end is the first one after its start.
"""

from __future__ import annotations

import datetime as dt
import re

from tars.tools import when
from tars.tools.holidays import HOLIDAY_PATTERNS, HOLIDAY_RANGE, HOLIDAY_SPAN

__all__ = ["find", "whole"]

_OWN_YEAR = re.compile(r"\d{4}|(?:this|next|last) year")


def find(text: str, now: dt.datetime) -> list[tuple[str, when.When]]:
    """Every date or time phrase in `text` with what it resolves to, in order of appearance."""
    named = list(HOLIDAY_SPAN.finditer(text))
    holidays = [(m.start(2), m.group(2)) for m in named]
    past = {m.start(2) for m in named if m.group(1).lower() in ("since", "after", "from")}
    ranges = list(HOLIDAY_RANGE.finditer(text))
    past -= {m.start(1) for m in ranges}
    holidays += [(m.start(i), m.group(i)) for m in ranges for i in (1, 2)]
    begun = {m.start(2): m.start(1) for m in ranges}  # a range's end, and where its start is
    spans = [(m.start(), m.group(0)) for m in (*when.PHRASE.finditer(text), *when.FROM_HOLIDAY.finditer(text))]
    out: list[tuple[str, when.When]] = []
    at: dict[int, when.When] = {}
    taken = 0  # where the last phrase ended: "next year" inside "christmas next year" is no second date
    for start, found in sorted(spans + holidays):
        if start < taken:
            continue
        phrase = found.strip(" ,")
        day = when.resolve(phrase, now)
        if day is None or not phrase:
            continue
        if not _OWN_YEAR.search(phrase):
            if start in past and day.date > now.date():  # "since Christmas": the last one
                day = when.resolve(f"{phrase} {day.date.year - 1}", now) or day
            if (first := at.get(begun.get(start, -1))) is not None:  # "from easter to christmas": the next after
                day = next((w for year in (first.date.year, first.date.year + 1)
                            if (w := when.resolve(f"{phrase} {year}", now)) and w.date >= first.date), day)
        out.append((phrase, day))
        at[start] = day
        taken = start + len(found)
    return out


def whole(words: str, now: dt.datetime) -> when.When | None:
    """The day (and time) `words` name when they name nothing else ("14 march 1990", "christmas
    2027", "9am"; not "14 march 1990 today", "3 march should I book" or "Friday Harbor").
    DateError for an impossible day, as `when.day` raises it."""
    text = re.sub(r"^(?:on|the|at)\s+", "", " ".join(words.lower().replace("\u2019", "'").split())).strip(" .,")
    if any(pattern.fullmatch(text) for pattern, _ in HOLIDAY_PATTERNS):  # "easter next year": one day
        day = when.day(text, now.date())
        return when.When(day, None, now.tzinfo) if day else None
    found = find(text, now)
    if len(found) == 1 and re.sub(r"^the\s+", "", found[0][0].lower()) == text:
        return found[0][1]
    if not found and len(text.split()) <= 4:  # a holiday, read only as a whole ("new year's day")
        day = when.day(text, now.date())
        return when.When(day, None, now.tzinfo) if day else None
    return None
