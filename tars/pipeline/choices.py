"""An argument's choices: the values its schema offers (an enum, or a list its description gives as
all there are), and which of them a message says, so a small model's pick of every choice, or of
one nobody named where the tool has a default, does not stand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from tars.pipeline.value_forms import types_of, words_of
from tars.routing.learned import stem

__all__ = ["choices_of", "named_choice", "said_choice", "said_choices"]

_DEFAULT = re.compile(r"(?i)\bdefaults?\b")
# a description that lists every value an argument takes: "Can be 'melting', 'freezing' or 'vaporization'",
# "Options: 'miles', 'kilometers'", "either 'summary' or 'full'" (not "such as 'x'", "e.g. 'x'", nor a
# list that goes on: "'single', 'double', etc.")
_LISTED = re.compile(r"(?i)\b(?:can (?:only )?be(?: either| one of)?|options?(?: are| include)?|either|one of|"
                     r"(?:possible|valid|supported|allowed|accepted) values?(?: are| include)?|must be(?: one of)?)"
                     r"\s*:?\s*((?:['\"][^'\"]{1,40}['\"](?:\s*,\s*|\s*,?\s*(?:or|and)\s+)?){2,})")
# ... or unquoted after a colon or in square brackets ("Possible options: US, AT, DE", "Possible options
# [male, female, other]", "Allows one of following: 5m|15m|1h"),
# or as alternatives joined by bars anywhere ("true|false")
_TOKEN = r"[A-Za-z0-9](?:[\w+\-]|\.(?=\w))*"
_UNQUOTED = re.compile(rf"(?i)\b(?:options?|one of(?: the)? following|(?:possible|valid|supported|allowed|accepted) "
                       rf"values?|choices?)(?: are| include)?\s*(?::\s*|:?\s*\[\s*(?=.*\]))"
                       rf"({_TOKEN}(?:\s*(?:\||,|,?\s*\bor\b)\s*{_TOKEN})+)\s*(?:[.;)\]]|$)")
_BARRED = re.compile(rf"(?<![\w|/])({_TOKEN}(?:\|{_TOKEN})+)(?![\w|/])")
_GOES_ON = re.compile(r"(?i)\s*,?\s*(?:etc\b|and so on|and more|\.\.\.|…)")
_ITEM = re.compile(r"['\"]([^'\"]{1,40})['\"]")
# ... or gives them in brackets after what the argument is: "The mode of transportation (walk, bike,
# transit, drive)", "('Celsius' or 'Fahrenheit')"; a bracket of examples or of a default is no such list,
# nor two parts of one value ("(City, State)", "a tuple of (certificate file, key file)")
_WORDS = r"['\"]?[A-Za-z][A-Za-z\- ]{0,24}['\"]?"
_BRACKETED = re.compile(rf"\(\s*({_WORDS}(?:\s*,\s*{_WORDS})*\s*,?\s*(?:\bor\b|,)\s*{_WORDS})\s*\)")
_NOT_ALL = re.compile(r"(?i)^['\"]?(?:e\.?g|eg|i\.?e|for example|for instance|such as|like|including|optional|"
                      r"default|defaults|see|in|as|etc)\b|\b(?:etc|and so on)\b")
_EXAMPLES = re.compile(r"(?i)\b(?:e\.g|eg|such as|for example|for instance|examples?)\b")
_SEPARATOR = re.compile(r"\s*(?:,\s*(?:or\s+)?|\bor\b)\s*")


def choices_of(prop: dict[str, Any]) -> list[Any] | None:
    """The values a string argument takes: its enum, or the values its description lists as all
    there are ("Can be 'melting', 'freezing', 'vaporization'"); None when it names no such set."""
    if isinstance(enum := prop.get("enum"), list):
        return enum
    if "string" not in types_of(prop):
        return None
    description = str(prop.get("description") or "")
    found = _LISTED.search(description)
    if found is not None and not _GOES_ON.match(found.string, found.end()):
        return list(dict.fromkeys(_ITEM.findall(found.group(1))))
    if (found := _UNQUOTED.search(description) or _BARRED.search(description)) is not None \
            and not _NOT_ALL.search(found.group(1)):
        return list(dict.fromkeys(re.split(r"\s*(?:\||,|,?\s*\bor\b)\s*", found.group(1))))
    for bracket in _BRACKETED.finditer(description):  # a value shown by example is free-form, not a choice
        if not _NOT_ALL.search(bracket.group(1)) and not _EXAMPLES.search(description, 0, bracket.start()):
            items = [item.strip("'\" ") for item in _SEPARATOR.split(bracket.group(1))]
            alternatives = re.search(r"\bor\b", bracket.group(1)) is not None
            if len(items) >= (2 if alternatives else 3) and all(items) and all(len(i.split()) <= 2 for i in items):
                return list(dict.fromkeys(items))
    return None


def named_choice(prop: dict[str, Any], value: Any, named: Callable[[str], bool]) -> Any:
    """The one choice the message writes out, where the model picked one it does not: "the MPN
    identifier" is the search type 'MPN', not 'PartNumber' (whose "part" the message also says)."""
    if not isinstance(value, str) or (choices := choices_of(prop)) is None or named(value):
        return value
    written = [c for c in choices if isinstance(c, str) and named(c)]
    return written[0] if len(written) == 1 else value


