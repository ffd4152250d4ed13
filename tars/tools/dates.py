"""Date and time arithmetic: days between dates, a date plus or minus a span, the weekday of a date,
whether a year is a leap year.

Dates are read by `tars.tools.when`, the reader pipeline arguments are grounded with too, so both
mean the same day by "next friday", "christmas" or "5pm". "Today" and "now" are in the local time
zone (the `TZ` of the environment tars runs in).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Any

from tars.errors import DateError
from tars.tools import when
from tars.tools.base import Tool
from tars.tools.holidays import HOLIDAY_PATTERNS

__all__ = ["DATE_SHIFT", "DAYS_BETWEEN", "DAY_OF_WEEK", "LEAP_YEAR", "DateError", "parse_day", "date_tools",
           "days_between", "date_shift", "day_of_week", "leap_year", "clock_only", "calendar_span"]

# the tools' names (`tars.tools.date_requests` reads their arguments from a plain request)
DATE_SHIFT, DAYS_BETWEEN, DAY_OF_WEEK, LEAP_YEAR = "date_shift", "days_between", "day_of_week", "leap_year"


def now() -> dt.datetime:
    """The local date and time (a function so tests can fix it)."""
    return dt.datetime.now().astimezone()


def parse_day(text: str | None, today: dt.date | None = None) -> dt.date:
    """A calendar date from how people write one (read by `tars.tools.when`); DateError when it cannot be read."""
    today = today or now().date()
    raw = " ".join(str(text or "").lower().split()).strip(" .?")
    if raw in ("", "now", "this day"):
        return today
    if _SHORT_YEAR.search(raw):  # "14 march 90": 1990 or 2090, which the rest would read as the next 14 March
        raise DateError(f"{str(text).strip()!r} gives its year in two digits; write it in full (1990 or 2090?)")
    found = when.day(raw, today)
    if found is None:
        raise DateError(f"cannot read {text!r} as a date; write it as YYYY-MM-DD")
    if _NAMED_DAY.search(raw) and not any(pattern.fullmatch(raw) for pattern, _ in HOLIDAY_PATTERNS):
        raise DateError(f"tars does not know which day {str(text).strip()!r} is; give its date")  # not next Sunday
    return found


_SHORT_YEAR = re.compile(rf"(?:\b{when.MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|"
                         rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{when.MONTH})\s*,?\s+'?\d\d$")
# a day named by a word tars does not know ("mothering sunday", "super bowl sunday"), which the
# weekday alone in it would answer wrongly
_NAMED_DAY = re.compile(
    rf"\b(?!(?:this|next|last|coming|on|by|until|till|to|from|since|the|a|every|following|previous|upcoming|week|"
    rf"of|in|and|or|before|after|same|that|first|second|third|fourth|fifth|final|early|late|due)\b)"
    rf"[a-z]+\s+{when.WEEKDAY}\b")


def _shown(day: dt.date) -> str:
    return f"{day:%A} {day.isoformat()}"


def _counted(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def calendar_span(start: dt.date, end: dt.date) -> tuple[int, int, int]:
    """(years, months, days) from `start` to `end` (start <= end), as an age is counted."""
    months = (end.year - start.year) * 12 + end.month - start.month
    if when.add_months(start, months) > end:
        months -= 1
    return months // 12, months % 12, (end - when.add_months(start, months)).days


def clock_only(text: str | None) -> bool:
    """A clock time with no day ("9am", "17:30"): the day is the other end's."""
    return bool(text) and re.fullmatch(when.CLOCK_TIME, " ".join(str(text).lower().split())) is not None


