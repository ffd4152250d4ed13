"""Rescue: a reply that only describes a tool call becomes the call, through a scripted rescue
model; ordinary answers cost nothing; timeouts, errors and garbage leave the reply alone."""

from __future__ import annotations

import time

import pytest

from tars.config import load_config
from tars.errors import ProviderUnavailable
from tars.events import ToolCall
from tars.providers.scripted import ScriptedProvider
from tars.rescue import Rescuer, mentioned_tools
from tars.tools.base import Tool

WEATHER = Tool(name="weather_now", description="Current weather for a place",
               parameters={"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]},
               func=lambda location: {"location": location, "sky": "clear", "temp_c": 21}, family="weather")
TIME = Tool(name="time_now", description="Current time", func=lambda: "12:00", aliases=("time.get_current_time",))
NOTES = Tool(name="note_add", description="Add a note",
             parameters={"type": "object", "properties": {"text": {"type": "string"}}}, func=lambda text: "ok")
DESCRIBED = "To answer this I would call weather_now with location Paris and then tell you."


def test_success_replaces_the_description_with_calls():
    model = ScriptedProvider([[ToolCall(name="weather_now", arguments={"location": "Paris"})]])
    rescuer = Rescuer(model)
    calls = rescuer(DESCRIBED, [WEATHER, TIME, NOTES])
    assert [(c.name, c.arguments) for c in calls] == [("weather_now", {"location": "Paris"})]
    assert (rescuer.fired, rescuer.succeeded) == (1, 1)
    sent = model.calls[0]
    assert [t["name"] for t in sent["tools"]] == ["weather_now"]  # only the mentioned tool's schema
    assert DESCRIBED in sent["messages"][-1].content


def test_ordinary_answer_costs_nothing():
    model = ScriptedProvider([[ToolCall(name="weather_now", arguments={"location": "Paris"})]])
    rescuer = Rescuer(model)
    assert rescuer("The capital of France is Paris. The weather there is mild.", [WEATHER, TIME]) is None
    assert model.calls == [] and rescuer.fired == 0


def test_alias_mention_counts_and_resolves_to_the_wire_name():
    model = ScriptedProvider([[ToolCall(name="time.get_current_time", arguments={})]])
    calls = Rescuer(model)("I need time.get_current_time to answer.", [TIME])
    assert [c.name for c in calls] == ["time_now"]


def test_rescue_model_that_writes_the_call_as_text():
    written = '```json\n{"name": "weather_now", "arguments": {"location": "Rome"}}\n```'
    model = ScriptedProvider([[written]], native_tools=False)
    calls = Rescuer(model)("use weather_now for Rome", [WEATHER])
    assert [(c.name, c.arguments) for c in calls] == [("weather_now", {"location": "Rome"})]


def test_timeout_passes_the_reply_through():
    model = ScriptedProvider([["slow ", ToolCall(name="weather_now", arguments={"location": "Paris"})]], delay=2.0)
    rescuer = Rescuer(model, timeout=0.2)
    start = time.monotonic()
    assert rescuer(DESCRIBED, [WEATHER]) is None
    assert time.monotonic() - start < 1.5
    assert (rescuer.fired, rescuer.succeeded) == (1, 0)


@pytest.mark.parametrize("round_", [
    ["NONE"],
    ["I am not sure what you mean {{{ ]]"],
    [ToolCall(name="format_disk", arguments={})],  # a tool that was not offered
    ['<tool_call>{"name": "weather_now", "arguments": "not json at all"}</tool_call>'],
    [ProviderUnavailable("rescue model down", status=503)],
    [],
], ids=["none", "garbage", "unoffered", "bad-arguments", "provider-error", "empty"])
def test_garbage_or_errors_pass_the_reply_through(round_):
    rescuer = Rescuer(ScriptedProvider([round_]))
    assert rescuer(DESCRIBED, [WEATHER]) is None
    assert (rescuer.fired, rescuer.succeeded) == (1, 0)


def test_mentions_are_whole_words():
    assert mentioned_tools("call weather_now please", [WEATHER, NOTES]) == [WEATHER]
    assert mentioned_tools("weather_nowhere and note_address", [WEATHER, NOTES]) == []


def test_from_config_is_off_unless_configured(monkeypatch):
    assert Rescuer.from_config(load_config()) is None
    monkeypatch.setenv("TARS_RESCUE_MODEL", "ollama:functiongemma")
    monkeypatch.setenv("TARS_RESCUE_TIMEOUT", "7")
    rescuer = Rescuer.from_config(load_config())
    assert rescuer is not None and rescuer.timeout == 7.0
    assert (rescuer.provider.provider, rescuer.provider.model) == ("ollama", "functiongemma")


def test_session_runs_the_rescued_call_and_the_next_round_sees_the_result():
    from tars.session import Session
    from tars.tools.registry import ToolRegistry

    primary = ScriptedProvider([[DESCRIBED], ["It is clear and 21 °C in Paris."]], native_tools=False)
    config = load_config().replace(primary_tools="all", tool_mode="native")
    session = Session(config, primary=primary, tools=ToolRegistry([WEATHER]))
    session.rescuer = Rescuer(ScriptedProvider([[ToolCall(name="weather_now", arguments={"location": "Paris"})]]))
    from tars.events import ToolCallEvent

    events = list(session.stream("what's the weather in Paris?"))
    turn = session.last_turn
    assert [e.call.name for e in events if isinstance(e, ToolCallEvent)] == ["weather_now"]  # shown as a call
    assert [r.name for r in turn.tool_results] == ["weather_now"]
    assert "21" in turn.text
    second_round = primary.calls[1]["messages"]
    assert any(m.role == "tool" and "clear" in m.content for m in second_round)
    assert not any(m.role == "assistant" and DESCRIBED in m.content for m in second_round)
    assert session.status()["rescue"] == {"fired": 1, "succeeded": 1}
