"""Unit conversions with exact factors: length, area, mass, volume, temperature, speed, fuel economy,
data, time.

Each unit is a factor to its dimension's base unit (metre, kilogram, litre, metre per second, byte,
second); temperature is affine and converted through kelvin. Currencies are refused: their rates
change by the minute and tars has no source for them.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tars.errors import ToolError
from tars.tools.base import Tool

__all__ = ["US_MEASURES", "AVERAGED", "CONVERT_UNITS", "COUNTERPART", "METRIC", "TABLE", "TARGETS", "UnitError",
           "calendar_told", "convert", "convert_units", "same_measure", "tidy", "unit", "unit_or_none", "unit_tools"]

CONVERT_UNITS = "convert_units"  # the tool's name: the pipeline reads its arguments from a plain request


class UnitError(ToolError):
    """A unit tars does not know, two units that measure different things, or a currency."""


# dimension -> {canonical name: (factor to the base unit, aliases)}
TABLE: dict[str, dict[str, tuple[float, tuple[str, ...]]]] = {
    "length": {
        "nanometre": (1e-9, ("nm", "nanometer")), "micrometre": (1e-6, ("µm", "um", "micron", "micrometer")),
        "millimetre": (1e-3, ("mm", "millimeter")), "centimetre": (1e-2, ("cm", "centimeter")),
        "metre": (1.0, ("m", "meter")), "kilometre": (1e3, ("km", "kilometer", "kms", "klick")),
        "inch": (0.0254, ("in", "inches", '"')), "foot": (0.3048, ("ft", "feet", "'")),
        "yard": (0.9144, ("yd", "yds")), "mile": (1609.344, ("mi", "miles")),
        "nautical mile": (1852.0, ("nmi", "nautical miles")),
    },
    "area": {
        "square metre": (1.0, ("m2", "m²", "sq m", "square meter", "sqm")),
        "square kilometre": (1e6, ("km2", "km²", "sq km", "square kilometer")),
        "square centimetre": (1e-4, ("cm2", "cm²", "sq cm", "square centimeter")),
        "square foot": (0.09290304, ("ft2", "ft²", "sq ft", "square feet")),
        "square inch": (0.00064516, ("in2", "sq in", "square inches")),
        "square mile": (2589988.110336, ("mi2", "sq mi", "square miles")),
        "acre": (4046.8564224, ("ac",)), "hectare": (1e4, ("ha",)),
    },
    "mass": {
        "milligram": (1e-6, ("mg",)), "gram": (1e-3, ("g", "gr", "gramme")), "kilogram": (1.0, ("kg", "kilo", "kgs")),
        "tonne": (1e3, ("t", "metric ton", "metric tonne")), "ounce": (0.028349523125, ("oz",)),
        "pound": (0.45359237, ("lb", "lbs")), "stone": (6.35029318, ("st",)),
        "short ton": (907.18474, ("us ton", "ton")),
    },
    "volume": {
        "millilitre": (1e-3, ("ml", "milliliter", "cc")), "centilitre": (1e-2, ("cl", "centiliter")),
        "decilitre": (0.1, ("dl", "deciliter")), "litre": (1.0, ("l", "liter", "ltr")),
        "cubic metre": (1e3, ("m3", "m³", "cubic meter")),
        "teaspoon": (0.00492892159375, ("tsp",)), "tablespoon": (0.01478676478125, ("tbsp", "tbs")),
        "fluid ounce": (0.0295735295625, ("fl oz", "floz", "fl. oz", "us fluid ounce")),
        "cup": (0.2365882365, ("us cup",)), "pint": (0.473176473, ("pt", "us pint")),
        "quart": (0.946352946, ("qt", "us quart")), "gallon": (3.785411784, ("gal", "us gallon")),
        "imperial pint": (0.56826125, ("uk pint",)), "imperial gallon": (4.54609, ("uk gallon", "imp gal")),
    },
    "speed": {
        "metre per second": (1.0, ("m/s", "mps", "meters per second", "meter per second")),
        "kilometre per hour": (1 / 3.6, ("km/h", "kph", "kmh", "km per hour", "kilometers per hour",
                                         "kilometer per hour", "kmph")),
        "mile per hour": (0.44704, ("mph", "miles per hour", "mi/h")),
        "knot": (1852 / 3600, ("kn", "kt", "kts")), "foot per second": (0.3048, ("ft/s", "fps", "feet per second")),
    },
    "data": {
        "bit": (0.125, ("b",)), "byte": (1.0, ("B",)),
        "kilobyte": (1e3, ("kb", "kB")), "megabyte": (1e6, ("mb", "MB")), "gigabyte": (1e9, ("gb", "GB")),
        "terabyte": (1e12, ("tb", "TB")), "petabyte": (1e15, ("pb", "PB")),
        "kibibyte": (1024.0, ("kib",)), "mebibyte": (1024.0 ** 2, ("mib",)), "gibibyte": (1024.0 ** 3, ("gib",)),
        "tebibyte": (1024.0 ** 4, ("tib",)),
        "kilobit": (125.0, ("kbit",)), "megabit": (125e3, ("mbit",)),
        "gigabit": (125e6, ("gbit",)), "terabit": (125e9, ("tbit",)),
    },
    # in bytes per second; "MB/s" and "MBps" are bytes, "Mbps" bits (`_CASED`)
    "data rate": {
        "bit per second": (0.125, ("bps", "bit/s")), "kilobit per second": (125.0, ("kbps", "kbit/s")),
        "megabit per second": (125e3, ("mbps", "mbit/s")), "gigabit per second": (125e6, ("gbps", "gbit/s")),
        "byte per second": (1.0, ()), "kilobyte per second": (1e3, ()), "megabyte per second": (1e6, ()),
        "gigabyte per second": (1e9, ()),
    },
    # distance per volume, in km per litre; litres per 100 km is its inverse (see `_INVERSE`)
    "fuel economy": {
        "kilometre per litre": (1.0, ("km/l", "kmpl", "kpl", "km per litre", "km per liter", "kilometers per liter",
                                      "kilometres per litre")),
        "mile per US gallon": (1.609344 / 3.785411784, ("mpg", "us mpg", "miles per gallon", "mpg us",
                                                        "mile per gallon")),
        "mile per imperial gallon": (1.609344 / 4.54609, ("uk mpg", "imperial mpg", "mpg uk", "mpg imperial",
                                                          "miles per imperial gallon")),
        "litre per 100 kilometres": (100.0, ("l/100km", "l/100 km", "liters per 100 km", "litres per 100 km",
                                              "l per 100 km", "liter per 100 km", "litre per 100 km")),
    },
    # a "calorie" asked about is a food calorie (a kilocalorie), as on a label; the answer says which
    "energy": {
        "joule": (1.0, ("j", "joules")), "kilojoule": (1e3, ("kj", "kilojoules")),
        "food calorie": (4184.0, ("calorie", "calories", "cal", "kcal", "kilocalorie", "kilocalories",
                                  "food calories")),
        "small calorie": (4.184, ("small calories", "gram calorie", "gram calories")),
        "watt-hour": (3600.0, ("wh", "watt hour", "watt hours")),
        "kilowatt-hour": (3.6e6, ("kwh", "kilowatt hour", "kilowatt hours")), "BTU": (1055.05585262, ("btu", "btus")),
    },
    "power": {
        "watt": (1.0, ("w", "watts")), "kilowatt": (1e3, ("kw", "kilowatts")), "megawatt": (1e6, ("mw", "megawatts")),
        "milliwatt": (1e-3, ("milliwatts",)), "gigawatt": (1e9, ("gw", "gigawatts")),
        "horsepower": (745.69987158227, ("hp", "bhp")), "metric horsepower": (735.49875, ("ps", "pferdestärke")),
    },
    "pressure": {
        "pascal": (1.0, ("pa", "pascals")), "kilopascal": (1e3, ("kpa", "kilopascals")), "bar": (1e5, ("bars",)),
        "psi": (6894.757293168, ("pounds per square inch",)), "atmosphere": (101325.0, ("atm", "atmospheres")),
        "millimetre of mercury": (133.322387415, ("mmhg",)),
    },
    "time": {
        "millisecond": (1e-3, ("ms", "msec")), "second": (1.0, ("s", "sec", "secs")),
        "minute": (60.0, ("min", "mins")), "hour": (3600.0, ("h", "hr", "hrs")), "day": (86400.0, ("d",)),
        "week": (604800.0, ("wk", "wks")), "month": (2629746.0, ("mo",)),  # a Gregorian year / 12
        "year": (31556952.0, ("yr", "yrs")),  # 365.2425 days
    },
}
_TEMPERATURE = {"celsius": ("c", "centigrade"), "fahrenheit": ("f",), "kelvin": ("k",)}
# units that grow as their dimension's base shrinks: km per litre is 100 / (litres per 100 km)
_INVERSE = frozenset({"litre per 100 kilometres"})
_CURRENCY = re.compile(
    r"^(?:usd|eur|gbp|jpy|cny|chf|cad|aud|inr|mxn|brl|sek|nok|dkk|btc|\$|€|£|¥|dollars?|euros?|yen|yuan|"
    r"rupees?|pesos?|francs?|bitcoins?|sterling|pounds? sterling)$"
)

_UNITS: dict[str, tuple[str, str]] = {}  # alias (lower-case unless case matters) -> (dimension, name)
for _dim, _units in TABLE.items():
    for _name, (_factor, _aliases) in _units.items():
        for _alias in (_name, *_aliases):
            _UNITS.setdefault(_alias if _dim == "data" and _alias[-1:] == "B" else _alias.lower(), (_dim, _name))
for _name, _aliases in _TEMPERATURE.items():
    for _alias in (_name, *_aliases):
        _UNITS[_alias] = ("temperature", _name)


# forms whose case says which unit: milli- or mega-, bytes (capital B) or bits (lower-case b: "10 Gb")
_CASED = {"mW": ("power", "milliwatt"), "MW": ("power", "megawatt"),
          **{raw: _UNITS[raw] for raw in ("B", "MB", "GB", "TB", "PB", "kB")},
          **{raw: _UNITS[bits] for raw, bits in (("Kb", "kbit"), ("Mb", "mbit"), ("Gb", "gbit"), ("Tb", "tbit"))},
          "Mbps": ("data rate", "megabit per second"), "Mb/s": ("data rate", "megabit per second"),
          "Gbps": ("data rate", "gigabit per second"), "Gb/s": ("data rate", "gigabit per second"),
          "Kbps": ("data rate", "kilobit per second"), "Kb/s": ("data rate", "kilobit per second"),
          "B/s": ("data rate", "byte per second"), "Bps": ("data rate", "byte per second"),
          **{f"{prefix}{per}": ("data rate", f"{name} per second") for prefix, name in
             (("k", "kilobyte"), ("K", "kilobyte"), ("M", "megabyte"), ("G", "gigabyte"))
             for per in ("B/s", "Bps")}}


def _plural_forms(text: str) -> list[str]:
    forms = [text]
    if text.endswith("ies"):
        forms.append(text[:-3] + "y")
    if text.endswith("es"):
        forms.append(text[:-2])
    if text.endswith("s"):
        forms.append(text[:-1])
    return forms


def unit(text: str) -> tuple[str, str]:
    """(dimension, canonical name) of a unit as people write it: "km", "Miles", "degrees F"."""
    # "kmperhour" is "km per hour"; "imperial" keeps its "per"
    raw = " ".join(re.sub(r"per(?=(?:hour|second|minute|sec|min|hr|h|s)\b)", " per ", str(text)).split()).strip(" .")
    if raw in _CASED:
        return _CASED[raw]
    key = raw.lower().replace("metres", "meters").replace("litres", "liters")
    key = re.sub(r"^(?:degrees?|deg)\s*", "", key.replace("°", "")).strip()
    key = re.sub(r"\b(?:kilometres|kilometre)\b", "kilometer", key)
    if _CURRENCY.match(key):
        raise UnitError("currency conversion needs live exchange rates, which tars does not have; "
                        "convert_units does not do currencies")
    for form in _plural_forms(key):
        for candidate in (form, form.replace("metre", "meter"), form.replace("litre", "liter"),
                          form.replace("meter", "metre"), form.replace("liter", "litre")):
            if candidate in _UNITS:
                return _UNITS[candidate]
    raise UnitError(f"unknown unit {text!r}")


def unit_or_none(text: str) -> tuple[str, str] | None:
    """`unit(text)`, or None for a word that is no unit tars knows (or a currency)."""
    try:
        return unit(text)
    except UnitError:
        return None


def _to_kelvin(value: float, name: str) -> float:
    return {"celsius": value + 273.15, "fahrenheit": (value - 32) * 5 / 9 + 273.15}.get(name, value)


def _from_kelvin(value: float, name: str) -> float:
    return {"celsius": value - 273.15, "fahrenheit": (value - 273.15) * 9 / 5 + 32}.get(name, value)


def same_measure(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Whether two units (dimension, name) convert: of one dimension, ounces with a volume (fluid
    ounces), or a data size with a data rate (so much each second)."""
    dims = {a[0], b[0]}
    return len(dims) == 1 or (dims == {"mass", "volume"} and ("mass", "ounce") in (a, b)) \
        or dims == {"data", "data rate"}


