"""How far apart two places are, in a straight line: exact where a small model guesses ("1.5").

Both places are looked up at the geocoding service (`tars.tools.geocoding`), and the distance is
the great-circle one between their coordinates (haversine, mean Earth radius 6371.0088 km). The
answer says it is a straight line: by road, rail or air route it is further, which tars does not know.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tars.tools.base import Tool
from tars.tools.geocoding import find_place

__all__ = ["PLACE_DISTANCE", "PLACE", "NOT_PLACES", "great_circle_km", "place_distance", "distance_tools",
           "places_asked"]

PLACE_DISTANCE = "place_distance"  # the tool's name: the pipeline hands it the two places the user named
EARTH_RADIUS_KM = 6371.0088
KM_PER_MILE = 1.609344

# a place's words, as typed: each capitalised ("New York", "Portland, Maine"), none a joining word
_WORD = r"(?!(?:to|and|from|between|by|in|or|via)\b)[A-ZÀ-Þ][\w.'’-]*"
PLACE = rf"{_WORD}(?:,? {_WORD}){{0,3}}"
# "from Paris to Berlin", "between Paris and Berlin", "how far is Berlin from Paris"
_ASKED = (
    re.compile(rf"\bfrom (?P<a>{PLACE}) to (?P<b>{PLACE})$"),
    re.compile(rf"\bbetween (?P<a>{PLACE}) and (?P<b>{PLACE})$"),
    re.compile(rf"^(?i:how (?:far|many (?:km|kilometers|kilometres|miles)) (?:away )?is) (?P<b>{PLACE}) "
               rf"from (?P<a>{PLACE})$"),
)
# what may close the question without being part of a place: "… to Berlin by car, in miles, please?"
_CLOSING = re.compile(r"(?:,?\s+(?:by (?:car|road|train|rail|plane|air|bike|bicycle|foot|boat|ferry)|"
                      r"in (?:km|kilometers|kilometres|miles)|please|roughly|approximately|exactly|"
                      r"as the crow flies))*\s*[?.!]*\s*$", re.IGNORECASE)
# capitalised words that name no place: days, months, and where a span starts or ends
NOT_PLACES = frozenset("""monday tuesday wednesday thursday friday saturday sunday january february march april may
june july august september october november december today tomorrow yesterday here there home work start finish
end beginning head mean median average i""".split())


def great_circle_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The distance along the Earth's surface between two coordinates, in kilometres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


def place_distance(from_place: str, to_place: str, geocoding_url: str) -> dict[str, Any]:
    start, end = find_place(geocoding_url, from_place), find_place(geocoding_url, to_place)
    km = great_circle_km(start.latitude, start.longitude, end.latitude, end.longitude)
    miles = km / KM_PER_MILE
    shown = f"{km:,.0f} km ({miles:,.0f} miles)" if km >= 10 else f"{km:.1f} km ({miles:.1f} miles)"
    return {"from": start.label, "to": end.label, "km": round(km, 1), "miles": round(miles, 1),
            "confirmation": f"{start.label} to {end.label}: {shown} in a straight line "
                            "(by road, rail or air route it is further)."}


def places_asked(message: str) -> dict[str, Any] | None:
    """The two places a message names as places are written ("how far is it from Paris to
    Berlin by car?"), or None: several trips, or words that name no place, are a model's to read."""
    text = _CLOSING.sub("", message.strip(), count=1)
    if len(re.findall(r"\b(?:from|between)\b", text, re.IGNORECASE)) != 1:
        return None
    for pattern in _ASKED:
        if match := pattern.search(text):
            a, b = match["a"].strip(" ,"), match["b"].strip(" ,")
            if a.lower() != b.lower() and not {a.lower(), b.lower()} & NOT_PLACES:
                return {"from_place": a, "to_place": b}
    return None


def distance_tools(config: Any) -> list[Tool]:
    url = config.geocoding_url
    place = {"type": "string", "minLength": 1, "maxLength": 120}
    return [Tool(
        name=PLACE_DISTANCE, family="distance",
        func=lambda from_place, to_place: place_distance(from_place, to_place, url),
        description="How far apart two places are in a straight line, in kilometres and miles.",
        parameters={"type": "object", "additionalProperties": False, "required": ["from_place", "to_place"],
                    "properties": {"from_place": {**place, "description": "one place, as the user named it"},
                                   "to_place": {**place, "description": "the other place, as the user named it"}}},
    )]
