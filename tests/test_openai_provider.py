"""openai:<model> against a local server speaking the OpenAI-compatible chat API over real
HTTP/SSE: text, structured tool calls, calls written as text, reasoning, errors."""

from __future__ import annotations

import pytest
from servers.openai_compat import OpenAICompatServer

from tars.config import ModelSpec, load_config
from tars.errors import ProviderRejected, ProviderUnavailable
from tars.events import ReasoningDelta, Stop, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.providers import make_provider
from tars.providers.openai import OpenAIProvider

WEATHER = {"name": "weather_now", "description": "Current weather",
           "parameters": {"type": "object", "properties": {"location": {"type": "string"}}}}
ASK = [Message(role="user", content="weather in Paris?")]


@pytest.fixture
def server():
    with OpenAICompatServer() as srv:
        yield srv


def provider_for(server, **settings) -> OpenAIProvider:
    config = load_config().replace(openai_base_url=server.url + "/v1", **settings)
    return make_provider(ModelSpec("openai", "qwen2.5-7b-instruct"), config)


def test_streams_text_usage_and_stop(server):
    server.script({"text": "Paris is sunny today.", "usage": {"prompt_tokens": 30, "completion_tokens": 5}})
    events = list(provider_for(server).stream(ASK, system="be brief"))
    assert [e.text for e in events if isinstance(e, TextDelta)] == ["Paris", " is", " sunny", " today."]
    assert Usage(input_tokens=30, output_tokens=5) in events
    assert events[-1] == Stop(reason="end_turn")
    body = server.requests[-1].body
    assert body["stream"] is True and body["model"] == "qwen2.5-7b-instruct"
    assert body["messages"][0] == {"role": "system", "content": "be brief"}
    assert "tools" not in body


@pytest.mark.parametrize("finish_reason, reason", [("length", "max_tokens"), ("content_filter", "refusal"),
                                                  ("stop", "end_turn")])
def test_the_finish_reason_arrives_in_tars_words(server, finish_reason, reason):
    server.script({"text": "The story begins on a dark and", "finish_reason": finish_reason})
    events = list(provider_for(server).stream(ASK))
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "The story begins on a dark and"
    assert events[-1] == Stop(reason=reason)


def test_structured_tool_calls_are_accumulated_by_index(server):
    server.script({"tool_calls": [{"name": "weather_now", "arguments": {"location": "Paris, FR"}, "id": "call_a"},
                                  {"name": "weather_now", "arguments": {"location": "Oslo"}, "id": "call_b"}],
                   "arg_pieces": 4})
    provider = provider_for(server)
    events = list(provider.stream(ASK, tools=[WEATHER]))
    calls = [e.call for e in events if isinstance(e, ToolCallEvent)]
    assert calls == [ToolCall(id="call_a", name="weather_now", arguments={"location": "Paris, FR"}),
                     ToolCall(id="call_b", name="weather_now", arguments={"location": "Oslo"})]
    assert events[-1] == Stop(reason="tool_use")
    sent = server.requests[-1].body["tools"]
    assert sent == [{"type": "function", "function": WEATHER}]
    assert provider.native_tools


def test_calls_written_as_text_are_parsed_and_never_shown(server):
    call = '{"name": "weather_now", "arguments": {"location": "Paris"}}'
    server.script({"text": f"Let me check.\n<tool_call>\n{call}\n</tool_call>", "text_chunks": 7})
    provider = provider_for(server)
    events = list(provider.stream(ASK, tools=[WEATHER]))
    shown = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert shown == "Let me check."
    calls = [(e.call.name, e.call.arguments) for e in events if isinstance(e, ToolCallEvent)]
    assert calls == [("weather_now", {"location": "Paris"})]
    assert events[-1] == Stop(reason="tool_use")
    assert provider.native_tools is False  # it writes calls as text: the session may rescue and describe tools


def test_reasoning_content_becomes_reasoning(server):
    server.script({"reasoning": "The user wants weather.", "text": "Sunny."})
    events = list(provider_for(server).stream(ASK))
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == "The user wants weather."
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Sunny."


