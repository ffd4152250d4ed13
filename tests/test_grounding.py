"""Grounded arguments: dates resolved by tars, no invented values, one question when a detail is missing.

The pipeline runs through a real Session with a scripted model playing router and executor; the
assertions check what the user sees (the question, the tool that ran, the arguments it got).
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from tars.bench.runner import run_case
from tars.bench.suites import load_suite
from tars.config import load_config
from tars.errors import ToolError
from tars.messages import Message
from tars.pipeline import PipelineProvider, prompts, steps
from tars.pipeline.date_layouts import as_value
from tars.pipeline.grounding import Grounds, ground
from tars.pipeline.unnamed_place import placed
from tars.providers.scripted import ScriptedProvider
from tars.routing import Router
from tars.session import Session
from tars.tools.base import Tool
from tars.tools.builtin import builtin_tools, memory_store
from tars.tools.date_phrases import find
from tars.tools.fact_wording import is_question
from tars.tools.registry import ToolRegistry
from tars.tools.search_index import SearchIndex
from tars.tools.when import resolve

NOW = dt.datetime(2026, 11, 25, 14, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))  # a Wednesday


@pytest.mark.parametrize("phrase, iso", [
    ("tomorrow at 5", "2026-11-26 17:00"),
    ("next Friday", "2026-11-27"),
    ("friday at 9am", "2026-11-27 09:00"),
    ("in 3 days", "2026-11-28"),
    ("in two weeks", "2026-12-09"),
    ("tonight", "2026-11-25 20:00"),
    ("this morning", "2026-11-25 09:00"),
    ("at 9", "2026-11-26 09:00"),  # a time alone that has passed today: tomorrow
    ("at 17:30", "2026-11-25 17:30"),
    ("day after tomorrow at noon", "2026-11-27 12:00"),
    ("Wednesday", "2026-12-02"),  # today's weekday named: the next one
    ("next week", "2026-11-30"),
    ("next month", "2026-12-01"),
    ("next year", "2027-01-01"),
    ("this weekend", "2026-11-28"),
    ("next weekend", "2026-12-05"),
    ("by the end of the month", "2026-11-30"),
    ("December 3", "2026-12-03"),
    ("3rd of March", "2027-03-03"),
    ("in 2 hours", "2026-11-25 16:00"),
    ("June 1st, 2023", "2023-06-01"),
    ("March 3rd 2027 at 5pm", "2027-03-03 17:00"),
    ("2026-11-26T07:30:00+01:00", "2026-11-26 07:30"),  # a model's RFC 3339 answer reads back as written
])
def test_relative_dates_resolve_from_a_pinned_clock(phrase, iso):
    when = resolve(phrase, NOW)
    assert when is not None and when.iso() == iso


def test_what_is_not_a_date_is_left_alone():
    assert resolve("every friday", NOW) is None  # a rule for Todoist, not one day
    assert resolve("Lisbon", NOW) is None
    assert find("I have 3 cats and version 5 of the app", NOW) == []
    assert [p for p, _ in find("call mom tomorrow at 5, then pay rent in 3 days", NOW)] == ["tomorrow at 5",
                                                                                              "in 3 days"]


def test_holidays_and_numeric_dates_resolve_and_impossible_days_are_not_dates():
    read = {p: resolve(p, NOW) for p in ("christmas", "last friday", "25/12/2026")}
    assert {p: w.iso() for p, w in read.items() if w} == {
        "christmas": "2026-12-25", "last friday": "2026-11-20", "25/12/2026": "2026-12-25"}
    assert find("buy christmas gifts", NOW) == []  # a holiday is a date only as a whole phrase
    # its year said relative to now, one date ("next year" inside it is no second one)
    assert [(p, w.iso()) for p, w in find("what day of the week is christmas this year?", NOW)] == [
        ("christmas this year", "2026-12-25")]
    assert [(p, w.iso()) for p, w in find("how many days until easter next year", NOW)] == [
        ("easter next year", "2027-03-28")]
    for impossible in ("2027-02-30", "3/4/2027", "in 9000 years", "in 99999999 days"):
        assert resolve(impossible, NOW) is None


def test_values_follow_the_schema_format():
    when = resolve("tomorrow at 5", NOW)
    assert when is not None
    assert as_value(when, "date") == "2026-11-26"
    assert as_value(when, "date-time") == "2026-11-26T17:00:00+01:00"
    assert as_value(when, None) == "2026-11-26 17:00"


# -- checking arguments against the conversation -------------------------------------------------
TASK = {"type": "object", "properties": {
    "content": {"type": "string", "description": "what the task is"},
    "due": {"type": "string"}, "project": {"type": "string"},
    "priority": {"type": "integer"}, "kind": {"type": "string", "enum": ["a", "b"]}},
    "required": ["content"]}


def said(text: str) -> list[Message]:
    return [Message(role="user", content=text)]


def test_an_invented_optional_value_is_dropped_and_the_users_are_kept():
    checked = ground(TASK, {"content": "Buy milk", "project": "Groceries", "priority": 1, "kind": "b"},
                     said("add buy milk to my list"), Grounds(now=NOW))
    assert checked.args == {"content": "Buy milk", "kind": "b"}  # an enum value is a choice, not an invention
    assert sorted(checked.dropped) == ["priority", "project"]
    named = ground(TASK, {"content": "Call the bank", "project": "Finance", "priority": 2},
                   said("call the bank, project finance, priority 2"), Grounds(now=NOW))
    assert named.args == {"content": "Call the bank", "project": "Finance", "priority": 2}
    inside = ground(TASK, {"content": "call the bank in my Finance project", "project": "Finance"},
                    said("Add a task to call the bank in my Finance project"), Grounds(now=NOW))
    assert inside.args["project"] == "Finance"  # named as a project, not an echo of the task


def test_a_code_for_a_name_the_user_wrote_is_theirs_but_not_a_code_for_nothing_they_said():
    stock = {"type": "object", "required": ["symbol"], "properties": {
        "symbol": {"type": "string", "description": "The stock name, in the format of the stock symbol."}}}
    for told, code in (("the latest price of Apple Inc.'s stock", "AAPL"), ("how is Microsoft doing", "MSFT"),
                       ("shares of International Business Machines", "IBM")):
        checked = ground(stock, {"symbol": code}, said(told), Grounds(now=NOW))
        assert checked.args == {"symbol": code} and checked.question is None, told
    assert ground(stock, {"symbol": "TSLA"}, said("the latest price of Apple's stock"), Grounds(now=NOW)
                  ).question is not None
    plain = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
    assert ground(plain, {"name": "MSFT"}, said("look up Microsoft"), Grounds(now=NOW)).question is not None


def test_a_body_that_starts_still_starts_at_zero_not_at_a_number_the_model_used_twice():
    motion = {"type": "object", "required": ["initial_velocity", "acceleration", "time"], "properties": {
        "initial_velocity": {"type": "number"}, "acceleration": {"type": "number"}, "time": {"type": "number"}}}
    still = ground(motion, {"initial_velocity": 9.8, "acceleration": 9.8, "time": 12},
                   said("the speed a car reaches from a standstill after 12 s at 9.8 m/s^2"), Grounds(now=NOW))
    assert still.args == {"initial_velocity": 0, "acceleration": 9.8, "time": 12}
    # a number the user wrote for both stays in both
    moving = ground(motion, {"initial_velocity": 5, "acceleration": 5, "time": 3},
                    said("a car at 5 m/s accelerates at 5 m/s^2 for 3 s"), Grounds(now=NOW))
    assert moving.args == {"initial_velocity": 5, "acceleration": 5, "time": 3}


def test_an_address_is_the_users_or_a_results_never_the_models():
    page = {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}
    invented = ground(page, {"url": "https://www.python.org/downloads/release/python-3.13/"},
                      said("search the web for python 3.13 release notes"), Grounds(now=NOW))
    assert invented.question == "Could you tell me the address of the page you mean?"  # not a guess fetched
    written = ground(page, {"url": "https://example.com/"}, said("read example.com for me"), Grounds(now=NOW))
    assert written.question is None and written.args == {"url": "https://example.com/"}
    for told, invented in (("read example.com", "https://ample.com/"), ("on reddit.com", "https://t.co/x"),
                           ("python.org news", "https://org/"), ("read docs.python.org", "https://python.org/")):
        assert ground(page, {"url": invented}, said(told), Grounds(now=NOW)).question is not None, invented
    www = ground(page, {"url": "https://python.org/about"}, said("see www.python.org"), Grounds(now=NOW))
    assert www.question is None
    found = [Message(role="user", content="search for tars"),
             Message(role="tool", content='[{"url": "https://docs.tars.dev/start"}]', tool_call_id="1"),
             Message(role="user", content="read the first result")]
    assert ground(page, {"url": "https://docs.tars.dev/start"}, found, Grounds(now=NOW)).question is None


def test_a_relative_date_is_resolved_by_tars_and_a_copied_example_date_dropped():
    asked = said("remind me to call mom tomorrow at 5")
    assert ground(TASK, {"content": "call mom", "due": "tomorrow at 5"}, asked, Grounds(now=NOW)).args["due"] == \
        "2026-11-26 17:00"
    # the model got the one date of the message wrong: the user's words win
    assert ground(TASK, {"content": "call mom", "due": "2024-01-01"}, asked, Grounds(now=NOW)).args["due"] == \
        "2026-11-26 17:00"
    copied = ground(TASK, {"content": "Buy milk", "due": "tomorrow 9am"}, said("add buy milk"), Grounds(now=NOW))
    assert "due" not in copied.args and copied.dropped == ["due"]
    assert ground(TASK, {"content": "x", "due": "every friday"}, said("x every friday"),
                  Grounds(now=NOW)).args["due"] == "every friday"


def test_a_relative_date_counts_from_the_day_the_user_says_it_is():
    forecast = {"type": "object", "properties": {"city": {"type": "string"}, "date": {"type": "string"}},
                "required": ["city", "date"]}
    asked = said("What's the weather forecast for Berkeley on the upcoming Saturday? Today is Tuesday April 25th 2023")
    checked = ground(forecast, {"city": "Berkeley", "date": "2023-04-25"}, asked, Grounds(now=NOW))
    assert checked.args["date"] == "2023-04-29"  # the day they said it is is no date they asked about
    tomorrow = said("Find a cleaner in Berkeley available tomorrow, today is 20230929")
    assert ground(forecast, {"city": "Berkeley", "date": "tomorrow"}, tomorrow, Grounds(now=NOW)).args["date"] == \
        "2023-09-30"
    assert Grounds(now=NOW).moment(tomorrow).date() == dt.date(2023, 9, 29)
    assert Grounds(now=NOW).moment(said("today is a good day for Berkeley")) == NOW
    assert Grounds(now=NOW).moment(said("today is tomorrow's yesterday")) == NOW  # no day of the calendar


def test_a_counted_day_followed_by_its_date_is_that_date():
    uv = {"type": "object", "properties": {"location": {"type": "string"},
                                           "date": {"type": "string", "description": "mm-dd-yyyy"}},
          "required": ["location", "date"]}
    asked = said("Give me the UV index for Tokyo for tomorrow, June 1 2023.")
    # the model counted "tomorrow" from the clock; the user said which day it is
    checked = ground(uv, {"location": "Tokyo", "date": "11-26-2026"}, asked, Grounds(now=NOW))
    assert checked.args["date"] == "06-01-2023"
    assert Grounds(now=NOW).moment(said("the forecast for yesterday (Wednesday, May 31, 2023)")).date() == \
        dt.date(2023, 6, 1)
    # a year beside "today" that is no date of the calendar says nothing about the day
    assert Grounds(now=NOW).moment(said("Today, 2023 sales were up")) == NOW
    assert Grounds(now=NOW).moment(said("remind me tomorrow, June 1")) == NOW  # no year: perhaps another June
    # any day counted from today is the dated day set beside it
    show = {"type": "object", "properties": {"show": {"type": "string"}, "date": {"type": "string", "format": "date"}},
            "required": ["show", "date"]}
    for message in ("Book Mamma Mia for next Friday, June 30th 2023", "Mamma Mia this Friday (2023-06-30)",
                    "Mamma Mia on the upcoming Friday, specifically 2023-06-30"):
        assert ground(show, {"show": "Mamma Mia", "date": "2026-11-27"}, said(message), Grounds(now=NOW)).args == \
            {"show": "Mamma Mia", "date": "2023-06-30"}
    # a year that is no date, or a second date of a range, leaves the counted day as it is
    assert ground(show, {"show": "Taxes", "date": "2026-11-27"}, said("Taxes next Friday, 2023 rules"),
                  Grounds(now=NOW)).args["date"] == "2026-11-27"


def test_a_made_up_field_of_a_structure_is_left_out_and_a_made_up_item_drops_the_list():
    request = {"type": "object", "required": ["url", "params"], "properties": {
        "url": {"type": "string"},
        "params": {"type": "object", "properties": {"advisoryId": {"type": "string"}, "ip": {"type": "string"}}}}}
    asked = said("Could you retrieve the recommendation details for the advisory with the identifier 'dac' from "
                 "'https://api.example.com/recommendations'?")
    checked = ground(request, {"url": "https://api.example.com/recommendations",
                               "params": {"advisoryId": "dac", "ip": "2026-11-25 14:00 (UTC)"}}, asked,
                     Grounds(now=NOW))
    assert checked.question is None and checked.args["params"] == {"advisoryId": "dac"}
    cards = {"type": "object", "required": ["rank"], "properties": {
        "rank": {"type": "string"}, "deck": {"type": "array", "items": {
            "type": "object", "properties": {"rank": {"type": "string"}, "suit": {"type": "string"}}}}}}
    dealt = ground(cards, {"rank": "Queen", "deck": [{"rank": "Queen", "suit": "Hearts"},
                                                     {"rank": "Queen", "suit": "Spades"}]},
                   said("What is the chance of drawing a Queen of Hearts?"), Grounds(now=NOW))
    assert dealt.args == {"rank": "Queen"} and dealt.dropped == ["deck"]


def test_a_place_of_the_users_is_the_place_it_is_in():
    route = {"type": "object", "required": ["start_location", "end_location"], "properties": {
        "start_location": {"type": "string"}, "end_location": {"type": "string"}}}
    asked = said("Find the fastest route from my home in San Francisco to the Louvre in Paris")
    checked = ground(route, {"start_location": "my home in San Francisco", "end_location": "the Louvre in Paris"},
                     asked, Grounds(now=NOW))
    assert checked.args == {"start_location": "San Francisco", "end_location": "the Louvre in Paris"}
    # a location keeps the region the user named it with; a city argument is the city alone
    drive = said("Get the shortest driving distance between New York, USA and Miami, USA.")
    assert ground(route, {"start_location": "New York", "end_location": "Miami"}, drive, Grounds(now=NOW)).args == \
        {"start_location": "New York, USA", "end_location": "Miami, USA"}
    listed = said("Find hotels in Paris, London and Rome")
    stay = {"type": "object", "required": ["location"], "properties": {"location": {"type": "string"}}}
    assert ground(stay, {"location": "Paris"}, listed, Grounds(now=NOW)).args == {"location": "Paris"}
    tax = {"type": "object", "required": ["city", "state"], "properties": {
        "city": {"type": "string"}, "state": {"type": "string"}}}
    assert ground(tax, {"city": "Chicago", "state": "Illinois"}, said("sales tax in Chicago, Illinois"),
                  Grounds(now=NOW)).args == {"city": "Chicago", "state": "Illinois"}


def test_a_date_formatted_argument_takes_the_users_date_in_its_format():
    event = {"type": "object", "properties": {"start": {"type": "string", "format": "date-time"},
                                              "day": {"type": "string"}}, "required": ["start"]}
    checked = ground(event, {"start": "2026-11-26T17:00:00+01:00", "day": "Monday"},
                     said("book it for tomorrow at 5, or Monday"), Grounds(now=NOW))
    # a free-text "day" is the user's word, not a date to rewrite
    assert checked.args == {"start": "2026-11-26T17:00:00+01:00", "day": "Monday"}
    unread = ground(event, {"start": "2023-06-01T09:00:00+01:00"}, said("start 06/01/2023 9:00"), Grounds(now=NOW))
    assert unread.question is None  # a date tars cannot read is still the user's, not missing


def test_filler_that_repeats_the_request_is_dropped_and_dates_leave_the_task_text():
    checked = ground(TASK, {"content": "call mom tomorrow at 5", "due": "tomorrow at 5", "priority": 1,
                            "project": "mom", "description": "Remind me to call mom tomorrow at 5"},
                     said("Remind me to call mom tomorrow at 5"), Grounds(now=NOW))
    # "tomorrow" implies one day, not priority 1; the project only echoes the task; the
    # description is the request itself
    assert checked.args == {"content": "call mom", "due": "2026-11-26 17:00"}
    assert sorted(checked.dropped) == ["description", "priority", "project"]


def test_a_date_in_the_users_words_is_kept_beside_another_date_phrase():
    shift = {"type": "object", "properties": {"amount": {"type": "integer"}, "date": {"type": "string"}},
             "required": ["amount"]}
    checked = ground(shift, {"amount": 90, "date": "today"}, said("What's the date 90 days from today?"),
                     Grounds(now=NOW))
    assert checked.args == {"amount": 90, "date": "2026-11-25"}  # today, not 90 days on


def test_numbers_the_words_give_count_as_said():
    upcoming = {"type": "object", "properties": {"days": {"type": "integer"}}}
    assert ground(upcoming, {"days": 14}, said("tasks for the next two weeks"), Grounds(now=NOW)).args == {"days": 14}
    assert ground(upcoming, {"days": 3}, said("tasks for the next three days"), Grounds(now=NOW)).args == {"days": 3}
    assert ground(upcoming, {"days": 7}, said("what's coming up?"), Grounds(now=NOW)).args == {}


def test_a_required_value_the_message_does_not_give_becomes_one_question():
    checked = ground(TASK, {"content": "Reminder"}, said("remind me"), Grounds(now=NOW))
    assert checked.missing == ["content"] and checked.question == "Could you tell me what the task is?"
    rambled = ground(TASK, {"content": "The latest user message is reminding me to remind myself"}, said("remind me"),
                     Grounds(now=NOW))
    assert rambled.missing == ["content"]  # the prompt's labels and the request's verb are not a task
    fact = {"type": "object", "required": ["text", "new"], "properties": {"new": {"type": "string"}, "text": {
        "type": "string", "description": "the whole fact the user stated, as one sentence (never a question)"}}}
    asked = ground(fact, {"text": "The user's default place: Porto", "new": "x"}, said("remember"), Grounds(now=NOW))
    assert asked.question == "Could you tell me the whole fact the user stated and what to use for new?"


def test_a_needed_place_comes_from_the_default_or_is_asked_for():
    weather = {"type": "object", "properties": {"location": {"type": "string"}, "latitude": {"type": "number"},
                                                "longitude": {"type": "number"}},
               "anyOf": [{"required": ["location"]}, {"required": ["latitude", "longitude"]}]}
    asked = ground(weather, {"location": "Paris"}, said("what's the weather?"), Grounds(now=NOW))
    assert asked.question == "Could you tell me which place you mean?"
    filled = ground(weather, {"location": "Paris"}, said("what's the weather?"), Grounds(place="Porto", now=NOW))
    assert filled.args == {"location": "Porto"} and filled.question is None
    named = ground(weather, {"location": "Lisbon"}, said("weather in lisbon?"), Grounds(place="Porto", now=NOW))
    assert named.args == {"location": "Lisbon"}


# -- through a session ---------------------------------------------------------------------------
def J(obj) -> str:
    return json.dumps(obj)


def _task_tool(log: list) -> Tool:
    return Tool(name="todoist_add_task", description="Add a task to the user's Todoist.", parameters=TASK,
                func=lambda **args: log.append(args) or {"status": "added"})


def _session(rounds, tools, grounds):
    config = load_config().replace(tool_mode="pipeline", primary_tools="all")
    provider = ScriptedProvider(rounds, native_tools=False)
    return Session(config, primary=PipelineProvider(provider, grounds=grounds), tools=ToolRegistry(tools)), provider


def test_remind_me_asks_what_to_remind_and_runs_nothing():
    log: list = []
    session, _ = _session([
        [J({"choice": "call_tool", "tool": "todoist_add_task", "question": None})],
        [J({"tool": "todoist_add_task", "args": {"content": "Reminder", "due": "tomorrow 9am"}})],
    ], [_task_tool(log), Tool(name="other", description="Something else.", func=lambda: None)], Grounds(now=NOW))
    assert session.send("remind me").text == "Could you tell me what the task is?"
    assert log == []


def test_invalid_arguments_with_no_task_in_them_ask_for_the_task():
    log: list = []
    ramble = J({"tool": "todoist_add_task", "args": {"content": "remind me", "priority": 9}})  # priority: 1..4
    capped = {**TASK["properties"], "priority": {"type": "integer", "maximum": 4}}
    tool = Tool(name="todoist_add_task", description="Add a task.", func=lambda **args: log.append(args),
                parameters={**TASK, "properties": capped})
    session, _ = _session([[J({"choice": "call_tool", "tool": "todoist_add_task", "question": None})], [ramble],
                           [ramble]], [tool, Tool(name="other", description="Something else.", func=lambda: None)],
                          Grounds(now=NOW))
    assert session.send("remind me").text == "Could you tell me what the task is?"
    assert log == []


def test_the_tool_gets_the_resolved_date_and_no_invented_project():
    log: list = []
    session, model = _session([
        [J({"choice": "call_tool", "tool": "todoist_add_task", "question": None})],
        [J({"tool": "todoist_add_task", "args": {"content": "call mom", "due": "tomorrow at 5",
                                                  "project": "Groceries"}})],
        ["Added."],
    ], [_task_tool(log), Tool(name="other", description="Something else.", func=lambda: None)],
        Grounds(place="Porto", now=NOW))
    session.send("remind me to call mom tomorrow at 5")
    assert log == [{"content": "call mom", "due": "2026-11-26 17:00"}]
    executor = model.calls[1]["system"]
    assert "Now: Wednesday 2026-11-25 14:00" in executor and "UTC+01:00" in executor
    assert '"tomorrow at 5" = 2026-11-26 17:00 (Thursday)' in executor
    assert "Porto" not in executor  # no place to fill in: no line to copy from


def test_the_default_place_is_told_to_a_tool_that_takes_a_place():
    weather = Tool(name="weather_now", description="Current weather for a place.", func=lambda **_: None,
                   parameters={"type": "object", "properties": {"location": {"type": "string"}}})
    model = ScriptedProvider([[J({"tool": "weather_now", "args": {}})]])
    result = steps.execute(model, said("is it raining?"), weather, Grounds(place="Porto", now=NOW))
    assert result.args == {} and result.question is None
    assert "The user's default place: Porto" in model.calls[0]["system"]


def test_enums_and_date_formats_reach_the_decoding_grammar():
    schema = prompts.decoding_schema({"type": "object", "properties": {
        "when": {"type": "string", "format": "date-time"}, "day": {"type": "string", "format": "date"},
        "mail": {"type": "string", "format": "email"}, "unit": {"type": "string", "enum": ["c", "f"]}}})
    props = schema["properties"]
    assert props["when"]["format"] == "date-time" and props["day"]["format"] == "date"
    assert "format" not in props["mail"]  # a format the grammar converters cannot enforce
    assert props["unit"]["enum"] == ["c", "f"]


RIDES = Tool(name="get_rides", description="Find rides between two places.", func=lambda **_: None,
             parameters={"type": "object", "required": ["source", "destination"], "properties": {
                 "source": {"type": "string"}, "destination": {"type": "string"},
                 "max_cost": {"type": "integer", "description": "The maximum cost of the ride."},
                 "when": {"type": "string", "description": "'now', or 'weekend' for the coming weekend."},
                 "add_ons": {"type": "array", "items": {"type": "string", "enum": ["Backstage Pass", "Parking"]}},
                 "include_stats": {"type": "boolean"},
                 "unit": {"type": "string", "description": "The unit of distance, default is 'km'."},
                 "days_ahead": {"type": "integer", "description": "How many days from now to search."}}})


@pytest.mark.parametrize(("message", "given"), [
    ("Find a ride from York to Leeds", []),
    ("Find a ride from York to Leeds with a maximum cost of $50", ["max_cost"]),
    ("Find a ride from York to Leeds this weekend", ["when"]),
    ("A ride from York to Leeds, with backstage access, and include its statistics", ["add_ons", "include_stats"]),
    ("Rides from York to Leeds in the coming month, distances in miles", ["unit", "days_ahead"]),
])
def test_the_executor_must_fill_the_optional_arguments_the_message_gives(message, given):
    # a small model left out every optional argument, "maximum cost of $50" too
    model = ScriptedProvider([[J({"tool": "get_rides", "args": {"source": "York", "destination": "Leeds"}})]])
    steps.execute(model, said(message), RIDES, Grounds(now=NOW))
    args = model.calls[0]["response_schema"]["properties"]["args"]
    assert args["required"] == ["source", "destination", *given]
    assert RIDES.parameters["required"] == ["source", "destination"]  # the tool's own schema is untouched


def test_tool_descriptions_offer_no_values_to_copy(tmp_path):
    config = load_config().replace(notes_dir=tmp_path, memory_dir=tmp_path)
    for tool in builtin_tools(config):
        text = tool.description + json.dumps(tool.parameters)
        assert "e.g." not in text and "tomorrow 9am" not in text and ".md'" not in text, tool.name


# -- recall, never store, a question -------------------------------------------------------------
def test_a_question_is_never_stored_as_a_fact(tmp_path):
    mem = memory_store(load_config().replace(memory_dir=tmp_path), SearchIndex(tmp_path / "i.db"))
    with pytest.raises(ToolError, match="is a question, not something to remember"):
        mem.remember("what do you remember about my cat?")
    assert mem.items() == []
    assert mem.remember("my cat is called Miso")["status"] == "remembered"


@pytest.mark.parametrize("text, asks", [
    ("what do you remember about my cat?", True), ("where do I live", True), ("what's my wife's name", True),
    ("Do you know my birthday", True), ("My cat is called Miso", False), ("When I travel I take the train", False),
    ("I like tea", False),
])
def test_questions_are_told_from_statements(text, asks):
    assert is_question(text) is asks


def test_the_router_offers_recall_not_store_for_a_question(tmp_path):
    router = Router(builtin_tools(load_config().replace(memory_dir=tmp_path)))
    asked = router.decide("what do you remember about my cat?")
    assert asked.family == "memory" and "memory_remember" not in asked.tool_hints
    assert "memory_recall" in asked.tool_hints
    assert router.decide("remember that my cat is called Miso").tool_hints[0] == "memory_remember"


def test_a_router_that_picks_storing_for_a_question_recalls_instead():
    log: list = []
    remember = Tool(name="memory_remember", description="Remember a fact about the user.",
                    parameters={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
                    func=lambda text: log.append(("remember", text)))
    recall = Tool(name="memory_recall", description="List remembered items about a topic.",
                  parameters={"type": "object", "properties": {"query": {"type": "string"}}},
                  func=lambda query=None: log.append(("recall", query)) or {"items": ["The user's cat is Miso."]})
    session, model = _session([
        [J({"choice": "call_tool", "tool": "memory_remember", "question": None})],
        ["Your cat is called Miso."],
    ], [remember, recall], Grounds(now=NOW))
    session.send("what do you remember about my cat?")
    assert log == [("recall", "cat")]  # what it is about, read from the question: no executor step
    assert not any("Tool: memory_recall" in c["system"] for c in model.calls)


# -- the bench ------------------------------------------------------------------------------------
def test_the_suite_pins_the_clock_and_the_default_place():
    cases = {c.id: c for c in load_suite("tars").cases}
    assert cases["grounded-001"].grounds.now == dt.datetime.fromisoformat("2026-11-25T14:00:00+00:00")
    assert cases["grounded-001"].grounds.place == "Porto" and cases["grounded-015"].grounds.place is None
    assert sum(c.id.startswith("grounded-") for c in cases.values()) >= 20


def test_the_bench_scores_a_missing_required_argument_as_clarify_and_resolves_dates():
    cases = {c.id: c for c in load_suite("tars").cases}
    remind = ScriptedProvider([[J({"choice": "call_tool", "tool": "todoist_add_task", "question": None})],
                               [J({"tool": "todoist_add_task", "args": {"content": "remind me"}})]])
    row = run_case(remind, cases["grounded-014"], "pipeline")
    assert row["outcome"] == "clarify" and row["tool_correct"]
    call = {"content": "call mom", "due": "tomorrow at 5"}
    dated = ScriptedProvider([[J({"choice": "call_tool", "tool": "todoist_add_task", "question": None})],
                              [J({"tool": "todoist_add_task", "args": call})]])
    row = run_case(dated, cases["grounded-001"], "pipeline")
    assert row["args"]["due"] == "2026-11-26 17:00" and row["args_correct"]


def test_a_fact_the_model_rewrote_is_kept_in_the_users_own_words(tmp_path):
    remember = next(t for t in builtin_tools(load_config().replace(memory_dir=tmp_path, notes_dir=tmp_path))
                    if t.name == "memory_remember")
    invented = J({"tool": "memory_remember", "args": {"text": "La dernière réponse est toujours en français."}})
    result = steps.execute(ScriptedProvider([[invented]]), said("From now on, always answer me in French"), remember,
                           Grounds(now=NOW))
    assert result.question is None and result.args == {"text": "From now on, always answer me in French"}
    result = steps.execute(ScriptedProvider([[J({"tool": "memory_remember", "args": {"text": "Porto"}})]]),
                           said("My sister lives in Porto, keep that in mind"), remember, Grounds(now=NOW))
    assert result.args is not None and result.args["text"] == "My sister lives in Porto"  # a bare name is no fact
    padded = J({"tool": "memory_remember",
                "args": {"text": "Sam is my name, and I am always keeping in mind the latest user message."}})
    result = steps.execute(ScriptedProvider([[padded]]), said("my name is Sam"), remember, Grounds(now=NOW))
    assert (result.args or {}).get("text") == "My name is Sam"  # the user's words, not the model's additions
    cut = J({"tool": "memory_remember", "args": {"text": "Ana lives in Porto"}})
    result = steps.execute(ScriptedProvider([[cut]]), said("remember that my sister Ana lives in Porto"), remember,
                           Grounds(now=NOW))
    assert result.args is not None and result.args["text"] == "My sister Ana lives in Porto"  # who Ana is, too
    whole = J({"tool": "memory_remember", "args": {"text": "My sister Ana lives in Porto and loves it"}})
    result = steps.execute(ScriptedProvider([[whole]]), said("remember my sister Ana lives in Porto and loves it"),
                           remember, Grounds(now=NOW))
    assert (result.args or {}).get("text") == "My sister Ana lives in Porto and loves it"
    wrote = "My wife is vegetarian"  # an instruction after the fact is not part of it
    result = steps.execute(ScriptedProvider([[J({"tool": "memory_remember", "args": {"text": wrote}})]]),
                           said("remember my wife is vegetarian so dont suggest meat recipes"), remember,
                           Grounds(now=NOW))
    assert result.args == {"text": wrote}
    weather = Tool(name="weather_now", description="Current weather for a place.", func=lambda **_: None,
                   parameters={"type": "object", "properties": {"location": {"type": "string"}},
                               "required": ["location"]})
    asked = steps.execute(ScriptedProvider([[J({"tool": "weather_now", "args": {"location": "Atlantis"}})]]),
                          said("is it raining?"), weather, Grounds(now=NOW))
    assert asked.question is not None  # only arguments the user states are taken from the message


def test_a_chat_remembers_the_users_words_not_the_models_rewrite(tmp_path):
    config = load_config().replace(memory_dir=tmp_path, notes_dir=tmp_path)
    tools = [t for t in builtin_tools(config) if t.name.startswith("memory_")]
    session, model = _session([
        [J({"tool": "memory_remember", "args": {"text": "La réponse est toujours en français."}})],
    ], tools, Grounds(now=NOW))
    session.send("From now on, always answer me in French")
    saved = (tmp_path / "memory.md").read_text(encoding="utf-8")
    assert "- From now on, always answer the user in French" in saved and "français" not in saved
    assert "said_by_user" not in json.dumps(model.calls[0]["system"])  # a model never reads the marker


def test_an_argument_named_as_what_it_is_leaves_the_others():
    schema = {"type": "object", "properties": {"content": {"type": "string"}, "project": {"type": "string"}},
              "required": ["content"]}
    checked = ground(schema, {"content": "email the landlord in my Home project", "project": "Home"},
                     said("Add a task to email the landlord in my Home project"), Grounds(now=NOW))
    assert checked.args == {"content": "email the landlord", "project": "Home"}
    kept = ground(schema, {"content": "tidy up my home"}, said("Add a task to tidy up my home"), Grounds(now=NOW))
    assert kept.args == {"content": "tidy up my home"}


def test_of_a_message_that_asks_two_things_the_fact_is_the_sentence_that_states_it():
    from tars.tools.fact_wording import statement

    assert statement("What's the weather in Porto? Also, remember that I'm vegetarian", "Vegetarian") == \
        "I'm vegetarian"
    started = dt.datetime.now()
    statement(", " * 20000 + "x")
    assert (dt.datetime.now() - started).total_seconds() < 1.0


def test_a_currency_code_and_a_symbol_the_user_wrote_are_the_users():
    rate = {"type": "object", "required": ["base", "target"], "properties": {
        "base": {"type": "string", "description": "The currency to convert from."},
        "target": {"type": "string", "description": "The currency to convert to."}}}
    asked = said("What is the rate from Swiss francs to Indian rupees?")
    codes = {"base": "CHF", "target": "INR"}
    assert ground(rate, codes, asked, Grounds(now=NOW)).args == codes
    assert ground(rate, {"base": "Swiss francs", "target": "Indian rupees"}, asked,
                  Grounds(now=NOW)).args == {"base": "CHF", "target": "INR"}
    invented = ground(rate, {"base": "CHF", "target": "USD"}, asked, Grounds(now=NOW))
    assert invented.missing == ["target"]  # dollars were never named
    hand = {"type": "object", "required": ["cards"],
            "properties": {"cards": {"type": "array", "items": {"type": "string"}}}}
    dealt = ground(hand, {"cards": ["K", "7"]}, said("I hold K and 7, should I hit?"), Grounds(now=NOW))
    assert dealt.args == {"cards": ["K", "7"]} and not dealt.missing
    assert ground(hand, {"cards": ["Q"]}, said("I hold K and 7, should I hit?"), Grounds(now=NOW)).missing == ["cards"]


def test_a_switch_the_message_names_is_on_and_one_it_negates_is_off():
    route = {"type": "object", "required": ["start"], "properties": {
        "start": {"type": "string"}, "avoid_tolls": {"type": "boolean", "default": False},
        "include_traffic": {"type": "boolean", "default": True}}}
    on = ground(route, {"start": "Lyon", "avoid_tolls": False}, said("Route from Lyon, avoiding tolls"),
                Grounds(now=NOW))
    assert on.args == {"start": "Lyon", "avoid_tolls": True}  # named: the model's false was a slip
    off = ground(route, {"start": "Lyon", "include_traffic": True}, said("Route from Lyon, don't include traffic"),
                 Grounds(now=NOW))
    assert off.args == {"start": "Lyon", "include_traffic": False}
    untouched = ground(route, {"start": "Lyon", "avoid_tolls": True}, said("Route from Lyon"), Grounds(now=NOW))
    assert untouched.args == {"start": "Lyon"} and untouched.dropped == ["avoid_tolls"]  # its default applies
    persona = {"type": "object", "required": ["artistic", "nervous"], "properties": {
        "artistic": {"type": "boolean"}, "nervous": {"type": "boolean"}}}
    few = ground(persona, {"artistic": True, "nervous": True},
                 said("I get nervous easily and have few artistic interests"), Grounds(now=NOW))
    assert few.args == {"artistic": False, "nervous": True}
    some = ground(persona, {"artistic": True, "nervous": False},
                  said("I have a few artistic interests and I'm rarely nervous"), Grounds(now=NOW))
    assert some.args == {"artistic": True, "nervous": False}
    asked_back = [Message(role="user", content="Route from Lyon"),
                  Message(role="assistant", content="Should I avoid tolls?"), Message(role="user", content="No rush.")]
    assert ground(route, {"start": "Lyon", "avoid_tolls": True}, asked_back, Grounds(now=NOW)).args == {"start": "Lyon"}


def test_an_invented_structure_is_dropped_and_one_the_user_gave_is_kept():
    hand = {"type": "object", "required": ["card"], "properties": {
        "card": {"type": "string"},
        "deck": {"type": "array", "items": {"type": "object", "properties": {"rank": {"type": "string"}}}}}}
    asked = said("Is the Queen in this deck: Queen, Seven?")
    invented = ground(hand, {"card": "Queen", "deck": [{"rank": "Queen"}, {"rank": "Ace"}]}, asked, Grounds(now=NOW))
    assert invented.args == {"card": "Queen"} and invented.dropped == ["deck"]
    given = ground(hand, {"card": "Queen", "deck": [{"rank": "Queen"}, {"rank": "Seven"}]}, asked, Grounds(now=NOW))
    assert given.args["deck"] == [{"rank": "Queen"}, {"rank": "Seven"}]


@pytest.mark.parametrize("message, args, expected", [
    # the model's two values in the wrong order: the message says which is the source
    ("what's 9am New York time in Berlin?", {"time": "9am", "to_place": "New York", "from_place": "Berlin"},
     {"to_place": "Berlin", "from_place": "New York"}),
    ("when it's 10am in Sydney, what time is it in Paris?", {"time": "10am", "to_place": "Sydney",
                                                             "from_place": "Paris"},
     {"to_place": "Paris", "from_place": "Sydney"}),
    ("translate good morning from English to French", {"text": "good morning", "source_language": "French",
                                                       "target_language": "English"},
     {"source_language": "English", "target_language": "French"}),
    # already right, or nothing in the message to tell: the model's order stands
    ("convert 5 miles to km", {"value": 5, "from_unit": "miles", "to_unit": "km"}, {"from_unit": "miles"}),
    ("the distance between Paris and Berlin", {"start_city": "Paris", "end_city": "Berlin"}, {"start_city": "Paris"}),
])
def test_a_source_and_a_target_follow_the_message_not_the_models_order(message, args, expected):
    props = {name: {"type": "number" if name == "value" else "string"} for name in args}
    checked = ground({"type": "object", "properties": props, "required": list(args)}, args, said(message),
                     Grounds(now=NOW))
    assert {name: checked.args[name] for name in expected} == expected


@pytest.mark.parametrize("message,args", [
    ("what do you remember about my cat?", {"query": "cat"}),
    ("what's my wife's birthday?", {"query": "wife's birthday"}),
    ("what is my cat called?", {"query": "cat"}), ("what did I tell you about the trip?", {"query": "trip"}),
    ("where does my sister live?", {"query": "sister"}),
    ("what does my brother do for a living?", {"query": "brother"}),
    # about everything, or more than one thing, or no question: the model's to read
    ("what do you know about me?", None), ("what is my name and where do I live?", None),
    ("remember my cat is Tom", None), ("what rules do you have?", None),
])
def test_a_question_about_one_thing_is_recalled_by_that_thing(message, args):
    from tars.tools.stated import stated_args
    assert stated_args("memory_recall", message) == args


def test_arguments_are_read_from_the_request_not_from_what_came_attached(tmp_path):
    from tars.attachments.compose import Attached, request_of, user_message

    message = user_message("how many files here?", [Attached.piped("todo: port the python scripts\n")])
    assert request_of(message.content) == "how many files here?"
    stats = next(t for t in builtin_tools(load_config().replace(memory_dir=tmp_path, notes_dir=tmp_path))
                 if t.name == "folder_stats")
    result = steps.execute(ScriptedProvider([[J({"tool": "folder_stats", "args": {}})]]), [message], stats,
                           Grounds(now=NOW))
    assert result.args == {} and len(result.runs) == 1  # the model read it: the piped "python" is no kind asked


def test_recall_looks_up_what_the_question_is_about_not_a_kind_the_model_picked(tmp_path):
    """The small model wrote kind "fact" and no query: every fact was listed, the name (pinned) not among them."""
    config = load_config().replace(memory_dir=tmp_path, notes_dir=tmp_path)
    tools = {t.name: t for t in builtin_tools(config) if t.name.startswith("memory_")}
    tools["memory_remember"].func(text="my name is Sam", kind="pinned")
    tools["memory_remember"].func(text="my cat is called Tom")
    recall = tools["memory_recall"]
    result = steps.execute(ScriptedProvider([[J({"tool": "memory_recall", "args": {"kind": "fact"}})]]),
                           said("what do you remember about my cat?"), recall, Grounds(now=NOW))
    assert result.args == {"query": "cat"} and result.runs == []  # no model asked
    assert recall.func(**result.args)["confirmation"] == "From memory: Your cat is called Tom."
    assert "Your name is Sam." in recall.func(kind="fact")["confirmation"]  # a pinned item is a fact too


def test_a_country_the_user_abbreviates_is_the_country_the_tool_spells_out():
    banks = {"type": "object", "required": ["country"], "properties": {"country": {"type": "string"}}}
    for message in ("the highest grossing bank in the U.S for 2020", "banks in the United States",
                    "biggest US banks"):
        assert ground(banks, {"country": "USA"}, said(message), Grounds(now=NOW)).missing == [], message
    assert ground(banks, {"country": "United Kingdom"}, said("banks in the U.K."), Grounds(now=NOW)).missing == []
    for message in ("tell us the biggest bank", "banks in South America"):
        assert ground(banks, {"country": "USA"}, said(message), Grounds(now=NOW)).missing == ["country"], message


def test_a_question_built_from_a_description_reads_as_one_sentence():
    schema = {"type": "object", "required": ["platform"], "properties": {"platform": {
        "type": "string", "description": "The platform the game was released on."}}}
    asked = ground(schema, {"platform": "all platforms"}, said("average score for Zelda"), Grounds(now=NOW))
    assert asked.question == "Could you tell me the platform the game was released on?"
    named = {"type": "object", "required": ["repo"], "properties": {"repo": {
        "type": "string", "description": "GitHub repository, as owner/name"}}}
    assert ground(named, {"repo": "a/b"}, said("open issues"), Grounds(now=NOW)).question == \
        "Could you tell me GitHub repository?"
    listed = {"type": "object", "required": ["items"], "properties": {"items": {
        "type": "string", "description": "A list of ingredients"}}}
    assert ground(listed, {"items": "flour"}, said("a cake recipe"), Grounds(now=NOW)).question == \
        "Could you tell me a list of ingredients?"


# -- a place asked for before any model step -----------------------------------------------------
def _weather_session(rounds, place: str = ""):
    config = load_config().replace(tool_mode="pipeline", place=place)
    tools = [t for t in builtin_tools(config) if t.family == "weather"]
    provider = ScriptedProvider(rounds, native_tools=False)
    return Session(config, primary=PipelineProvider(provider, grounds=Grounds.from_config(config)),
                   tools=ToolRegistry(tools)), provider


@pytest.mark.parametrize("asked", ["what's the weather?", "what is the weather like tomorrow?",
                                   "will it rain this weekend?", "do I need an umbrella today?",
                                   "what's the current weather?"])
def test_weather_with_no_place_known_is_asked_about_without_a_model_step(asked):
    session, model = _weather_session([])
    assert session.send(asked).text == "Could you tell me which place you mean?"
    assert model.calls == []


def test_weather_with_more_words_still_goes_to_the_executor():
    session, model = _weather_session([[J({"tool": "weather_forecast", "args": {"location": "Nice"}})]])
    session.send("will it rain in nice this weekend?")
    assert len(model.calls) == 1  # "nice" may be a place: the model reads it, grounding checks it


def test_a_date_written_as_the_place_is_no_place():
    weather = {"type": "object", "properties": {"location": {"type": "string"}, "latitude": {
        "type": "number", "maximum": 90}, "longitude": {"type": "number"}},
        "anyOf": [{"required": ["location"]}, {"required": ["latitude", "longitude"]}]}
    asked = ground(weather, {"location": "this weekend"}, said("will it rain on my run this weekend?"),
                   Grounds(now=NOW))
    assert asked.question == "Could you tell me which place you mean?"
    harbor = ground(weather, {"location": "Friday Harbor"}, said("weather in friday harbor"), Grounds(now=NOW))
    assert harbor.args == {"location": "Friday Harbor"}


def test_a_value_the_schema_rules_out_is_asked_about_not_reported_as_invalid():
    tool = Tool(name="weather_now", description="Current weather for a place.", func=lambda **_: None,
                parameters={"type": "object", "properties": {
                    "location": {"type": "string"}, "latitude": {"type": "number", "maximum": 90},
                    "longitude": {"type": "number"}},
                    "anyOf": [{"required": ["location"]}, {"required": ["latitude", "longitude"]}]})
    invented = J({"tool": "weather_now", "args": {"latitude": 2026, "longitude": 11}})
    result = steps.execute(ScriptedProvider([[invented], [invented]]), said("is it cold for my trip this weekend?"),
                           tool, Grounds(now=NOW))
    assert result.question == "Could you tell me which place you mean?"


def test_a_place_in_any_script_or_a_holiday_as_the_place_is_read_as_said():
    session, model = _weather_session([[J({"tool": "weather_now", "args": {"location": "東京"}})]])
    session.send("weather in 東京")
    assert model.calls  # a word the filler does not know may be the place: the model reads it
    weather = {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}
    for holiday in ("Christmas", "New Year’s Eve"):
        asked = ground(weather, {"location": holiday}, said(f"will it snow at {holiday}?"), Grounds(now=NOW))
        assert asked.question == "Could you tell me which place you mean?", holiday


def test_a_name_in_a_tool_description_is_no_word_of_the_tool():
    from tars.pipeline.unnamed_place import unplaced

    city = Tool(name="get_weather", description="Weather for a city. Try London or Paris.", func=lambda **_: None,
                parameters={"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}})
    assert unplaced([city], said("weather in london"), Grounds(now=NOW)) is None
    assert unplaced([city], said("what is the weather"), Grounds(now=NOW)) == "Could you tell me which place you mean?"


def test_a_tool_that_takes_only_coordinates_is_left_to_the_executor():
    forecast = Tool(name="get_forecast", description="Get the weather forecast.", func=lambda **_: None,
                    parameters={"type": "object", "required": ["latitude", "longitude"], "properties": {
                        "latitude": {"type": "number"}, "longitude": {"type": "number"}}})
    from tars.pipeline.unnamed_place import unplaced

    assert unplaced([forecast], said("get the forecast"), Grounds(now=NOW)) is None


def test_a_schema_the_validator_cannot_apply_is_no_crash():
    from tars.pipeline.jsonout import ruled_out, schema_error

    refs = {"type": "object", "$defs": {"Unit": {"enum": ["c", "f"]}}, "properties": {
        "unit": {"$ref": "#/$defs/Unit"}, "days": {"type": "integer", "maximum": 16}}}
    assert ruled_out(refs, {"unit": "c", "days": 30}) == ["days"]
    broken = {"type": "object", "properties": {"a": {"type": "string", "pattern": "("}}}
    assert ruled_out(broken, {"a": "x"}) == []
    assert schema_error(broken, {"a": "x"}).startswith("the tool's schema is invalid")


def test_where_memory_says_the_user_lives_is_the_default_place_and_asks_no_model(tmp_path):
    """"I live in Lisbon" remembered, "what's the weather like?" had been asked "which place?"."""
    from tars.tools.memory import remembered_home

    (tmp_path / "memory.md").write_text("## Facts\n\n- The user lives in a small flat\n- The user lives in Lisbon\n"
                                        "- The user now lives in Porto\n- The user lives in Lisbon with two cats\n"
                                        "- The user moved to Linux\n")
    assert remembered_home(tmp_path) == "Porto"
    assert remembered_home(tmp_path / "missing") is None
    for said, place in [("Now the user lives in Évora.", "Évora"), ("The user currently lives in Washington D.C.",
                                                                     "Washington D.C."),
                        ("The user is now living in São Paulo now", "São Paulo")]:
        (tmp_path / "other").mkdir(exist_ok=True)
        (tmp_path / "other" / "memory.md").write_text(f"## Facts\n\n- The user lives in Lisbon\n- {said}\n")
        assert remembered_home(tmp_path / "other") == place, said
    config = load_config().replace(tool_mode="pipeline", place="")
    tools = [t for t in builtin_tools(config) if t.name == "weather_now"]  # the hinted tool, as offered
    model = ScriptedProvider([], native_tools=False)
    pipeline = PipelineProvider(model, grounds=Grounds.from_config(config, home=lambda: remembered_home(tmp_path)))
    for asked in ("what's the weather like?", "what's the current weather?"):
        settled = _settled(pipeline, asked, tools, hint="weather_now")
        assert settled.call is not None and settled.call.args == {"location": "Porto"}, asked
    assert model.calls == []
    assert placed(tools[0], [Message(role="user", content="what's the weather like there?")], pipeline.grounds) is None
    # offered several tools, the model still chooses among them ("is it going to be hot?" may be the forecast)
    both = [t for t in builtin_tools(config) if t.family == "weather"]
    routed = ScriptedProvider([[J({"tool": "weather_forecast"})], [J({"tool": "weather_forecast", "args": {}})]],
                              native_tools=False)
    settled = _settled(PipelineProvider(routed, grounds=pipeline.grounds), "is it going to be hot?", both,
                       hint="weather_now")
    assert routed.calls and settled.tool is not None and settled.tool.name == "weather_forecast"
    # with TARS_PLACE the tool asks for no place and falls back on it itself
    set_up = load_config().replace(place="Porto")
    weather_now = next(t for t in builtin_tools(set_up) if t.name == "weather_now")
    assert placed(weather_now, [Message(role="user", content="what's the weather?")], Grounds.from_config(set_up)) == {}
    # a day or another place said: the executor reads it, with Porto only as the default
    settled = _settled(pipeline, "will it rain in Nice tomorrow?", tools, hint="weather_now", script=model,
                       reply=J({"tool": "weather_now", "args": {"location": "Nice"}}))
    assert settled.call is not None and settled.call.args == {"location": "Nice"}


def _settled(pipeline, asked, tools, *, hint, script=None, reply=None):
    from tars.tool_hints import ToolHints

    if script is not None and reply is not None:
        script.rounds.append([reply])
    gen = pipeline.settle([Message(role="user", content=asked)], tools, ToolHints(names=(hint,), sure=True))
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def test_a_month_given_as_a_date_argument_stays_the_month():
    """"April 2022" for a concert's date is the month, not its first day (a span's end, "until
    june", is the 1st; an argument is not)."""
    schema = {"type": "object", "required": ["date"], "properties": {"date": {"type": "string"}}}
    asked = said("Get concert details for Beyonce in San Diego next month (April 2022).")
    assert ground(schema, {"date": "April 2022"}, asked, Grounds(now=NOW)).args == {"date": "April 2022"}


