"""The tool slash commands of `tars chat`, dispatched as the REPL does, on a real Session."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from servers.openmeteo import OpenMeteoServer
from servers.todoist import TodoistServer

import tars.repl.tool_commands  # noqa: F401 - registers the commands
from tars.config import load_config
from tars.providers.scripted import ScriptedProvider
from tars.repl.commands import CommandContext, CommandError, dispatch
from tars.session import Session
from tars.tools import ToolRegistry
from tars.tools.builtin import builtin_tools


@pytest.fixture
def env(tmp_path):
    (tmp_path / "vault").mkdir()
    with TodoistServer(token="tok-slash-1234") as todo, OpenMeteoServer() as meteo:
        config = load_config(environ={
            "TODOIST_API_TOKEN": "tok-slash-1234", "TARS_TODOIST_URL": todo.api,
            "TARS_OPENMETEO_URL": meteo.url, "TARS_GEOCODING_URL": meteo.url,
            "TARS_NOTES_DIR": str(tmp_path / "vault"), "TARS_MEMORY_DIR": str(tmp_path / "mem"),
            "TARS_MODEL_REMOTE": "none"})
        session = Session(config, primary=ScriptedProvider(["hi"]), tools=ToolRegistry(builtin_tools(config)))
        yield session, todo, meteo, tmp_path


def slash(session, line: str) -> str:
    out = io.StringIO()
    ctx = CommandContext(session=session, console=Console(file=out, width=120, no_color=True))
    try:
        dispatch(ctx, line)
    except CommandError as exc:
        return f"ERROR {exc}"
    return out.getvalue()


def test_todoist_commands(env):
    session, todo, _, _ = env
    todo.add_project("Errands")
    assert "added Buy milk" in slash(session, "/todoist add Buy milk | today #errands p2")
    assert todo.tasks[-1]["priority"] == 3 and todo.tasks[-1]["due"]["string"] == "today"
    todo.add_task("Buy oat milk", due="today")
    listing = slash(session, "/todoist")
    assert "Buy milk" in listing and "Buy oat milk" in listing and "Errands" in listing
    ambiguous = slash(session, "/todoist done milk")
    assert "nothing was completed" in ambiguous and todo.closed == []
    assert "completed" in slash(session, "/todoist done buy oat milk") and len(todo.closed) == 1


def test_weather_command(env):
    session, _, meteo, _ = env
    meteo.current_code = 0
    out = slash(session, "/weather Berlin")
    assert "Berlin" in out and "clear sky" in out
    assert "TARS_PLACE" in slash(session, "/weather") and "TARS_LAT" in slash(session, "/weather")


def test_memory_note_and_search_commands(env):
    session, _, _, tmp = env
    assert "remembered (rule)" in slash(session, "/remember rule: use metric units")
    assert "already remembered" in slash(session, "/remember rule: Use metric units.")
    assert "use metric units" in slash(session, "/memory")
    assert "added to Daily/" in slash(session, "/note fixed the bike brakes")
    assert "fixed the bike brakes" in slash(session, "/note read")
    found = slash(session, "/search bike")
    assert "note" in found and "brakes" in found
    assert "metric" in slash(session, "/search metric")
    assert slash(session, "/memory forget") == "ERROR what should I forget? /memory forget <text>"
    assert "forgot" in slash(session, "/memory forget metric")
    missing = slash(session, "/memory forget zebra")  # the tools a model is told of are commands here
    assert missing.startswith("ERROR") and "memory_recall" not in missing and "/memory" in missing
    assert "TARS_SEARCH_URL" in slash(session, "/search web anything")
    assert slash(session, "/remember rule:").startswith("ERROR what should I remember as a rule?")
    asked = slash(session, "/remember what is my cat called?")  # two tools, one command: said once
    assert asked.startswith("ERROR") and asked.endswith("Answer it with /memory.")


def test_notes_command_lists_the_vault_and_a_folder(env):
    session, _, _, tmp = env
    assert "no notes in the vault" in slash(session, "/notes")
    (tmp / "vault" / "Projects").mkdir()
    (tmp / "vault" / "Projects" / "tars.md").write_text("build it\n")
    (tmp / "vault" / "groceries.md").write_text("milk\n")
    listing = slash(session, "/notes")
    assert "Projects/tars.md" in listing and "groceries.md" in listing
    assert "groceries" not in slash(session, "/notes Projects")
    assert "ERROR" in slash(session, "/notes ../outside")
    assert "added to Daily/" in slash(session, "/note list milk, eggs")  # text for today's note, not a listing