def convert(value: float, from_unit: str, to_unit: str) -> tuple[float, str, str]:
    """`value` in `from_unit` expressed in `to_unit`, with both units' canonical names; "ounces" of
    a volume are fluid ounces ("1.5 litres in ounces")."""
    (dim_a, name_a), (dim_b, name_b) = unit(from_unit), unit(to_unit)
    if {name_a, name_b} == {"ounce", "fluid ounce"}:
        raise UnitError("an ounce is a weight and a fluid ounce a volume: which one a weight fills depends on "
                        "what it is")
    if not same_measure((dim_a, name_a), (dim_b, name_b)):
        raise UnitError(f"cannot convert {name_a} ({dim_a}) to {name_b} ({dim_b}): they measure different things")
    if {dim_a, dim_b} == {"mass", "volume"} and "ounce" in (name_a, name_b):
        (dim_a, name_a), (dim_b, name_b) = (("volume", "fluid ounce") if name == "ounce" else (dim, name)
                                            for dim, name in ((dim_a, name_a), (dim_b, name_b)))
    if {dim_a, dim_b} == {"data", "data rate"}:  # "100 Mbps in MB": megabytes each second
        (dim_a, name_a), (dim_b, name_b) = ((("data rate", f"{name} per second") if dim == "data" else (dim, name))
                                            for dim, name in ((dim_a, name_a), (dim_b, name_b)))
        if name_a not in TABLE[dim_a] or name_b not in TABLE[dim_b]:
            raise UnitError(f"cannot convert {name_a} to {name_b}")
    if dim_a == "temperature":
        kelvin = _to_kelvin(float(value), name_a)
        if kelvin < -1e-9:
            raise UnitError(f"{value:g} {name_a} is below absolute zero")
        result = _from_kelvin(kelvin, name_b)
    elif name_a in _INVERSE or name_b in _INVERSE:  # litres per 100 km: the more fuel, the fewer km
        if float(value) <= 0:
            raise UnitError(f"{value:g} {name_a} converts only when it is more than 0")
        factor_a, factor_b = TABLE[dim_a][name_a][0], TABLE[dim_b][name_b][0]
        base = factor_a / float(value) if name_a in _INVERSE else float(value) * factor_a
        result = factor_b / base if name_b in _INVERSE else base / factor_b
    else:
        result = float(value) * TABLE[dim_a][name_a][0] / TABLE[dim_b][name_b][0]
    return tidy(result), name_a, name_b


