"""Conversions a message states outright ("3 feet 2 inches in cm", "how many seconds in a week"),
read by tars for convert_units (`tars.tools.stated`); anything less clear is a model's to read.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tars.tools.units import (
    AVERAGED,
    COUNTERPART,
    METRIC,
    TABLE,
    TARGETS,
    US_MEASURES,
    UnitError,
    calendar_told,
    same_measure,
    tidy,
    unit,
)

__all__ = ["HOW_MEASURED", "conversion_asked"]

# units whose kind the words leave open, read by a model rather than guessed
_UNSAID = re.compile(r"\btons?\b", re.IGNORECASE)


# "3 feet 2 inches": numbers, each with its unit, the last one what the sum is counted in
_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|-?\.\d+"  # "2,450"; "1,5" is no number here
_QUANTITY = re.compile(rf"({_NUMBER})\s*([^\d,;]+?)\s*(?=(?:,\s*|\s+and\s+|\s+)-?\.?\d|$)")
# a quantity's size asked with no unit to give it in: "how far is 10 miles?"
HOW_MEASURED = r"how (?:far|heavy|long|tall|big|hot|cold|warm|fast|high|deep|wide) (?:is|are)"
_ASKING = re.compile(r"^(?:(?:please|can you|could you|would you)\s+)*(?:(?:what'?s|what is|what are|convert|how much "
                     rf"is|how much are|{HOW_MEASURED})\s+)?", re.IGNORECASE)
_PLEASE = re.compile(r"(?:,?\s+please)?\s*[?.!]*$", re.IGNORECASE)
_SPLIT = re.compile(r"\s+(?:in terms of|to|in|into|as)\s+(?:a |an )?", re.IGNORECASE)
# "how many seconds are in a week", "how many ounces in 3 pounds"
_HOW_MANY = re.compile(r"^how many (?P<to>[^\d?]+?) (?:are |is )?(?:there )?(?:in|per) "
                       rf"(?:a |an |one |(?P<n>{_NUMBER}) ?)(?P<unit>[^\d?]+?)\s*[?.!]*$", re.IGNORECASE)
# "how many miles is 10 km"
_HOW_MANY_IS = re.compile(r"^how many (?P<to>[^\d?]+?) (?:is|are|makes?) (?P<body>-?\.?\d.*?)\s*[?.!]*$", re.IGNORECASE)


# "how far is 10 miles?", "how heavy is 200 lbs", "what's 30 c in imperial": the other system's unit
_OTHER_SYSTEM = re.compile(rf"^(?:{HOW_MEASURED} "
                           r"(?P<body>-?\.?\d.*?)|(?:what(?:'s| is| are)\s+)?(?P<said>-?\.?\d.*?) in "
                           r"(?P<system>metric|imperial|us)(?: units)?)\s*[?.!]*$", re.IGNORECASE)


# "how long is 90 minutes?": in the largest unit it holds one of, and the next smaller
_SECONDS = {"second": 1, "minute": 60, "hour": 3600}
_IMPERIAL = {"litre": "imperial gallon", "millilitre": "imperial pint"}
_LARGER = ((86400, "days and hours"), (3600, "hours and minutes"), (60, "minutes and seconds"))


def _other_unit(value: float, written: str, system: str | None = None) -> str | None:
    """The unit "how far is 10 miles?" is answered in: the other system's (kilometres), or for a
    time of at least one larger unit, that unit and the next smaller; None when there is none, or
    when the quantity is already in the `system` asked for ("10 km in metric")."""
    try:
        name = unit(written)[1]
    except UnitError:
        return None
    if name in COUNTERPART:
        metric = name in METRIC
        if system and (system.lower() == "metric") == metric:
            return None
        # "in imperial" means the British measures, which differ from the US ones for volume
        return _IMPERIAL.get(name, COUNTERPART[name]) if (system or "").lower() == "imperial" else COUNTERPART[name]
    seconds = abs(value) * _SECONDS.get(name, 0)
    return None if system else next((target for size, target in _LARGER
                                     if seconds >= size > _SECONDS.get(name, 0)), None)


def _quantity(body: str) -> tuple[float, str] | None:
    """ "3 feet 2 inches" -> (38, "inches"): a quantity, or one written in falling units, summed in
    the last one's; amounts listed in one unit ("10 km and 5 km") are several quantities, not one."""
    found = _QUANTITY.findall(body)
    if not found or "".join(n + u for n, u in found).replace(" ", "") != re.sub(r"\s|,(?=\s)|\band\b", "", body):
        return None
    if any(re.fullmatch(r"-?\d{1,3}\.\d{3}", n) for n, _ in found):  # "1.000 m": a thousand, or one?
        return None
    try:
        named = [(float(n.replace(",", "")), unit(u), u) for n, u in found]
    except (UnitError, ValueError):
        return None
    dims = {dim for _, (dim, _), _ in named}
    if len(named) > 1:
        if any(n < 0 for n, _, _ in named):  # "-5 ft 2 in": minus the whole, or only the feet?
            return None
        factors = [TABLE[dim][name][0] for _, (dim, name), _ in named if dim in TABLE]
        falling = all(a > b for a, b in zip(factors, factors[1:], strict=False))
        if len(dims) > 1 or len(factors) < len(named) or not falling:
            return None
    (dim, last), written = named[-1][1], named[-1][2]
    if dim not in TABLE or len(named) == 1:
        return _as_written(named[0][0]), written
    base = sum(n * TABLE[d][name][0] for n, (d, name), _ in named)
    if len(named) > 1:  # in the first unit when that is exact: "2 hours 45 minutes" is 2.75 hours
        (_, first), first_written = named[0][1], named[0][2]
        whole = tidy(base / TABLE[dim][first][0])
        if round(whole, 4) == whole:
            return whole, _plural_of(first_written, whole)
    return tidy(base / TABLE[dim][last][0]), written


