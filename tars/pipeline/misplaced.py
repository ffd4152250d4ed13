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

__all__ = ["add_said_choices", "take_said_defaults", "strip_named"]


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
