"""The Session: streaming in every round, the bounded tool loop, tool errors, the call protocol."""

from __future__ import annotations

import time

import pytest

from tars.config import load_config
from tars.errors import ProviderUnavailable
from tars.events import Notice, Stop, TextDelta, ToolCall, ToolCallEvent
from tars.providers.scripted import ScriptedProvider
from tars.session import Session
from tars.tools import Tool, ToolRegistry

WEATHER_SCHEMA = {
    "type": "object",
    "properties": {"location": {"type": "string"}},
    "required": ["location"],
    "additionalProperties": False,
}


def weather_tool(log=None, **kw):
    def weather_now(location):
        if log is not None:
            log.append(location)
        return {"location": location, "sky": "clear", "temp_c": 21}

    return Tool(name="weather_now", description="Current weather for a place", parameters=WEATHER_SCHEMA,
                func=weather_now, family="weather", **kw)


def make_session(primary, remote=None, tools=(), **config_overrides):
    """A session whose primary is offered every tool (scripted models call whatever they like)."""
    config = load_config(environ={}).replace(**{"primary_tools": "all", **config_overrides})
    return Session(config, primary=primary, remote=remote, tools=ToolRegistry(tools))


def test_text_streams_in_every_round_and_results_go_back_under_the_call_id():
    seen = []
    model = ScriptedProvider([
        ["Let me look. ", ToolCall(id="c1", name="weather_now", arguments={"location": "Oslo"})],
        lambda messages, tools: [f"It is {'clear' if 'clear' in messages[-1].content else '?'} in Oslo."],
    ])
    session = make_session(model, tools=[weather_tool(seen)])
    events = list(session.stream("will it rain in Oslo today?"))
    texts = [e.text for e in events if isinstance(e, TextDelta)]
    assert texts == ["Let me look. ", "It is clear in Oslo."]
    assert seen == ["Oslo"]
    tool_msg = session.messages[2]
    assert tool_msg.role == "tool" and tool_msg.tool_call_id == "c1" and '"sky": "clear"' in tool_msg.content
    turn = session.last_turn
    assert turn.text == "It is clear in Oslo." and turn.rounds == 2
    assert [r.output["location"] for r in turn.tool_results] == ["Oslo"]


def test_all_calls_of_one_round_run_and_each_result_keeps_its_id():
    seen = []
    model = ScriptedProvider([
        [ToolCall(id="a", name="weather_now", arguments={"location": "Lima"}),
         ToolCall(id="b", name="weather_now", arguments={"location": "Quito"})],
        ["Both are clear."],
    ])
    session = make_session(model, tools=[weather_tool(seen)])
    turn = session.send("weather in Lima and Quito")
    assert seen == ["Lima", "Quito"]
    results = [(m.tool_call_id, m.content) for m in session.messages if m.role == "tool"]
    assert [r[0] for r in results] == ["a", "b"]
    assert "Lima" in results[0][1] and "Quito" in results[1][1]
    assert turn.text == "Both are clear."


def test_the_loop_stops_at_the_round_bound_and_says_so():
    model = ScriptedProvider([[ToolCall(name="weather_now", arguments={"location": "Rome"})]])
    session = make_session(model, tools=[weather_tool()], max_tool_rounds=10)
    events = list(session.stream("weather in Rome, again and again"))
    assert len(model.calls) == 10
    notices = [e.text for e in events if isinstance(e, Notice)]
    assert any("stopped after 10 tool rounds" in n for n in notices)
    assert session.last_turn.round_limit_hit


