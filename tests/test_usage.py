"""Tokens and cost as a user sees them: `tars ask --json` through a pipe and `/usage` in a real
chat, against the local Anthropic, Ollama and OpenAI-compatible servers reporting known counts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer
from servers.openai_compat import OpenAICompatServer

from tars.usage import Cost, billing_of, cost_warning

PRICES = json.loads((Path(__file__).resolve().parent.parent / "tars" / "data" / "prices.json").read_text())
# a prompt of 13,200 tokens: 1,200 new, 10,000 read from the cache, 2,000 written to it
CLAUDE_USAGE = {"input_tokens": 1200, "output_tokens": 300, "cache_read_input_tokens": 10000,
                "cache_creation_input_tokens": 2000}


def ask(*args: str, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ, TARS_MODEL_REMOTE="none", ANTHROPIC_API_KEY="sk-ant-test-usage-0123456789")
    full.update(env)
    return subprocess.run([sys.executable, "-m", "tars", "ask", *args], capture_output=True, text=True, env=full,
                          timeout=60, stdin=subprocess.DEVNULL)


def ask_json(*args: str, **env: str) -> dict[str, Any]:
    done = ask("--json", *args, **env)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def claude_cost(model_id: str, usage: dict[str, int]) -> float:
    """The cost by hand, from the shipped table's row for the model."""
    price = PRICES["models"][model_id]
    return (usage["input_tokens"] * price["input"] + usage["output_tokens"] * price["output"]
            + usage["cache_read_input_tokens"] * price["cache_read"]
            + usage["cache_creation_input_tokens"] * price["cache_write"]) / 1_000_000


def test_claude_tokens_with_cache_counts_and_their_cost_reach_ask_json() -> None:
    with AnthropicServer() as server:
        server.script({"text": "Hello.", "usage": CLAUDE_USAGE})
        data = ask_json("hi", TARS_MODEL_DEFAULT="claude:claude-sonnet-4-6", ANTHROPIC_BASE_URL=server.url)
    usage = data["usage"]
    assert (usage["input_tokens"], usage["output_tokens"]) == (13200, 300)
    assert (usage["cache_read_tokens"], usage["cache_write_tokens"]) == (10000, 2000)
    expected = claude_cost("claude-sonnet-4-6", CLAUDE_USAGE)
    assert usage["cost_usd"] == pytest.approx(expected) and expected > 0
    assert usage["cost"] == f"${expected:.4f}"
    assert usage["prices_as_of"] == PRICES["as_of"]
    assert usage["conversation"]["turns"] == 1 and usage["conversation"]["cost_usd"] == pytest.approx(expected)


def test_a_dated_claude_id_is_priced_as_its_model_and_an_unknown_one_shows_tokens_and_an_unknown_cost() -> None:
    with AnthropicServer() as server:
        server.script({"text": "Hi.", "usage": CLAUDE_USAGE}, {"text": "Hi.", "usage": CLAUDE_USAGE})
        dated = ask_json("hi", TARS_MODEL_DEFAULT="claude:claude-haiku-4-5-20251001", ANTHROPIC_BASE_URL=server.url)
        unknown = ask_json("hi", TARS_MODEL_DEFAULT="claude:claude-nova-9", ANTHROPIC_BASE_URL=server.url)
    assert dated["usage"]["cost_usd"] == pytest.approx(claude_cost("claude-haiku-4-5", CLAUDE_USAGE))
    assert unknown["usage"]["input_tokens"] == 13200 and unknown["usage"]["output_tokens"] == 300
    assert unknown["usage"]["cost_usd"] is None and unknown["usage"]["cost"] == "unknown"


def test_ollama_counts_are_reported_and_a_local_model_costs_nothing() -> None:
    with OllamaServer() as server:
        server.script({"text": "Hi.", "prompt_eval_count": 40, "eval_count": 8})
        data = ask_json("hi", TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url)
    usage = data["usage"]
    assert (usage["input_tokens"], usage["output_tokens"]) == (40, 8)
    assert usage["cost"] == "local" and usage["cost_usd"] == 0


