"""The reference `mcp-server-time` over stdio, end to end: Session, router, cache, CLI, start-up cost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp_servers import PYTHON

from tars.config import DEFAULT_CLAUDE_MODEL, ModelSpec, load_config
from tars.events import ToolCall
from tars.mcp import attach
from tars.mcp.cache import cache_path
from tars.mcp.catalog import cached_tools
from tars.providers.scripted import ScriptedProvider
from tars.routing import Router
from tars.session import Session
from tars.session.assembly import known_tools
from tars.session.escalation import RouteResult, route_result
from tars.tools.registry import ToolRegistry

ROOT = Path(__file__).resolve().parent.parent
TIME_SERVER = str(Path(sys.executable).with_name("mcp-server-time"))
LIMA = "What time is it in Lima?"


def routed(router: Router, text: str, config) -> RouteResult:
    """Where `text` goes with `config`'s models: the router's decision, then the session's model choice."""
    return route_result(router.decide(text), config.model_default, config.model_remote)


@pytest.fixture
def time_config(monkeypatch):
    """A config whose only MCP server is the reference time server, and a remote to escalate to."""
    monkeypatch.setenv("TARS_MCP_SERVERS", json.dumps({"mcpServers": {"time": {"command": TIME_SERVER}}}))
    monkeypatch.setenv("TARS_MCP_TIMEOUT", "15")
    return load_config().replace(model_remote=ModelSpec("claude", DEFAULT_CLAUDE_MODEL))


def answer_from_tool_result(messages, tools):
    """Second round of the scripted model: it answers from the tool result it was sent."""
    result = next(m for m in reversed(messages) if m.role == "tool")
    data = json.loads(result.content)
    return [f"In Lima it is {data['datetime']} ({data['timezone']})."]


def make_session(config, remote_rounds):
    primary = ScriptedProvider(["(local model)"], model="local")
    remote = ScriptedProvider(remote_rounds, model="remote")
    session = Session(config, primary=primary, remote=remote, tools=ToolRegistry())
    session.mcp = attach(session)
    return session, remote


def test_time_server_result_reaches_the_model_through_the_session(time_config):
    call = ToolCall(id="t1", name="time__get_current_time", arguments={"timezone": "America/Lima"})
    session, remote = make_session(time_config, [[call], answer_from_tool_result])
    try:
        assert session.mcp.wait(20)
        (row,) = session.mcp.status()
        assert row["state"] == "ready", row
        assert set(row["tools"]) == {"time__get_current_time", "time__convert_time"}
        turn = session.send(LIMA)
    finally:
        session.mcp.close()
    assert turn.escalated, "the router should send a time question to the remote once a time server is connected"
    assert "time__get_current_time" in [s["name"] for s in remote.calls[0]["tools"]]
    (result,) = turn.tool_results
    assert not result.is_error, result.output
    assert result.output["timezone"] == "America/Lima"
    assert turn.text.startswith("In Lima it is ") and "(America/Lima)" in turn.text
    assert result.output["datetime"] in turn.text


def test_router_learns_the_servers_tools_when_it_connects(time_config):
    session, _ = make_session(time_config, ["unused"])
    router = Router(session.tools)
    session.tools.subscribe(router.update_tools)
    try:
        before = routed(router, LIMA, time_config)  # nothing cached yet, server not up
        assert session.mcp.wait(20)
        after = routed(router, LIMA, time_config)
    finally:
        session.mcp.close()
    assert after.escalate
    assert "time__get_current_time" in after.tool_hints
    assert "time__get_current_time" not in before.tool_hints
    # the dotted form a user may write is a literal tool name too
    assert routed(router, "call time.get_current_time for Europe/Paris", time_config).escalate


