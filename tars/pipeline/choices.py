"""An argument's choices: the values its schema offers (an enum, or a list its description gives as
all there are), and which of them a message says, so a small model's pick of every choice, or of
one nobody named where the tool has a default, does not stand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tars.pipeline.value_forms import types_of, words_of

__all__ = ["choices_of", "said_choices"]

_DEFAULT = re.compile(r"(?i)\bdefaults?\b")
# a description that lists every value an argument takes: "Can be 'melting', 'freezing' or 'vaporization'",
# "Options: 'miles', 'kilometers'", "either 'summary' or 'full'" (not "such as 'x'", "e.g. 'x'", nor a
# list that goes on: "'single', 'double', etc.")
_LISTED = re.compile(r"(?i)\b(?:can (?:only )?be(?: either| one of)?|options?(?: are| include)?|either|one of|"
                     r"(?:possible|valid|supported|allowed|accepted) values?(?: are| include)?|must be(?: one of)?)"
                     r"\s*:?\s*((?:['\"][^'\"]{1,40}['\"](?:\s*,\s*|\s*,?\s*(?:or|and)\s+)?){2,})")
_GOES_ON = re.compile(r"(?i)\s*,?\s*(?:etc\b|and so on|and more|\.\.\.|…)")
_ITEM = re.compile(r"['\"]([^'\"]{1,40})['\"]")


def choices_of(prop: dict[str, Any]) -> list[Any] | None:
    """The values a string argument takes: its enum, or the values its description lists as all
    there are ("Can be 'melting', 'freezing', 'vaporization'"); None when it names no such set."""
    if isinstance(enum := prop.get("enum"), list):
        return enum
    if "string" not in types_of(prop):
        return None
    found = _LISTED.search(str(prop.get("description") or ""))
    if found is None or _GOES_ON.match(found.string, found.end()):
        return None
    return list(dict.fromkeys(_ITEM.findall(found.group(1))))


def said_choices(prop: dict[str, Any], value: Any, mentioned: Callable[[str], bool]) -> Any:
    """Of a list of a schema's choices, the ones the message mentions, whole or by a word only that
    choice has ("backstage access": "Backstage Pass"): a small model copies the whole enum ("annual
    plants" -> every plant type). A single choice of an argument with a default (declared, or in its
    description) stands only when mentioned: otherwise the default is the tool's, not a guess of the
    model's. Of a list, the choices it mentions that the model left out are added. None when it
    mentions none of them."""
    if isinstance(value, str) and (choices := choices_of(prop)) is not None \
            and ("default" in prop or _DEFAULT.search(str(prop.get("description") or ""))):
        named = [str(c) for c in choices]
        return value if mentioned(value) or any(mentioned(w) for w in _distinct(value, named)) else None
    items = prop.get("items")
    if not isinstance(value, list) or not isinstance(items, dict) or "enum" not in items:
        return value
    if not all(isinstance(v, str) for v in value):
        return value
    choices = [str(c) for c in items["enum"]]
    kept = [v for v in value if mentioned(v) or any(mentioned(w) for w in _distinct(v, choices))]
    # ... and the ones it says that the model left out ("protein, calories and carbs": all three)
    return [*kept, *(c for c in choices if c not in kept and mentioned(c))] if kept else None


def _distinct(choice: str, choices: list[str]) -> list[str]:
    """The words of `choice` no other choice has: "backstage" of "Backstage Pass" beside "Parking Pass"."""
    others = {w for c in choices if c != choice for w in words_of(c)}
    return [w for w in words_of(choice) if w not in others and len(w) > 3]
