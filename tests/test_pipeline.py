"""Pipeline mode through a real Session: router -> executor -> tool -> summariser, with a scripted model.

The scripted model plays each pipeline step in order; the assertions check what the user sees
(the answer, the tool that really ran) and what each step was shown and allowed to do.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import jsonschema
import pytest

from tars.config import load_config
from tars.errors import ToolError
from tars.events import Status, ToolCall, Usage
from tars.pipeline import PipelineProvider, wants_pipeline
from tars.providers.scripted import ScriptedProvider
from tars.session import Session
from tars.system_prompt import TOOL_RESULT_RULES
from tars.tools.base import Tool
from tars.tools.registry import ToolRegistry


def _weather_tool(log: list) -> Tool:
    def weather_now(city: str, units: str = "metric") -> dict:
        log.append(("weather_now", city, units))
        return {"city": city, "temp_c": 12, "sky": "light rain"}

    return Tool(name="weather_now", description="Current weather for a place. Uses Open-Meteo.",
                parameters={"type": "object", "properties": {
                    "city": {"type": "string"}, "units": {"type": "string", "enum": ["metric", "imperial"]}},
                    "required": ["city"], "additionalProperties": False},
                func=weather_now)


def _note_tool(log: list) -> Tool:
    def note_read(path: str) -> dict:
        log.append(("note_read", path))
        return {"path": path, "text": "buy milk"}

    return Tool(name="note_read", description="Read one note from the vault.",
                parameters={"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
                func=note_read)


def J(obj) -> str:
    return json.dumps(obj)


@pytest.fixture
def make_session():
    """A Session on a scripted primary in pipeline mode, offering every tool."""
    def make(rounds, tools):
        config = load_config().replace(tool_mode="pipeline", primary_tools="all")
        provider = ScriptedProvider(rounds, native_tools=False)
        session = Session(config, primary=PipelineProvider(provider), tools=ToolRegistry(tools))
        return session, provider

    return make


def test_call_tool_runs_the_tool_and_the_summariser_answers(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": "Oslo"}}), Usage(input_tokens=50, output_tokens=9)],
        [J({"choice": "none", "tool": None, "question": None})],
        ["It is 12 °C with light rain in Oslo."],
    ], [_weather_tool(log), _note_tool(log)])

    turn = session.send("is it raining in Oslo right now?")

    assert log == [("weather_now", "Oslo", "metric")]
    assert turn.text == "It is 12 °C with light rain in Oslo."
    assert [r.output["temp_c"] for r in turn.tool_results] == [12]
    router, executor, router2, summariser = model.calls
    # the router sees names, argument names and one-line descriptions only, never a schema, and no tool specs
    assert "- weather_now(city, units): Current weather for a place." in router["system"]
    assert '"required"' not in router["system"] and router["tools"] == []
    # under constrained decoding the router can only name an offered tool, and writes no question then
    accepts = jsonschema.Draft202012Validator(router["response_schema"]).is_valid
    assert accepts({"choice": "call_tool", "tool": "note_read", "question": None})
    assert not accepts({"choice": "call_tool", "tool": "get_weather", "question": None})
    assert not accepts({"choice": "call_tool", "tool": "weather_now", "question": "which city?"})
    assert accepts({"choice": "clarify", "tool": None, "question": "Which city?"})
    assert not accepts({"choice": "none", "tool": "weather_now", "question": None})
    # the executor sees only the chosen tool's schema
    assert '"city"' in executor["system"] and "note_read" not in executor["system"]
    assert executor["response_schema"]["properties"]["args"] == _weather_tool([]).parameters
    # the summariser sees the tool result, and is offered no tools
    assert "light rain" in summariser["messages"][-1].content and summariser["tools"] == []
    assert summariser["response_schema"] is None
    assert "most likely needs" not in summariser["system"]  # hints are for choosing tools, not answers
    assert turn.input_tokens == 50
    steps = [s for s, _ in session.primary.timings]
    assert steps == ["router", "executor", "router", "summariser"]


def test_clarify_asks_the_question_and_runs_nothing(make_session):
    log: list = []
    session, model = make_session(
        [[J({"choice": "clarify", "tool": None, "question": "Which note should I open?"})]],
        [_weather_tool(log), _note_tool(log)])
    turn = session.send("read my note")
    assert turn.text == "Which note should I open?"
    assert log == [] and len(model.calls) == 1


def test_none_streams_a_plain_answer_without_tools(make_session):
    session, model = make_session([
        [J({"choice": "none", "tool": None, "question": None})],
        ["Paris."],
    ], [_weather_tool([])])
    turn = session.send("what is the capital of France?")
    assert turn.text == "Paris." and turn.tool_results == []
    answer = model.calls[1]
    assert answer["tools"] == [] and answer["messages"][-1].content == "what is the capital of France?"


def test_an_invented_tool_name_is_rejected_and_never_runs(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "get_weather", "question": None})],
        [J({"choice": "call_tool", "tool": "weather_lookup", "question": None})],
        ["I can answer that without a tool."],
    ], [_weather_tool(log), _note_tool(log)])
    turn = session.send("weather in Rome?")
    assert log == [] and turn.tool_results == []
    retry = model.calls[1]["messages"][-1].content
    assert "'get_weather' is not one of the offered tools (note_read, weather_now)" in retry
    assert turn.text == "I can answer that without a tool."
    assert session.primary.trace[0]["error"].startswith("tool 'weather_lookup'")


def test_invalid_arguments_get_one_repair_retry_that_shows_the_error(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"town": "Lima"}})],
        [J({"tool": "weather_now", "args": {"city": "Lima"}})],
        [J({"choice": "none", "tool": None, "question": None})],
        ["Light rain in Lima."],
    ], [_weather_tool(log), _note_tool(log)])
    turn = session.send("weather in Lima")
    repair = model.calls[2]
    assert "'city' is a required property" in repair["messages"][-1].content
    assert repair["messages"][-2].content == J({"tool": "weather_now", "args": {"town": "Lima"}})
    assert log == [("weather_now", "Lima", "metric")] and turn.text == "Light rain in Lima."


def test_arguments_still_invalid_after_the_retry_are_not_run(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": 5}})],
        [J({"tool": "weather_now", "args": {"city": "Lima", "units": "kelvin"}})],
    ], [_weather_tool(log), _note_tool(log)])
    turn = session.send("weather in Lima")
    assert log == [] and len(model.calls) == 3
    assert "could not work out valid details" in turn.text and "kelvin" in turn.text
    assert "weather_now" not in turn.text


def test_a_second_tool_goes_through_router_and_executor_again(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "note_read", "question": None})],
        [J({"tool": "note_read", "args": {"path": "trip.md"}})],
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": "Bergen"}})],
        [J({"choice": "none", "tool": None, "question": None})],
        ["Your trip note says buy milk; Bergen has light rain."],
    ], [_weather_tool(log), _note_tool(log)])
    turn = session.send("read trip.md and then check the weather in Bergen")
    assert log == [("note_read", "trip.md"), ("weather_now", "Bergen", "metric")]
    assert turn.rounds == 3
    # the second router call saw the first tool's result
    assert 'note_read({"path": "trip.md"}) -> {"path": "trip.md", "text": "buy milk"}' in \
        model.calls[2]["messages"][-1].content
    assert turn.text.endswith("light rain.")


def test_a_repeated_identical_call_is_answered_from_the_results(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": "Oslo"}})],
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": "Oslo"}})],
        ["12 °C in Oslo."],
    ], [_weather_tool(log), _note_tool(log)])
    turn = session.send("weather in Oslo")
    assert log == [("weather_now", "Oslo", "metric")] and turn.text == "12 °C in Oslo."
    assert not turn.round_limit_hit and turn.rounds == 3
    # the session's one guard answers the repeat; the round after offers no tools, so the pipeline
    # goes to its summariser, which is shown the result once (not the guard's note about the repeat)
    summariser = model.calls[-1]
    assert summariser["tools"] == [] and "Answer my message from the tool results" in summariser["system"]
    assert summariser["messages"][-1].content.count("light rain") == 1
    assert "already called" not in summariser["messages"][-1].content
    assert [s for s, _ in session.primary.timings][-1] == "summariser"


def test_fenced_and_unclosed_json_from_a_model_without_grammar_is_repaired(make_session):
    log: list = []
    session, _ = make_session([
        ['```json\n{"choice": "call_tool", "tool": "weather_now", "question": null}\n```'],
        ['{"tool": "weather_now", "args": {"city": "Oslo", "units": null'],
        [J({"choice": "none", "tool": None, "question": None})],
        ["ok"],
    ], [_weather_tool(log), _note_tool(log)])
    session.send("weather in Oslo")
    assert log == [("weather_now", "Oslo", "metric")]
    assert session.primary.trace[0]["repaired"] is False


def test_auto_mode_picks_pipeline_for_small_or_non_native_models():
    small = SimpleNamespace(native_tools=True, context_window=4096)
    big = SimpleNamespace(native_tools=True, context_window=200_000)
    textual = SimpleNamespace(native_tools=False, context_window=None)
    assert wants_pipeline("auto", small) and wants_pipeline("auto", textual)
    assert not wants_pipeline("auto", big)
    assert not wants_pipeline("native", small) and wants_pipeline("pipeline", big)
    assert PipelineProvider(small, mode="auto").active and not PipelineProvider(big, mode="auto").active


def test_tool_mode_setting_rejects_unknown_values():
    from tars.errors import ConfigError

    with pytest.raises(ConfigError, match="TARS_TOOL_MODE"):
        load_config(environ={"TARS_TOOL_MODE": "sometimes"})


def test_an_escalated_remote_round_stays_native():
    log: list = []
    primary = ScriptedProvider([["unused"]], native_tools=False)
    remote = ScriptedProvider([[ToolCall(name="weather_now", arguments={"city": "Oslo"})], ["12 °C in Oslo."]],
                              model="remote")
    config = load_config(environ={}).replace(tool_mode="pipeline")
    session = Session(config, primary=PipelineProvider(primary), remote=remote,
                      tools=ToolRegistry([_weather_tool(log)]))
    turn = session.send("is it raining in Oslo right now?")
    assert turn.escalated and turn.text == "12 °C in Oslo." and log == [("weather_now", "Oslo", "metric")]
    assert remote.calls[0]["tools"][0]["name"] == "weather_now" and primary.calls == []


def test_a_summary_that_names_a_tool_is_not_rescued_into_a_call(make_session):
    log: list = []
    session, _ = make_session([
        [J({"choice": "none", "tool": None, "question": None})],
        ["You could use weather_now for that, but it is not needed here."],
    ], [_weather_tool(log)])
    asked = []
    session.rescuer = lambda text, tools: asked.append(text) or [ToolCall(name="weather_now", arguments={"city": "X"})]
    turn = session.send("what does weather_now do?")
    assert asked == [] and log == [] and turn.rounds == 1



def _failing_weather(log: list) -> Tool:
    def weather_now(city: str) -> dict:
        log.append(("weather_now", city))
        raise ToolError("cannot reach the weather service (ConnectError)")

    return Tool(name="weather_now", description="Current weather for a place.",
                parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
                func=weather_now)


def test_one_tool_narrowed_to_by_the_router_skips_the_choosing_step(make_session):
    log: list = []
    session, model = make_session([
        [J({"tool": "weather_now", "args": {"city": "Oslo"}})],
        ["It is 12 °C with light rain in Oslo."],
    ], [_weather_tool(log)])
    events = list(session.stream("weather in Oslo"))
    assert log == [("weather_now", "Oslo", "metric")]
    assert session.last_turn.text == "It is 12 °C with light rain in Oslo."
    assert [s for s, _ in session.primary.timings] == ["executor", "summariser"]
    assert [e.text for e in events if isinstance(e, Status)] == ["calling weather_now…", "reading the results…"]


def test_when_every_call_failed_tars_tells_the_failure_itself(make_session):
    log: list = []
    session, model = make_session([[J({"tool": "weather_now", "args": {"city": "Paris"}})]],
                                  [_failing_weather(log)])
    turn = session.send("What's the weather in Paris right now?")
    assert log == [("weather_now", "Paris")] and len(model.calls) == 1, "no model is asked to answer"
    assert "`weather_now` tool failed for Paris: cannot reach the weather service (ConnectError)" in turn.text
    assert not any(ch.isdigit() for ch in turn.text.replace("weather_now", "")), "nothing invented"


def test_partial_results_are_answered_from_what_worked_and_tars_says_what_is_missing(make_session):
    log: list = []
    session, model = make_session([
        [J({"choice": "call_tool", "tool": "note_read", "question": None})],
        [J({"tool": "note_read", "args": {"path": "trip.md"}})],
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": "Bergen"}})],
        [J({"choice": "none", "tool": None, "question": None})],
        ["Your note says buy milk."],
    ], [_failing_weather(log), _note_tool(log)])
    turn = session.send("read trip.md and then check the weather in Bergen")
    # one call worked: the model answers from it alone, and tars says what is missing
    assert turn.text == ("Your note says buy milk.\n\nMissing: The `weather_now` tool failed for Bergen: cannot "
                         "reach the weather service (ConnectError).")
    summariser = model.calls[-1]
    assert TOOL_RESULT_RULES in summariser["system"]
    assert "buy milk" in summariser["messages"][-1].content and "weather_now" not in summariser["messages"][-1].content


def test_a_call_that_confirms_what_it_did_is_the_answer_without_a_model(make_session):
    def memory_remember(text: str) -> dict:
        return {"status": "remembered", "text": "The user's cat is called Miso",
                "confirmation": "Remembered: Your cat is called Miso."}

    tool = Tool(name="memory_remember", description="Remember one fact about the user.",
                parameters={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
                func=memory_remember)
    session, model = make_session([[J({"tool": "memory_remember", "args": {"text": "Miso is my cat"}})]], [tool])
    turn = session.send("my cat is called Miso, don't forget")  # one tars does not read: the model's call
    assert turn.text == "Remembered: Your cat is called Miso." and len(model.calls) == 1


def test_a_call_that_found_nothing_is_told_by_tars_not_filled_in_by_the_model(make_session):
    def todoist_today() -> dict:
        return {"count": 0, "tasks": []}

    tool = Tool(name="todoist_today", description="Tasks due today.", func=todoist_today,
                parameters={"type": "object", "properties": {}})
    session, model = make_session([[J({"tool": "todoist_today", "args": {}})]], [tool])
    turn = session.send("what's on my todo list today?")
    assert turn.text == "`todoist_today` found nothing." and len(model.calls) == 1


def test_what_counts_as_a_result_that_found_nothing():
    from tars.pipeline.own_answers import is_empty

    assert is_empty('{"query": "x", "results": []}') and is_empty('{"count": 0, "tasks": []}') and is_empty("[]")
    assert is_empty('{"ticker": "QQQX", "price": null, "note": "unknown ticker"}')
    assert not is_empty('{"location": "Oslo", "temp_c": 12, "gusts": null}')
    assert not is_empty('{"status": "remembered", "text": "The user\'s cat is called Miso"}')
    assert not is_empty('{"results": [{"title": "a"}], "next": []}') and not is_empty("some text")


# -- the keyword router's band shapes the round (primary offered the hinted tools, the default) ---
def _forecast_tool(log: list) -> Tool:
    def weather_forecast(city: str) -> dict:
        log.append(("weather_forecast", city))
        return {"city": city, "tomorrow": "sun"}

    return Tool(name="weather_forecast", description="Weather forecast for the coming days at a place.",
                parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
                func=weather_forecast)


def _area_tools(log: list) -> list[Tool]:
    def make(name: str, description: str) -> Tool:
        return Tool(name=name, description=description, func=lambda **a: log.append((name, a)) or {"area": 50},
                    parameters={"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}})

    return [make("calculate_triangle_area", "Calculate the area of a triangle given its base and height."),
            make("calculate_circle_area", "Calculate the area of a circle given its radius.")]


@pytest.fixture
def hinted_session():
    def make(rounds, tools):
        config = load_config().replace(tool_mode="pipeline")
        provider = ScriptedProvider(rounds, native_tools=False)
        return Session(config, primary=PipelineProvider(provider), tools=ToolRegistry(tools)), provider

    return make


def test_a_sure_family_leaves_the_model_its_tools_only_and_no_none(hinted_session):
    log: list = []
    session, model = hinted_session([
        [J({"choice": "call_tool", "tool": "weather_now", "question": None})],
        [J({"tool": "weather_now", "args": {"city": "Paris"}})],
        [J({"choice": "none", "tool": None, "question": None})],
        ["12 °C and light rain in Paris."],
    ], [_weather_tool(log), _forecast_tool(log), _note_tool(log)])
    assert session.route("What is the weather like in Paris?").band == "sure"
    turn = session.send("What is the weather like in Paris?")
    assert log == [("weather_now", "Paris", "metric")] and turn.text.startswith("12 °C")
    router = model.calls[0]
    assert "note_read" not in router["system"]  # only the family's tools to choose from
    accepts = jsonschema.Draft202012Validator(router["response_schema"]).is_valid
    assert not accepts({"choice": "none", "tool": None, "question": None})  # sure a tool is wanted
    assert accepts({"choice": "clarify", "tool": None, "question": "Which city?"})
    # after the result, "none" (nothing more needed) is a choice again
    assert jsonschema.Draft202012Validator(model.calls[2]["response_schema"]).is_valid(
        {"choice": "none", "tool": None, "question": None})


def test_sure_that_no_tool_is_needed_runs_no_tool_step(hinted_session):
    session, model = hinted_session([["Paris."]], [_weather_tool([]), _note_tool([])])
    turn = session.send("what is the capital of France?")
    assert turn.text == "Paris." and len(model.calls) == 1
    assert model.calls[0]["response_schema"] is None and model.calls[0]["tools"] == []
    assert session.primary.trace[-1]["router"] == "skipped"


def test_unsure_lets_the_model_decide_among_the_hinted_tools_in_name_order(hinted_session):
    log: list = []
    session, model = hinted_session([[J({"choice": "none", "tool": None, "question": None})], ["About 50."]],
                                    _area_tools(log))
    assert session.route("Calculate an area for me, 10 by 5").band == "unsure"
    turn = session.send("Calculate an area for me, 10 by 5")
    assert log == [] and turn.text == "About 50."
    router = model.calls[0]["system"]
    assert router.index("calculate_circle_area") < router.index("calculate_triangle_area")
    assert jsonschema.Draft202012Validator(model.calls[0]["response_schema"]).is_valid(
        {"choice": "none", "tool": None, "question": None})


def test_an_unsure_single_tool_is_still_chosen_by_the_model(hinted_session):
    """The router step is skipped only when the router is sure of the one tool."""
    log: list = []
    tool = _area_tools(log)[:1]
    session, model = hinted_session([[J({"choice": "none", "tool": None, "question": None})], ["Fine."]], tool)
    assert session.route("Calculate an area for me, 10 by 5").band == "unsure"
    session.send("Calculate an area for me, 10 by 5")
    assert log == [] and model.calls[0]["response_schema"] is not None


def _penalty_tool(log: list) -> Tool:
    return Tool(name="law_info.get_penalty", description="Get the penalty for a crime in a given state.",
                func=lambda **a: log.append(a),
                parameters={"type": "object", "properties": {"crime": {"type": "string"},
                                                             "state": {"type": "string"}},
                            "required": ["crime", "state"]})


def test_an_unsure_pick_the_message_gives_no_details_for_is_answered_without_a_tool(hinted_session):
    log: list = []
    text = "Tell me about the penalty for speeding"
    session, model = hinted_session([
        [J({"choice": "call_tool", "tool": "law_info.get_penalty", "question": None})],
        [J({"tool": "law_info.get_penalty", "args": {"crime": "speeding", "state": "Texas"}})],
        ["Usually a fine; it depends on where you are."],
    ], [_penalty_tool(log)])
    assert session.route(text).band == "unsure"
    turn = session.send(text)
    assert log == [] and turn.text.startswith("Usually a fine")  # no question about a state it never needed
    assert model.calls[2]["response_schema"] is None and session.primary.trace[-1]["choice"] == "none"


def _president_tool(log: list) -> Tool:
    return Tool(name="us_president_in_year", description="Find out who was the president of the United States "
                "in a given year.", func=lambda **a: log.append(a) or {"president": "someone"},
                parameters={"type": "object", "properties": {"year": {"type": "integer"},
                                                             "full_name": {"type": "boolean"}},
                            "required": ["year", "full_name"]})


def test_an_unsure_pick_filled_only_with_the_models_own_values_is_no_call(hinted_session):
    log: list = []
    text = "Who is the vice president of the United States?"  # a year the model assumed, a switch it set
    session, model = hinted_session([
        [J({"choice": "call_tool", "tool": "us_president_in_year", "question": None})],
        [J({"tool": "us_president_in_year", "args": {"year": 2026, "full_name": True}})],
        ["I cannot look that up here."],
    ], [_president_tool(log)])
    assert session.route(text).band == "unsure"
    turn = session.send(text)
    assert log == [] and turn.text == "I cannot look that up here."
    assert session.primary.trace[-1]["choice"] == "none"
    # ... while a year the user wrote is theirs, and the call goes ahead
    session, model = hinted_session([
        [J({"choice": "call_tool", "tool": "us_president_in_year", "question": None})],
        [J({"tool": "us_president_in_year", "args": {"year": 1990, "full_name": True}})],
        [J({"choice": "none", "tool": None, "question": None})],
        ["It was George H. W. Bush."],
    ], [_president_tool(log)])
    text = "Who was the president in 1990?"
    assert session.route(text).band == "unsure"
    session.send(text)
    assert log == [{"year": 1990, "full_name": True}]


def test_sure_of_a_tool_a_missing_detail_is_asked_for(hinted_session):
    log: list = []
    session, model = hinted_session([
        [J({"tool": "law_info.get_penalty", "args": {"crime": "burglary", "state": "Texas"}})],
    ], [_penalty_tool(log)])
    assert session.route("Get the penalty for burglary").band == "sure"
    turn = session.send("Get the penalty for burglary")
    assert log == [] and turn.text.endswith("?") and len(model.calls) == 1


def test_after_a_result_a_sure_router_still_asks_for_a_missing_detail():
    from tars.pipeline.provider import Plan

    assert Plan("route", [], allow_none=True, sure=True).asks_for_details
    assert not Plan("route", [], allow_none=True, sure=False).asks_for_details
    assert Plan("call", []).asks_for_details


def test_confirmations_that_are_listings_stay_paragraphs_of_their_own():
    from tars.messages import Message
    from tars.pipeline.own_answers import confirmations

    calls = [ToolCall(name="notes_list", arguments={}, id="a"), ToolCall(name="calculate", arguments={}, id="b")]
    listing = json.dumps({"confirmation": "2 notes in your notes vault, newest first:\n- a.md\n- b.md"})
    messages = [Message(role="user", content="list my notes and what is 2+2"),
                Message(role="assistant", content="", tool_calls=calls),
                Message(role="tool", content=listing, tool_call_id="a", name="notes_list"),
                Message(role="tool", content=json.dumps({"confirmation": "2 + 2 = 4"}), tool_call_id="b",
                        name="calculate")]
    assert confirmations(messages) == "2 notes in your notes vault, newest first:\n- a.md\n- b.md\n\n2 + 2 = 4"


def test_an_answer_with_no_tool_is_shown_the_conversation_as_the_user_saw_it(make_session):
    """Shown earlier turns' calls, the embedded model answered "how about a joke" with a call of its
    own (`{"name": "joke", …}`) instead of a joke; it is shown each turn's request and answer."""
    log: list = []
    session, model = make_session([
        [J({"tool": "weather_now", "args": {"city": "Oslo"}})],
        ["12 °C in Oslo."],
        ["Why did the tomato turn red? It saw the salad dressing."],
    ], [_weather_tool(log)])
    assert session.send("what's the weather in Oslo?").text == "12 °C in Oslo."
    assert session.send("tell me a joke").text.startswith("Why did the tomato")
    shown = model.calls[-1]["messages"]
    assert [m.role for m in shown] == ["user", "assistant", "user"]
    assert shown[1].content == "12 °C in Oslo." and not any(m.tool_calls for m in shown)


