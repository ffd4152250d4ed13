"""The form an argument takes when the message says it one way and the schema wants another.

A small model copies the message's surface: "5%" becomes 5 where a rate is 0.05, "two weeks"
becomes 2 days, "note house.md" becomes the file name. These rules rewrite such a value into
what the user meant, from the message and the argument's schema alone (name, type, description),
so every tool benefits; `tars.pipeline.grounding` applies them before it checks the value.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Any, TypeVar

from tars import currencies, places
from tars.tools import when

__all__ = ["as_meant", "as_code", "percents", "as_fraction", "periods", "counts_days", "as_days", "span_days",
           "clock_hours", "hours", "southwest", "signed", "types_of", "scale", "scaled", "feet_and_inches", "inches",
           "label_words", "words_of", "unrepeated", "with_state", "is_file_name", "file_name", "expression", "century"]

T = TypeVar("T")

# a number as written, thousands apart or not ("$1,000" is one thousand, not a 1 and a 0)
_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?![\d.]*\d)")
_PERCENT_SIGN = re.compile(r"\s*(?:%|percent\b|per\s*cent\b)", re.IGNORECASE)
# a name or description that asks for the percentage itself, unless it also asks for a fraction
_IN_PERCENT = re.compile(r"\b(?:percent(?:age)?s?|pct)\b|%", re.IGNORECASE)
_AS_FRACTION = re.compile(r"\b(?:as a |in |a )?decimal(?! places?\b| digits?\b)|\bfraction|"
                          r"\bbetween 0(?:\.0)? and 1\b|\bsums? (?:up )?to 1\b|"
                          r"\b0(?:\.0)?\s*(?:to|-)\s*1(?:\.0)?\b|\d%\s+(?:is|=|as)\s+0?\.\d", re.IGNORECASE)
# a span of time the text counts ("two weeks", "a fortnight", "the upcoming month", "3 months"), for a
# count of days; a date argument with a format or layout reads "next month" as its first day
# (`date_phrases`), one free to take words keeps them (`date_args.span_said`)
_PERIODS = re.compile(rf"\b(?:({when.COUNT})|(?:the\s+)?(?:next|upcoming|coming|following))\s+"
                      rf"(week|fortnight|month|year)s?\b|\b(fortnight)s?\b", re.IGNORECASE)
_PERIOD_DAYS = {"week": 7, "fortnight": 14, "month": 30, "year": 365}  # a month as people count one: 30 days
_COUNTED_DAYS = re.compile(r"\bdays\b", re.IGNORECASE)  # "number of days to forecast"
_DAYS = re.compile(rf"\b({when.COUNT})\s+days?\b", re.IGNORECASE)
_PATH_NAME = re.compile(r"(?:^|_)(?:path|file|filename|filepath)s?(?:$|_)")
_KIND = re.compile(r"^(?:(?:the|my)\s+)?(?:note|file|path|document|doc)\s+", re.IGNORECASE)
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}$")


def types_of(prop: dict[str, Any]) -> set[str]:
    """The JSON types a property takes ("string" when it names none)."""
    kind = prop.get("type", "string")
    return set(kind) if isinstance(kind, list) else {kind}


def as_meant(name: str, prop: dict[str, Any], value: Any, text: str) -> Any:
    """The argument `name` as the user's `text` means it: a said percentage as a fraction, a count of
    weeks as days, a file name as written, a currency by its code, "11 PM" as the hour 23, a
    coordinate west or south as negative, feet and inches in inches, a curve as the expression it
    computes, a counted century as its count."""
    value = as_code(name, prop, value)
    value = hours(name, prop, value, text)
    value = signed(name, value, text)
    value = inches(prop, value, text)
    value = as_fraction(name, prop, value, percents(text, rate=is_rate(name, prop)))
    value = as_days(name, prop, value, text)
    value = expression(name, value)
    value = century(name, value, text)
    return file_name(name, value, text)


# -- currencies ------------------------------------------------------------------------------------
def _is_currency_arg(name: str, prop: dict[str, Any]) -> bool:
    words = f"{name.replace('_', ' ')} {prop.get('description') or ''}".lower()
    return "currenc" in words and not re.search(r"\bnames?\b", words)


def as_code(name: str, prop: dict[str, Any], value: Any) -> Any:
    """A currency argument's value as its ISO 4217 code ("Japanese Yen" -> JPY), the form currency
    tools take; a value that names no one currency is left as it is."""
    if not isinstance(value, str) or not _is_currency_arg(name, prop):
        return value
    if value.strip().upper() in currencies.CODES:
        return value.strip().upper()
    return currencies.code_of(re.sub(r"[_-]+", " ", value)) or value  # "us_dollars" is US dollars


# -- large amounts ---------------------------------------------------------------------------------
SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "k": 1e3, "m": 1e6, "mm": 1e6,
          "bn": 1e9, "b": 1e9}
# a scale word, or a letter after an amount of money ("$1.2M", "€5k"; "100 m" alone is metres)
_SCALED = re.compile(r"(?i)(?<![\w.])([$€£]\s?)?(\d[\d,]*(?:\.\d+)?)\s?"
                     r"(thousand|million|billion|trillion|mm|bn|k|m|b)\b")


def scale(word: str, money: bool) -> float:
    """What a word after a number multiplies it by: 1 unless it is a scale ("million"; "M" after "$")."""
    word = word.lower()
    return SCALES.get(word, 1.0) if len(word) > 2 or money else 1.0


def scaled(text: str) -> set[float]:
    """The amounts the text writes with a scale: "50 million" is 50000000, "$1.2M" 1200000."""
    return {round(float(m.group(2).replace(",", "")) * factor, 6) for m in _SCALED.finditer(text)
            if (factor := scale(m.group(3), bool(m.group(1)))) != 1.0}


# -- percentages -----------------------------------------------------------------------------------
def percents(text: str, *, rate: bool = False) -> set[float]:
    """The numbers the text says as percentages ("5%", "7 percent") and not also as plain numbers
    ("a 15% tip on a $15 bill" says 15 both ways), unless the value is for a `rate`: then the
    percentage is what it is ("5% a year for 5 years": the rate is 5 %, the years are 5)."""
    said: set[float] = set()
    plain: set[float] = set()
    for m in _NUMBER.finditer(text):
        (said if _PERCENT_SIGN.match(text, m.end()) else plain).add(float(m.group(0).replace(",", "")))
    return said if rate else said - plain


# what a rate is called: a number that is a share of another, said as a percentage
_RATE = re.compile(r"(?i)(?:^|[\s_])(?:rate|interest|return|yield|growth|inflation|discount)(?:$|[\s_.,])")


def is_rate(name: str, prop: dict[str, Any]) -> bool:
    """Whether an argument is a rate by its name or description ("annual_return", "The discount rate.")."""
    return bool(_RATE.search(f"{name} {prop.get('description') or ''}"))


def _wants_percent(name: str, prop: dict[str, Any]) -> bool:
    words = " ".join([name.replace("_", " "), *(str(p.get("description") or "") for p in (prop, prop.get("items"))
                                                if isinstance(p, dict))])
    return bool(_IN_PERCENT.search(words)) and not _AS_FRACTION.search(words)


def as_fraction(name: str, prop: dict[str, Any], value: Any, said: set[float]) -> Any:
    """A number (or list of numbers) the message said as a percentage, as the fraction it stands for
    (5 for "5%" -> 0.05), unless the argument's name or description asks for the percentage itself."""
    if not said or _wants_percent(name, prop):
        return value
    if isinstance(value, list):
        items = prop.get("items")
        items = items if isinstance(items, dict) else {}
        return [as_fraction(name, items, v, said) for v in value] if "array" in types_of(prop) else value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or "number" not in types_of(prop):
        return value  # an integer argument cannot hold a fraction; a count is not a rate
    return round(value / 100, 12) if float(value) in said else value


