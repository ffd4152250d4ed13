"""The date and time phrases in running text, each with the day it names (`tars.tools.when` reads one).

What grounding checks a date argument against, what the executor's prompt resolves for a small
model, and what the date readers count between. A holiday is a date only after a word that makes
it one ("until Christmas", "since Easter"); "since" and "from" mean its last occurrence, unless it
opens a stretch of days ("from christmas to new year"), whose end is the first one after its start.
A range's one year is both ends' ("from April 3rd to April 5th 2023"), and a time written after a
numeric date that is not read here ("12/03/2024 16:00", day and month either way) is that day's
time, not a time today. "Today is Monday April 25th 2023" says which day the others are counted
from (`stated_today`); it is no date asked about.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from functools import partial

from tars.tools import when
from tars.tools.holidays import HOLIDAY_PATTERNS, HOLIDAY_RANGE, HOLIDAY_SPAN

__all__ = ["find", "range_start", "stated_today", "whole"]

_OWN_YEAR = re.compile(r"\d{4}|(?:this|next|last) year")
_JOIN = re.compile(r"(?i)\s*(?:-|–|—|to|until|till|through|thru|and)\s*")
_NUMERIC_DATE = re.compile(r"\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b")
_CLOCK = r"\d{1,2}(?!\d)(?::\d{2})?(?:\s*[ap]\.?m\.?)?"  # "16:00", "5pm", "5 p.m."
_TIME_ONLY = re.compile(rf"(?i)(?:at\s+)?{_CLOCK}")
# what may stand between such a date and its times: "12/03/2024 16:00 - 18:00", "3/4 at 5pm"
_ON = re.compile(r"(?i)\s*,?\s*(?:on\s+)?")
_SAME_DAY = re.compile(rf"(?i)(?:\s|,|-|–|\bat\b|\bfrom\b|\bto\b|{_CLOCK})*+")
# "today is Tuesday, April 25th 2023", "today's date is 20230929": the day the user says it is
_TODAY_IS = re.compile(r"(?i)\b(?:today\s+is|today's\s+date\s+is|the\s+date\s+today\s+is|"
                       r"(?:the\s+)?current\s+date\s+is)\s+(?:the\s+)?"
                       r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?P<day>[^.;!?\n]{1,40})")
_COMPACT = re.compile(r"((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d)")
# "tomorrow, June 1st 2023", "today (Monday, April 25th 2023)": a day counted from today, then which day it is
_NAMED_AS = re.compile(r"(?i)\b(?P<rel>today|tomorrow|yesterday)\s*(?:,|\(|-|–|—)\s*(?:which\s+is\s+|i\.e\.\s*)?"
                       r"(?:the\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?P<day>[^.;!?\n)]{1,40})")
_COUNTED = {"today": 0, "tomorrow": 1, "yesterday": -1}
# what sets a date beside a day counted from today as its name: "next Friday, June 30th 2023",
# "the upcoming Saturday, specifically 2023-04-15", "next month (April 2022)"
_APPOSED = re.compile(r"(?i)\s*(?:,|\(|-|–|—|:)?\s*(?:(?:specifically|namely|i\.e\.|that is|which is)\s*,?\s*)?"
                      r"(?:on\s+)?(?:the\s+)?")
_DATED = re.compile(r"\b\d{4}\b")  # a date with its year says which day it is


def stated_today(text: str, now: dt.datetime) -> tuple[dt.date, tuple[int, int]] | None:
    """The day `text` says today is ("today is Monday April 25th 2023", "tomorrow, June 1st 2023") and
    the span that says it, or None; a year left out is this year's ("today is May 3rd")."""
    for match in _TODAY_IS.finditer(text):
        start, rest = match.start("day"), match.group("day")
        if compact := _COMPACT.match(rest):
            try:
                return dt.date(*map(int, compact.groups())), (match.start(), start + compact.end())
            except ValueError:  # "20230231": no such day
                continue
        # a day of the calendar, in figures ("April 25th 2023", "May 3"), not one counted from today ("tomorrow")
        found = [(p, w) for p, w in _phrases(rest, now)
                 if rest.lower().startswith(p.lower()) and w.time is None and re.search(r"\d", p)]
        if found:
            phrase, day = found[0]
            date = day.date if _OWN_YEAR.search(phrase) else _day_in(phrase, now.year, now=now) or day.date
            return date, (match.start(), start + len(phrase))
    for match in _NAMED_AS.finditer(text):  # only a date with its year says which day it is
        start, rest = match.start("day"), match.group("day")
        found = [(p, w) for p, w in _phrases(rest, now)
                 if rest.lower().startswith(p.lower()) and w.time is None and re.search(r"\d{4}", p)]
        if found:  # the day counted stays in the text, to be counted from the day it names
            phrase, day = found[0]
            offset = _COUNTED[match.group("rel").lower()]
            return day.date - dt.timedelta(days=offset), (match.end("rel"), start + len(phrase))
    return None