@pytest.mark.parametrize("model_wrote", ["this weekend", "2026-11-28", "2026-12-05"])
def test_a_weekend_month_or_year_stays_the_users_words_where_the_argument_takes_words(model_wrote):
    """A free-form date argument gets "this weekend", not its Saturday (which drops the Sunday); one
    with a date layout gets the first day, as before; and a single day is a date either way."""
    free = {"type": "object", "required": ["date"], "properties": {"date": {"type": "string"}}}
    laid_out = {"type": "object", "required": ["date"], "properties": {
        "date": {"type": "string", "description": "The date, YYYY-MM-DD."}}}
    asked = said("Find me a classical concert this weekend in Los Angeles")
    assert ground(free, {"date": model_wrote}, asked, Grounds(now=NOW)).args == {"date": "this weekend"}
    assert ground(laid_out, {"date": model_wrote}, asked, Grounds(now=NOW)).args == {"date": "2026-11-28"}
    assert ground(free, {"date": "next month"}, said("pop concerts in New York next month"),
                  Grounds(now=NOW)).args == {"date": "next month"}
    assert ground(free, {"date": "2026-11-27"}, said("a concert in Lisbon next friday"),
                  Grounds(now=NOW)).args == {"date": "2026-11-27"}


CRIME = {"type": "object", "required": ["city", "state"],
         "properties": {"city": {"type": "string"}, "state": {"type": "string"}}}


