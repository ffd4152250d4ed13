"""The date tools' arguments, read from a request that asks nothing else ("what date is 90 days from
today?", "how many days since january 1?", "is 2028 a leap year?").

A small model asked "how many days since january 1" counted to the next January, and asked "what
date is 90 days from today" looked up today's weekday. When a request is only a span, a date plus
a span or a year, tars reads it; anything more (a second span, a date with other words, working
days, someone's death, a past tense with a day of no year) is left to the model, so None is the
answer whenever in doubt.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tars.errors import DateError
from tars.tools import date_phrases, dates, when

__all__ = ["LEAP_QUESTION", "SPAN", "WEEK_NUMBER", "WEEK_OF_DAY", "shift_asked", "span_asked", "week_asked",
           "weekday_asked", "year_asked"]

_AMOUNT = "|".join(re.escape(w) for w in sorted(when.NUMBER_WORDS, key=len, reverse=True))
_UNITS = "|".join(when.SPAN_UNITS)
# a whole number of one unit ("90 days", "two weeks"), not part of "2.5 hours" or "-5 days"
SPAN = rf"(?<![\w.,-])(?:\d+|{_AMOUNT}) (?:{_UNITS})s?\b"
_SPAN = rf"(?<![\w.,-])(?P<n>\d+|{_AMOUNT}) (?P<unit>{_UNITS})s?\b"
_ANY_SPAN = re.compile(SPAN, re.IGNORECASE)
_END = r"\s*[?.!]*$"
# "90 days from today", "3 weeks before christmas", "100 days ago", "5 hours from now"
_SHIFT = re.compile(rf"{_SPAN} (?:(?P<ago>ago)|(?P<way>from|after|before|later than|earlier than|hence|later|"
                    rf"earlier)(?: (?P<date>[^?!]+?))?){_END}", re.IGNORECASE)
# "what date is it in 10 days?", "in 3 weeks, what day will it be?": nothing after the span
_IN_SPAN = (re.compile(rf"^(?:what|which|what's|what is|what will) (?:the )?(?:date|day|time|year|month)\b"
                       rf"[\w' ]{{0,20}}\bin {_SPAN}{_END}", re.IGNORECASE),
            re.compile(rf"^in {_SPAN},? (?:what|which) (?:date|day|time) (?:will it be|is it|would it be){_END}",
                       re.IGNORECASE))
_PAST_TENSE = re.compile(r"\b(?:was|were|did|had)\b", re.IGNORECASE)
_NOW = frozenset({"", "now", "today", "right now", "this moment"})


# spans said together, in minutes or in months: "3 hours and 20 minutes" is 200 minutes
_IN_MINUTES = {"minutes": 1, "hours": 60, "days": 24 * 60, "weeks": 7 * 24 * 60}
_IN_MONTHS = {"months": 1, "years": 12}
_SPANS = re.compile(rf"{SPAN}(?:(?:,? and |, | ){SPAN})+", re.IGNORECASE)


def _as_one_span(text: str) -> str:
    """`text` with spans said together as one span of the smallest unit ("3 hours and 20 minutes"
    -> "200 minutes"), which date_shift takes; unchanged when they mix days and months, or the
    same unit twice."""
    def joined(match: re.Match[str]) -> str:
        parts = [(when.count(m["n"]), when.SPAN_UNITS[m["unit"].lower()]) for m in re.finditer(_SPAN, match[0],
                                                                                              re.IGNORECASE)]
        units = [unit for _, unit in parts]
        for table in (_IN_MINUTES, _IN_MONTHS):
            if len(set(units)) == len(units) and all(unit in table for unit in units):
                smallest = min(units, key=table.__getitem__)
                total = sum(n * table[unit] for n, unit in parts) // table[smallest]
                return f"{total} {smallest}"
        return match[0]
    return _SPANS.sub(joined, text)


def shift_asked(message: str) -> dict[str, Any] | None:
    """date_shift's arguments from a request that is only a date plus one span (or spans said
    together: "3 hours and 20 minutes from now"), or None."""
    text = _as_one_span(" ".join(message.split()))
    if len(_ANY_SPAN.findall(text)) != 1:  # "2 days and 3 months from now": more than the tool takes
        return None
    match = _SHIFT.search(text) or _IN_SPAN[0].search(text) or _IN_SPAN[1].search(text)
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
    if _PAST_TENSE.search(text) and not _YEAR.search(date):  # "what date was 3 days before march 1": which one?
        return None
    try:
        return {"amount": amount, "unit": unit, "date": date} if date_phrases.whole(date, dates.now()) else None
    except DateError:  # "2026-02-30": the tool says what is wrong when the model passes it on
        return None


def _whole_date(words: str, now: dt.datetime) -> dt.date | None:
    """The day `words` name, when they name a day and nothing else (no clock time either)."""
    said = date_phrases.whole(words, now)
    return said.date if said is not None and said.time is None else None


# the unit asked for: days (or weeks, years) between days, hours and minutes between clock times
_HOW = (r"^(?:(?:so|and|ok|okay),? )?how (?:many (?:more )?(?P<unit>days|weeks|sleeps|months|years|hours|minutes)|long|"
        r"much (?:more )?time)\b")
# a count that is not of calendar days, or of a life that ended: the model's to work out
_WORKING_DAYS = re.compile(r"\b(?:working|business|week|work)[ -]?days\b|\bweekdays\b", re.IGNORECASE)
_NOT_CALENDAR = re.compile(r"\bschool[ -]?days?\b|\bexcluding\b|\bexcept\b|"
                           r"\bwithout\b|\bwhen (?:he|she|they|it)\b|\bdied\b|\bdeath\b", re.IGNORECASE)
_SINCE = re.compile(rf"{_HOW}.*?\b(?:since|ago (?:was|is|did|were))\s+(?P<date>[^?!]+?)"
                    rf"(?: (?:to|until|till) (?:now|today))?{_END}", re.IGNORECASE)
_BORN = re.compile(r"^how (?:many (?:days|weeks|months|years) )?old (?:is|am|are) (?:i|you|he|she|they|someone|"
                   r"somebody|a person|my \w+|a \w+)"
                   r"(?: (?:who|that|if (?:i|you|he|she|they)) (?:was|were))? born(?: on| in)? (?P<date>[^?!]+?)"
                   + _END, re.IGNORECASE)
_UNTIL = re.compile(rf"{_HOW}.*?\b(?:until|till|til|to|before)\s+(?P<date>[^?!]+?){_END}", re.IGNORECASE)
_BETWEEN = re.compile(rf"{_HOW}.*?\b(?:between (?P<a>[^?!]+?) and|from (?P<b>[^?!]+?) (?:to|until|till))\s+"
                      rf"(?P<end>[^?!]+?){_END}", re.IGNORECASE)
# days named from today ("monday", "tomorrow"): no year to carry over or roll forward
_RELATIVE = re.compile(rf"\b(?:today|tonight|yesterday|tomorrow|next|last|this|coming|upcoming|{when.WEEKDAY})\b",
                       re.IGNORECASE)
_YEAR = re.compile(r"\b\d{4}\b")
_TWELVE_HOUR = re.compile(r"(?:[1-9]|1[0-2]):[0-5]\d")  # "since 2:45": the morning's or the afternoon's?


def _in_year(words: str, year: int, now: dt.datetime) -> dt.date | None:
    """The day `words` name in `year` ("easter" in 2025 is 20 April, not last year's date moved)."""
    try:
        return _whole_date(f"{words.strip()} {year}", now)
    except DateError:  # 29 February in a year without one
        return None


def _past_moment(words: str, now: dt.datetime) -> str | None:
    """A clock time gone by, as "YYYY-MM-DD HH:MM" ("since 9am" at 08:00 is yesterday's 9am)."""
    said = date_phrases.whole(words, now)
    if said is None or said.time is None or _TWELVE_HOUR.fullmatch(words.strip()):
        return None
    moment = dt.datetime.combine(now.date() if dates.clock_only(words) else said.date, said.time, now.tzinfo)
    if moment > now:
        moment -= dt.timedelta(days=1)
    return None if moment > now else f"{moment:%Y-%m-%d %H:%M}"


def _past(words: str, now: dt.datetime) -> dt.date | None:
    """The day `words` name, as the last one before today ("since christmas" is the one gone by)."""
    if re.search(r"\b(?:tomorrow|next|coming|upcoming)\b", words, re.IGNORECASE):
        return None
    found = _whole_date(words, now)
    today = now.date()
    if found is None or _YEAR.search(words):
        return found if found is None or found <= today else None
    if re.search(rf"\b{when.WEEKDAY}\b", words, re.IGNORECASE):  # on a Wednesday, "since wednesday" is a week
        while found >= today:
            found -= dt.timedelta(days=7)
        return found
    if found <= today or _RELATIVE.search(words):
        return found if found <= today else None
    return _in_year(words, found.year - 1, now)


def _between(start_words: str, end_words: str, now: dt.datetime) -> dict[str, Any] | None:
    """Both ends of a span of days; a day without a year takes the other's, and an end before the
    start is the next year's ("between christmas and new year" is 7 days). Days named from today
    ("monday", "tomorrow") are left to the model: which week they mean is not said."""
    start, end = _whole_date(start_words, now), _whole_date(end_words, now)
    if start is None or end is None or _RELATIVE.search(start_words) or _RELATIVE.search(end_words):
        return None
    start_year, end_year = _YEAR.search(start_words), _YEAR.search(end_words)
    if end_year and not start_year:
        start = date_phrases.range_start(lambda year: _in_year(start_words, year, now), end)
    elif start_year and not end_year:
        end = _in_year(end_words, start.year, now)
    if start is not None and end is not None and end < start and not end_year:
        end = _in_year(end_words, end.year + 1, now)
    if start is None or end is None:
        return None
    return {"from_date": start.isoformat(), "to_date": end.isoformat()}


# a time only a 24-hour clock writes ("22:00", "00:30"; "09:00" is any clock's), and one with no am or pm
_DAY_CLOCK = re.compile(r"(?<![\d:])(?:00|1[3-9]|2[0-3]):[0-5]\d")
_BARE_CLOCK = re.compile(r"(?<![\d:])([1-9]):([0-5]\d)(?![\d:]|\s*[ap]\.?m\b)", re.IGNORECASE)


def _one_half(start_words: str | None, end_words: str) -> bool:
    """Whether both ends are bare times ("7:30", no am or pm) with the start first on the clock face:
    read alone, "7:30" is the evening and "9:15" the morning, 14 hours apart instead of 1¾."""
    ends = [_BARE_CLOCK.fullmatch(w.strip()) for w in (start_words or "", end_words)]
    if not all(ends):
        return False
    start, end = ((int(m[1]), int(m[2])) for m in ends if m is not None)
    return start < end


def _clock_span(start_words: str | None, end_words: str, now: dt.datetime) -> dict[str, Any] | None:
    """Hours and minutes between clock times, as said: the tool puts "9am" and "5pm" on one day.
    With one end on a 24-hour clock ("from 22:00 to 6:30") the other is read on it too, and so are
    two bare times in order on the clock face ("between 7:30 and 9:15": both in one half of the day)."""
    if any(_DAY_CLOCK.search(w) for w in (start_words or "", end_words)) or _one_half(start_words, end_words):
        start_words = start_words and _BARE_CLOCK.sub(r"0\1:\2", start_words)
        end_words = _BARE_CLOCK.sub(r"0\1:\2", end_words)
    ends = [w for w in (start_words, end_words) if w is not None]
    if any(_RELATIVE.search(w) for w in ends):  # "9am monday and 5pm friday": which week is not said
        return None
    said = [date_phrases.whole(w, now) for w in ends]
    if any(s is None for s in said) or not any(s.time is not None for s in said if s is not None):
        return None
    return ({"from_date": start_words.strip()} if start_words else {}) | {"to_date": end_words.strip()}


# "how many days are in february 2028?": the month's first day to the next month's
_MONTH_DAYS = re.compile(rf"^how many days (?:are )?(?:there )?in (?:the month of )?(?P<month>{when.MONTH_ABBR})"
                         rf"[a-z]*\.?(?:,? (?:of )?(?P<year>\d{{4}}))?{_END}", re.IGNORECASE)


def _month_days(text: str, now: dt.datetime) -> dict[str, Any] | None:
    match = _MONTH_DAYS.match(text)
    if match is None:
        return None
    month = when.month_number(match["month"])
    if month is None:
        return None
    year = int(match["year"]) if match["year"] else now.year  # a month with no year: this year's
    if not 1 <= year <= 9999:  # "december 0000": no such year for the tool to count in
        return None
    start = dt.date(year, month, 1)
    return {"from_date": start.isoformat(), "to_date": when.add_months(start, 1).isoformat()}


# "how many days are left in this year?": from today to the year's (or month's) last day
_LEFT = re.compile(rf"{_HOW} (?:are |is )?(?:there )?(?:left|remaining|to go) (?:in|of) (?:the |this )?"
                   rf"(?P<what>year|month|\d{{4}}){_END}", re.IGNORECASE)
# "how long ago was 1969?", "how many years until 2050?": a count of years between years
_YEARS = re.compile(r"^how (?:long|many years) (?:(?P<ago>ago (?:was|is) |(?:has it been )?since )|"
                    r"(?:is it |will it be )?(?:until|till|to|before) )(?:the year )?(?P<year>\d{4})" + _END,
                    re.IGNORECASE)


def _left(text: str, now: dt.datetime) -> dict[str, Any] | None:
    match = _LEFT.match(text)
    if match is None or (match["unit"] or "days").lower() in ("hours", "minutes"):
        return None
    what = match["what"].lower()
    if what.isdigit() and int(what) != now.year:  # "left in 2027" before it began: its whole length?
        return None
    end = "the end of the month" if what == "month" else f"{now.year if what == 'year' else what}-12-31"
    return {"to_date": end}


def span_asked(message: str) -> dict[str, Any] | None:
    """days_between's arguments from a request that is only a span between days or clock times
    ("how many days since january 1", "how old is someone born on 14 march 1990", "how many hours
    between 9am and 5:30pm"), or None."""
    text = " ".join(message.split())
    if _NOT_CALENDAR.search(text):
        return None
    if _WORKING_DAYS.search(text):  # "how many working days until christmas?": the days, Monday to Friday
        days = span_asked(_WORKING_DAYS.sub("days", text))
        return {**days, "weekdays": True} if days and "to_date" in days and set(days) <= {"to_date", "from_date"} \
            and not any(dates.clock_only(v) for v in days.values()) else None
    now = dates.now()
    try:
        if days := _month_days(text, now) or _left(text, now):
            return days
        if years := _YEARS.match(text):
            year = int(years["year"])
            if years["ago"]:  # "how long ago was 1969?": whole years
                return {"from_date": years["year"], "to_date": "today"} if year <= now.year else None
            # until a year starts: days ("2130", past 2099, is more likely 21:30)
            return {"to_date": f"{year}-01-01"} if now.year < year < 2100 else None
        if match := _BORN.search(text):
            born = match["date"].strip()
            if re.fullmatch(r"(?:1[89]|20)\d\d", born) and int(born) <= now.year:  # born in a year: years since
                return {"from_date": match["date"].strip(), "to_date": "today"}
            start = _past(match["date"], now) if _YEAR.search(match["date"]) else None
            return {"from_date": start.isoformat(), "to_date": "today"} if start else None
        return _span(text, now)
    except DateError:  # "31 february": the tool says what is wrong when the model passes it on
        return None


def _span(text: str, now: dt.datetime) -> dict[str, Any] | None:
    """A span between two ends, since a day or time, or until one; hours and minutes only between
    clock times, days (or weeks, years) only between days; "how long" either."""
    match = _BETWEEN.search(text) or _SINCE.search(text) or _UNTIL.search(text)
    if match is None:
        return None
    unit = (match["unit"] or "").lower()
    clock_ok, days_ok = unit in ("", "hours", "minutes"), unit not in ("hours", "minutes")
    if match.re is _BETWEEN:
        start_words = match["a"] or match["b"]
        return (_clock_span(start_words, match["end"], now) if clock_ok else None) \
            or (_between(start_words, match["end"], now) if days_ok else None)
    if match.re is _SINCE:
        if clock_ok and (moment := _past_moment(match["date"], now)):
            return {"from_date": moment, "to_date": "now"}
        start = _past(match["date"], now) if days_ok else None
        return {"from_date": start.isoformat(), "to_date": "today"} if start else None
    if clock_ok and (until := _clock_span(None, match["date"], now)):
        return until
    until_day = _whole_date(match["date"], now) or when.month_start(match["date"], now.date())  # "until june"
    return {"to_date": match["date"].strip()} if days_ok and until_day else None


# "is 2028 a leap year?" (the router's cue for the leap_year tool is this pattern too)
LEAP_QUESTION = r"^(?:is|was|will|isn'?t|wasn'?t) (?:the year )?(?P<year>\d{4}) (?:be )?(?:a )?leap ?year\b"
_LEAP = re.compile(LEAP_QUESTION + _END, re.IGNORECASE)


def year_asked(message: str) -> dict[str, Any] | None:
    """leap_year's year from "is 2028 a leap year?" and its like, or None."""
    match = _LEAP.match(" ".join(message.split()))
    return {"year": int(match["year"])} if match else None


# "what week number is it?" (the router's cue for day_of_week's week number is this pattern too)
WEEK_NUMBER = (r"^(?:what(?:'s| is)?|which) (?:the |today's |this )?(?:current )?week(?: number| no\.?| of the year)?"
               r"(?: (?:is it|is this|are we in|is today|is it today|do we have))?(?: (?:now|today|right now))?")
_WEEK = re.compile(WEEK_NUMBER + _END, re.IGNORECASE)


# "what week number is christmas?", "which week is it on 4 july?": the week of a day (the router's cue
# for it is this pattern with its dates in the place of DAY)
WEEK_OF_DAY = (r"^(?:what|which) (?:the )?week(?: number| no\.?| of the year)? (?:is|was|will be|does|did) "
               r"(?:it (?:on|for) )?DAY(?: (?:in|fall in|fall on|be in|be))?")
_WEEK_OF = re.compile(WEEK_OF_DAY.replace("DAY", r"(?P<date>[^?!]+?)") + _END, re.IGNORECASE)


def week_asked(message: str) -> dict[str, Any] | None:
    """day_of_week's arguments with the week asked for, from "what week number is it?" (today) and
    "what week number is christmas?" (that day), or None."""
    text = " ".join(message.split())
    if _WEEK.match(text):
        return {"date": "today", "week": True}
    match = _WEEK_OF.match(text)
    if match is None:
        return None
    try:
        return {"date": match["date"], "week": True} if _whole_date(match["date"], dates.now()) else None
    except DateError:
        return None


# "what day of the week is christmas?", "what day was 4 july 1976?", "what day does new year's day fall on?"
_WEEKDAY = re.compile(r"^(?:what|which) (?:day(?: of the week)?|weekday) (?P<verb>is|was|will be|does|did|will) "
                      r"(?P<date>[^?!]+?)(?: (?:fall|fall on|land on|be|be on))?" + _END, re.IGNORECASE)


# "what's the date on the first monday of next month?", "when is the last friday in november?"
_DATE_OF = re.compile(r"^(?:what(?:'s| is) the date|what date is|when is|when's) (?:on |of |for )?(?P<date>[^?!]+?)"
                      + _END, re.IGNORECASE)


def weekday_asked(message: str) -> dict[str, Any] | None:
    """day_of_week's arguments from a request for the weekday or date of one day, or for the week
    number; None for anything else."""
    if week := week_asked(message):
        return week
    match = _WEEKDAY.match(" ".join(message.split())) or _DATE_OF.match(" ".join(message.split()))
    if match is None:
        return None
    date, now = match["date"].strip(), dates.now()
    try:
        if not _whole_date(date, now):
            return None
        if (match.groupdict().get("verb") or "").lower() in ("was", "did") and not _YEAR.search(date):
            past = _past(date, now)  # "what day was halloween?": the one gone by, not the next
            return {"date": past.isoformat()} if past else None
        return {"date": date}
    except DateError:
        return None
