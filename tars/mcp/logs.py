"""Each MCP server's log file in the cache dir: its stderr and the log messages it sends.

A stdio server's stderr is appended to `mcp-logs/<name>.log` as it runs, and every
`notifications/message` a server sends (any transport) is appended there as one line with its
level. A start writes a header line, so `tars mcp logs NAME` and failure reasons read only the
current run's lines. A file past 1 MB is cut to its last half before a new run appends.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

__all__ = ["log_path", "begin_run", "append_message", "tail_lines", "run_lines"]

_MAX_BYTES = 1_000_000
RUN_MARK = "=== tars started the server "


def log_path(server: str) -> Path:
    """Where a server's log lives (the name made safe for a file name)."""
    from tars.paths import cache_dir

    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", server).strip(".") or "server"
    return cache_dir() / "mcp-logs" / f"{safe}.log"


def begin_run(path: Path, what: str) -> int:
    """Start a run's section in the log (trimming a large file); returns the offset where it starts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if path.stat().st_size > _MAX_BYTES:
            data = path.read_bytes()[-_MAX_BYTES // 2:]
            path.write_bytes(data[data.find(b"\n") + 1:])
    except OSError:
        pass
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
    except OSError:
        pass


def run_lines(path: Path, offset: int) -> list[str]:
    """The non-empty lines written since `offset` (this run), header excluded."""
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            text = fh.read().decode("utf-8", errors="replace")
    except OSError:
        return []
    return [ln.rstrip() for ln in text.splitlines() if ln.strip() and not ln.startswith(RUN_MARK)]


def tail_lines(path: Path, count: int) -> list[str]:
    """The last `count` lines of the log (every run), for `tars mcp logs`."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return lines[-count:] if count > 0 else lines
