"""`shell_run` and chat's `!command`: one command in the working folder, timed out, capped, asked about.

The real `tars` runs against the local Ollama-protocol server: over a pipe (refused without
`--yes`, denied by policy) and in a pseudo-terminal (the command shown in full before it runs,
`!command` output offered to the next message).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest
from servers.ollama import OllamaServer, echo

from tars.config import load_config
from tars.routing.router import Router
from tars.tools.builtin import builtin_tools
from tars.tools.shell import MAX_OUTPUT, run_command

PROMPT = "› "


def env_for(server: OllamaServer, **extra: str) -> dict[str, str]:
    return {**os.environ, "TARS_MODEL_DEFAULT": "ollama:test", "OLLAMA_HOST": server.url,
            "TARS_MODEL_REMOTE": "none", "TARS_PRIMARY_TOOLS": "all", **extra}


def chat_in(server: OllamaServer, folder: Path) -> pexpect.spawn:
    """`tars chat` in a pseudo-terminal, in `folder`, against `server`."""
    env = env_for(server, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    return pexpect.spawn(sys.executable, ["-m", "tars", "chat"], cwd=str(folder), env=env, encoding="utf-8",
                         dimensions=(40, 120), timeout=30)


def shell_call(command: str) -> dict:
    return {"tool_calls": [{"name": "shell_run", "arguments": {"command": command}}]}


def tool_results(server: OllamaServer) -> list[str]:
    return [m["content"] for r in server.requests_to("/api/chat") for m in r.body["messages"] if m["role"] == "tool"]


def test_output_is_capped_with_head_and_tail_and_the_cut_said(tmp_path: Path):
    result = run_command("seq 1 100000", cwd=tmp_path, timeout=30)
    assert result.ok and result.omitted > 0
    assert result.output.startswith("1\n2\n3\n") and result.output.rstrip().endswith("99999\n100000")
    assert "bytes of output omitted" in result.output and len(result.output) < MAX_OUTPUT + 100


def test_a_command_past_its_timeout_is_stopped_with_its_children(tmp_path: Path):
    started = time.monotonic()
    result = run_command("echo before; sleep 30 & sleep 30; echo never", cwd=tmp_path, timeout=1)
    assert time.monotonic() - started < 10
    assert result.timed_out and not result.ok and result.exit_code is None
    assert "before" in result.output and "never" not in result.output
    assert result.status(1) == "stopped after 1 s (timeout)"


def test_runs_in_the_working_folder_without_tars_secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-secret-0123456789")
    monkeypatch.setenv("HARMLESS", "visible")
    result = run_command("pwd; env", cwd=tmp_path, timeout=10)
    assert result.output.splitlines()[0] == str(tmp_path)
    assert "HARMLESS=visible" in result.output and "sk-ant-secret" not in result.output


def test_in_a_pipe_it_runs_only_with_yes_and_never_when_denied(tmp_path: Path):
    marker = tmp_path / "ran"
    with OllamaServer() as server:
        server.script(shell_call(f"touch {marker} && echo made it"), "I could not run it.")
        refused = subprocess.run([sys.executable, "-m", "tars", "ask", "--json", "make the file"], cwd=tmp_path,
                                 capture_output=True, text=True, env=env_for(server), timeout=60,
                                 stdin=subprocess.DEVNULL)
        assert refused.returncode == 1, refused.stderr  # nothing ran: a script reads it in the exit code
        call = json.loads(refused.stdout)["tool_calls"][0]
        assert call["is_error"] and "--yes" in call["result"] and not marker.exists()

        server.clear()
        server.script(shell_call(f"touch {marker} && echo made it"), "Done.")
        done = subprocess.run([sys.executable, "-m", "tars", "ask", "--yes", "make the file"], cwd=tmp_path,
                              capture_output=True, text=True, env=env_for(server), timeout=60, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
        assert marker.exists() and tool_results(server) == ["made it"]

        marker.unlink()
        server.clear()
        server.script(shell_call(f"touch {marker}"), "Denied.")
        denied = subprocess.run([sys.executable, "-m", "tars", "ask", "--yes", "--json", "make the file"],
                                cwd=tmp_path, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                                env=env_for(server, TARS_TOOL_POLICY="shell_run=deny"))
        call = json.loads(denied.stdout)["tool_calls"][0]
        assert call["is_error"] and "deny" in call["result"] and not marker.exists()


def test_a_failing_command_is_told_as_failed(tmp_path: Path):
    with OllamaServer() as server:
        server.script(shell_call("echo oops >&2; exit 3"), "It failed.")
        done = subprocess.run([sys.executable, "-m", "tars", "ask", "--yes", "--json", "try it"], cwd=tmp_path,
                              capture_output=True, text=True, env=env_for(server), timeout=60, stdin=subprocess.DEVNULL)
    call = json.loads(done.stdout)["tool_calls"][0]
    assert call["is_error"] and "exit 3" in call["result"] and "oops" in call["result"]


def test_at_a_terminal_the_whole_command_is_shown_and_no_declines(tmp_path: Path):
    marker = tmp_path / "ran"
    command = f"touch {marker} && echo a-rather-long-command-line-that-a-summary-would-cut-short"
    with OllamaServer() as server:
        for answer, runs in (("n", False), ("y", True)):
            server.clear()
            server.script(shell_call(command), "ok")
            child = pexpect.spawn(sys.executable, ["-m", "tars", "ask", "make the file"], cwd=str(tmp_path),
                                  env=env_for(server), encoding="utf-8", dimensions=(40, 200), timeout=30)
            child.expect_exact(f"shell_run $ {command}")
            child.expect_exact("run shell_run? [y/N]")
            child.sendline(answer)
            child.expect(pexpect.EOF)
            child.close()
            assert marker.exists() is runs


def test_bang_runs_a_command_and_offers_its_output_to_the_next_message(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("line from the file\n")
    with OllamaServer(default=echo) as server:
        child = chat_in(server, tmp_path)
        try:
            child.expect_exact(PROMPT)
            child.send("!cat notes.txt; false\r")
            child.expect_exact("line from the file")
            child.expect_exact("exit 1")
            child.expect_exact("add this output to your next message? [y/N]")
            child.send("y\r")
            child.expect_exact(PROMPT)
            assert server.requests_to("/api/chat") == []  # nothing was sent yet
            child.send("what does it say?\r")
            child.expect_exact("echo: what does it say?")
            child.expect_exact(PROMPT)
            child.send("!echo second\r")
            child.expect_exact("add this output")
            child.send("\r")  # no: the next message goes alone
            child.expect_exact(PROMPT)
            child.send("and now?\r")
            child.expect_exact("echo: and now?")
            child.expect_exact(PROMPT)
            child.sendcontrol("d")
            child.expect(pexpect.EOF)
        finally:
            child.close()
    users = [[m["content"] for m in r.body["messages"] if m["role"] == "user"][-1]
             for r in server.requests_to("/api/chat")]
    assert users[0].startswith("what does it say?\n\nOutput of `cat notes.txt; false` (exit 1):\n```\n")
    assert "line from the file" in users[0]
    assert users[1] == "and now?"


def test_ctrl_c_stops_a_bang_command_and_the_chat_goes_on(tmp_path: Path):
    with OllamaServer(default=echo) as server:
        child = chat_in(server, tmp_path)
        try:
            child.expect_exact(PROMPT)
            child.send("!printf 'run%s\\n' ning; sleep 60\r")
            time.sleep(2)  # the command is running: its output shows when it ends
            began = time.monotonic()
            child.sendintr()
            child.expect_exact("running")  # what it printed before it was stopped (not the typed line)
            child.expect_exact("stopped (Ctrl-C)")
            child.expect_exact(PROMPT)
            assert time.monotonic() - began < 10
            child.send("still here?\r")
            child.expect_exact("echo: still here?")
        finally:
            child.close()


@pytest.mark.parametrize("message, runs", [
    ("run `git status --short` here", True),
    ("please run the command ls -la for me", True),
    ("check the disk usage in the terminal", True),
    ("how do I run git status with short output?", False),
    ("what does the ls command do?", False),
    ("write a python function that reverses a list", False),
])
def test_the_router_offers_shell_run_only_when_asked_to_run_something(message: str, runs: bool, tmp_path: Path):
    config = load_config(environ={}, cwd=tmp_path)
    decision = Router(builtin_tools(config)).decide(message)
    assert ("shell_run" in decision.tool_hints) is runs, decision
