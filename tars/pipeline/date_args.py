"""Dates across a call's arguments: which argument is a date, and the message's dates put where they
belong once each argument is checked (one date in one argument, several in the order they are said,
and a resolved date's words out of the other arguments).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tars.pipeline import date_layouts as layouts
from tars.pipeline import value_forms as forms
from tars.pipeline.conversation_text import ConversationText, norm
from tars.pipeline.directions import direction
from tars.pipeline.schema_props import prop_of
from tars.tools import date_phrases, when

__all__ = ["is_date_arg", "one_date_one_arg", "dates_in_order", "span_said", "strip_dates"]

# names that mean a calendar date even without a schema `format` (a todo's `due`); not "day" or "start",
# which are as often a weekday or a place in other tools' schemas
_DATE_WORDS = frozenset({"due", "date", "deadline", "when", "datetime"})  # a word of the name: "due_date", "startDate"


def is_date_arg(name: str, prop: dict[str, Any]) -> bool:
    """Whether an argument holds a calendar date, by its `format`, its name or a layout its description asks for."""
    fmt = prop.get("format")
    if fmt in ("date", "date-time", "time"):
        return True
    # named as one ("due", "startDate"), or described in a date layout ("in the format dd/mm/yyyy")
    return forms.types_of(prop) <= {"string", "null"} and (bool(_DATE_WORDS.intersection(forms.label_words(name)))
                                                   or layouts.date_pattern(prop) is not None)


# a stretch of days named as one: its first day is not what the user asked for
_SPAN = re.compile(r"(?:this|next|coming|upcoming|the\s+coming)\s+(?:weekend|week|month|year)", re.IGNORECASE)


def span_said(day: when.When, text: ConversationText) -> str | None:
    """The user's words when `day` opens a week, weekend, month or year they named as one: "this
    weekend" is two days, not the Saturday, to an argument that can take the words."""
    return next((phrase for phrase, w in text.found if w == day and _SPAN.fullmatch(phrase.strip())), None)


def one_date_one_arg(args: dict[str, Any], resolved: dict[str, str], dropped: list[str], props: dict[str, Any],
                     base: set[str], text: ConversationText, now: dt.datetime) -> None:
    """The message's one date phrase, put by the model into two date arguments ("days until Christmas"
    as both from and to), stays in the one it fits; the optional other is dropped (its default applies)."""
    if len(text.found) != 1:
        return
    day = text.dates[0].date
    same = [n for n in resolved if _day_of(args, props, n, now) == day]
    if len(same) < 2:
        return
    keep = [n for n in same if n in base]
    if not keep:
        way = direction(text.last, text.found[0][0])
        ends = {"to", "end", "until", "till"} if way == "until" \
            else {"from", "start", "since", "begin"} if way == "since" else set()
        keep = [n for n in same if ends & set(norm(n.replace("_", " ")).split())]
    for name in same:
        if keep and name not in keep and name not in base:
            del args[name], resolved[name]
            dropped.append(name)


def dates_in_order(args: dict[str, Any], resolved: dict[str, str], props: dict[str, Any], text: ConversationText,
                   now: dt.datetime) -> None:
    """The message's dates that no argument holds go, in order, to the date arguments (in the schema's
    order) that hold none of them, when they are as many: "from December 11, 2023 to August 15, 2024"
    with a check-in date the model made up is checked in on December 11."""
    if len(text.found) < 2:  # one date in the whole conversation: `_check_date` puts it right
        return
    # the request's own dates, not an earlier turn's (the same when the request is all the user said)
    found = text.found if text.last == text.said else date_phrases.find(text.last, now)
    if len(found) < 2:
        return
    held, wrong = [], []
    for name in props:
        prop = prop_of(props, name)
        value = args.get(name)
        if not isinstance(value, str) or not is_date_arg(name, prop):
            continue
        said = layouts.read_date(value, layouts.date_pattern(prop), now)
        if said is not None and any(said == w for _, w in found):
            held.append(said)
        else:
            wrong.append(name)
    left = [(phrase, w) for phrase, w in found if w not in held]
    if not wrong or len(wrong) != len(left):
        return
    for name, (phrase, w) in zip(wrong, left, strict=True):
        prop = prop_of(props, name)
        args[name] = layouts.write_date(w, prop.get("format"), layouts.date_pattern(prop))
        resolved[name] = phrase


def strip_dates(args: dict[str, Any], resolved: dict[str, str], props: dict[str, Any], text: ConversationText,
                now: dt.datetime) -> None:
    """Take a resolved date's words out of the other text arguments: the task "call mom tomorrow
    at 5" due tomorrow at 17:00 is the task "call mom"."""
    used = {day for name in resolved if (day := _day_of(args, props, name, now))}
    phrases = [p for p, w in text.found if w.date in used]
    for name, value in list(args.items()):
        if name in resolved or not isinstance(value, str) or is_date_arg(name, prop_of(props, name)):
            continue
        for phrase in phrases:
            cut = re.sub(rf"[\s,]*\b(?:on |by |at |for |due )?{re.escape(phrase)}\b[\s,.]*", " ", value,
                         flags=re.IGNORECASE)
            cut = " ".join(cut.split())
            if cut and cut != value.strip():
                args[name] = value = cut


def _day_of(args: dict[str, Any], props: dict[str, Any], name: str, now: dt.datetime) -> dt.date | None:
    """The day a resolved argument holds, read in the layout its description asks for ("03-11-2022"
    as MM-DD-YYYY), else as words."""
    said = layouts.read_date(str(args[name]), layouts.date_pattern(prop_of(props, name)), now)
    return said.date if said else None
