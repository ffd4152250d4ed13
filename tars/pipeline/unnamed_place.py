"""A request that names no place ("what's the weather?"): asked about, or filled with the default
place, before any model step.

Only when nothing the user wrote goes beyond the tools' own words, times and filler: anything more
may be a place, which the executor reads and `grounding` checks, at a model step's cost.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from tars.messages import Message
from tars.pipeline.grounding import (
    Grounds,
    is_place_arg,
    prop_of,
    properties_of,
    question_for,
    required_sets,
    takes_place,
)
from tars.tools import date_phrases
from tars.tools.base import Tool

__all__ = ["placed", "unplaced"]

# what a request for a place's weather or time says besides the place: "what's it like outside right now?"
_PLACELESS = frozenset("""a an the is it it's its be will going gonna to of for at in on by and or what what's whats how
how's hows like look looks looking out outside there here around right now currently today tonight tomorrow this
these next coming weekend week morning afternoon evening night later soon day days hour hours please tell me show
give check get can could you would i do does did let know see should need s ll re d weather forecast rain rainy
raining snow snowing sunny sun cloudy hot cold warm chilly wind windy temperature humid humidity storm stormy
umbrella jacket coat sunrise sunset degrees freezing""".split())
_WORDS = re.compile(r"[^\W_]+")  # any script's words: "東京" may be the place
_THERE = re.compile(r"\b(?:there|that place|that city)\b", re.IGNORECASE)
_COORDINATES = frozenset({"latitude", "longitude"})


def unplaced(tools: Sequence[Tool], messages: Sequence[Message], grounds: Grounds) -> str | None:
    """The question for the place, when it can be asked before any model step: every tool needs
    a place, no default place is set, and nothing the user wrote goes beyond the tools' own words,
    times and filler ("what's the weather like tomorrow?"). Anything more may be a place: the
    executor and `ground` decide then, at a model step's cost."""
    if grounds.default_place() or not tools or not all(takes_place(t.parameters) and _needs_place(t.parameters)
                                                       for t in tools) \
            or not _placeless(tools, messages, grounds, dated=True):
        return None
    props = properties_of(tools[0].parameters)
    return question_for([next(n for n, p in props.items() if isinstance(p, dict) and is_place_arg(n, p))], props)


def placed(tool: Tool, messages: Sequence[Message], grounds: Grounds) -> dict[str, Any] | None:
    """The call "what's the weather?" stands for when a default place is known and the place is all
    the tool requires: that place, with no model step; None when the user said anything more (a
    day, a place, a detail), which the executor reads."""
    props = properties_of(tool.parameters)
    base, alternatives = required_sets(tool.parameters)
    # the one way to meet the schema that is a place alone: {"location"} (or anyOf's location branch)
    ways = [set(alt) | base for alt in alternatives] or [base]
    alone = [name for way in ways if len(way) == 1 for name in way if is_place_arg(name, prop_of(props, name))]
    pointed = any(m.role == "user" and _THERE.search(m.content) for m in messages)  # "there": a place said before
    if pointed or not takes_place(tool.parameters) or not _placeless([tool], messages, grounds, dated=False) \
            or not (place := grounds.default_place()):
        return None
    if ways == [set()] and grounds.place:  # the tool falls back on the place set itself (TARS_PLACE)
        return {}
    return {alone[0]: place} if len(alone) == 1 else None


def _placeless(tools: Sequence[Tool], messages: Sequence[Message], grounds: Grounds, *, dated: bool) -> bool:
    """Whether no user message says more than the tools' own words and filler (and days and times,
    when `dated`)."""
    vocabulary = {w.casefold() for tool in tools for w in _WORDS.findall(f"{tool.name.replace('_', ' ')} "
                                                                        f"{tool.description}")
                  if w not in _names_in(tool.description)}
    now = grounds.moment(messages)
    for message in messages:
        if message.role != "user":
            continue
        text = message.content.casefold()
        for phrase, _ in date_phrases.find(text, now):
            if not dated:
                return False
            text = text.replace(phrase.casefold(), " ")
        if any(w not in _PLACELESS and w not in vocabulary for w in _WORDS.findall(text)):
            return False
    return True


def _names_in(description: str) -> set[str]:
    """A description's capitalised words that open no sentence: names ("London"), which may be
    the very place a message gives, not the tool's own words ("Current weather …")."""
    return {w for sentence in re.split(r"(?<=[.!?])\s+", description) for w in _WORDS.findall(sentence)[1:]
            if w[:1].isupper()}


def _needs_place(schema: dict[str, Any]) -> bool:
    """Whether a call cannot be made without a place: each way of meeting the schema's required
    names takes a place argument, or coordinates (numbers, which no placeless message holds)."""
    props = properties_of(schema)
    base, alternatives = required_sets(schema)

    def placed(names: Collection[str]) -> bool:
        return any(is_place_arg(n, prop_of(props, n)) for n in names) or _COORDINATES <= set(names)

    return placed(base) if base and not alternatives else bool(alternatives) and all(
        placed(base | set(alt)) for alt in alternatives)