# -- day counts --------------------------------------------------------------------------------------
def periods(text: str) -> dict[float, float]:
    """The spans of weeks, months or years the text counts, each with its number of days ("two weeks":
    2 -> 14, "the upcoming month": 1 -> 30)."""
    found = {}
    for n, unit, fortnight in _PERIODS.findall(text):
        count = when.count(n) if n else 1
        found[float(count)] = float(count * _PERIOD_DAYS[(unit or fortnight).lower()])
    return found


def counts_days(name: str, prop: dict[str, Any]) -> bool:
    """An argument that holds a number of days ("days", "ndays", "dayCount", or "forecast_day"
    described as a number of days), not a day of the month or week ("day", "birthday", "weekday")."""
    words = set(label_words(name))
    if any(w.endswith("days") for w in words):
        return True
    return "day" in words and (bool(words & {"count", "number", "num", "total", "offset"})
                               or bool(_COUNTED_DAYS.search(str(prop.get("description") or ""))))


def as_days(name: str, prop: dict[str, Any], value: Any, text: str) -> Any:
    """A day count written as the number of weeks or months the message said ("the next two weeks":
    2 -> 14), unless the message also says that many days."""
    if not counts_days(name, prop) or isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    days = periods(text).get(float(value))
    if days is None or float(value) in {float(when.count(n)) for n in _DAYS.findall(text)}:
        return value
    days = span_days(prop, days)
    return int(days) if isinstance(value, int) else days


