"""Follow-ups: "and in bergen?" after a weather question gets the weather tool again, not a model's
copy of the last answer with the new place in it."""

from __future__ import annotations

import json

import pytest

from tars.config import load_config
from tars.pipeline import PipelineProvider
from tars.providers.scripted import ScriptedProvider
from tars.routing.follow_up import is_follow_up
from tars.session import Session
from tars.tools.base import Tool
from tars.tools.registry import ToolRegistry


@pytest.mark.parametrize("message", [
    "and in london?", "what about tomorrow?", "how about 5 miles?", "and times 2?", "now divide it by 4",
    "convert that to weeks", "what's that in miles?", "ok and for paris?", "same for berlin",
    "and new year's day?", "what about easter?", "and new york?", "subtract 100", "square it",
])
def test_a_new_value_for_the_last_request_is_a_follow_up(message):
    assert is_follow_up(message)


@pytest.mark.parametrize("message", [
    "and thanks!", "and another thing, write me a poem", "and what is the capital of france?", "thanks",
    "what about you?", "and you?", "also, can you help me with my essay", "and then?",
    "and then what happened in the story after the dragon came?", "now stop", "and delete it", "how about a joke",
    "and the capital of spain", "what about me", "and hello", "now fix the bug", "what is that", "and cheers",
    "and your name?", "and more?", "and my name is Bob", "now play some music", "and summarize our chat",
    "now let's talk about Rome", "now for something completely different",
])
def test_thanks_new_questions_and_instructions_are_not(message):
    assert not is_follow_up(message)


def _weather(log: list) -> Tool:
    def weather_now(city: str) -> dict:
        log.append(city)
        return {"city": city, "temp_c": 12 if city == "Oslo" else 9, "confirmation": f"{city}: light rain."}

    return Tool(name="weather_now", description="Current weather for a place.", func=weather_now,
                parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                            "additionalProperties": False})


def test_a_follow_up_is_routed_as_the_request_it_carries_on():
    log: list = []
    model = ScriptedProvider([
        [json.dumps({"tool": "weather_now", "args": {"city": "Oslo"}})],
        [json.dumps({"tool": "weather_now", "args": {"city": "Bergen"}})],
        ["You're welcome."],
    ], native_tools=False)
    config = load_config(environ={}).replace(tool_mode="pipeline", primary_tools="all")
    session = Session(config, primary=PipelineProvider(model), tools=ToolRegistry([_weather(log)]))
    assert session.send("what's the weather in Oslo?").text == "Oslo: light rain."
    assert session.route("and in Bergen?").tool_hints == ("weather_now",)
    assert session.send("and in Bergen?").text == "Bergen: light rain."
    assert log == ["Oslo", "Bergen"]  # the tool ran for the new place: no answer was made up
    thanks = session.send("and thanks!")
    assert thanks.text == "You're welcome." and log == ["Oslo", "Bergen"] and model.calls[-1]["tools"] == []


def test_a_short_answer_to_the_question_asked_goes_where_the_request_went():
    """Asked "which place do you mean?", the user's "Lisbon" is the weather's place: the embedded
    model had answered it with "I don't have enough information"."""
    config = load_config(environ={}).replace(primary_tools="all")
    session = Session(config, primary=ScriptedProvider([["Which place do you mean?"], ["It is Friday."]]),
                      tools=ToolRegistry([_weather([])]))
    session.send("what is the weather like?")
    for answer in ("Lisbon", "I live in Lisbon", "paris, france"):
        route = session.route(answer)
        assert route.tool_hints == ("weather_now",) and "an answer to the question asked" in route.reason
    for other in ("tell me a joke", "no", "what day is it?", "never mind", "write a haiku about rain and Lisbon",
                  "thx", "cool", "sorry", "good morning", "lol", "define serendipity", "a limerick",
                  "dinner recipe ideas"):
        assert not session.route(other).needs_tools, other
    session.send("what day is it?")  # answered without a question: nothing is awaited now
    assert not session.route("Lisbon").needs_tools


def test_a_first_message_has_nothing_to_carry_on():
    session = Session(load_config(environ={}), primary=ScriptedProvider([["Hello."]]),
                      tools=ToolRegistry([_weather([])]))
    assert not session.route("and in Bergen?").needs_tools


