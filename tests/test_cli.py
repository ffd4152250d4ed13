"""The `tars` command as a user meets it: bad usage exits 2 with a one-screen message, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest


def tars(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)


@pytest.mark.parametrize("args, says", [
    (("ask", "--bogus"), "No such option: --bogus"),
    (("nosuch",), "No such command 'nosuch'"),
    (("mcp", "call"), "Missing argument"),
    (("tools", "call", "weather_now", "[1]"), "must be a JSON object"),
    (("tools", "call", "calculat", "{}"), "no tool named 'calculat'; did you mean calculate?"),
    (("mcp", "login", "any", "--timeout", "-1"), "Invalid value for '--timeout'"),
    ((), "Usage: tars"),
])
def test_bad_usage_exits_2_without_a_traceback(args, says):
    proc = tars(*args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert says in proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr


def test_help_is_quick_to_reach_and_lists_the_commands():
    proc = tars("--help")
    assert proc.returncode == 0
    for command in ("ask", "chat", "route", "config", "tools", "mcp", "bench", "parse", "models"):
        assert command in proc.stdout


def test_a_question_that_opens_with_a_negative_number_is_the_prompt(tmp_path):
    """`tars ask "-40 f in c"` had been read as short options: "No such option: -4", or worse, -c."""
    import os

    from tars.cli import questions_as_arguments

    assert questions_as_arguments(["ask", "-40 f in c"]) == ["ask", "--", "-40 f in c"]
    assert questions_as_arguments(["ask", "-c", "what next"]) == ["ask", "-c", "what next"]
    assert questions_as_arguments(["ask", "--", "-5 + 2"]) == ["ask", "--", "-5 + 2"]
    env = dict(os.environ, TARS_MODEL_DEFAULT="openai:none", TARS_OPENAI_BASE_URL="http://127.0.0.1:9/v1",
               TARS_TOOL_MODE="pipeline", TARS_DATA_DIR=str(tmp_path / "data"), TARS_CONFIG_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "tars", "ask", "-40 f in c"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, env=env)
    assert done.returncode == 0 and done.stdout.strip() == "-40 °F = -40 °C", done.stderr