def test_a_failing_tool_becomes_an_error_result_and_the_session_goes_on():
    def broken(location):
        raise RuntimeError("sensor offline")

    slow = Tool(name="slow_tool", description="sleeps", func=lambda: time.sleep(5), timeout=0.2)
    tools = [weather_tool(), slow,
             Tool(name="broken_weather", description="fails", parameters=WEATHER_SCHEMA, func=broken)]
    model = ScriptedProvider([
        [ToolCall(id="1", name="broken_weather", arguments={"location": "Oslo"}),
         ToolCall(id="2", name="weather_now", arguments={"place": "Oslo"}),
         ToolCall(id="3", name="slow_tool", arguments={}),
         ToolCall(id="4", name="no_such_tool", arguments={})],
        ["Sorry, the tools failed."],
    ])
    session = make_session(model, tools=tools)
    turn = session.send("weather please")
    errors = {r.call_id: r.text for r in turn.tool_results}
    assert all(r.is_error for r in turn.tool_results)
    assert "sensor offline" in errors["1"]
    assert "location" in errors["2"] and "invalid arguments" in errors["2"]
    assert "did not finish within 0.2 s" in errors["3"]
    assert "unknown tool 'no_such_tool'" in errors["4"]
    assert turn.text == "Sorry, the tools failed."
    assert all(m.is_error for m in session.messages if m.role == "tool")


def test_auto_tools_off_exposes_calls_and_the_caller_runs_or_answers_them():
    seen = []
    model = ScriptedProvider([
        [ToolCall(id="x", name="weather_now", arguments={"location": "Paris"}),
         ToolCall(id="y", name="weather_now", arguments={"location": "Nice"})],
        lambda messages, tools: [" / ".join(m.content for m in messages if m.role == "tool")],
    ])
    config = load_config(environ={})
    session = Session(config, primary=model, tools=ToolRegistry([weather_tool(seen)]), auto_tools=False)
    reply = session.send("weather in Paris and Nice")
    assert [c.id for c in reply.tool_calls] == ["x", "y"] and seen == []
    first = session.call_tool(reply.tool_calls[0])
    assert seen == ["Paris"] and not first.is_error
    session.tool_call_result(reply.tool_calls[1], "Nice: foggy (from the caller)")
    final = session.resume()
    assert "Paris" in final.text and "Nice: foggy (from the caller)" in final.text
    assert seen == ["Paris"]


def test_unanswered_calls_get_an_error_result_before_the_next_message():
    model = ScriptedProvider([[ToolCall(id="z", name="weather_now", arguments={"location": "Bern"})], ["ok"]])
    session = Session(load_config(environ={}), primary=model, tools=ToolRegistry([weather_tool()]),
                      auto_tools=False)
    session.send("weather in Bern")
    session.send("never mind")
    tool_msgs = [m for m in session.messages if m.role == "tool"]
    assert len(tool_msgs) == 1 and tool_msgs[0].is_error and tool_msgs[0].tool_call_id == "z"


def test_an_interrupted_answer_is_kept_and_marked():
    model = ScriptedProvider([["The answer ", "is ", "long ", "and ", "slow."], ["Next."]])
    session = make_session(model)
    stream = session.stream("tell me a story")
    shown = []
    for event in stream:
        if isinstance(event, TextDelta):
            shown.append(event.text)
            if len(shown) == 2:
                break
    stream.close()  # what the REPL does on Ctrl-C
    assert session.last_turn.interrupted
    assert session.messages[-1].content == "The answer is " and session.messages[-1].interrupted
    session.send("go on")
    sent = model.calls[1]["messages"]
    assert "[answer interrupted by the user]" in sent[1].content


def test_escalated_turn_falls_back_to_the_primary_and_the_remote_cools_down():
    remote = ScriptedProvider([[ProviderUnavailable("overloaded (529)", status=529)]], model="remote")
    primary = ScriptedProvider([["Local answer."]], model="local")
    session = make_session(primary, remote=remote, tools=[weather_tool()])
    events = list(session.stream("will it rain today?"))
    notice = next(e for e in events if isinstance(e, Notice))
    assert "529" in notice.text and "answering with scripted:local" in notice.text
    turn = session.last_turn
    assert turn.fell_back and turn.text == "Local answer." and turn.model == "scripted:local"
    # a second message during the cool-down does not touch the remote, and says so at most once
    session.send("will it snow tomorrow?")
    assert len(remote.calls) == 1
    # nor does a new session (another process would read the same state file)
    other = make_session(ScriptedProvider([["Still local."]]), remote=remote, tools=[weather_tool()])
    events = list(other.stream("is it windy outside?"))
    assert len(remote.calls) == 1
    assert any("cooling down" in e.text for e in events if isinstance(e, Notice))


