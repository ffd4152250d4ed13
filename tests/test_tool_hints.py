"""The keyword router's hints reach the model typed: a native model reads them as a paragraph of its
system prompt, pipeline mode plans its round by the typed value and never parses the prompt."""

from __future__ import annotations

import json

import pytest

from tars.config import load_config
from tars.events import ToolCall
from tars.messages import Message
from tars.pipeline import PipelineProvider
from tars.pipeline.provider import Plan
from tars.providers.scripted import ScriptedProvider
from tars.session import Session
from tars.system_prompt import build_system_prompt, hint_paragraph
from tars.tool_hints import ToolHints
from tars.tools.base import Tool
from tars.tools.registry import ToolRegistry

WEATHER = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


def _tool(name: str, log: list | None = None) -> Tool:
    def run(city: str) -> dict:
        (log if log is not None else []).append((name, city))
        return {"city": city, "temp_c": 12, "sky": "light rain"}

    return Tool(name=name, description=f"{name.replace('_', ' ')} for a place.", parameters=WEATHER, func=run)


NOW, LATER, NOTE = _tool("weather_now"), _tool("weather_forecast"), _tool("note_read")
ASKED = [Message(role="user", content="weather in Paris?")]
ANSWERED = [*ASKED, Message(role="assistant", tool_calls=(ToolCall(id="c1", name="weather_now",
                                                                    arguments={"city": "Paris"}),)),
            Message(role="tool", tool_call_id="c1", name="weather_now", content='{"temp_c": 12}')]


def sure(*names: str) -> ToolHints:
    return ToolHints(names=names, sure=True)


@pytest.mark.parametrize(("messages", "tools", "hints", "step", "offered", "allow_none"), [
    (ASKED, [NOW], sure("weather_now"), "call", ["weather_now"], True),  # sure of one tool: no router step
    (ANSWERED, [NOW], sure("weather_now"), "summarise", [], True),  # ...and after its result, the answer
    (ASKED, [NOW], ToolHints(names=("weather_now",)), "route", ["weather_now"], True),  # unsure: the model decides
    (ASKED, [NOW], None, "route", ["weather_now"], True),  # no hints at all
    (ASKED, [NOW, LATER], sure("weather_now", "weather_forecast"), "route", ["weather_now", "weather_forecast"],
     False),  # sure of a family: its tools, and "none" is no choice
    (ANSWERED, [NOW, LATER], sure("weather_now", "weather_forecast"), "route",
     ["weather_now", "weather_forecast"], True),  # after a result, "none" is a choice again
    (ASKED, [NOW, NOTE], sure("weather_now"), "route", ["weather_now", "note_read"], False),  # more offered than hinted
    (ASKED, [], None, "answer", [], True),  # sure no tool is needed: nothing offered, no tool step
    (ASKED, [NOW], ToolHints(sure=True), "route", ["weather_now"], True),  # sure of nothing is not sure
])
def test_the_round_is_planned_from_the_typed_hints(messages, tools, hints, step, offered, allow_none):
    plan = PipelineProvider(ScriptedProvider([])).plan(messages, tools, hints)
    expected = Plan(step, [t for t in tools if t.name in offered], allow_none=allow_none)
    assert (plan.step, plan.tools, plan.allow_none) == (expected.step, expected.tools, expected.allow_none)
    if plan.step in ("call", "route"):  # whether a missing detail is asked for
        assert plan.sure == bool(hints and hints.sure and hints.names)


def _first_step(hints: ToolHints | None) -> str:
    """The first step of a pipeline round over weather_now with the sure hint paragraph in its prompt."""
    model = ScriptedProvider([[json.dumps({"choice": "call_tool", "tool": "weather_now", "question": None})],
                              [json.dumps({"tool": "weather_now", "args": {"city": "Paris"}})]], native_tools=False)
    pipeline = PipelineProvider(model)
    system = build_system_prompt(hints=sure("weather_now"), tools=True)
    list(pipeline.stream(ASKED, system=system, tools=[NOW.spec()], hints=hints))
    return pipeline.timings[0][0]


def test_the_pipeline_goes_by_the_typed_hints_not_by_the_prompt_text():
    assert _first_step(sure("weather_now")) == "executor"  # sure of the one tool: straight to the executor
    assert _first_step(None) == "router"  # the paragraph is text for a model, not a decision


def test_a_session_hands_the_hints_to_the_pipeline_and_keeps_them_from_the_answer():
    log: list = []
    model = ScriptedProvider([[json.dumps({"tool": "weather_now", "args": {"city": "Paris"}})],
                              ["12 °C and light rain in Paris."]], native_tools=False)
    session = Session(load_config().replace(tool_mode="pipeline"), primary=PipelineProvider(model),
                      tools=ToolRegistry([_tool("weather_now", log), _tool("note_read", log)]))
    route = session.route("What is the weather like in Paris?")
    assert route.band == "sure" and route.tool_hints == ("weather_now",)
    turn = session.send("What is the weather like in Paris?")
    assert log == [("weather_now", "Paris")] and turn.text.startswith("12 °C")
    executor, summariser = model.calls  # no router step before the executor, none after the result
    assert "args" in executor["response_schema"]["properties"]
    assert hint_paragraph(sure("weather_now")) not in summariser["system"]  # hints choose tools, not answers
    assert [step for step, _ in session.primary.timings] == ["executor", "summariser"]


def test_a_native_model_reads_the_hints_in_its_prompt_and_gets_them_typed_too():
    call = ToolCall(name="weather_now", arguments={"city": "Oslo"})
    model = ScriptedProvider([[call], [call], ["Clear."]])
    session = Session(load_config(), primary=model, tools=ToolRegistry([_tool("weather_now")]))
    session.send("will it rain in Oslo?")  # the repeated call makes the third round offer no tools
    first, _, last = model.calls
    assert first["hints"] == sure("weather_now") and "Tools that this message needs: weather_now." in first["system"]
    assert last["tools"] == [] and last["hints"] is None and "weather_now." not in last["system"]


def test_the_hints_name_the_router_decision_and_offer_only_tools_that_exist():
    routed = type("Routed", (), {"tool_hints": ("weather_now", "gone_tool"), "band": "sure"})()
    hints = ToolHints.of(routed)
    assert hints == sure("weather_now", "gone_tool")
    assert hints.offered({"weather_now": NOW}.get) == [NOW]
    assert not ToolHints.of(type("Routed", (), {"tool_hints": (), "band": "sure"})()).sure
