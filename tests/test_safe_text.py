"""Terminal escapes written by a model or a remote never act on the user's terminal.

The real `tars ask` runs in a pseudo-terminal against the local Ollama-protocol server (an answer
full of control sequences) and the local Anthropic-protocol server (an error message with them);
piped stdout keeps the exact text, a terminal and stderr get them shown, never obeyed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from servers.anthropic import AnthropicServer
from servers.ollama import OllamaServer

from tars.safe_text import json_safe, terminal_safe

TITLE = "\x1b]0;pwned-title\x07"
CLEAR = "\x1b[2J"
CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4=\x07"
LINK = "\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\"
DCS = "\x1bPq#0;2;0;0;0\x1b\\"
APC = "\x1b_Gf=100;AAAA\x1b\\"
C1_CSI = "\x9b31m"
HOSTILE = f"Hello {TITLE}there{CLEAR} friend {CLIPBOARD}{LINK} {DCS}{APC}{C1_CSI}done\rX"
ACTIVE = ("\x1b]", "\x1b[2J", "\x1bP", "\x1b_", "\x07", "\x9b", "\x1b\\")


def test_every_control_is_shown_not_kept():
    safe = terminal_safe(HOSTILE + "\tkeeps\ttabs\nand newlines\r\n")
    assert not any(ord(c) < 0x20 and c not in "\n\t" or 0x7F <= ord(c) < 0xA0 for c in safe)
    assert "␛]0;pwned-title␇" in safe and "␛[2J" in safe and "␛]52;c;" in safe
    assert "␛[31m" in safe  # the one-byte C1 CSI is shown as its 7-bit form
    assert safe.endswith("\tkeeps\ttabs\nand newlines\n")
    assert terminal_safe("plain text, ünïcödé ✓") == "plain text, ünïcödé ✓"


def test_json_output_escapes_c1_controls_and_keeps_the_data():
    dumped = json_safe(json.dumps({"t": "a\x9b2Jb\x7f"}, ensure_ascii=False))
    assert "\x9b" not in dumped and "\x7f" not in dumped
    assert json.loads(dumped) == {"t": "a\x9b2Jb\x7f"}


def _env(server: OllamaServer, **extra: str) -> dict[str, str]:
    return {**os.environ, "TARS_MODEL_DEFAULT": "ollama:test", "OLLAMA_HOST": server.url,
            "TARS_MODEL_REMOTE": "none", "TERM": "xterm-256color", **extra}


def _ask_in_pty(server: OllamaServer, *args: str, **env: str) -> str:
    child = pexpect.spawn(sys.executable, ["-m", "tars", "ask", *args, "hello there"], env=_env(server, **env),
                          encoding="utf-8", codec_errors="replace", dimensions=(40, 200), timeout=30)
    out = child.read()
    child.close()
    assert child.exitstatus == 0, out
    return out


@pytest.mark.parametrize("args, env", [((), {}), ((), {"NO_COLOR": "1"}), (("--raw",), {}),
                                       ((), {"TERM": "dumb"})])
def test_an_answer_full_of_escapes_never_acts_on_the_terminal(args, env):
    with OllamaServer() as server:
        server.script(HOSTILE)
        screen = _ask_in_pty(server, *args, **env)
    for active in ACTIVE:
        assert active not in screen, (active, screen)
    assert "␛]0;pwned-title␇" in screen and "␛]52;c;" in screen and "done" in screen


def test_piped_stdout_keeps_the_exact_text_and_stderr_gets_none():
    with OllamaServer() as server:
        server.script(HOSTILE)
        proc = subprocess.run([sys.executable, "-m", "tars", "ask", "hello there"], capture_output=True,
                              env=_env(server), timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == HOSTILE + "\n"  # a script gets what the model wrote


def test_a_remote_error_with_escapes_reaches_neither_stderr_nor_the_cool_down_file(tars_home: Path):
    hostile = "overloaded \x1b]0;owned\x07\x1b[2J now"
    with AnthropicServer() as remote, OllamaServer() as local:
        remote.script({"error": 529, "message": hostile})
        local.script("Showers expected.")
        env = {**_env(local), "TARS_MODEL_REMOTE": "claude:claude-sonnet-4-6", "ANTHROPIC_API_KEY": "k-test",
               "ANTHROPIC_BASE_URL": remote.url, "TARS_REMOTE_TIMEOUT": "5"}
        proc = subprocess.run([sys.executable, "-m", "tars", "ask", "will it rain today?"], capture_output=True,
                              env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().strip() == "Showers expected."
    stderr = proc.stderr.decode()
    assert "529" in stderr and "\x1b" not in stderr and "\x07" not in stderr
    stored = (tars_home / "cache" / "remote_cooldown.json").read_text(encoding="utf-8")
    reasons = [state["reason"] for state in json.loads(stored).values()]
    assert reasons and all("\x1b" not in r and "\x07" not in r for r in reasons)
    assert any("owned" in r for r in reasons)


def test_a_server_error_message_on_stderr_is_shown_not_obeyed():
    with OllamaServer() as server:
        server.script({"error": 500, "message": "runner crashed \x1b]0;owned\x07\x1b[2J"})
        proc = subprocess.run([sys.executable, "-m", "tars", "ask", "hello there"], capture_output=True,
                              env=_env(server), timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1
    stderr = proc.stderr.decode()
    assert "\x1b" not in stderr and "\x07" not in stderr and "␛]0;owned␇" in stderr


def test_tars_chat_shows_escapes_from_the_model_visibly():
    with OllamaServer() as server:
        server.script(HOSTILE)
        env = {**_env(server), "PROMPT_TOOLKIT_NO_CPR": "1"}
        child = pexpect.spawn(sys.executable, ["-m", "tars", "chat"], env=env, encoding="utf-8",
                              codec_errors="replace", dimensions=(40, 200), timeout=30)
        try:
            child.expect_exact("› ")
            child.send("hello there\r")
            child.expect_exact("done")
            screen = child.before
            child.expect_exact("› ")
            screen += child.before
        finally:
            child.close()
    for active in ACTIVE:
        assert active not in screen, (active, screen)
    assert "␛]0;pwned-title␇" in screen


def test_a_markdown_link_shows_its_target_instead_of_a_terminal_hyperlink():
    import io

    from rich.console import Console

    from tars.render.stream import MarkdownStream

    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    stream = MarkdownStream(console, live=False)
    stream.write("Log in at [your bank](https://evil.example/login) now.\n")
    stream.finish()
    screen = console.file.getvalue()
    assert "\x1b]8;" not in screen and "https://evil.example/login" in screen
