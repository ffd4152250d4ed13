"""The state of a large US city, for arguments that ask for "City, State" when a user names only the
city ("Chicago" -> "Chicago, IL"): the largest cities by population, and a few known by another name;
the states by their codes, for places written "City, ST"; the regions that follow a place after a
comma; and the countries most often written in several ways ("the U.S." is "USA")."""

from __future__ import annotations

import re

__all__ = ["country_forms", "country_key", "REGIONS", "state_of", "states_named", "US_STATES"]

# Every state (and DC) by its two-letter code: "Austin, TX" is the Austin in Texas.
US_STATES = {
    "al": "alabama", "ak": "alaska", "az": "arizona", "ar": "arkansas", "ca": "california", "co": "colorado",
    "ct": "connecticut", "de": "delaware", "fl": "florida", "ga": "georgia", "hi": "hawaii", "id": "idaho",
    "il": "illinois", "in": "indiana", "ia": "iowa", "ks": "kansas", "ky": "kentucky", "la": "louisiana",
    "me": "maine", "md": "maryland", "ma": "massachusetts", "mi": "michigan", "mn": "minnesota",
    "ms": "mississippi", "mo": "missouri", "mt": "montana", "ne": "nebraska", "nv": "nevada",
    "nh": "new hampshire", "nj": "new jersey", "nm": "new mexico", "ny": "new york", "nc": "north carolina",
    "nd": "north dakota", "oh": "ohio", "ok": "oklahoma", "or": "oregon", "pa": "pennsylvania",
    "ri": "rhode island", "sc": "south carolina", "sd": "south dakota", "tn": "tennessee", "tx": "texas",
    "ut": "utah", "vt": "vermont", "va": "virginia", "wa": "washington", "wv": "west virginia",
    "wi": "wisconsin", "wy": "wyoming", "dc": "district of columbia",
}
# what follows a place after a comma to say which one it is: "Perth, Scotland", "London, Canada"
REGIONS = frozenset({*US_STATES, *US_STATES.values(), *"""england scotland wales ireland uk usa us canada australia
india pakistan china japan france germany spain italy portugal mexico brazil argentina russia greece turkey egypt
nigeria kenya indonesia philippines vietnam thailand malaysia singapore korea netherlands belgium switzerland austria
sweden norway denmark finland poland ontario quebec""".split(), "united states", "united kingdom", "new zealand",
                     "south africa", "south korea", "british columbia", "new south wales", "victoria"})

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


def states_named(text: str) -> set[str]:
    """The states of the large US cities `text` names, by code and name ("crime in San Francisco"
    gives "ca" and "california"): a tool asking for the state of a city the user named is told it."""
    said = " ".join(re.findall(r"[\w.]+", text.lower()))
    codes = {state.lower() for city, state in _STATE_OF.items()
             if re.search(rf"(?<![\w.]){re.escape(city)}(?!\w)", said)}
    return codes | {US_STATES[code] for code in codes}


# Countries a user and a tool often write differently, each as its written forms (dots dropped and
# lower-cased, as `country_forms` compares them).
_COUNTRIES = (
    ("us", "usa", "united states", "united states of america"),
    ("uk", "united kingdom", "great britain", "britain"),
    ("uae", "united arab emirates"),
    ("nz", "new zealand"),
)


def country_forms(text: str) -> set[str]:
    """Every form of each country `text` names ("in the U.S." gives "usa", "united states", ...).
    Two-letter codes count only when written in capitals ("US", "U.S."), so "us" the word is none."""
    found: set[str] = set()
    shouting = sum(c.isupper() for c in text) > sum(c.islower() for c in text)  # "LET US KNOW": no code
    text = re.sub(r"(?<![\w.])(?:[a-z]\.){2,3}", lambda m: m.group(0).upper(), text)  # "u.s." is "U.S."
    undotted = re.sub(r"\b([A-Za-z])\.(?=[A-Za-z]\b|[A-Za-z]\.)", r"\1", text)  # "U.S.A." -> "USA."
    undotted = re.sub(r"\b([A-Z]{2,3})\.", r"\1", undotted)
    for forms in _COUNTRIES:
        for form in forms:
            if len(form) <= 2:  # "us" is a word too: the code only in capitals (or with dots)
                hit = re.search(rf"(?<![\w.]){form[0].upper()}\.{form[1].upper()}\.?(?!\w)" if shouting
                                else rf"(?<![\w.]){form.upper()}(?![\w])", text if shouting else undotted)
            else:
                hit = re.search(rf"(?<![\w]){form}(?![\w])", undotted, re.IGNORECASE)
            if hit:
                found.update(forms)
                break
    return found


def country_key(value: str) -> str:
    """A value as `country_forms` writes its forms: "U.S.A." -> "usa", "United  States" -> "united states"."""
    return " ".join(value.replace(".", "").lower().split())
