"""Every model's real window, over the wire: what each server reports, what tars asks for, the
settings that override it, and Ollama's `num_ctx` sent on every request."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer
from servers.openai_compat import OpenAICompatServer

from tars.config import load_config, parse_model
from tars.errors import ConfigError, ContextTooLong, ProviderRejected
from tars.providers import make_provider
from tars.providers.status import Service, status_error


def _tars(*args: str, env: dict[str, str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "TARS_MODEL_REMOTE": "none", **env}
    return subprocess.run([sys.executable, "-m", "tars", *args], input=stdin, capture_output=True, text=True,
                          env=full, timeout=120, stdin=None if stdin is not None else subprocess.DEVNULL)


def _provider(spec: str, **env: str):
    return make_provider(parse_model(spec), load_config(environ=env))


@pytest.mark.parametrize("length, setting, expected", [
    (40960, None, 8192),  # a long model: tars asks for 8192, never the server's default
    (2048, None, 2048),  # a short one: its own length
    (40960, "16384", 16384),  # TARS_CONTEXT_SIZE wins
])
def test_tars_ask_always_sends_num_ctx_to_ollama(length, setting, expected):
    with OllamaServer(models={"qwen3:8b": {"context_length": length}}) as server:
        server.script("Hello.")
        env = {"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "OLLAMA_HOST": server.url, "TARS_TOOL_MODE": "native"}
        if setting:
            env["TARS_CONTEXT_SIZE"] = setting
        done = _tars("ask", "hello", env=env)
        assert done.returncode == 0, done.stderr
        [chat] = server.requests_to("/api/chat")
    assert chat.body["options"]["num_ctx"] == expected


def test_a_per_model_window_wins_over_the_general_setting():
    with OllamaServer() as server:
        env = {"OLLAMA_HOST": server.url, "TARS_CONTEXT_SIZE": "4096",
               "TARS_CONTEXT_SIZES": "ollama:qwen3:8b=12288, claude:claude-sonnet-4-6=1000000"}
        assert _provider("ollama:qwen3:8b", **env).context_window == 12288
        assert _provider("ollama:other:1b", **env).context_window == 4096
        assert _provider("claude:claude-sonnet-4-6", **env).context_window == 1_000_000
        assert _provider("claude:claude-haiku-4-5-20251001", **env).context_window == 200_000


def test_a_malformed_per_model_window_names_the_setting():
    with pytest.raises(ConfigError, match="TARS_CONTEXT_SIZES"):
        load_config(environ={"TARS_CONTEXT_SIZES": "ollama:qwen3:8b"})
    with pytest.raises(ConfigError, match="TARS_CONTEXT_SIZES"):
        load_config(environ={"TARS_CONTEXT_SIZES": "qwen3=4096"})


def test_the_embedded_window_is_the_n_ctx_it_loads_with():
    assert _provider("llamacpp:qwen2.5-coder-0.5b").context_window == 4096
    assert _provider("llamacpp:qwen2.5-coder-0.5b", TARS_CONTEXT_SIZE="8192").context_window == 8192


def test_an_openai_compatible_window_comes_from_the_server_or_is_assumed():
    with OpenAICompatServer() as server:
        env = {"TARS_OPENAI_BASE_URL": server.url + "/v1"}
        assert _provider("openai:test-model", **env).context_window == 8192  # it does not say
        server.model_entry = {"max_model_len": 32768}  # vLLM
        assert _provider("openai:vllm-model", **env).context_window == 32768
        server.model_entry = {"meta": {"n_ctx_train": 131072}}  # llama-server: the running n_ctx is in /props
        server.n_ctx = 4096
        assert _provider("openai:llama-model", **env).context_window == 4096
        assert _provider("openai:other", **env, TARS_CONTEXT_SIZE="6000").context_window == 6000


def test_claude_long_window_only_when_configured_and_then_asked_for():
    with AnthropicServer() as server:
        server.script("Short.", "Long.")
        env = {"ANTHROPIC_API_KEY": "sk-ant-test-0123456789", "ANTHROPIC_BASE_URL": server.url}
        from tars.messages import Message

        for spec in ("claude:claude-haiku-4-5-20251001", "claude:claude-sonnet-4-6"):
            provider = _provider(spec, **env, TARS_CONTEXT_SIZES="claude:claude-sonnet-4-6=1000000")
            list(provider.stream([Message(role="user", content="hi")]))
        first, second = server.requests_to("/v1/messages")
    assert "anthropic-beta" not in first.headers
    assert "context-1m" in second.headers["anthropic-beta"]


@pytest.mark.parametrize("status, detail", [
    (400, "prompt is too long: 210000 tokens > 200000 maximum"),  # Anthropic
    (400, "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens"),  # OpenAI, vLLM
    (400, "the request exceeds the available context size, try increasing it"),  # llama-server
    (413, "Request exceeds the maximum allowed number of bytes."),
])
def test_context_errors_are_their_own_kind_and_not_a_remote_failure(status, detail):
    error = status_error(Service("x", "X"), status, detail)
    assert isinstance(error, ContextTooLong) and isinstance(error, ProviderRejected)


def test_other_rejections_are_not_context_errors():
    assert not isinstance(status_error(Service("x", "X"), 400, "messages: field required"), ContextTooLong)
    assert not isinstance(status_error(Service("x", "X"), 429, "too many tokens per minute"), ContextTooLong)