def tidy(value: float) -> float:
    """12 significant digits: exact factors, without float noise like 8.046720000000001."""
    rounded = float(f"{value:.12g}")
    return int(rounded) if rounded.is_integer() and abs(rounded) < 1e15 else rounded


_SAME_PLURAL = frozenset({"horsepower", "metric horsepower", "psi", "BTU", "hertz"})


def _plural(name: str) -> str:
    """"square foot" -> "square feet", "mile per hour" -> "miles per hour"."""
    if name in _SAME_PLURAL:
        return name
    head, per, tail = name.partition(" per ")
    head, of, what = head.partition(" of ")  # "millimetres of mercury"
    words = head.split()
    words[-1] = {"foot": "feet", "inch": "inches"}.get(words[-1], words[-1] + "s")
    return " ".join(words) + of + what + per + tail


def _number(value: float, *, as_given: bool = False) -> tuple[str, bool]:
    """A value as people read it, and whether it was rounded: exact when it has few digits
    (1.609344) or was `as_given`, else to 6 significant digits (22.2222, not 22.2222222222)."""
    exact = f"{value:.12g}"
    digits = exact.split("e")[0].replace("-", "").replace(".", "").strip("0")
    if as_given and float(value).is_integer() and abs(value) < 1e15:  # "1234567890123 bytes" as typed
        return f"{int(value):,}" if abs(value) >= 10_000 else f"{int(value)}", False
    if as_given:  # every digit the user typed
        return (f"{value:,.15g}" if abs(value) >= 10_000 else f"{value:.15g}"), False
    if len(digits) <= 8:
        return (f"{value:,.12g}" if "e" not in exact and abs(value) >= 10_000 else exact), False
    if abs(value) < 1 or "e" in exact:  # 6.21371e-07, 6.21371e+19
        return f"{value:.6g}", True
    decimals = max(0, 6 - len(str(int(abs(value)))))
    return f"{value:,.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{value:,.0f}", True


