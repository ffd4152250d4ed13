"""Which of two arguments is where a thing comes from and which where it goes, read from the message;
and whether a date is where a span ends ("until christmas") or starts ("since easter").

A small model fills `from_place` and `to_place` (or `source_language` and `target_language`) with the
right two values as often in the wrong order: "9am New York time in Berlin" came back from Berlin to
New York. The message says which is which ("from X", "to Y", "in Y", "3pm in X"), so tars puts them back.
"""

from __future__ import annotations

import re
from typing import Any

from tars.tools.when import CLOCK_TIME

__all__ = ["in_order", "direction"]

_SOURCE = frozenset({"from", "source", "src", "origin", "start", "starting", "departure", "base", "input"})
_TARGET = frozenset({"to", "target", "dest", "destination", "end", "ending", "arrival", "output", "into"})
_NAME_WORD = re.compile(r"[a-z]+")
_CLOCK = rf"\b{CLOCK_TIME}"


def _sides(name: str) -> tuple[str, frozenset[str]] | None:
    """("source" or "target", the name's other words) for a name like `from_unit` or `target_language`."""
    words = _NAME_WORD.findall(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower())
    side = "source" if _SOURCE.intersection(words) else "target" if _TARGET.intersection(words) else None
    return (side, frozenset(words) - _SOURCE - _TARGET) if side else None


def _marker(value: str, said: str) -> str | None:
    """How the message introduces `value`: "source" ("from Paris", "10am in Sydney", "9am New York time"),
    "target" ("to Paris", "into euros"), "in" ("in Berlin": a target only beside a source), or None
    when it says none of these, or says the value other than once."""
    value = re.escape(value.strip().lower())
    if len(value) < 2 or len(re.findall(rf"\b{value}\b", said)) != 1:
        return None  # not said, or said twice ("from A to B, then from B to C"): no telling
    if re.search(rf"{_CLOCK}\s+(?:in\s+)?{value}\b|\bfrom\s+(?:the\s+)?{value}\b", said):
        return "source"  # a clock time's own place is where the time is
    found = re.search(rf"\b(to|into|in)\s+(?:the\s+)?{value}\b", said)
    return None if found is None else "in" if found.group(1) == "in" else "target"


def in_order(args: dict[str, Any], said: str) -> dict[str, Any]:
    """`args` with each source/target pair swapped when the message marks them the other way round."""
    text = " ".join(said.lower().split())
    named = {name: sides for name in args if (sides := _sides(name)) is not None}
    out = dict(args)
    for source, (side, rest) in named.items():
        if side != "source":
            continue
        target = next((n for n, (s, r) in named.items() if s == "target" and r == rest), None)
        if target is None or not isinstance(args[source], str) or not isinstance(args[target], str):
            continue
        marks = (_marker(args[source], text), _marker(args[target], text))
        if None in marks:  # one value the message does not place: no telling which is which
            continue
        if (marks[0] == "target" and marks[1] != "target") or (marks[1] == "source" and marks[0] != "source"):
            out[source], out[target] = args[target], args[source]
    return out


_UNTIL = frozenset({"until", "till", "til", "before", "to"})
_SINCE = frozenset({"since", "from", "after"})


def direction(message: str, phrase: str) -> str | None:
    """Whether the date `phrase` is where a span ends ("until") or starts ("since"): the nearest such
    word before it in its sentence ("days until my birthday on December 25"; "keep until I tidy up
    what I logged from Christmas" starts at Christmas)."""
    found = list(re.finditer(rf"(?<!\w){re.escape(phrase.lower())}(?!\w)", message.lower()))
    if not found:
        return None
    before = re.findall(r"[^\W_]+", re.split(r"[.!?;]\s", message.lower()[:found[-1].start()])[-1])
    for word in reversed(before):
        if word in _UNTIL or word in _SINCE:
            return "until" if word in _UNTIL else "since"
    return None
