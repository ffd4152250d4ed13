"""The time now in a place, and a clock time in one place as the time in another.

A small model asked "what time is it in Tokyo?" states some hour with confidence; these tools make
the answer the clock's. A place is a time zone ("Asia/Tokyo", "UTC", "PST", "Pacific time"), a city
or a country; what the time zone database and the tables here do not know is looked up with the
geocoding service the weather tools use (`TARS_GEOCODING_URL`), which gives each place's zone.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import unicodedata
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from tars.errors import ToolError
from tars.places import US_STATES
from tars.tools import dates, when
from tars.tools.base import Tool
from tars.tools.geocoding import PlaceNotFound, find_place

__all__ = ["ClockError", "Zone", "find_zone", "clock_tools"]


class ClockError(ToolError):
    """A place with no time zone tars can find, or a clock time it cannot read."""


# Abbreviations and regions people say for a zone: the zone whose clock they mean (summer time included).
_SAID: dict[str, str] = {
    "utc": "UTC", "z": "UTC", "zulu": "UTC", "gmt": "Etc/GMT", "universal time": "UTC",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "pt": "America/Los_Angeles",
    "pacific": "America/Los_Angeles", "mst": "America/Denver", "mdt": "America/Denver", "mt": "America/Denver",
    "mountain": "America/Denver", "cst": "America/Chicago", "cdt": "America/Chicago", "ct": "America/Chicago",
    "central": "America/Chicago", "est": "America/New_York", "edt": "America/New_York", "et": "America/New_York",
    "eastern": "America/New_York", "akst": "America/Anchorage", "alaska": "America/Anchorage",
    "hst": "Pacific/Honolulu", "hawaii": "Pacific/Honolulu", "bst": "Europe/London", "wet": "Europe/Lisbon",
    "cet": "Europe/Paris", "cest": "Europe/Paris", "central european": "Europe/Paris",
    "eet": "Europe/Athens", "eest": "Europe/Athens", "msk": "Europe/Moscow", "ist": "Asia/Kolkata",
    "pkt": "Asia/Karachi", "jst": "Asia/Tokyo", "kst": "Asia/Seoul", "hkt": "Asia/Hong_Kong",
    "sgt": "Asia/Singapore", "wib": "Asia/Jakarta", "aest": "Australia/Sydney", "aedt": "Australia/Sydney",
    "acst": "Australia/Adelaide", "awst": "Australia/Perth", "nzst": "Pacific/Auckland",
    "nzdt": "Pacific/Auckland", "brt": "America/Sao_Paulo",
}
# Countries, by the zone of their capital or largest city; those spanning several zones are marked.
_COUNTRIES: dict[str, str] = {
    "japan": "Asia/Tokyo", "china": "Asia/Shanghai", "india": "Asia/Kolkata", "uk": "Europe/London",
    "united kingdom": "Europe/London", "britain": "Europe/London", "great britain": "Europe/London",
    "england": "Europe/London", "scotland": "Europe/London", "wales": "Europe/London",
    "ireland": "Europe/Dublin", "france": "Europe/Paris", "germany": "Europe/Berlin", "spain": "Europe/Madrid",
    "italy": "Europe/Rome", "portugal": "Europe/Lisbon", "netherlands": "Europe/Amsterdam",
    "holland": "Europe/Amsterdam", "belgium": "Europe/Brussels", "switzerland": "Europe/Zurich",
    "austria": "Europe/Vienna", "sweden": "Europe/Stockholm", "norway": "Europe/Oslo",
    "denmark": "Europe/Copenhagen", "finland": "Europe/Helsinki", "poland": "Europe/Warsaw",
    "czechia": "Europe/Prague", "czech republic": "Europe/Prague", "hungary": "Europe/Budapest",
    "greece": "Europe/Athens", "turkey": "Europe/Istanbul", "ukraine": "Europe/Kyiv", "romania": "Europe/Bucharest",
    "israel": "Asia/Jerusalem", "egypt": "Africa/Cairo", "south africa": "Africa/Johannesburg",
    "nigeria": "Africa/Lagos", "kenya": "Africa/Nairobi", "morocco": "Africa/Casablanca",
    "uae": "Asia/Dubai", "united arab emirates": "Asia/Dubai", "saudi arabia": "Asia/Riyadh", "qatar": "Asia/Qatar",
    "iran": "Asia/Tehran", "pakistan": "Asia/Karachi", "bangladesh": "Asia/Dhaka", "nepal": "Asia/Kathmandu",
    "sri lanka": "Asia/Colombo", "thailand": "Asia/Bangkok", "vietnam": "Asia/Ho_Chi_Minh",
    "singapore": "Asia/Singapore", "malaysia": "Asia/Kuala_Lumpur", "philippines": "Asia/Manila",
    "south korea": "Asia/Seoul", "korea": "Asia/Seoul", "taiwan": "Asia/Taipei", "hong kong": "Asia/Hong_Kong",
    "new zealand": "Pacific/Auckland", "iceland": "Atlantic/Reykjavik", "argentina": "America/Argentina/Buenos_Aires",
    "chile": "America/Santiago", "colombia": "America/Bogota", "peru": "America/Lima",
}
_SEVERAL: dict[str, str] = {
    "usa": "America/New_York", "us": "America/New_York", "united states": "America/New_York",
    "america": "America/New_York", "canada": "America/Toronto", "mexico": "America/Mexico_City",
    "brazil": "America/Sao_Paulo", "russia": "Europe/Moscow", "australia": "Australia/Sydney",
    "indonesia": "Asia/Jakarta",
}
# Big cities the time zone database does not name, by the zone city they share a clock with.
_CITIES: dict[str, str] = {
    **dict.fromkeys("san francisco|seattle|las vegas|san diego|san jose|sacramento|portland|palo alto|"
                    "silicon valley|oakland".split("|"), "America/Los_Angeles"),
    **dict.fromkeys("boston|washington dc|washington d c|miami|atlanta|philadelphia|pittsburgh|orlando|baltimore|"
                    "charlotte|nyc|brooklyn|manhattan".split("|"), "America/New_York"),
    **dict.fromkeys("houston|dallas|austin|san antonio|new orleans|minneapolis|st louis|kansas city|nashville|"
                    "memphis".split("|"), "America/Chicago"),
    **dict.fromkeys("salt lake city|albuquerque".split("|"), "America/Denver"),
    **dict.fromkeys("beijing|guangzhou|shenzhen|hangzhou|chengdu".split("|"), "Asia/Shanghai"),
    **dict.fromkeys("mumbai|delhi|new delhi|bangalore|bengaluru|chennai|hyderabad|pune".split("|"), "Asia/Kolkata"),
    **dict.fromkeys("osaka|kyoto|yokohama".split("|"), "Asia/Tokyo"),
    **dict.fromkeys("munich|frankfurt|hamburg|cologne".split("|"), "Europe/Berlin"),
    **dict.fromkeys("barcelona|valencia|seville".split("|"), "Europe/Madrid"),
    **dict.fromkeys("milan|naples|florence|venice".split("|"), "Europe/Rome"),
    **dict.fromkeys("manchester|birmingham|edinburgh|glasgow|liverpool".split("|"), "Europe/London"),
    **dict.fromkeys("lyon|marseille|nice".split("|"), "Europe/Paris"),
    "geneva": "Europe/Zurich", "st petersburg": "Europe/Moscow", "saint petersburg": "Europe/Moscow",
    "rio": "America/Sao_Paulo", "rio de janeiro": "America/Sao_Paulo", "montreal": "America/Toronto",
    "ottawa": "America/Toronto", "calgary": "America/Edmonton", "cape town": "Africa/Johannesburg",
    "abu dhabi": "Asia/Dubai", "hanoi": "Asia/Ho_Chi_Minh", "saigon": "Asia/Ho_Chi_Minh",
    "tel aviv": "Asia/Jerusalem", "canberra": "Australia/Sydney",
}


# "… time", "… standard time", "… time zone" after a place: the place is what comes before
_TIME_WORDS = re.compile(r"\s+(?:standard |daylight )?time(?: ?zone)?$", re.IGNORECASE)


def _plain(text: str) -> str:
    """Lower case, no accents, single spaces, no "the" or "time (zone)" around it: "São Paulo time" -> "sao paulo"."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    text = " ".join(text.replace(".", " ").replace("_", " ").split())
    text = text.removeprefix("the ")
    return _TIME_WORDS.sub("", text).strip(" ?!,")