@pytest.mark.parametrize("state", ["CA", "California", "ca"])
def test_the_state_of_a_city_the_user_named_is_theirs(state):
    checked = ground(CRIME, {"city": "San Francisco", "state": state},
                     said("the official crime rate of violent crime in San Francisco in 2020"), Grounds(now=NOW))
    assert checked.question is None and checked.args == {"city": "San Francisco", "state": state}


def test_a_state_no_named_city_is_in_is_asked_for():
    checked = ground(CRIME, {"city": "San Francisco", "state": "NV"},
                     said("the crime rate in San Francisco"), Grounds(now=NOW))
    assert checked.question is not None and checked.missing == ["state"]


def test_a_list_keeps_the_users_words_without_a_descriptions_examples():
    food = {"type": "object", "required": ["location"], "properties": {
        "location": {"type": "string"},
        "dietary_requirements": {"type": "array", "items": {"type": "string"},
                                 "description": "Special dietary requirements, e.g. vegan, gluten-free."}}}
    asked = said("find 5 restaurants in Manhattan offering Thai food and a vegan menu")
    checked = ground(food, {"location": "Manhattan", "dietary_requirements": ["vegan", "gluten-free"]}, asked,
                     Grounds(now=NOW))
    assert checked.args == {"location": "Manhattan", "dietary_requirements": ["vegan"]}
    checked = ground(food, {"location": "Manhattan", "dietary_requirements": ["gluten-free"]}, asked, Grounds(now=NOW))
    assert checked.args == {"location": "Manhattan"} and checked.dropped == ["dietary_requirements"]


