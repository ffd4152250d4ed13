"""A pipe carries one coherent answer: an escalated answer is held until its turn ends, so a
remote that fails midway leaves none of its text ahead of the fallback model's answer."""

from __future__ import annotations

import os
import subprocess
import sys

from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer

KEY = "sk-ant-test-SECRET-0123456789"


def _ask(remote: AnthropicServer, local: OllamaServer, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": "claude:claude-sonnet-4-6",
           "ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": remote.url, "OLLAMA_HOST": local.url,
           "TARS_REMOTE_TIMEOUT": "5"}
    return subprocess.run([sys.executable, "-m", "tars", "ask", *args], capture_output=True, text=True, env=env,
                          timeout=60, stdin=subprocess.DEVNULL)


def test_a_remote_cut_midway_leaves_only_the_local_answer_in_the_pipe():
    with AnthropicServer() as remote, OllamaServer() as local:
        remote.script({"text": "It will probably rain later this afternoon in", "cut_after": 6})
        local.script("Rain is likely after 3 pm.")
        done = _ask(remote, local, "will it rain today?")
        assert done.returncode == 0, done.stderr
        assert done.stdout == "Rain is likely after 3 pm.\n"
        assert "cut off" in done.stderr and "not written to stdout" in done.stderr


def test_an_escalated_answer_with_tool_rounds_arrives_whole_in_the_pipe():
    with AnthropicServer() as remote, OllamaServer() as local:
        remote.script({"text": "Let me check.", "tool_calls": [{"name": "memory_recall", "input": {}}]},
                      "Nothing is remembered yet.")
        done = _ask(remote, local, "what do you remember about me?")
        assert done.returncode == 0, done.stderr
        assert done.stdout == "Let me check.\nNothing is remembered yet.\n"
        assert local.requests_to("/api/chat") == []
