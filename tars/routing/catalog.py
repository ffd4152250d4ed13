"""The built-in tools as the router knows them when no live tool set is at hand (`tars route`)."""

from __future__ import annotations

from tars.tools.base import Tool

__all__ = ["BUILTIN_TOOLS", "builtin_catalog"]

# name -> (family, one-line description); the real tools live in tars.tools.
BUILTIN_TOOLS: dict[str, tuple[str, str]] = {
    "todoist_add_task": ("tasks", "Add a task to the user's Todoist, with an optional natural-language due date."),
    "todoist_today": ("tasks", "List the user's Todoist tasks due today, plus overdue ones."),
    "todoist_upcoming": ("tasks", "List the user's Todoist tasks due in the next N days."),
    "todoist_complete_task": ("tasks", "Mark a Todoist task done, by id or by its text."),
    "weather_now": ("weather", "Current weather and rain in the next hours for a place."),
    "weather_forecast": ("weather", "Daily weather forecast, plus the rest of today hour by hour."),
    "memory_remember": ("memory", "Remember one short fact, rule or pinned item about the user."),
    "memory_update": ("memory", "Change a remembered item."),
    "memory_forget": ("memory", "Forget one remembered item."),
    "memory_recall": ("memory", "List remembered items, optionally only those about a topic."),
    "memory_search": ("memory", "Full-text search of the memory folder."),
    "note_daily": ("notes", "Add a line to today's daily note, or read it."),
    "note_read": ("notes", "Read a note from the user's notes vault."),
    "note_write": ("notes", "Create a note in the vault."),
    "note_append": ("notes", "Append text to the end of a note in the vault."),
    "notes_search": ("notes", "Full-text search of the user's notes vault."),
    "web_read": ("web", "Fetch a public http(s) web page and return its readable text."),
    "web_search": ("web", "Search the web; returns titles, URLs and snippets of the top results."),
}


def _unavailable(**_: object) -> None:
    raise RuntimeError("catalog entries describe tools for routing; they do not run")


def builtin_catalog() -> list[Tool]:
    """Descriptive stand-ins for the built-in tools (names, families, descriptions; not runnable)."""
    return [Tool(name=n, description=d, family=f, func=_unavailable) for n, (f, d) in BUILTIN_TOOLS.items()]
