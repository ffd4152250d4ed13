"""`tars tools list` / `tars tools call` as real processes, and TARS_TOOL_POLICY overrides."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.todoist import TodoistServer

from tars.config import load_config
from tars.errors import ConfigError
from tars.events import ToolCall
from tars.tools import ToolRegistry
from tars.tools.builtin import builtin_tools
from tars.tools.policy import parse_policies, policies_from_config

ROOT = Path(__file__).resolve().parent.parent


def tars(*args: str, env: dict | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-c", "from tars.cli import main; main()", *args],
                          input=stdin, capture_output=True, text=True, env=full, timeout=60)


def test_list_shows_every_builtin_with_source_and_policy():
    proc = tars("tools", "list", "--json", env={"TARS_TOOL_POLICY": "note_write=deny"})
    assert proc.returncode == 0, proc.stderr
    rows = {r["name"]: r for r in json.loads(proc.stdout)}
    for name in ("todoist_add_task", "todoist_today", "todoist_upcoming", "todoist_complete_task", "weather_now",
                 "weather_forecast", "memory_remember", "memory_update", "memory_forget", "memory_recall",
                 "memory_search", "note_daily", "note_read", "note_write", "note_append", "notes_search",
                 "web_read", "web_search"):
        assert rows[name]["source"] == "builtin"
    assert rows["note_write"]["policy"] == "deny"
    assert rows["todoist_complete_task"]["policy"] == "ask*"
    assert rows["weather_now"]["policy"] == "auto"


def test_call_prints_json_and_exit_codes(tmp_path):
    env = {"TARS_MEMORY_DIR": str(tmp_path / "mem")}
    proc = tars("tools", "call", "memory_remember", '{"text": "Prefers window seats"}', env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["output"]["status"] == "remembered"
    assert "Prefers window seats" in (tmp_path / "mem" / "memory.md").read_text()
    proc = tars("tools", "call", "memory_remember", '{"txt": "typo"}', env=env)
    assert proc.returncode == 1 and json.loads(proc.stdout)["is_error"] is True
    assert "text" in json.loads(proc.stdout)["output"]
    proc = tars("tools", "call", "memory_remember", "{not json", env=env)
    assert proc.returncode == 2 and "not valid JSON" in proc.stderr and "Traceback" not in proc.stderr


def test_ask_tools_are_refused_without_yes_when_stdin_is_not_a_tty():
    with TodoistServer(token="tok-cli-123456") as server:
        task = server.add_task("Buy milk")
        env = {"TODOIST_API_TOKEN": "tok-cli-123456", "TARS_TODOIST_URL": server.api}
        proc = tars("tools", "call", "todoist_complete_task", '{"text": "milk"}', env=env, stdin="y\n")
        assert proc.returncode == 1 and "--yes" in json.loads(proc.stdout)["output"]
        assert server.closed == []
        proc = tars("tools", "call", "todoist_complete_task", '{"text": "milk"}', "--yes", env=env)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert server.closed == [task["id"]]
        assert "tok-cli-123456" not in proc.stdout + proc.stderr


def test_policy_overrides_parse_and_apply(tmp_path):
    assert parse_policies("note_write=ask, todoist_add_task=AUTO;web_read=deny") == {
        "note_write": "ask", "todoist_add_task": "auto", "web_read": "deny"}
    for bad in ("note_write", "note_write=maybe", "=ask"):
        with pytest.raises(ConfigError, match="TARS_TOOL_POLICY"):
            parse_policies(bad)
    config = load_config(environ={"TARS_TOOL_POLICY": "memory_remember=deny,note_write=auto",
                                  "TARS_MEMORY_DIR": str(tmp_path / "m"), "TARS_NOTES_DIR": str(tmp_path)})
    reg = ToolRegistry(builtin_tools(config), policies=policies_from_config(config))
    result = reg.run(ToolCall(name="memory_remember", arguments={"text": "x"}))
    assert result.is_error and "deny" in result.text and not (tmp_path / "m" / "memory.md").exists()
    (tmp_path / "n.md").write_text("old\n")
    result = reg.run(ToolCall(name="note_write", arguments={"path": "n.md", "content": "new", "overwrite": True}))
    assert not result.is_error and (tmp_path / "n.md").read_text() == "new\n"  # override beats the per-call ask


def test_a_bad_policy_setting_stops_at_start_up_with_exit_2():
    with pytest.raises(ConfigError, match="TARS_TOOL_POLICY"):
        load_config(environ={"TARS_TOOL_POLICY": "note_write=sometimes"})
    proc = tars("tools", "list", env={"TARS_TOOL_POLICY": "note_write=sometimes"})
    assert proc.returncode == 2 and "TARS_TOOL_POLICY" in proc.stderr and "Traceback" not in proc.stderr


def test_ask_tools_ask_at_a_terminal(tmp_path):
    import pexpect

    (tmp_path / "a.md").write_text("old\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TARS_NOTES_DIR": str(tmp_path)}
    args = ["-c", "from tars.cli import main; main()", "tools", "call", "note_write",
            '{"path": "a.md", "content": "new", "overwrite": true}']
    for answer, code, text in (("n", 1, "old\n"), ("y", 0, "new\n")):
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=30)
        child.expect(r"note_write\(.*overwrite")
        child.expect(r"Run this tool\?")
        child.sendline(answer)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == code and (tmp_path / "a.md").read_text() == text
