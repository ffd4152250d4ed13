"""The time now in a place, a clock time in one place as the time in another, and how far apart two
places' clocks are.

A small model asked "what time is it in Tokyo?" states some hour with confidence; these tools make
the answer the clock's. Places are found by `tars.tools.zones`.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tars.places import REGIONS
from tars.tools import date_phrases, dates, when
from tars.tools.base import Tool
from tars.tools.zones import ClockError, Zone, find_zone, is_here, known_zone, local_zone

__all__ = ["ClockError", "TIME_DIFFERENCE", "TIME_NOW", "clock_tools", "difference_asked", "now_asked", "time_convert",
           "time_difference", "time_now"]

TIME_DIFFERENCE = "time_difference"  # the tool's name: the pipeline hands it the places the user named
TIME_NOW = "time_now"  # ... and this one's too


def _offset(moment: dt.datetime) -> str:
    """"UTC+09:00", "UTC-03:30", "UTC"."""
    delta = moment.utcoffset() or dt.timedelta(0)
    if not delta:
        return "UTC"
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _zone_note(zone: Zone, moment: dt.datetime) -> str:
    """"Asia/Tokyo, UTC+09:00"; just the offset when that is the zone's name."""
    return _offset(moment) if zone.key in (_offset(moment), "UTC", "Etc/GMT") else f"{zone.key}, {_offset(moment)}"


def _span(minutes: int) -> str:
    """A gap between clocks in words: "9 hours", "5 hours 30 minutes", "45 minutes"."""
    hours, rest = divmod(abs(minutes), 60)
    if not hours:
        return f"{rest} minutes"
    return f"{hours} hour{'s' if hours != 1 else ''}" + (f" {rest} minutes" if rest else "")


