"""Ctrl-C while an answer streams, on a real pseudo-terminal read through a VT100 emulator (pyte):
the partial answer is on the screen once (the terminal's `^C` echo must not shift the redraw),
and `make chat` left with Ctrl-D after an interrupted answer exits 0."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest
from servers.ollama import OllamaServer, tokens

ROOT = Path(__file__).resolve().parent.parent
ROWS, COLS = 30, 100


def _env(server: OllamaServer) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), TARS_MODEL_DEFAULT="ollama:test", OLLAMA_HOST=server.url,
                TARS_MODEL_REMOTE="none", TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")


class Terminal:
    """A child on a pseudo-terminal whose output is fed to a pyte screen."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""

    def pump_until(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.raw:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never came; screen:\n{self.text()}")
            self.pump(0.1)

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return
            self.raw += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)


def _answer_lines(screen_text: str) -> list[str]:
    return [line for line in screen_text.splitlines() if line.startswith("token1 ")]


def test_ctrl_c_in_chat_leaves_the_partial_answer_on_screen_once() -> None:
    with OllamaServer(default=tokens(400, 0.05)) as server:
        child = pexpect.spawn(sys.executable, ["-m", "tars", "chat"], env=_env(server), encoding="utf-8",
                              dimensions=(ROWS, COLS), timeout=30)
        term = Terminal(child)
        try:
            term.pump_until("› ")
            child.send("tell me a long story\r")
            term.pump_until("token30 ")  # the answer fills more than one line
            child.sendintr()
            term.pump_until("interrupted")
            term.pump(0.5)
        finally:
            child.close(force=True)
    assert len(_answer_lines(term.text())) == 1, term.text()
    assert "^C" not in term.text()


def test_ctrl_c_in_ask_on_a_terminal_leaves_the_partial_answer_on_screen_once() -> None:
    with OllamaServer(default=tokens(400, 0.05)) as server:
        child = pexpect.spawn(sys.executable, ["-m", "tars", "ask", "tell me a long story"], env=_env(server),
                              encoding="utf-8", dimensions=(ROWS, COLS), timeout=30)
        term = Terminal(child)
        term.pump_until("token30 ")
        child.sendintr()
        child.expect(pexpect.EOF)
        term.raw += child.before or ""
        term.stream.feed(child.before or "")
        child.close()
    assert child.exitstatus == 130
    assert len(_answer_lines(term.text())) == 1, term.text()


def test_make_chat_left_with_ctrl_d_after_an_interrupted_answer_exits_0() -> None:
    venv = Path(sys.prefix)
    if shutil.which("make") is None or not (venv / "bin" / "tars").exists():
        pytest.skip("needs make and the venv's tars")
    servers = '{"mcpServers": {"time": {"command": "mcp-server-time", "args": []}}}'
    with OllamaServer(default=tokens(400, 0.05)) as server:
        # the README's MCP example: found on the venv's PATH even when the shell's PATH lacks it
        env = {**_env(server), "TARS_MCP_SERVERS": servers,
               "PATH": os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if Path(p) != venv / "bin")}
        # -o: the venv is set up already; never rebuild it here
        child = pexpect.spawn("make", ["-s", "-C", str(ROOT), "-o", str(venv / ".installed"), "chat", f"VENV={venv}"],
                              env=env, encoding="utf-8", dimensions=(ROWS, COLS), timeout=30)
        child.expect_exact("› ")
        for _ in range(40):
            child.send("/tools time__\r")  # the server's tools, not the built-in clock
            if child.expect_exact(["time__get_current_time", "no tools matching"]) == 0:
                break
            child.expect_exact("› ")
            time.sleep(0.5)
        else:
            raise AssertionError("the time server never started")
        child.expect_exact("› ")
        child.send("tell me a long story\r")
        child.expect("token5 ")
        child.sendintr()
        child.expect_exact("interrupted")
        child.expect_exact("› ")
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
    assert child.signalstatus is None and child.exitstatus == 0, child.before
