"""The form an argument takes when the message says it one way and the schema wants another.

A small model copies the message's surface: "5%" becomes 5 where a rate is 0.05, "two weeks"
becomes 2 days, "note house.md" becomes the file name. These rules rewrite such a value into
what the user meant, from the message and the argument's schema alone (name, type, description),
so every tool benefits; `tars.pipeline.grounding` applies them before it checks the value.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["percents", "as_fraction"]

_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)", re.IGNORECASE)
# a description that asks for the percentage itself, unless it also asks for a fraction
_IN_PERCENT = re.compile(r"\bpercent(?:age)?s?\b", re.IGNORECASE)
_AS_FRACTION = re.compile(r"\b(?:decimal|fraction)|\bbetween 0(?:\.0)? and 1\b|\bsums? (?:up )?to 1\b|"
                          r"\b0(?:\.0)?\s*(?:to|-)\s*1(?:\.0)?\b|\d%\s+(?:is|=|as)\s+0?\.\d", re.IGNORECASE)


def _types(prop: dict[str, Any]) -> set[str]:
    kind = prop.get("type", "string")
    return set(kind) if isinstance(kind, list) else {kind}


# -- percentages -----------------------------------------------------------------------------------
def percents(text: str) -> set[float]:
    """The numbers the text says as percentages ("5%", "7 percent")."""
    return {float(n) for n in _PERCENT.findall(text)}


def _wants_percent(prop: dict[str, Any]) -> bool:
    words = " ".join(str(p.get("description") or "") for p in (prop, prop.get("items") or {}) if isinstance(p, dict))
    return bool(_IN_PERCENT.search(words)) and not _AS_FRACTION.search(words)


def as_fraction(prop: dict[str, Any], value: Any, said: set[float]) -> Any:
    """A number (or list of numbers) the message said as a percentage, as the fraction it stands for
    (5 for "5%" -> 0.05), unless the argument's description asks for the percentage itself."""
    if not said or _wants_percent(prop):
        return value
    if isinstance(value, list):
        items = prop.get("items")
        items = items if isinstance(items, dict) else {}
        return [as_fraction(items, v, said) for v in value] if "array" in _types(prop) else value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or "number" not in _types(prop):
        return value  # an integer argument cannot hold a fraction; a count is not a rate
    return round(value / 100, 12) if float(value) in said else value
