"""Values a small model put in the wrong argument, or left out though the message gives them.

It says one thing twice or in the wrong place: a scale type inside the key ("C sharp major"), the
project inside the task ("call the bank in my Finance project"), or leaves out the mode a message
names ("by bike"). These passes run after each argument has been checked on its own.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from tars.pipeline import value_forms as forms
from tars.pipeline.choices import said_choice
from tars.pipeline.conversation_text import ConversationText, norm
from tars.pipeline.schema_props import prop_of
from tars.routing import learned
from tars.routing.concepts import kind_mates
from tars.tools.units import unit_or_none

__all__ = ["add_said_choices", "add_said_kind", "take_said_defaults", "strip_named"]


def add_said_choices(args: dict[str, Any], dropped: list[str], props: dict[str, Any], base: Collection[str],
                     text: ConversationText) -> bool:
    """Add the optional arguments the model left out that the message makes a choice for (see
    `said_choice`); whether any was added."""
    held = [v for v in args.values() if isinstance(v, str)]
    added = False
    for name in props:
        if name not in args and name not in base \
                and (choice := said_choice(prop_of(props, name), text.says_choice, held)) is not None:
            args[name], added = choice, True
            if name in dropped:
                dropped.remove(name)
    return added


def take_said_defaults(args: dict[str, Any], dropped: list[str], props: dict[str, Any], base: Collection[str],
                       text: ConversationText) -> None:
    """A left-out argument's one-word default, said by the user but written into another argument's
    value, is this argument's: "C sharp major" for the key, beside a scale type whose default is major."""
    for name in props:
        default = prop_of(props, name).get("default")
        if name in args or name in base or not isinstance(default, str) or len(default.split()) != 1 \
                or not text.says_choice(default):
            continue
        for other, value in list(args.items()):
            cut = forms.unrepeated(other, value, {name: default}, (name,))
            if cut != value:
                args[other], args[name] = cut, default
                if name in dropped:
                    dropped.remove(name)


# "Default is m.", "Defaults to 'cm'", "default: km"
_DESCRIBED_DEFAULT = re.compile(r"(?i)\bdefaults?(?:\s+(?:is|to|value is))?\s*:?\s*"
                                r"['\"]?([^'\".,;)]{1,20}?)['\"]?\s*(?:[.,;)]|$)")
# a unit asked for: "in miles", "into Celsius", "to kilometers"
_ASKED_UNIT = re.compile(r"(?i)\b(?:in|into|to)\s+(?:degrees\s+)?([^\W\d_]+)")
# a number with the unit it is measured in: "5cm", "12 meters", "3.5 km"
_MEASURED = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([A-Za-z]+)\b")


def _default(prop: dict[str, Any]) -> str | None:
    """An argument's default: declared, or as its description gives it ("Default is 'bus'.")."""
    if isinstance(default := prop.get("default"), str):
        return default
    found = _DESCRIBED_DEFAULT.search(str(prop.get("description") or ""))
    return found.group(1).strip() if found else None


def add_said_kind(args: dict[str, Any], dropped: list[str], props: dict[str, Any], base: Collection[str],
                  text: ConversationText) -> None:
    """Add a left-out argument the message names another thing of its default's kind for: "through
    the train" for a transport whose default is 'bus', "in miles" for a unit whose default is km.
    None or two named, the default named too, or one that is part of another argument's value: the
    tool's default applies."""
    held = " ".join(v.casefold() for v in args.values() if isinstance(v, str))
    for name in props:
        prop = prop_of(props, name)
        if name in args or name in base or "enum" in prop or "string" not in forms.types_of(prop) \
                or not (default := _default(prop)) or len(default.split()) != 1:
            continue
        # each thing of the default's kind the message names, as the user wrote it ("Train", "kilometers")
        usual: object = unit_or_none(default) or learned.stem(default.casefold())
        named = _units_said(text.said, usual[0]) if isinstance(usual, tuple) else _kind_said(text.said, str(usual))
        named = {kind: word for kind, word in named.items() if word.casefold() not in held}
        if len(named) == 1 and usual not in named:
            args[name] = next(iter(named.values()))
            if name in dropped:
                dropped.remove(name)


def _kind_said(said: str, usual: str) -> dict[object, str]:
    """The things of the kind of `usual` (itself too) the text names, each as first written."""
    kind = kind_mates(usual) | {usual}
    found: dict[object, str] = {}
    for word in re.findall(r"[^\W\d_]+", said):
        if (form := learned.stem(word.casefold())) in kind:
            found.setdefault(form, word)
    return found


def _units_said(said: str, dimension: str) -> dict[object, str]:
    """The units of one dimension the text asks for ("in miles", "into Celsius") or measures in
    ("5cm", "12 meters"), each as first written: "the second car" names no unit of time."""
    words = _ASKED_UNIT.findall(said) + [w for _, w in _MEASURED.findall(said)]
    found: dict[object, str] = {}
    for word in words:
        if (measure := unit_or_none(word)) is not None and measure[0] == dimension:
            found.setdefault(measure, word)
    return found


def strip_named(args: dict[str, Any], resolved: dict[str, str]) -> None:
    """Take an argument named as what it is out of the other text arguments: the task "call the bank
    in my Finance project" in the project Finance is the task "call the bank"."""
    for name, value in list(args.items()):
        if not isinstance(value, str) or not value.strip() or name in resolved:
            continue
        label = r"[\s_-]+".join(map(re.escape, norm(name).split()))
        phrase = rf"[\s,]*\b(?:in|into|to|for|under|on)\s+(?:my|the|our)\s+{re.escape(value.strip())}\s+{label}\b"
        for other, text in list(args.items()):
            if other != name and isinstance(text, str):
                cut = " ".join(re.sub(phrase, " ", text, flags=re.IGNORECASE).split())
                if cut and cut != text.strip():
                    args[other] = cut