def test_history_with_tool_calls_and_results_is_sent_in_openai_shape(server):
    server.script("It is sunny.")
    call = ToolCall(id="call_9", name="weather_now", arguments={"location": "Paris"})
    history = [*ASK, Message(role="assistant", content="", tool_calls=(call,)),
               Message(role="tool", content='{"sky": "clear"}', tool_call_id="call_9", name="weather_now")]
    list(provider_for(server).stream(history, tools=[WEATHER]))
    messages = server.requests[-1].body["messages"]
    assert messages[1]["tool_calls"][0] == {"id": "call_9", "type": "function",
                                            "function": {"name": "weather_now", "arguments": '{"location": "Paris"}'}}
    assert messages[2] == {"role": "tool", "tool_call_id": "call_9", "content": '{"sky": "clear"}'}


def test_server_without_jinja_gets_the_tools_in_the_prompt(server):
    server.script({"error": 500, "message": "tools param requires --jinja flag"},
                  {"text": '```json\n{"name": "weather_now", "arguments": {"location": "Paris"}}\n```'})
    provider = provider_for(server)
    events = list(provider.stream(ASK, system="You are tars.", tools=[WEATHER]))
    assert [e.call.name for e in events if isinstance(e, ToolCallEvent)] == ["weather_now"]
    retry = server.requests[-1].body
    assert "tools" not in retry and "weather_now" in retry["messages"][0]["content"]
    assert provider.native_tools is False


@pytest.mark.parametrize("status, error", [(429, ProviderUnavailable), (500, ProviderUnavailable),
                                           (503, ProviderUnavailable), (401, ProviderUnavailable),
                                           (400, ProviderRejected), (404, ProviderRejected)])
def test_http_errors_are_converted_with_status(server, status, error):
    server.script({"error": status, "message": f"scripted {status}"})
    with pytest.raises(error) as caught:
        list(provider_for(server).stream(ASK))
    assert caught.value.status == status and f"scripted {status}" in str(caught.value)


def test_api_key_is_sent_but_never_shown(server):
    server.api_key = "sk-right-key-123456"
    server.script("hello")
    assert list(provider_for(server, openai_api_key="sk-right-key-123456").stream(ASK))[0] == TextDelta(text="hello")
    with pytest.raises(ProviderUnavailable) as caught:
        list(provider_for(server, openai_api_key="sk-wrong-key-999999").stream(ASK))
    assert caught.value.status == 401 and "999999" not in str(caught.value) and "sk-" not in repr(caught.value)


def test_connection_refused_is_unavailable():
    config = load_config().replace(openai_base_url="http://127.0.0.1:9/v1")
    with pytest.raises(ProviderUnavailable, match="cannot reach"):
        list(OpenAIProvider("m", config).stream(ASK))


def test_error_inside_the_stream_is_unavailable(server):
    server.script({"text": "partial answer", "stream_error": True})
    with pytest.raises(ProviderUnavailable, match="mid-stream"):
        list(provider_for(server).stream(ASK))


def test_silent_server_times_out(server):
    server.script({"text": "late", "delay": 3})
    with pytest.raises(ProviderUnavailable, match="timed out"):
        list(provider_for(server, openai_timeout=0.3).stream(ASK))


def test_session_runs_text_calls_from_an_openai_server(server):
    from tars.session import Session
    from tars.tools.base import Tool
    from tars.tools.registry import ToolRegistry

    tool = Tool(name="weather_now", description="Current weather", parameters=WEATHER["parameters"],
                func=lambda location: {"location": location, "sky": "clear"})
    server.script({"text": '```json\n{"name": "weather_now", "arguments": {"location": "Paris"}}\n```'},
                  "Clear skies in Paris.")
    config = load_config().replace(openai_base_url=server.url + "/v1", primary_tools="all", tool_mode="native")
    session = Session(config, primary=make_provider(ModelSpec("openai", "local"), config), tools=ToolRegistry([tool]))
    turn = session.send("weather in Paris?")
    assert [r.name for r in turn.tool_results] == ["weather_now"] and not turn.tool_results[0].is_error
    assert turn.text.strip().endswith("Clear skies in Paris.")
    follow_up = server.requests[-1].body["messages"]
    assert any("clear" in (m.get("content") or "") for m in follow_up if m["role"] in ("tool", "user"))


def test_models_info_reads_the_template_llama_server_reports(server):
    from tars.cli.models_cmd import model_info

    server.chat_template = "{% for m in messages %}...{% endfor %}[TOOL_CALLS] ... [ARGS]"
    info = model_info("openai:my-finetune", load_config().replace(openai_base_url=server.url + "/v1"))
    assert info["format"] == "mistral_args" and "template" in info["why"]
    assert info["template"] == "llama-server /props"
