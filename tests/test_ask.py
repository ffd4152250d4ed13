"""`tars ask` as scripts use it: pipes, stdin, --json, exit codes, plain output, confirmations.

Every test runs the real `tars` process against the local Ollama-protocol server.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pexpect
import pytest
from servers.ollama import OllamaServer, echo, tokens

ANSI = re.compile(r"\x1b[\[\]]")
COLOR_SGR = re.compile(r"\x1b\[[0-9;]*(?:3[0-8]|4[0-8]|9[0-7])[0-9;]*m")
MARKDOWN = "# Plan\n\n- **one**\n- two\n\n```python\nprint('hi')\n```\n"


@pytest.fixture
def server():
    with OllamaServer(default=echo) as srv:
        yield srv


def env_for(server: OllamaServer, **extra: str) -> dict[str, str]:
    env = dict(os.environ, TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none")
    env.pop("NO_COLOR", None)  # the tests below say when they want it
    env.update(extra)
    return env


# a token, so the Todoist tools are offered, and an address where nothing answers
NO_TODOIST = {"TODOIST_API_TOKEN": "test-token-0123456789", "TARS_TODOIST_URL": "http://127.0.0.1:9"}


def tars_ask(server: OllamaServer, *args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", "ask", *args], input=stdin, capture_output=True,
                          text=True, env=env_for(server, **env), timeout=60,
                          stdin=subprocess.DEVNULL if stdin is None else None)


def user_text(server: OllamaServer) -> str:
    messages = server.requests_to("/api/chat")[-1].body["messages"]
    return [m for m in messages if m["role"] == "user"][-1]["content"]


def test_answer_goes_to_stdout_exactly_as_written(server: OllamaServer) -> None:
    server.script({"text": MARKDOWN})
    done = tars_ask(server, "make a plan")
    assert done.returncode == 0, done.stderr
    assert done.stdout == MARKDOWN  # no ANSI, no wrapping, no markdown rendering
    assert "Traceback" not in done.stderr


def test_long_lines_are_not_wrapped_in_a_pipe(server: OllamaServer) -> None:
    line = " ".join(["word"] * 60)
    server.script({"text": line})
    done = tars_ask(server, "q", COLUMNS="40")
    assert done.stdout == line + "\n"


def test_piped_stdin_follows_the_request_in_a_code_fence(server: OllamaServer) -> None:
    done = tars_ask(server, "summarise this", stdin="line one\nline two\n")
    assert done.returncode == 0, done.stderr
    text = user_text(server)
    assert text.startswith("summarise this\n\n")
    assert text == "summarise this\n\n```\nline one\nline two\n```"


@pytest.mark.parametrize("args", [["-"], []])
def test_dash_or_no_argument_reads_the_whole_prompt_from_stdin(server: OllamaServer, args: list[str]) -> None:
    done = tars_ask(server, *args, stdin="what is 2+2?\n")
    assert done.returncode == 0, done.stderr
    assert user_text(server) == "what is 2+2?\n"
    assert done.stdout == "echo: what is 2+2?\n"


def test_no_question_and_nothing_piped_prints_usage_and_exits_2(server: OllamaServer) -> None:
    done = tars_ask(server)  # stdin is /dev/null
    assert done.returncode == 2
    assert done.stdout == ""
    assert "tars ask" in done.stderr and "pipe" in done.stderr
    assert server.requests_to("/api/chat") == []
    assert tars_ask(server, "-", stdin="   \n").returncode == 2


def test_no_question_on_a_terminal_does_not_wait_for_input(server: OllamaServer) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "tars", "ask"], env=env_for(server), encoding="utf-8", timeout=30)
    child.expect("usage|no question")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_json_has_answer_model_tool_calls_with_results_and_usage(server: OllamaServer) -> None:
    server.script(
        {"tool_calls": [{"name": "memory_remember", "arguments": {"text": "likes tea"}}]},
        {"text": "Noted: you like tea.", "prompt_eval_count": 40, "eval_count": 6},
    )
    done = tars_ask(server, "--json", "remember that I like tea")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)  # one JSON object and nothing else on stdout
    assert data["answer"] == "Noted: you like tea."
    assert data["model"] == "ollama:test"
    assert data["escalated"] is False and data["fell_back"] is False and "fallback_reason" in data
    [call] = data["tool_calls"]
    assert call["name"] == "memory_remember" and call["arguments"] == {"text": "likes tea"}
    assert call["is_error"] is False and call["result"]
    assert data["usage"]["output_tokens"] is not None


def test_model_failure_exits_1_with_one_line(server: OllamaServer) -> None:
    server.script({"error": 500, "message": "llama runner crashed"})
    done = tars_ask(server, "hello")
    assert done.returncode == 1
    assert done.stdout == ""
    assert "llama runner crashed" in done.stderr
    assert "Traceback" not in done.stderr


def test_json_failure_is_still_one_object_with_the_error(server: OllamaServer) -> None:
    server.script({"error": 500, "message": "llama runner crashed"})
    done = tars_ask(server, "--json", "hello")
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert "llama runner crashed" in data["error"] and data["answer"] == ""
    assert "llama runner crashed" in done.stderr


def test_bad_configuration_exits_2(server: OllamaServer) -> None:
    done = tars_ask(server, "hello", TARS_MODEL_DEFAULT="nonsense")
    assert done.returncode == 2
    assert "TARS_MODEL_DEFAULT" in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_exits_130(server: OllamaServer) -> None:
    server.script(tokens(400, 0.05))
    proc = subprocess.Popen([sys.executable, "-m", "tars", "ask", "long story"], env=env_for(server),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    assert proc.stdout.read(6) == b"token1"  # it is streaming
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert b"token400" not in out and b"Traceback" not in err


def test_ask_policy_tools_are_refused_without_yes_when_stdin_is_not_a_terminal(server: OllamaServer) -> None:
    call = {"tool_calls": [{"name": "todoist_complete_task", "arguments": {"text": "buy milk"}}]}
    server.script(call, {"text": "Could not do it."})
    refused = tars_ask(server, "complete buy milk in my todoist", **NO_TODOIST)
    assert refused.returncode == 1  # nothing was done, which a script reads in the exit code
    assert "needs confirmation" in refused.stderr and "--yes" in refused.stderr

    server.script(call, {"text": "Tried."})
    allowed = tars_ask(server, "--yes", "complete buy milk in my todoist", **NO_TODOIST)
    assert "needs confirmation" not in allowed.stderr
    assert "todoist_complete_task" in allowed.stderr  # it ran (and says why it failed: nothing answers)
    assert "cannot reach Todoist" in allowed.stderr


def _pty_ask(server: OllamaServer, **env: str) -> str:
    child = pexpect.spawn(sys.executable, ["-m", "tars", "ask", "plan"], env=env_for(server, **env),
                          encoding="utf-8", timeout=30, dimensions=(40, 100))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return child.before


def test_a_terminal_gets_rendered_markdown(server: OllamaServer) -> None:
    server.script({"text": MARKDOWN})
    out = _pty_ask(server, TERM="xterm-256color")
    assert "# Plan" not in out and "**one**" not in out  # rendered, not raw
    assert "Plan" in out and "one" in out and "print" in out
    assert COLOR_SGR.search(out)


def test_no_color_on_a_terminal_has_no_colour_codes(server: OllamaServer) -> None:
    server.script({"text": MARKDOWN})
    out = _pty_ask(server, TERM="xterm-256color", NO_COLOR="1")
    assert "Plan" in out and "print('hi')" in out
    assert not COLOR_SGR.search(out)


def test_term_dumb_gets_the_exact_text(server: OllamaServer) -> None:
    server.script({"text": MARKDOWN})
    out = _pty_ask(server, TERM="dumb")
    assert not ANSI.search(out)
    assert out.replace("\r\n", "\n").startswith(MARKDOWN)


def test_status_lines_go_to_stderr(server: OllamaServer) -> None:
    server.script({"tool_calls": [{"name": "memory_recall", "arguments": {}}]}, {"text": "Nothing yet."})
    done = tars_ask(server, "what do you remember?")
    assert done.stdout == "Nothing yet.\n"
    assert "⚙ memory_recall()" in done.stderr and "↳" in done.stderr
    assert not ANSI.search(done.stderr)


def test_first_byte_arrives_while_the_answer_still_streams(server: OllamaServer) -> None:
    server.script(tokens(30, 0.1))
    proc = subprocess.Popen([sys.executable, "-m", "tars", "ask", "count"], env=env_for(server),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.read(6)
    first = time.monotonic()
    out, _ = proc.communicate(timeout=30)
    assert time.monotonic() - first > 1.5  # the rest came later: streamed, not buffered
    assert out.decode().endswith("token30\n")


def test_json_reports_the_fallback_and_the_key_never_appears(server: OllamaServer) -> None:
    from servers.anthropic import AnthropicServer

    secret = "sk-ant-test-0123456789abcdef"
    with AnthropicServer() as remote:
        remote.script({"error": 529}, {"error": 529}, {"error": 529})
        server.script({"text": "Probably not, from here."})
        done = tars_ask(server, "--json", "will it rain today in Lima?",
                        TARS_MODEL_REMOTE="claude:claude-sonnet-4-5-20250929", ANTHROPIC_API_KEY=secret,
                        ANTHROPIC_BASE_URL=remote.url)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["answer"] == "Probably not, from here."
    assert data["model"] == "ollama:test"
    assert data["fell_back"] is True and data["fallback_reason"]
    assert "529" in data["fallback_reason"] or "overloaded" in data["fallback_reason"].lower()
    assert secret not in done.stdout and secret not in done.stderr
    assert secret[-8:] not in done.stdout


def _asked_on_a_terminal(server: OllamaServer, answer: str) -> tuple[int, list[dict]]:
    """`tars ask` on a terminal asked to complete a task, answered `answer` at the prompt: its exit
    status and the tool results the model was sent."""
    child = pexpect.spawn(sys.executable, ["-m", "tars", "ask", "complete buy milk in my todoist"],
                          env=env_for(server, TERM="xterm-256color", **NO_TODOIST), encoding="utf-8", timeout=30)
    child.expect_exact("run todoist_complete_task? [y/N]")
    child.send(answer + "\r")
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, [m for m in server.requests_to("/api/chat")[-1].body["messages"] if m["role"] == "tool"]


def test_on_a_terminal_an_ask_policy_tool_asks_first(server: OllamaServer) -> None:
    server.script({"tool_calls": [{"name": "todoist_complete_task", "arguments": {"text": "buy milk"}}]},
                  {"text": "Done."})
    exit_status, tool_results = _asked_on_a_terminal(server, "y")
    assert exit_status == 1  # allowed, it ran and failed: nothing answers for Todoist here
    tool_result = tool_results[-1]
    assert "needs confirmation" not in tool_result["content"]
    assert "declined" not in tool_result["content"]
    assert "cannot reach Todoist" in tool_result["content"]  # it really ran (and nothing answers here)


def test_a_call_the_user_declines_is_no_failure(server: OllamaServer) -> None:
    call = {"tool_calls": [{"name": "todoist_complete_task", "arguments": {"text": "buy milk"}}]}
    server.script(call, call, {"text": "Left it as it is."})  # asked again: the repeat is no new failure
    exit_status, (declined, repeated) = _asked_on_a_terminal(server, "n")
    assert exit_status == 0
    assert "the user declined todoist_complete_task" in declined["content"]
    assert "already failed" in repeated["content"]


def test_a_file_on_stdin_is_read_like_a_pipe(server: OllamaServer, tmp_path) -> None:
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("from a file\n")
    with prompt.open() as f:
        done = subprocess.run([sys.executable, "-m", "tars", "ask", "-"], stdin=f, capture_output=True, text=True,
                              env=env_for(server), timeout=60)
    assert done.returncode == 0, done.stderr
    assert user_text(server) == "from a file\n"


def test_an_answer_cut_at_the_output_limit_is_said_and_marked_in_json(server: OllamaServer) -> None:
    server.script({"text": "The steps are: one, two", "done_reason": "length"})
    done = tars_ask(server, "list the steps")
    assert done.returncode == 0 and done.stdout.rstrip("\n") == "The steps are: one, two"
    assert "cut off" in done.stderr and "max_tokens" in done.stderr

    server.script({"text": "The steps are: one, two", "done_reason": "length"})
    data = json.loads(tars_ask(server, "--json", "list the steps").stdout)
    assert data["stop_reason"] == "max_tokens" and data["truncated"] is True
    assert data["answer"] == "The steps are: one, two"


def test_a_remote_model_anthropic_retires_is_told_once_on_stderr(server: OllamaServer) -> None:
    server.script({"text": "Hello there."})
    done = tars_ask(server, "hello", TARS_MODEL_REMOTE="claude:claude-sonnet-4-5-20250929",
                    ANTHROPIC_API_KEY="sk-ant-test-0123456789abcdef")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Hello there.\n"  # the answer stays clean for a pipe
    told = [line for line in done.stderr.splitlines() if "claude-sonnet-4-5-20250929" in line]
    assert len(told) == 1 and "retired by Anthropic on 30 November 2026" in told[0]
    assert "claude:claude-sonnet-4-6" in told[0]


def test_a_turn_whose_every_tool_call_failed_exits_1(server: OllamaServer, tmp_path) -> None:
    """The answer said the tool failed, but the exit code had been 0: a script could not tell."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "shopping.md").write_text("eggs, milk\n")
    env = {"TARS_TOOL_MODE": "pipeline", "TARS_NOTES_DIR": str(notes)}
    failed = tars_ask(server, "--yes", "take cheese off my shopping note", **env)
    assert failed.returncode == 1, failed.stderr
    assert "failed" in failed.stdout and "cheese" in failed.stdout
    as_json = tars_ask(server, "--yes", "--json", "take cheese off my shopping note", **env)
    assert as_json.returncode == 1 and json.loads(as_json.stdout)["error"] == "every tool call failed"
    done = tars_ask(server, "--yes", "take milk off my shopping note", **env)
    assert done.returncode == 0 and (notes / "shopping.md").read_text() == "eggs\n"


def test_a_call_to_a_tool_that_is_not_here_is_no_failure_of_a_tool(server: OllamaServer) -> None:
    server.script({"tool_calls": [{"name": "lookup_capital", "arguments": {"country": "France"}}]},
                  {"text": "Paris."})
    done = tars_ask(server, "--json", "capital of France?")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["answer"] == "Paris." and "error" not in json.loads(done.stdout)


def test_chat_takes_yes_as_the_refusal_in_a_pipe_suggests(server: OllamaServer, tmp_path) -> None:
    """A piped chat had said "pass --yes", which chat did not take."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "shopping.md").write_text("eggs, milk\n")
    env = env_for(server, TARS_TOOL_MODE="pipeline", TARS_NOTES_DIR=str(notes))

    def chat(*flags: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tars", "chat", *flags], input="take milk off my shopping note\n",
                              capture_output=True, text=True, env=env, timeout=60)

    refused = chat()
    assert "pass --yes" in refused.stdout + refused.stderr and (notes / "shopping.md").read_text() == "eggs, milk\n"
    done = chat("--yes")
    assert done.returncode == 0, done.stderr
    assert "Took “milk” out of shopping.md" in done.stdout and (notes / "shopping.md").read_text() == "eggs\n"
