"""Relative dates and times in words ("tomorrow at 5", "next Friday", "in 3 days") as calendar values.

Pure: every function takes the moment to count from, so a small model never does calendar
arithmetic and a test or bench can pin the clock. Choices where English is ambiguous: a weekday
("Friday", "this Friday", "next Friday") is the first such day after today; "at 5" with no am/pm
means 17:00 for 1-7 and the morning for 8-11; "tonight" is 20:00, "this morning" 09:00,
"afternoon" 15:00, "evening" 19:00; a time alone is today when still ahead, else tomorrow;
"next week" is the Monday of next week; a month and day with no year is the next such date.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

__all__ = ["When", "NUMBER_WORDS", "COUNT", "count", "resolve", "find", "as_value"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a few": 3}
_PARTS = {"morning": 9, "afternoon": 15, "evening": 19, "night": 20, "tonight": 20, "noon": 12, "midday": 12,
          "midnight": 0}
_UNITS = {"minute": "minutes", "min": "minutes", "hour": "hours", "hr": "hours", "day": "days", "week": "weeks",
          "month": "months", "year": "years"}

_WD = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?"
_MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_YEAR = r"(?:,?\s+\d{4}(?!\d))?"
_NUM = r"(?:\d+|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_TIME = (r"(?:(?:at|by|@)\s+)?(?:noon|midday|midnight|\d{1,2}:\d{2}\s*(?:am|pm|a\.m\.|p\.m\.)?|"
         r"\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)|(?:at|by|@)\s+\d{1,2}(?![\d:]))")
_DAY = (rf"(?:day after tomorrow|today|tonight|tomorrow|tmrw|yesterday|"
        rf"(?:this|next|on|coming)?\s*{_WD}|next week|"
        rf"in\s+{_NUM}\s+(?:days?|weeks?|months?|years?)|{_NUM}\s+(?:days?|weeks?)\s+from (?:now|today)|"
        rf"\d{{4}}-\d{{2}}-\d{{2}}|{_MON}\s+\d{{1,2}}(?:st|nd|rd|th)?{_YEAR}|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}{_YEAR})")
_PART = r"(?:(?:this|in the)\s+)?(?:morning|afternoon|evening|night)"
_SPAN = re.compile(
    rf"\b(?:in\s+{_NUM}\s+(?:minutes?|mins?|hours?|hrs?)"
    rf"|{_DAY}(?:\s+{_PART})?(?:\s*,?\s*{_TIME})?"
    rf"|{_TIME}(?:\s+{_PART})?(?:\s+(?:on\s+)?{_DAY})?"
    rf"|{_PART})\b",
    re.IGNORECASE)
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


def count(word: str) -> int:
    """The number a COUNT match stands for."""
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _weekday(word: str) -> int | None:
    word = word.lower()
    for i, name in enumerate(_WEEKDAYS):
        if word[:3] == name[:3] and name.startswith(word.rstrip(".")[:len(word)]) or word == name:
            return i
    return None


def _month(word: str) -> int | None:
    word = word.lower().rstrip(".")
    return next((i + 1 for i, name in enumerate(_MONTHS) if len(word) >= 3 and name.startswith(word)), None)


def _add_months(day: dt.date, months: int) -> dt.date:
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    month += 1
    for d in (day.day, 30, 29, 28):
        try:
            return day.replace(year=year, month=month, day=d)
        except ValueError:
            continue
    raise AssertionError("unreachable")


def _clock(text: str) -> dt.time | None:
    """The time of day in `text`: `17:30`, `5pm`, `at 5`, `noon`."""
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
        return None
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    elif half not in ("am", "pm") and hour < 12:
        if re.search(r"\b(?:afternoon|evening|night|tonight)\b", t):
            hour += 12
        elif 1 <= hour <= 7 and not re.search(r"\bmorning\b|\d{4}-\d{2}-\d{2}", t):
            hour += 12  # "at 5": people mean the afternoon
    return dt.time(hour, minute)


def _day(text: str, today: dt.date) -> dt.date | None:
    t = " ".join(text.lower().split())
    if "day after tomorrow" in t:
        return today + dt.timedelta(days=2)
    if re.search(r"\b(?:tomorrow|tmrw)\b", t):
        return today + dt.timedelta(days=1)
    if re.search(r"\byesterday\b", t):
        return today - dt.timedelta(days=1)
    if re.search(r"\b(?:today|tonight)\b", t):
        return today
    if re.search(r"\bnext week\b", t):
        return today + dt.timedelta(days=7 - today.weekday())
    if m := re.search(rf"\b(?:in\s+({_NUM})\s+(day|week|month|year)s?|({_NUM})\s+(day|week)s?\s+from)\b", t):
        n, unit = count(m.group(1) or m.group(3)), m.group(2) or m.group(4)
        if unit == "month":
            return _add_months(today, n)
        if unit == "year":
            return _add_months(today, 12 * n)
        return today + dt.timedelta(days=n * (7 if unit == "week" else 1))
    if m := re.search(r"\b(\d{4})-(\d{2})-(\d{2})(?!\d)", t):
        try:
            return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    if m := re.search(rf"\b({_MON})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b|\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MON})",
                      t):
        month = _month(m.group(1) or m.group(4))
        number = int(m.group(2) or m.group(3))
        year = re.match(r",?\s+(\d{4})(?!\d)", t[m.end():])
        if month is None:
            return None
        try:
            if year:
                return dt.date(int(year.group(1)), month, number)
            day = dt.date(today.year, month, number)
            return day if day >= today else dt.date(today.year + 1, month, number)
        except ValueError:
            return None
    if m := re.search(rf"\b({_WD})\b", t):
        wd = _weekday(m.group(1))
        if wd is not None:
            ahead = (wd - today.weekday()) % 7 or 7
            return today + dt.timedelta(days=ahead)
    return None


def resolve(phrase: str, now: dt.datetime) -> When | None:
    """The day (and time) `phrase` names, counted from `now`; None when it names neither."""
    t = " ".join(phrase.lower().split())
    if not t or _REPEATS.search(t):  # "every Friday" is a rule for the task's own service, not one day
        return None
    if m := re.fullmatch(rf"(?:in\s+)?({_NUM})\s+(minute|min|hour|hr)s?(?:\s+from now)?", t):
        step = dt.timedelta(**{_UNITS[m.group(2)]: count(m.group(1))})
        later = now + step
        return When(later.date(), dt.time(later.hour, later.minute), now.tzinfo)
    day = _day(t, now.date())
    clock = _clock(t)
    explicit = clock is not None
    part = next((p for p in ("tonight", "morning", "afternoon", "evening", "night") if re.search(rf"\b{p}\b", t)),
                None)
    if clock is None and part is not None:
        clock = dt.time(_PARTS[part])
    if day is None and clock is None:
        return None
    if day is None and part is not None and not explicit:  # "this morning", "in the evening": today
        day = now.date()
    if day is None:  # a time alone: today if still ahead, else tomorrow
        assert clock is not None
        day = now.date() if clock > now.time().replace(tzinfo=None) else now.date() + dt.timedelta(days=1)
    return When(day, clock, now.tzinfo)


def find(text: str, now: dt.datetime) -> list[tuple[str, When]]:
    """Every date or time phrase in `text` with what it resolves to, in order of appearance."""
    out = []
    for m in _SPAN.finditer(text):
        phrase = m.group(0).strip(" ,")
        when = resolve(phrase, now)
        if when is not None and phrase:
            out.append((phrase, when))
    return out


def as_value(when: When, fmt: str | None) -> str:
    """`when` written for a schema `format`: `date`, `date-time` (RFC 3339), `time`, or the plain ISO form."""
    if fmt == "date":
        return when.date.isoformat()
    if fmt == "date-time":
        return when.datetime().isoformat(timespec="seconds")
    if fmt == "time":
        return dt.datetime.combine(when.date, when.time or dt.time(0), tzinfo=when.tz).timetz().isoformat("seconds")
    return when.iso()
