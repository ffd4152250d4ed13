"""A call to a tool that was not offered never runs, in every provider and mode, over the real wire.

The model is offered no tools (the router hints none for "summarise: ...") and answers with a
`note_append` call anyway: natively (Ollama, OpenAI-compatible, Claude), through pipeline mode,
written as text, or turned into a call by the rescue model. The note is never written, the model
gets an error result saying the tool is not available, and the turn goes on to an answer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer
from servers.openai_compat import OpenAICompatServer

PROMPT = "summarise: the meeting went well"
ARGS = {"path": "pwned.md", "text": "owned"}
SUMMARY = "Summary: the meeting went well."
TEXT_MODEL = {"m": {"context_length": 32768, "capabilities": ["completion"]},
              "functiongemma": {"context_length": 32768, "capabilities": ["completion", "tools"]}}


def _ask(env: dict[str, str], vault: Path, prompt: str = PROMPT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tars", "ask", prompt], capture_output=True, text=True,
                          env={**os.environ, "TARS_NOTES_DIR": str(vault), "TARS_MODEL_REMOTE": "none", **env},
                          timeout=90, stdin=subprocess.DEVNULL)


def _tool_results(messages: list[dict]) -> list[str]:
    out = []
    for m in messages:
        if m.get("role") == "tool":
            out.append(str(m.get("content")))
        elif isinstance(m.get("content"), list):
            out += [json.dumps(b.get("content")) for b in m["content"] if b.get("type") == "tool_result"]
    return out


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    path = tmp_path / "vault"
    path.mkdir()
    return path


def _check(proc: subprocess.CompletedProcess[str], vault: Path) -> None:
    assert proc.returncode == 0, proc.stderr
    assert not (vault / "pwned.md").exists() and list(vault.rglob("*.md")) == []
    assert SUMMARY in proc.stdout


@pytest.mark.parametrize("mode", ["native", "pipeline"])
def test_ollama_native_call_to_a_tool_not_offered(vault: Path, mode: str):
    with OllamaServer() as server:
        server.script({"tool_calls": [{"name": "note_append", "arguments": ARGS}]}, SUMMARY, SUMMARY)
        proc = _ask({"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "OLLAMA_HOST": server.url, "TARS_TOOL_MODE": mode},
                    vault)
        chats = server.requests_to("/api/chat")
    _check(proc, vault)
    assert not chats[0].body.get("tools")  # nothing was offered
    assert "not available" in json.dumps(chats[1].body)  # the model heard why, and answered


def test_openai_compatible_native_call_to_a_tool_not_offered(vault: Path):
    with OpenAICompatServer() as server:
        server.script({"tool_calls": [{"name": "note_append", "arguments": ARGS}]}, SUMMARY)
        proc = _ask({"TARS_MODEL_DEFAULT": "openai:m", "TARS_OPENAI_BASE_URL": server.url + "/v1",
                     "TARS_TOOL_MODE": "native", "TARS_CONTEXT_SIZE": "32768"}, vault)
        chats = server.requests_to("/v1/chat/completions")
    _check(proc, vault)
    results = _tool_results(chats[-1].body["messages"])
    assert results and "not available" in results[0]


def test_claude_call_to_a_tool_not_offered(vault: Path):
    with AnthropicServer() as server:
        server.script({"tool_calls": [{"name": "note_append", "input": ARGS}]}, SUMMARY)
        proc = _ask({"TARS_MODEL_DEFAULT": "claude:claude-sonnet-4-6", "ANTHROPIC_API_KEY": "k-test",
                     "ANTHROPIC_BASE_URL": server.url}, vault)
        calls = server.requests_to("/v1/messages")
    _check(proc, vault)
    assert not calls[0].body.get("tools")
    results = _tool_results(calls[1].body["messages"])
    assert results and "not available" in results[0]


def test_a_call_written_as_text_for_a_tool_not_offered_stays_text(vault: Path):
    call = f'<tool_call>{json.dumps({"name": "note_append", "arguments": ARGS})}</tool_call>'
    with OllamaServer(models=TEXT_MODEL) as server:
        server.script(f"{SUMMARY} {call}")
        proc = _ask({"TARS_MODEL_DEFAULT": "ollama:m", "OLLAMA_HOST": server.url, "TARS_TOOL_MODE": "native",
                     "TARS_TOOL_FORMAT": "hermes"}, vault)
    _check(proc, vault)


def test_a_rescued_call_to_a_tool_not_offered_never_runs(vault: Path):
    # the router offers the weather tools only; the reply names one (so the rescue fires) and note_append
    with OllamaServer(models=TEXT_MODEL) as server:
        server.script(f"{SUMMARY} I would use weather_now for Paris, then note_append to pwned.md.",
                      {"tool_calls": [{"name": "note_append", "arguments": ARGS}]}, SUMMARY)
        proc = _ask({"TARS_MODEL_DEFAULT": "ollama:m", "OLLAMA_HOST": server.url, "TARS_TOOL_MODE": "native",
                     "TARS_RESCUE_MODEL": "ollama:functiongemma"}, vault,
                    prompt="what is the weather in Paris? and summarise: the meeting went well")
        chats = server.requests_to("/api/chat")
    _check(proc, vault)
    assert [c.body["model"] for c in chats] == ["m", "functiongemma"]  # the rescue model was asked
    assert "note_append" not in json.dumps(chats[0].body.get("tools") or [])
