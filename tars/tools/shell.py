"""Running one shell command in the working folder: the `shell_run` tool and chat's `!command`.

The command runs under `/bin/sh -c` in its own process group with no stdin, stdout and stderr
together, for at most TARS_SHELL_TIMEOUT seconds (then the whole group is killed). Output past
`MAX_OUTPUT` characters keeps its head and tail with the cut said in between, so a `yes` or a big
`cat` cannot flood the model's context or memory. tars's own secrets (API keys, tokens) are not
passed to the command: a model asking for `env` must not learn them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tars.errors import ToolError
from tars.tools.base import Tool

__all__ = ["MAX_OUTPUT", "ShellResult", "run_command", "shell_tools"]

MAX_OUTPUT = 16_000  # characters of output kept: three quarters from the start, a quarter from the end
_CHUNK = 65_536


@dataclass(frozen=True)
class ShellResult:
    """What one command did: its exit code (None when it was stopped), its output, and how it ended."""

    command: str
    exit_code: int | None
    output: str
    omitted: int = 0  # bytes of output cut from the middle
    timed_out: bool = False
    interrupted: bool = False

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and not self.interrupted

    def status(self, timeout: float) -> str:
        """`exit 0`, `exit 2`, `stopped after 30 s (timeout)` or `stopped (Ctrl-C)`."""
        if self.timed_out:
            return f"stopped after {timeout:g} s (timeout)"
        if self.interrupted:
            return "stopped (Ctrl-C)"
        return f"exit {self.exit_code}"


class _Capture:
    """Reads a pipe to its end, keeping the head and the tail of what it carried."""

    def __init__(self, pipe: Any, limit: int) -> None:
        self.head, self.tail, self.total = bytearray(), bytearray(), 0
        self.head_room, self.tail_room = limit * 3 // 4, limit // 4
        self.thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self.thread.start()

    def _read(self, pipe: Any) -> None:
        while chunk := pipe.read1(_CHUNK) if hasattr(pipe, "read1") else pipe.read(_CHUNK):
            self.total += len(chunk)
            room = self.head_room - len(self.head)
            if room > 0:
                self.head += chunk[:room]
                chunk = chunk[room:]
            if chunk:
                self.tail = (self.tail + chunk)[-self.tail_room:]

    def text(self) -> tuple[str, int]:
        omitted = self.total - len(self.head) - len(self.tail)
        head = self.head.decode("utf-8", errors="replace")
        tail = self.tail.decode("utf-8", errors="replace")
        if omitted > 0:
            return f"{head}\n… [{omitted:,} bytes of output omitted] …\n{tail}", omitted
        return head + tail, 0


def _child_env() -> dict[str, str]:
    """The environment without tars's secret settings."""
    from tars.config import SETTINGS

    secret = {name for s in SETTINGS if s.secret for name in (s.env, *s.aliases)}
    return {k: v for k, v in os.environ.items() if k not in secret}


def run_command(command: str, *, cwd: Path, timeout: float, limit: int = MAX_OUTPUT) -> ShellResult:
    """Run `command` to its end, its timeout or Ctrl-C (KeyboardInterrupt stops it and is reported)."""
    proc = subprocess.Popen(["/bin/sh", "-c", command], cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True, env=_child_env())
    capture = _Capture(proc.stdout, limit)
    timed_out = interrupted = False
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
    except KeyboardInterrupt:
        interrupted = True
    if timed_out or interrupted:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    capture.thread.join(2)  # a grandchild that escaped the group may hold the pipe: do not wait on it
    output, omitted = capture.text()
    code = None if timed_out or interrupted else proc.returncode
    return ShellResult(command, code, output, omitted, timed_out, interrupted)


def shell_tools(config: Any) -> list[Tool]:
    """`shell_run`, asking first by default: a command can do anything the user can."""
    timeout = float(config.shell_timeout)

    def shell_run(command: str) -> str:
        result = run_command(command, cwd=Path.cwd(), timeout=timeout)
        text = result.output.rstrip("\n") or "(no output)"
        if not result.ok:
            raise ToolError(f"the command failed ({result.status(timeout)}); output:\n{text}")
        return text

    return [Tool(
        name="shell_run", family="shell", policy="ask", timeout=timeout + 10, func=shell_run,
        description=(f"Run one shell command (/bin/sh) in the user's working folder and return its output "
                     f"(stdout and stderr, cut past {MAX_OUTPUT:,} characters; no input; stopped after "
                     f"{timeout:g} s). The user confirms each command."),
        parameters={"type": "object", "additionalProperties": False, "required": ["command"],
                    "properties": {"command": {"type": "string", "minLength": 1, "maxLength": 4000,
                                               "description": "the command line the user asked to run"}}},
    )]
