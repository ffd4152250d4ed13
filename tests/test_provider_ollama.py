"""OllamaProvider over the wire: the real `ollama` client against a local Ollama API server."""

from __future__ import annotations

import socket
import time

import pytest
from servers.fixtures import ollama_server  # noqa: F401  (fixture)
from servers.ollama import OllamaServer
from servers.streaming import ask, collect_until_error, text_of

from tars.config import load_config
from tars.errors import ProviderRejected, ProviderUnavailable
from tars.events import ReasoningDelta, Stop, TextDelta, ToolCall, ToolCallEvent, Usage
from tars.messages import Message
from tars.providers import make_provider
from tars.providers.ollama import OllamaProvider

MODEL = "qwen3:8b"
WEATHER = {"name": "weather", "description": "Weather for a city",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def provider_for(url: str, model: str = MODEL, timeout: float = 0.5) -> OllamaProvider:
    config = load_config(environ={"OLLAMA_HOST": url, "TARS_OLLAMA_TIMEOUT": str(timeout)})
    return OllamaProvider(model, config)


def calls_of(events: list) -> list[ToolCall]:
    return [e.call for e in events if isinstance(e, ToolCallEvent)]


def test_text_streams_as_several_deltas_then_usage_and_stop(ollama_server: OllamaServer) -> None:
    ollama_server.script({"text": "Paris is the capital of France.", "prompt_eval_count": 40, "eval_count": 8})
    events = ask(provider_for(ollama_server.url), "capital of France?")
    assert len([e for e in events if isinstance(e, TextDelta)]) > 1
    assert text_of(events) == "Paris is the capital of France."
    assert events[-2:] == [Usage(input_tokens=40, output_tokens=8), Stop(reason="end_turn")]
    body = ollama_server.requests_to("/api/chat")[0].body
    assert body["model"] == MODEL and body["stream"] is True
    assert body["messages"] == [{"role": "user", "content": "capital of France?"}]


def test_length_limit_is_reported_as_max_tokens(ollama_server) -> None:
    ollama_server.script({"text": "cut short", "done_reason": "length"})
    assert ask(provider_for(ollama_server.url))[-1] == Stop(reason="max_tokens")


def test_several_native_tool_calls_in_one_reply(ollama_server) -> None:
    ollama_server.script({"tool_calls": [{"name": "weather", "arguments": {"city": "Oslo"}},
                                         {"name": "weather", "arguments": {"city": "Lima"}}]})
    events = ask(provider_for(ollama_server.url), "weather in Oslo and Lima?", tools=[WEATHER])
    calls = calls_of(events)
    assert [(c.name, c.arguments) for c in calls] == [("weather", {"city": "Oslo"}), ("weather", {"city": "Lima"})]
    assert calls[0].id != calls[1].id and events[-1] == Stop(reason="tool_use")
    assert ollama_server.requests_to("/api/chat")[0].body["tools"] == [
        {"type": "function", "function": {"name": "weather", "description": "Weather for a city",
                                          "parameters": WEATHER["parameters"]}}]


def test_conversation_with_tool_calls_and_results_reaches_ollama_in_its_shape(ollama_server) -> None:
    ollama_server.script("Oslo is sunny.")
    a, b = ToolCall(name="weather", arguments={"city": "Oslo"}), ToolCall(name="weather", arguments={"city": "Lima"})
    conversation = [
        Message(role="user", content="weather in Oslo and Lima?"),
        Message(role="assistant", content="", tool_calls=(a, b)),
        Message(role="tool", content="sunny, 21 C", tool_call_id=a.id, name="weather"),
        Message(role="tool", content="service down", tool_call_id=b.id, name="weather", is_error=True),
    ]
    events = list(provider_for(ollama_server.url).stream(conversation, system="Be brief.", tools=[WEATHER]))
    assert text_of(events) == "Oslo is sunny."
    assert ollama_server.requests_to("/api/chat")[0].body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "weather in Oslo and Lima?"},
        {"role": "assistant", "tool_calls": [  # the client leaves out empty content
            {"function": {"name": "weather", "arguments": {"city": "Oslo"}}},
            {"function": {"name": "weather", "arguments": {"city": "Lima"}}}]},
        {"role": "tool", "content": "sunny, 21 C", "tool_name": "weather"},
        {"role": "tool", "content": "Error: service down", "tool_name": "weather"},
    ]