US_MEASURES = frozenset({"cup", "pint", "quart", "gallon", "fluid ounce"})


def _named(value: float, name: str, *, as_given: bool = False) -> str:
    shown = _number(value, as_given=as_given)[0]
    if name in _TEMPERATURE:
        return f"{shown} °{name[0].upper()}" if name != "kelvin" else f"{shown} K"
    label = f"US {name}" if name in US_MEASURES else name  # a UK pint is 568 ml: which one, said
    return f"{shown} {label if shown == '1' else _plural(label)}"  # as shown: "≈ 1 kilometre"


# months and years have no one length: converting them uses the calendar's average, and says so
AVERAGED = {("time", "month"), ("time", "year")}
# the metric units of COUNTERPART: "10 km in metric" is already said in metric
METRIC = frozenset({"kilometre", "metre", "centimetre", "millimetre", "kilogram", "gram", "celsius", "litre",
                    "millilitre", "kilometre per hour", "hectare", "square metre"})
# a unit's like in the other system, for "how far is 10 miles?": the unit the asker most likely
# thinks in is the one they did not name
COUNTERPART = {
    "mile": "kilometre", "kilometre": "mile", "foot": "metre", "metre": "foot", "inch": "centimetre",
    "centimetre": "inch", "yard": "metre", "millimetre": "inch",
    "pound": "kilogram", "kilogram": "pound", "ounce": "gram", "gram": "ounce", "stone": "kilogram",
    "fahrenheit": "celsius", "celsius": "fahrenheit",
    "gallon": "litre", "litre": "gallon", "fluid ounce": "millilitre", "millilitre": "fluid ounce",
    "mile per hour": "kilometre per hour", "kilometre per hour": "mile per hour",
    "acre": "hectare", "hectare": "acre", "square foot": "square metre", "square metre": "square foot",
}


