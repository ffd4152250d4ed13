"""MCP servers of the project's own, started as subprocesses by the MCP tests, and their helpers."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["TOOLBOX", "FEATURES", "PYTHON", "free_port", "HttpToolbox"]

TOOLBOX = Path(__file__).with_name("toolbox.py")
FEATURES = Path(__file__).with_name("features.py")
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class HttpToolbox:
    """The toolbox server over HTTP on 127.0.0.1:port, as a subprocess that can be restarted."""

    def __init__(self, port: int | None = None, *, transport: str = "http", script: Path = TOOLBOX) -> None:
        self.script = script
        self.port = port or free_port()
        self.transport = transport  # "http" (Streamable HTTP) or "sse"
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{'sse' if self.transport == 'sse' else 'mcp'}"

    def start(self, timeout: float = 15.0) -> HttpToolbox:
        self.proc = subprocess.Popen(
            [PYTHON, str(self.script), self.transport, str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"toolbox http server exited with {self.proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("toolbox http server did not start")

    def wait_exit(self, timeout: float = 5.0) -> int | None:
        assert self.proc is not None
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