def test_response_schema_goes_out_as_format(ollama_server) -> None:
    schema = {"type": "object", "properties": {"tool": {"type": "string"}}, "required": ["tool"]}
    ollama_server.script('{"tool": "weather"}')
    events = ask(provider_for(ollama_server.url), response_schema=schema)
    assert ollama_server.requests_to("/api/chat")[0].body["format"] == schema
    assert text_of(events) == '{"tool": "weather"}'  # constrained JSON stays text, never a call


def test_a_call_written_as_text_becomes_a_tool_call(ollama_server) -> None:
    ollama_server.script({"text": '```json\n{"name": "weather", "arguments": {"city": "Oslo"}}\n```',
                          "text_chunks": 9})
    events = ask(provider_for(ollama_server.url), tools=[WEATHER])
    assert [(c.name, c.arguments) for c in calls_of(events)] == [("weather", {"city": "Oslo"})]
    assert text_of(events) == "" and events[-1] == Stop(reason="tool_use")


def test_think_block_in_content_and_thinking_field_become_reasoning(ollama_server) -> None:
    ollama_server.script({"text": "<think>user says hi</think>Hello!"}, {"thinking": "quietly", "text": "Hi."})
    provider = provider_for(ollama_server.url)
    first, second = ask(provider), ask(provider)
    assert "".join(e.text for e in first if isinstance(e, ReasoningDelta)) == "user says hi"
    assert text_of(first) == "Hello!"
    assert "".join(e.text for e in second if isinstance(e, ReasoningDelta)).strip() == "quietly"
    assert text_of(second) == "Hi."


def test_model_info_comes_from_api_show_once(ollama_server) -> None:
    with OllamaServer(models={"tiny:1b": {"context_length": 2048, "capabilities": ["completion"]}}) as server:
        provider = provider_for(server.url, model="tiny:1b")
        assert provider.context_window == 2048 and provider.native_tools is False
        assert provider.context_window == 2048 and provider.native_tools is False
        assert len(server.requests_to("/api/show")) == 1
    provider = provider_for(ollama_server.url, model="big:70b")
    assert provider.model_context_length == 32768 and provider.native_tools is True
    assert provider.context_window == 8192  # what tars asks for unless TARS_CONTEXT_SIZE says more


def test_models_info_reads_the_template_ollama_reports() -> None:
    from tars.cli.models_cmd import model_info

    with OllamaServer(models={"finetune:1b": {"template": "{{ .System }}[TOOL_CALLS] ... [ARGS]"}}) as server:
        info = model_info("ollama:finetune:1b", load_config(environ={"OLLAMA_HOST": server.url}))
        missing = model_info("ollama:other:1b", load_config(environ={"OLLAMA_HOST": server.url}))
    assert info["format"] == "mistral_args" and info["template"] == "Ollama /api/show"
    assert missing["format"] == "auto" and missing["template"].startswith("unavailable")


def test_model_without_tools_capability_gets_tools_in_the_prompt_and_calls_parsed(ollama_server) -> None:
    with OllamaServer(models={"gemma:2b": {"capabilities": ["completion"]}}) as server:
        server.script({"text": '<tool_call>\n{"name": "weather", "arguments": {"city": "Oslo"}}\n</tool_call>'},
                      "It is sunny in Oslo.")
        provider = provider_for(server.url, model="gemma:2b")
        # the first request learns from Ollama's 400 "does not support tools" and asks again
        first = ask(provider, "weather in Oslo?", tools=[WEATHER])
        call = calls_of(first)[0]
        assert (call.name, call.arguments) == ("weather", {"city": "Oslo"})
        chats = server.requests_to("/api/chat")
        assert len(chats) == 2 and chats[0].body["tools"] and not chats[1].body.get("tools")
        assert '"name": "weather"' in chats[1].body["messages"][0]["content"]  # described in the system prompt
        history = [Message(role="user", content="weather in Oslo?"), Message(role="assistant", tool_calls=(call,)),
                   Message(role="tool", content="sunny", tool_call_id=call.id, name="weather")]
        assert text_of(list(provider.stream(history, tools=[WEATHER]))) == "It is sunny in Oslo."
        third = server.requests_to("/api/chat")[2].body  # no second refusal: the provider remembered
        assert not third.get("tools") and len(server.requests_to("/api/chat")) == 3
        assert [m["role"] for m in third["messages"]] == ["system", "user", "assistant", "user"]
        assert '"city": "Oslo"' in third["messages"][2]["content"] and "sunny" in third["messages"][3]["content"]