def test_a_switch_and_a_number_are_read_as_people_write_them():
    roe = {"type": "object", "required": ["net_income"], "properties": {
        "net_income": {"type": "integer"}, "dividends_paid": {"type": "integer"}, "include_stats": {"type": "boolean"}}}
    asked = said("Return on equity: net income of $2,000,000 and dividends paid of $200,000. Include its statistics.")
    checked = ground(roe, {"net_income": 2000000, "dividends_paid": 200000, "include_stats": True}, asked,
                     Grounds(now=NOW))
    assert checked.args == {"net_income": 2000000, "dividends_paid": 200000, "include_stats": True}
    checked = ground(roe, {"net_income": 2000000, "dividends_paid": 2000}, asked, Grounds(now=NOW))
    assert checked.args == {"net_income": 2000000, "dividends_paid": 200000}  # the number the message gives it
    checked = ground(roe, {"net_income": 2000000, "dividends_paid": 2000},
                     said("Return on equity with a net income of $2,000,000"), Grounds(now=NOW))
    assert checked.args == {"net_income": 2000000}  # a number the user did not write


def test_a_choice_is_said_by_the_word_only_it_has():
    book = {"type": "object", "required": ["artist"], "properties": {"artist": {"type": "string"}, "add_ons": {
        "type": "array", "items": {"type": "string", "enum": ["Backstage Pass", "VIP Seating", "Parking Pass"]}}}}
    asked = said("Book a ticket for the Eminem concert, I'd like backstage access")
    checked = ground(book, {"artist": "Eminem", "add_ons": ["Backstage Pass", "Parking Pass"]}, asked, Grounds(now=NOW))
    assert checked.args == {"artist": "Eminem", "add_ons": ["Backstage Pass"]}


