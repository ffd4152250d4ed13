"""Every built-in tool end to end through a real Session with a scripted model that calls it.

The model asks for a tool, the Session runs it through the registry (validation, policy), the
result goes back as a tool message, and the model's next round sees it and answers from it.
"""

from __future__ import annotations

import json

import pytest
from servers.openmeteo import OpenMeteoServer
from servers.todoist import TodoistServer
from servers.webpages import ARTICLE_FACT, INJECTION, WebServer

from tars.config import load_config
from tars.events import ToolCall
from tars.providers.scripted import ScriptedProvider
from tars.session import Session
from tars.tools import ToolRegistry
from tars.tools.builtin import builtin_tools, context_sections
from tars.tools.policy import policies_from_config


@pytest.fixture(scope="module")
def servers():
    with TodoistServer(token="tok-e2e-123456") as todo, OpenMeteoServer() as meteo, WebServer() as web:
        yield todo, meteo, web


@pytest.fixture
def world(servers, tmp_path):
    todo, meteo, web = servers
    todo.tasks.clear()
    todo.closed.clear()
    (tmp_path / "vault").mkdir()
    config = load_config(environ={
        "TODOIST_API_TOKEN": "tok-e2e-123456", "TARS_TODOIST_URL": todo.api,
        "TARS_OPENMETEO_URL": meteo.url, "TARS_GEOCODING_URL": meteo.url, "TARS_LAT": "38.7", "TARS_LON": "-9.1",
        "TARS_NOTES_DIR": str(tmp_path / "vault"), "TARS_MEMORY_DIR": str(tmp_path / "mem"),
        "TARS_WEB_ALLOW_HOSTS": "127.0.0.1", "TARS_SEARCH_URL": web.url, "TARS_MODEL_REMOTE": "none"})
    return config, todo, meteo, web, tmp_path


def session_for(config, *calls: ToolCall, confirm=None) -> tuple[Session, ScriptedProvider]:
    """A session whose model calls `calls` in one round, then answers with the results it saw."""
    def answer(messages, tools):
        results = [m for m in messages if m.role == "tool"]
        return ["RESULTS " + json.dumps([{"name": m.name, "error": m.is_error, "content": m.content}
                                         for m in results])]

    model = ScriptedProvider([list(calls), answer])
    config = config.replace(primary_tools="all")  # the scripted model calls tools the router did not hint
    session = Session(config, primary=model, tools=ToolRegistry(builtin_tools(config),
                                                                 policies=policies_from_config(config)),
                      confirm=confirm)
    for section in context_sections(config):
        session.add_context(section)
    return session, model


def seen(turn) -> list[dict]:
    return json.loads(turn.text.removeprefix("RESULTS "))


def call(name, **arguments) -> ToolCall:
    return ToolCall(id=f"c-{name}", name=name, arguments=arguments)


def test_todoist_tools_through_the_session(world):
    config, todo, *_ = world
    todo.add_task("Renew passport", due="today", priority=4)
    session, _ = session_for(config, call("todoist_add_task", content="Book dentist", due="tomorrow"),
                             call("todoist_today"), call("todoist_upcoming", days=3))
    turn = session.send("add book dentist tomorrow and show my tasks")
    added, today, upcoming = seen(turn)
    assert not any(r["error"] for r in (added, today, upcoming))
    assert "Book dentist" in added["content"] and "Renew passport" in today["content"]
    assert "Book dentist" in upcoming["content"] and turn.rounds == 2
    assert [r.call_id for r in turn.tool_results] == ["c-todoist_add_task", "c-todoist_today", "c-todoist_upcoming"]


def test_fuzzy_complete_is_refused_without_a_way_to_ask_and_runs_when_confirmed(world):
    config, todo, *_ = world
    task = todo.add_task("Renew passport")
    session, _ = session_for(config, call("todoist_complete_task", text="passport"))
    [result] = seen(session.send("I renewed my passport, tick it off"))
    assert result["error"] and "--yes" in result["content"] and todo.closed == []
    asked = []
    session, _ = session_for(config, call("todoist_complete_task", text="passport"),
                             confirm=lambda tool, c: asked.append(c.arguments) or True)
    [result] = seen(session.send("I renewed my passport, tick it off"))
    assert not result["error"] and asked == [{"text": "passport"}] and todo.closed == [task["id"]]
    task = todo.add_task("Water plants")
    session, _ = session_for(config, call("todoist_complete_task", task_id=task["id"]))
    [result] = seen(session.send("done with the plants"))
    assert not result["error"] and task["id"] in todo.closed


def test_weather_tools_through_the_session(world):
    config, _, meteo, *_ = world
    meteo.current_code = 95
    session, _ = session_for(config, call("weather_now"), call("weather_forecast", location="Berlin", days=2))
    now, forecast = seen(session.send("weather?"))
    assert "thunderstorm" in now["content"] and "Berlin" in forecast["content"]


def test_memory_tools_and_memory_in_the_system_prompt(world):
    config, *_ = world
    session, _ = session_for(config, call("memory_remember", text="My daughter Zoe plays violin"),
                             call("memory_remember", text="Keep answers short", kind="rule"),
                             call("memory_update", old="violin", new="My daughter Zoe plays cello"),
                             call("memory_recall"), call("memory_search", query="Zoe cello"))
    results = seen(session.send("remember things"))
    assert not any(r["error"] for r in results)
    assert "cello" in results[3]["content"] and "[cello]" in results[4]["content"]
    session, model = session_for(config, call("memory_forget", text="Keep answers short"),
                                 confirm=lambda tool, c: True)  # forgetting asks; the user says yes
    session.send("what instrument does Zoe play?")
    system = model.calls[0]["system"]
    assert "Zoe plays cello" in system and "Keep answers short" in system  # memory went into the prompt
    session2, model2 = session_for(config, call("memory_recall"))
    session2.send("anything")
    assert "Keep answers short" not in model2.calls[0]["system"]  # forgotten in the previous turn


def test_note_tools_through_the_session(world):
    config, *_, tmp = world
    vault = tmp / "vault"
    session, _ = session_for(config, call("note_daily", text="Ran 5 km"),
                             call("note_write", path="Projects/garden.md", content="# Garden\nCompost bins"),
                             call("note_append", path="Projects/garden.md", text="Buy seeds"),
                             call("note_read", path="Projects/garden.md"),
                             call("notes_search", query="compost"),
                             call("note_write", path="Projects/garden.md", content="wiped", overwrite=True),
                             call("note_read", path="../../etc/passwd"))
    results = seen(session.send("take notes"))
    assert [r["error"] for r in results] == [False, False, False, False, False, True, True]
    assert "Buy seeds" in results[3]["content"] and "garden.md" in results[4]["content"]
    assert "--yes" in results[5]["content"]  # overwriting asks, and this session cannot ask
    assert (vault / "Projects" / "garden.md").read_text() == "# Garden\nCompost bins\nBuy seeds\n"


def test_web_tools_through_the_session(world):
    config, *_, web, _ = world
    session, _ = session_for(config, call("web_read", url=f"{web.url}/article"),
                             call("web_search", query="lake mead"))
    page, search = seen(session.send("read that page"))
    assert ARTICLE_FACT in page["content"] and INJECTION in page["content"]
    assert "UNTRUSTED WEB CONTENT" in page["content"]
    assert "Lake Mead" in search["content"]
    config_blocked = config.replace(web_allow_hosts="")
    session, _ = session_for(config_blocked, call("web_read", url=f"{web.url}/article"))
    [blocked] = seen(session.send("read it"))
    assert blocked["error"] and "internal address" in blocked["content"]