def test_a_server_that_reports_no_counts_is_not_reported_never_zero() -> None:
    with OllamaServer() as server:
        server.script({"text": "Hi.", "prompt_eval_count": None, "eval_count": None})
        data = ask_json("hi", TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url)
    usage = data["usage"]
    assert usage["input_tokens"] is None and usage["output_tokens"] is None and usage["reported"] is False
    assert usage["models"] == [{"model": "ollama:test", "rounds": 1, "input_tokens": None, "output_tokens": None,
                                "cache_read_tokens": None, "cache_write_tokens": None, "cost_usd": 0.0}]


def test_an_openai_compatible_server_is_asked_for_usage_and_its_counts_are_reported() -> None:
    with OpenAICompatServer() as server:
        server.script({"text": "Hi.", "usage": {"prompt_tokens": 70, "completion_tokens": 9}})
        data = ask_json("hi", TARS_MODEL_DEFAULT="openai:local-model", TARS_OPENAI_BASE_URL=server.url + "/v1")
        body = server.requests_to("/v1/chat/completions")[-1].body
    assert body["stream_options"] == {"include_usage": True}
    assert (data["usage"]["input_tokens"], data["usage"]["output_tokens"]) == (70, 9)
    assert data["usage"]["cost"] == "local"  # a server on this machine


def test_conversation_totals_survive_continue_and_the_cost_warning_comes_once_per_crossing() -> None:
    turn = claude_cost("claude-sonnet-4-6", CLAUDE_USAGE)  # about $0.0186 a turn
    threshold = 0.03  # crossed by the second turn only (the third stays below $0.06)
    env = {"TARS_MODEL_DEFAULT": "claude:claude-sonnet-4-6", "TARS_COST_WARN": str(threshold)}
    with AnthropicServer() as server:
        server.script(*[{"text": f"answer {n}", "usage": CLAUDE_USAGE} for n in range(3)])
        runs = [ask("--json", "--session", "budget", f"question {n}", ANTHROPIC_BASE_URL=server.url, **env)
                for n in range(3)]
    for done in runs:
        assert done.returncode == 0, done.stderr
        json.loads(done.stdout)  # the answer stays one JSON object: the warning never reaches it
    warnings = [done.stderr.count("TARS_COST_WARN") for done in runs]
    assert warnings == [0, 1, 0]
    assert f"${2 * turn:.4f}" in runs[1].stderr
    last = json.loads(runs[2].stdout)["usage"]["conversation"]
    assert last["turns"] == 3 and last["input_tokens"] == 3 * 13200 and last["output_tokens"] == 900
    assert last["cost_usd"] == pytest.approx(3 * turn)


def test_usage_in_chat_shows_the_turn_the_conversation_and_the_price_date_and_survives_continue() -> None:
    with OllamaServer() as server:
        server.script({"text": "First answer.", "prompt_eval_count": 40, "eval_count": 8},
                      {"text": "Second answer.", "prompt_eval_count": 60, "eval_count": 5})
        env = dict(os.environ, TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none",
                   TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", TARS_COST_WARN="2")
        runs: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
            ((), ("1 turn · 40 in / 8 out tokens",)), (("--continue",), ("2 turns · 100 in / 13 out tokens",))]
        for args, expected in runs:
            child = pexpect.spawn(sys.executable, ["-m", "tars", "chat", *args], env=env, encoding="utf-8",
                                  dimensions=(40, 160), timeout=30)
            try:
                child.expect_exact("› ")
                child.send("hello\r")
                child.expect_exact("answer.")
                child.expect_exact("› ")
                child.send("/usage\r")
                for text in (*expected, "local", f"as of {PRICES['as_of']}", "$2.00 per conversation"):
                    child.expect_exact(text)
                child.expect_exact("› ")
                child.sendcontrol("d")
                child.expect(pexpect.EOF)
            finally:
                child.close()


# -- the rules underneath ------------------------------------------------------------------------
class _Server:
    def __init__(self, provider: str, **where: str) -> None:
        self.provider = provider
        self.__dict__.update(where)


