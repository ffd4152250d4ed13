"""Each MCP server's log file in the cache dir: its stderr and the log messages it sends.

A stdio server's stderr is appended to `mcp-logs/<name>.log` as it runs, and every
`notifications/message` a server sends (any transport) is appended there as one line with its
level. A start writes a header line, so `tars mcp logs NAME` and failure reasons read only the
current run's lines. A log past `MAX_LOG_BYTES` is cut in place to its newest half (the current
run's header kept) when a run starts, when a message is written and after each call.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

__all__ = ["MAX_LOG_BYTES", "log_path", "begin_run", "append_message", "bound", "tail_lines", "run_lines"]

MAX_LOG_BYTES = 1_000_000  # per server; past it the oldest half goes
RUN_MARK = "=== tars started the server "


def log_path(server: str) -> Path:
    """Where a server's log lives (the name made safe for a file name)."""
    from tars.paths import cache_dir

    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", server).strip(".") or "server"
    return cache_dir() / "mcp-logs" / f"{safe}.log"


def begin_run(path: Path, what: str) -> int:
    """Start a run's section in the log (trimming a large file); returns the offset where it starts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    bound(path)
    with open(path, "a", encoding="utf-8") as fh:
        offset = fh.tell()
        fh.write(f"{RUN_MARK}{time.strftime('%Y-%m-%d %H:%M:%S')}: {what} ===\n")
    path.chmod(0o600)
    return offset


def append_message(path: Path, level: str, logger: str | None, data: Any) -> None:
    """One server log message as a line: `[level] logger: text` (JSON data written compactly)."""
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, default=str)
    who = f"{logger}: " if logger else ""
    try:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"[{level}] {who}{text}\n")
            grown = fh.tell() > MAX_LOG_BYTES
    except OSError:
        return
    if grown:
        bound(path)


def bound(path: Path) -> None:
    """Past MAX_LOG_BYTES, keep the newest half of the log's lines, in place (a stdio server keeps
    appending to the same file), with the header of the run they belong to at the top."""
    try:
        if path.stat().st_size <= MAX_LOG_BYTES:
            return
        with open(path, "r+b") as fh:
            data = fh.read()
            keep = data[-(MAX_LOG_BYTES // 2):]
            keep = keep[keep.find(b"\n") + 1:]
            if not _last_header(keep):
                keep = _last_header(data[:len(data) - len(keep)]) + keep
            fh.seek(0)
            fh.write(keep)
            fh.truncate()
    except OSError:
        pass


def _last_header(data: bytes) -> bytes:
    """The last run header line in `data` (with its newline), or b"" when there is none."""
    mark = RUN_MARK.encode()
    start = data.rfind(b"\n" + mark) + 1 or (0 if data.startswith(mark) else -1)
    if start < 0:
        return b""
    end = data.find(b"\n", start)
    return data[start:] if end < 0 else data[start:end + 1]


def run_lines(path: Path, offset: int) -> list[str]:
    """The non-empty lines written since `offset` (this run), header excluded."""
    try:
        data = path.read_bytes()
    except OSError:
        return []
    mark = RUN_MARK.encode()
    if not data.startswith(mark, offset):  # the log was cut since the run began: its header was kept
        offset = data.rfind(b"\n" + mark) + 1
    text = data[offset:].decode("utf-8", errors="replace")
    return [ln.rstrip() for ln in text.splitlines() if ln.strip() and not ln.startswith(RUN_MARK)]


def tail_lines(path: Path, count: int) -> list[str]:
    """The last `count` lines of the log (every run), for `tars mcp logs`."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return lines[-count:] if count > 0 else lines
