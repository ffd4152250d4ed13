"""Date and time arithmetic: days between dates, a date plus or minus a span, the weekday of a date.

Dates are read the way people write them ("2027-03-14", "March 14 2027", "14th of March",
"christmas", "next friday", "tomorrow"); a date without a year is its next occurrence. "Today"
and "now" are in the local time zone (the `TZ` of the environment tars runs in).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from tars.errors import ToolError
from tars.tools.base import Tool

__all__ = ["DateError", "parse_day", "date_tools", "days_between", "date_shift", "day_of_week"]


class DateError(ToolError):
    """A date tars cannot read, or a result outside the calendar."""


_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_WEEKDAYS.update({name.lower(): i for i, name in enumerate(calendar.day_abbr)})
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(\d{4}))?"


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


_HOLIDAYS: dict[str, Callable[[int], dt.date]] = {
    r"christmas eve|xmas eve": lambda y: dt.date(y, 12, 24),
    r"christmas(?: day)?|xmas": lambda y: dt.date(y, 12, 25),
    r"boxing day": lambda y: dt.date(y, 12, 26),
    r"new year'?s eve": lambda y: dt.date(y, 12, 31),
    r"new year'?s?(?: day)?": lambda y: dt.date(y, 1, 1),
    r"valentine'?s(?: day)?": lambda y: dt.date(y, 2, 14),
    r"halloween": lambda y: dt.date(y, 10, 31),
    r"(?:the )?fourth of july|independence day": lambda y: dt.date(y, 7, 4),
    r"easter(?: sunday)?": _easter,
    r"thanksgiving(?: day)?": _thanksgiving,
}
_HOLIDAY_PATTERNS = [(re.compile(r"^(?:" + p + r")(?:\s+(\d{4}))?$"), f) for p, f in _HOLIDAYS.items()]


def now() -> dt.datetime:
    """The local date and time (a function so tests can fix it)."""
    return dt.datetime.now().astimezone()


def _next(make: Callable[[int], dt.date], year: str | None, today: dt.date) -> dt.date:
    """The date in the given year, or its next occurrence from today on."""
    if year:
        return make(int(year))
    day = make(today.year)
    return day if day >= today else make(today.year + 1)


def _calendar_day(year: int, month: int, day: int) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise DateError(f"there is no day {day} in {calendar.month_name[month]} {year}") from None


def parse_day(text: str | None, today: dt.date | None = None) -> dt.date:
    """A calendar date from how people write one; DateError when it cannot be read."""
    today = today or now().date()
    raw = " ".join(str(text or "").lower().replace(",", " ").split()).strip(" .?")
    raw = re.sub(r"^(?:on|the|until|till|to|from|since)\s+", "", raw)
    if raw in ("", "today", "now", "tonight", "this day"):
        return today
    if raw in ("tomorrow", "tmrw"):
        return today + dt.timedelta(days=1)
    if raw == "yesterday":
        return today - dt.timedelta(days=1)
    if m := re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", raw):
        return _calendar_day(int(m[1]), int(m[2]), int(m[3]))
    if m := re.fullmatch(_MONTH + r"\s+" + _DAY + _YEAR, raw):  # march 14 2027
        month, day, year = _MONTHS[m[1]], int(m[2]), m[3]
        return _next(lambda y: _calendar_day(y, month, day), year, today)
    if m := re.fullmatch(_DAY + r"\s+(?:of\s+)?" + _MONTH + _YEAR, raw):  # 14th of march 2027
        month, day, year = _MONTHS[m[2]], int(m[1]), m[3]
        return _next(lambda y: _calendar_day(y, month, day), year, today)
    if m := re.fullmatch(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})", raw):
        a, b, year_n = int(m[1]), int(m[2]), int(m[3])
        if a <= 12 and b <= 12 and a != b:
            raise DateError(f"{text!r} could be day/month or month/day; write the date as YYYY-MM-DD")
        month, day = (a, b) if a <= 12 else (b, a)
        return _calendar_day(year_n, month, day)
    for pattern, make in _HOLIDAY_PATTERNS:
        if m := pattern.match(raw):
            return _next(make, m[1], today)
    if m := re.fullmatch(r"(next|this|last|coming)?\s*(\w+)", raw):
        if m[2] in _WEEKDAYS:
            ahead = (_WEEKDAYS[m[2]] - today.weekday()) % 7
            if m[1] == "last":
                return today - dt.timedelta(days=(today.weekday() - _WEEKDAYS[m[2]]) % 7 or 7)
            return today + dt.timedelta(days=ahead or (7 if m[1] in ("next", "coming") else 0))
    raise DateError(f"cannot read {text!r} as a date; write it as YYYY-MM-DD")


def _shown(day: dt.date) -> str:
    return f"{day:%A} {day.isoformat()}"


def days_between(to_date: str, from_date: str | None = None) -> dict[str, Any]:
    today = now().date()
    start, end = parse_day(from_date, today), parse_day(to_date, today)
    days = (end - start).days
    weeks, rest = divmod(abs(days), 7)
    span = f"{days} day{'s' if abs(days) != 1 else ''}"
    return {"from": _shown(start), "to": _shown(end), "days": days, "weeks": weeks, "and_days": rest,
            "confirmation": f"From {_shown(start)} to {_shown(end)} is {span}"
                            + (f" ({weeks} weeks and {rest} day{'s' if rest != 1 else ''})."
                               if weeks and abs(days) > 13 else ".")}


def _add_months(day: dt.date, months: int) -> dt.date:
    """The same day `months` later; the 31st of a shorter month becomes its last day."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    if not 1 <= year <= 9999:
        raise DateError("the result is outside the calendar (years 1 to 9999)")
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


