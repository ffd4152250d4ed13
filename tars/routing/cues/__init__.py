"""The router's cue tables: the patterns that say a message wants a family of tools.

`personal` holds the user's own data (tasks, memory, notes), `world` the outside world (weather,
web), `shell` running a command, `servers` the well-known kinds of MCP server (time, calendar)
recognised by their vocabulary, `exact` arithmetic, conversions and date arithmetic, `clock` the
time in a place, `folder` what is in the working folder and counts of its files, `distance` how far
apart two places are.
What a family and a cue are is defined in `tars.routing.family`; the router weighs them.
"""

from __future__ import annotations

from tars.routing.cues.clock import CLOCK
from tars.routing.cues.distance import DISTANCE
from tars.routing.cues.exact import EXACT
from tars.routing.cues.folder import FOLDER
from tars.routing.cues.personal import MEMORY, NOTES, TASKS
from tars.routing.cues.shell import SHELL
from tars.routing.cues.world import WEATHER, WEB
from tars.routing.family import Family

__all__ = ["BUILTIN_FAMILIES", "TASKS", "WEATHER", "MEMORY", "NOTES", "WEB", "SHELL", "EXACT", "CLOCK", "FOLDER",
           "DISTANCE"]

# The built-in families, in the order the router considers them.
BUILTIN_FAMILIES: tuple[Family, ...] = (TASKS, WEATHER, MEMORY, NOTES, WEB, SHELL, EXACT, CLOCK, FOLDER, DISTANCE)