def span_days(prop: dict[str, Any], days: float) -> float:
    """A span as a day-count argument can hold it: no more than its schema's maximum ("the next
    month" from a forecast of at most 15 days is its 15, which its results then show)."""
    top = prop.get("maximum")
    return min(days, top) if isinstance(top, (int, float)) and not isinstance(top, bool) else days


# -- clock hours and compass signs ---------------------------------------------------------------------
_CLOCK = re.compile(r"\b(1[0-2]|0?[1-9])(?::[0-5]\d)?\s*([ap])\.?\s?m\b\.?", re.IGNORECASE)
# a coordinate: degrees with a decimal part or a degree sign, then the side ("112.0740 W", "33° S"; not "60 W")
_COMPASS = re.compile(r"(?<![\w.-])(\d+\.\d+\s*°?|\d+\s*°)\s*([NSEW])\b")
_COORDINATE_WORDS = frozenset({"coord", "coords", "coordinate", "coordinates", "lat", "lon", "lng", "latitude",
                               "longitude", "location", "position", "point", "gps", "origin", "destination"})
_HOUR_WORDS = frozenset({"hour", "hours", "time", "until", "closing", "opening", "open", "close"})
_SPAN_WORDS = frozenset({"duration", "length", "count", "number", "num", "total", "spent", "long"})


def _said_one_way(readings: Iterable[tuple[float, T]]) -> dict[float, T]:
    """Each number the text writes with the one reading it always has; a number read two ways
    ("9 am … 9 pm", "10.5 N, 10.5 W") is left out: which one a model's value copied cannot be told."""
    found: dict[float, set[T]] = {}
    for number, reading in readings:
        found.setdefault(number, set()).add(reading)
    return {number: next(iter(read)) for number, read in found.items() if len(read) == 1}


def clock_hours(text: str) -> dict[float, float]:
    """The 12-hour clock times the text says, as hours of the day ("11 PM": 11 -> 23, "12 am": 12 -> 0).
    A number the text also writes otherwise ("3 hours … at 3 pm", "9 am until 9 pm") is left out."""
    found = _said_one_way((float(hour), float(int(hour) % 12 + (12 if half.lower() == "p" else 0)))
                          for hour, half in _CLOCK.findall(text))
    elsewhere = {float(n.replace(",", "")) for n in _NUMBER.findall(_CLOCK.sub(" ", text))}
    return {n: hour for n, hour in found.items() if n not in elsewhere}


# an hour as a clock's hand shows it, 1 to 12: "the hour on the clock face"
_DIAL = re.compile(r"(?i)\bclock[- ]?face\b|\b12[- ]hour\b|\bhour hand\b")


def hours(name: str, prop: dict[str, Any], value: Any, text: str) -> Any:
    """An hour-of-day number the model copied from a 12-hour time ("until 11 PM" -> 23), where the
    argument's name is about hours or times; on a clock face, the hour as written ("6:30 PM" -> 6)."""
    words = set(label_words(name))
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not words & _HOUR_WORDS or words & _SPAN_WORDS:
        return value
    said = clock_hours(text)
    if _DIAL.search(str(prop.get("description") or "")):
        written = next((h for h, day in said.items() if day == float(value)), None)
        return value if written is None else type(value)(written)
    hour = said.get(float(value))
    return value if hour is None else type(value)(hour)