def test_an_answer_with_no_tool_is_not_shown_a_tools_opening_words():
    """After "Remembered: You prefer metric units.", the embedded model answered "how far is 10
    miles?" with "Remembered: 10 miles is approximately 628.3 kilometers."."""
    from tars.messages import Message
    from tars.pipeline.provider import _as_told

    told = _as_told([Message(role="user", content="remember that I prefer metric units"),
                     Message(role="assistant", content="Remembered: You prefer metric units."),
                     Message(role="user", content="how far is 10 miles?")])
    assert [m.content for m in told] == ["remember that I prefer metric units", "You prefer metric units.",
                                         "how far is 10 miles?"]


def test_what_else_a_message_asked_is_said_to_be_unanswered(make_session):
    """"what's 5 + 5? also what's the capital of Italy?" was answered "5 + 5 = 10", the second
    question dropped without a word."""
    from tars.tools.calc import calc_tools

    session, model = make_session([[J({"tool": "calculate", "args": {"expression": "5 + 5"}})]], calc_tools())
    turn = session.send("what's 5 + 5? also what's the capital of Italy?")
    assert turn.text == ("5 + 5 = 10\n\nYou also asked \u201cwhat's the capital of Italy?\u201d; I did not answer "
                         "that here. Ask it on its own.")
    assert session.send("what's 17 times 23?").text == "17 × 23 = 391"  # one question: nothing added


