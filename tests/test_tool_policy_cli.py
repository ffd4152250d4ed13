"""`tars mcp call` and `tars tools call` honour TARS_TOOL_POLICY and the confirmation of destructive
tools, as a model's call would; a misspelt policy stops tars with one line and exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