def test_a_primary_failure_is_raised_not_retried():
    primary = ScriptedProvider([[ProviderUnavailable("connection refused")]])
    session = make_session(primary)
    with pytest.raises(ProviderUnavailable):
        session.send("hello")
    assert len(primary.calls) == 1


def test_the_system_prompt_has_the_date_hints_and_context_sections():
    model = ScriptedProvider([["ok"]])
    session = make_session(model, tools=[weather_tool()])
    session.add_context(lambda text: "Memory: the user lives in Oslo.")
    session.send("do I need an umbrella today?")
    system = model.calls[0]["system"]
    import datetime as dt

    assert dt.date.today().isoformat() in system
    assert "Memory: the user lives in Oslo." in system
    assert "message needs: weather_now" in system  # offered natively: the hint helps choose (the router is sure)


def test_no_tool_hints_when_no_tools_are_offered():
    call = ToolCall(name="weather_now", arguments={"location": "Oslo"})
    model = ScriptedProvider([[call], [call], ["Clear."]])
    session = make_session(model, tools=[weather_tool()])
    session.send("will it rain in Oslo?")  # the repeated call makes the third round offer no tools
    assert len(model.calls) == 3 and "Tools that this message" in model.calls[0]["system"]
    assert model.calls[-1]["tools"] == [] and "most likely needs" not in model.calls[-1]["system"]


def test_ctrl_c_during_a_tool_leaves_every_call_with_a_result():
    def slow(location):
        raise KeyboardInterrupt  # what Ctrl-C looks like from inside a running tool

    tool = Tool(name="weather_now", description="d", parameters=WEATHER_SCHEMA, func=slow, family="weather")
    model = ScriptedProvider([[ToolCall(id="p", name="weather_now", arguments={"location": "A"}),
                               ToolCall(id="q", name="weather_now", arguments={"location": "B"})], ["fine"]])
    session = make_session(model, tools=[tool])
    with pytest.raises(KeyboardInterrupt):
        session.send("weather in A and B")
    results = {m.tool_call_id: m for m in session.messages if m.role == "tool"}
    assert set(results) == {"p", "q"} and all(m.is_error for m in results.values())
    assert session.last_turn.interrupted
    assert session.send("thanks").text == "fine"


def test_a_model_that_repeats_its_call_is_made_to_answer_instead_of_looping():
    seen = []
    model = ScriptedProvider([
        [ToolCall(name="weather_now", arguments={"location": "Paris"})],
        # what the 0.5B model does: the same call again, padded with the result's fields
        [ToolCall(name="weather_now", arguments={"location": "Paris", "sky": "clear", "temp_c": 21})],
        lambda messages, tools: [f"Clear in Paris ({len(tools)} tools offered)."],
    ])
    session = make_session(model, tools=[weather_tool(seen)])
    turn = session.send("weather in Paris?")
    assert seen == ["Paris"], "the repeated call did not run again"
    assert turn.text == "Clear in Paris (0 tools offered)." and turn.rounds == 3
    assert not turn.round_limit_hit


def test_the_same_call_written_many_times_in_one_reply_is_made_once():
    """The embedded model once wrote weather_now(Paris) 128 times in one reply; the refusals alone
    overflowed its window ("the message is too large")."""
    seen = []
    calls = [ToolCall(id=f"c{n}", name="weather_now", arguments={"location": "Paris"}) for n in range(128)]
    model = ScriptedProvider([calls, ["Clear in Paris."]])
    session = make_session(model, tools=[weather_tool(seen)])
    events = list(session.stream("weather in Paris?"))
    assert seen == ["Paris"] and session.last_turn.text == "Clear in Paris."
    assert len([e for e in events if isinstance(e, ToolCallEvent)]) == 1
    assert len([m for m in session.messages if m.role == "tool"]) == 1


