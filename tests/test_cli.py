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