_SECONDS_IN = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def calendar_told(name_a: str, name_b: str) -> tuple[float, str] | None:
    """One calendar year or month in a shorter unit, as the calendar counts it: "A year has 8,760
    hours (8,784 in a leap year)." rather than the average (8,765.8); None for other pairs."""
    if name_b == "week" and name_a == "year":
        return 365 / 7, "A year has 52 weeks and 1 day (52 weeks and 2 days in a leap year)."
    if name_a not in ("year", "month") or name_b not in _SECONDS_IN:
        return None
    per_day = 86400 // _SECONDS_IN[name_b]
    if name_a == "year":
        return 365 * per_day, f"A year has {365 * per_day:,} {_plural(name_b)} ({366 * per_day:,} in a leap year)."
    average = 30.436875 * per_day
    return average, (f"A month has {28 * per_day:,} to {31 * per_day:,} {_plural(name_b)}, by its length "
                     f"({_number(average)[0]} on average).")


TARGETS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


def _compound(value: float, from_unit: str, targets: list[str]) -> dict[str, Any] | None:
    """`value` as a whole number of the larger of two units of one kind and the rest in the smaller
    ("1.5 m in feet and inches" is 4 feet 11.1 inches, as people measure height), or None when the
    targets are no such pair (two temperatures, a unit and a smaller one's ordering reversed)."""
    if len(targets) != 2:
        return None
    (dim_a, big), (dim_b, small), source = unit(targets[0]), unit(targets[1]), unit(from_unit)
    if dim_a != dim_b or dim_a != source[0] or big in _TEMPERATURE \
            or {(dim_a, big), (dim_b, small), source} & AVERAGED:  # "a year in days and hours": an average
        return None
    per = convert(1, big, small)[0]  # the smaller units in one larger: 12 inches a foot
    if per <= 1:
        return None
    total, name_a, _ = convert(abs(value), from_unit, big)
    whole = math.floor(total)
    unrounded = convert(total - whole, big, small)[0]
    rest = round(unrounded, 1)
    if rest >= per:  # 11.96 inches rounds to a foot
        whole, rest = whole + 1, 0.0
    exact = abs(unrounded - rest) < 1e-6 and rest < per  # 90 minutes is 1 hour 30 minutes, not about it
    sign = "-" if value < 0 else ""
    shown = f"{sign}{_named(whole, big)} {_named(tidy(rest), small)}"
    if exact and not rest and dim_a == "time":  # "1 hour", not "1 hour 0 minutes" (a height keeps "6 feet 0 inches")
        shown = f"{sign}{_named(whole, big)}"
    given = _named(float(value), name_a, as_given=True)
    return {"value": value, "from": name_a, "to": [big, small], "result": [float(f"{sign}{whole}"), rest],
            "confirmation": f"{given} {'=' if exact else '≈'} {shown}"}


