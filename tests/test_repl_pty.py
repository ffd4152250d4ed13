"""The real `tars chat` in a pseudo-terminal, against the local Ollama-protocol server.

Types questions, runs slash commands, presses Ctrl-C in the middle of a slow answer, checks the
conversation survives (in the next request's context and in the store), and leaves with Ctrl-D.
"""

from __future__ import annotations

import os
import sys
import time

import pexpect
import pytest
from pty_chat import PROMPT, chat, spawn_chat
from servers.ollama import OllamaServer, echo, tokens

from tars.repl.store import ConversationStore


@pytest.fixture
def server():
    with OllamaServer(default=echo) as srv:
        yield srv


def ask(child: pexpect.spawn, text: str, expect: str) -> None:
    child.send(text + "\r")
    child.expect_exact(expect)
    child.expect_exact(PROMPT)


def last_messages(server: OllamaServer) -> list[dict]:
    return server.requests_to("/api/chat")[-1].body["messages"]


def test_chat_answers_runs_commands_survives_ctrl_c_and_exits_on_ctrl_d(server: OllamaServer) -> None:
    with chat(server) as child:
        ask(child, "hello there", "echo: hello there")
        ask(child, "/model", "ollama:test")

        server.script(tokens(400, 0.05))
        child.send("tell me a long story\r")
        child.expect("token5 ")
        started = time.monotonic()
        child.sendintr()
        child.expect_exact("interrupted")
        child.expect_exact(PROMPT)
        assert time.monotonic() - started < 10  # the rest of the answer (20 s) was not waited for

        ask(child, "/context", "[interrupted]")
        ask(child, "and then?", "echo: and then?")
        context = last_messages(server)
        partial = [m["content"] for m in context if m["role"] == "assistant" and "token5" in m["content"]]
        assert partial and "interrupted" in partial[0]
        assert "token400" not in partial[0]
        assert [m["content"] for m in context if m["role"] == "user"] == [
            "hello there", "tell me a long story", "and then?"]

        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    assert child.exitstatus == 0

    stored = ConversationStore()
    conversation = stored.latest()
    assert conversation is not None and conversation.messages == 6
    assert any(m.interrupted and "token5" in m.content for m in stored.load(conversation.id))


def test_ctrl_c_at_the_prompt_clears_the_line_and_ctrl_d_exits(server: OllamaServer) -> None:
    with chat(server) as child:
        child.send("half a thought")
        child.sendintr()
        child.expect_exact(PROMPT)
        ask(child, "whole thought", "echo: whole thought")
        assert "half a thought" not in last_messages(server)[-1]["content"]
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    assert child.exitstatus == 0


def test_multiline_input_and_bracketed_paste_stay_one_message(server: OllamaServer) -> None:
    with chat(server) as child:
        child.send("first line\x1b\rsecond line\r")  # Esc-Enter (Alt-Enter) inserts a newline
        child.expect_exact("echo: first line")
        child.expect_exact(PROMPT)
        assert last_messages(server)[-1]["content"] == "first line\nsecond line"
        child.send("\x1b[200~pasted one\npasted two\x1b[201~\r")
        child.expect_exact("echo: pasted one")
        child.expect_exact(PROMPT)
        assert last_messages(server)[-1]["content"] == "pasted one\npasted two"
        child.send("/exit\r")
        child.expect(pexpect.EOF)
    assert child.exitstatus == 0


def test_continue_resumes_the_last_conversation(server: OllamaServer) -> None:
    with chat(server) as child:
        ask(child, "remember the word heron", "echo: remember the word heron")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)

    with chat(server, "--continue") as child:
        ask(child, "what was the word?", "echo: what was the word?")
        user_turns = [m["content"] for m in last_messages(server) if m["role"] == "user"]
        assert user_turns == ["remember the word heron", "what was the word?"]
        child.sendcontrol("d")
        child.expect(pexpect.EOF)


def test_model_failure_is_one_line_and_the_chat_goes_on(server: OllamaServer) -> None:
    server.script({"error": 500, "message": "llama runner crashed"})
    with chat(server) as child:
        child.send("hello\r")
        child.expect("llama runner crashed")
        child.expect_exact(PROMPT)
        ask(child, "again", "echo: again")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
        assert "Traceback" not in (child.before or "")


def test_history_persists_and_up_and_ctrl_r_find_earlier_lines(server: OllamaServer) -> None:
    with chat(server) as child:
        ask(child, "alpha unique line", "echo: alpha unique line")
        ask(child, "beta", "echo: beta")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)

    with chat(server) as child:  # a new process: the history file carries over
        child.sendcontrol("r")
        child.send("alph")
        child.expect_exact("a unique line")  # found by the search (the match itself is highlighted)
        child.send("\r")  # accept the found line
        child.send("\r")  # send it
        child.expect_exact("echo: alpha unique line")
        child.expect_exact(PROMPT)
        child.send("\x1b[A")  # Up: the line just sent
        child.send("\r")
        child.expect_exact("echo: alpha unique line")
        child.expect_exact(PROMPT)
        assert [m["content"] for m in last_messages(server) if m["role"] == "user"][-2:] == [
            "alpha unique line", "alpha unique line"]
        child.sendcontrol("d")
        child.expect(pexpect.EOF)


def test_vi_keys_with_the_setting(server: OllamaServer) -> None:
    with chat(server, TARS_EDIT_MODE="vi") as child:
        child.send("hello")
        child.send("\x1b")  # to normal mode
        time.sleep(0.6)  # past the Esc-Enter chord timeout
        child.send("0iX\r")  # line start, insert X, send
        child.expect_exact("echo: Xhello")
        child.expect_exact(PROMPT)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)


