"""What a tool family is to the router: weighted cue patterns, negatives, and per-tool hint patterns.

Weights: 3 decides alone, 2 needs a grounding signal (today, here, my, a place), 1 only adds up;
3.5 and 4 mark a named destination or resource ("to my todo list", a URL, "search the web") that
outranks another family's cue in the same message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["Cue", "Family", "Topic", "cues", "hints", "recall_instead"]


@dataclass(frozen=True, slots=True)
class Cue:
    """One pattern and how much its match counts."""

    weight: float
    pattern: re.Pattern[str]


class Topic(NamedTuple):
    """What a learned tool is about: the content words of its name, those of its description's first
    sentence besides, and the verbs of its name ("calculate" of calculate_binomial_probability)."""

    words: frozenset[str]
    gist: frozenset[str]
    verbs: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Family:
    """A group of tools the router can recognise a need for."""

    name: str
    cues: tuple[Cue, ...]
    negatives: tuple[Cue, ...] = ()
    names: frozenset[str] = frozenset()  # values of Tool.family that mean this family
    prefixes: tuple[str, ...] = ()  # tool-name prefixes of its built-in tools
    anchors: frozenset[str] = frozenset()  # name words that pull an MCP tool into this family
    hints: dict[str, re.Pattern[str]] = field(default_factory=dict)  # tool name -> what asks for it
    keywords: dict[str, float] = field(default_factory=dict)  # learned vocabulary: stem -> weight
    learned: bool = False
    # learned tool -> what it is about (see `Topic`)
    topics: dict[str, Topic] = field(default_factory=dict)
    code_domain: bool = False  # about code (a GitHub server): coding words are its topic, not a distractor
    # its questions read like textbook ones ("what is 17 times 23"): that frame is no sign against it
    asked_as_textbook: bool = False
    # its tools make the primary's answer as good as the remote's: the message needs them, not escalation
    local: bool = False
    # its hint patterns tell its tools apart: only the tools they match are hinted (all when none does)
    hints_decide: bool = False
    # tools that keep what a message states -> the tool that recalls it: a question gets the latter
    stores: dict[str, str] = field(default_factory=dict)
    # what its tools do, said to "what can you do?" ("tell the weather now and in the coming days")
    does: str = ""
    # what its tools cannot do, asked plainly -> what tars answers instead ("delete my note": no tool deletes)
    cannot: tuple[tuple[re.Pattern[str], str], ...] = ()


def cues(*pairs: tuple[float, str]) -> tuple[Cue, ...]:
    """Compile (weight, pattern) pairs; patterns run on the lower-cased, normalised message."""
    return tuple(Cue(w, re.compile(p)) for w, p in pairs)


def cannot_do(*pairs: tuple[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Compile (pattern, answer) pairs: asks none of a family's tools does, and what tars says to them."""
    return tuple((re.compile(p), told) for p, told in pairs)


def hints(**patterns: str) -> dict[str, re.Pattern[str]]:
    """Compile per-tool patterns that say which of a family's tools a message points at."""
    return {name: re.compile(p) for name, p in patterns.items()}


def recall_instead(families: tuple[Family, ...], tool: str, message: str) -> str | None:
    """The tool that recalls what `tool` stores, when `message` is a question: asking is not telling."""
    from tars.tools.fact_wording import is_question

    recall = next((f.stores[tool] for f in families if tool in f.stores), None)
    return recall if recall and is_question(message) else None