# Old areas whose "cities" are regions ("Canada/Pacific", "US/Eastern"): the tables here say those.
_LEGACY_AREAS = frozenset({"Etc", "SystemV", "US", "Canada", "Brazil", "Mexico", "Chile"})


@cache
def _zone_keys() -> dict[str, str]:
    """Every zone name of the database, by its lower-case spelling."""
    return {key.lower(): key for key in available_timezones()}


@cache
def _zone_cities() -> dict[str, str]:
    """The database's own cities: "new york" -> America/New_York, "kolkata" -> Asia/Kolkata."""
    cities: dict[str, str] = {}
    for key in sorted(_zone_keys().values()):
        area, _, city = key.rpartition("/")
        if area and area not in _LEGACY_AREAS:
            cities.setdefault(city.replace("_", " ").lower(), key)
    return cities


class Zone:
    """A place's time zone, with the name to show for the place and a caveat when it has several."""

    def __init__(self, key: str, label: str, several: bool = False, info: dt.tzinfo | None = None) -> None:
        self.info: dt.tzinfo = info if info is not None else ZoneInfo(key)
        self.key, self.label, self.several = key, label, several


# What a model writes for the user's own clock.
_HERE = frozenset({"here", "local", "local time", "my", "my time", "me", "mine", "you", "your", "yours", "now",
                   "my timezone", "my time zone", "my location"})
