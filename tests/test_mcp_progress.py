"""Progress and cancellation with real MCP servers: progress is requested and shown, extends a
call's deadline up to a maximum, a timeout or Ctrl-C cancels the request on the server (and Ctrl-C
gives the call an "interrupted" result), a call right after a crash restarts the server at once,
and tools that need task augmentation are not offered."""

from __future__ import annotations

import os
import re
import signal
import threading
import time

import pytest
from mcp_servers import FEATURES, PYTHON, TOOLBOX

from tars.config import load_config
from tars.events import ToolCall
from tars.mcp.config import ServerConfig
from tars.mcp.errors import McpTimeout
from tars.mcp.manager import McpManager
from tars.providers.scripted import ScriptedProvider
from tars.session import Session
from tars.tools.registry import ToolRegistry


@pytest.fixture(scope="module")
def feat_server(tmp_path_factory):
    """The features server with a 2 s timeout and a 4.5 s maximum, shared by the module."""
    mark = tmp_path_factory.mktemp("mark") / "cancelled.txt"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TARS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        registry = ToolRegistry()
        servers = {"feat": ServerConfig(name="feat", transport="stdio", command=PYTHON, args=(str(FEATURES),),
                                        env={"FEATURES_MARK": str(mark)})}
        manager = McpManager(servers, registry=registry, timeout=2.0, max_timeout=4.5)
        manager.start()
        assert manager.wait(20)
        yield manager, registry, mark
        manager.close()


@pytest.fixture
def feat(feat_server, tars_home):
    manager, registry, mark = feat_server
    mark.unlink(missing_ok=True)
    manager.on_progress = None
    return manager, registry, mark


def test_progress_is_shown_and_keeps_a_long_call_alive_past_its_timeout(feat):
    manager, _, _ = feat
    lines: list[str] = []
    manager.on_progress = lines.append
    assert manager.call("feat", "slow", {"seconds": 3.0}) == "worked 3.0"  # past the 2 s timeout
    assert lines[0] == "feat.slow: step 1 of 15 (1/15, 7%)" and lines[-1].endswith("(15/15, 100%)")


def test_progress_extends_a_call_only_up_to_the_maximum(feat):
    manager, _, _ = feat
    started = time.monotonic()
    with pytest.raises(McpTimeout, match=r"still reporting progress after \d s \(TARS_MCP_MAX_TIMEOUT\)"):
        manager.call("feat", "slow", {"seconds": 10.0})
    assert time.monotonic() - started < 7


def test_a_silent_call_times_out_is_cancelled_on_the_server_and_the_server_keeps_running(feat):
    manager, _, mark = feat
    with pytest.raises(McpTimeout, match="did not answer within 2 s without progress; cancelled"):
        manager.call("feat", "wait_cancel", {})
    deadline = time.monotonic() + 5
    while not mark.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert mark.read_text() == "cancelled"
    assert manager.status()[0]["state"] == "ready"  # not restarted: its state is kept


def test_ctrl_c_cancels_the_call_on_the_server_and_the_call_is_interrupted(feat):
    manager, registry, mark = feat
    # a call that reports progress: only the cancel, not its deadline (4.5 s), can stop it early
    model = ScriptedProvider([[ToolCall(id="w1", name="feat__slow", arguments={"seconds": 20})], ["ok"]])
    session = Session(load_config().replace(primary_tools="all"), primary=model, tools=registry)
    session.mcp = manager
    threading.Timer(0.7, os.kill, (os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        session.send("wait for it")
    (result,) = [m for m in session.messages if m.role == "tool"]
    assert result.is_error and "interrupted" in result.content
    deadline = time.monotonic() + 2
    while not mark.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert mark.read_text() == "cancelled"


def test_tools_that_need_task_augmentation_are_not_offered(feat):
    _, registry, _ = feat
    names = {t.name for t in registry}
    assert "feat__slow" in names and "feat__needs_task" not in names


def test_a_call_right_after_a_crash_restarts_the_server_at_once(tars_home):
    servers = {"box": ServerConfig(name="box", transport="stdio", command=PYTHON, args=(str(TOOLBOX),))}
    manager = McpManager(servers, timeout=5)
    manager.start()
    assert manager.wait(20)
    try:
        first = int(re.search(r"\[(\d+)\]", manager.call("box", "echo", {"text": "a"})).group(1))
        os.kill(first, signal.SIGKILL)
        time.sleep(0.05)
        again = manager.call("box", "echo", {"text": "b"})  # no error: restarted on this call
        assert int(re.search(r"\[(\d+)\]", again).group(1)) != first
    finally:
        manager.close()


def test_progress_is_a_transient_status_line_on_a_terminal_and_nothing_in_a_pipe():
    import io

    from rich.console import Console

    from tars.render.turn_view import TurnPrinter

    shown = io.StringIO()
    printer = TurnPrinter(Console(file=shown, force_terminal=True, width=80))
    printer.progress("feat.slow: step 1 of 10 (1/10, 10%)")
    time.sleep(0.2)
    printer.progress("feat.slow: \x1b]0;pwned\x07step 2 of 10 (2/10, 20%)")
    time.sleep(0.2)
    printer.abort()
    out = shown.getvalue()
    assert "step 1 of 10 (1/10, 10%)" in out and "step 2 of 10 (2/10, 20%)" in out
    assert "\x1b]0;pwned" not in out  # a server's escape sequence is shown, not obeyed
    assert out.endswith("\x1b[2K")  # the line is erased when the call ends
    piped = io.StringIO()
    TurnPrinter(Console(file=piped, force_terminal=False)).progress("feat.slow: step 1")
    assert piped.getvalue() == ""