@pytest.mark.parametrize(("provider", "expected"), [
    (_Server("claude"), "claude"),
    (_Server("llamacpp"), "local"),
    (_Server("ollama", host="http://127.0.0.1:11434"), "local"),
    (_Server("ollama", host="gpu-box:11434"), "local"),
    (_Server("ollama", host="http://192.168.1.20:11434"), "local"),
    (_Server("openai", base_url="http://localhost:8080/v1"), "local"),
    (_Server("openai", base_url="https://api.example.com/v1"), "unknown"),
    (_Server("openai", base_url="http://8.8.8.8/v1"), "unknown"),
])
def test_who_pays_for_a_model(provider: Any, expected: str) -> None:
    assert billing_of(provider) == expected


def test_the_warning_comes_at_each_multiple_of_the_threshold_only() -> None:
    def cost(usd: float) -> Cost:
        return Cost(usd, True, False)

    assert cost_warning(cost(0.4), cost(0.9), 1.0) is None
    assert "past $1.00" in (cost_warning(cost(0.9), cost(1.1), 1.0) or "")
    assert cost_warning(cost(1.1), cost(1.9), 1.0) is None
    assert "past $3.00" in (cost_warning(cost(1.9), cost(3.5), 1.0) or "")  # one line, for the highest multiple passed
    assert cost_warning(cost(0.9), cost(5.0), None) is None


def test_the_footer_shows_a_claude_turns_cost_and_says_when_tokens_were_not_reported() -> None:
    from tars.events import Usage
    from tars.render.status import footer_line
    from tars.session import Turn

    usage = Usage(input_tokens=13200, output_tokens=300, cache_read_tokens=10000, cache_write_tokens=2000)
    priced = Turn(model="claude:claude-sonnet-4-6", rounds=1)
    priced.record_round("claude", usage)
    expected = claude_cost("claude-sonnet-4-6", CLAUDE_USAGE)
    assert footer_line(priced).endswith(f"13200 in / 300 out tokens · ${expected:.4f}")
    unknown = Turn(model="claude:claude-nova-9", rounds=1)
    unknown.record_round("claude", usage)
    assert footer_line(unknown).endswith("· cost unknown")
    silent = Turn(model="ollama:test", rounds=1)
    silent.record_round("local", None)
    assert footer_line(silent) == "ollama:test · tokens not reported"


def test_a_turn_tars_answered_without_a_model_says_no_model_tokens():
    """"what is 12 times 13?" is read and run by tars: the footer had said "tokens not reported"."""
    from tars.config import load_config
    from tars.pipeline import PipelineProvider
    from tars.pipeline.grounding import Grounds
    from tars.providers.scripted import ScriptedProvider
    from tars.render.status import footer_line
    from tars.session import Session
    from tars.tools.builtin import builtin_tools
    from tars.tools.registry import ToolRegistry

    config = load_config(environ={}).replace(tool_mode="pipeline")
    calculator = [t for t in builtin_tools(config) if t.name == "calculate"]
    model = ScriptedProvider([["a model's answer"]], native_tools=False)
    session = Session(config, primary=PipelineProvider(model, grounds=Grounds()), tools=ToolRegistry(calculator))
    turn = session.send("what is 12 times 13?")
    assert turn.text == "12 × 13 = 156" and model.calls == []
    assert footer_line(turn).endswith("1 tool call · no model tokens")
    # a model that answered and reported nothing has its tokens "not reported", not none
    chat = session.send("thanks! and who wrote Hamlet?")
    assert chat.text == "a model's answer" and len(model.calls) == 1
    assert footer_line(chat).endswith("tokens not reported")


def test_an_answer_tars_gives_itself_says_no_model_was_asked():
    """The footer of "I can't do that yet: … not set up" had been the bare word "tars"."""
    from tars.config import load_config
    from tars.providers.scripted import ScriptedProvider
    from tars.render.status import footer_line
    from tars.session import Session
    from tars.tools.builtin import builtin_tools
    from tars.tools.registry import ToolRegistry

    model = ScriptedProvider([], native_tools=False)
    config = load_config(environ={})  # no Todoist token: the tasks tools are not set up
    session = Session(config, primary=model, tools=ToolRegistry(builtin_tools(config)))
    turn = session.send("add milk to my todoist")
    assert turn.text.startswith("I can't do that yet") and model.calls == []
    assert footer_line(turn) == "tars · no model asked"
