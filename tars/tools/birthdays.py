"""Ages and birthdays from what memory holds ("Ana was born on 2019-04-12"), counted by tars.

Asked "how old is Ana?" with that fact in its prompt, the embedded model said 20; asked how many
days until her birthday, it counted from her birth. Recall tells such a fact with the count.
"""

from __future__ import annotations

import datetime as dt
import re

from tars.tools import date_phrases, dates

__all__ = ["BIRTHDAY_ASKED", "birthday_of", "counted"]

# "when is Ana's birthday?", "how many days until my wife's birthday?", "how old is my daughter?"
BIRTHDAY_ASKED = (r"(?:\b(?:when(?:'s| is)|how (?:many (?:days|weeks)|long)(?: is it)? (?:until|till|to|before))"
                  r" (?P<who>[\w-]+'s|my [\w-]+'s|his|her|their) (?:next )?birthday\b)")
_ASKED = re.compile(BIRTHDAY_ASKED, re.IGNORECASE)


def birthday_of(message: str) -> str | None:
    """Whose birthday `message` asks about ("Ana" of "when is Ana's birthday?", "wife" of "my
    wife's"), or None (a pronoun: the model reads who it is)."""
    match = _ASKED.search(message)
    if match is None or match["who"].lower() in ("his", "her", "their"):
        return None
    who = match["who"].removesuffix("'s").strip()
    return who.removeprefix("my ").strip() or None

# "was born on 12 april 2019", "born 2019-04-12"; "her birthday is april 12", "birthday: 12 april"
_BORN = re.compile(r"\bborn (?:on )?(?P<date>.{4,40}?)(?=[,.;]|\s+(?:in|at|and)\b|$)", re.IGNORECASE)
_BIRTHDAY = re.compile(r"\bbirthday (?:is |falls |:\s*)?(?:on )?(?P<date>.{4,40}?)(?=[,.;]|\s+(?:in|at|and)\b|$)",
                       re.IGNORECASE)
_YEAR = re.compile(r"\b\d{4}\b")


def _day(words: str, now: dt.datetime) -> dt.date | None:
    """The one day `words` name and nothing else, or None."""
    text = words.strip().lower()
    if numbers := re.fullmatch(r"(\d{1,2})[/.](\d{1,2})", text):  # "31/12", "12/31": a day past 12 says which
        a, b = int(numbers[1]), int(numbers[2])
        day, month = (a, b) if a > 12 >= b or a == b else (b, a) if b > 12 >= a else (0, 0)  # 12/12 is either
        return _day(f"{day} {dt.date(2000, month, 1):%B}", now) if day <= 31 and month else None
    try:
        found = date_phrases.find(text, now)
    except ValueError:
        return None
    if len(found) != 1 or found[0][0].strip().lower() != text or found[0][1].time is not None:
        return None
    return found[0][1].date


def _next_birthday(born: dt.date, today: dt.date) -> dt.date:
    """The next day the date comes round (today included); 29 February is 28 February in other years."""
    for year in (today.year, today.year + 1):
        try:
            day = born.replace(year=year)
        except ValueError:
            day = dt.date(year, 2, 28)
        if day >= today:
            return day
    raise AssertionError("a birthday comes round within a year")


def counted(fact: str) -> str:
    """What tars adds to a remembered fact about a birth date or a birthday: the age and the next
    birthday ("7 years old; next birthday Monday 2027-04-12, in 136 days"), or "" when it names none."""
    now = dates.now()
    today = now.date()
    if (match := _BORN.search(fact)) and _YEAR.search(match["date"]) and (born := _day(match["date"], now)):
        if born > today:
            return ""
        years = dates.calendar_span(born, today)[0]
        upcoming = _next_birthday(born, today)
        return f"{years} year{'s' if years != 1 else ''} old; next birthday {_told(upcoming, today)}"
    if (match := _BIRTHDAY.search(fact)) and (day := _day(match["date"], now)):
        return f"next birthday {_told(_next_birthday(day, today), today)}"
    return ""


def _told(day: dt.date, today: dt.date) -> str:
    left = (day - today).days
    return f"{day:%A} {day.isoformat()}, " + ("today" if left == 0 else "tomorrow" if left == 1 else f"in {left} days")
