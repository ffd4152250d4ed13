"""Progress of a running MCP call: a deadline that progress pushes back, and the line shown for it.

A call may run `timeout` seconds without news; each progress notification gives it `timeout`
more, never past `max_timeout` from its start. The clock is an anyio cancel scope, so running out
cancels the request (the SDK then tells the server with `notifications/cancelled`).
"""

from __future__ import annotations

import time

import anyio

__all__ = ["CallClock", "progress_line"]


class CallClock:
    """The deadline of one call: `timeout` after the last sign of life, at most `max_timeout` in all."""

    def __init__(self, timeout: float, max_timeout: float) -> None:
        self.timeout = timeout
        self.started = time.monotonic()
        self.limit = anyio.current_time() + max(timeout, max_timeout)
        self.scope = anyio.CancelScope(deadline=min(anyio.current_time() + timeout, self.limit))
        self.updates = 0

    def bump(self) -> None:
        """A progress notification came: push the deadline back (up to the maximum)."""
        self.updates += 1
        self.scope.deadline = min(anyio.current_time() + self.timeout, self.limit)

    @property
    def hit_maximum(self) -> bool:
        return self.scope.deadline >= self.limit

    def elapsed(self) -> float:
        return time.monotonic() - self.started


def progress_line(label: str, progress: float, total: float | None, message: str | None) -> str:
    """`server.tool: message (3/10, 30%)`, for the terminal's progress line."""
    if total:
        amount = f"{progress:g}/{total:g}, {min(100.0, 100 * progress / total):.0f}%"
    else:
        amount = f"{progress:g}"
    text = " ".join((message or "").split())[:120]
    return f"{label}: {text} ({amount})" if text else f"{label}: {amount}"
