"""Long conversations over the real wire: compaction before a request would overflow, a compacted
retry when a model still refuses the prompt as too long, the meter, /compact, and resuming."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer, note_taker, prompt_tokens
from servers.openai_compat import OpenAICompatServer

from tars.config import load_config
from tars.errors import ContextTooLong
from tars.events import Notice, ToolCall, Usage
from tars.messages import Message
from tars.providers import make_provider
from tars.providers.scripted import ScriptedProvider
from tars.render.status import footer_line
from tars.repl.app import Repl, load_command_modules
from tars.repl.store import ConversationStore
from tars.session import Session, Turn
from tars.session.context import SUMMARY_HEADING
from tars.tokens import TokenCounter
from tars.tools import Tool, ToolRegistry

load_command_modules()

FACT = "My locker code is 4711 and my name is Ada."
CLAUDE = "claude:claude-sonnet-4-6"


def _line(n: int) -> str:
    return f"Now tell me about the rivers, the gardens and the old bridges of the north, part {n}."


def _chats(server: OllamaServer, *, summaries: bool = False) -> list:
    """The /api/chat requests: the answers, or (summaries=True) the summariser's."""
    def is_summary(body: dict) -> bool:
        return body["messages"][0]["content"].startswith("You condense")
    return [r for r in server.requests_to("/api/chat") if is_summary(r.body) == summaries]


