"""Fallback over the real wire: the real anthropic and ollama clients against local servers.

The remote (Claude) fails in every way the API can; the same turn is answered by the primary
(Ollama), the user sees one line saying why, and the remote then cools down.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer

from tars.config import load_config
from tars.events import Notice, TextDelta
from tars.session import Session

KEY = "sk-ant-test-SECRET-0123456789"
CLAUDE = "claude:claude-sonnet-4-6"


@pytest.fixture
def servers():
    with AnthropicServer() as remote, OllamaServer() as local:
        yield remote, local


def _env(remote_url: str, local_url: str, **extra: str) -> dict[str, str]:
    return {
        "TARS_MODEL_DEFAULT": "ollama:qwen3:8b",
        "TARS_MODEL_REMOTE": CLAUDE,
        "ANTHROPIC_API_KEY": KEY,
        "ANTHROPIC_BASE_URL": remote_url,
        "OLLAMA_HOST": local_url,
        "TARS_REMOTE_TIMEOUT": "1",
        **extra,
    }


def _session(monkeypatch, remote_url, local_url, **extra) -> Session:
    for key, value in _env(remote_url, local_url, **extra).items():
        monkeypatch.setenv(key, value)
    return Session.from_config(load_config(), mcp=False)


def _closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


@pytest.mark.parametrize(
    "reply, expect",
    [
        ({"error": 529}, "529"),
        ({"error": 429, "retry_after": 30}, "429"),
        ({"error": 500}, "500"),
        ({"error": "billing"}, "credit balance"),
        ({"error": 401}, "401"),
        ({"error": 403}, "403"),
        ({"text": "late", "delay": 3}, "timed out"),
    ],
)
def test_each_remote_failure_falls_back_to_the_primary(servers, monkeypatch, reply, expect):
    remote, local = servers
    remote.script(reply)
    local.script("Light rain after 3 pm.")
    session = _session(monkeypatch, remote.url, local.url)
    events = list(session.stream("will it rain today?"))
    notices = [e.text for e in events if isinstance(e, Notice)]
    assert len(notices) == 1 and expect.lower() in notices[0].lower(), notices
    assert KEY not in notices[0] and KEY[-10:] not in notices[0]
    turn = session.last_turn
    assert turn.fell_back and turn.text == "Light rain after 3 pm."
    assert turn.model == "ollama:qwen3:8b"
    assert len(remote.requests_to("/v1/messages")) == 1, "no retries that delay the fallback"


def test_connection_refused_falls_back(servers, monkeypatch):
    _, local = servers
    local.script("Local answer.")
    session = _session(monkeypatch, _closed_port_url(), local.url)
    turn = session.send("what's the weather like outside?")
    assert turn.fell_back and "cannot reach" in turn.fallback_reason.lower()
    assert turn.text == "Local answer."


def test_a_stream_cut_midway_falls_back_without_repeating_what_was_shown(servers, monkeypatch):
    remote, local = servers
    remote.script({"text": "It will probably rain later this afternoon in", "cut_after": 6})
    local.script("Rain is likely after 3 pm.")
    session = _session(monkeypatch, remote.url, local.url)
    events = list(session.stream("will it rain today?"))
    shown = "".join(e.text for e in events if isinstance(e, TextDelta))
    notice = next(e.text for e in events if isinstance(e, Notice))
    partial, _, rest = shown.partition("Rain is likely")
    assert rest == " after 3 pm." and partial.startswith("It will") and "cut off" in notice
    assert session.last_turn.text == "Rain is likely after 3 pm."
    assert [m.content for m in session.messages if m.role == "assistant"] == ["Rain is likely after 3 pm."]


def test_cool_down_skips_the_remote_and_says_so_once(servers, monkeypatch):
    remote, local = servers
    remote.script({"error": 529})
    local.script("One.", "Two.", "Three.")
    session = _session(monkeypatch, remote.url, local.url)
    session.send("will it rain today?")
    second = list(session.stream("what's the forecast for tomorrow?"))
    third = list(session.stream("is it windy outside right now?"))
    assert len(remote.requests_to("/v1/messages")) == 1
    told = [e.text for e in second + third if isinstance(e, Notice)]
    assert told == [] or len(told) == 1  # already told by the fallback line itself
    assert session.status()["remote_cooling_down"]


def test_the_remote_answers_when_it_is_up(servers, monkeypatch):
    remote, local = servers
    remote.script({"tool_calls": [{"name": "weather_now", "input": {"location": "Oslo"}}]},
                  "Dry all day in Oslo.")
    session = _session(monkeypatch, remote.url, local.url, TARS_LAT="59.9", TARS_LON="10.7",
                       TARS_OPENMETEO_URL=_closed_port_url())
    turn = session.send("will it rain in Oslo today?")
    assert turn.escalated and not turn.fell_back and turn.model == CLAUDE
    assert turn.text == "Dry all day in Oslo."
    # the weather service is down here, so the remote got an error result for its call
    second_request = remote.requests_to("/v1/messages")[1].body
    result_block = second_request["messages"][-1]["content"][0]
    assert result_block["type"] == "tool_result" and result_block["is_error"] is True
    assert local.requests_to("/api/chat") == []


def _ask(env, *args, input_text=None):
    return subprocess.run(
        [sys.executable, "-m", "tars", "ask", *args], input=input_text, capture_output=True, text=True,
        env={**os.environ, **env}, timeout=60, stdin=None if input_text is not None else subprocess.DEVNULL,
    )


def test_tars_ask_falls_back_and_a_second_call_skips_the_remote(servers):
    remote, local = servers
    remote.script({"error": 529})
    local.script("Showers expected.", "Still showers.")
    env = _env(remote.url, local.url)
    first = _ask(env, "will it rain today?")
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "Showers expected."
    assert "529" in first.stderr and "ollama:qwen3:8b" in first.stderr
    assert KEY not in first.stderr + first.stdout
    second = _ask(env, "will it rain today?")
    assert second.returncode == 0 and second.stdout.strip() == "Still showers."
    assert "cooling down" in second.stderr
    assert len(remote.requests_to("/v1/messages")) == 1


def test_tars_ask_reports_a_primary_failure_and_exits_1(servers):
    _, local = servers
    local.script({"error": 500})
    env = _env(_closed_port_url(), local.url, TARS_MODEL_REMOTE="none")
    proc = _ask(env, "hello there")
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