@pytest.mark.parametrize("request_,args,left", [
    # two conversions joined by "and": the second had been dropped without a word
    ("convert 10 km to miles and 5 kg to pounds", {"value": 10, "from_unit": "km", "to_unit": "miles"},
     "\u201c5 kg to pounds\u201d"),
    ("weather between 3 and 5 pm in Oslo", {"location": "Oslo"}, None),  # one request
    ("what is the sum of 5 and 3", {"expression": "5 + 3"}, None),
])
def test_a_second_request_joined_by_and_is_named_when_unanswered(request_, args, left):
    from tars.events import ToolCall
    from tars.messages import Message
    from tars.pipeline.own_answers import also_asked

    call = ToolCall(name="convert_units", arguments=args)
    assert also_asked([Message(role="user", content=request_), Message(role="assistant", tool_calls=(call,)),
                       Message(role="tool", content="{}", tool_call_id=call.id, name=call.name)]) == left


def test_a_failed_call_is_named_by_its_words_not_its_counts():
    """A failed forecast for Oslo is "for Oslo", not "for Oslo, 1" (its day count)."""
    from tars.events import ToolCall
    from tars.messages import Message
    from tars.pipeline.own_answers import failure_answer

    def failed(arguments: dict) -> str:
        call = ToolCall(name="weather_forecast", arguments=arguments)
        return failure_answer([Message(role="user", content="weather?"), Message(role="assistant", tool_calls=(call,)),
                               Message(role="tool", content="error: cannot reach the geocoding service",
                                       tool_call_id=call.id, name=call.name, is_error=True)])

    assert failed({"location": "Oslo", "days": 1}).startswith("The `weather_forecast` tool failed for Oslo: cannot")
    assert failed({"latitude": 59.9, "longitude": 10.7}).startswith(
        "The `weather_forecast` tool failed for 59.9, 10.7:")