def test_call_text_after_a_refused_repeat_is_not_the_answer_tars_answers_from_the_results():
    call = ToolCall(name="weather_now", arguments={"location": "Paris"})
    # what the 0.5B model writes in native mode once its repeated call is refused
    model = ScriptedProvider([[call], [call], ['{"name": "already called ', 'with these arguments"}']])
    session = make_session(model, tools=[weather_tool()])
    events = list(session.stream("weather in Paris?"))
    shown = "".join(e.text for e in events if isinstance(e, TextDelta))
    turn = session.last_turn
    assert '{"name"' not in shown and '{"name"' not in turn.text
    assert turn.text == shown == ("The model gave no answer, only another tool call. What the tools returned:\n"
                                  "- `weather_now` for Paris: location: Paris; sky: clear; temp_c: 21")
    assert session.messages[-1].content == turn.text  # what the next turn sees is what was shown
    assert not [e for e in events if isinstance(e, Notice)] and turn.stop_reason == "end_turn"


def test_call_text_after_a_repeated_failure_tells_the_failure():
    def down(location):
        raise ConnectionError("cannot reach the weather service")

    tool = Tool(name="weather_now", description="d", parameters=WEATHER_SCHEMA, func=down, family="weather")
    call = ToolCall(name="weather_now", arguments={"location": "Paris"})
    model = ScriptedProvider([[call], [call], ['```json\n{"name": "weather_now", "arguments": {}}\n```']])
    turn = make_session(model, tools=[tool]).send("weather in Paris?")
    assert turn.text.startswith("The `weather_now` tool failed for Paris:") and "won't guess" in turn.text


def test_call_text_after_a_refused_repeat_with_one_call_failed_shows_the_result_and_what_is_missing():
    def weather_now(location):
        if location == "Rome":
            raise TimeoutError("timed out after 30 s")
        return {"location": location, "sky": "clear"}

    tool = Tool(name="weather_now", description="d", parameters=WEATHER_SCHEMA, func=weather_now, family="weather")
    calls = [ToolCall(name="weather_now", arguments={"location": "Oslo"}),
             ToolCall(name="weather_now", arguments={"location": "Rome"})]
    model = ScriptedProvider([calls, calls, ['[{"name": "weather_now", "arguments": {"location": "Oslo"}}]']])
    text = make_session(model, tools=[tool]).send("weather in Oslo and Rome?").text
    assert text.startswith("The model gave no answer, only another tool call. What the tools returned:\n"
                           "- `weather_now` for Oslo: location: Oslo; sky: clear\n\nMissing: The `weather_now` tool "
                           "failed for Rome:"), text
    assert "timed out after 30 s" in text


def test_prose_after_a_refused_repeat_streams_as_it_comes():
    call = ToolCall(name="weather_now", arguments={"location": "Paris"})
    model = ScriptedProvider([[call], [call], ["Clear ", "in Paris, ", "21 °C."]])
    session = make_session(model, tools=[weather_tool()])
    texts = [e.text for e in session.stream("weather in Paris?") if isinstance(e, TextDelta)]
    assert texts == ["Clear ", "in Paris, ", "21 °C."]
    # JSON that is not a call (an answer the user asked to have as JSON) is kept as well
    model = ScriptedProvider([[call], [call], ['{"city": "Paris", "sky": "clear"}']])
    assert make_session(model, tools=[weather_tool()]).send("weather in Paris as JSON").text == \
        '{"city": "Paris", "sky": "clear"}'