def convert_units(value: float, from_unit: str, to_unit: str) -> dict[str, Any]:
    if not math.isfinite(float(value)):  # "9999…9 km" past a float's range reads as infinity
        raise UnitError(f"{value} is not a number tars can convert")
    if len(targets := [t for t in TARGETS.split(to_unit.strip()) if t]) > 1:  # "in celsius and kelvin"
        if compound := _compound(value, from_unit, targets):  # "in feet and inches": 4 feet 11.1 inches
            return compound
        each = [convert_units(value, from_unit, target) for target in targets[:4]]
        given = _named(float(value), unit(from_unit)[1], as_given=True)
        rest = [c["confirmation"].removeprefix(given).strip() for c in each[1:]]  # "≈ 295.372 K", without "72 °F"
        told = ", ".join([each[0]["confirmation"], *rest[:-1]]) + f" and {rest[-1]}"
        if not all(c["confirmation"].startswith(given) for c in each):  # the calendar's own sentences
            told = " ".join(c["confirmation"] for c in each)
        return {"value": value, "from": each[0]["from"], "to": [c["to"] for c in each],
                "result": [c["result"] for c in each], "confirmation": told}
    result, name_a, name_b = convert(value, from_unit, to_unit)
    if value == 1 and (calendar := calendar_told(name_a, name_b)):  # "how many hours in a year?"
        return {"value": value, "from": name_a, "to": name_b, "result": calendar[0], "confirmation": calendar[1]}
    given = _named(float(value), name_a, as_given=True)
    shown = f"{given} {'≈' if _number(result)[1] else '='} {_named(result, name_b)}" if name_a != name_b else given
    times = {("time", name_a), ("time", name_b)}
    if times & AVERAGED and not times <= AVERAGED:  # a month in years is a twelfth, whatever the average
        shown += " (a year taken as 365.2425 days and a month as a twelfth of that, the calendar's averages)"
    return {"value": value, "from": name_a, "to": name_b, "result": result, "confirmation": shown}


def unit_tools() -> list[Tool]:
    text = {"type": "string", "minLength": 1, "maxLength": 40}
    return [Tool(
        name=CONVERT_UNITS, family="exact", func=convert_units,
        description=("Convert a quantity between units of length, area, mass, volume, temperature, speed, "
                     "fuel economy, data size or time, exactly. Not for currencies or time zones."),
        parameters={"type": "object", "additionalProperties": False, "required": ["value", "from_unit", "to_unit"],
                    "properties": {
                        "value": {"type": "number", "description": "the quantity to convert"},
                        "from_unit": {**text, "description": "the unit the quantity is in, as the user wrote it"},
                        "to_unit": {**text, "description": "the unit wanted, as the user wrote it (several "
                                                           "joined by 'and')"}}},
    )]
