"""Optional arguments a message gives: the executor must fill these, since a small model otherwise
leaves out every optional argument ("with a maximum cost of $50" had no `max_cost`).

An optional argument is given when the message says a word of its name ("maximum cost", "include
its statistics" for `include_stats`), a word of one of its choices ("backstage" for the add-on
"Backstage Pass"), or a value its description quotes ("this weekend" for a `time_period` whose
description offers 'weekend'). Grounding still drops a filled value the words do not hold.
"""

from __future__ import annotations

import re
from typing import Any

from tars.pipeline import value_forms as forms
from tars.routing.learned import said_in, stems, words

__all__ = ["mentioned"]

# name words that say how, not what: "include_stats" is named by "statistics", not by "include"
_HOW = frozenset("include includes including enable enabled use show return only allow with is has get".split())
_QUOTED = re.compile(r"""(?<!\w)['"]([^'"]{2,30})['"](?!\w)""")


def mentioned(schema: dict[str, Any], message: str) -> list[str]:
    """The optional arguments of `schema` that `message` gives, in the schema's order."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return []
    required = set(schema.get("required") or ())
    said = stems(message)
    return [name for name, prop in props.items()
            if name not in required and isinstance(prop, dict) and prop.get("type") != "object"
            and _given(name, prop, said)]


def _given(name: str, prop: dict[str, Any], said: frozenset[str]) -> bool:
    named = [w for w in words(" ".join(forms.label_words(name))) if w not in _HOW]
    if any(said_in(word, said) for word in named):
        return True
    items = prop.get("items")
    choices = [*(prop.get("enum") or ()), *((items.get("enum") or ()) if isinstance(items, dict) else ())]
    offered = [str(c) for c in choices] + _QUOTED.findall(str(prop.get("description") or ""))
    return any(w in said for value in offered for w in words(value) if len(w) > 3)
