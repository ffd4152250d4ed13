"""The date tools' arguments, read from a request that asks nothing else ("what date is 90 days from
today?", "how many days since january 1?", "is 2028 a leap year?").

A small model asked "how many days since january 1" counted to the next January, and asked "what
date is 90 days from today" looked up today's weekday. When a request is only a span, a date plus
a span or a year, tars reads it; anything more (a second span, a date with other words, working
days, someone's death) is left to the model, so None is the answer whenever in doubt.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tars.errors import DateError
from tars.tools import dates, when

__all__ = ["shift_asked", "span_asked", "year_asked"]

_AMOUNT = "|".join(re.escape(w) for w in sorted(when.NUMBER_WORDS, key=len, reverse=True))
_SPAN = (rf"(?<![\w.,-])(?P<n>\d+|{_AMOUNT}) (?P<unit>{'|'.join(when.SPAN_UNITS)})s?\b")
_ANY_SPAN = re.compile(_SPAN.replace("?P<n>", "?:").replace("?P<unit>", "?:"), re.IGNORECASE)
_END = r"\s*[?.!]*$"
# "90 days from today", "3 weeks before christmas", "100 days ago", "5 hours from now"
_SHIFT = re.compile(rf"{_SPAN} (?:(?P<ago>ago)|(?P<way>from|after|before|later than|earlier than|hence|later|"
                    rf"earlier)(?: (?P<date>[^?!]+?))?){_END}", re.IGNORECASE)
# "what date is it in 10 days", "in 3 weeks, what day will it be"
_IN_SPAN = re.compile(rf"\bin {_SPAN}", re.IGNORECASE)
_ASKS_WHEN = re.compile(r"^(?:what|which) (?:date|day|time)\b|\bwhat (?:date|day|time)\b.{0,20}$", re.IGNORECASE)
_NOW = frozenset({"", "now", "today", "right now", "this moment"})


def shift_asked(message: str) -> dict[str, Any] | None:
    """date_shift's arguments from a request that is only a date plus one span, or None."""
    text = " ".join(message.split())
    if len(_ANY_SPAN.findall(text)) != 1:  # "2 hours 30 minutes from now": more than the tool takes
        return None
    match = _SHIFT.search(text) or (_IN_SPAN.search(text) if _ASKS_WHEN.search(text) else None)
    if match is None:
        return None
    amount = when.count(match["n"])
    unit = when.SPAN_UNITS[match["unit"].lower()]
    groups = match.groupdict()
    if groups.get("ago") or (groups.get("way") or "").lower() in ("before", "earlier than", "earlier"):
        amount = -amount
    date = (groups.get("date") or "").strip()
    if date.lower() in _NOW:
        return {"amount": amount, "unit": unit}
    return {"amount": amount, "unit": unit, "date": date} if _whole_date(date, dates.now()) else None


def _whole_date(words: str, now: dt.datetime) -> dt.date | None:
    """The day `words` name when they name nothing else ("14 march 1990", "christmas 2027"; not
    "14 march 1990 today" or "3 march should I book")."""
    text = re.sub(r"^(?:on|the)\s+", "", " ".join(words.lower().split())).strip(" .,")
    found = when.find(text, now)
    if len(found) == 1 and re.sub(r"^the\s+", "", found[0][0].lower()) == text:
        return found[0][1].date
    if not found and len(text.split()) <= 4:  # a holiday, read only as a whole ("new year's day")
        return when.day(text, now.date())
    return None


_HOW = r"^(?:(?:so|and|ok|okay),? )?how (?:many|much|long)\b"
# a count that is not of calendar days, or of a life that ended: the model's to work out
_NOT_CALENDAR = re.compile(r"\b(?:working|business|school|week|work)[ -]?days?\b|\bweekdays\b|\bexcluding\b|\bexcept\b|"
                           r"\bwithout\b|\bwhen (?:he|she|they|it)\b|\bdied\b|\bdeath\b", re.IGNORECASE)
