"""Real MCP servers over stdio and Streamable HTTP: calls, errors, hangs, crashes, restarts.

The project's toolbox server (tests/mcp_servers/toolbox.py, built with the SDK's MCPServer) runs
as a real subprocess; the servers are shared per module because each start costs about half a
second, and every test that breaks a server first notes its pid, so tests do not depend on order.
"""

from __future__ import annotations

import json
import os
import re
import time

import pytest
from mcp_servers import PYTHON, TOOLBOX, HttpToolbox

from tars.events import ToolCall
from tars.mcp.config import ServerConfig, parse_servers
from tars.mcp.manager import McpManager
from tars.tools.registry import ToolRegistry

TIMEOUT = 3.0  # seconds: small, so the hang test is quick


def call(registry: ToolRegistry, tool_name: str, confirm=None, **arguments):
    return registry.run(ToolCall(id="c1", name=tool_name, arguments=arguments), confirm=confirm)


def pid_of(registry: ToolRegistry, prefix: str) -> int:
    result = call(registry, f"{prefix}__echo", text="ping")
    assert not result.is_error, result.output
    return int(re.search(r"echo\[(\d+)\]", result.output).group(1))


@pytest.fixture(scope="module")
def stdio_box(tmp_path_factory):
    """The toolbox over stdio; the parent holds a secret the server must not see."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TARS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        mp.setenv("MY_SERVICE_API_KEY", "s3cret-value")
        registry, notices = ToolRegistry(), []
        servers = {"box": ServerConfig(name="box", transport="stdio", command=PYTHON, args=(str(TOOLBOX),),
                                       env={"GREETING": "hello"})}
        manager = McpManager(servers, registry=registry, timeout=TIMEOUT, on_notice=notices.append)
        manager.start()
        assert manager.wait(20)
        yield manager, registry, notices
        manager.close()


@pytest.fixture(scope="module")
def http_box(tmp_path_factory):
    """The toolbox over Streamable HTTP on loopback, configured with ${VAR} in the url."""
    server = HttpToolbox().start()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TARS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        servers, problems = parse_servers(
            {"mcpServers": {"web": {"type": "http", "url": "http://127.0.0.1:${BOX_PORT}/mcp",
                                    "headers": {"Authorization": "Bearer ${BOX_TOKEN}"}}}},
            "test", {"BOX_PORT": str(server.port), "BOX_TOKEN": "tok-42"},
        )
        assert problems == []
        registry, notices = ToolRegistry(), []
        manager = McpManager(servers, registry=registry, timeout=TIMEOUT, on_notice=notices.append)
        manager.start()
        assert manager.wait(20)
        yield manager, registry, notices, server
        manager.close()
    server.stop()


# -- stdio ----------------------------------------------------------------------------------
def test_stdio_tools_are_registered_with_names_aliases_and_policies(stdio_box):
    manager, registry, _ = stdio_box
    (row,) = manager.status()
    assert row["state"] == "ready" and row["transport"] == "stdio" and row["error"] == ""
    names = {t.name for t in registry}
    assert {"box__echo", "box__add", "box__fail", "box__sleep", "box__picture", "box__crash"} <= names
    assert registry.get("box.echo").name == "box__echo"
    assert registry.get("box__echo").policy == "auto"
    assert registry.get("box__crash").policy == "ask"  # destructiveHint
    assert registry.get("box__fail").effect == "write"  # unannotated
    spec = registry.get("box__add").spec()
    assert spec["parameters"]["required"] == ["a", "b"]
    assert "Add two whole numbers" in spec["description"]


def test_stdio_call_returns_the_servers_answer(stdio_box):
    _, registry, _ = stdio_box
    result = call(registry, "box.echo", text="hello there")
    assert not result.is_error
    assert re.fullmatch(r"echo\[\d+\]: hello there", result.output)
    assert json.loads(call(registry, "box__add", a=2, b=40).text) == {"sum": 42}


def test_tool_errors_become_error_results_and_the_server_keeps_running(stdio_box):
    _, registry, _ = stdio_box
    pid = pid_of(registry, "box")
    result = call(registry, "box__fail", message="the disk is on fire")
    assert result.is_error and "the disk is on fire" in result.output
    result = call(registry, "box__oops")
    assert result.is_error and "oops" in result.output
    bad = call(registry, "box__add", a="two", b=2)  # rejected by the schema before the server sees it
    assert bad.is_error and "a" in bad.output
    assert pid_of(registry, "box") == pid  # same process: nothing was restarted


def test_images_are_summarised_as_one_line(stdio_box):
    _, registry, _ = stdio_box
    result = call(registry, "box__picture")
    assert not result.is_error
    assert result.text.startswith("[image: image/png, 2 KB, saved at ") and len(result.attachments) == 1


def test_stdio_server_gets_a_minimal_environment(stdio_box):
    _, registry, _ = stdio_box
    assert os.environ["MY_SERVICE_API_KEY"] == "s3cret-value"  # tars has it…
    assert call(registry, "box__getenv", name="MY_SERVICE_API_KEY").output == "<unset>"  # …the server does not
    assert call(registry, "box__getenv", name="GREETING").output == "hello"  # the entry's own env
    assert call(registry, "box__getenv", name="PATH").output != "<unset>"


def test_a_call_past_its_timeout_is_cancelled_and_the_server_keeps_its_state(stdio_box):
    """The server still answers pings after the cancel, so it is not restarted (its state stays)."""
    manager, registry, notices = stdio_box
    pid = pid_of(registry, "box")
    started = time.monotonic()
    result = call(registry, "box__sleep", seconds=60)
    elapsed = time.monotonic() - started
    assert result.is_error and "did not answer within 3 s without progress; cancelled" in result.output
    assert elapsed < TIMEOUT + 2
    assert manager.status()[0]["state"] == "ready"
    assert pid_of(registry, "box") == pid


def test_a_hung_server_times_out_and_is_restarted_on_next_use(stdio_box):
    manager, registry, notices = stdio_box
    pid = pid_of(registry, "box")
    started = time.monotonic()
    result = call(registry, "box__freeze", seconds=60)
    assert result.is_error and "did not answer within 3 s" in result.output and "will be restarted" in result.output
    assert time.monotonic() - started < TIMEOUT + 3
    assert manager.status()[0]["state"] == "failed"
    assert any("stopped answering during box.freeze" in n for n in notices)
    assert pid_of(registry, "box") != pid
    assert manager.status()[0]["state"] == "ready"


def test_server_that_exits_mid_call_is_restarted_on_next_use(stdio_box):
    manager, registry, _ = stdio_box
    pid = pid_of(registry, "box")
    result = call(registry, "box__crash", confirm=lambda tool, call: True)
    assert result.is_error and "exited during a call" in result.output
    row = manager.status()[0]
    assert row["state"] == "failed" and "restarts on next use" in row["error"]
    assert "box__echo" in {t.name for t in registry}  # its tools stay offered
    assert pid_of(registry, "box") != pid
    assert manager.status()[0]["state"] == "ready"


def test_destructive_tool_is_refused_when_nobody_can_confirm(stdio_box):
    _, registry, _ = stdio_box
    result = call(registry, "box__crash")
    assert result.is_error and "confirmation" in result.output


# -- Streamable HTTP -----------------------------------------------------------------------
def test_http_calls_errors_and_images(http_box):
    manager, registry, _, _ = http_box
    (row,) = manager.status()
    assert row["state"] == "ready" and row["transport"] == "http"
    assert call(registry, "web.echo", text="over http").output.endswith("over http")
    failed = call(registry, "web__fail", message="nope")
    assert failed.is_error and "nope" in failed.output
    assert call(registry, "web__picture").text.startswith("[image: image/png, 2 KB, saved at ")
    assert call(registry, "web__header", name="Authorization").output == "Bearer tok-42"  # configured headers


def test_http_hang_times_out_and_the_next_call_reconnects(http_box):
    manager, registry, _, _ = http_box
    pid = pid_of(registry, "web")
    result = call(registry, "web__sleep", seconds=60)
    assert result.is_error and "did not answer within" in result.output
    assert pid_of(registry, "web") == pid  # the remote server itself was fine: same process, new session
    assert manager.status()[0]["state"] == "ready"


def test_http_server_crash_mid_call_then_reconnect_after_it_is_back(http_box):
    manager, registry, notices, server = http_box
    pid = pid_of(registry, "web")
    result = call(registry, "web__crash", confirm=lambda tool, call: True)
    assert result.is_error
    assert server.wait_exit() == 3
    assert manager.status()[0]["state"] == "failed"
    down = call(registry, "web__echo", text="anyone?")  # nobody listens: an error result, no crash
    assert down.is_error
    server.start()
    back = manager.call("web", "echo", {"text": "back"})  # the next use connects again
    assert back.endswith("back") and f"[{pid}]" not in back
    assert manager.status()[0]["state"] == "ready"
    assert "web__echo" in {t.name for t in registry}


def test_tool_list_changes_reach_the_registry(stdio_box):
    _, registry, _ = stdio_box
    changes = []
    registry.subscribe(lambda reg: changes.append({t.name for t in reg}))
    assert not call(registry, "box__grow", name="late_tool").is_error
    deadline = time.monotonic() + 10
    while "box__late_tool" not in {t.name for t in registry} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert any("box__late_tool" in names for names in changes)  # subscribers (the router) were told
    assert call(registry, "box.late_tool", text="hi").output == "late_tool: hi"


def test_server_killed_between_calls_is_restarted_transparently(stdio_box, monkeypatch):
    import signal

    import tars.mcp.connection as connection

    monkeypatch.setattr(connection, "_PING_AFTER", 0.0)  # check liveness before every call
    manager, registry, _ = stdio_box
    pid = pid_of(registry, "box")
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    result = call(registry, "box__echo", text="still there?")
    assert not result.is_error, result.output  # the dead server was noticed and replaced before the call
    assert f"[{pid}]" not in result.output and result.output.endswith("still there?")
    assert manager.status()[0]["state"] == "ready"


def test_sse_transport():
    server = HttpToolbox(transport="sse").start()
    try:
        servers, problems = parse_servers({"legacy": {"type": "sse", "url": server.url}}, "test", {})
        assert problems == []
        registry = ToolRegistry()
        manager = McpManager(servers, registry=registry, timeout=TIMEOUT)
        manager.start()
        assert manager.wait(20)
        try:
            (row,) = manager.status()
            assert (row["transport"], row["state"]) == ("sse", "ready"), row
            assert call(registry, "legacy__echo", text="over sse").output.endswith("over sse")
            failed = call(registry, "legacy__fail", message="sse says no")
            assert failed.is_error and "sse says no" in failed.output
        finally:
            manager.close()
    finally:
        server.stop()
