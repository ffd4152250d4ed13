"""Every fault of a provider's wire or body is a provider error: over the real wire, against
servers that answer garbage, a body that is not a stream, or nothing but keep-alive pings.

An escalated turn falls back to the primary with one notice and the remote cools down (also for
the next process); a primary that answers garbage is one line naming the server and its setting;
"unexpected error" never appears.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from servers.ollama import OllamaServer
from servers.raw import ANTHROPIC_PING, RawServer

from tars.config import load_config
from tars.errors import OutputError, ProviderMisconfigured, ProviderUnavailable
from tars.events import Notice
from tars.session import Session

KEY = "sk-ant-test-SECRET-0123456789"
CLAUDE = "claude:claude-sonnet-4-6"


def _sse(event: str, data: object) -> str:
    return f"event: {event}\ndata: {data if isinstance(data, str) else json.dumps(data)}\n\n"


START = _sse("message_start", {"type": "message_start", "message": {
    "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-6", "content": [],
    "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 5, "output_tokens": 1}}})
BLOCK = _sse("content_block_start", {"type": "content_block_start", "index": 0,
                                     "content_block": {"type": "text", "text": ""}})
TEXT = _sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                    "delta": {"type": "text_delta", "text": "It will "}})

CLAUDE_FAULTS = {
    "malformed SSE": {"chunks": [START, "event: content_block_start\ndata: {not json at all\n\n"]},
    "event missing delta": {"chunks": [START, BLOCK, _sse("content_block_delta",
                                                          {"type": "content_block_delta", "index": 0})]},
    "200 JSON, not a stream": {"content_type": "application/json", "body": json.dumps({
        "id": "msg_1", "type": "message", "role": "assistant", "content": [{"type": "text", "text": "hi"}],
        "model": "claude-sonnet-4-6", "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 1}})},
    "HTML from a proxy": {"content_type": "text/html", "body": "<html><body>502 Bad Gateway</body></html>"},
}


def _env(remote_url: str, local_url: str, **extra: str) -> dict[str, str]:
    return {"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": CLAUDE, "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_BASE_URL": remote_url, "OLLAMA_HOST": local_url, "TARS_REMOTE_TIMEOUT": "5", **extra}


def _session(monkeypatch, env: dict[str, str]) -> Session:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Session.from_config(load_config(), mcp=False)


def _ask(env: dict[str, str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", "ask", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("fault", list(CLAUDE_FAULTS))
def test_a_broken_remote_stream_falls_back_and_cools_down(monkeypatch, fault):
    with RawServer("/v1/messages") as remote, OllamaServer() as local:
        remote.script(CLAUDE_FAULTS[fault])
        local.script("Light rain after 3 pm.", "Still rain.")
        session = _session(monkeypatch, _env(remote.url, local.url))
        events = list(session.stream("will it rain today?"))
        notices = [e.text for e in events if isinstance(e, Notice)]
        assert len(notices) == 1 and "Anthropic API" in notices[0] and "ollama:qwen3:8b" in notices[0], notices
        assert "ANTHROPIC_BASE_URL" in notices[0] and KEY not in notices[0]
        turn = session.last_turn
        assert turn.fell_back and turn.text == "Light rain after 3 pm."
        assert session.status()["remote_cooling_down"]
        session.send("what's the forecast for tomorrow?")
        assert len(remote.requests_to("/v1/messages")) == 1


def test_tars_ask_with_a_malformed_stream_answers_locally_and_the_next_call_skips_the_remote():
    with RawServer("/v1/messages") as remote, OllamaServer() as local:
        remote.script(CLAUDE_FAULTS["malformed SSE"])
        local.script("Showers expected.", "Still showers.")
        env = _env(remote.url, local.url)
        first = _ask(env, "will it rain today?")
        assert first.returncode == 0, first.stderr
        assert first.stdout == "Showers expected.\n"
        assert "unexpected error" not in first.stderr and "Traceback" not in first.stderr
        second = _ask(env, "will it rain today?")
        assert second.returncode == 0 and second.stdout == "Still showers.\n"
        assert "cooling down" in second.stderr
        assert len(remote.requests_to("/v1/messages")) == 1


def test_a_remote_sending_only_pings_times_out_and_falls_back():
    with RawServer("/v1/messages") as remote, OllamaServer() as local:
        pings = {"chunks": [START], "ping": ANTHROPIC_PING, "ping_every": 0.2, "ping_for": 60}
        remote.script(pings, pings)
        local.script("Local answer.", "Local again.")
        env = _env(remote.url, local.url, TARS_STREAM_IDLE_TIMEOUT="1.5")
        began = time.monotonic()
        first = _ask(env, "will it rain today?", timeout=40)
        took = time.monotonic() - began
        assert first.returncode == 0, first.stderr
        assert first.stdout == "Local answer.\n"
        assert "no content for 1.5 s" in first.stderr and "TARS_STREAM_IDLE_TIMEOUT" in first.stderr
        assert took < 20
        second = _ask(env, "will it rain today?", timeout=40)  # the next process does not hang again
        assert second.returncode == 0 and "cooling down" in second.stderr
        assert len(remote.requests_to("/v1/messages")) == 1


def test_a_remote_that_pings_between_content_is_not_cut():
    with RawServer("/v1/messages") as remote:
        chunks = [START, BLOCK]
        for word in ("one ", "two ", "three"):
            chunks += [ANTHROPIC_PING, _sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                                                   "delta": {"type": "text_delta", "text": word}})]
        chunks += [_sse("content_block_stop", {"type": "content_block_stop", "index": 0}),
                   _sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"},
                                          "usage": {"output_tokens": 3}}),
                   _sse("message_stop", {"type": "message_stop"})]
        remote.script({"chunks": chunks, "chunk_delay": 0.3})
        config = load_config().replace(stream_idle_timeout=1.0, anthropic_api_key=KEY,
                                       anthropic_base_url=remote.url)
        from servers.streaming import ask, text_of

        from tars.providers.claude import ClaudeProvider

        assert text_of(ask(ClaudeProvider("claude-sonnet-4-6", config))) == "one two three"


@pytest.mark.parametrize("url", ["http://exa mple.com", "http://[::1", "localhost:8080", "ftp://example.com"])
def test_a_malformed_anthropic_base_url_falls_back_naming_the_setting(monkeypatch, url):
    with OllamaServer() as local:
        local.script("Local answer.")
        session = _session(monkeypatch, _env(url, local.url))
        events = list(session.stream("will it rain today?"))
        notices = [e.text for e in events if isinstance(e, Notice)]
        assert len(notices) == 1 and "ANTHROPIC_BASE_URL" in notices[0], notices
        assert session.last_turn.fell_back and session.last_turn.text == "Local answer."


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_malformed_url_for_the_primary_is_a_configuration_error(json_flag):
    proc = _ask({"TARS_MODEL_DEFAULT": CLAUDE, "TARS_MODEL_REMOTE": "none", "ANTHROPIC_API_KEY": KEY,
                 "ANTHROPIC_BASE_URL": "http://user:pw@exa mple.com"}, *json_flag, "hello there")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "ANTHROPIC_BASE_URL" in proc.stderr
    assert "unexpected" not in proc.stderr and "pw@" not in proc.stderr + proc.stdout


def test_provider_errors_keep_their_kinds():
    assert issubclass(ProviderMisconfigured, ProviderUnavailable) and issubclass(OutputError, ProviderUnavailable)


OLLAMA_GARBAGE = {
    "HTML": {"content_type": "text/html", "body": "<html><body>It works!</body></html>"},
    "JSON that is not a chunk": {"content_type": "application/x-ndjson", "chunks": ['["a", "list"]\n']},
    "cut JSON": {"content_type": "application/x-ndjson", "chunks": ['{"model": "x", "message": {"role": \n']},
}


@pytest.mark.parametrize("garbage", list(OLLAMA_GARBAGE))
def test_garbage_from_an_ollama_primary_names_ollama_and_its_setting(garbage):
    with RawServer("/api/chat") as server:
        server.script(OLLAMA_GARBAGE[garbage])
        proc = _ask({"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": "none",
                     "OLLAMA_HOST": server.url}, "hello there")
        assert proc.returncode == 1, proc.stderr
        assert proc.stderr.count("\n") == 1 and "Ollama" in proc.stderr and "OLLAMA_HOST" in proc.stderr
        assert "unexpected" not in proc.stderr and "Traceback" not in proc.stderr


def test_an_ollama_stream_of_empty_keep_alive_chunks_times_out():
    with RawServer("/api/chat") as server:
        empty = json.dumps({"model": "x", "created_at": "2025-01-01T00:00:00Z",
                            "message": {"role": "assistant", "content": ""}, "done": False}) + "\n"
        server.script({"content_type": "application/x-ndjson", "chunks": [empty], "ping": empty,
                       "ping_every": 0.2, "ping_for": 60})
        proc = _ask({"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": "none",
                     "OLLAMA_HOST": server.url, "TARS_STREAM_IDLE_TIMEOUT": "1"}, "hello there", timeout=30)
        assert proc.returncode == 1 and "no content for 1 s" in proc.stderr, proc.stderr


OPENAI_GARBAGE = {
    "HTML": {"content_type": "text/html", "body": "<html><body>It works!</body></html>"},
    "data that is not JSON": {"chunks": ["data: <html>oops</html>\n\n"]},
    "JSON that is not an object": {"chunks": ["data: [1, 2]\n\n", "data: [DONE]\n\n"]},
}


@pytest.mark.parametrize("garbage", list(OPENAI_GARBAGE))
def test_garbage_from_an_openai_compatible_primary_names_the_server_and_its_setting(garbage):
    with RawServer("/v1/chat/completions") as server:
        server.script(OPENAI_GARBAGE[garbage])
        proc = _ask({"TARS_MODEL_DEFAULT": "openai:local", "TARS_MODEL_REMOTE": "none", "TARS_TOOL_MODE": "native",
                     "TARS_OPENAI_BASE_URL": f"{server.url}/v1"}, "hello there")
        assert proc.returncode == 1, proc.stderr
        assert proc.stderr.count("\n") == 1 and "OpenAI-compatible server" in proc.stderr
        assert "TARS_OPENAI_BASE_URL" in proc.stderr and "unexpected" not in proc.stderr


def test_an_openai_compatible_stream_of_comments_times_out():
    with RawServer("/v1/chat/completions") as server:
        server.script({"chunks": [": keep-alive\n\n"], "ping": ": keep-alive\n\n", "ping_every": 0.2, "ping_for": 60})
        proc = _ask({"TARS_MODEL_DEFAULT": "openai:local", "TARS_MODEL_REMOTE": "none", "TARS_TOOL_MODE": "native",
                     "TARS_OPENAI_BASE_URL": f"{server.url}/v1", "TARS_STREAM_IDLE_TIMEOUT": "1"},
                    "hello there", timeout=30)
        assert proc.returncode == 1 and "no content for 1 s" in proc.stderr, proc.stderr