def test_next_session_knows_the_tools_from_the_cache_before_the_server_is_up(time_config):
    session, _ = make_session(time_config, ["unused"])
    assert session.mcp.wait(20)
    session.mcp.close()
    cached = json.loads(cache_path().read_text())
    assert {t["name"] for t in cached["servers"]["time"]["tools"]} == {"get_current_time", "convert_time"}

    tools = {t.name: t for t in cached_tools(time_config)}  # what `tars route` knows, no server started
    assert set(tools) == {"time__get_current_time", "time__convert_time"}
    assert tools["time__get_current_time"].aliases == ("time.get_current_time",)
    assert "time__get_current_time" in {t.name for t in known_tools(time_config)}

    decision = routed(Router(known_tools(time_config)), LIMA, time_config)
    assert decision.escalate and "time__get_current_time" in decision.tool_hints

    # A new session offers the cached tools at once, before its server is ready…
    nxt, _ = make_session(time_config, ["unused"])
    try:
        assert "time__get_current_time" in {t.name for t in nxt.tools}
        # …and a cached tool called in a one-shot process starts its server on first use.
        output = tools["time__get_current_time"].func(timezone="Asia/Tokyo")
        assert output["timezone"] == "Asia/Tokyo"
    finally:
        nxt.mcp.close()


def test_cache_entry_is_ignored_when_the_server_definition_changes(time_config, monkeypatch):
    from tars.mcp.cache import store_tools
    from tars.mcp.config import load_servers

    servers, _ = load_servers(time_config)
    store_tools("time", servers["time"].fingerprint(), [
        {"name": "get_current_time", "description": "Get current time", "input_schema": {"type": "object"},
         "annotations": {"readOnlyHint": True}},
    ])
    assert [t.name for t in cached_tools(time_config)] == ["time__get_current_time"]
    monkeypatch.setenv("TARS_MCP_SERVERS", json.dumps({"time": {"command": "some-other-time-server"}}))
    assert cached_tools(load_config()) == []


def test_a_failing_server_is_reported_once_and_the_others_work(monkeypatch):
    monkeypatch.setenv("TARS_MCP_SERVERS", json.dumps({
        "time": {"command": TIME_SERVER},
        "ghost": {"command": "no-such-mcp-server-anywhere"},
        "dies": {"command": PYTHON,
                 "args": ["-c", "import sys; sys.stderr.write('fatal: API key missing\\n'); sys.exit(1)"]},
        "closed": {"url": "http://127.0.0.1:9/mcp"},
        "broken": {"args": ["no command"]},
    }))
    monkeypatch.setenv("TARS_MCP_TIMEOUT", "10")
    notices: list[str] = []
    session = Session(load_config(), primary=ScriptedProvider(["hi"]), tools=ToolRegistry())
    manager = attach(session, on_notice=notices.append)
    try:
        assert manager.wait(20)
        rows = {r["name"]: r for r in manager.status()}
        assert rows["time"]["state"] == "ready"
        assert rows["ghost"]["state"] == "failed" and "command not found" in rows["ghost"]["error"]
        assert rows["dies"]["state"] == "failed" and "fatal: API key missing" in rows["dies"]["error"]
        assert rows["closed"]["state"] == "failed" and rows["closed"]["transport"] == "http"
        assert "broken" not in rows
        assert manager.call("time", "get_current_time", {"timezone": "Europe/Paris"})["timezone"] == "Europe/Paris"
        # the session still answers
        assert session.send("hello").text == "hi"
    finally:
        manager.close()
    for name in ("ghost", "dies", "closed", "broken"):
        assert sum(f"'{name}'" in n or f"server {name} " in n for n in notices) == 1, (name, notices)


def run_tars(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)