def test_a_word_the_description_uses_for_every_choice_says_none_of_them():
    libraries = {"type": "object", "required": ["location", "facilities"], "properties": {
        "location": {"type": "string"}, "facilities": {
            "type": "array", "description": "Facilities and sections in public library.",
            "items": {"type": "string", "enum": ["Wi-Fi", "Reading Room", "Fiction", "Children Section", "Cafe"]}}}}
    asked = said("Locate the nearest public library in Boston, MA with English fiction section and free Wi-Fi.")
    checked = ground(libraries, {"location": "Boston, MA", "facilities": ["Wi-Fi", "Fiction", "Children Section"]},
                     asked, Grounds(now=NOW))
    assert checked.args["facilities"] == ["Wi-Fi", "Fiction"]  # "section" is every facility's word
    asked = said("A library in Boston, MA with a children section")
    checked = ground(libraries, {"location": "Boston, MA", "facilities": ["Children Section"]}, asked,
                     Grounds(now=NOW))
    assert checked.args["facilities"] == ["Children Section"]  # said whole, it stands


def test_choices_the_message_names_are_all_passed_even_when_the_model_left_one_out():
    nutrition = {"type": "object", "required": ["food", "information"], "properties": {
        "food": {"type": "string"}, "information": {"type": "array", "items": {
            "type": "string", "enum": ["Protein", "Calories", "Carbohydrates", "Fat", "Fiber"]}}}}
    asked = said("Check the amount of protein, calories and carbs in an avocado")
    checked = ground(nutrition, {"food": "avocado", "information": ["Protein", "Calories"]}, asked, Grounds(now=NOW))
    assert checked.args["information"] == ["Protein", "Calories", "Carbohydrates"]  # "carbs" named the third
    checked = ground(nutrition, {"food": "avocado", "information": ["Protein", "Fiber"]},
                     said("How much protein is in an avocado?"), Grounds(now=NOW))
    assert checked.args["information"] == ["Protein"]  # and none it does not name
    bases = {"type": "object", "required": ["length"], "properties": {"length": {"type": "integer"}, "preferences": {
        "type": "array", "items": {"type": "string", "enum": ["A", "T", "C", "G"]}}}}
    checked = ground(bases, {"length": 100, "preferences": ["G", "C"]},
                     said("Generate a DNA sequence with 100 bases, more G and C"), Grounds(now=NOW))
    assert checked.args["preferences"] == ["G", "C"]  # "a DNA sequence" names no base "A"