def test_an_ask_policy_tool_asks_first_and_no_declines(server: OllamaServer) -> None:
    server.script({"tool_calls": [{"name": "todoist_complete_task", "arguments": {"text": "buy milk"}}]},
                  {"text": "Left it open."})
    # a token, so the Todoist tools are offered (nothing is called: the user declines)
    with chat(server, TODOIST_API_TOKEN="test-token-0123456789", TARS_TODOIST_URL="http://127.0.0.1:9") as child:
        child.send("complete buy milk in my todoist\r")
        child.expect_exact('todoist_complete_task(text="buy milk")')
        child.expect_exact("[y/N]")
        child.send("n\r")
        child.expect_exact("declined")
        child.expect_exact("Left it open.")
        child.expect_exact(PROMPT)
        tool_results = [m for m in last_messages(server) if m["role"] == "tool"]
        assert "declined" in tool_results[-1]["content"]
        child.sendcontrol("d")
        child.expect(pexpect.EOF)


def test_answers_render_as_markdown_on_the_terminal(server: OllamaServer) -> None:
    server.script({"text": "# Heading\n\n- **bold** item\n\n```python\nx = 1\n```\n"})
    with chat(server) as child:
        child.send("show me\r")
        child.expect_exact("ollama:test")  # the footer, after the answer
        shown = child.before
        child.expect_exact(PROMPT)
        assert "Heading" in shown and "bold" in shown and "x = 1" in shown
        assert "**bold**" not in shown and "```" not in shown and "# Heading" not in shown
        child.sendcontrol("d")
        child.expect(pexpect.EOF)


COLOR_SGR = r"\x1b\[[0-9;]*(?:3[0-8]|4[0-8]|9[0-7])[0-9;]*m"


def _transcript(child: pexpect.spawn) -> list[str]:
    seen: list[str] = []
    child.logfile_read = type("Log", (), {"write": lambda self, s: seen.append(s), "flush": lambda self: None})()
    return seen


def test_term_dumb_gets_plain_text_and_no_escape_codes(server: OllamaServer) -> None:
    server.script({"text": "# Title\n\n**bold** and `code`\n"})
    child = spawn_chat(server, TERM="dumb")
    seen = _transcript(child)
    try:
        child.send("hi\r")
        child.expect_exact("ollama:test")
        child.expect_exact(PROMPT)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    text = "".join(seen)
    assert "\x1b" not in text
    assert "# Title\r\n\r\n**bold** and `code`\r\n" in text  # exactly as the model wrote it


def test_no_color_keeps_the_terminal_free_of_colour(server: OllamaServer) -> None:
    import re

    server.script({"text": "# Title\n\n**bold** and `code`\n\n```python\nx = 1\n```\n"})
    child = spawn_chat(server, NO_COLOR="1")
    seen = _transcript(child)
    try:
        ask(child, "hi", "ollama:test")
        ask(child, "/model", "routing")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    text = "".join(seen)
    assert "Title" in text and "**bold**" not in text  # still rendered
    assert not re.search(COLOR_SGR, text)


def test_an_mcp_server_that_fails_to_start_is_reported_once_and_chat_goes_on(server: OllamaServer) -> None:
    import json

    broken = json.dumps({"mcpServers": {"brokensrv": {"command": "/nonexistent/tars-test-binary"}}})
    child = spawn_chat(server, TARS_MCP_SERVERS=broken)
    seen = _transcript(child)
    try:
        deadline = time.monotonic() + 20
        while "brokensrv" not in "".join(seen) and time.monotonic() < deadline:
            ask(child, "/help", "/exit")
        assert "brokensrv" in "".join(seen)
        ask(child, "hello", "echo: hello")
        ask(child, "/help", "/exit")
        assert "".join(seen).count("brokensrv") == 1  # told once
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.model
def test_the_prompt_appears_and_answers_on_the_embedded_model() -> None:
    """llama-cpp-python sends stdout to /dev/null while it loads a model; the prompt must not
    be drawn into that (it once never appeared at all)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OLLAMA_", "ANTHROPIC_"))}
    env.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", TARS_MODEL_REMOTE="none")
    env.pop("TARS_MODEL_DEFAULT", None)
    child = pexpect.spawn(sys.executable, ["-m", "tars", "chat"], env=env, encoding="utf-8",
                          dimensions=(40, 120), timeout=120)
    try:
        child.expect_exact(PROMPT)
        child.send("What is the capital of France?\r")
        child.expect("Paris")
        child.expect_exact("qwen2.5-coder")  # the footer names the embedded model
        child.expect_exact(PROMPT)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_a_chat_told_to_quit_by_a_signal_stops_the_answer_saves_the_turn_and_exits(server: OllamaServer) -> None:
    """SIGTERM (or the terminal closing: SIGHUP) had left the terminal without echo and lost the turn."""
    import signal

    child = spawn_chat(server)
    try:
        ask(child, "hello there", "echo: hello there")
        server.script(tokens(400, 0.05))
        child.send("tell me a long story\r")
        child.expect("token5 ")
        child.kill(signal.SIGTERM)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 128 + signal.SIGTERM
    store = ConversationStore()
    saved = store.load(store.latest().id)
    store.close()
    assert [m.content for m in saved if m.role == "user"] == ["hello there", "tell me a long story"]
    assert any(m.role == "assistant" and "token5" in m.content for m in saved)