@pytest.mark.parametrize("message,expression", [
    ("now subtract 100", "540 - 100"), ("and times 2?", "540 * 2"), ("divide that by 4", "540 / 4"),
    ("double it", "540 * 2"), ("what's that plus 10%", "540 + 10%"), ("subtract 100 from it", "540 - 100"),
    ("and divided by 4?", "540 / 4"), ("multiplied by 3", "540 * 3"), ("multiply it by 3", "540 * 3"),
    ("now write a poem", None), ("and in feet?", None), ("what about 20?", None),
])
def test_the_last_result_taken_further(message, expression):
    from tars.tools.calc_requests import continued

    assert continued(message, {"result": 540}) == expression


@pytest.mark.parametrize("message,tool,args", [
    ("thanks! now subtract 100", "calculate", {"expression": "540 - 100"}),
    ("thanks! how many minutes in a week?", "convert_units", {"value": 1, "from_unit": "week", "to_unit": "minutes"}),
    ("Great, thank you. What is 12 times 7?", "calculate", {"expression": "12 times 7"}),
])
def test_thanks_for_the_last_answer_does_not_hide_the_next_request(message, tool, args):
    """The embedded model, handed "thanks! how many minutes in a week?", converted 7 minutes to minutes."""
    from tars.tools.stated import stated_args

    assert stated_args(tool, message, previous={"result": 540}) == args


def test_arithmetic_goes_on_from_the_last_result_without_a_model():
    """After 45 × 12 = 540, "now subtract 100" is 440: the embedded model had taken it as a date
    100 days back."""
    from tars.tools.calc import calc_tools
    from tars.tools.dates import date_tools

    model = ScriptedProvider([], native_tools=False)  # a model call would fail the test: none is scripted
    config = load_config(environ={}).replace(tool_mode="pipeline")
    session = Session(config, primary=PipelineProvider(model), tools=ToolRegistry(calc_tools() + date_tools()))
    assert session.send("what is 45 times 12?").text == "45 × 12 = 540"
    assert session.send("now subtract 100").text == "(45 × 12) - 100 = 440"
    assert session.send("and double it").text == "((45 × 12) - 100) × 2 = 880"
    assert session.send("subtract 880").text == "(((45 × 12) - 100) × 2) - 880 = 0"
    assert model.calls == []


def test_going_on_from_an_expression_loses_nothing_to_rounding_or_signs():
    from tars.tools.calc import calculate
    from tars.tools.calc_requests import continued

    assert calculate(continued("and times 3", calculate("10 / 3")))["result"] == 10  # not 9.99999999999
    assert calculate(continued("and square it", calculate("3 minus 8")))["result"] == 25  # not -25
    assert continued("square it", {"result": -5}) == "(-5) ** 2"


def test_a_chain_of_follow_ups_is_carried_back_to_its_request():
    from tars.tools.units import unit_tools

    model = ScriptedProvider([[json.dumps({"tool": "convert_units",
                                           "args": {"value": 20, "from_unit": "km", "to_unit": "miles"}})]],
                             native_tools=False)
    config = load_config(environ={}).replace(tool_mode="pipeline")
    session = Session(config, primary=PipelineProvider(model), tools=ToolRegistry(unit_tools()))
    assert session.send("convert 10 km to miles").text == "10 kilometres ≈ 6.21371 miles"
    assert session.send("and 20?").text == "20 kilometres ≈ 12.4274 miles"
    assert session.route("what about in feet?").tool_hints == ("convert_units",)  # "and 20?" carries on too
    assert not session.route("and thanks!").needs_tools


@pytest.mark.parametrize("requests,tool,args", [
    (["what day of the week is christmas?", "and new year's day?"], "day_of_week", {"date": "new year's day"}),
    (["what day of the week is christmas?", "and new year's day?", "what about easter?"], "day_of_week",
     {"date": "easter"}),
    (["convert 10 km to miles", "and 20?"], "convert_units", {"value": 20, "from_unit": "km", "to_unit": "miles"}),
    (["how many days until christmas?", "and until new year's eve?"], "days_between", {"to_date": "new year's eve"}),
    (["is 2028 a leap year?", "and 2100?"], "leap_year", {"year": 2100}),
    # the number after the same word ("120 / 15", the model wrote)
    (["what is 15% of 80?", "and of 120?"], "calculate", {"expression": "15% of 120"}),
    (["what is 15% of 80?", "and of 1,200?"], "calculate", {"expression": "15% of 1,200"}),
    # a share for a share: "20% = 0.2" had answered "and 20%?"
    (["what's 15% of 80?", "and 20%?"], "calculate", {"expression": "20% of 80"}),
    (["20% off 80", "and 30 percent?"], "calculate", {"expression": "30 percent off 80"}),
    (["17 times 23", "and in hex?"], "calculate", None),  # no word takes the whole sum's place
    # the request left its day unsaid (today's): the follow-up's day is said after it
    (["what week number is it?", "and on christmas?"], "day_of_week", {"date": "christmas", "week": True}),
    # which of "km" and "miles" "in feet" replaces is not said: the model's
    (["convert 10 km to miles", "what about in feet?"], "convert_units", None),
])
def test_a_follow_up_puts_its_new_value_in_place_of_the_one_it_replaces(requests, tool, args):
    from tars.routing.follow_up import new_value
    from tars.tools.stated import carried_args

    assert carried_args(tool, requests, new_value) == args


