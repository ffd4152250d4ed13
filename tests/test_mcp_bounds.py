"""The MCP media folder and each server's log stay bounded: past the bound the oldest goes."""

from __future__ import annotations

import base64
import os
import time
from pathlib import Path

from mcp_servers import PYTHON

from tars.mcp import content, logs
from tars.mcp.config import ServerConfig
from tars.mcp.manager import McpManager


def _image(n: int, size: int = 100) -> str:
    return base64.b64encode(n.to_bytes(4, "big") + b"\0" * size).decode()


def _saved_in_order(count: int, **kwargs: int) -> list[Path]:
    """Save `count` different images, each a second newer than the one before."""
    paths = []
    start = time.time() - 1000
    for n in range(count):
        path, _ = content.save_media(_image(n, **kwargs), "image/png")
        assert path is not None
        os.utime(path, (start + n, start + n))
        paths.append(path)
    return paths


def test_the_media_folder_keeps_the_newest_files(monkeypatch) -> None:
    monkeypatch.setattr(content, "MAX_MEDIA_FILES", 3, raising=False)
    paths = _saved_in_order(5)
    assert [p.exists() for p in paths] == [False, False, True, True, True]
    assert len(list(content.media_dir().iterdir())) == 3


def test_an_image_saved_again_counts_as_new(monkeypatch) -> None:
    monkeypatch.setattr(content, "MAX_MEDIA_FILES", 3, raising=False)
    first, second, third = _saved_in_order(3)
    again, _ = content.save_media(_image(0), "image/png")  # the same bytes: the same file, used again
    assert again == first
    fourth, _ = content.save_media(_image(99), "image/png")
    assert first.exists() and fourth is not None and fourth.exists() and not second.exists() and third.exists()


def test_the_media_folder_keeps_under_its_size(monkeypatch) -> None:
    monkeypatch.setattr(content, "MAX_MEDIA_BYTES", 25_000, raising=False)
    paths = _saved_in_order(4, size=10_000)
    assert [p.exists() for p in paths] == [False, False, True, True]
    big, _ = content.save_media(_image(7, size=40_000), "image/png")  # over the bound alone: kept, the rest go
    assert big is not None and big.exists() and [p.name for p in content.media_dir().iterdir()] == [big.name]


def test_a_log_past_its_bound_drops_its_oldest_lines_and_keeps_the_run(monkeypatch) -> None:
    monkeypatch.setattr(logs, "MAX_LOG_BYTES", 4000, raising=False)
    path = logs.log_path("chatty")
    offset = logs.begin_run(path, "python server.py")
    for n in range(300):
        logs.append_message(path, "info", None, f"message {n:03d}")
    text = path.read_text()
    assert path.stat().st_size <= 4000
    assert "message 000" not in text and text.endswith("[info] message 299\n")
    assert text.startswith(logs.RUN_MARK)  # the run's header stays: `tars mcp logs` shows where it began
    assert logs.run_lines(path, offset)[-1] == "[info] message 299"  # what a failure reason quotes
    assert logs.tail_lines(path, 1) == ["[info] message 299"]


SHOUTER = '''
import sys
from mcp.server.mcpserver import MCPServer

server = MCPServer("shouter")
calls = 0


@server.tool()
def shout() -> str:
    """Write a lot to stderr."""
    global calls
    calls += 1
    print(f"call {calls} " + "x" * 5000, file=sys.stderr, flush=True)
    return "done"


server.run()
'''


def test_a_stdio_server_writing_to_stderr_keeps_its_log_bounded(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(logs, "MAX_LOG_BYTES", 30_000, raising=False)
    script = tmp_path / "shouter.py"
    script.write_text(SHOUTER)
    manager = McpManager({"shouter": ServerConfig(name="shouter", transport="stdio", command=PYTHON,
                                                  args=(str(script),))}, timeout=20)
    manager.start()
    try:
        assert manager.wait(30)
        for _ in range(20):
            assert manager.call("shouter", "shout", {}) == "done"
    finally:
        manager.close()
    text = logs.log_path("shouter").read_text()
    assert logs.log_path("shouter").stat().st_size <= 30_000
    assert "call 1 " not in text and "call 20 " in text
