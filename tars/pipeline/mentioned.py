"""Optional arguments a message gives: the executor must fill these, since a small model otherwise
leaves out every optional argument ("with a maximum cost of $50" had no `max_cost`); and the
value the message gives one by its name, for when the model's is not the user's.

An optional argument is given when the message says a word of its name ("maximum cost", "include
its statistics" for `include_stats`), a word of one of its choices ("backstage" for the add-on
"Backstage Pass"), a value its description quotes ("this weekend" for a `time_period` whose
description offers 'weekend'), a span for a count of days ("the upcoming month"), or a unit of the
kind its description quotes ("in miles" where it says "default is 'km'"). Grounding still drops a
filled value the words do not hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tars.pipeline import value_forms as forms
from tars.routing.learned import WORD, said_in, stem, stems, words
from tars.tools.units import unit_or_none

__all__ = ["mentioned", "named_value", "numbers_named"]

# name words that say how, not what: "include_stats" is named by "statistics", not by "include"
_HOW = frozenset("include includes including enable enabled use show return only allow with is has get".split())
_QUOTED = re.compile(r"""(?<!\w)['"]([^'"]{2,30})['"](?!\w)""")


def mentioned(schema: dict[str, Any], message: str) -> list[str]:
    """The optional arguments of `schema` that `message` gives, in the schema's order."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return []
    required = set(schema.get("required") or ())
    said = stems(message)
    return [name for name, prop in props.items()
            if name not in required and isinstance(prop, dict) and prop.get("type") != "object"
            and _given(name, prop, said, message)]


def _given(name: str, prop: dict[str, Any], said: frozenset[str], message: str) -> bool:
    named = [w for w in words(" ".join(forms.label_words(name))) if w not in _HOW]
    if any(said_in(word, said) for word in named):
        return True
    if forms.counts_days(name, prop) and forms.periods(message):  # "the upcoming month" for days_ahead
        return True
    if _units_said(prop, message):  # "in miles" for a unit whose description says "default is 'km'"
        return True
    items = prop.get("items")
    choices = [*(prop.get("enum") or ()), *((items.get("enum") or ()) if isinstance(items, dict) else ())]
    offered = [str(c) for c in choices] + _quoted(prop)
    return any(w in said for value in offered for w in words(value) if len(w) > 3)


def _quoted(prop: dict[str, Any]) -> list[str]:
    """The values a property's description quotes ("'now' for current, 'weekend' for the coming weekend")."""
    return _QUOTED.findall(str(prop.get("description") or ""))


# a number written after its name ("a maximum cost of $50", "rating above 4.5", "tempo 120 bpm"):
# the words that may come between
_BRIDGE = frozenset("of is at to be about around approximately under below over above than less more least most "
                    "up a an the $ € £ usd eur gbp".split())
_TOKEN = re.compile(r"-?\d[\d,]*(?:\.\d+)?|[a-z][a-z0-9']*|[$€£]")
_MONEY = frozenset("$€£")


def named_value(name: str, prop: dict[str, Any], message: str, others: Iterable[str] = ()) -> Any:
    """The value `message` gives argument `name` by naming it: the one number written right after
    its name's words, or the one value its description quotes that the message says ("this weekend"
    for 'weekend'). None when it gives none, or more than one, or when one of the `others`
    arguments has the same name words ("year1_revenue", "year2_revenue": whose is it?)."""
    if any(_name_words(other) == _name_words(name) for other in others if other != name):
        return None
    kinds = forms.types_of(prop) if "type" in prop else set()
    if kinds & {"integer", "number"}:
        found = set(numbers_named(name, message))
        if not found and forms.counts_days(name, prop):  # "over the upcoming month": 30 days
            found = {forms.span_days(prop, days) for days in forms.periods(message).values()}
        if not found and _STILL.search(message) and _starts_moving(name):  # "dropped", "from rest": 0
            found = {0.0}
        if len(found) != 1:
            return None
        (number,) = found
        return int(number) if "integer" in kinds and number == int(number) else number
    if "string" in kinds and "enum" not in prop:
        said = stems(message)
        quoted = {v for v in _quoted(prop) if (named := words(v)) and all(w in said for w in named)}
        if not quoted:  # "in miles", where the description offers 'km'
            quoted = set(_units_said(prop, message).values())
        return quoted.pop() if len(quoted) == 1 else None
    return None


# a body that starts still: "from rest", "from a standstill", "dropped from 100 m" (not "thrown at 5 m/s")
_STILL = re.compile(r"(?i)\b(?:from|at) (?:rest|a standstill|standstill|a stop)\b|\b(?:dropped|released)\b")
_START = frozenset({"initial", "start", "starting", "begin", "beginning"})


def _starts_moving(name: str) -> bool:
    """Whether argument `name` is a starting speed: `initial_velocity`, `start_speed`, `v0`."""
    said = set(forms.label_words(name))
    return name.lower() in ("u", "v0", "v_0", "vi", "v_i") or bool(said & _START and said & {"velocity", "speed"})


def _units_said(prop: dict[str, Any], message: str) -> dict[str, str]:
    """The units the message names (canonical name -> the word as written) of the dimension of a unit
    the property's description quotes ("default is 'km'"): words of three letters or more, so
    that "in" or "m" in passing is no inch or metre."""
    dimensions = {found[0] for value in _quoted(prop) if (found := unit_or_none(value))}
    if not dimensions:
        return {}
    said: dict[str, str] = {}
    for word in WORD.findall(message.lower()):
        if len(word) >= 3 and (found := unit_or_none(word)) and found[0] in dimensions:
            said.setdefault(found[1], word)
    return said


# names' usual short forms that messages spell out: "lat" is said as "latitude"
_SHORT = {"lat": "latitude", "lng": "longitude", "lon": "longitude", "long": "longitude"}


def _name_words(name: str) -> list[str]:
    """The words of an argument's name that say what it is, without numbering ("year1" is a year)."""
    said = " ".join(_SHORT.get(w, w) for w in forms.label_words(name))
    return [w.rstrip("0123456789") for w in words(said) if w not in _HOW]


def numbers_named(name: str, message: str) -> list[float]:
    """The numbers `message` writes right after a word of argument `name` ("latitude 35.22")."""
    named = _name_words(name)
    tokens = _TOKEN.findall(message.lower())
    out = []
    for i, token in enumerate(tokens):
        if not token[0].isalpha() or not any(said_in(word, frozenset({stem(token)})) for word in named):
            continue
        j = i + 1
        while j < len(tokens) and j - i <= 4 and tokens[j] in _BRIDGE:
            j += 1
        if j < len(tokens) and not tokens[j][0].isalpha() and tokens[j] not in _MONEY:
            factor = forms.scale(tokens[j + 1], tokens[j - 1] in _MONEY) if j + 1 < len(tokens) else 1.0
            out.append(round(float(tokens[j].replace(",", "")) * factor, 6))
    return out