def test_a_follow_ups_new_value_is_asked_for_not_the_last_one_again():
    """The embedded model, handed "and new year's day?" alone, called day_of_week for Christmas again."""
    from tars.tools.dates import date_tools

    model = ScriptedProvider([], native_tools=False)  # tars reads every argument: no model call is scripted
    config = load_config(environ={}).replace(tool_mode="pipeline")
    session = Session(config, primary=PipelineProvider(model), tools=ToolRegistry(date_tools()))
    first = session.send("what day of the week is christmas?").text
    assert first.startswith("25 December") and first.endswith("."), first
    assert session.send("and new year's day?").text.startswith("1 January ")
    assert session.send("is 2028 a leap year?").text == "2028 is a leap year (366 days)."
    assert session.send("and 2100?").text == "2100 is not a leap year (365 days)."
    # a request whose cue must end the message: the follow-up goes where it went ("Christmas is on
    # November 25", the model answered alone)
    assert "in week" in session.send("what week number is it?").text
    assert session.send("and on christmas?").text.startswith("25 December ")
    assert session.send("and new year's day?").text.startswith("1 January 2027 is a Friday, in week 53")
    session.send("what week number is it?")
    assert session.route("what about christmas?").tool_hints == ("day_of_week",)
    assert model.calls == []


def test_a_long_chain_and_an_aside_keep_the_request_it_started_from():
    from tars.routing.follow_up import chain
    from tars.tools.calc import calc_tools

    assert chain(["what is 45 times 12?", "thanks!", "now subtract 100"]) == ["what is 45 times 12?",
                                                                               "now subtract 100"]
    assert chain(["and in london?"]) == ["and in london?"]  # nothing before it to carry on
    model = ScriptedProvider([], native_tools=False)
    config = load_config(environ={}).replace(tool_mode="pipeline")
    session = Session(config, primary=PipelineProvider(model), tools=ToolRegistry(calc_tools()))
    session.send("what is 45 times 12?")
    for _ in range(30):  # each step is routed and read by tars: no model call is scripted
        answer = session.send("and double it").text
    assert answer.endswith(f"= {540 * 2 ** 30:,}")


def test_a_follow_up_about_a_file_is_no_pasted_file(tmp_path, monkeypatch):
    from tars.tools.file_info import file_info_tools

    (tmp_path / "app.log").write_text("error: disk full\n")
    (tmp_path / "main.py").write_text("print(1)\n")
    monkeypatch.chdir(tmp_path)
    session = Session(load_config(environ={}).replace(tool_mode="pipeline"),
                      primary=PipelineProvider(ScriptedProvider([], native_tools=False)),
                      tools=ToolRegistry(file_info_tools()))
    assert session.send("summarize app.log").text.startswith("I have not read app.log")
    assert session.route("and main.py?").tool_hints == ("file_info",)


def test_a_follow_up_that_turns_elsewhere_or_that_tars_answers_keeps_its_own_route(tmp_path):
    """"and in python?" after a conversion asks how to code it; "now rename my trip note" is one
    tars answers itself: neither is routed as the request before it."""
    from tars.tools.builtin import builtin_tools

    config = load_config(environ={"TARS_NOTES_DIR": str(tmp_path)}).replace(tool_mode="pipeline")
    session = Session(config, primary=PipelineProvider(ScriptedProvider([], native_tools=False)),
                      tools=ToolRegistry(builtin_tools(config)))
    assert session.send("convert 10 km to miles").text.startswith("10 kilometres ≈ 6.21371 miles")
    assert not session.route("and in python?").needs_tools
    session.send("when is easter?")
    assert not session.route("what about dinner?").needs_tools  # no day: the date tool reads no new value
    assert "none deletes, renames or moves" in session.route("now rename my trip note").told
