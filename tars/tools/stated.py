"""Arguments a message states exactly, for tars's own tools: read by tars, not rewritten by a model.

A small model asked for "20% off 80" writes `0.2 * 80` (the discount, not the price), and asked for
"lines of code" leaves out which files. When the user's words already are the arguments, the
pipeline takes them as written and asks no model; anything less clear still goes to the model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tars.courtesy import THANKS
from tars.tools.calc import CALCULATOR
from tars.tools.calc_requests import aggregate_of, continued, expression_in
from tars.tools.clock import TIME_DIFFERENCE, TIME_NOW, difference_asked, now_asked
from tars.tools.date_requests import shift_asked, span_asked, weekday_asked, year_asked
from tars.tools.dates import DATE_SHIFT, DAY_OF_WEEK, DAYS_BETWEEN, LEAP_YEAR
from tars.tools.distance import PLACE_DISTANCE, places_asked
from tars.tools.fact_wording import second_person
from tars.tools.file_info import FILE_INFO, file_named
from tars.tools.folder import FOLDER_STATS, kind_in
from tars.tools.folder_list import FOLDER_LIST, listing_asked
from tars.tools.memory import MEMORY_RECALL
from tars.tools.memory_requests import (
    MEMORY_FORGET,
    MEMORY_REMEMBER,
    MEMORY_UPDATE,
    TAKEN_BACK,
    bare_thing,
    forget_asked,
    recall_asked,
    remember_asked,
    update_asked,
)
from tars.tools.note_requests import (
    NOTE_APPEND,
    NOTE_DAILY,
    NOTE_EDIT,
    NOTE_READ,
    NOTE_WRITE,
    NOTES_LIST,
    NOTES_SEARCH,
    append_asked,
    daily_asked,
    edit_asked,
    list_asked,
    read_asked,
    search_asked,
    write_asked,
)
from tars.tools.number_facts import WRITTEN_NUMBER
from tars.tools.unit_requests import conversion_asked
from tars.tools.units import CONVERT_UNITS
from tars.tools.web import WEB_READ, url_asked

__all__ = ["stated_args", "carried_args", "followed", "unreferred"]

# a tool whose follow-up takes another tool's last output: "don't remember that" forgets what was
# just remembered (the rest take their own: "now subtract 100")
_FOLLOWS = {MEMORY_FORGET: MEMORY_REMEMBER}
_UNDO = re.compile(TAKEN_BACK, re.IGNORECASE)


def _takes_back(tool_name: str, message: str) -> bool:
    """Whether `message` takes back what was just remembered ("don't remember that"; "don’t" as
    phones type it), for memory_forget."""
    return tool_name == MEMORY_FORGET and _UNDO.match(" ".join(message.replace("’", "'").split())) is not None


def unreferred(tool_name: str, message: str, previous: dict[str, Any] | None) -> str | None:
    """The question to ask when `message` points back at what is not there ("don't remember that"
    with nothing remembered just before), or at a change tars will not undo alone, or names a thing
    to remember and says nothing of it ("remember my wifi password"); or None."""
    if tool_name == MEMORY_REMEMBER and (fact := remember_asked(message)) and (thing := bare_thing(fact["text"])):
        return f"What should I remember about {thing}?"  # "remember my wifi password": not what it is
    if not _takes_back(tool_name, message):
        return None
    if previous is None:
        return "Which memory should I forget? Nothing was remembered just before this."
    if previous.get("status") == "updated" and isinstance(previous.get("old"), str):
        # forgetting the new value would lose the old one too: which to keep is the user's to say
        return (f"That replaced an earlier memory (“{second_person(previous['old'])}”). Which should I keep: "
                "the earlier one, the new one, or neither?")
    return None


def followed(tool_name: str) -> tuple[str, bool]:
    """The tool whose last output a follow-up to `tool_name` takes further (`stated_args`'s `previous`),
    and whether only the turn just before counts: "forget that" is about what was just remembered,
    not a fact from earlier in the chat (which may be gone already); "now subtract 100" is about
    the last sum, whenever it was."""
    return _FOLLOWS.get(tool_name, tool_name), tool_name in _FOLLOWS


def _expression(message: str) -> dict[str, Any] | None:
    expression = expression_in(message)
    return None if expression is None else {"expression": expression}


def _kind(message: str) -> dict[str, Any] | None:
    kind = kind_in(message)
    return {"kind": kind} if kind else None  # no kind said: whether it means every file is the model's to read


_READERS: dict[str, Callable[[str], dict[str, Any] | None]] = {
    CALCULATOR: _expression, FOLDER_STATS: _kind, FOLDER_LIST: listing_asked, PLACE_DISTANCE: places_asked,
    MEMORY_RECALL: recall_asked, MEMORY_REMEMBER: remember_asked, MEMORY_UPDATE: update_asked,
    MEMORY_FORGET: forget_asked,
    CONVERT_UNITS: conversion_asked, DATE_SHIFT: shift_asked, DAYS_BETWEEN: span_asked, LEAP_YEAR: year_asked,
    DAY_OF_WEEK: weekday_asked, FILE_INFO: file_named, NOTE_READ: read_asked, NOTE_APPEND: append_asked,
    NOTE_WRITE: write_asked, NOTE_EDIT: edit_asked, NOTES_LIST: list_asked, NOTES_SEARCH: search_asked,
    NOTE_DAILY: daily_asked, TIME_DIFFERENCE: difference_asked, TIME_NOW: now_asked, WEB_READ: url_asked}


_MAX_CHARS = 500  # a longer message (a paste, an attachment) says more than arguments: a model reads it
# thanks for the last answer before the next request: "thanks! how many minutes in a week?"
_THANKS = re.compile(rf"^{THANKS}(?:[\s,]+(?:{THANKS}|so much|a lot|very much|again|tars))*\s*[!.,;:]+\s+"
                     r"(?=\S)", re.IGNORECASE)


def stated_args(tool_name: str, message: str, attached: str = "",
                previous: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The arguments `message` gives tars's tool `tool_name` outright, or None for a model to work out;
    `attached`: what came with it, of which only numbers asked about are read ("the sum of these");
    `previous`: the last output of the tool `followed` names, which a follow-up may take further
    ("now subtract 100"; "don't remember that" after a fact was remembered).
    (MCP tools' names carry their server's, so these names are only ever tars's own tools.)"""
    reader = _READERS.get(tool_name)
    if reader is None or len(message) > _MAX_CHARS:
        return None
    message = _THANKS.sub("", " ".join(message.split()), count=1)  # one line, one space between words
    if tool_name == CALCULATOR:
        if attached and (expression := aggregate_of(message, attached)):
            return {"expression": expression}
        if previous and (expression := continued(message, previous)):
            return {"expression": expression}
    if _takes_back(tool_name, message):  # "that" is only what was just remembered
        kept = previous or {}
        said = kept.get("text") if kept.get("status") in ("remembered", "already remembered") else None
        return {"text": said} if isinstance(said, str) else None
    return reader(message)


_PERCENT = r"(?:%|percent\b|per cent\b)"
_PREPOSITION = re.compile(r"^(?P<prep>in|for|at|on|of|from|to|until|till|since|before|after)\s+(?P<value>.+)$",
                          re.IGNORECASE)


def carried_args(tool_name: str, requests: list[str], new_value: Callable[[str], str]) -> dict[str, Any] | None:
    """The arguments a chain of follow-ups states (`routing.follow_up.chain`): the request it started
    from, with each follow-up's new value put in place of the one argument of its kind that request
    said ("what day of the week is christmas?" + "and new year's day?"). A small model handed the
    follow-up alone copied the earlier call. None when any step is unclear."""
    request = requests[0] if requests else ""
    for follow in requests[1:]:
        request = _carried(tool_name, request, new_value(follow)) or ""
        if not request:
            return None
    return stated_args(tool_name, request) if len(requests) > 1 else None


def _carried(tool_name: str, request: str, value: str) -> str | None:
    """`request` with `value` in place of the argument it said of the same kind (a number for a
    number, words for words), when exactly one fits; with `value` after it when it said none and
    `value` is a phrase like "on christmas" that reads on from it."""
    args = stated_args(tool_name, request)
    if not args or not value:
        return None
    preposition = _PREPOSITION.match(value)
    bare = preposition["value"] if preposition else value
    numeric = re.fullmatch(WRITTEN_NUMBER, bare) is not None
    if re.fullmatch(rf"{WRITTEN_NUMBER}\s*{_PERCENT}", bare, re.IGNORECASE):  # "15% of 80" + "and 20%?"
        shares = list(re.finditer(rf"(?<![\w.]){WRITTEN_NUMBER}\s*{_PERCENT}", request, re.IGNORECASE))
        longer = request[:shares[0].start()] + bare + request[shares[0].end():] if len(shares) == 1 else ""
        return longer if longer and stated_args(tool_name, longer) is not None else None
    if tool_name == CALCULATOR and not numeric:  # its one argument is the whole sum, which no word replaces
        return None
    if numeric and preposition:  # "15% of 80" + "and of 120?": the number after the same word
        after = list(re.finditer(rf"\b{preposition['prep']}\s+({WRITTEN_NUMBER})(?![\w.])", request, re.IGNORECASE))
        if len(after) == 1:
            longer = request[:after[0].start(1)] + bare + request[after[0].end(1):]
            return longer if stated_args(tool_name, longer) is not None else None
    said = {str(v) for v in args.values() if isinstance(v, str | int | float) and not isinstance(v, bool)
            and isinstance(v, str) != numeric
            and re.search(rf"(?<![\w.]){re.escape(str(v))}(?![\w.])", request, re.IGNORECASE)}
    if not said:  # the request left it unsaid ("what week number is it?"): said after it, "on christmas"
        for said_after in [value] if preposition else [f"on {value}", f"in {value}"]:
            longer = f"{request.rstrip(' ?!.')} {said_after}?"
            if stated_args(tool_name, longer) not in (None, args):
                return longer
        return None
    if len(said) != 1:
        return None
    old = re.escape(said.pop())
    if preposition and (where := re.search(rf"\b{preposition['prep']}\s+{old}(?![\w.])", request, re.IGNORECASE)):
        return request[:where.start()] + value + request[where.end():]
    where = re.search(rf"(?<![\w.]){old}(?![\w.])", request, re.IGNORECASE)
    return request[:where.start()] + bare + request[where.end():] if where else None