_OFFSET = re.compile(r"^(?:utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d\d))?$")
_ABBREVIATED = frozenset({"uk", "us", "usa", "uae", "nyc", "la", "dc"})


def _label(said: str) -> str:
    """How the answer names a place: as the user wrote it, or capitalised when written all in lower case."""
    if said != said.lower():
        return said
    return " ".join(w.upper() if w in _ABBREVIATED or w in _SAID and len(w) <= 4 else w if w in ("the", "of", "de")
                    else w.capitalize() for w in said.split())


def _in_table(name: str, label: str) -> Zone | None:
    if name in _SEVERAL:
        return Zone(_SEVERAL[name], label, several=True)
    for table in (_CITIES, _SAID, _zone_cities(), _COUNTRIES):
        if name in table:
            return Zone(table[name], label)
    return None


def _known(text: str) -> Zone | None:
    """The zone `text` names, from the database and the tables here; None when they do not know it.
    "Tokyo, Japan" is Tokyo when Japan agrees; "Paris, Texas" is not Paris (the geocoder finds it)."""
    plain = _plain(text)
    key = _zone_keys().get(text.strip().lower())
    if key is not None and "/" in key:
        return Zone(key, key)
    said = " ".join(text.split()).strip(" ?!,")  # the place as the user wrote it is how the answer names it
    said = _TIME_WORDS.sub("", said) or said
    label = _label(said)
    offset = _OFFSET.match(plain)
    if offset:  # "UTC+5", "GMT-03:30"
        sign, hours, minutes = offset.group(1), int(offset.group(2)), int(offset.group(3) or 0)
        if hours > 14 or minutes >= 60:
            return None
        delta = dt.timedelta(hours=hours, minutes=minutes) * (-1 if sign == "-" else 1)
        name = f"UTC{sign}{hours:02d}:{minutes:02d}"
        return Zone(name, name, info=dt.timezone(delta, name))
    for name in dict.fromkeys((plain, plain.removesuffix(" city"))):
        zone = _in_table(name, label)
        if zone is not None:
            return zone
    head, _, region = (part.strip() for part in plain.partition(","))
    place = _in_table(head, label) if region else None
    if place is not None and region in (*US_STATES, *US_STATES.values()):  # "Austin, TX"
        return place if place.key.startswith(("America/", "Pacific/Honolulu")) else None
    country = _in_table(region, label) if place is not None else None
    if place is not None and country is not None:  # "Tokyo, Japan"; not "Paris, USA"
        same = place.key.split("/")[0] == country.key.split("/")[0] if country.several else place.key == country.key
        return place if same else None
    return None


def _local_zone(here: dt.datetime) -> dt.tzinfo:
    """The user's own time zone, summer time included (`TZ`, else /etc/localtime); today's offset when
    neither names one."""
    name = os.environ.get("TZ", "").lstrip(":")
    if not name or "zoneinfo/" in name:  # unset, or a path into the database: its name is after "zoneinfo/"
        target = name or os.path.realpath("/etc/localtime")
        name = target.split("zoneinfo/", 1)[1] if "zoneinfo/" in target else ""
    zone: dt.tzinfo | None
    try:
        if name:
            zone = ZoneInfo(name)
        else:  # /etc/localtime copied rather than linked: read the file itself
            with open("/etc/localtime", "rb") as file:
                zone = ZoneInfo.from_file(file, key="localtime")
    except (OSError, ZoneInfoNotFoundError, ValueError):
        zone = None
    if zone is not None and here.astimezone(zone).utcoffset() == here.utcoffset():
        return zone
    return here.tzinfo or dt.UTC