def test_an_unsaid_choice_of_an_argument_with_a_default_is_left_to_the_tool():
    games = {"type": "object", "required": ["platform"], "properties": {
        "platform": {"type": "string"},
        "genre": {"type": "string", "enum": ["Action", "Racing", "Strategy"], "description": "Default is ''."},
        "sort": {"type": "string", "enum": ["rating", "price"], "default": "rating"}}}
    asked = said("Find me a multiplayer game for Windows 10")
    checked = ground(games, {"platform": "Windows 10", "genre": "Action", "sort": "price"}, asked, Grounds(now=NOW))
    assert checked.args == {"platform": "Windows 10"} and set(checked.dropped) == {"genre", "sort"}
    checked = ground(games, {"platform": "Windows 10", "genre": "Racing", "sort": "price"},
                     said("Find me a racing game for Windows 10, cheapest first by price"), Grounds(now=NOW))
    assert checked.args == {"platform": "Windows 10", "genre": "Racing", "sort": "price"}
    valued = {"type": "object", "required": ["game"], "properties": {"game": {"type": "string"}, "condition": {
        "type": "string", "enum": ["New", "Used", "Refurbished"], "description": "Default is 'Used'."}}}
    checked = ground(valued, {"game": "Super Mario Bros.", "condition": "New"},
                     said("The value of a vintage Super Mario Bros. game from 1985 like new"), Grounds(now=NOW))
    assert checked.args == {"game": "Super Mario Bros.", "condition": "New"}  # short and common, but said
    # a choice with no default is the model's to make: what kind of memory a statement is
    memory = {"type": "object", "required": ["text"], "properties": {
        "text": {"type": "string"}, "kind": {"type": "string", "enum": ["fact", "rule", "pinned"]}}}
    checked = ground(memory, {"text": "I live in Porto", "kind": "fact"}, said("remember that I live in Porto"),
                     Grounds(now=NOW))
    assert checked.args == {"text": "I live in Porto", "kind": "fact"}


