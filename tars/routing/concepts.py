"""What a message's words are instances of, for matching learned tools' names: "1940" is a year,
"euros" a currency, "ounces" a unit, "French" a language. A tool is named for the kind
("convert_currency"), a user writes the instance ("20000 Japanese Yen")."""

from __future__ import annotations

import re

from tars.currencies import WORDS

__all__ = ["kinds"]

_KINDS: dict[str, tuple[str, ...]] = {
    "currency": tuple(WORDS),
    "unit": ("ounce", "pound", "teaspoon", "tablespoon", "cup", "gram", "kilogram", "milligram", "liter", "litre",
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
    "language": ("english", "french", "spanish", "german", "italian", "portuguese", "chinese", "mandarin", "japanese",
                 "korean", "russian", "arabic", "hindi", "dutch", "swedish", "greek", "turkish", "polish"),
}
_INSTANCE = {word: kind for kind, words in _KINDS.items() for word in words}
_YEAR = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})s?\b|\bcentur(?:y|ies)\b")
_DATE = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}\b"
                   r"|\b\d{4}-\d{2}-\d{2}\b")


def kinds(text: str, stems: frozenset[str]) -> frozenset[str]:
    """The kinds the message's words (`stems`, of the lower-cased `text`) are instances of."""
    found = {_INSTANCE[s] for s in stems if s in _INSTANCE}
    if _YEAR.search(text):
        found |= {"year", "period"}
    if _DATE.search(text):
        found.add("date")

    return frozenset(found)
