"""Questions about the conversation itself are answered by tars from the conversation: the
embedded model, shown the whole chat, answered "what was my first question?" with a line of its
own system prompt."""

from __future__ import annotations

import pytest

from tars.config import load_config
from tars.providers.scripted import ScriptedProvider
from tars.routing.recap import recap_told
from tars.session import Session
from tars.tools.registry import ToolRegistry


def test_the_first_and_last_questions_come_from_the_conversation_without_a_model():
    model = ScriptedProvider([["Paris."], ["Shakespeare."]])
    session = Session(load_config(environ={}), primary=model, tools=ToolRegistry([]))
    assert session.send("what was my first question?").text == "This is your first message in this conversation."
    session.send("what is the capital of france?")
    session.send("who wrote hamlet?")
    assert session.send("What was my first question?").text == (
        "Your first question was “what is the capital of france?”.")
    assert session.send("what did I just ask you?").text == "Your last message was “who wrote hamlet?”."
    assert session.send("what have I asked so far?").text == (
        "So far you asked:\n1. “what is the capital of france?”\n2. “who wrote hamlet?”")
    assert session.send("what was my third question?").text == "You have sent 2 messages before this one."
    assert session.send("what did I ask before that?").text == (
        "Before that, your message was “what is the capital of france?”.")
    assert len(model.calls) == 2  # only the two real questions reached the model


def test_before_that_with_one_request_says_how_many_there_were():
    assert recap_told("what was my question before that?", ["hi"]) == "You have sent 1 message before this one."
    assert recap_told("what did I ask before this?", ["a", "b"]) is None  # "this" one is the last: the model's


@pytest.mark.parametrize("message", [
    "what did I say about my cat?", "what was my first car?", "what was the first question in the exam?",
    "what did i write in my journal yesterday?", "what is my last name?",
    # the questions of a piped quiz, and what the notes hold
    "what is the first question?", "what was the last message?", "what did I write?", "what have I written?",
    "what did I ask before that meeting?",
])
def test_questions_about_other_things_are_not_about_the_conversation(message):
    assert recap_told(message, ["earlier"]) is None


def test_a_long_request_is_quoted_cut_on_one_line():
    told = recap_told("what was my last message?", ["word " * 100 + "\n\nend"])
    assert told is not None and "\n" not in told and told.endswith("…”.") and len(told) < 240


def test_a_question_about_what_came_with_the_message_is_the_models():
    session = Session(load_config(environ={}), primary=ScriptedProvider([["Q1 asks for a date."]]),
                      tools=ToolRegistry([]))
    assert session.route("what was my first question?", attached="```\nQ1. When?\n```").told == ""

