""""What can you do?" is answered by tars from the tools it has: the embedded model said "browsing
the internet, playing games, and checking emails"."""

from __future__ import annotations

import pytest
from asking import ask_json
from servers.ollama import OllamaServer

from tars.config import load_config
from tars.routing import Router
from tars.tools.base import Tool
from tars.tools.builtin import builtin_tools


def test_what_tars_can_do_is_its_tools_and_what_to_set_for_the_rest():
    told = Router(builtin_tools(load_config(environ={"TARS_NOTES_DIR": "/tmp/notes"}))).decide("what can you do?").told
    assert told.startswith("Besides answering questions and writing, I can:\n")
    assert "- read, write, add to, edit, list and search your notes\n" in told
    assert "- work out arithmetic, unit conversions and date calculations exactly\n" in told
    assert "Not set up yet:\n- add, list and complete your Todoist tasks: set TODOIST_API_TOKEN" in told
    assert "emails" not in told and "games" not in told


def test_an_mcp_servers_tools_are_named_among_them():
    clock = Tool(name="get_current_time", description="Get the current time in a time zone.", func=lambda **_: {},
                 parameters={"type": "object", "properties": {}}, family="time-server")
    told = Router([*builtin_tools(load_config(environ={})), clock]).decide("so what are your capabilities?").told
    assert "get_current_time" in told


@pytest.mark.parametrize("message", ["what can you do?", "help", "How can you help me?", "what tools do you have?",
                                     "what are you capable of?"])
def test_asked_in_the_ways_people_ask(router, message):
    assert router.decide(message).told.startswith("Besides answering")


@pytest.mark.parametrize("message", ["what can you do with python lists?", "help me write a cover letter",
                                     "what can I do about a leaking tap?", "what do you do when you're bored?"])
def test_other_questions_are_not(router, message):
    assert router.decide(message).told == ""


def test_help_with_text_that_came_with_it_is_about_that_text(router):
    assert router.decide("help", attached="```\nTraceback: ZeroDivisionError\n```").told == ""


def test_tars_ask_answers_it_without_a_model():
    with OllamaServer() as ollama:
        ollama.script("I can browse the internet and check your emails.")
        out = ask_json("what can you do?", ollama.url)
        assert out["answer"].startswith("Besides answering questions and writing, I can:")
        assert ollama.requests_to("/api/chat") == []