_SINCE = re.compile(rf"{_HOW}.*?\b(?:since|ago (?:was|is|did|were))\s+(?P<date>[^?!]+?)"
                    rf"(?: (?:to|until|till) (?:now|today))?{_END}", re.IGNORECASE)
_BORN = re.compile(r"^how old (?:is|am|are) (?:i|you|he|she|they|someone|somebody|a person|my \w+|a \w+)"
                   r"(?: (?:who|that|if (?:i|you|he|she|they)) (?:was|were))? born(?: on| in)? (?P<date>[^?!]+?)"
                   + _END, re.IGNORECASE)
_UNTIL = re.compile(rf"{_HOW}.*?\b(?:until|till|til|to|before)\s+(?P<date>[^?!]+?){_END}", re.IGNORECASE)
_BETWEEN = re.compile(rf"{_HOW}.*?\b(?:between (?P<a>[^?!]+?) and|from (?P<b>[^?!]+?) (?:to|until|till))\s+"
                      rf"(?P<end>[^?!]+?){_END}", re.IGNORECASE)
_RELATIVE = re.compile(r"\b(?:tomorrow|next|coming|upcoming)\b", re.IGNORECASE)
_YEAR = re.compile(r"\b\d{4}\b")


def _past(words: str, now: dt.datetime) -> dt.date | None:
    """The day `words` name, as the last one before today ("since christmas" is the one gone by)."""
    if _RELATIVE.search(words):
        return None
    found = _whole_date(words, now)
    today = now.date()
    if found is None or _YEAR.search(words):
        return found if found is None or found <= today else None
    if re.search(rf"\b{when.WEEKDAY}\b", words, re.IGNORECASE):  # on a Wednesday, "since wednesday" is a week
        while found >= today:
            found -= dt.timedelta(days=7)
        return found
    if found <= today:
        return found
    try:
        return found.replace(year=found.year - 1)
    except ValueError:  # 29 February: the last one was some years back
        return None


def _between(start_words: str, end_words: str, now: dt.datetime) -> dict[str, Any] | None:
    """Both ends of a span; a day without a year takes the other's, and an end before the start
    is the next year's ("between christmas and new year" is 7 days)."""
    start, end = _whole_date(start_words, now), _whole_date(end_words, now)
    if start is None or end is None:
        return None
    start_year, end_year = _YEAR.search(start_words), _YEAR.search(end_words)
    try:
        if end_year and not start_year:
            start = start.replace(year=end.year)
        elif start_year and not end_year:
            end = end.replace(year=start.year)
        if end < start and not end_year:
            end = end.replace(year=end.year + 1)
    except ValueError:  # 29 February in a year without one
        return None
    return {"from_date": start.isoformat(), "to_date": end.isoformat()}


def span_asked(message: str) -> dict[str, Any] | None:
    """days_between's arguments from a request that is only a span between days ("how many days
    since january 1", "how old is someone born on 14 march 1990"), or None."""
    text = " ".join(message.split())
    if _NOT_CALENDAR.search(text):
        return None
    now = dates.now()
    try:
        if match := _BETWEEN.search(text):
            return _between(match["a"] or match["b"], match["end"], now)
        if match := (_BORN.search(text) or _SINCE.search(text)):
            start = _past(match["date"], now)
            return {"from_date": start.isoformat(), "to_date": "today"} if start else None
        if (match := _UNTIL.search(text)) and _whole_date(match["date"], now):
            return {"to_date": match["date"].strip()}
    except DateError:  # "31 february": the tool says what is wrong when the model passes it on
        return None
    return None


_LEAP = re.compile(r"^(?:is|was|will|isn'?t|wasn'?t) (?:the year )?(?P<year>\d{4}) (?:be )?(?:a )?leap ?year" + _END,
                   re.IGNORECASE)


def year_asked(message: str) -> dict[str, Any] | None:
    """leap_year's year from "is 2028 a leap year?" and its like, or None."""
    match = _LEAP.match(" ".join(message.split()))
    return {"year": int(match["year"])} if match else None