def _hours(start: dt.datetime, end: dt.datetime, to_time: str, from_time: str | None) -> dict[str, Any]:
    """The time from one moment to another when either names a clock time: an end that is a clock
    time alone is on the start's day ("from 9am to 5:30pm", "friday 9am to 5pm"), or the next day's
    when that is earlier ("10pm to 6am" is overnight); "until 5pm" alone runs from now. `start` and
    `end` are the moments the words were read as."""
    if clock_only(to_time):  # "friday 9am to 5pm": Friday's 5pm
        end = dt.datetime.combine(start.date(), end.timetz())
        if end < start:
            end += dt.timedelta(days=1)
    elif clock_only(from_time) and not clock_only(to_time):  # "from midnight to noon on 14 march": that day's
        start = dt.datetime.combine(end.date(), start.timetz())
        if start > end:
            start -= dt.timedelta(days=1)
    start, end = (moment.replace(second=0, microsecond=0) for moment in (start, end))  # as shown: to the minute
    # the hours that pass, through a change of the clocks too (the same zone's times subtract as wall times)
    minutes = round((end.astimezone(dt.UTC) - start.astimezone(dt.UTC)).total_seconds() / 60)
    days, rest = divmod(abs(minutes), 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [_counted(n, unit) for n, unit in ((days, "day"), (hours, "hour"), (mins, "minute")) if n]
    parts = parts or ["0 minutes"]
    span = (", ".join(parts[:-1]) + " and " if len(parts) > 1 else "") + parts[-1]
    # the whole span in minutes as well (asked "how many minutes"), and in hours when it has days or parts
    total = f" ({abs(minutes):,} minutes or {abs(minutes) / 60:,.4g} hours in all)" if len(parts) > 1 or days \
        else f" ({abs(minutes):,} minutes)" if abs(minutes) >= 60 else ""
    # times alone, or today's: no day to name ("friday 9am to 5pm" names Friday's)
    bare = clock_only(to_time) and clock_only(from_time) or start.date() == end.date() == now().date()
    stamp = "%H:%M" if bare and start.date() == end.date() else "%A %Y-%m-%d %H:%M"
    return {"from": f"{start:{stamp}}", "to": f"{end:{stamp}}", "minutes": minutes, "hours": round(minutes / 60, 4),
            "confirmation": f"{end:{stamp}} is {span}{total} before {start:{stamp}}." if minutes < 0
            else f"From {start:{stamp}} to {end:{stamp}} is {span}{total}."}


_YEAR_ONLY = re.compile(r"\d{4}")


def _year(words: str | None) -> tuple[int, bool] | None:
    """(the year, whether it was said) for a year alone or today ("", "now", "today"); None for a day."""
    text = " ".join(str(words or "").lower().split())
    if _YEAR_ONLY.fullmatch(text):
        return int(text), True
    return (now().year, False) if text in ("", "now", "today") else None


def _years(to_date: str, from_date: str | None) -> dict[str, Any] | None:
    """Whole years since a year ("1969" to today is 57 years), when the start is a year alone and
    the end a year or today; None for days and times."""
    start, end = _year(from_date), _year(to_date)
    if start is None or end is None or not start[1]:  # since a year: whole years; until one: its days
        return None
    years = end[0] - start[0]
    # a year alone names no day: until that day's anniversary this year, one year less has passed
    less = f" (or {years - 1:,}, if the day in {start[0]} it counts from is still to come this year)" \
        if not end[1] and years > 0 else ""
    return {"from": str(start[0]), "to": str(end[0]), "years": years,
            "confirmation": f"From {start[0]} to {end[0]} is {'minus ' if years < 0 else ''}"
                            f"{_counted(abs(years), 'year')}{less}."}


def _weekdays(start: dt.date, end: dt.date) -> int:
    """Monday-to-Friday days after `start` up to and including `end` (either way round)."""
    first, last = min(start, end), max(start, end)
    weeks, rest = divmod((last - first).days, 7)
    tail = range(weeks * 7 + 1, weeks * 7 + rest + 1)  # the days after the whole weeks
    return weeks * 5 + sum((first + dt.timedelta(days=i)).weekday() < 5 for i in tail)


def days_between(to_date: str, from_date: str | None = None, weekdays: bool = False) -> dict[str, Any]:
    if weekdays:  # working days: Monday to Friday, public holidays unknown
        start, end = parse_day(from_date, now().date()), parse_day(to_date, now().date())
        count = _weekdays(start, end) * (-1 if end < start else 1)
        return {"from": _shown(start), "to": _shown(end), "weekdays": count,
                "confirmation": f"From {_shown(start)} to {_shown(end)} there {'is' if abs(count) == 1 else 'are'} "
                                f"{'minus ' if count < 0 else ''}{_counted(abs(count), 'weekday')} (Monday to "
                                "Friday, counting from the day after the first; public holidays are not taken off)."}
    if counted := _years(to_date, from_date):
        return counted
    if _YEAR_ONLY.fullmatch(str(to_date).strip()):  # until a year: until the day it begins
        to_date = f"{str(to_date).strip()}-01-01"
    elif (month := when.month_start(str(to_date), now().date())) is not None:  # until a month: its 1st, next
        to_date = month.isoformat()
    end_moment, end_timed = _parse_moment(to_date)
    start_moment, start_timed = _parse_moment(from_date)
    if end_timed or start_timed:  # a clock time: hours and minutes
        return _hours(start_moment, end_moment, to_date, from_date)
    today = now().date()
    start, end = parse_day(from_date, today), parse_day(to_date, today)
    days = (end - start).days
    weeks, rest = divmod(abs(days), 7)
    out: dict[str, Any] = {"from": _shown(start), "to": _shown(end), "days": days, "weeks": weeks, "and_days": rest}
    span = f"{abs(days):,} day{'s' if abs(days) != 1 else ''}"
    years, months, left = calendar_span(min(start, end), max(start, end))
    if years:  # an age, an anniversary: in years, months and days
        out["calendar"] = {"years": years, "months": months, "days": left}
        span += f" ({_counted(years, 'year')}, {_counted(months, 'month')} and {_counted(left, 'day')})."
    else:
        told = f"{weeks} weeks" + (f" and {_counted(rest, 'day')}" if rest else "")
        if months >= 2:  # "how many months until june?": months too, once there are two or more
            out["calendar"] = {"years": 0, "months": months, "days": left}
            in_months = _counted(months, "month") + (f" and {_counted(left, 'day')}" if left else "")
            told = f"{in_months}, or {told}"
        span += f" ({told})." if weeks and abs(days) > 13 else "."
    if days < 0:  # the end comes first: said in words, which the span in brackets keeps too
        return {**out, "confirmation": f"{_shown(end)} is {span.removesuffix('.')} before {_shown(start)}."}
    return {**out, "confirmation": f"From {_shown(start)} to {_shown(end)} is {span}"}


def _parse_moment(text: str | None) -> tuple[dt.datetime, bool]:
    """A date with an optional clock time ("friday 3pm", "2027-03-14 09:30"); (moment, time given)."""
    current = now()
    zone = _local_zone(current)
    raw = " ".join(str(text or "").lower().split())
    if raw in ("", "now", "right now", "today", "from now"):
        return current.astimezone(zone), False  # a time of day is shown only for a span in hours or minutes
    said = when.moment(raw, current)
    if said is None:
        raise DateError(f"cannot read {text!r} as a date; write it as YYYY-MM-DD")
    return dt.datetime.combine(said.date, said.time or dt.time(), zone), said.time is not None


def _local_zone(current: dt.datetime) -> dt.tzinfo:
    """The user's zone with its changes of the clocks (summer time), so a moment in March is told
    in March's offset; `current`'s own offset when no zone is known."""
    from tars.tools.zones import local_zone

    return local_zone(current)


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
        start = now().astimezone(start.tzinfo)  # "in 5 hours" with today's date filled in: from now
    timed = timed or unit in ("minutes", "hours")
    try:
        if unit in ("months", "years"):
            day = when.add_months(start.date(), amount * (12 if unit == "years" else 1))
            result = dt.datetime.combine(day, start.timetz())
        elif unit in ("minutes", "hours"):  # hours that pass: through a change of the clocks too
            result = (start.astimezone(dt.UTC) + dt.timedelta(**{unit: amount})).astimezone(start.tzinfo)
        else:  # days on the calendar: the same time of day
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


def day_of_week(date: str, week: bool = False) -> dict[str, Any]:
    today = now().date()
    day = parse_day(date, today)
    verb = "is" if day >= today else "was"
    year, number, _ = day.isocalendar()
    return {"date": day.isoformat(), "weekday": f"{day:%A}", "iso_week": number,
            "confirmation": f"{day:%-d %B %Y} {verb} a {day:%A}"
                            + (f", in week {number} of {year} (ISO weeks)." if week else ".")}


def leap_year(year: int) -> dict[str, Any]:
    if not 1 <= year <= 9999:
        raise DateError("the year must be between 1 and 9999")
    leap = calendar.isleap(year)
    return {"year": year, "leap": leap, "days": 366 if leap else 365,
            "confirmation": f"{year} {'is' if leap else 'is not'} a leap year ({366 if leap else 365} days)."}


def date_tools() -> list[Tool]:
    day = {"type": "string", "minLength": 1, "maxLength": 60}
    return [
        Tool(name=DAYS_BETWEEN, family="exact", func=days_between,
             description="Count the days from one date to another, or the hours and minutes between clock times "
                         "(from now when no start is given).",
             parameters={"type": "object", "additionalProperties": False, "required": ["to_date"], "properties": {
                 "to_date": {**day, "description": "the end date, as the user wrote it or as YYYY-MM-DD"},
                 "from_date": {**day, "description": "the start date; leave out for today"},
                 "weekdays": {"type": "boolean", "description": "count only Monday to Friday (working days)"}}}),
        Tool(name=DATE_SHIFT, family="exact", func=date_shift,
             description=("The date or time a number of minutes, hours, days, weeks, months or years after "
                          "(positive amount) or before (negative amount) a date, or from now."),
             parameters={"type": "object", "additionalProperties": False, "required": ["amount", "unit"],
                         "properties": {
                             "amount": {"type": "integer", "description": "how many units; negative for before"},
                             "unit": {"type": "string", "enum": list(_UNITS)},
                             "date": {**day, "description": "the starting date, optionally with a time; "
                                                            "leave out for now"}}}),
        Tool(name=LEAP_YEAR, family="exact", func=leap_year,
             description="Whether a year is a leap year (366 days) or a common one.",
             parameters={"type": "object", "additionalProperties": False, "required": ["year"], "properties": {
                 "year": {"type": "integer", "minimum": 1, "maximum": 9999}}}),
        Tool(name=DAY_OF_WEEK, family="exact", func=day_of_week,
             description="The calendar date a day names (\"next friday\", \"christmas\"), its weekday and its "
                         "ISO week number.",
             parameters={"type": "object", "additionalProperties": False, "required": ["date"], "properties": {
                 "date": {**day, "description": "the date, as the user wrote it or as YYYY-MM-DD"},
                 "week": {"type": "boolean", "description": "true only when the user asks for the week "
                                                            "number, not for a weekday"}}}),
    ]