_TIME = re.compile(r"^(?:(.*?)\s+)?(?:at\s+)?(\d{1,2})(?::(\d\d))?\s*(am|pm)?$")


def _parse_moment(text: str | None) -> tuple[dt.datetime, bool]:
    """A date with an optional clock time ("friday 3pm", "2027-03-14 09:30"); (moment, time given)."""
    current = now()
    raw = " ".join(str(text or "").lower().split())
    if raw in ("", "now", "right now", "today", "from now"):
        return current, False  # a time of day is shown only when the span is in hours or minutes
    m = _TIME.match(raw)
    if m and (m[3] or m[4]) and int(m[2]) <= 24:
        hour = int(m[2]) % 12 + (12 if m[4] == "pm" else 0) if m[4] else int(m[2]) % 24
        day = parse_day(m[1], current.date())
        return dt.datetime.combine(day, dt.time(hour, int(m[3] or 0)), current.tzinfo), True
    return dt.datetime.combine(parse_day(raw, current.date()), dt.time(), current.tzinfo), False


_UNITS = ("minutes", "hours", "days", "weeks", "months", "years")


def date_shift(amount: int, unit: str, date: str | None = None) -> dict[str, Any]:
    if unit not in _UNITS:
        unit = unit.lower().rstrip("s") + "s"
    if unit not in _UNITS:
        raise DateError(f"unit must be one of {', '.join(_UNITS)}")
    if abs(amount) > 1_000_000:
        raise DateError("the amount is too large")
    start, timed = _parse_moment(date)
    if unit in ("minutes", "hours") and not timed and start.date() == now().date():
        start = now()  # "in 5 hours" with today's date filled in means from now, not from midnight
    timed = timed or unit in ("minutes", "hours")
    try:
        if unit in ("months", "years"):
            day = _add_months(start.date(), amount * (12 if unit == "years" else 1))
            result = dt.datetime.combine(day, start.timetz())
        else:
            result = start + dt.timedelta(**{unit: amount})
    except OverflowError:
        raise DateError("the result is outside the calendar (years 1 to 9999)") from None
    word = "after" if amount >= 0 else "before"
    span = f"{abs(amount)} {unit[:-1] if abs(amount) == 1 else unit}"
    if timed:
        stamp = f"{result:%A} {result:%Y-%m-%d %H:%M} ({result:%Z})"
        was = f"{start:%A} {start:%Y-%m-%d %H:%M}"
        return {"result": result.isoformat(timespec="minutes"), "weekday": f"{result:%A}",
                "confirmation": f"{span} {word} {was} is {stamp}."}
    return {"result": result.date().isoformat(), "weekday": f"{result:%A}",
            "confirmation": f"{span} {word} {_shown(start.date())} is {_shown(result.date())}."}


def day_of_week(date: str) -> dict[str, Any]:
    today = now().date()
    day = parse_day(date, today)
    verb = "is" if day >= today else "was"
    return {"date": day.isoformat(), "weekday": f"{day:%A}",
            "confirmation": f"{day:%-d %B %Y} {verb} a {day:%A}."}


def date_tools() -> list[Tool]:
    day = {"type": "string", "minLength": 1, "maxLength": 60}
    return [
        Tool(name="days_between", family="exact", func=days_between,
             description="Count the days from one date to another (from today when no start is given).",
             parameters={"type": "object", "additionalProperties": False, "required": ["to_date"], "properties": {
                 "to_date": {**day, "description": "the end date, as the user wrote it or as YYYY-MM-DD"},
                 "from_date": {**day, "description": "the start date; leave out for today"}}}),
        Tool(name="date_shift", family="exact", func=date_shift,
             description=("The date or time a number of minutes, hours, days, weeks, months or years after "
                          "(positive amount) or before (negative amount) a date, or from now."),
             parameters={"type": "object", "additionalProperties": False, "required": ["amount", "unit"],
                         "properties": {
                             "amount": {"type": "integer", "description": "how many units; negative for before"},
                             "unit": {"type": "string", "enum": list(_UNITS)},
                             "date": {**day, "description": "the starting date, optionally with a time; "
                                                            "leave out for now"}}}),
        Tool(name="day_of_week", family="exact", func=day_of_week,
             description="The weekday a calendar date falls on.",
             parameters={"type": "object", "additionalProperties": False, "required": ["date"], "properties": {
                 "date": {**day, "description": "the date, as the user wrote it or as YYYY-MM-DD"}}}),
    ]