def southwest(text: str) -> set[float]:
    """The coordinates the text writes with S or W ("112.0740 W"), which are negative numbers; one it
    also writes with N or E ("10.5 N, 10.5 W") is left out: which one a value copied cannot be told."""
    sides = _said_one_way((float(n.rstrip(" °")), side in "SW") for n, side in _COMPASS.findall(text))
    return {n for n, negative in sides.items() if negative}


def signed(name: str, value: Any, text: str) -> Any:
    """A coordinate written with S or W, which the model copied without its sign, made negative,
    where the argument's name is about coordinates."""
    if not _COORDINATE_WORDS & {w.rstrip("0123456789") for w in label_words(name)}:  # "coord1" too
        return value
    return _signed(value, southwest(text))


def _signed(value: Any, negative: set[float]) -> Any:
    if isinstance(value, list):
        return [_signed(v, negative) for v in value]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        return value
    return -value if float(value) in negative else value


# -- feet and inches ---------------------------------------------------------------------------------
# "5ft 10in", "5 feet and 10 inches", "5'10\"", and with the inches' unit left off: "5 foot 10", "5'10"
_FEET_INCHES = re.compile(r"\b(\d)\s*(?:ft\.?|feet|foot|')\s*(?:and\s+)?((?:1[01]|0?\d)(?:\.\d+)?)\s*"
                          r"(?:in\b\.?|inch(?:es)?\b|\"|''|(?![\w.%']))", re.IGNORECASE)
_IN_INCHES = re.compile(r"\bin inch(?:es)?\b", re.IGNORECASE)


def feet_and_inches(text: str) -> dict[float, float]:
    """The heights the text writes in feet and inches, each by its feet, in inches ("5ft 10in": 5 -> 70);
    feet that begin two heights ("5ft 10in and 5ft 4in") are left out: which one a value copied
    cannot be told."""
    return _said_one_way((float(feet), int(feet) * 12 + float(rest)) for feet, rest in _FEET_INCHES.findall(text))


def inches(prop: dict[str, Any], value: Any, text: str) -> Any:
    """A length said in feet and inches where the argument asks for inches, which the model copied
    as the feet alone ("5ft 10in" -> 70)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not _IN_INCHES.search(str(prop.get("description") or "")):
        return value
    total = feet_and_inches(text).get(float(value))
    return value if total is None else type(value)(total)


# -- places ------------------------------------------------------------------------------------------
_CITY_STATE = re.compile(r"\bcity\s*(?:and|,)\s*state\b", re.IGNORECASE)
# an example placed in a state: "e.g. Seattle, WA"
_EXAMPLE = re.compile(r"(?i:\be\.g\.?,?|\bfor instance|\bfor example|\bsuch as)\s+"
                      r"([A-Z][\w.]*(?: [A-Z][\w.]*)*),\s*[A-Z]{2}\b")


def with_state(prop: dict[str, Any], value: Any) -> Any:
    """A large US city named alone, with its state, where the argument asks for "City, State" or
    shows a US city with its state ("Chicago" -> "Chicago, IL"); a city tars does not know, or one
    already placed, is left alone, as is any argument that may take a country instead."""
    description = str(prop.get("description") or "")
    if not isinstance(value, str) or "," in value or re.search(r"\bcountry\b", description, re.IGNORECASE):
        return value
    example = _EXAMPLE.search(description)
    if not (_CITY_STATE.search(description) or (example and places.state_of(example.group(1)))):
        return value
    state = places.state_of(value)
    return f"{value.strip()}, {state}" if state else value


# -- labels and neighbours ---------------------------------------------------------------------------
def words_of(text: str) -> list[str]:
    """The words of a text, case-folded, without punctuation or underscores."""
    return re.findall(r"[^\W_]+", text.casefold())


def label_words(name: str) -> list[str]:
    """The words of an argument's name: "includePrecipitation", "include_precipitation" -> include, precipitation."""
    return words_of(re.sub(r"([a-z])([A-Z])", r"\1 \2", name))


