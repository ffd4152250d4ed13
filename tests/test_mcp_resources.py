"""MCP resources and prompts as a user reaches them: `tars mcp resources/read/prompts`, and in chat
`/server:prompt arg=value` commands and `@server:uri` attachments, each with completion."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp_servers import FEATURES, PYTHON
from rich.console import Console

from tars.config import load_config
from tars.mcp import attach
from tars.providers.scripted import ScriptedProvider
from tars.repl import commands as registry
from tars.repl import mcp_prompts
from tars.repl.commands import CommandContext, CommandError, dispatch
from tars.session import Session
from tars.tools.registry import ToolRegistry

ROOT = Path(__file__).resolve().parent.parent
SERVERS = json.dumps({"feat": {"command": PYTHON, "args": [str(FEATURES)]}})


def run_tars(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)


@pytest.fixture
def env(tars_home):
    return {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MCP_SERVERS": SERVERS}


def test_cli_lists_resources_and_prompts_and_reads_a_resource(env):
    listed = run_tars("mcp", "resources", env=env)
    assert listed.returncode == 0, listed.stderr
    assert "@feat:notes://today  today — Today's note" in listed.stdout
    assert "@feat:notes://day/{day}  day — The note of a day" in listed.stdout
    read = run_tars("mcp", "read", "feat", "notes://today", env=env)
    assert read.returncode == 0 and read.stdout.splitlines() == ["[resource notes://today]", "Buy milk."]
    prompts = run_tars("mcp", "prompts", "--json", env=env)
    (review,) = json.loads(prompts.stdout)["servers"]["feat"]
    assert review["name"] == "review" and [a["name"] for a in review["arguments"]] == ["code", "style"]
    text = run_tars("mcp", "prompts", env=env)
    assert "/feat:review code=… [style=…]  — Review a piece of code" in text.stdout


def test_cli_read_of_a_missing_resource_or_server_is_one_line(env):
    missing = run_tars("mcp", "read", "feat", "notes://nothing", env=env)
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1 and "feat" in missing.stderr
    nobody = run_tars("mcp", "read", "nobody", "x://y", env=env)
    assert nobody.returncode == 2 and "no MCP server 'nobody'" in nobody.stderr


@pytest.fixture
def chat(tars_home, monkeypatch):
    monkeypatch.setenv("TARS_MCP_SERVERS", SERVERS)
    session = Session(load_config(), primary=ScriptedProvider(["ok"]), tools=ToolRegistry())
    session.mcp = attach(session)
    assert session.mcp.wait(20)
    mcp_prompts.bind(session)
    yield session
    session.mcp.close()


def run(session, line: str) -> str:
    out = io.StringIO()
    dispatch(CommandContext(session=session, console=Console(file=out, width=200, no_color=True)), line)
    return out.getvalue()


def test_prompts_are_slash_commands_with_name_and_argument_completion(chat):
    assert "/feat:review" in registry.complete("/feat:r")
    assert registry.complete("/feat:review code=x ") == ["code=x style="]
    assert registry.complete("/feat:review style=s") == ["style=short", "style=strict"]
    assert run(chat, '/feat:review code="x = 1" style=strict') == "Review this code in a strict style:\nx = 1\n"
    with pytest.raises(CommandError, match=r"needs code=…"):
        run(chat, "/feat:review style=short")
    with pytest.raises(CommandError, match="has no argument colour"):
        run(chat, "/feat:review code=x colour=red")


def test_a_mention_attaches_the_resource_to_the_message_with_completion(chat):
    assert mcp_prompts.complete_mention("@fe") == ["@feat:"]
    assert mcp_prompts.complete_mention("@feat:notes://t") == ["@feat:notes://today"]
    told = []
    text = mcp_prompts.attach_mentions("what do I need? @feat:notes://today", told.append)
    assert text == "what do I need? @feat:notes://today\n\n[resource notes://today]\nBuy milk."
    assert told == ["attached @feat:notes://today (34 characters)"]
    assert mcp_prompts.attach_mentions("mail me @ada:home") == "mail me @ada:home"  # not a server