def _minutes_apart(there: dt.datetime, here: dt.datetime) -> int:
    zero = dt.timedelta(0)
    return int(((there.utcoffset() or zero) - (here.utcoffset() or zero)).total_seconds() // 60)


def _apart(minutes: int, whom: str = "you") -> str:
    """A gap between clocks in words: "9 hours ahead of you", "the same time as yours"."""
    if minutes == 0:
        return "the same time as yours" if whom == "you" else f"the same time as {whom}"
    return f"{_span(minutes)} {'ahead of' if minutes > 0 else 'behind'} {whom}"


def _gap(there: dt.datetime, here: dt.datetime, whom: str = "you") -> str:
    """How far a place's clock is from another's."""
    return _apart(_minutes_apart(there, here), whom)


def _day(moment: dt.datetime) -> str:
    return f"{moment:%A} {moment.day} {moment:%B %Y}"


def _stamp(moment: dt.datetime) -> str:
    return f"{moment:%H:%M} on {_day(moment)}"


def _caveat(zone: Zone) -> str:
    label = zone.label[:1].upper() + zone.label[1:]
    return f" ({label} has several time zones; this is {zone.key.rsplit('/', 1)[-1].replace('_', ' ')}'s.)" \
        if zone.several else ""


def _places(text: str) -> list[str]:
    """The places a list names ("London, Paris and Tokyo"); a place with its region ("Perth,
    Scotland", "Tokyo, Japan") is one. Nothing to split without an "and"."""
    if " and " not in f" {text} ".lower():
        return []
    parts: list[str] = []
    for chunk in re.split(r"\s+and\s+", text, flags=re.IGNORECASE):
        pieces = [p.strip() for p in chunk.split(",") if p.strip()]
        for at, piece in enumerate(pieces):  # a country or region after a place belongs to it
            if at and (piece.lower() in REGIONS or known_zone(f"{parts[-1]}, {piece}") is not None):
                parts[-1] = f"{parts[-1]}, {piece}"
            else:
                parts.append(piece)
    return parts


def time_now(place: str | None = None, geocoding_url: str | None = None) -> dict[str, Any]:
    here = dates.now()
    parts = _places(place or "")
    if len(parts) > 1 and known_zone(str(place)) is None and all(known_zone(p) for p in parts):
        # "what's the time in London and Paris?": each, in one answer (at most five)
        each = [time_now(p, geocoding_url) for p in parts[:5]]
        more = f" ({len(parts) - 5} more not told: ask for them on their own.)" if len(parts) > 5 else ""
        return {"places": each, "confirmation": " ".join(e["confirmation"] for e in each) + more}
    if is_here(place):
        return {"time": f"{here:%H:%M}", "date": here.date().isoformat(), "weekday": f"{here:%A}",
                "utc_offset": _offset(here), "confirmation": f"It is {_stamp(here)} ({_offset(here)}, your time)."}
    zone = find_zone(str(place), geocoding_url)
    there = here.astimezone(zone.info)
    return {"place": zone.label, "zone": zone.key, "time": f"{there:%H:%M}", "date": there.date().isoformat(),
            "weekday": f"{there:%A}", "utc_offset": _offset(there),
            "confirmation": f"In {zone.label} it is {_stamp(there)} ({_zone_note(zone, there)}), "
                            f"{_gap(there, here)}.{_caveat(zone)}"}


_CLOCK = re.compile(rf"\b{when.CLOCK_TIME}\b", re.IGNORECASE)
_FILLER = frozenset({"in", "at", "on", "the", "time", "of", "for", "local"})


def _split_place(time: str) -> tuple[str, str | None]:
    """A clock time with its place in the same words ("3pm London time", "3pm tomorrow in New York",
    "Tokyo 9am") as (time, place); the words unchanged and no place when nothing is left but the time."""
    text = " ".join(str(time).split())
    clock = _CLOCK.search(text)
    if clock is None:
        return text, None
    parts, days = [], []
    for part in (text[:clock.start()], text[clock.end():]):
        for phrase, _ in date_phrases.find(part, dates.now()):  # "tomorrow", "on friday": the day, not a place
            days.append(phrase)
            part = re.sub(rf"\b{re.escape(phrase)}\b", " ", part, flags=re.IGNORECASE)
        parts.append(" ".join(w for w in part.replace(",", " , ").split() if w.lower() not in _FILLER).strip(" ,"))
    place = next((p.replace(" , ", ", ") for p in reversed(parts) if re.search(r"[^\W\d_]", p)), None)
    if place is None:
        return text, None
    kept = " ".join([text[clock.start():clock.end()], *days]).strip()
    return kept, place


def time_convert(time: str, to_place: str, from_place: str | None = None,
                 geocoding_url: str | None = None) -> dict[str, Any]:
    here = dates.now()
    if is_here(from_place) and known_zone(to_place) is None:  # "London time in New York" in one argument
        source_words, _, target_words = to_place.rpartition(" in ")
        if source_words and known_zone(source_words) is not None and known_zone(target_words) is not None:
            from_place, to_place = source_words, target_words
    if is_here(from_place):
        time, from_place = _split_place(time)
    source = None if is_here(from_place) else find_zone(str(from_place), geocoding_url)
    mine = local_zone(here)
    target = Zone("local", "your time", info=mine) if is_here(to_place) else find_zone(to_place, geocoding_url)
    start_zone = source.info if source is not None else mine
    phrase = " ".join(str(time).lower().split())
    local = here.astimezone(start_zone)
    said = when.moment(phrase, local)
    if said is None or said.time is None:
        raise ClockError(f"cannot read {time!r} as a clock time; write it like 15:00 or 3pm")
    # a clock time alone is today's there, even when it has passed: "3pm London time" is not tomorrow's
    day = local.date() if _CLOCK.fullmatch(phrase) else said.date
    where = source.label if source is not None else "your time zone"
    try:
        start = dt.datetime.combine(day, said.time, start_zone)
        if start.astimezone(dt.UTC).astimezone(start_zone).replace(tzinfo=None) != start.replace(tzinfo=None):
            raise ClockError(f"{start:%H:%M} on {_day(start)} does not exist in {where}: the clocks go "
                             "forward then")
        there = start.astimezone(target.info)
        again = start.replace(fold=1).astimezone(target.info)  # a time the clocks go back over comes twice
    except OverflowError:
        raise ClockError("that time is outside the calendar (years 1 to 9999)") from None
    side = f"in {source.label}" if source is not None else "your time"
    to = "your time" if target.key == "local" else f"in {target.label} ({_zone_note(target, there)})"
    twice = f" {start:%H:%M} comes twice that day in {where} (the clocks go back); the second time it is " \
        f"{again:%H:%M} {'your time' if target.key == 'local' else f'in {target.label}'}." if again != there else ""
    return {"from": {"place": source.label if source else "you", "time": start.isoformat(timespec="minutes")},
            "to": {"place": target.label, "zone": target.key, "time": there.isoformat(timespec="minutes")},
            "confirmation": f"{_stamp(start)} {side} is {_stamp(there)} {to}.{twice}{_caveat(target)}"}


def time_difference(place: str, from_place: str | None = None,
                    geocoding_url: str | None = None) -> dict[str, Any]:
    here = dates.now()
    zone = find_zone(place, geocoding_url)
    base = None if is_here(from_place) else find_zone(str(from_place), geocoding_url)
    whom = base.label if base is not None else "you"
    base_info = base.info if base is not None else local_zone(here)
    there, mine = here.astimezone(zone.info), here.astimezone(base_info)
    minutes = _minutes_apart(there, mine)
    told = (f"{zone.label} ({_zone_note(zone, there)}) is {_gap(there, mine, whom)}"
            f"{f' ({_zone_note(base, mine)})' if base is not None else ''}: it is {there:%H:%M} in {zone.label} "
            f"when it is {mine:%H:%M} {f'in {base.label}' if base is not None else 'for you'}.")
    # summer time moves one clock and not the other for part of the year: how far apart they are then
    others = {_minutes_apart(moment.astimezone(zone.info), moment.astimezone(base_info))
              for moment in (here + dt.timedelta(weeks=week) for week in range(1, 53))} - {minutes}
    if others:
        same_way = all((m > 0) == (minutes > 0) for m in others) and 0 not in others and minutes != 0
        gaps = [_apart(m, whom) if not same_way else _span(m) for m in sorted(others, key=abs, reverse=True)]
        tail = f" {'ahead of' if minutes > 0 else 'behind'} {whom}" if same_way else ""
        told += f" For part of the year (when the clocks change) it is {' or '.join(gaps)}{tail}."
    told = told[:1].upper() + told[1:] + _caveat(zone) + (_caveat(base) if base is not None else "")
    return {"place": zone.label, "from_place": whom, "hours_ahead": minutes / 60, "confirmation": told}


# "the time difference between Tokyo and London", "how many hours ahead is Tokyo from London?",
# "how many hours is Sydney ahead of me?", "is Tokyo ahead of London?"
_PLACE_WORDS = r"[^\W\d_][\w .,'’-]{0,40}?"
_DIFFERENCE_ASKED = tuple(re.compile(p, re.IGNORECASE) for p in (
    rf"\btime difference (?:between|of) (?P<a>{_PLACE_WORDS}) and (?P<b>{_PLACE_WORDS})$",
    rf"\bhow many hours (?:apart|difference) (?:are |is )?(?:there )?(?:between )?(?P<a>{_PLACE_WORDS}) and "
    rf"(?P<b>{_PLACE_WORDS})$",
    rf"\btime difference (?:to|with|from|in|for) (?P<a>{_PLACE_WORDS})$",
    rf"\bhow (?:many hours|far|much) (?:ahead|behind) (?:is|are) (?P<a>{_PLACE_WORDS})"
    rf"(?: (?:from|of|than|compared to|compared with) (?P<b>{_PLACE_WORDS}))?$",
    rf"\bhow many hours (?:is|are) (?P<a>{_PLACE_WORDS}) (?:ahead of|behind|from) (?P<b>{_PLACE_WORDS})$",
    rf"^(?:is|are) (?P<a>{_PLACE_WORDS}) (?:ahead of|behind) (?P<b>{_PLACE_WORDS})$",
))
_CLOSING = re.compile(r"(?:,?\s+(?:right now|now|today|please|exactly))*\s*[?.!]*\s*$", re.IGNORECASE)


# "what's the time in London and Paris?", "what time is it in Tokyo right now?"
_NOW_ASKED = re.compile(rf"^(?:what(?:'s| is) the (?:current |local )?time|what time is it)(?: now| right now)? in "
                        rf"(?P<place>{_PLACE_WORDS}(?:(?:,| and) {_PLACE_WORDS}){{0,4}})$", re.IGNORECASE)


def now_asked(message: str) -> dict[str, Any] | None:
    """time_now's place for "what's the time in London and Paris?", when tars knows each zone
    without looking it up (the embedded model had dropped both places); None otherwise."""
    match = _NOW_ASKED.match(_CLOSING.sub("", " ".join(message.split()), count=1))
    if match is None:
        return None
    place = match["place"].strip(" ,")
    parts = _places(place) or [place]
    return {"place": place} if known_zone(place) or all(known_zone(p) for p in parts) else None


def difference_asked(message: str) -> dict[str, Any] | None:
    """The places a question about two clocks names, when tars knows both zones without looking
    them up; None for a model to read (a place to look up, or any other wording)."""
    text = _CLOSING.sub("", " ".join(message.split()), count=1)
    for pattern in _DIFFERENCE_ASKED:
        if (match := pattern.search(text)) is None:
            continue
        a = match["a"].strip(" ,")
        b = (match.groupdict().get("b") or "").strip(" ,")
        if is_here(a) and b and not is_here(b):  # "between here and Tokyo": how far Tokyo is from here
            a, b = b, ""
        if known_zone(a) is None or not (is_here(b) or b.lower() in ("me", "my time") or known_zone(b)):
            return None
        return {"place": a} if is_here(b) else {"place": a, "from_place": b}
    return None


def clock_tools(config: Any) -> list[Tool]:
    url = config.geocoding_url
    place = {"type": "string", "minLength": 1, "maxLength": 120}
    return [
        Tool(name="time_now", family="clock", func=lambda place=None: time_now(place, url),
             description="The current time and date in a place or time zone (the user's own when none is named).",
             parameters={"type": "object", "additionalProperties": False, "properties": {
                 "place": {**place, "description": "the city, country or time zone the user named (several "
                                                   "joined by 'and' are each told)"}}}),
        Tool(name="time_convert", family="clock",
             func=lambda time, to_place, from_place=None: time_convert(time, to_place, from_place, url),
             description="A clock time in one place (the user's own when none is named) as the time in another.",
             parameters={"type": "object", "additionalProperties": False, "required": ["time", "to_place"],
                         "properties": {
                             "time": {**place, "description": "the clock time as the user wrote it"},
                             "to_place": {**place, "description": "the place or time zone to tell the time in"},
                             "from_place": {**place, "description": "the place or time zone the time is in; "
                                                                    "leave out for the user's own"}}}),
        Tool(name=TIME_DIFFERENCE, family="clock",
             func=lambda place, from_place=None: time_difference(place, from_place, url),
             description="How many hours one place's clock is ahead of or behind another's (the user's own "
                         "when none is named).",
             parameters={"type": "object", "additionalProperties": False, "required": ["place"],
                         "properties": {
                             "place": {**place, "description": "the place whose clock is compared"},
                             "from_place": {**place, "description": "the place it is compared with; leave out "
                                                                    "for the user's own"}}}),
    ]
