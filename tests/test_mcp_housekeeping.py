"""MCP housekeeping as a user meets it: tars's name to servers, server logs, a bare SSE URL,
`tars mcp list` (JSON, exit codes, a hanging server, an entry missing its command), VS Code's
`{"servers": ...}` files, and stdio servers stopped when tars gets SIGTERM or SIGHUP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp_servers import FEATURES, PYTHON, TOOLBOX, HttpToolbox

from tars.mcp.config import ServerConfig, parse_servers
from tars.mcp.logs import log_path
from tars.mcp.manager import McpManager

ROOT = Path(__file__).resolve().parent.parent


def run_tars(*args: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tars", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=timeout)


@pytest.fixture
def env(tars_home):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    return env


def features_manager(**kwargs) -> McpManager:
    servers = {"feat": ServerConfig(name="feat", transport="stdio", command=PYTHON, args=(str(FEATURES),))}
    manager = McpManager(servers, timeout=10, **kwargs)
    manager.start()
    assert manager.wait(20)
    return manager


def test_servers_hear_tars_name_and_version_and_its_log_messages_go_to_the_log_file(tars_home, env):
    manager = features_manager()
    try:
        who = json.loads(manager.call("feat", "whoami", {}))
        assert who["name"] == "tars" and who["version"]
        assert manager.call("feat", "chatty", {}) == "logged"
    finally:
        manager.close()
    text = log_path("feat").read_text()
    assert "[info] first log line from chatty" in text and '[warning] {"careful": true}' in text
    env["TARS_MCP_SERVERS"] = json.dumps({"feat": {"command": PYTHON, "args": [str(FEATURES)]}})
    out = run_tars("mcp", "logs", "feat", env=env)
    assert out.returncode == 0 and "first log line from chatty" in out.stdout


def test_a_bare_url_of_an_sse_server_falls_back_from_streamable_http_to_sse(tars_home):
    server = HttpToolbox(transport="sse").start()
    try:
        servers, problems = parse_servers({"legacy": {"url": server.url}}, "test", {})
        assert problems == [] and servers["legacy"].transport == "http"
        manager = McpManager(servers, timeout=5)
        manager.start()
        assert manager.wait(20)
        (row,) = manager.status()
        assert row["state"] == "ready" and row["transport"] == "sse", row
        assert "echo[" in manager.call("legacy", "echo", {"text": "hi"})
        manager.close()
    finally:
        server.stop()


def test_mcp_list_json_with_nothing_configured_is_json(env):
    out = run_tars("mcp", "list", "--json", env=env)
    assert out.returncode == 0 and json.loads(out.stdout)["servers"] == []


def test_mcp_list_fails_a_hanging_server_with_the_reason_and_exits_nonzero(env):
    env["TARS_MCP_TIMEOUT"] = "4"
    env["TARS_MCP_SERVERS"] = json.dumps({
        "hang": {"command": PYTHON, "args": ["-c", "import time; time.sleep(60)"]},
        "box": {"command": PYTHON, "args": [str(TOOLBOX)]},
        "nocmd": {"args": ["x"]},
    })
    started = time.monotonic()
    out = run_tars("mcp", "list", "--json", env=env)
    assert time.monotonic() - started < 25
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    rows = {r["name"]: r for r in data["servers"]}
    assert rows["hang"]["state"] == "failed" and "did not answer within 4 s" in rows["hang"]["error"]
    assert rows["box"]["state"] == "ready"
    assert any("'nocmd'" in p and 'needs "command"' in p for p in data["problems"])
    text = run_tars("mcp", "list", env=env)
    assert text.returncode == 1 and "hang" in text.stdout and "failed: did not answer" in text.stdout


def test_mcp_list_exits_zero_when_every_server_is_ready(env):
    env["TARS_MCP_SERVERS"] = json.dumps({"box": {"command": PYTHON, "args": [str(TOOLBOX)]}})
    out = run_tars("mcp", "list", env=env)
    assert out.returncode == 0 and "ready" in out.stdout


def test_a_vscode_servers_file_is_read():
    servers, problems = parse_servers(
        {"inputs": [], "servers": {"t": {"type": "stdio", "command": "x"}, "w": {"type": "http", "url": "http://h/mcp"}}},
        "mcp.json", {})
    assert problems == [] and servers["t"].command == "x" and servers["w"].url == "http://h/mcp"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_stdio_servers_stop_when_tars_gets_sigterm_or_sighup(env, tmp_path, signum):
    pidfile = tmp_path / "server.pid"
    env["TARS_MCP_SERVERS"] = json.dumps({"box": {"command": PYTHON, "args": [str(TOOLBOX)],
                                                  "env": {"TOOLBOX_PIDFILE": str(pidfile)}}})
    # tars keeps a hang-up ignored when it was started so (under nohup): start it with the default
    proc = subprocess.Popen([sys.executable, "-m", "tars", "mcp", "call", "box", "sleep", '{"seconds": 60}'],
                            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
    deadline = time.monotonic() + 20
    while not pidfile.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    server_pid = int(pidfile.read_text())
    time.sleep(0.3)
    proc.send_signal(signum)
    proc.wait(15)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(server_pid):
        time.sleep(0.1)
    assert not _alive(server_pid), "the stdio server outlived tars"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone for our purposes
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return False


def test_a_server_of_the_users_config_does_not_start_in_the_working_folder(tars_home, env, tmp_path):
    """`python -m pkg` (or `npx pkg`) from the user's own config had run a cloned repo's `pkg`."""
    repo = tmp_path / "cloned"
    (repo / "evilpkg").mkdir(parents=True)
    marker = tmp_path / "ran"
    (repo / "evilpkg" / "__main__.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    env["TARS_MCP_SERVERS"] = json.dumps({"x": {"command": PYTHON, "args": ["-m", "evilpkg"]}})
    env["TARS_MCP_TIMEOUT"] = "5"
    subprocess.run([sys.executable, "-m", "tars", "mcp", "list"], capture_output=True, text=True, env=env,
                   cwd=repo, timeout=60)
    assert not marker.exists()