def test_a_choice_the_message_says_is_passed_when_the_model_left_its_argument_out():
    route = {"type": "object", "required": ["start", "end"], "properties": {
        "start": {"type": "string"}, "end": {"type": "string"},
        "mode": {"type": "string", "description": "How to travel (walk, bike, transit, drive).", "default": "walk"}}}
    checked = ground(route, {"start": "Paris", "end": "Rome"}, said("The quickest way from Paris to Rome by bike"),
                     Grounds(now=NOW))
    assert checked.args == {"start": "Paris", "end": "Rome", "mode": "bike"}
    # none said, or the default said, or two said: the tool's default applies
    for message in ("The quickest way from Paris to Rome", "Walk me from Paris to Rome",
                    "From Paris to Rome: walk or bike?"):
        assert ground(route, {"start": "Paris", "end": "Rome"}, said(message), Grounds(now=NOW)).args \
            == {"start": "Paris", "end": "Rome"}
    # a choice that is part of another argument's value is that argument's
    trip = {"type": "object", "required": ["place"], "properties": {
        "place": {"type": "string"}, "mode": {"type": "string", "enum": ["bike", "car"]}}}
    assert ground(trip, {"place": "Bike Museum"}, said("Where is the Bike Museum?"), Grounds(now=NOW)).args \
        == {"place": "Bike Museum"}



def test_a_unit_the_message_measures_in_is_passed_when_it_is_not_the_default():
    circle = {"type": "object", "required": ["radius"], "properties": {
        "radius": {"type": "integer"},
        "unit": {"type": "string", "description": "The unit of measurement for the radius. Default is m."}}}
    checked = ground(circle, {"radius": 5}, said("What is the circumference of a circle with a radius of 5cm?"),
                     Grounds(now=NOW))
    assert checked.args == {"radius": 5, "unit": "cm"}
    # the default's own unit, no unit, or two units: the tool's default applies
    for message in ("a circle with a radius of 5 m", "a circle with a radius of 5",
                    "a radius of 5 cm, or is it 5 inches?"):
        assert ground(circle, {"radius": 5}, said(message), Grounds(now=NOW)).args == {"radius": 5}
    # a length says nothing of an area's unit
    area = {"type": "object", "required": ["base", "height"], "properties": {
        "base": {"type": "integer"}, "height": {"type": "integer"},
        "unit": {"type": "string", "description": "The measurement unit for the area. Defaults to square meters."}}}
    assert ground(area, {"base": 15, "height": 20}, said("A triangle with a base of 15 feet and height of 20 feet"),
                  Grounds(now=NOW)).args == {"base": 15, "height": 20}
    # an ordinal is no unit of time
    plans = {"type": "object", "required": ["plan"], "properties": {
        "plan": {"type": "string"},
        "unit": {"type": "string", "description": "Unit of the duration. Default is hours."}}}
    assert ground(plans, {"plan": "B"}, said("How long does the second plan, plan B, take?"), Grounds(now=NOW)).args \
        == {"plan": "B"}


def test_another_thing_of_the_defaults_kind_the_message_names_is_passed():
    trips = {"type": "object", "required": ["start_city", "end_city"], "properties": {
        "start_city": {"type": "string"}, "end_city": {"type": "string"},
        "transportation": {"type": "string",
                           "description": "Preferred mode of public transportation. Default is 'bus'."},
        "units": {"type": "string", "description": "The units of the distance. Defaults to 'miles'."}}}
    asked = said("The shortest distance from New York to Los Angeles through the train, in kilometers")
    checked = ground(trips, {"start_city": "New York", "end_city": "Los Angeles"}, asked, Grounds(now=NOW))
    assert checked.args == {"start_city": "New York", "end_city": "Los Angeles", "transportation": "train",
                            "units": "kilometers"}
    # the default named too, or two others, or one inside another value: the tool's default applies
    for message in ("From New York to Los Angeles by bus or by train", "From New York to Los Angeles, train or car?",
                    "From the Train Museum to Los Angeles"):
        checked = ground(trips, {"start_city": "New York" if "Museum" not in message else "the Train Museum",
                                 "end_city": "Los Angeles"}, said(message), Grounds(now=NOW))
        assert "transportation" not in checked.args
    # a default written as a unit's symbol: "km" is of the units, and kilometers are no other unit
    space = {"type": "object", "required": ["body1", "body2"], "properties": {
        "body1": {"type": "string"}, "body2": {"type": "string"},
        "unit": {"type": "string", "description": "The unit of measurement, default is 'km'"}}}
    for message, unit in (("The distance in miles from the Earth to the Moon?", "miles"),
                          ("The distance in kilometers from the Earth to the Moon?", None)):
        checked = ground(space, {"body1": "Earth", "body2": "Moon"}, said(message), Grounds(now=NOW))
        assert checked.args.get("unit") == unit


def test_a_switch_the_message_disables_is_off():
    aircon = {"type": "object", "required": ["mode"], "properties": {
        "mode": {"type": "string"}, "powerSaveEnabled": {"type": "boolean"}}}
    checked = ground(aircon, {"mode": "COOL", "powerSaveEnabled": True},
                     said("Set it to cool mode and disable the power-saving mode"), Grounds(now=NOW))
    assert checked.args == {"mode": "COOL", "powerSaveEnabled": False}