def _is_here(place: str | None) -> bool:
    return not place or not place.strip() or _plain(place) in _HERE


def find_zone(place: str, geocoding_url: str | None = None) -> Zone:
    """The time zone of `place`: known here, else from the geocoding service; ClockError when neither knows it."""
    place = place.strip()
    if not place:
        raise ClockError("no place given")
    zone = _known(place)
    if zone is not None:
        return zone
    if not geocoding_url:
        raise ClockError(f"no time zone is known for {place!r}; name a city or a zone like Europe/Paris")
    try:
        found = find_place(geocoding_url, place)
    except PlaceNotFound as exc:
        raise ClockError(f"{exc}; name a city, a country or a time zone like Europe/Paris") from None
    if found.timezone is None:
        raise ClockError(f"the geocoding service gave no time zone for {found.label}")
    try:
        return Zone(found.timezone, found.label)
    except (ZoneInfoNotFoundError, ValueError):
        raise ClockError(f"the time zone {found.timezone!r} of {found.label} is not in the time zone "
                         "database") from None


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


def _gap(there: dt.datetime, here: dt.datetime) -> str:
    """How far a place's clock is from the user's: "9 hours ahead of you", "the same as yours"."""
    zero = dt.timedelta(0)
    minutes = int(((there.utcoffset() or zero) - (here.utcoffset() or zero)).total_seconds() // 60)
    if minutes == 0:
        return "the same time as yours"
    hours, rest = divmod(abs(minutes), 60)
    span = f"{hours} hour{'s' if hours != 1 else ''}" + (f" {rest} minutes" if rest else "") if hours \
        else f"{rest} minutes"
    return f"{span} {'ahead of' if minutes > 0 else 'behind'} you"


def _day(moment: dt.datetime) -> str:
    return f"{moment:%A} {moment.day} {moment:%B %Y}"


def _stamp(moment: dt.datetime) -> str:
    return f"{moment:%H:%M} on {_day(moment)}"


def _caveat(zone: Zone) -> str:
    return f" ({zone.label} has several time zones; this is {zone.key.rsplit('/', 1)[-1].replace('_', ' ')}'s.)" \
        if zone.several else ""


def time_now(place: str | None = None, geocoding_url: str | None = None) -> dict[str, Any]:
    here = dates.now()
    if _is_here(place):
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
        for phrase, _ in when.find(part, dates.now()):  # "tomorrow", "on friday": the day, not a place
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
    if _is_here(from_place) and _known(to_place) is None:  # "London time in New York" in one argument
        source_words, _, target_words = to_place.rpartition(" in ")
        if source_words and _known(source_words) is not None and _known(target_words) is not None:
            from_place, to_place = source_words, target_words
    if _is_here(from_place):
        time, from_place = _split_place(time)
    source = None if _is_here(from_place) else find_zone(str(from_place), geocoding_url)
    mine = _local_zone(here)
    target = Zone("local", "your time", info=mine) if _is_here(to_place) else find_zone(to_place, geocoding_url)
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


def clock_tools(config: Any) -> list[Tool]:
    url = config.geocoding_url
    place = {"type": "string", "minLength": 1, "maxLength": 120}
    return [
        Tool(name="time_now", family="clock", func=lambda place=None: time_now(place, url),
             description="The current time and date in a place or time zone (the user's own when none is named).",
             parameters={"type": "object", "additionalProperties": False, "properties": {
                 "place": {**place, "description": "the city, country or time zone the user named"}}}),
        Tool(name="time_convert", family="clock",
             func=lambda time, to_place, from_place=None: time_convert(time, to_place, from_place, url),
             description="A clock time in one place (the user's own when none is named) as the time in another.",
             parameters={"type": "object", "additionalProperties": False, "required": ["time", "to_place"],
                         "properties": {
                             "time": {**place, "description": "the clock time as the user wrote it"},
                             "to_place": {**place, "description": "the place or time zone to tell the time in"},
                             "from_place": {**place, "description": "the place or time zone the time is in; "
                                                                    "leave out for the user's own"}}}),
    ]