def _plural_of(written: str, value: float) -> str:
    """The unit as written, plural for anything but 1 ("foot" of "5 foot 9" is 5.75 feet)."""
    return {"foot": "feet", "inch": "inches"}.get(written, written) if value != 1 else written


# feet and inches written with marks: 5'11", 6′ 2″, 5'
_FEET_INCHES = re.compile(r"(\d+(?:\.\d+)?)\s*['′’]\s*(\d+(?:\.\d+)?)\s*(?:\"|″|”|''|)(?!\w)")
_MARKED = re.compile(r"(\d+(?:\.\d+)?)\s*(?:(?P<in>\"|″|”|'')|['′’])(?!\w)")


_FEET_THEN_NUMBER = re.compile(r"(\d+(?:\.\d+)?)\s*(?:feet|foot|ft)\s+(\d+(?:\.\d+)?)(?=\s+(?:in|to|into|as)\s|\s*$)",
                               re.IGNORECASE)


def _unmarked(text: str) -> str:
    """Feet and inches written out: 5'11" and "5 feet 11" -> 5 feet 11 inches."""
    text = _FEET_INCHES.sub(r"\1 feet \2 inches", text)
    text = _FEET_THEN_NUMBER.sub(r"\1 feet \2 inches", text)
    return _MARKED.sub(lambda m: f"{m[1]} {'inches' if m['in'] else 'feet'}", text)


def _as_written(value: float) -> float:
    """A number the user wrote, whole when it is ("1234567890123", every digit kept), unrounded."""
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else value


def conversion_asked(message: str) -> dict[str, Any] | None:
    """convert_units's arguments from a request that is only a conversion ("3 feet 2 inches in cm",
    "how many seconds in a week"), or None for a model to read."""
    text = _PLEASE.sub("", _unmarked(" ".join(message.split())))
    pair: tuple[float, str, str] | None = None
    if match := _HOW_MANY.match(text):
        pair = (_as_written(float((match["n"] or "1").replace(",", ""))), match["unit"], match["to"])
    elif (match := _HOW_MANY_IS.match(text)) and (quantity := _quantity(match["body"])):
        pair = (*quantity, match["to"])
    elif (match := _OTHER_SYSTEM.match(text)) and (quantity := _quantity(match["body"] or match["said"])) \
            and (other := _other_unit(*quantity, match["system"])):
        pair = (*quantity, other)
    else:
        text = _ASKING.sub("", text)
        split = _SPLIT.search(text)
        while split is not None and pair is None:  # "5 in in cm": the unit may be the splitting word
            if quantity := _quantity(text[:split.start()]):
                pair = (*quantity, text[split.end():])
            split = _SPLIT.search(text, split.start() + 1)
    if pair is None or not math.isfinite(pair[0]):
        return None
    value, from_unit, to_unit = pair
    targets = [t for t in TARGETS.split(to_unit.strip()) if t]
    if len(targets) > 1:  # "72 fahrenheit to celsius and kelvin": each target as if asked alone
        each = [conversion_asked(f"{_as_written(value)} {from_unit} to {target}") for target in targets[:4]]
        return {"value": value, "from_unit": from_unit.strip(), "to_unit": to_unit.strip()} if all(each) else None
    try:
        start, end = unit(from_unit), unit(to_unit)
    except UnitError:
        return None
    ends = {start, end}
    # "hours in a year" as the calendar counts them; months in years are exactly twelve
    counted = value == 1 and calendar_told(unit(from_unit)[1], unit(to_unit)[1]) is not None
    averaged = bool(ends & AVERAGED) and not ends <= AVERAGED  # years in days; not years in months
    if not same_measure(start, end) or (averaged and not counted):
        return None  # "3 years in days": the calendar's average is a guess at which years
    if _UNSAID.search(f"{from_unit} {to_unit}") or (any(name.startswith("imperial") for _, name in ends)
                                                    and any(name in US_MEASURES for _, name in ends)):
        return None  # "a ton": short or metric? "pints in a uk gallon": UK pints, most likely
    return {"value": value, "from_unit": from_unit.strip(), "to_unit": to_unit.strip()}
