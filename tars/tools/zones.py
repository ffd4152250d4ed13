"""Where a place's clock is: the time zone of a city, country, abbreviation or offset, and the user's own.

A place is a time zone ("Asia/Tokyo", "UTC", "PST", "Pacific time"), a city or a country; what the
time zone database and the tables here do not know is looked up with the geocoding service the
weather tools use (`TARS_GEOCODING_URL`), which gives each place's zone.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import unicodedata
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from tars.errors import ToolError
from tars.places import US_STATES
from tars.tools.geocoding import PlaceNotFound, find_place

__all__ = ["ClockError", "Zone", "find_zone", "known_zone", "local_zone", "is_here"]

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
    # names the database gives to other places: Pacific/Samoa is American Samoa's clock, a day behind Samoa's
    "samoa": "Pacific/Apia", "american samoa": "Pacific/Pago_Pago", "san juan": "America/Puerto_Rico",
    "puerto rico": "America/Puerto_Rico", "petersburg": "Europe/Moscow",
    "norfolk island": "Pacific/Norfolk", "chatham islands": "Pacific/Chatham",
}
# the database's islands named like better-known places (Norfolk, Virginia; Chatham, Kent): a bare
# "norfolk" is not taken for the island, but left to the geocoder or asked about
_SHARED_NAMES = frozenset({"norfolk", "chatham"})


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
# ... and old regions named by a direction ("Australia/West"): "in the west" names no clock
_DIRECTIONS = frozenset({"North", "South", "East", "West"})


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
        name = city.replace("_", " ").lower()
        if area and area not in _LEGACY_AREAS and city not in _DIRECTIONS and name not in _SHARED_NAMES:
            cities.setdefault(name, key)
    return cities


class Zone:
    """A place's time zone, with the name to show for the place and a caveat when it has several."""

    def __init__(self, key: str, label: str, several: bool = False, info: dt.tzinfo | None = None) -> None:
        self.info: dt.tzinfo = info if info is not None else ZoneInfo(key)
        self.key, self.label, self.several = key, label, several


# What a model writes for the user's own clock.
_HERE = frozenset({"here", "local", "local time", "my", "my time", "me", "mine", "you", "your", "yours", "now",
                   "my timezone", "my time zone", "my location", "your place", "my place", "where i am",
                   "your location", "your time", "your time zone", "your timezone", "the user", "user"})
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


def known_zone(text: str) -> Zone | None:
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
    if place is not None and region in (*US_STATES, *US_STATES.values()):  # "Austin, TX"; not "Portland, Maine"
        return place if place.key.startswith(_state_zones(US_STATES.get(region, region))) else None
    country = _in_table(region, label) if place is not None else None
    if place is not None and country is not None:  # "Tokyo, Japan"; not "Paris, USA"
        same = place.key.split("/")[0] == country.key.split("/")[0] if country.several else place.key == country.key
        return place if same else None
    return None


_EAST, _CENTRAL, _MOUNTAIN, _PACIFIC = "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"
# The zones (or zone prefixes) of each state that has more than its clock's main one, or another one,
# with the database's other names for them ("America/Fort_Wayne" is Indianapolis's).
_STATE_ZONES: dict[str, tuple[str, ...]] = {
    "florida": (_EAST, _CENTRAL), "michigan": ("America/Detroit", "America/Menominee"),
    "indiana": ("America/Indiana/", "America/Fort_Wayne", "America/Knox_IN", _CENTRAL),
    "kentucky": ("America/Kentucky/", "America/Louisville", _EAST, _CENTRAL),
    "tennessee": (_CENTRAL, _EAST), "texas": (_CENTRAL, _MOUNTAIN), "kansas": (_CENTRAL, _MOUNTAIN),
    "nebraska": (_CENTRAL, _MOUNTAIN), "south dakota": (_CENTRAL, _MOUNTAIN),
    "north dakota": (_CENTRAL, "America/North_Dakota/"), "arizona": ("America/Phoenix",),
    "idaho": ("America/Boise", _PACIFIC), "oregon": (_PACIFIC, "America/Boise"), "alaska": ("America/Anchorage",
    "America/Juneau", "America/Sitka", "America/Nome", "America/Yakutat", "America/Metlakatla", "America/Adak"),
    "hawaii": ("Pacific/Honolulu",),
    **dict.fromkeys(("california", "washington", "nevada"), (_PACIFIC,)),
    **dict.fromkeys(("colorado", "montana", "utah", "wyoming"), (_MOUNTAIN,)),
    "new mexico": (_MOUNTAIN, "America/Shiprock"),
    **dict.fromkeys(("alabama", "arkansas", "illinois", "iowa", "louisiana", "minnesota", "mississippi", "missouri",
                     "oklahoma", "wisconsin"), (_CENTRAL,)),
}


def _state_zones(state: str) -> tuple[str, ...]:
    """The zones a US state's places keep (the rest of the states are on Eastern time)."""
    return _STATE_ZONES.get(state, (_EAST,))


def local_zone(here: dt.datetime) -> dt.tzinfo:
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


def is_here(place: str | None) -> bool:
    return not place or not place.strip() or _plain(place) in _HERE


def find_zone(place: str, geocoding_url: str | None = None) -> Zone:
    """The time zone of `place`: known here, else from the geocoding service; ClockError when neither knows it."""
    place = place.strip()
    if not place:
        raise ClockError("no place given")
    zone = known_zone(place)
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