def _tars_chat(*args: str, env: dict[str, str], lines: list[str]) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "TARS_MODEL_REMOTE": "none", "TARS_TOOL_MODE": "native", **env}
    return subprocess.run([sys.executable, "-m", "tars", "chat", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, env=full, timeout=300)


def test_a_long_chat_stays_in_its_window_sends_num_ctx_and_resumes_compacted(tars_home: Path) -> None:
    with OllamaServer(default=note_taker(40), models={"qwen3:8b": {"context_length": 40960}}) as server:
        env = {"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "OLLAMA_HOST": server.url, "TARS_CONTEXT_SIZE": "2048"}
        done = _tars_chat(env=env, lines=[FACT, *(_line(n) for n in range(2, 41))])
        assert done.returncode == 0, done.stderr
        assert "context compacted" in done.stdout
        requests = server.requests_to("/api/chat")
        assert len(_chats(server)) == 40 and _chats(server, summaries=True)
        assert {r.body["options"]["num_ctx"] for r in requests} == {2048}
        sizes = [prompt_tokens(r.body) for r in requests]  # by the server's own count, not tars's
        assert max(sizes) <= 2048, max(sizes)
        last = _chats(server)[-1].body["messages"]
        assert last[1]["content"].startswith(SUMMARY_HEADING) and "4711" in last[1]["content"]

        store = ConversationStore(tars_home / "data" / "sessions.db")
        [conversation] = store.recent()
        stored = store.load(conversation.id)
        assert len(stored) == 80 and stored[0].content == FACT  # compaction never changes what is stored
        covered = store.load_compaction(conversation.id).covered
        store.close()

        again = _tars_chat("--continue", env=env, lines=["And what was my locker code?", "/context"])
        assert again.returncode == 0, again.stderr
        assert f"(80 messages, the first {covered} summarised)" in again.stdout
        assert re.search(r"context: [\d,]+ of 2,048 tokens", again.stdout)
        assert re.search(r"summary\s+[\d,]+\s+stands for the first \d+ messages", again.stdout)
        resumed = _chats(server)[-1].body["messages"]
        assert resumed[1]["content"].startswith(SUMMARY_HEADING) and "4711" in resumed[1]["content"]
        assert len(resumed) == 1 + 1 + (80 - covered) + 1  # system, summary, the rest, the new message
        assert prompt_tokens(_chats(server)[-1].body) <= 2048


def test_piped_input_too_large_for_the_window_is_refused_before_sending() -> None:
    with OllamaServer(models={"qwen3:8b": {"context_length": 2048}}) as server:
        env = {**os.environ, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "OLLAMA_HOST": server.url,
               "TARS_MODEL_REMOTE": "none", "TARS_TOOL_MODE": "native"}
        big = "The quarterly report lists revenue, costs and the plans for next year. " * 400
        done = subprocess.run([sys.executable, "-m", "tars", "ask", "summarise this"], input=big,
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 1
        assert "too large for ollama:qwen3:8b's context window" in done.stderr and "Nothing was sent" in done.stderr
        assert server.requests_to("/api/chat") == []


def _history(turns: int) -> list[Message]:
    out = [Message(role="user", content=FACT), Message(role="assistant", content="Noted, Ada.")]
    for n in range(2, turns + 1):
        out += [Message(role="user", content=_line(n)),
                Message(role="assistant", content="The rivers run north. " * 20)]
    return out


@pytest.fixture
def remote_and_local():
    with AnthropicServer() as remote, OllamaServer(default=note_taker(30)) as local:
        yield remote, local


def _escalating_session(monkeypatch, remote_url: str, local_url: str) -> Session:
    for key, value in {"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": CLAUDE, "OLLAMA_HOST": local_url,
                       "ANTHROPIC_API_KEY": "sk-ant-test-0123456789", "ANTHROPIC_BASE_URL": remote_url,
                       "TARS_TOOL_MODE": "native"}.items():
        monkeypatch.setenv(key, value)
    session = Session.from_config(load_config(), mcp=False)
    session.context.messages.extend(_history(12))
    return session


def test_a_prompt_refused_as_too_long_is_compacted_and_retried_once_without_fallback(remote_and_local, monkeypatch):
    remote, local = remote_and_local
    remote.script({"error": 400, "message": "prompt is too long: 230000 tokens > 200000 maximum"},
                  "Light rain after 3 pm.")
    session = _escalating_session(monkeypatch, remote.url, local.url)
    events = list(session.stream("will it rain in Oslo today?"))
    turn = session.last_turn
    assert turn.text == "Light rain after 3 pm." and turn.model == CLAUDE and not turn.fell_back
    notices = [e for e in events if isinstance(e, Notice)]
    assert [n.level for n in notices] == ["info"] and "context compacted" in notices[0].text
    first, retry = remote.requests_to("/v1/messages")
    sent = retry.body["messages"]
    assert sent[0]["content"][0]["text"].startswith(SUMMARY_HEADING) and len(sent) < len(first.body["messages"])
    assert _chats(local, summaries=True) and not _chats(local)  # the primary summarised; it did not answer
    assert session.escalation.cooldown.active(CLAUDE) is None  # not a remote failure: no cool-down
    assert len(session.messages) == 24 + 2  # nothing stored was dropped


def test_a_second_refusal_is_told_plainly_and_still_no_fallback(remote_and_local, monkeypatch):
    remote, local = remote_and_local
    too_long = {"error": 400, "message": "prompt is too long: 230000 tokens > 200000 maximum"}
    remote.script(too_long, too_long)
    session = _escalating_session(monkeypatch, remote.url, local.url)
    with pytest.raises(ContextTooLong, match="prompt is too long"):
        list(session.stream("will it rain in Oslo today?"))
    assert len(remote.requests_to("/v1/messages")) == 2 and not _chats(local)
    assert session.escalation.cooldown.active(CLAUDE) is None


def test_an_openai_compatible_context_error_gets_one_compacted_retry():
    with OpenAICompatServer() as server:
        server.script({"error": 400, "message": "This model's maximum context length is 8192 tokens. However, "
                                                "your messages resulted in 9100 tokens."},
                      "Earlier we spoke of rivers; Ada's code is 4711.",  # the summary, by the same model
                      "Your locker code is 4711.")
        config = load_config(environ={"TARS_MODEL_DEFAULT": "openai:test-model", "TARS_MODEL_REMOTE": "none",
                                      "TARS_OPENAI_BASE_URL": server.url + "/v1", "TARS_TOOL_MODE": "native"})
        session = Session(config, primary=make_provider(config.model_default, config))
        session.context.messages.extend(_history(8))
        turn = session.send("what was my locker code?")
        assert turn.text == "Your locker code is 4711."
        retry = server.requests_to("/v1/chat/completions")[-1].body["messages"]
        assert retry[1]["content"].startswith(SUMMARY_HEADING) and "4711" in retry[1]["content"]


def _lookup_session(window: int) -> tuple[Session, ScriptedProvider]:
    def model(messages, tools):
        last = messages[-1]
        if last.role == "user" and last.content.startswith("Summary so far"):
            return ["Ada looked up several topics."]
        if last.role == "user":
            return [ToolCall(name="lookup", arguments={"topic": last.content})]
        return [f"Found it: {last.content[:40]}"]

    tool = Tool(name="lookup", description="look a topic up", func=lambda topic: f"{topic}: " + "facts " * 300,
                parameters={"type": "object", "properties": {"topic": {"type": "string"}}})
    provider = ScriptedProvider([model], context_window=window, max_output_tokens=256)
    config = load_config(environ={}).replace(primary_tools="all")
    return Session(config, primary=provider, tools=ToolRegistry([tool])), provider


def test_old_tool_results_are_elided_first_and_a_call_keeps_its_result():
    session, provider = _lookup_session(4096)
    for n in range(1, 7):
        session.send(f"topic {n}")
    for request in provider.calls:
        messages = request["messages"]
        for i, message in enumerate(messages):
            if message.role == "tool":  # its call is in the message right before the results
                calls = next(m for m in reversed(messages[:i]) if m.role == "assistant" and m.tool_calls)
                assert message.tool_call_id in {c.id for c in calls.tool_calls}
    last = provider.calls[-1]["messages"]
    elided = [m for m in last if m.role == "tool" and m.content.startswith("[result of lookup elided")]
    assert elided and "topic 1" in elided[0].content and "\n" not in elided[0].content
    assert [m for m in last if m.role == "tool"][-1].content.startswith("topic 6: facts")  # the latest stays whole
    assert not any(m.content.startswith(SUMMARY_HEADING) for m in last)  # eliding was enough so far
    assert all(len(m.content) > 1000 for m in session.messages if m.role == "tool")  # stored whole


def _repl(server: OllamaServer, window: str = "4096") -> tuple[Repl, Console]:
    config = load_config(environ={"TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "OLLAMA_HOST": server.url,
                                  "TARS_CONTEXT_SIZE": window, "TARS_MODEL_REMOTE": "none",
                                  "TARS_TOOL_MODE": "native"})
    session = Session(config, primary=make_provider(config.model_default, config))
    session.add_context(lambda text: "Pinned memory: the user is called Ada and prefers short answers.")
    console = Console(file=io.StringIO(), width=120)
    return Repl(session, console, ConversationStore()), console


def _say(repl: Repl, console: Console, line: str) -> str:
    console.file.seek(0)
    console.file.truncate()
    (repl.command if line.startswith("/") else repl.turn)(line)
    return console.file.getvalue()


def test_the_context_meter_adds_up_to_what_was_sent() -> None:
    with OllamaServer(default=note_taker(30)) as server:
        repl, console = _repl(server)
        for n in range(1, 5):
            _say(repl, console, _line(n))
        shown = _say(repl, console, "/context")
        header = re.search(r"context: ([\d,]+) of ([\d,]+) tokens", shown)
        used, window = (int(x.replace(",", "")) for x in header.groups())
        parts = {name: int(n.replace(",", "")) for name, n in re.findall(
            r"^(system|tools|memory|history|summary)\s+([\d,]+)", shown, re.M)}
        assert set(parts) == {"system", "tools", "memory", "history", "summary"}
        assert sum(parts.values()) == used and window == 4096 and parts["memory"] > 0
        last = server.requests_to("/api/chat")[-1].body
        assert re.search(rf"^history\s+{parts['history']:,}\s+{len(last['messages']) - 1} messages", shown, re.M)
        assert f"the model counted {prompt_tokens(last):,} tokens" in shown
        assert abs(used - prompt_tokens(last)) <= 0.15 * prompt_tokens(last)  # calibrated by the reports
        assert "window: set by TARS_CONTEXT_SIZE" in shown


def test_compact_now_keeps_what_the_focus_names() -> None:
    with OllamaServer(default=note_taker(30)) as server:
        repl, console = _repl(server)
        assert "nothing to compact" in _say(repl, console, "/compact")
        _say(repl, console, FACT)
        for n in range(2, 5):
            _say(repl, console, _line(n))
        out = _say(repl, console, "/compact the locker code")
        assert "context compacted: 6 older messages summarised" in out
        [summariser] = _chats(server, summaries=True)
        assert "Keep everything about the locker code in full detail" in summariser.body["messages"][1]["content"]
        _say(repl, console, "what is my code?")
        sent = _chats(server)[-1].body["messages"]
        assert sent[1]["content"].startswith(SUMMARY_HEADING) and "4711" in sent[1]["content"]
        assert "summary" in _say(repl, console, "/context")


def test_the_footer_shows_context_use_only_above_half() -> None:
    turn = Turn(model="ollama:qwen3:8b", context_tokens=3000, context_window=4096)
    turn.record_round("local", Usage(input_tokens=3000, output_tokens=20))
    assert footer_line(turn).endswith("context 73% of 4,096")
    turn.context_tokens = 1500
    assert "context" not in footer_line(turn)


def test_the_count_learns_from_what_the_model_reports() -> None:
    counter = TokenCounter()
    text = "word " * 100
    raw = counter.count(text)
    counter.calibrate(raw, int(raw * 1.4))
    assert counter.count(text) == pytest.approx(raw * 1.4, abs=1)
    counter.calibrate(raw, int(raw * 0.3))  # a server that reused its cache: ignored
    assert counter.count(text) == pytest.approx(raw * 1.4, abs=1)


def test_the_context_bench_keeps_a_short_run_in_its_window() -> None:
    bench = Path(__file__).resolve().parent.parent / "bench" / "context.py"
    done = subprocess.run([sys.executable, str(bench), "--turns", "40", "--window", "2048"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "requests over the window: 0" in done.stdout and "turn-1 fact in the context at turn 40: yes" in done.stdout


def test_a_long_answer_written_beside_a_call_is_cut_so_the_turn_goes_on():
    """A small model may write pages of text along with its call; the next round still fits."""
    def model(messages, tools):
        if messages[-1].role == "user":
            return ["I will look that up. " + "Let me think about it once more. " * 400,
                    ToolCall(name="lookup", arguments={"topic": "tides"})]
        return ["High tide is at noon."]

    tool = Tool(name="lookup", description="look a topic up", func=lambda topic: f"{topic}: high tide at noon",
                parameters={"type": "object", "properties": {"topic": {"type": "string"}}})
    provider = ScriptedProvider([model], context_window=2048, max_output_tokens=256)
    session = Session(load_config(environ={}).replace(primary_tools="all"), primary=provider,
                      tools=ToolRegistry([tool]))
    turn = session.send("when is high tide?")
    assert turn.text.endswith("High tide is at noon.")
    sent = provider.calls[-1]["messages"]
    assert any("[cut to fit the context window" in m.content for m in sent if m.role == "assistant")
    assert len(session.messages[1].content) > 10_000  # stored whole
