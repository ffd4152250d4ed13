"""The state of a large US city, for arguments that ask for "City, State" when a user names only the
city ("Chicago" -> "Chicago, IL"): the largest cities by population, and a few known by another name."""

from __future__ import annotations

__all__ = ["state_of"]

_STATES = {
    "NY": "new york|new york city|nyc|brooklyn|manhattan|buffalo|rochester|albany",
    "CA": "los angeles|san francisco|san diego|san jose|sacramento|oakland|fresno|long beach|palo alto",
    "IL": "chicago", "TX": "houston|dallas|austin|san antonio|fort worth|el paso",
    "AZ": "phoenix|tucson|scottsdale", "PA": "philadelphia|pittsburgh", "FL": "miami|orlando|tampa|jacksonville",
    "WA": "seattle|spokane", "MA": "boston", "CO": "denver|boulder", "GA": "atlanta",
    "DC": "washington dc|washington d.c.", "NV": "las vegas|reno", "MI": "detroit",
    "MN": "minneapolis|saint paul", "MO": "st. louis|kansas city", "TN": "nashville|memphis",
    "NC": "charlotte|raleigh", "OH": "columbus|cleveland|cincinnati", "IN": "indianapolis", "UT": "salt lake city",
    "LA": "new orleans", "MD": "baltimore", "WI": "milwaukee", "OK": "oklahoma city", "KY": "louisville",
    "NM": "albuquerque", "HI": "honolulu", "AK": "anchorage", "NJ": "newark|jersey city", "VA": "virginia beach",
}
_STATE_OF = {city: state for state, cities in _STATES.items() for city in cities.split("|")}


def state_of(city: str) -> str | None:
    """The two-letter state of a large US city named alone ("Seattle" -> "WA"), or None."""
    return _STATE_OF.get(" ".join(city.lower().split()))
