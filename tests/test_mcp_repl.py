"""`/mcp` in tars chat: servers with transport and state (or why they failed), one server's tools."""

from __future__ import annotations

import io
import json

import pytest
from mcp_servers import PYTHON, TOOLBOX
from rich.console import Console

from tars.config import load_config
from tars.mcp import attach
from tars.providers.scripted import ScriptedProvider
from tars.repl import mcp_commands  # noqa: F401 - registers /mcp
from tars.repl.commands import CommandContext, CommandError, dispatch
from tars.session import Session
from tars.tools.registry import ToolRegistry


def run(session, line: str) -> str:
    out = io.StringIO()
    ctx = CommandContext(session=session, console=Console(file=out, width=200, no_color=True))
    dispatch(ctx, line)
    return out.getvalue()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """One session for the module (a server start costs about a second)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TARS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        mp.setenv("TARS_MCP_SERVERS", json.dumps({
            "box": {"command": PYTHON, "args": [str(TOOLBOX)]},
            "ghost": {"command": "no-such-mcp-server-anywhere"},
        }))
        s = Session(load_config(), primary=ScriptedProvider(["hi"]), tools=ToolRegistry())
        s.mcp = attach(s)
    assert s.mcp.wait(20)
    yield s
    s.mcp.close()


def test_mcp_lists_servers_states_and_reasons(session):
    text = run(session, "/mcp")
    box = next(line for line in text.splitlines() if line.startswith("box"))
    ghost = next(line for line in text.splitlines() if line.startswith("ghost"))
    assert "stdio" in box and "ready" in box and box.split()[-1] == str(len(session.mcp.tools("box"))) != "0"
    assert "failed: command not found: no-such-mcp-server-anywhere" in ghost


def test_mcp_server_shows_tools_with_effect_and_policy(session):
    text = run(session, "/mcp box")
    assert "is ready" in text
    crash = next(line for line in text.splitlines() if line.startswith("box__crash"))
    assert "destructive" in crash and "ask" in crash
    echo = next(line for line in text.splitlines() if line.startswith("box__echo"))
    assert "read" in echo and "auto" in echo
    fail = next(line for line in text.splitlines() if line.startswith("box__fail"))
    assert "write" in fail and "auto" in fail


def test_mcp_restart_and_bad_arguments(session):
    before = session.mcp.call("box", "echo", {"text": "x"})
    run(session, "/mcp restart box")
    assert session.mcp.wait(20)
    after = session.mcp.call("box", "echo", {"text": "x"})
    assert before != after  # a new process answers (its pid is in the echo)
    with pytest.raises(CommandError, match="no MCP server 'nope'"):
        run(session, "/mcp nope")


def test_mcp_without_servers_says_how_to_configure():
    s = Session(load_config(), primary=ScriptedProvider(["hi"]), tools=ToolRegistry())
    s.mcp = attach(s)
    with pytest.raises(CommandError, match="TARS_MCP_SERVERS"):
        run(s, "/mcp")
