"""Asking the user on the terminal for an MCP server (sampling approval, elicitation forms).

Requests arrive on the MCP loop while the session waits for a tool call, so questions go to
stderr and answers come from stdin, one question at a time. Whether tars may ask follows the
session's confirmation: a terminal asks, `--yes` approves without asking, and a pipe (no
terminal, no `--yes`) cannot ask, so requests are refused.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, Literal

__all__ = ["Asker", "Mode"]

Mode = Literal["ask", "yes", "no"]
_LOCK = threading.Lock()


class Asker:
    """The terminal, as the MCP features see it; `mode` is read at each request."""

    def __init__(self, mode: Mode | Callable[[], Mode] = "no", *, stdin: Any = None, stderr: Any = None) -> None:
        self._mode = mode
        self.stdin = stdin
        self.stderr = stderr
        self.before: Callable[[], None] | None = None  # closes the turn's spinner before a question

    @classmethod
    def for_session(cls, session: Any) -> Asker:
        """Ask when the session may confirm tools on a terminal; approve all under `--yes`."""

        def mode() -> Mode:
            confirm = getattr(session, "confirm", None)
            if confirm is None:
                return "no"
            if getattr(confirm, "approves_all", False):
                return "yes"
            return "ask"

        return cls(mode)

    @property
    def mode(self) -> Mode:
        return self._mode() if callable(self._mode) else self._mode

    def say(self, text: str) -> None:
        """One line for the user; a server's text cannot act on the terminal (control characters shown)."""
        from tars.safe_text import terminal_safe

        text = terminal_safe(text)
        out = self.stderr or sys.stderr
        out.write(text if text.endswith("\n") else text + "\n")
        out.flush()

    def line(self, prompt: str) -> str | None:
        """One answer from the terminal; None on end of input or Ctrl-C."""
        from tars.safe_text import terminal_safe

        out, inp = self.stderr or sys.stderr, self.stdin or sys.stdin
        try:
            out.write(terminal_safe(prompt))
            out.flush()
            answer = inp.readline()
        except (KeyboardInterrupt, EOFError, OSError, ValueError):
            return None
        return answer.rstrip("\n") if answer else None

    def session(self) -> _Held:
        """Hold the terminal for one request's questions (others wait), spinner closed first."""
        return _Held(self)


class _Held:
    def __init__(self, asker: Asker) -> None:
        self.asker = asker

    def __enter__(self) -> Asker:
        _LOCK.acquire()
        if self.asker.before is not None:
            try:
                self.asker.before()
            except Exception:  # noqa: BLE001 - a display fault must not stop the question
                pass
        return self.asker

    def __exit__(self, *exc: object) -> None:
        _LOCK.release()
