"""OAuth for remote MCP servers against a local OAuth-protected server built with the SDK's server
auth pieces: a 401 says to log in, `tars mcp login` (redirect caught on 127.0.0.1, or a pasted
URL) stores private tokens, a session then connects and refreshes an expired token, logout forgets."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from mcp_servers import PYTHON, free_port

from tars.mcp.config import parse_servers
from tars.mcp.manager import McpManager
from tars.mcp.oauth import token_path

ROOT = Path(__file__).resolve().parent.parent
OAUTH_SERVER = Path(__file__).resolve().parent / "mcp_servers" / "oauth_server.py"


@pytest.fixture
def guarded():
    """The OAuth-protected server; its access tokens live 2 seconds (so refresh is exercised)."""
    port = free_port()
    proc = subprocess.Popen([PYTHON, str(OAUTH_SERVER), str(port), "2"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/mcp"
    proc.terminate()
    proc.wait(5)


@pytest.fixture
def env(tars_home, guarded):
    return {**os.environ, "PYTHONPATH": str(ROOT), "TARS_MCP_SERVERS": json.dumps({"guarded": {"url": guarded}})}


def manager_for(url: str) -> McpManager:
    servers, _ = parse_servers({"guarded": {"url": url}}, "test", {})
    manager = McpManager(servers, timeout=10)
    manager.start()
    assert manager.wait(25)
    return manager


def login(env: dict[str, str], *, paste: bool) -> subprocess.CompletedProcess:
    """`tars mcp login guarded`, with this test as the user's browser."""
    args = [sys.executable, "-m", "tars", "mcp", "login", "guarded", "--no-browser"] + (["--paste"] if paste else [])
    proc = subprocess.Popen(args, env=env, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    seen = ""
    while "http" not in seen or not seen.rstrip().endswith(("=", "S256")) and "\n  http" not in seen:
        seen += proc.stderr.readline()
        if "\n  http" in seen:
            break
    url = re.search(r"^  (http\S+)", seen, re.M).group(1)
    if paste:  # the browser is elsewhere: it cannot reach the redirect, the user pastes the address
        request = urllib.request.Request(url)
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as redirect:
            opener.open(request, timeout=5)
        assert proc.stdin is not None
        proc.stdin.write(redirect.value.headers["Location"] + "\n")
        proc.stdin.flush()
    else:
        with urllib.request.urlopen(url, timeout=10) as page:  # follows the redirect to tars's 127.0.0.1 page
            assert b"logged in" in page.read()
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.close()
    err = proc.stderr.read()  # not communicate(): it would skip what readline() already buffered
    out = proc.stdout.read()
    proc.wait(30)
    return subprocess.CompletedProcess(args, proc.returncode, out, seen + err)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_a_server_wanting_a_login_says_how_to_log_in(tars_home, guarded):
    manager = manager_for(guarded)
    try:
        row = manager.status()[0]
    finally:
        manager.close()
    assert row["state"] == "failed" and row["error"] == "needs authentication: run tars mcp login guarded"


def test_login_stores_private_tokens_and_a_session_then_connects_and_refreshes(env):
    done = login(env, paste=False)
    assert done.returncode == 0, done.stderr
    assert "logged in to guarded (1 tools)" in done.stdout
    path = token_path("guarded")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    stored = json.loads(path.read_text())
    assert stored["client"]["client_id"] and stored["tokens"]["refresh_token"]  # registered dynamically
    manager = manager_for(json.loads(env["TARS_MCP_SERVERS"])["guarded"]["url"])
    try:
        assert manager.status()[0]["state"] == "ready", (manager.status()[0]["error"], path.read_text())
        time.sleep(2.5)  # the access token expires (it lives 2 s); the SDK refreshes it
        refreshed = int(manager.call("guarded", "whoami", {}).rpartition("refreshed: ")[2])
        assert refreshed >= 1
    finally:
        manager.close()
    out = subprocess.run([sys.executable, "-m", "tars", "mcp", "logout", "guarded"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and "logged out of guarded" in out.stdout and not path.exists()


def test_login_by_pasting_the_address_the_browser_ended_on(env):
    done = login(env, paste=True)
    assert done.returncode == 0, done.stderr
    assert "paste the address" in done.stderr and token_path("guarded").exists()


def test_login_to_a_server_that_needs_none_says_so_and_saves_nothing(tars_home):
    """It had said "logged in … tokens saved in …" with no file written."""
    from mcp_servers import HttpToolbox

    server = HttpToolbox().start()
    try:
        env = dict(os.environ, TARS_MCP_SERVERS=json.dumps({"open": {"type": "http", "url": server.url}}))
        done = subprocess.run([sys.executable, "-m", "tars", "mcp", "login", "open", "--no-browser"],
                              capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("open needs no login") and "nothing was saved" in done.stdout
    assert not token_path("open").exists()


@pytest.mark.parametrize("content", ["{not json", '{"url": "URL", "tokens": "garbage"}',
                                     '{"url": "URL", "tokens": {"access_token": 5}}', "[1, 2]"])
def test_a_corrupt_token_file_is_moved_aside_and_the_server_asks_for_a_login(env, content):
    path = token_path("guarded")
    path.parent.mkdir(parents=True)
    path.write_text(content.replace("URL", json.loads(env["TARS_MCP_SERVERS"])["guarded"]["url"]))
    done = subprocess.run([sys.executable, "-m", "tars", "mcp", "list"], env=env, cwd=ROOT,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert "needs authentication: run tars mcp login guarded" in done.stdout, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    notices = [line for line in done.stderr.splitlines() if str(path) in line]
    assert len(notices) == 1 and "moved aside" in notices[0], done.stderr
    aside = list(path.parent.glob("guarded.json.broken-*"))
    assert not path.exists() and len(aside) == 1 and aside[0].read_text().startswith(content[:2])
