"""A request for tools that are not set up is answered with what to set, not with a model's guess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.ollama import OllamaServer

from tars.config import load_config
from tars.routing import Router
from tars.tools.builtin import builtin_tools

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def router():
    return Router(builtin_tools(load_config(environ={})))  # no Todoist token, no notes folder, no search URL


@pytest.mark.parametrize("message,setting", [
    ("add buy milk to my todo list", "TODOIST_API_TOKEN"), ("what's on my todo list today?", "TODOIST_API_TOKEN"),
    ("remind me to call mom tomorrow", "TODOIST_API_TOKEN"), ("jot this down: buy milk", "TARS_NOTES_DIR"),
    ("what did I write about the trip?", "TARS_NOTES_DIR"),
])
def test_a_plain_request_for_missing_tools_says_what_to_set(router, message, setting):
    decision = router.decide(message)
    assert not decision.needs_tools and setting in decision.unavailable, decision
    assert decision.reason.endswith("; its tools are not set up")


@pytest.mark.parametrize("message", [
    "count the lines in README.md",  # a file name is no note
    "what is a task queue", "I made a todo app in react, how do I add dark mode", "hi there",
    # a statement that mentions them asks the model, not the tools
    "here are my notes about the dog and the dog's vet: it is at 5", "my notes say the meeting is at 5, what to bring?",
])
def test_a_word_in_passing_is_not_a_request_for_them(router, message):
    assert router.decide(message).unavailable == ""


def test_with_the_tools_set_up_the_same_message_wants_them():
    router = Router(builtin_tools(load_config(environ={"TODOIST_API_TOKEN": "token"})))
    decision = router.decide("add buy milk to my todo list")
    assert decision.needs_tools and decision.tool_hints == ("todoist_add_task",) and decision.unavailable == ""


def test_tars_ask_answers_with_the_setting_and_asks_no_model(tmp_path):
    with OllamaServer() as ollama:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MODEL_REMOTE": "none", "OLLAMA_HOST": ollama.url,
               "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_DATA_DIR": str(tmp_path)}
        env.pop("TODOIST_API_TOKEN", None)
        proc = subprocess.run([sys.executable, "-c", "from tars.cli import main; main()", "ask", "--json",
                               "add buy milk to my todo list"], stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, env=env, timeout=60)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["answer"] == ("I can't do that yet: the tools it needs (todoist_add_task) are not set up. "
                                 "To use them, set TODOIST_API_TOKEN (your Todoist API token).")
        assert out["tool_calls"] == [] and ollama.requests_to("/api/chat") == []