def find(text: str, now: dt.datetime) -> list[tuple[str, when.When]]:
    """Every date or time phrase in `text` with what it resolves to, in order of appearance; the
    day it says today is (`stated_today`) is not among them."""
    if said := stated_today(text, now):
        start, end = said[1]
        text = text[:start] + " " * (end - start) + text[end:]
    return _phrases(text, now)


def _phrases(text: str, now: dt.datetime) -> list[tuple[str, when.When]]:
    """Every date or time phrase in `text`, counted from `now`."""
    named = list(HOLIDAY_SPAN.finditer(text))
    holidays = [(m.start(2), m.group(2)) for m in named]
    past = {m.start(2) for m in named if m.group(1).lower() in ("since", "after", "from")}
    ranges = list(HOLIDAY_RANGE.finditer(text))
    past -= {m.start(1) for m in ranges}
    holidays += [(m.start(i), m.group(i)) for m in ranges for i in (1, 2)]
    begun = {m.start(2): m.start(1) for m in ranges}  # a range's end, and where its start is
    spans = [(m.start(), m.group(0)) for m in (*when.PHRASE.finditer(text), *when.FROM_HOLIDAY.finditer(text))]
    numeric = list(_NUMERIC_DATE.finditer(text))
    out: list[tuple[str, when.When]] = []
    ends: list[tuple[int, int]] = []
    at: dict[int, when.When] = {}
    taken = 0  # where the last phrase ended: "next year" inside "christmas next year" is no second date
    for start, found in sorted(spans + holidays):
        if start < taken:
            continue
        phrase = found.strip(" ,")
        day = when.resolve(phrase, now)
        if day is None or not phrase:
            continue
        if _TIME_ONLY.fullmatch(phrase) and any(  # "12/03/2024 16:00", "5pm on 3/4/2027"
                (m.end() <= start and _SAME_DAY.fullmatch(text, m.end(), start))
                or (m.start() >= start + len(found) and _ON.fullmatch(text, start + len(found), m.start()))
                for m in numeric):
            continue
        if not _OWN_YEAR.search(phrase):
            if start in past and day.date > now.date():  # "since Christmas": the last one
                day = when.resolve(f"{phrase} {day.date.year - 1}", now) or day
            if (first := at.get(begun.get(start, -1))) is not None:  # "from easter to christmas": the next after
                day = next((w for year in (first.date.year, first.date.year + 1)
                            if (w := when.resolve(f"{phrase} {year}", now)) and w.date >= first.date), day)
        out.append((phrase, day))
        ends.append((start, start + len(found)))
        at[start] = day
        taken = start + len(found)
    return _apposed(text, _one_year(text, out, ends, now), ends)


def _one_year(text: str, out: list[tuple[str, when.When]], ends: list[tuple[int, int]],
              now: dt.datetime) -> list[tuple[str, when.When]]:
    """A range's start without a year in the year of its end: "April 3rd to April 5th 2023"."""
    for i in range(len(out) - 1):
        (phrase, day), (later, end) = out[i], out[i + 1]
        if _OWN_YEAR.search(phrase) or not _OWN_YEAR.search(later) or day.time is not None \
                or not _JOIN.fullmatch(text, ends[i][1], ends[i + 1][0]):
            continue
        start = range_start(partial(_day_in, phrase, now=now), end.date)
        if start is not None and (dated := when.resolve(f"{phrase} {start.year}", now)) is not None:
            out[i] = (phrase, dated)
    return out


def _apposed(text: str, out: list[tuple[str, when.When]], ends: list[tuple[int, int]]) -> list[tuple[str, when.When]]:
    """Without a day counted from today that the date after it names: "next Friday, June 30th 2023"
    and "this Saturday, 2023-03-04" are that date, whatever today is."""
    counted = {i for i in range(len(out) - 1)
               if not re.search(r"\d", out[i][0]) and _DATED.search(out[i + 1][0])
               and _APPOSED.fullmatch(text, ends[i][1], ends[i + 1][0])}
    return [found for i, found in enumerate(out) if i not in counted]


def _day_in(phrase: str, year: int, *, now: dt.datetime) -> dt.date | None:
    found = when.resolve(f"{phrase} {year}", now)
    return found.date if found is not None else None


def range_start(in_year: Callable[[int], dt.date | None], end: dt.date) -> dt.date | None:
    """A range's start named without a year (`in_year(y)`: that day in year y): in its end's year, or
    the year before when that falls after the end ("Dec 30 to Jan 2, 2024" began in 2023)."""
    start = in_year(end.year)
    return in_year(end.year - 1) if start is not None and start > end else start


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
