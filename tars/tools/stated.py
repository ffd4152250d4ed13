"""Arguments a message states exactly, for tars's own tools: read by tars, not rewritten by a model.

A small model asked for "20% off 80" writes `0.2 * 80` (the discount, not the price), and asked for
"lines of code" leaves out which files. When the user's words already are the arguments, the
pipeline takes them as written and asks no model; anything less clear still goes to the model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tars.tools.birthdays import birthday_of
from tars.tools.calc import CALCULATOR
from tars.tools.calc_requests import aggregate_of, continued, expression_in
from tars.tools.date_requests import shift_asked, span_asked, week_asked, year_asked
from tars.tools.dates import DATE_SHIFT, DAY_OF_WEEK, DAYS_BETWEEN, LEAP_YEAR
from tars.tools.distance import PLACE_DISTANCE, places_asked
from tars.tools.fact_wording import is_question
from tars.tools.file_info import FILE_INFO, file_named
from tars.tools.folder import FOLDER_STATS, kind_in
from tars.tools.folder_list import FOLDER_LIST, listing_asked
from tars.tools.memory import MEMORY_RECALL
from tars.tools.note_requests import NOTE_APPEND, NOTE_READ, append_asked, read_asked
from tars.tools.units import CONVERT_UNITS, conversion_asked

__all__ = ["stated_args"]


def _expression(message: str) -> dict[str, Any] | None:
    expression = expression_in(message)
    return None if expression is None else {"expression": expression}


def _kind(message: str) -> dict[str, Any] | None:
    kind = kind_in(message)
    return {"kind": kind} if kind else None  # no kind said: whether it means every file is the model's to read


# what a question about the user's own things asks about: "what do you remember about my cat?",
# "what's my wife's birthday?", "what is my cat called?"
_ASKED_ABOUT = re.compile(
    r"(?:\babout (?:my |our |the )?(?P<about>[\w'-]+(?: [\w'-]+){0,2}?)|"
    r"^(?:what|who|where|when|which)(?:'s| is| are| was| were)? (?:my|our) (?P<mine>[\w'-]+(?: [\w'-]+){0,2}?)"
    r"(?: (?:called|named|again|now))?)\s*[?.!]*\s*$", re.IGNORECASE)


def _recalled(message: str) -> dict[str, Any] | None:
    """memory_recall's query from a question about one thing (a small model left it out and listed
    every fact of a kind); anything else is the model's to read."""
    if who := birthday_of(message):  # "how many days until Ana's birthday?": what memory has of Ana
        return {"query": who}
    if not is_question(message):
        return None
    match = _ASKED_ABOUT.search(message.strip())
    thing = match and (match["about"] or match["mine"])
    if not thing or thing.lower() in ("me", "myself", "us", "you", "yourself", "it", "that", "this"):
        return None
    return {"query": thing}


_READERS: dict[str, Callable[[str], dict[str, Any] | None]] = {
    CALCULATOR: _expression, FOLDER_STATS: _kind, FOLDER_LIST: listing_asked, PLACE_DISTANCE: places_asked,
    MEMORY_RECALL: _recalled, CONVERT_UNITS: conversion_asked, DATE_SHIFT: shift_asked, DAYS_BETWEEN: span_asked,
    LEAP_YEAR: year_asked, DAY_OF_WEEK: week_asked, FILE_INFO: file_named, NOTE_READ: read_asked,
    NOTE_APPEND: append_asked}


_MAX_CHARS = 500  # a longer message (a paste, an attachment) says more than arguments: a model reads it


def stated_args(tool_name: str, message: str, attached: str = "",
                previous: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The arguments `message` gives tars's tool `tool_name` outright, or None for a model to work out;
    `attached`: what came with it, of which only numbers asked about are read ("the sum of these");
    `previous`: the tool's last output, which a follow-up may take further ("now subtract 100").
    (MCP tools' names carry their server's, so these names are only ever tars's own tools.)"""
    reader = _READERS.get(tool_name)
    if reader is None or len(message) > _MAX_CHARS:
        return None
    if tool_name == CALCULATOR:
        if attached and (expression := aggregate_of(message, attached)):
            return {"expression": expression}
        if previous and (expression := continued(message, previous)):
            return {"expression": expression}
    return reader(message)