def test_an_empty_answer_after_tool_calls_is_said_plainly():
    model = ScriptedProvider([[ToolCall(name="weather_now", arguments={"location": "Oslo"})], [""]])
    session = make_session(model, tools=[weather_tool()])
    events = list(session.stream("weather in Oslo?"))
    notices = [e.text for e in events if isinstance(e, Notice)]
    assert notices == ["scripted:script gave no answer after its tool calls; their results are above"]


def test_an_empty_answer_is_said_plainly_too():
    """A reply that was nothing but a call to a tool not offered shows nothing; the user is told so."""
    session = make_session(ScriptedProvider([[""]]))
    notices = [e.text for e in session.stream("and in feet?") if isinstance(e, Notice)]
    assert notices == ["scripted:script gave no answer"]


def test_an_answer_cut_at_the_output_limit_is_told_and_marked_on_the_turn():
    model = ScriptedProvider([["The three steps are: first", Stop(reason="max_tokens")]])
    session = make_session(model)
    events = list(session.stream("list the three steps"))
    notices = [e.text for e in events if isinstance(e, Notice)]
    assert notices == ["the answer was cut off: scripted:script reached its output limit (max_tokens)"]
    turn = session.last_turn
    assert turn.stop_reason == "max_tokens" and turn.truncated
    assert turn.as_dict()["stop_reason"] == "max_tokens" and turn.as_dict()["truncated"] is True
    assert turn.text == "The three steps are: first"


def test_a_refusal_is_told_as_a_refusal():
    session = make_session(ScriptedProvider([["I can't help with that.", Stop(reason="refusal")]]))
    events = list(session.stream("do something bad"))
    assert [e.text for e in events if isinstance(e, Notice)] == ["scripted:script declined to answer (refusal)"]
    assert session.last_turn.stop_reason == "refusal" and not session.last_turn.truncated


def test_a_call_to_a_tool_not_offered_never_runs_and_the_turn_goes_on():
    ran = []
    note = Tool(name="note_append", description="Append text to a note",
                parameters={"type": "object", "properties": {"path": {"type": "string"}, "text": {"type": "string"}}},
                func=lambda path, text: ran.append(path))
    model = ScriptedProvider([
        [ToolCall(id="x", name="note_append", arguments={"path": "pwned.md", "text": "hi"})],
        lambda messages, tools: [f"Summary: the meeting went well. ({len(tools)} tools offered)"],
    ])
    session = make_session(model, tools=[note, weather_tool()], primary_tools="hinted")
    turn = session.send("summarise: the meeting went well")
    assert ran == [], "a tool that was not offered ran"
    result = turn.tool_results[0]
    assert result.is_error and "not available" in result.text and result.call_id == "x"
    assert turn.text == "Summary: the meeting went well. (0 tools offered)"


def test_a_call_that_failed_is_not_tried_again_in_the_same_turn():
    attempts = []

    def offline(location):
        attempts.append(location)
        raise ConnectionError("cannot reach the weather service")

    tool = Tool(name="weather_now", description="Current weather", parameters=WEATHER_SCHEMA, func=offline)
    model = ScriptedProvider([
        [ToolCall(id="a", name="weather_now", arguments={"location": "Paris"})],
        [ToolCall(id="b", name="weather_now", arguments={"location": "Paris"}),
         ToolCall(id="c", name="weather_now", arguments={"location": "Lyon"})],
        [ToolCall(id="d", name="weather_now", arguments={"location": "Lyon"})],
        lambda messages, tools: [f"The weather service is unreachable ({len(tools)} tools offered)."],
    ])
    turn = make_session(model, tools=[tool]).send("weather in Paris and Lyon?")
    assert attempts == ["Paris", "Lyon"], "a failed call ran again"
    results = {r.call_id: r.text for r in turn.tool_results}
    assert "already failed" in results["b"] and "cannot reach" in results["c"] and "already failed" in results["d"]
    assert turn.text == "The weather service is unreachable (0 tools offered)."
