"""`tars mcp call` and `tars tools call` honour TARS_TOOL_POLICY and the confirmation of destructive
tools, as a model's call would; a misspelt policy stops tars with one line and exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp_servers import PYTHON, TOOLBOX

from tars.config import load_config
from tars.errors import ConfigError
from tars.events import ToolCall
from tars.session import Session
from tars.tools.base import Tool


def tars(*args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=90, input=stdin,
                          stdin=None if stdin is not None else subprocess.DEVNULL)


@pytest.fixture
def box_env() -> dict[str, str]:
    return {"TARS_MCP_SERVERS": json.dumps({"box": {"command": PYTHON, "args": [str(TOOLBOX)]}}),
            "TARS_MCP_TIMEOUT": "20"}


def test_mcp_call_honours_deny(box_env):
    proc = tars("mcp", "call", "box", "echo", '{"text": "hi"}', TARS_TOOL_POLICY="box__echo=deny", **box_env)
    assert proc.returncode == 1, proc.stderr
    out = json.loads(proc.stdout)
    assert out["is_error"] is True and "deny" in out["output"] and "echo[" not in proc.stdout
    allowed = tars("mcp", "call", "box", "echo", '{"text": "hi"}', **box_env)
    assert allowed.returncode == 0 and "echo[" in json.loads(allowed.stdout)["output"]


def test_mcp_call_of_a_destructive_tool_is_refused_in_a_pipe_without_yes(box_env):
    proc = tars("mcp", "call", "box", "crash", stdin="y\n", **box_env)
    assert proc.returncode == 1, proc.stderr
    out = json.loads(proc.stdout)
    assert out["is_error"] is True and "--yes" in out["output"]
    forced = tars("mcp", "call", "box", "crash", "--yes", **box_env)
    assert "--yes" not in json.loads(forced.stdout)["output"]  # it ran (and the server crashed)


def test_tools_call_honours_deny(tmp_path: Path):
    proc = tars("tools", "call", "memory_remember", '{"text": "x"}', TARS_TOOL_POLICY="memory_remember=deny",
                TARS_MEMORY_DIR=str(tmp_path / "m"))
    assert proc.returncode == 1 and "deny" in json.loads(proc.stdout)["output"]
    assert not (tmp_path / "m" / "memory.md").exists()


@pytest.mark.parametrize("policy, words", [
    ("web-read=deny", "no tool named 'web-read'; did you mean web_read?"),
    ("note_write=block", "policy must be one of auto, ask, deny"),
    ("note_write=dney", "did you mean note_write=deny?"),
])
def test_a_misspelt_policy_is_a_config_error_with_a_suggestion(policy, words):
    for args in (("ask", "hello there"), ("tools", "list"), ("chat",)):
        proc = tars(*args, TARS_TOOL_POLICY=policy, TARS_MODEL_REMOTE="none")
        assert proc.returncode == 2, (args, proc.stderr)
        assert proc.stderr.count("\n") == 1 and "TARS_TOOL_POLICY" in proc.stderr and words in proc.stderr


def test_policy_names_may_be_mcp_tools_and_aliases():
    config = load_config(environ={"TARS_TOOL_POLICY": "box.echo=deny,time__now=ask", "TARS_MODEL_REMOTE": "none"})
    session = Session.from_config(config, mcp=False)
    for name, policy in (("box__echo", "deny"), ("time__now", "ask")):  # as if their servers listed them
        tool = Tool(name=name, description="", parameters={"type": "object"}, func=lambda: "ran", source="x")
        session.tools.add(tool)
        assert session.tools.policy(tool) == policy
    denied = session.tools.run(ToolCall(name="box__echo", arguments={}))
    assert denied.is_error and "deny" in denied.text
    with pytest.raises(ConfigError, match="TARS_TOOL_POLICY"):
        Session.from_config(load_config(environ={"TARS_TOOL_POLICY": "weather=deny"}), mcp=False)


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "TARS_TOOL_POLICY" in line]


@pytest.mark.parametrize("policy, words", [
    ("box__ecko=deny", "no tool named 'box__ecko'; did you mean box__echo?"),
    ("bx.echo=deny", "no tool named 'bx.echo' (no MCP server 'bx' is configured); did you mean box__echo?"),
])
def test_a_policy_for_an_mcp_tool_that_is_not_there_is_one_warning_naming_the_closest(box_env, policy, words):
    from servers.ollama import OllamaServer, echo

    assert tars("mcp", "list", **box_env).returncode == 0  # the server's tools are now known (cached)
    listed = tars("tools", "list", TARS_TOOL_POLICY=policy, **box_env)
    assert listed.returncode == 0 and _warnings(listed.stderr) == [f"tars: TARS_TOOL_POLICY: {words}"], listed.stderr
    with OllamaServer(default=echo) as server:
        asked = tars("ask", "hello there", TARS_TOOL_POLICY=policy, TARS_MODEL_DEFAULT="ollama:qwen3:8b",
                     OLLAMA_HOST=server.url, TARS_MODEL_REMOTE="none", **box_env)
    assert asked.returncode == 0 and asked.stdout.strip() == "echo: hello there", asked.stderr
    assert len(_warnings(asked.stderr)) == 1 and words in _warnings(asked.stderr)[0], asked.stderr


@pytest.mark.parametrize("command", [("tools", "list"), ("mcp", "list")])
def test_a_policy_for_an_mcp_tool_with_no_server_configured_is_a_warning(command, tmp_path):
    listed = tars(*command, TARS_TOOL_POLICY="box__echo=deny", TARS_CONFIG_DIR=str(tmp_path))
    assert listed.returncode == 0
    assert _warnings(listed.stderr) == ["tars: TARS_TOOL_POLICY: no tool named 'box__echo' (no MCP server 'box' "
                                        "is configured); `tars tools list` shows the tool names"], listed.stderr


def test_a_policy_for_a_tool_its_server_does_not_list_is_told_when_the_server_comes_up(box_env, monkeypatch):
    for key, value in {**box_env, "TARS_MODEL_DEFAULT": "ollama:qwen3:8b", "TARS_MODEL_REMOTE": "none",
                       "TARS_TOOL_POLICY": "box__echo=ask,box__ecko=deny"}.items():
        monkeypatch.setenv(key, value)
    session = Session.from_config(load_config())  # no cached list: the server's tools are not known yet
    told: list[str] = []
    try:
        assert session.mcp is not None and session.mcp.wait(25)
        deadline = time.monotonic() + 10  # the tools register just after the server counts as ready
        while not told and time.monotonic() < deadline:
            told += [line for line in session.take_notices() if "TARS_TOOL_POLICY" in line]
            time.sleep(0.05)
        time.sleep(0.2)
        told += [line for line in session.take_notices() if "TARS_TOOL_POLICY" in line]
    finally:
        session.mcp.close()
    assert told == ["TARS_TOOL_POLICY: no tool named 'box__ecko'; did you mean box__echo?"]


@pytest.mark.parametrize("policy, words", [
    ("box__ecko=deny", "no tool named 'box__ecko'; did you mean box__echo?"),
    ("bx.echo=deny", "no tool named 'bx.echo' (no MCP server 'bx' is configured); did you mean box__echo?"),
])
def test_mcp_list_and_call_tell_a_policy_for_a_missing_mcp_tool_once(box_env, policy, words):
    listed = tars("mcp", "list", TARS_TOOL_POLICY=policy, **box_env)  # nothing cached yet
    assert listed.returncode == 0 and _warnings(listed.stderr) == [f"tars: TARS_TOOL_POLICY: {words}"], listed.stderr
    called = tars("mcp", "call", "box", "echo", '{"text": "hi"}', TARS_TOOL_POLICY=policy, **box_env)
    assert called.returncode == 0 and "echo[" in json.loads(called.stdout)["output"]
    assert _warnings(called.stderr) == [f"tars: TARS_TOOL_POLICY: {words}"], called.stderr