@pytest.fixture
def cli_env(tars_home):
    env = {k: v for k, v in os.environ.items()}
    env["TARS_MCP_SERVERS"] = json.dumps({"time": {"command": TIME_SERVER}, "broken": {"url": "ftp://nowhere"}})
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_cli_mcp_list_and_call(cli_env):
    listed = run_tars("mcp", "list", "--json", env=cli_env)
    assert listed.returncode == 1, listed.stderr  # the broken entry is a configured server that failed
    data = json.loads(listed.stdout)
    (row,) = data["servers"]
    assert (row["name"], row["transport"], row["state"]) == ("time", "stdio", "ready")
    assert set(row["tools"]) == {"time__get_current_time", "time__convert_time"}
    assert any("'broken'" in p for p in data["problems"])

    ok = run_tars("mcp", "call", "time", "get_current_time", '{"timezone": "America/Lima"}', env=cli_env)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["output"]["timezone"] == "America/Lima"

    bad = run_tars("mcp", "call", "time", "get_current_time", '{"timezone": "Nowhere/Atlantis"}', env=cli_env)
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["is_error"] is True and "Nowhere/Atlantis" in bad.stdout

    denied = run_tars("mcp", "call", "time", "get_current_time", '{"timezone": "America/Lima"}',
                      env={**cli_env, "TARS_TOOL_POLICY": "time.get_current_time=deny"})  # the README's form
    assert denied.returncode == 1 and json.loads(denied.stdout)["is_error"] is True, denied.stdout
    assert "America/Lima" not in json.loads(denied.stdout)["output"]

    for args, code in ((["nowhere", "x"], 2), (["time", "get_current_time", "{oops"], 2)):
        res = run_tars("mcp", "call", *args, env=cli_env)
        assert res.returncode == code, (args, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr


def test_list_text_format():
    from tars.cli.mcp_cmd import format_status

    lines = format_status([
        {"name": "time", "transport": "stdio", "state": "ready", "error": "", "tools": ["time__a", "time__b"]},
        {"name": "remote", "transport": "http", "state": "failed", "error": "cannot connect to h:1 (refused)",
         "tools": []},
    ])
    assert lines == [
        "time    stdio  ready",
        "        time__a, time__b",
        "remote  http   failed: cannot connect to h:1 (refused)",
    ]


def test_startup_path_does_not_import_mcp(tars_home):
    """`tars --help`, routing and a session without MCP servers never pay for `import mcp`."""
    code = (
        "import sys\n"
        "from tars.config import load_config\n"
        "from tars.mcp import attach\n"
        "from tars.session import Session\n"
        "from tars.session.assembly import known_tools\n"
        "from tars.providers.scripted import ScriptedProvider\n"
        "s = Session(load_config(), primary=ScriptedProvider(['hi']))\n"
        "assert attach(s) is None\n"
        "known_tools(load_config())\n"
        "import tars.cli\n"
        "print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith('mcp.')))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_garbled_cache_is_ignored(time_config):
    from tars.mcp.config import load_servers

    fingerprint = load_servers(time_config)[0]["time"].fingerprint()
    for tools in ([{"name": 7}], [{"name": "t", "input_schema": "nope"}], "nope"):
        entry = {"fingerprint": fingerprint, "tools": tools}
        cache_path().write_text(json.dumps({"version": 1, "servers": {"time": entry}}))
        assert cached_tools(time_config) == []
    entry["tools"] = [{"name": "get_current_time"}]  # minimal but well formed
    cache_path().write_text(json.dumps({"version": 1, "servers": {"time": entry}}))
    assert [t.name for t in cached_tools(time_config)] == ["time__get_current_time"]
    cache_path().write_text("not json at all")
    assert cached_tools(time_config) == []


def test_server_failures_reach_the_user_once_through_the_session(monkeypatch):
    from tars.events import Notice

    monkeypatch.setenv("TARS_MCP_SERVERS", json.dumps({"ghost": {"command": "no-such-mcp-server-anywhere"}}))
    session = Session(load_config(), primary=ScriptedProvider(["hi", "again"]), tools=ToolRegistry())
    session.mcp = attach(session)
    try:
        assert session.mcp.wait(20)
        first = [e.text for e in session.stream("hello") if isinstance(e, Notice)]
        second = [e.text for e in session.stream("hello again") if isinstance(e, Notice)]
    finally:
        session.mcp.close()
    assert len(first) == 1 and "ghost" in first[0] and second == []
    assert session.last_turn.text == "again"