def said_choices(prop: dict[str, Any], value: Any, mentioned: Callable[[str], bool],
                 shared: Collection[str] = ()) -> Any:
    """Of a list of a schema's choices, the ones the message mentions, whole or by a word only that
    choice has ("backstage access": "Backstage Pass"): a small model copies the whole enum ("annual
    plants" -> every plant type). A single choice of an argument with a default (declared, or in its
    description) stands only when mentioned: otherwise the default is the tool's, not a guess of the
    model's. Of a list, the choices it mentions that the model left out are added. None when it
    mentions none of them."""
    # a word the description uses for every value ("Facilities and sections") tells no choice apart
    shared = {*shared, *(stem(w) for w in words_of(str(prop.get("description") or "")))}
    if isinstance(value, str) and (choices := choices_of(prop)) is not None \
            and ("default" in prop or _DEFAULT.search(str(prop.get("description") or ""))):
        named = [str(c) for c in choices]
        return value if mentioned(value) or any(mentioned(w) for w in _distinct(value, named, shared)) else None
    items = prop.get("items")
    if not isinstance(value, list) or not isinstance(items, dict) or "enum" not in items:
        return value
    if not all(isinstance(v, str) for v in value):
        return value
    choices = [str(c) for c in items["enum"]]
    kept = [v for v in value if mentioned(v) or any(mentioned(w) for w in _distinct(v, choices, shared))]
    # ... and the ones it says that the model left out ("protein, calories and carbs": all three)
    return [*kept, *(c for c in choices if c not in kept and mentioned(c))] if kept else None


def _distinct(choice: str, choices: list[str], shared: Collection[str] = ()) -> list[str]:
    """The words of `choice` no other choice has: "backstage" of "Backstage Pass" beside "Parking Pass"."""
    others = {w for c in choices if c != choice for w in words_of(c)}
    return [w for w in words_of(choice) if w not in others and len(w) > 3 and stem(w) not in shared]


def said_choice(prop: dict[str, Any], mentioned: Callable[[str], bool], held: Collection[str] = ()) -> str | None:
    """The one choice of an argument the model left out that the message names ("by bike" for a
    mode of walk, bike or transit): None when it names none or two ("walk or bike?"), when that one
    is the default anyway, or when it is part of a value another argument `held` ("the Bike Museum")."""
    said = [c for c in choices_of(prop) or () if isinstance(c, str) and mentioned(c)
            and not any(c.casefold() in h.casefold() for h in held)]
    return said[0] if len(said) == 1 and said[0] != prop.get("default") else None
