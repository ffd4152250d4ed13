"""The built-in tool families, and which of them a tool belongs to.

The cue tables live in `personal_cues` (tasks, memory, notes) and `world_cues` (weather, web);
`family` defines what a family is. MCP tools of a known kind (a weather server) join these.
"""

from __future__ import annotations

from tars.routing.family import Cue, Family
from tars.routing.personal_cues import MEMORY, NOTES, TASKS
from tars.routing.world_cues import WEATHER, WEB

__all__ = ["Cue", "Family", "BUILTIN_FAMILIES", "builtin_family_of", "TASKS", "WEATHER", "MEMORY", "NOTES", "WEB"]

BUILTIN_FAMILIES: tuple[Family, ...] = (TASKS, WEATHER, MEMORY, NOTES, WEB)


def builtin_family_of(name: str, family: str | None, words: set[str]) -> Family | None:
    """The built-in family a tool belongs to: by its `family`, its name prefix, then its name's words."""
    for fam in BUILTIN_FAMILIES:
        if family and family.lower() in fam.names:
            return fam
    if family:  # an explicit family that is not ours is a learned one
        return None
    for fam in BUILTIN_FAMILIES:
        if name.startswith(fam.prefixes):
            return fam
    for fam in BUILTIN_FAMILIES:
        if words & fam.anchors:
            return fam
    return None
