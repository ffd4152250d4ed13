"""What a message's words are instances of, for matching learned tools' names: "1940" is a year,
"euros" a currency, "ounces" a unit, "French" a language. A tool is named for the kind
("convert_currency"), a user writes the instance ("20000 Japanese Yen")."""

from __future__ import annotations

import re

from tars.currencies import WORDS

__all__ = ["kind_mates", "kinds"]

_KINDS: dict[str, tuple[str, ...]] = {
    "currency": tuple(WORDS),
    "unit": ("ounce", "pound", "teaspoon", "tablespoon", "gram", "kilogram", "milligram", "liter", "litre",
             "milliliter", "gallon", "quart", "pint", "mile", "kilometer", "kilometre", "meter", "metre",
             "centimeter", "inch", "feet", "foot", "yard", "celsius", "fahrenheit", "kelvin", "acre", "hectare"),
    "weather": ("temperature", "humidity", "precipitation", "rain", "snow", "wind", "forecast", "sunny", "cloudy"),
    "sport": ("basketball", "soccer", "football", "baseball", "tennis", "cricket", "hockey", "golf", "rugby",
              "volleyball", "nba", "nfl", "mlb", "nhl", "fifa", "uefa", "olympic", "league"),
    "game": ("match", "tournament", "season"),
    "player": ("athlete",),
    "athlete": ("player",),
    "nutrition": ("protein", "calorie", "carb", "carbohydrate", "fat", "vitamin", "fiber", "fibre", "sugar"),
    "monarch": ("king", "queen", "emperor", "empress", "tsar", "czar", "sultan"),
    "religion": ("christianity", "buddhism", "islam", "judaism", "hinduism", "sikhism", "taoism", "shinto"),
    "winner": ("won", "win", "beat"),
    "event": ("war", "battle", "revolution", "election", "olympics", "treaty"),
    "forecast": ("predict", "prediction", "projection"),
    "artwork": ("sculpture", "painting", "statue", "mural", "fresco"),
    "property": ("house", "villa", "apartment", "condo", "condominium", "townhouse", "bungalow", "cottage"),
    "grocery": ("supermarket",),
    "store": ("supermarket", "shop"),
    "direction": ("route",),
    "transport": ("bus", "train", "car", "bike", "bicycle", "subway", "metro", "tram", "ferry", "plane", "flight",
                  "taxi", "walk", "walking", "driving", "transit"),
    "lawyer": ("attorney",),
    "music": ("song", "melody", "chord", "symphony"),
    "crime": ("convicted", "conviction", "murder", "theft", "fraud", "laundering", "robbery", "burglary"),
    "emission": ("co2",),
    "population": ("people", "resident", "inhabitant", "citizen", "veteran"),
    "array": ("list",),
    "sum": ("add", "plus", "total"),
    "person": ("individual", "people"),
    "language": ("english", "french", "spanish", "german", "italian", "portuguese", "chinese", "mandarin", "japanese",
                 "korean", "russian", "arabic", "hindi", "dutch", "swedish", "greek", "turkish"),
}


def _instances() -> dict[str, frozenset[str]]:
    """Each instance word and its kinds ("pound" is a currency and a unit)."""
    every = {word for words in _KINDS.values() for word in words}
    return {word: frozenset(kind for kind, words in _KINDS.items() if word in words) for word in every}


_INSTANCE = _instances()
_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?"
_YEAR_NUMBER = r"(?:1[0-9]{3}|20[0-9]{2})"
# a number that is a year by its context ("in 1800", "2020-2021", "march 2023"), not any 1000..2099 ("1500 calories")
_YEAR = re.compile(rf"\b(?:in|since|from|until|till|by|during|before|after|between|around|circa|year|{_MONTH})\s+"
                   rf"(?:the\s+)?{_YEAR_NUMBER}s?\b|\b{_YEAR_NUMBER}\s*[-–/]\s*\d{{2,4}}\b|\bcentur(?:y|ies)\b")
_DATE = re.compile(rf"\b{_MONTH} \d{{1,2}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|^(?:when|on what date|what date)\b")

_NUMERAL = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def kind_mates(word: str) -> frozenset[str]:
    """The other instances of the kinds `word` is one of: "train" for "bus" (both transport). A kind
    of fewer than four words is a set of synonyms ("player", "athlete"), no kind of thing."""
    return frozenset(w for kind in _INSTANCE.get(word, ()) if len(_KINDS[kind]) >= 4 for w in _KINDS[kind]) - {word}


def kinds(text: str, stems: frozenset[str]) -> frozenset[str]:
    """The kinds the message's words (`stems`, of the lower-cased `text`) are instances of."""
    found = {kind for s in stems for kind in _INSTANCE.get(s, ())}
    if _YEAR.search(text):
        found |= {"year", "period"}
    if _DATE.search(text):
        found.add("date")
    if _NUMERAL.search(text):  # "the sum of 133 and 34" for `sum_numbers`
        found |= {"number", "integer"}
    return frozenset(found)
