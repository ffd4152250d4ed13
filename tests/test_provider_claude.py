"""ClaudeProvider over the wire: the real `anthropic` SDK against a local Messages API server."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from servers.anthropic import AnthropicServer
from servers.fixtures import anthropic_server  # noqa: F401  (fixture)
from servers.streaming import ask, collect_until_error, text_of

from tars.config import DEFAULT_CLAUDE_MODEL, load_config
from tars.errors import ProviderRejected, ProviderUnavailable
from tars.events import ReasoningDelta, Stop, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.providers import make_provider
from tars.providers.claude import ClaudeProvider

KEY = "sk-ant-api03-SECRETKEY-do-not-leak-4242"
MODEL = "claude-opus-4-7"
WEATHER = {"name": "weather", "description": "Weather for a city",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def provider_for(url: str, timeout: float = 0.5) -> ClaudeProvider:
    config = load_config(environ={"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": url,
                                  "TARS_REMOTE_TIMEOUT": str(timeout)})
    return ClaudeProvider(MODEL, config)


def test_text_streams_as_several_deltas_then_usage_and_stop(anthropic_server: AnthropicServer) -> None:
    anthropic_server.script({"text": "Paris is the capital of France.", "usage": {"input_tokens": 31,
                                                                                    "output_tokens": 7}})
    events = ask(provider_for(anthropic_server.url), "capital of France?")
    deltas = [e for e in events if isinstance(e, TextDelta)]
    assert len(deltas) == 6 and text_of(events) == "Paris is the capital of France."
    assert events[-2:] == [Usage(input_tokens=31, output_tokens=7), Stop(reason="end_turn")]
    sent = anthropic_server.requests[0]
    assert sent.body["model"] == MODEL and sent.body["stream"] is True and sent.body["max_tokens"] > 0
    assert sent.body["messages"] == [{"role": "user", "content": [{"type": "text", "text": "capital of France?"}]}]


def test_several_tool_calls_in_one_reply_are_assembled_from_json_fragments(anthropic_server) -> None:
    anthropic_server.script({"text": "Checking both.", "json_fragments": 5, "tool_calls": [
        {"id": "toolu_A", "name": "weather", "input": {"city": "Oslo", "days": [1, 2]}},
        {"id": "toolu_B", "name": "weather", "input": {"city": "Lima, Peru"}},
        {"id": "toolu_C", "name": "clock", "input": {}}]})
    events = ask(provider_for(anthropic_server.url), "weather in Oslo and Lima?", tools=[WEATHER])
    calls = [e.call for e in events if isinstance(e, ToolCallEvent)]
    assert calls == [ToolCall(id="toolu_A", name="weather", arguments={"city": "Oslo", "days": [1, 2]}),
                     ToolCall(id="toolu_B", name="weather", arguments={"city": "Lima, Peru"}),
                     ToolCall(id="toolu_C", name="clock", arguments={})]
    assert text_of(events) == "Checking both." and events[-1] == Stop(reason="tool_use")
    assert anthropic_server.requests[0].body["tools"] == [
        {"name": "weather", "description": "Weather for a city", "input_schema": WEATHER["parameters"]}]


@pytest.mark.parametrize("stop_reason, reason", [("max_tokens", "max_tokens"), ("refusal", "refusal"),
                                                ("stop_sequence", "end_turn"), ("pause_turn", "end_turn")])
def test_the_apis_stop_reason_arrives_in_tars_words(anthropic_server, stop_reason, reason) -> None:
    anthropic_server.script({"text": "The story begins on a dark and", "stop_reason": stop_reason})
    events = ask(provider_for(anthropic_server.url), "tell me a long story")
    assert text_of(events) == "The story begins on a dark and" and events[-1] == Stop(reason=reason)


def test_conversation_with_tool_calls_and_results_reaches_the_api_in_its_shape(anthropic_server) -> None:
    anthropic_server.script("Oslo is sunny, Lima failed.")
    a, b = ToolCall(id="toolu_1", name="weather", arguments={"city": "Oslo"}), \
        ToolCall(id="toolu_2", name="weather", arguments={"city": "Lima"})
    conversation = [
        Message(role="user", content="weather in Oslo and Lima?"),
        Message(role="assistant", content="Let me look. ", tool_calls=(a, b)),
        Message(role="tool", content="sunny, 21 C", tool_call_id="toolu_1", name="weather"),
        Message(role="tool", content="service down", tool_call_id="toolu_2", name="weather", is_error=True),
        Message(role="assistant", content="Oslo is sunny; Lima failed."),
        Message(role="user", content="thanks"),
    ]
    events = list(provider_for(anthropic_server.url).stream(conversation, system="Be brief.", tools=[WEATHER]))
    assert text_of(events) == "Oslo is sunny, Lima failed."  # the server validated tool_use/tool_result pairing
    body = anthropic_server.requests[0].body
    assert body["system"] == "Be brief."
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "weather in Oslo and Lima?"}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {"city": "Oslo"}},
            {"type": "tool_use", "id": "toolu_2", "name": "weather", "input": {"city": "Lima"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny, 21 C"},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": "service down", "is_error": True}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Oslo is sunny; Lima failed."}]},
        {"role": "user", "content": [{"type": "text", "text": "thanks"}]},
    ]


def test_a_call_left_without_result_gets_an_error_result_so_the_api_accepts_the_history(anthropic_server) -> None:
    anthropic_server.script("ok")
    call = ToolCall(id="toolu_9", name="weather", arguments={"city": "Oslo"})
    conversation = [Message(role="user", content="weather?"), Message(role="assistant", tool_calls=(call,)),
                    Message(role="user", content="never mind, hello")]
    assert text_of(list(provider_for(anthropic_server.url).stream(conversation))) == "ok"
    last = anthropic_server.requests[0].body["messages"][-1]
    assert last["content"][0]["tool_use_id"] == "toolu_9" and last["content"][0]["is_error"] is True
    assert last["content"][1] == {"type": "text", "text": "never mind, hello"}


@pytest.mark.parametrize("error, kind, status, words", [
    (529, ProviderUnavailable, 529, "overloaded (529)"),
    (429, ProviderUnavailable, 429, "rate limited (429)"),
    (500, ProviderUnavailable, 500, "server error (500)"),
    ("billing", ProviderUnavailable, 400, "credit balance too low (400)"),
    (401, ProviderUnavailable, 401, "authentication failed"),
    (403, ProviderUnavailable, 403, "permission denied (403)"),
    (404, ProviderRejected, 404, f"model {MODEL} not found (404)"),
    (400, ProviderRejected, 400, "rejected the request (400): messages: at least one"),
])
def test_each_error_status_becomes_a_typed_error_naming_status_and_cause(anthropic_server, error, kind, status,
                                                                        words) -> None:
    anthropic_server.script({"error": error})
    events, exc = collect_until_error(provider_for(anthropic_server.url))
    assert type(exc) is kind and exc.status == status and exc.provider == "claude"
    assert words in str(exc)
    assert KEY not in str(exc) and KEY not in repr(exc) and "SECRETKEY" not in str(exc)
    assert events == [] and len(anthropic_server.requests) == 1  # no client retries


def test_an_api_message_that_echoes_the_key_is_scrubbed(anthropic_server) -> None:
    anthropic_server.script({"error": 400, "message": f"bad header value {KEY}"})
    _, exc = collect_until_error(provider_for(anthropic_server.url))
    assert KEY not in str(exc) and "bad header value ****" in str(exc)


def test_429_with_retry_after_fails_at_once_instead_of_waiting(anthropic_server) -> None:
    anthropic_server.script({"error": 429, "retry_after": 30}, "never reached")
    started = time.monotonic()
    _, exc = collect_until_error(provider_for(anthropic_server.url))
    assert time.monotonic() - started < 1.5
    assert exc.status == 429 and len(anthropic_server.requests) == 1


def test_connection_refused_is_unavailable() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once the socket closes
    _, exc = collect_until_error(provider_for(f"http://127.0.0.1:{port}"))
    assert isinstance(exc, ProviderUnavailable) and f"127.0.0.1:{port}" in str(exc) and KEY not in str(exc)


def test_stream_cut_midway_yields_what_arrived_then_raises(anthropic_server) -> None:
    anthropic_server.script({"text": "one two three four five six", "cut_after": 5})
    events, exc = collect_until_error(provider_for(anthropic_server.url))
    assert text_of(events) == "one two three " and not any(isinstance(e, Stop) for e in events)
    assert isinstance(exc, ProviderUnavailable) and "middle of the answer" in str(exc)


def test_overloaded_error_event_inside_a_started_stream_counts_as_529(anthropic_server) -> None:
    anthropic_server.script({"text": "partial answer", "stream_error": True})
    events, exc = collect_until_error(provider_for(anthropic_server.url))
    assert text_of(events) == "partial answer"
    assert isinstance(exc, ProviderUnavailable) and exc.status == 529 and "overloaded (529)" in str(exc)


def test_silent_server_trips_the_timeout(anthropic_server) -> None:
    anthropic_server.script({"text": "too late", "delay": 3})
    started = time.monotonic()
    events, exc = collect_until_error(provider_for(anthropic_server.url, timeout=0.4))
    assert time.monotonic() - started < 1.5
    assert events == [] and isinstance(exc, ProviderUnavailable) and "timed out after 0.4 s" in str(exc)


def test_stream_that_stalls_midway_trips_the_timeout_after_the_first_words(anthropic_server) -> None:
    anthropic_server.script({"text": "first words then nothing", "stall_after": 4, "stall": 3})
    started = time.monotonic()
    events, exc = collect_until_error(provider_for(anthropic_server.url, timeout=0.4))
    assert time.monotonic() - started < 1.5
    assert text_of(events) == "first words "
    assert isinstance(exc, ProviderUnavailable) and "timed out in the middle of the answer" in str(exc)
    assert not any(isinstance(e, Stop) for e in events)


def test_thinking_streams_as_reasoning_not_answer(anthropic_server) -> None:
    anthropic_server.script({"thinking": "The user greets me.", "text": "Hello!"})
    events = ask(provider_for(anthropic_server.url))
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == "The user greets me."
    assert text_of(events) == "Hello!"


def test_response_schema_is_asked_for_in_the_system_prompt(anthropic_server) -> None:
    anthropic_server.script('{"city": "Oslo"}')
    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    ask(provider_for(anthropic_server.url), system="Extract.", response_schema=schema)
    system = anthropic_server.requests[0].body["system"]
    assert system.startswith("Extract.") and '"city": {"type": "string"}' in system


def test_make_provider_builds_claude_from_settings_and_never_shows_the_key(anthropic_server) -> None:
    anthropic_server.script("hi from claude")
    config = load_config(environ={"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": anthropic_server.url})
    provider = make_provider(config.model_remote, config)
    assert provider.model == DEFAULT_CLAUDE_MODEL and KEY not in repr(provider)
    assert text_of(ask(provider)) == "hi from claude"
    assert anthropic_server.requests[0].headers.get("x-api-key", anthropic_server.requests[0].headers.get(
        "authorization", "")).endswith(KEY)


def test_importing_the_module_does_not_import_the_sdk() -> None:
    code = "import sys, tars.providers.claude, tars.providers.ollama; print('anthropic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "False", out.stderr


def test_a_wrong_key_is_refused_by_the_server_and_reported_without_the_key() -> None:
    with AnthropicServer(api_key="sk-ant-the-right-one") as server:
        server.script("never sent")
        _, exc = collect_until_error(provider_for(server.url))
    assert isinstance(exc, ProviderUnavailable) and exc.status == 401 and KEY not in str(exc)


def test_the_server_answers_non_streaming_requests_too(anthropic_server) -> None:
    import anthropic

    anthropic_server.script({"text": "Sure.", "tool_calls": [{"id": "toolu_X", "name": "weather",
                                                               "input": {"city": "Oslo"}}]})
    client = anthropic.Anthropic(api_key=KEY, base_url=anthropic_server.url, max_retries=0)
    message = client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "hi"}])
    assert [b.type for b in message.content] == ["text", "tool_use"] and message.stop_reason == "tool_use"
    assert message.content[1].input == {"city": "Oslo"} and anthropic_server.requests[0].body.get("stream") is None
