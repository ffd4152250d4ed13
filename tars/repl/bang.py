"""`!command` in `tars chat`: run a shell command yourself, see its output, and offer it to the next message.

The user typed the command, so it runs without a policy check, in the working folder, with the
same timeout and output cap as the `shell_run` tool. Its output is shown (control characters made
visible) and, at a terminal, the user may add it to the next message as a fenced block.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tars.safe_text import terminal_safe
from tars.transcript import fence_for

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["is_bang", "run_bang", "attachment"]


def is_bang(line: str) -> bool:
    """A line that runs a command: `!` followed by something (a lone `!` or `!!x` is ordinary text)."""
    stripped = line.lstrip()
    return stripped.startswith("!") and len(stripped) > 1 and not stripped.startswith("!!") and \
        bool(stripped[1:].strip())


def attachment(command: str, output: str, status: str) -> str:
    """How a command's output joins a message."""
    fence = fence_for(output)
    return f"Output of `{command}` ({status}):\n{fence}\n{output.rstrip()}\n{fence}"


def run_bang(line: str, console: Console, *, timeout: float, can_ask: bool) -> str | None:
    """Run the command in `line`, show its output, and return the text to add to the next message
    (None when the user says no or cannot be asked)."""
    from tars.tools.shell import run_command

    command = line.lstrip()[1:].strip()
    result = run_command(command, cwd=Path.cwd(), timeout=timeout)
    if result.output:
        console.print(terminal_safe(result.output.rstrip("\n")), markup=False, highlight=False, soft_wrap=True)
    status = result.status(timeout)
    console.print(terminal_safe(f"$ {command} · {status}"), style="dim" if result.ok else "red",
                  markup=False, highlight=False, soft_wrap=True)
    if not can_ask or result.interrupted:
        return None
    from prompt_toolkit import prompt

    try:
        answer = prompt("add this output to your next message? [y/N] ")
    except (KeyboardInterrupt, EOFError):
        return None
    if answer.strip().lower() not in ("y", "yes"):
        return None
    console.print("the output goes with your next message", style="dim")
    return attachment(command, result.output, status)
