"""What tars answers to "what can you do?": what the tools it has now do, and which are not set up.

The embedded model, asked what it can do, said "browsing the internet, playing games, and checking
emails". tars knows its tools, so it says what they do itself: each family's `does`, or a learned
(MCP) family's tool names, and for tools not set up, the setting that would bring them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from tars.routing.family import Family

__all__ = ["capabilities_asked", "capabilities_told"]

_ASKED = re.compile(
    r"^(?:(?:so|and|ok|okay|hey|hi|tars)[,!]?\s+)*(?:what (?:can|could|do) you do(?: for me)?|"
    r"what (?:are you|is tars) (?:able to do|capable of|good at|for)|"
    r"what (?:are )?your (?:capabilities|skills|features|abilities|tools)|what tools (?:do you have|can you use)|"
    r"how can you help(?: me)?|what do you (?:know how to )?do|"
    r"what (?:kinds? of )?(?:things|tasks) can you (?:do|help with)|help)(?:,? (?:tars|exactly|please))?\s*[?.!]*$",
    re.IGNORECASE)

Families = Sequence[tuple[Family, tuple[str, ...]]]


def capabilities_asked(message: str) -> bool:
    """Whether `message` asks what tars can do, and nothing else."""
    return _ASKED.match(" ".join(message.split())) is not None


def _does(family: Family, names: tuple[str, ...]) -> str:
    return family.does or f"use the {family.name} tools ({', '.join(names[:5])}{', …' if len(names) > 5 else ''})"


def capabilities_told(available: Families, missing: Families, why: Mapping[str, str]) -> str:
    """The answer: what the `available` families do, then the `missing` tools and what to set for them."""
    lines = ["Besides answering questions and writing, I can:"]
    lines += [f"- {_does(family, names)}" for family, names in available if names]
    settings: dict[str, list[str]] = {}
    for family, names in missing:
        whole = not any(f.name == family.name for f, _ in available)
        for setting in dict.fromkeys(why.get(name, "") for name in names):
            if setting:
                tools = [n for n in names if why.get(n) == setting]
                settings.setdefault(setting, []).append(_does(family, names) if whole else ", ".join(tools))
    if settings:
        lines.append("Not set up yet:")
        lines += [f"- {', '.join(what)}: {setting}" for setting, what in settings.items()]
    lines.append("In chat, /help lists the commands.")
    return "\n".join(lines)
