"""Every built-in tool with its default policy and family, and the memory section of the prompt.

`Session.from_config` calls `builtin_tools(config)` and `context_sections(config)`. Building them
is cheap: no network, no heavy imports; the search index opens on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tars.tools.base import Policy, Tool
from tars.tools.note_requests import NOTE_APPEND, NOTE_EDIT, NOTE_READ
from tars.tools.search_index import SearchIndex

__all__ = ["builtin_tools", "context_sections", "memory_store", "vault"]

_KIND = {"type": "string", "enum": ["fact", "rule", "pinned"],
         "description": "fact: about the user and their world; rule: how to behave; pinned: always keep in mind"}


def _index() -> SearchIndex:
    from tars.config import cache_dir

    return SearchIndex(cache_dir() / "search.db")


def memory_folder(config: Any) -> Path:
    """Where memory.md is: TARS_MEMORY_DIR, else the data dir's memory folder."""
    from tars.config import data_dir

    return _folder("TARS_MEMORY_DIR", Path(config.memory_dir)) if config.memory_dir else data_dir() / "memory"


def _folder(setting: str, path: Path) -> Path:
    """A folder the user configured; a file there is a configuration error, said before any tool runs."""
    if path.exists() and not path.is_dir():
        from tars.errors import ConfigError

        raise ConfigError(f"{setting}: {path} is a file, not a folder; point {setting} at a folder")
    return path


def memory_store(config: Any, index: SearchIndex | None = None):
    from tars.tools.memory import MemoryStore

    return MemoryStore(memory_folder(config), index or _index())


def vault(config: Any, index: SearchIndex | None = None):
    from tars.tools.notes import Vault

    folder = config.notes_dir and _folder("TARS_NOTES_DIR", Path(config.notes_dir))
    return Vault(folder, index or _index(), daily_folder=config.daily_folder,
                 daily_format=config.daily_format)


def _obj(props: dict, required: tuple[str, ...] = ()) -> dict:
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": False}


def _text(n: int = 500) -> dict:
    return {"type": "string", "minLength": 1, "maxLength": n}


# the stored line is read later with no conversation around it: a bare "Miso" means nothing then
_WHOLE_FACT = ("the whole fact the user stated, as one sentence that makes sense on its own (a full "
               "sentence, not a bare name); never a question")


def memory_tools(config: Any, index: SearchIndex) -> list[Tool]:
    from tars.tools.memory import MEMORY_RECALL

    mem = memory_store(config, index)
    fam = "memory"
    return [
        Tool(name="memory_remember", family=fam, func=lambda text, kind="fact": mem.remember(text, kind),
             said_by_user=("text",),
             description="Remember one short fact, rule or pinned item about the user for future conversations "
                         "(a new value of something remembered replaces the earlier one).",
             parameters=_obj({"text": {**_text(), "description": _WHOLE_FACT}, "kind": _KIND}, ("text",))),
        Tool(name="memory_update", family=fam, func=lambda old, new, kind=None: mem.update(old, new, kind),
             description="Change a remembered item: `old` quotes it (or enough of it), `new` is the new text.",
             parameters=_obj({"old": _text(), "new": _text(), "kind": _KIND}, ("old", "new"))),
        # forgetting deletes what the user told us: destructive, so it asks
        Tool(name="memory_forget", family=fam, func=lambda text: mem.forget(text), policy="ask",
             description="Forget one remembered item, quoted exactly or by a unique part of it.",
             parameters=_obj({"text": _text()}, ("text",))),
        Tool(name=MEMORY_RECALL, family=fam,
             func=lambda query=None, kind=None: mem.recall(query, kind),
             description="List remembered items, optionally only those about `query` or of one kind.",
             parameters=_obj({"query": _text(200), "kind": _KIND})),
        Tool(name="memory_search", family=fam, func=lambda query, limit=8: mem.search(query, limit),
             description="Full-text search of the memory folder (ranked, with snippets).",
             parameters=_obj({"query": _text(200), "limit": {"type": "integer", "minimum": 1, "maximum": 30}},
                             ("query",))),
    ]


