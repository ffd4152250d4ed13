"""Dates and times in words ("tomorrow at 5", "next Friday", "in 3 days", "christmas") as calendar values.

The one reader of a day phrase: the exact date tools and the grounding of pipeline arguments both
use it. Pure: every function takes the moment to count from, so a small model never does calendar
arithmetic and a test or bench can pin the clock. Choices where English is ambiguous: a weekday
("Friday", "this Friday", "next Friday") is the first such day after today, "last Friday" the
latest before it; "at 5" with no am/pm means 17:00 for 1-7 and the morning for 8-11; "tonight" is
20:00, "this morning" 09:00, "afternoon" 15:00, "evening" 19:00; a time alone is today when still
ahead, else tomorrow; "next week" is the Monday of next week, "next month" and "next year" their
first day, "the first Monday of next month" (or "the last Friday in November") that day, "this
weekend" the coming Saturday (today on a weekend), "next weekend" the Saturday
after next Monday, "the end of the month" (or year, or next month) its last day, "the 5th of next
month" that day, "friday next week" that week's Friday, "tuesday after next" a week after "tuesday";
a span counts on from the day it names ("a week from tomorrow", "the day before yesterday", "3 days
before christmas"); a date with no year is its next occurrence. Refused, never read as another day:
3/4/2027 (day or month first?), a day changed by words left unread ("the monday before christmas",
"a week on friday"), a month or year the calendar lacks, a time no clock shows (25:00). Holidays
are read as a whole phrase only, never spotted inside other words ("christmas gifts" names no day);
in running text (`tars.tools.date_phrases`), only after a word that makes it a date ("until Christmas",
"since Easter 2025", "when is Thanksgiving").
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

from tars.errors import DateError
from tars.tools.holidays import HOLIDAY_PATTERNS, HOLIDAYS
from tars.tools.time_of_day import time_of_day

__all__ = ["When", "NUMBER_WORDS", "SPAN_UNITS", "WEEKDAY", "MONTH_ABBR", "MONTH", "COUNT", "CLOCK_TIME", "count",
           "day", "moment", "resolve", "add_months", "month_number", "PHRASE", "FROM_HOLIDAY"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a few": 3}
_PARTS = {"morning": 9, "afternoon": 15, "evening": 19, "night": 20, "tonight": 20, "noon": 12, "midday": 12,
          "midnight": 0}
SPAN_UNITS = {"minute": "minutes", "min": "minutes", "hour": "hours", "hr": "hours", "day": "days", "week": "weeks",
          "month": "months", "year": "years"}

WEEKDAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?"
MONTH_ABBR = r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"  # the months as a pattern: "sep" + [a-z]* is "sept"
MONTH = rf"(?:{MONTH_ABBR})[a-z]*\.?"  # a month as written: "sept.", "March"
_MON_DAY = r"(?:\s+|(?<=\.)\s*)"  # "March 11", "Mar. 11", "March.11"
_YEAR = r"(?:,?\s+\d{4}(?!\d))?"
_NUM = r"(?:\d+|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_TIME = (r"(?:(?:at|by|@)\s+)?(?:noon|midday|midnight|\d{1,2}:\d{2}\s*(?:am|pm|a\.m\.|p\.m\.)?|"
         r"\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)|(?:at|by|@)\s+\d{1,2}(?![\d:]))")
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth"
_DAY = (rf"(?:(?:the\s+)?(?:first|second|third|fourth|fifth|last|final|1st|2nd|3rd|4th|5th)\s+{WEEKDAY}\s+(?:of|in)\s+"
        rf"(?:(?:this|next|last|the)\s+month|{MONTH}(?:\s+\d{{4}})?)|"
        rf"(?:{_NUM}\s+(?:days?|weeks?|months?|years?)|(?:the\s+)?(?:day|week))\s+(?:from|after|before)\s+"
        rf"(?:now|today|tonight|tomorrow|tmrw|yesterday|(?:(?:this|next|last|on|coming)\s+)?{WEEKDAY})|"
        rf"(?:the\s+)?(?:{WEEKDAY}|week|month|year)\s+after\s+next|"
        rf"{WEEKDAY}\s+(?:of\s+|in\s+)?(?:this|next|last)\s+week|(?:this|next|last)\s+week\s+(?:on\s+)?{WEEKDAY}|"
        rf"(?:the\s+)?(?:end|(?:first|last|final)\s+day|{_ORDINAL}(?:\s+day)?)\s+of\s+(?:the\s+)?"
        rf"(?:(?:this|next|last)\s+)?(?:month|year)|"
        rf"today|tonight|tomorrow|tmrw|yesterday|"
        rf"(?:(?:this|next|last|on|coming)\s+)?{WEEKDAY}|next (?:week|month|year)|(?:this|next)\s+weekend|"
        rf"in\s+{_NUM}\s+(?:days?|weeks?|months?|years?)|"
        rf"\d{{4}}-\d{{2}}-\d{{2}}|{MONTH}{_MON_DAY}\d{{1,2}}(?:st|nd|rd|th)?{_YEAR}|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}{_YEAR})")
_PART = r"(?:(?:this|in the)\s+)?(?:morning|afternoon|evening|night)"
PHRASE = re.compile(
    rf"\b(?:in\s+{_NUM}\s+(?:minutes?|mins?|hours?|hrs?)"
    rf"|{_DAY}(?:\s+{_PART})?(?:\s*,?\s*{_TIME}(?:\s+{_PART})?)?"
    rf"|{_TIME}(?:\s+{_PART})?(?:\s+(?:on\s+)?{_DAY})?"
    rf"|{_PART})\b",
    re.IGNORECASE)
# a day counted from a holiday, whole: "a week from christmas" (not "from christmas", which is since)
FROM_HOLIDAY = re.compile(rf"\b(?:{_NUM}\s+(?:day|week|month|year)s?|(?:the\s+)?(?:day|week))\s+"
                           rf"(?:from|after|before)\s+(?:the\s+)?(?:{'|'.join(HOLIDAYS)})"
                           rf"(?:,?\s+\d{{4}}(?!\d)|\s+(?:this|next|last) year)?\b", re.IGNORECASE)
_REPEATS = re.compile(r"\b(?:every|each|daily|weekly|monthly|yearly|weekdays|weekends)\b")


@dataclass(frozen=True)
class When:
    """A resolved day, with a time of day when the words gave one (local to `now`'s zone)."""

    date: dt.date
    time: dt.time | None = None
    tz: dt.tzinfo | None = None

    def iso(self) -> str:
        """`2026-11-26` or `2026-11-26 17:00`: what a person and Todoist both read unambiguously."""
        return self.date.isoformat() + (f" {self.time:%H:%M}" if self.time else "")

    def datetime(self) -> dt.datetime:
        return dt.datetime.combine(self.date, self.time or dt.time(0), tzinfo=self.tz)


COUNT = _NUM  # a count in digits or words ("3", "three", "a couple of")
# A clock time as written on its own ("3pm", "9:30", "noon"), without "at 5": what the clock tools,
# their router cues and the argument order read as a time said with a place ("9am New York time").
CLOCK_TIME = r"(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d|noon|midnight)"


def count(word: str) -> int:
    """The number a COUNT match stands for."""
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _weekday(word: str) -> int:
    """The weekday (Monday 0) a `WEEKDAY` match names."""
    return [name[:3] for name in _WEEKDAYS].index(word.lower()[:3])


def month_number(word: str) -> int | None:
    """The month (January 1) a name or its abbreviation names ("feb", "September"), or None."""
    return _month(word)


def _month(word: str) -> int | None:
    word = word.lower().rstrip(".")
    return next((i + 1 for i, name in enumerate(_MONTHS) if len(word) >= 3 and name.startswith(word)), None)


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day `months` later; the 31st of a shorter month becomes its last day."""
    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)
    if not 1 <= year <= 9999:
        raise DateError("the result is outside the calendar (years 1 to 9999)")
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _in_calendar(year: int) -> int:
    """`year`, or DateError when the calendar has no such year (year 0)."""
    if not 1 <= year <= 9999:
        raise DateError(f"there is no year {year} in the calendar (years 1 to 9999)")
    return year


def _calendar_day(year: int, month: int, number: int) -> dt.date:
    if not 1 <= month <= 12:
        raise DateError(f"there is no month {month}; write the date as YYYY-MM-DD")
    try:
        return dt.date(_in_calendar(year), month, number)
    except ValueError:
        raise DateError(f"there is no day {number} in {calendar.month_name[month]} {year}") from None


def _next(make: Callable[[int], dt.date], year: str | None, today: dt.date) -> dt.date:
    """The date in the given year ("2027", "next year"), or its next occurrence from today on."""
    if year and year.endswith(" year"):
        return make(today.year + {"this": 0, "next": 1, "last": -1}[year.split()[0]])
    if year:
        return make(_in_calendar(int(year)))
    first: DateError | None = None
    for in_year in range(today.year, today.year + 9):  # 29 February: the next year that has one
        try:
            found = make(in_year)
        except DateError as exc:
            first = first or exc
            continue
        if found >= today:
            return found
    raise first or DateError("no such day in the coming years")


def day(text: str, today: dt.date) -> dt.date | None:
    """The day `text` names, counted from `today`; None when it names none.

    DateError when it names an impossible day ("February 30") or one that reads two ways (3/4/2027).
    """
    t = " ".join(text.lower().split())
    whole = re.sub(r"^(?:on|the|until|till|to|from|since)\s+", "", t.replace(",", " ")).strip(" .?")
    whole = re.sub(rf"\s+{_TIME}(?:\s+{_PART})?$", "", " ".join(whole.split()))  # "christmas at 5pm": its day
    try:
        for pattern, make in HOLIDAY_PATTERNS:
            if m := pattern.fullmatch(whole):
                return _next(make, m.group(1) or m.group(2), today)
        return _day(t, today)
    except (OverflowError, ValueError):  # a year past 9999, counted on from a day near the end
        raise DateError("the result is outside the calendar (years 1 to 9999)") from None


_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
        "5th": 5, "last": -1, "final": -1}
_NTH_WORD = "|".join(_NTH)
# "the first monday of next month", "the last friday in november 2027"
_NTH_WEEKDAY = (rf"\b({_NTH_WORD})\s+({WEEKDAY})\s+(?:of|in)\s+"
                rf"(?:(this|next|last|the)\s+month|({MONTH})(?:\s+(\d{{4}})(?!\d))?)")


def _nth_weekday(m: re.Match[str], today: dt.date) -> dt.date:
    """The day an `_NTH_WEEKDAY` match names; a month named without a year is this one or the next
    to come. DateError when the month has no such day (a fifth Monday)."""
    if m.group(3):
        start = add_months(today.replace(day=1), {"next": 1, "last": -1}.get(m.group(3), 0))
    else:  # a month named without a year: the next time that day comes ("the first monday of november")
        month = _month(m.group(4)) or today.month
        start = dt.date(_in_calendar(int(m.group(5))) if m.group(5) else today.year, month, 1)
        if not m.group(5) and _nth_in(start, m) < today:
            start = start.replace(year=start.year + 1)
    return _nth_in(start, m)


def _nth_in(start: dt.date, m: re.Match[str]) -> dt.date:
    """The nth (or last) weekday an `_NTH_WEEKDAY` match names, in the month that begins on `start`."""
    n, wd = _NTH[m.group(1)], _weekday(m.group(2))
    length = calendar.monthrange(start.year, start.month)[1]
    if n < 0:
        last = start.replace(day=length)
        return last - dt.timedelta(days=(last.weekday() - wd) % 7)
    number = 1 + (wd - start.weekday()) % 7 + 7 * (n - 1)
    if number > length:
        raise DateError(f"{start:%B %Y} has no {m.group(1)} {_WEEKDAYS[wd].capitalize()}")
    return start.replace(day=number)


_UNIT = r"(day|week|month|year)"
# "a week from tomorrow", "3 days before christmas", "the day after tomorrow" (not "the week after next")
_SHIFTED = re.compile(rf"\b(?:({_NUM})\s+{_UNIT}s?|(?:the\s+)?{_UNIT})\s+(from|after|before)\s+"
                      rf"(?!next\b(?!\s+(?:week|month|year|{WEEKDAY})\b))(.+)")
_AFTER_NEXT = re.compile(rf"\b({WEEKDAY}|week|month|year)\s+after\s+next\b")  # "tuesday after next"
_IN_WEEK = re.compile(rf"\b({WEEKDAY})\s+(?:of\s+|in\s+)?(this|next|last)\s+week\b|"  # "friday next week"
                      rf"\b(this|next|last)\s+week\s+(?:on\s+)?({WEEKDAY})\b")
# "the end of next month", "the last day of the year", "the 5th of next month"
_OF_MONTH = re.compile(rf"\b(end|last day|final day|{_ORDINAL})(?:\s+day)?\s+of\s+(?:the\s+)?"
                       rf"(?:(this|next|last)\s+)?(month|year)\b")
# words that change the day when none of the forms above took them: "the monday before christmas",
# "a week on friday", "the middle of next week" are refused, not read as "monday" or "friday"
_UNREAD = re.compile(rf"\b(?:before|after|ago|middle|end of|(?:first|last|final) day)\b|(?<=\w )from\b|"
                     rf"(?<!\bin )\b{_NUM}\s+(?:day|week|month|year)s?\b")
_LAST_DAY = ("end", "last day", "final day")


def _unread(t: str) -> DateError:
    return DateError(f"cannot read {t!r} exactly; write the date as YYYY-MM-DD")


def _plus(start: dt.date, n: int, unit: str) -> dt.date:
    """`n` days, weeks, months or years after `start` (before it when `n` is negative)."""
    if unit in ("month", "year"):
        return add_months(start, n * (12 if unit == "year" else 1))
    return start + dt.timedelta(days=n * (7 if unit == "week" else 1))


def _monday(today: dt.date, which: str) -> dt.date:
    """The Monday of this, next or last week."""
    return today + dt.timedelta(days=7 * {"this": 0, "next": 1, "last": -1}[which] - today.weekday())


def _of(m: re.Match[str], today: dt.date) -> dt.date:
    """The day an `_OF_MONTH` match names; DateError for one of a year other than its first or last."""
    which, word = {"next": 1, "last": -1}.get(m.group(2) or "this", 0), m.group(1)
    if m.group(3) == "year":  # its first or last day: "the 5th of next year" names no month
        if word not in (*_LAST_DAY, "first", "1st", "1"):
            raise _unread(m.group(0))
        return dt.date(today.year + which, 12, 31) if word in _LAST_DAY else dt.date(today.year + which, 1, 1)
    start = add_months(today.replace(day=1), which)
    if word in _LAST_DAY:
        return start.replace(day=calendar.monthrange(start.year, start.month)[1])
    number = int(digits.group()) if (digits := re.match(r"\d+", word)) else _NTH[word]
    return _calendar_day(start.year, start.month, number)


def _counted_from(t: str, today: dt.date) -> dt.date | None:
    """The day a phrase names by way of another ("a week from tomorrow", "friday next week", "the
    end of next month"), or None when it has no such form."""
    if m := _SHIFTED.search(t):
        base = m.group(5)
        start = today if re.match(r"now\b", base) else day(base, today)
        if start is None:
            raise _unread(t)
        n = count(m.group(1)) if m.group(1) else 1
        return _plus(start, -n if m.group(4) == "before" else n, m.group(2) or m.group(3))
    if m := _AFTER_NEXT.search(t):
        if m.group(1) in ("week", "month", "year"):  # its first day, like "next week"
            return {"week": _monday(today, "next") + dt.timedelta(days=7),
                    "month": add_months(today.replace(day=1), 2), "year": dt.date(today.year + 2, 1, 1)}[m.group(1)]
        return today + dt.timedelta(days=((_weekday(m.group(1)) - today.weekday()) % 7 or 7) + 7)
    if m := _IN_WEEK.search(t):
        return _monday(today, m.group(2) or m.group(3)) + dt.timedelta(days=_weekday(m.group(1) or m.group(4)))
    if m := _OF_MONTH.search(t):
        return _of(m, today)
    return None


def month_start(text: str, today: dt.date) -> dt.date | None:
    """A month alone ("june", "until june 2028") as a span's end: its first day, the next time it
    comes; None for anything else. (Not a day `day` reads: as an argument "April 2022" is the month.)"""
    whole = re.sub(r"^(?:the|until|till|to)\s+", "", " ".join(text.lower().split())).strip(" .?")
    m = re.fullmatch(rf"(?:(next|this)\s+)?({MONTH})(?:\s+(\d{{4}}))?", whole)
    if m is None or (month := _month(m[2])) is None:
        return None
    return _next(lambda y: _calendar_day(y, month, 1), m[3] or (f"{m[1]} year" if m[1] == "this" else None), today)


def _day(t: str, today: dt.date) -> dt.date | None:
    if found := _counted_from(t, today):
        return found
    if m := re.search(_NTH_WEEKDAY, t):
        return _nth_weekday(m, today)
    if _UNREAD.search(t):
        raise _unread(t)
    if re.search(r"\b(?:tomorrow|tmrw)\b", t):  # "tomorrow week": a week after it
        return today + dt.timedelta(days=8 if re.search(r"\b(?:tomorrow|tmrw) week\b", t) else 1)
    if re.search(r"\byesterday\b", t):
        return today - dt.timedelta(days=1)
    if re.search(r"\b(?:today|tonight)\b", t):
        return today
    if re.search(r"\bnext weekend\b", t):  # the Saturday after next Monday
        return _monday(today, "next") + dt.timedelta(days=5)
    if re.search(r"\bthis weekend\b", t):  # the coming Saturday; on a weekend, today
        return today if today.weekday() >= 5 else today + dt.timedelta(days=5 - today.weekday())
    if re.search(r"\bnext week\b", t):
        return _monday(today, "next")
    if re.search(r"\bnext month\b", t):
        return add_months(today.replace(day=1), 1)
    if re.search(r"\bnext year\b", t):
        return dt.date(today.year + 1, 1, 1)
    if m := re.search(rf"\bin\s+({_NUM})\s+{_UNIT}s?\b", t):
        return _plus(today, count(m.group(1)), m.group(2))
    if m := re.search(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)", t):
        return _calendar_day(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if m := re.search(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?!\d)", t):
        a, b = int(m.group(1)), int(m.group(2))
        if a <= 12 and b <= 12 and a != b:
            raise DateError(f"{m.group(0)!r} could be day/month or month/day; write the date as YYYY-MM-DD")
        return _calendar_day(int(m.group(3)), *((a, b) if a <= 12 else (b, a)))
    if m := re.search(rf"\b({MONTH}){_MON_DAY}(\d{{1,2}})(?:st|nd|rd|th)?\b|"
                      rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH})", t):
        named, number = _month(m.group(1) or m.group(4)), int(m.group(2) or m.group(3))
        if named is None:
            return None
        month = named
        year = re.match(r",?\s+(\d{4})(?!\d)", t[m.end():])
        found = _next(lambda y: _calendar_day(y, month, number), year.group(1) if year else None, today)
        if (said := re.search(rf"\b{WEEKDAY}\b", t)) and _weekday(said.group(0)) != found.weekday():
            raise DateError(f"{found:%-d %B %Y} is a {found:%A}, not a {calendar.day_name[_weekday(said.group(0))]}")
        return found
    # "friday the 13th", "friday 13th"
    if m := re.search(rf"\b({WEEKDAY})\s+(?:the\s+(\d{{1,2}})(?:st|nd|rd|th)?|(\d{{1,2}})(?:st|nd|rd|th))\b", t):
        return _weekday_on(_weekday(m.group(1)), int(m.group(2) or m.group(3)), today)
    if re.search(rf"\b(?:black|cyber|good|holy|palm|ash|maundy|easter|shrove|whit|super|casual)\s+{WEEKDAY}\b", t):
        raise _unread(t)  # a named day this reader does not know is not the weekday it ends with
    if m := re.search(rf"\b(last\s+)?({WEEKDAY})\b", t):
        wd = _weekday(m.group(2))
        if m.group(1):
            return today - dt.timedelta(days=(today.weekday() - wd) % 7 or 7)
        return today + dt.timedelta(days=(wd - today.weekday()) % 7 or 7)
    return None


def _weekday_on(weekday: int, number: int, today: dt.date) -> dt.date:
    """The next day numbered `number` of a month that falls on `weekday` ("friday the 13th"), today included."""
    month = today.replace(day=1)
    for _ in range(12 * 30):  # every weekday falls on every number (up to 28) within a few years
        if number <= calendar.monthrange(month.year, month.month)[1]:
            found = month.replace(day=number)
            if found >= today and found.weekday() == weekday:
                return found
        month = add_months(month, 1)
    raise DateError(f"no month has a {calendar.day_name[weekday]} the {number}")


def moment(phrase: str, now: dt.datetime) -> When | None:
    """The day (and time) `phrase` names, counted from `now`; None when it names neither.

    DateError when the day it names is impossible or reads two ways.
    """
    t = " ".join(phrase.lower().split())
    if not t or _REPEATS.search(t):  # "every Friday" is a rule for the task's own service, not one day
        return None
    if m := re.fullmatch(rf"(?:in\s+)?({_NUM})\s+(minute|min|hour|hr)s?(?:\s+from now)?", t):
        try:
            later = now + dt.timedelta(**{SPAN_UNITS[m.group(2)]: count(m.group(1))})
        except OverflowError:
            raise DateError("the result is outside the calendar (years 1 to 9999)") from None
        return When(later.date(), dt.time(later.hour, later.minute), now.tzinfo)
    named = day(t, now.date())
    clock = time_of_day(t)
    explicit = clock is not None
    part = next((p for p in ("tonight", "morning", "afternoon", "evening", "night") if re.search(rf"\b{p}\b", t)),
                None)
    if clock is None and part is not None:
        clock = dt.time(_PARTS[part])
    if named is None and clock is None:
        return None
    if named is None and part is not None and not explicit:  # "this morning", "in the evening": today
        named = now.date()
    if named is None:  # a time alone: today if still ahead, else tomorrow
        assert clock is not None
        named = now.date() if clock > now.time().replace(tzinfo=None) else now.date() + dt.timedelta(days=1)
    return When(named, clock, now.tzinfo)


def resolve(phrase: str, now: dt.datetime) -> When | None:
    """What `moment` reads, or None also when the day is impossible: a value to ground, not an error."""
    try:
        return moment(phrase, now)
    except DateError:
        return None