def test_a_default_said_inside_another_value_is_taken_back_out():
    scale = {"type": "object", "required": ["key"], "properties": {
        "key": {"type": "string", "description": "The musical key."},
        "scale_type": {"type": "string", "default": "major", "description": "The type of scale."}}}
    asked = said("What is the musical scale associated with C sharp major?")
    assert ground(scale, {"key": "C sharp major"}, asked, Grounds(now=NOW)).args == \
        {"key": "C sharp", "scale_type": "major"}
    # the default not said, or given its own argument: the value stays as it is
    assert ground(scale, {"key": "C sharp"}, said("The scale of C sharp minor"), Grounds(now=NOW)).args == \
        {"key": "C sharp"}
    assert ground(scale, {"key": "C sharp major", "scale_type": "minor"}, said("C sharp major or minor?"),
                  Grounds(now=NOW)).args["key"] == "C sharp major"

def test_a_value_the_message_gives_by_name_stands_for_one_the_model_made_up():
    rides = {"type": "object", "required": ["source", "destination"], "properties": {
        "source": {"type": "string"}, "destination": {"type": "string"},
        "max_cost": {"type": "integer", "description": "The maximum cost of the ride. Default is 1000000"}}}
    asked = said("Find a ride from New York to Philadelphia with maximum cost of $50")
    checked = ground(rides, {"source": "New York", "destination": "Philadelphia", "max_cost": 500000}, asked,
                     Grounds(now=NOW))
    assert checked.args["max_cost"] == 50  # the default's digits, copied, were no one's
    payout = {"type": "object", "required": ["total_payout", "outstanding_shares"], "properties": {
        "total_payout": {"type": "integer"}, "outstanding_shares": {"type": "integer"}}}
    asked = said("Dividend per share with 100 million outstanding shares and a total payout of 50 million USD?")
    checked = ground(payout, {"total_payout": 500000000, "outstanding_shares": 100000000}, asked, Grounds(now=NOW))
    assert checked.args == {"total_payout": 50000000, "outstanding_shares": 100000000}
    traffic = {"type": "object", "required": ["route"], "properties": {"route": {"type": "string"}, "time_period": {
        "type": "string", "description": "A time frame: 'now' for current, 'weekend' for the coming weekend."}}}
    checked = ground(traffic, {"route": "Las Vegas", "time_period": "now"},
                     said("How much traffic should I expect around Las Vegas this weekend?"), Grounds(now=NOW))
    assert checked.args == {"route": "Las Vegas", "time_period": "weekend"}
    # "$1M" is a million; two arguments of the same name words cannot tell which number is whose
    growth = {"type": "object", "required": ["year1_revenue", "year2_revenue"], "properties": {
        "year1_revenue": {"type": "integer"}, "year2_revenue": {"type": "integer"}}}
    asked = said("Growth for revenues of $1M in 2019 and $1.2M in 2020?")
    checked = ground(growth, {"year1_revenue": 1000000, "year2_revenue": 1200000}, asked, Grounds(now=NOW))
    assert checked.args == {"year1_revenue": 1000000, "year2_revenue": 1200000}
    checked = ground(growth, {"year1_revenue": 1000, "year2_revenue": 1200}, asked, Grounds(now=NOW))
    assert checked.args == {"year1_revenue": 1000, "year2_revenue": 1200}  # required: the model's to work out
    # two numbers after its name: which one is meant cannot be told, so the made-up value is dropped
    checked = ground(rides, {"source": "New York", "destination": "Philadelphia", "max_cost": 500000},
                     said("A ride from New York to Philadelphia, cost 50 or cost 60"), Grounds(now=NOW))
    assert "max_cost" not in checked.args


def test_a_file_name_nobody_wrote_is_not_the_users_even_when_the_message_says_its_words():
    jigsaw = {"type": "object", "required": ["puzzle_image"], "properties": {"puzzle_image": {"type": "string"}}}
    checked = ground(jigsaw, {"puzzle_image": "latest_jigsaw_puzzle.jpg"}, said("Create a jigsaw puzzle"),
                     Grounds(now=NOW))
    assert checked.missing == ["puzzle_image"] and checked.question
    checked = ground(jigsaw, {"puzzle_image": "puzzle.jpg"}, said("Solve the jigsaw in puzzle.jpg"), Grounds(now=NOW))
    assert checked.args == {"puzzle_image": "puzzle.jpg"}


FLIGHT = {"type": "object", "required": ["departure_location", "departure_time"], "properties": {
    "departure_location": {"type": "string"},
    "departure_time": {"type": "string", "description": "The departure time in the format of 'dd/mm/yyyy HH:MM'."},
    "return_time": {"type": "string", "description": "The return day, in the format of 'dd/mm/yyyy'."}}}


@pytest.mark.parametrize("message, model, expected", [
    # the model's month and day swapped; "at 3 in the afternoon" is one time, not a second date
    ("Book a flight from Paris on the 12th of March 2023 at 3 in the afternoon", "12/13/2023 15:00",
     "12/03/2023 15:00"),
    ("A flight from Paris on the 20th of June 2022 at 5 in the morning", "2022-06-20 05:00", "20/06/2022 05:00"),
])
def test_a_date_is_written_in_the_layout_its_description_names_time_too(message, model, expected):
    checked = ground(FLIGHT, {"departure_location": "Paris", "departure_time": model}, said(message), Grounds(now=NOW))
    assert checked.args["departure_time"] == expected
    assert len(find(message, NOW)) == 1


def test_an_iso_8601_layout_with_its_clock_glued_on_is_followed():
    event = {"type": "object", "required": ["when"], "properties": {"when": {"type": "string", "description":
             "The new date and time, in ISO-8601 format (e.g., 'YYYY-MM-DDTHH:MM:SS')."}}}
    checked = ground(event, {"when": "2023-11-01 20:00"}, said("Move my meeting to November 1, 2023 at 8pm"),
                     Grounds(now=NOW))
    assert checked.args == {"when": "2023-11-01T20:00:00"}


def test_an_argument_described_in_a_date_layout_is_a_date():
    checked = ground(FLIGHT, {"departure_location": "Paris", "departure_time": "01/04/2024 09:00",
                              "return_time": "15th of April, 2024"},
                     said("a flight from Paris on 1 April 2024 at 9am, back on the 15th of April, 2024"),
                     Grounds(now=NOW))
    assert checked.args["return_time"] == "15/04/2024"


@pytest.mark.parametrize("message, model, expected", [
    ("What's the weather in Tel Aviv, in Fahrenheit?", "Tel Aviv, CA", "Tel Aviv"),  # a description's example state
    ("What's the weather in Boston?", "Boston, MA", "Boston, MA"),  # the state of a city the user named
    ("What's the weather in Springfield, IL?", "Springfield, IL", "Springfield, IL"),
    ("What's the weather in Springfield, Illinois?", "Springfield, IL", "Springfield, IL"),
])
def test_a_place_keeps_a_state_only_when_the_conversation_gives_it(message, model, expected):
    weather = {"type": "object", "required": ["location"], "properties": {"location": {
        "type": "string", "description": "The city and state, e.g. San Francisco, CA"}}}
    assert ground(weather, {"location": model}, said(message), Grounds(now=NOW)).args == {"location": expected}


def test_an_iso_moment_given_as_an_example_is_the_layout_and_utc_only_when_it_is():
    event = {"type": "object", "required": ["when"], "properties": {"when": {"type": "string", "description":
             "The new date and time in ISO-8601 format, such as '2023-04-15T13:45:00Z'."}}}
    asked = said("Move my appointment to the 15th of April 2021 at 1:45 pm")
    utc = dt.datetime(2026, 11, 25, 14, 0, tzinfo=dt.UTC)
    assert ground(event, {"when": "2021-04-15 13:45"}, asked, Grounds(now=utc)).args == {"when": "2021-04-15T13:45:00Z"}
    # an hour east of Greenwich, 1:45 pm is not 13:45 UTC: the offset is written out
    assert ground(event, {"when": "2021-04-15 13:45"}, asked, Grounds(now=NOW)).args == \
        {"when": "2021-04-15T13:45:00+01:00"}


def test_choices_listed_in_square_brackets_are_the_choices():
    needs = {"type": "object", "required": ["age", "gender"], "properties": {
        "age": {"type": "integer"},
        "gender": {"type": "string",
                   "description": "The gender of the person. Possible options [male, female, other]."}}}
    checked = ground(needs, {"age": 30, "gender": "male"}, said("I'm a 30-year-old guy: what should I eat?"),
                     Grounds(now=NOW))
    assert checked.args == {"age": 30, "gender": "male"} and checked.question is None  # the model's choice stands
    checked = ground(needs, {"age": 30, "gender": "man"}, said("I'm a 30-year-old guy: what should I eat?"),
                     Grounds(now=NOW))
    assert checked.question is not None  # no such choice: asked, not passed on


def test_the_messages_dates_go_to_the_date_arguments_in_the_order_said():
    booking = {"type": "object", "required": ["room", "check_in", "check_out"], "properties": {
        "room": {"type": "string"},
        "check_in": {"type": "string", "description": "The check-in date in format of MM-DD-YYYY."},
        "check_out": {"type": "string", "description": "The check-out date in format of MM-DD-YYYY."}}}
    asked = said("Book a king room from December 11, 2026 to January 3, 2027.")
    checked = ground(booking, {"room": "king", "check_in": "2026-11-28", "check_out": "2027-01-03"}, asked,
                     Grounds(now=NOW))
    assert checked.args == {"room": "king", "check_in": "12-11-2026", "check_out": "01-03-2027"}
    # the model's dates stand when they are the message's
    checked = ground(booking, {"room": "king", "check_in": "2026-12-11", "check_out": "2027-01-03"}, asked,
                     Grounds(now=NOW))
    assert checked.args == {"room": "king", "check_in": "12-11-2026", "check_out": "01-03-2027"}