def note_tools(config: Any, index: SearchIndex) -> list[Tool]:
    v = vault(config, index)
    fam = "notes"
    path = {"type": "string", "minLength": 1, "maxLength": 300,
            "description": "the note's path inside the notes vault, as the user named it"}

    def write_policy(arguments: dict) -> Policy:
        """Replacing a note that exists asks first; creating one, overwrite flag or not, does not."""
        return "ask" if arguments.get("overwrite") and v.exists(str(arguments.get("path") or "")) else "auto"

    return [
        Tool(name="note_daily", family=fam, func=lambda text=None: v.daily(text),
             description="Add a line to today's daily note (or read today's note when no text is given).",
             parameters=_obj({"text": _text(5000)})),
        Tool(name=NOTE_READ, family=fam, func=lambda path, show=False: v.read(path, show),
             description="Read a note from the user's notes vault.",
             parameters=_obj({"path": path, "show": {"type": "boolean", "description": "true when the user asked "
                                                                              "to see the note itself"}}, ("path",))),
        Tool(name="note_write", family=fam, policy_for=write_policy,
             func=lambda path, content, overwrite=False: v.write(path, content, overwrite),
             description="Create a note in the vault. Refuses to replace an existing note unless overwrite=true.",
             parameters=_obj({"path": path, "content": {"type": "string", "maxLength": 200000},
                              "overwrite": {"type": "boolean"}}, ("path", "content"))),
        Tool(name=NOTE_APPEND, family=fam, func=lambda path, text: v.append(path, text),
             description="Append text to the end of a note in the vault (created if missing).",
             parameters=_obj({"path": path, "text": _text(20000)}, ("path", "text"))),
        Tool(name=NOTE_EDIT, family=fam, func=lambda path, old, new="": v.edit(path, old, new), policy="ask",
             description="Change or take out text on one line of a note: old becomes new (no new: old is removed, "
                         "with its line when nothing else is on it).",
             parameters=_obj({"path": path, "old": {**_text(500), "description": "the text on the line, as the user "
                                                                               "said it"},
                              "new": {**_text(500), "description": "what it becomes, when the user said"}},
                             ("path", "old"))),
        Tool(name="notes_list", family=fam, func=lambda folder=None: v.listing(folder),
             description="List the notes in the user's notes vault, newest first (or those in one folder of it).",
             parameters=_obj({"folder": {"type": "string", "maxLength": 300,
                                         "description": "a folder inside the vault, when the user names one"}})),
        Tool(name="notes_search", family=fam, func=lambda query, limit=8: v.search(query, limit),
             description="Full-text search of the user's notes vault (ranked, with snippets).",
             parameters=_obj({"query": _text(200), "limit": {"type": "integer", "minimum": 1, "maximum": 30}},
                             ("query",))),
    ]


# What a tool needs configured before it can work: the tool's family (or name), the setting
# that must be set, and the words the listings show when it is not.
_NEEDS: tuple[tuple[str, str, str], ...] = (
    ("tasks", "todoist_api_token", "set TODOIST_API_TOKEN (your Todoist API token)"),
    ("notes", "notes_dir", "set TARS_NOTES_DIR (your notes vault folder)"),
    ("web_search", "search_url", "set TARS_SEARCH_URL (a SearXNG instance with JSON output)"),
)


def builtin_tools(config: Any) -> list[Tool]:
    """Every built-in tool, bound to `config`; one that needs a setting which is not set is
    marked `unavailable` (the registry keeps it from the models and the listings say why)."""
    from tars.tools.calc import calc_tools
    from tars.tools.clock import clock_tools
    from tars.tools.dates import date_tools
    from tars.tools.distance import distance_tools
    from tars.tools.file_info import file_info_tools
    from tars.tools.folder import folder_tools
    from tars.tools.folder_list import folder_list_tools
    from tars.tools.shell import shell_tools
    from tars.tools.todoist import todoist_tools
    from tars.tools.units import unit_tools
    from tars.tools.weather import weather_tools
    from tars.tools.web import web_tools

    index = _index()
    tools = [*todoist_tools(config), *weather_tools(config), *memory_tools(config, index),
             *note_tools(config, index), *web_tools(config), *shell_tools(config),
             *calc_tools(), *unit_tools(), *date_tools(), *clock_tools(config),
             *folder_tools(), *folder_list_tools(), *file_info_tools(),
             *distance_tools(config)]
    for tool in tools:
        for key, setting, why in _NEEDS:
            if key in (tool.family, tool.name) and not getattr(config, setting, None):
                tool.unavailable = why
    return tools


def context_sections(config: Any) -> list[Callable[[str], str | None]]:
    """System-prompt sections computed per turn: relevant memory within TARS_MEMORY_BUDGET."""
    mem = memory_store(config)

    def memory_section(user_text: str) -> str | None:
        try:
            return mem.context(user_text, config.memory_budget)
        except Exception:  # an unreadable memory file must not break a turn
            return None

    return [memory_section]