def test_unknown_model_is_rejected_with_a_pull_hint() -> None:
    with OllamaServer(models={MODEL: {}}) as server:
        _, exc = collect_until_error(provider_for(server.url, model="qwen9:1b"))
    assert isinstance(exc, ProviderRejected) and exc.status == 404
    assert "ollama pull qwen9:1b" in str(exc)


def test_server_error_is_unavailable_with_status(ollama_server) -> None:
    ollama_server.script({"error": 500, "message": "llama runner process has terminated"})
    events, exc = collect_until_error(provider_for(ollama_server.url))
    assert isinstance(exc, ProviderUnavailable) and exc.status == 500
    assert "llama runner process has terminated" in str(exc) and events == []


@pytest.mark.parametrize("status, kind", [(401, ProviderUnavailable), (403, ProviderUnavailable),
                                          (429, ProviderUnavailable), (503, ProviderUnavailable),
                                          (400, ProviderRejected)])
def test_each_error_status_is_typed_as_for_every_provider(ollama_server, status, kind) -> None:
    ollama_server.script({"error": status, "message": f"scripted {status}"})
    _, exc = collect_until_error(provider_for(ollama_server.url))
    assert type(exc) is kind and exc.status == status and f"scripted {status}" in str(exc)


def test_error_line_in_the_middle_of_the_stream(ollama_server) -> None:
    ollama_server.script({"text": "half an answer", "stream_error": True, "message": "out of memory"})
    events, exc = collect_until_error(provider_for(ollama_server.url))
    assert text_of(events) == "half an answer"
    assert isinstance(exc, ProviderUnavailable) and "out of memory" in str(exc)


def test_stream_cut_midway_yields_what_arrived_then_raises(ollama_server) -> None:
    ollama_server.script({"text": "one two three four five", "cut_after": 3})
    events, exc = collect_until_error(provider_for(ollama_server.url))
    assert text_of(events) == "one two three" and not any(isinstance(e, Stop) for e in events)
    assert isinstance(exc, ProviderUnavailable) and "lost in the middle of the answer" in str(exc)


def test_silent_server_trips_the_timeout(ollama_server) -> None:
    ollama_server.script({"text": "too late", "delay": 3})
    started = time.monotonic()
    _, exc = collect_until_error(provider_for(ollama_server.url, timeout=0.4))
    assert time.monotonic() - started < 1.5
    assert isinstance(exc, ProviderUnavailable) and "did not answer within 0.4 s" in str(exc)


def test_connection_refused_is_unavailable() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    _, exc = collect_until_error(provider_for(f"127.0.0.1:{port}"))
    assert isinstance(exc, ProviderUnavailable) and f"cannot reach Ollama at 127.0.0.1:{port}" in str(exc)


def test_ollama_host_setting_is_honoured_without_a_scheme(ollama_server, monkeypatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{ollama_server.port}")
    monkeypatch.setenv("TARS_MODEL_DEFAULT", "ollama:qwen3:8b")
    ollama_server.script("from the other machine")
    config = load_config()
    provider = make_provider(config.model_default, config)
    assert provider.model == "qwen3:8b"  # the tag kept its colon
    assert text_of(ask(provider)) == "from the other machine"
    assert len(ollama_server.requests_to("/api/chat")) == 1


def test_the_server_also_runs_standalone_with_a_fake_model_for_subprocess_tests() -> None:
    import subprocess
    import sys
    from pathlib import Path

    tests_dir = Path(__file__).resolve().parent
    server = subprocess.Popen([sys.executable, "-m", "servers.ollama", "--fake", "tokens:3:0.01"], cwd=tests_dir,
                              stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        events = ask(provider_for(url), "anything")
        assert text_of(events) == "token1 token2 token3"
    finally:
        server.terminate()
        server.wait(timeout=5)