def _cut_edge(value: str, part: list[str]) -> str | None:
    """`value` without the words `part` at its end or start (any punctuation between), or None when
    they are not there or only filler would be left."""
    words = words_of(value)
    n = len(part)
    if not part or n >= len(words):
        return None
    roots = [_root(w) for w in part]
    if [_root(w) for w in words[-n:]] == roots:
        keep, pattern = words[:-n], r"\W+".join(map(re.escape, words[:-n])) + r"(?=\W)"
    elif [_root(w) for w in words[:n]] == roots:
        keep, pattern = words[n:], r"(?<=\W)" + r"\W+".join(map(re.escape, words[n:]))
    else:
        return None
    if all(w in _FILLER for w in keep):  # "The Title" as a title is not "The"
        return None
    found = re.search(pattern, value, re.IGNORECASE)
    return found.group(0) if found else " ".join(keep)


_FILLER = frozenset("the a an my our your of for in on at to by with and".split())
_FREE_TEXT = frozenset("content text query message body description note title expression prompt fact question "
                       "summary comment".split())


def _root(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def unrepeated(name: str, value: Any, args: dict[str, Any], chosen: Collection[str] = ()) -> Any:
    """A text value without a neighbour's span of numbers at its edge ("La Liga 2020-2021" beside
    `season` "2020-2021" -> "La Liga"), or a neighbour's choice of the schema's (`chosen`: "Gluten-Free
    Cookie" beside the diet "Gluten Free" -> "Cookie"): a small model's way of saying one thing twice.
    Other words are never cut ("Sprint 2" beside a priority 2, "I have a dog and a cat" beside "I have
    a dog" stay whole); free text stays as written."""
    if not isinstance(value, str) or _FREE_TEXT & set(label_words(name)):
        return value
    for other, given in args.items():
        for item in given if isinstance(given, list) else [given]:
            part = words_of(item) if isinstance(item, str) else []
            if other != name and part and (other in chosen or (len(part) > 1 and all(w.isdigit() for w in part))):
                value = _cut_edge(value, part) or value
    return value


# -- expressions -------------------------------------------------------------------------------------
_FUNCTION_NAME = re.compile(r"func|expression|polynomial|formula")
_NAMED_CURVE = re.compile(r"^\s*(?:y|f\s*\(\s*x\s*\))\s*=\s*(?=.*x)")  # "y=3x+2", "f(x) = x^2"


def expression(name: str, value: Any) -> Any:
    """A function argument as the expression the function computes: the curve "y=3x+2" the user
    named is the function 3x+2 (an equation argument keeps its sides)."""
    if isinstance(value, str) and _FUNCTION_NAME.search(name.lower()) and (named := _NAMED_CURVE.match(value)):
        return value[named.end():].strip()
    return value


_CENTURY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\s+century\b", re.IGNORECASE)


def century(name: str, value: Any, text: str) -> Any:
    """A century the message counts ("the 17th century") that the model wrote as a year (1600 or
    1700), as the count the user said."""
    said = {int(n) for n in _CENTURY.findall(text)}
    if "century" not in label_words(name) or len(said) != 1 or isinstance(value, bool) \
            or not isinstance(value, int) or value < 100:
        return value
    count = said.pop()
    return count if value in (count * 100, (count - 1) * 100) else value


# -- file names --------------------------------------------------------------------------------------
def is_file_name(value: str) -> bool:
    """Whether a value is one file's name ("puzzle.jpg"): a name nobody wrote is made up, however
    many of its words the message says."""
    return len(value.split()) == 1 and _EXTENSION.search(value.strip()) is not None


def _file_names(text: str) -> set[str]:
    """The words of the text written as a file name: with an extension or a folder ("house.md", "a/b")."""
    words = (w.strip("'\"`,;:!?()[]{}<>").rstrip(".") for w in text.split())
    return {w for w in words if w and ("/" in w or _EXTENSION.search(w))}


def file_name(name: str, value: Any, text: str) -> Any:
    """A path the message writes, used as written: the model's "note house.md" for "my note house.md"."""
    if not isinstance(value, str) or len(value.split()) < 2 or not _PATH_NAME.search(name.lower()):
        return value  # only a path argument: a task "upgrade to python 3.11" is no file
    written = _file_names(text)
    if value.strip() in text:  # "My Notes.md" said so is a name with a space; "note house.md" is a note
        rest = _KIND.sub("", value.strip())
        return rest if rest in written else value
    return next((w for w in value.split() if w in written), value)
