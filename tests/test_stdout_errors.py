"""An answer that cannot be delivered is a failure said in one line, never a silent exit 0 or a
traceback: stdout closed or unwritable is exit 1; a reader that goes away (`| head -c1`) is 141."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from servers.ollama import OllamaServer, tokens


@pytest.fixture
def server():
    with OllamaServer(default=tokens(400, 0.005)) as srv:
        yield srv


def _env(server: OllamaServer) -> dict[str, str]:
    return {**os.environ, "TARS_MODEL_DEFAULT": "ollama:test", "OLLAMA_HOST": server.url, "TARS_MODEL_REMOTE": "none"}


def _tars_ask(server: OllamaServer, redirect: str) -> subprocess.CompletedProcess:
    command = f"{sys.executable} -m tars ask 'count for me' {redirect}"
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=_env(server), timeout=60,
                          stdin=subprocess.DEVNULL)


def test_a_closed_stdout_is_exit_1_before_any_model_call(server):
    done = _tars_ask(server, ">&-")
    assert done.returncode == 1
    assert done.stderr == "tars: stdout is closed: nowhere to write the answer\n"
    assert server.requests_to("/api/chat") == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_failed_write_is_exit_1_with_one_line(server):
    done = _tars_ask(server, "> /dev/full")
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "cannot write the answer to stdout" in done.stderr, done.stderr
    assert "unexpected" not in done.stderr


def test_a_broken_pipe_is_exit_141_without_a_traceback(server):
    command = f"{sys.executable} -m tars ask 'count for me' | head -c1 >/dev/null; echo \"rc=${{PIPESTATUS[0]}}\""
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=_env(server), timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.stdout.strip() == "rc=141"
    assert done.stderr == "", done.stderr
