"""Requests no tool here does (a timer, a call, music) are answered by tars: it cannot. The
embedded model, asked to set a timer, wrote a paragraph about Unix seconds."""

from __future__ import annotations

import pytest
from asking import ask_json
from servers.ollama import OllamaServer

from tars.config import load_config
from tars.routing import Router
from tars.tools.base import Tool
from tars.tools.builtin import builtin_tools


@pytest.mark.parametrize("message,told", [
    ("set a timer for 10 minutes", "I can't set timers or alarms"), ("can you set an alarm for 7am", "alarms"),
    ("wake me up at 7", "alarms"), ("call mom", "I can't make calls"), ("text my wife that I'm late", "messages"),
    ("send an email to bob about the meeting", "I can't send email"), ("play some music", "music"),
    ("turn off the lights", "devices in your home"), ("can you set a timer for 10 minutes?", "timers"),
])
def test_what_no_tool_does_is_answered_by_tars(router, message, told):
    decision = router.decide(message)
    assert not decision.needs_tools and told in decision.told, decision


@pytest.mark.parametrize("message", [
    "how do I set a timer in python", "write an email to my boss asking for a day off", "play a game with me",
    "call me Sam", "what is a phone call", "set up a cron job to run every 10 minutes",
    # asking what to say, which to choose, or what a phrase means
    "call my landlord about mold, what should I say?", "email my professor asking for an extension, what should I say?",
    "play some music for a wedding, what genres would you recommend?",
    "turn on the fan or the ac, which uses less power?",
    "set my thermostat to 68 or 72 for sleeping?", "make a timer in excel", "call my bluff meaning",
    "wake me up when september ends is by which band?",
])
def test_asking_about_them_or_other_things_is_not(router, message):
    assert router.decide(message).told == ""


def test_a_configured_tool_that_does_it_gets_the_request():
    """An email server's tool (an MCP server, say) is found by the router as usual."""
    email = Tool(name="send_email", description="Send an email message to a recipient.", func=lambda **_: {},
                 parameters={"type": "object", "properties": {"to": {"type": "string"}, "body": {"type": "string"}}})
    decision = Router([*builtin_tools(load_config(environ={})), email]).decide("send an email to bob about the meeting")
    assert decision.told == "" and "send_email" in decision.tool_hints, decision


def test_tars_ask_says_it_cannot_and_asks_no_model():
    with OllamaServer() as ollama:
        ollama.script("Timer set for 10 minutes!")
        out = ask_json("set a timer for 10 minutes", ollama.url)
        assert out["answer"] == "I can't set timers or alarms: I have no tool for that."
        assert ollama.requests_to("/api/chat") == []


def test_an_offered_tool_that_may_do_it_gets_the_request_though_no_cue_names_it():
    """tars never says it has no tool for music while a music tool is offered: a model decides."""
    player = Tool(name="Media_3_PlayMedia", description="Plays the specified track on the designated device.",
                  func=lambda **_: {}, parameters={"type": "object", "properties": {"track": {"type": "string"}}})
    decision = Router([*builtin_tools(load_config(environ={})), player]).decide("play some music")
    assert decision.told == "" and decision.needs_tools and decision.tool_hints == ("Media_3_PlayMedia",), decision
    assert decision.band == "unsure"
    # ... and a tool about something else leaves tars's answer as it was
    alarm = Tool(name="set_alarm", description="Set an alarm for a time.", func=lambda **_: {},
                 parameters={"type": "object", "properties": {"time": {"type": "string"}}})
    assert "music" in Router([alarm]).decide("play some music").told
