"""The terminal's echo while an answer streams: off, so that a Ctrl-C (echoed as `^C`) or keys typed
ahead do not move the cursor under the live region, whose redraw would then repeat lines."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

__all__ = ["echo_off", "echo_on"]

_saved: list[list] = []  # the attributes echo_off replaced, innermost last


def _tty_fd() -> int | None:
    try:
        fd = sys.stdin.fileno()
        return fd if sys.stdin.isatty() else None
    except (AttributeError, OSError, ValueError):
        return None


@contextlib.contextmanager
def echo_off() -> Iterator[None]:
    """Turn the terminal's echo off inside the block (nothing happens without a terminal on stdin)."""
    fd = _tty_fd()
    if fd is None:
        yield
        return
    import termios

    try:
        old = termios.tcgetattr(fd)
        new = list(old)
        new[3] &= ~(termios.ECHO | termios.ECHOCTL)
        termios.tcsetattr(fd, termios.TCSANOW, new)
    except termios.error:
        yield
        return
    _saved.append(old)
    try:
        yield
    finally:
        _saved.pop()
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, old)


@contextlib.contextmanager
def echo_on() -> Iterator[None]:
    """Inside an `echo_off` block: the echo back for a moment (a y/N question read line by line)."""
    fd = _tty_fd()
    if fd is None or not _saved:
        yield
        return
    import termios

    try:
        current = termios.tcgetattr(fd)
        termios.tcsetattr(fd, termios.TCSANOW, _saved[-1])
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, current)
