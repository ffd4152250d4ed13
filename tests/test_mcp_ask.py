"""Sampling through `tars ask` as a user runs it: in a pipe the server's request is refused, and
with `--yes` the primary model (a local Ollama-protocol server here) answers it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp_servers import FEATURES, PYTHON
from servers.ollama import OllamaServer

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server():
    with OllamaServer() as srv:
        yield srv


def ask(server: OllamaServer, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, TARS_MODEL_DEFAULT="ollama:qwen3:8b", OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none",
               TARS_PRIMARY_TOOLS="all", PYTHONPATH=str(ROOT),
               TARS_MCP_SERVERS=json.dumps({"feat": {"command": PYTHON, "args": [str(FEATURES)]}}))
    listed = subprocess.run([sys.executable, "-m", "tars", "mcp", "list"], capture_output=True, text=True, env=env,
                            timeout=60, cwd=ROOT)  # as a user would have once: the tool list is cached
    assert listed.returncode == 0, listed.stdout + listed.stderr
    return subprocess.run([sys.executable, "-m", "tars", "ask", "--json", *args, "ask the server's question"],
                          capture_output=True, text=True, env=env, timeout=90, stdin=subprocess.DEVNULL, cwd=ROOT)


def call_result(done: subprocess.CompletedProcess, *, code: int = 0) -> dict:
    """The turn's one call; `code` 1 when it failed (then the turn's every call failed)."""
    assert done.returncode == code, done.stderr
    (call,) = json.loads(done.stdout)["tool_calls"]
    return call


def test_sampling_in_a_pipe_is_refused(server, tars_home):
    server.script({"tool_calls": [{"name": "feat__ask_model", "arguments": {"prompt": "Capital of France?"}}]},
                  {"text": "The server could not ask."})
    call = call_result(ask(server), code=1)
    assert call["is_error"] and "declined the sampling request" in call["result"]


def test_sampling_with_yes_is_answered_by_the_primary_model(server, tars_home):
    server.script({"tool_calls": [{"name": "feat__ask_model", "arguments": {"prompt": "Capital of France?"}}]},
                  {"text": "Paris."},  # the sampling request, answered by the same primary model
                  {"text": "The server got its answer."})
    call = call_result(ask(server, "--yes"))
    assert not call["is_error"] and call["result"] == "ollama:qwen3:8b: Paris."
    sampled = server.requests_to("/api/chat")[1].body
    assert sampled["messages"][-1] == {"role": "user", "content": "Capital of France?"}
    assert not sampled.get("tools")  # a server's prompt gets no tools
