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
from tars.tools.units import UnitError, unit

__all__ = ["add_said_choices", "add_said_kind", "add_said_unit", "take_said_defaults", "strip_named"]


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
    the train" for a transport whose default is 'bus'. None or two named, or one that is part of
    another argument's value: the tool's default applies."""
    held = " ".join(v.casefold() for v in args.values() if isinstance(v, str))
    for name in props:
        prop = prop_of(props, name)
        if name in args or name in base or "enum" in prop or "string" not in forms.types_of(prop) \
                or not (default := _default(prop)) or len(default.split()) != 1:
            continue
        usual = learned.stem(default.casefold())
        if not kind_mates(usual) and (measure := _unit_of(default)) is not None:
            usual = measure[1]  # "km" is the kilometre of the units
        named = [w for w in kind_mates(usual) | {usual} if w in text.forms and w not in held]
        if len(named) != 1 or named[0] == usual or _unit_of(named[0]) == _unit_of(usual) is not None:
            continue
        # as the user wrote it: "kilometers", "Celsius"
        written = next((w for w in re.findall(r"[^\W\d_]+", text.said) if learned.stem(w.casefold()) == named[0]), None)
        if written is not None:
            args[name] = written
            if name in dropped:
                dropped.remove(name)


def _unit_of(text: str) -> tuple[str, str] | None:
    try:
        return unit(text)
    except UnitError:
        return None


def add_said_unit(args: dict[str, Any], dropped: list[str], props: dict[str, Any], base: Collection[str],
                  said: str) -> None:
    """Add a left-out unit argument the message measures the other arguments in, where that differs
    from the tool's default: "a radius of 5cm" for a unit whose default is m. Only a unit of the
    default's own measure counts: "15 meters" says nothing of an area's square meters."""
    numbers = {float(v) for v in args.values() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    for name in props:
        prop = prop_of(props, name)
        if name in args or name in base or forms.label_words(name)[-1:] not in (["unit"], ["units"]) or "enum" in prop:
            continue
        if not (default := _default(prop)) or (usual := _unit_of(default)) is None:
            continue
        written = {word: measure for number, word in _MEASURED.findall(said)
                   if float(number) in numbers and (measure := _unit_of(word)) is not None and measure[0] == usual[0]}
        if len(set(written.values())) == 1 and (measure := next(iter(written.values()))) != usual:
            args[name] = next(w for w, m in written.items() if m == measure)
            if name in dropped:
                dropped.remove(name)


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
